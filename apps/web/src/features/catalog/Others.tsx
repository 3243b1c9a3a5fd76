import { Tag } from 'antd';
import { useSession } from '../../api/useSession';
import { CrudDetail } from '../../components/CrudDetail';
import { ListPage } from '../../components/ListPage';
import { MoneyText } from '../../components/MoneyText';
import { ActiveTag, ACTIVE_OPTIONS, toField, useBranchFieldOptions } from './shared';
import { useCourseTypes, useEvaluateLists, useExpenseLists, usePayrollLists } from './queries';
import type { EvaluateRow, ExpenseItemRow, PayrollItemRow } from '@khabkhi/contracts';

// ---- expense items -------------------------------------------------------
type Expense = ExpenseItemRow;

export function ExpenseList() {
  const { can } = useSession();
  return (
    <ListPage<Expense>
      title="รายการค่าใช้จ่าย"
      subtitle="รายการที่ใช้บันทึกรายจ่ายของโรงเรียน แยกตามหมวดหมู่"
      endpoint="/list-expenses/gettable"
      rowKey="list_expenses_id"
      filters={['branch', 'status', 'category']}
      addButton={can('create', 'ListExpense') ? { to: '/list-expenses/new', label: 'เพิ่มรายการค่าใช้จ่าย' } : undefined}
      detailPath={(r) => `/list-expenses/${r.list_expenses_id}`}
      exportName="รายการค่าใช้จ่าย"
      columns={[
        { title: 'ชื่อรายการ', dataIndex: 'name', wrap: 260 },
        { title: 'หมวดหมู่', dataIndex: 'category' },
        { title: 'ประเภท', dataIndex: 'type' },
        { title: 'สาขา', dataIndex: 'branch_name' },
        {
          title: 'สถานะ',
          dataIndex: 'status_name',
          render: (v: string, r: Expense) => <Tag color={r.status === 'active' ? 'green' : 'default'}>{v}</Tag>,
          exportValue: (r) => r.status_name,
        },
      ]}
    />
  );
}

export function ExpenseDetail() {
  const lists = useExpenseLists();
  const branches = useBranchFieldOptions();
  const cats = (lists.data?.category ?? []).flatMap((p) => [
    { label: p.name, value: p.value },
    ...p.children.map((c) => ({ label: `${p.name} / ${c.name}`, value: c.value })),
  ]);
  return (
    <CrudDetail
      prefix="list-expenses"
      idKey="list_expenses_id"
      subject="ListExpense"
      listPath="/list-expenses"
      noun="รายการค่าใช้จ่าย"
      branched
      branchOptions={branches}
      titleOf={(r) => r.name}
      fields={[
        { name: 'name', label: 'ชื่อรายการ', kind: 'text', required: true, span: 12 },
        { name: 'category_id', label: 'หมวดหมู่', kind: 'select', required: true, options: cats, span: 12 },
        { name: 'type', label: 'ประเภท', kind: 'text', span: 8, placeholder: 'เช่น ค่าใช้จ่ายคงที่' },
        {
          name: 'status',
          label: 'สถานะ',
          kind: 'select',
          options: toField(lists.data?.status),
          initial: 'active',
          span: 8,
        },
        { name: 'detail', label: 'รายละเอียด', kind: 'textarea', span: 24 },
      ]}
    />
  );
}

// ---- payroll items ---------------------------------------------------------
type Payroll = PayrollItemRow;

export function PayrollItemList() {
  const { can } = useSession();
  return (
    <ListPage<Payroll>
      title="รายการเงินเดือน"
      subtitle="รายได้และรายการหักที่ใช้คำนวณเงินเดือนพนักงาน"
      endpoint="/list-payroll/gettable"
      rowKey="list_payroll_id"
      filters={['branch', 'status', 'type']}
      addButton={can('create', 'ListPayroll') ? { to: '/list-payroll/new', label: 'เพิ่มรายการเงินเดือน' } : undefined}
      detailPath={(r) => `/list-payroll/${r.list_payroll_id}`}
      exportName="รายการเงินเดือน"
      columns={[
        { title: 'ชื่อรายการ', dataIndex: 'name', wrap: 260 },
        {
          title: 'ประเภท',
          dataIndex: 'type_name',
          render: (v: string, r: Payroll) => <Tag color={r.type === 'income' ? 'green' : 'volcano'}>{v}</Tag>,
          exportValue: (r) => r.type_name,
        },
        { title: 'หมวดหมู่', dataIndex: 'category_name' },
        { title: 'เงื่อนไข', dataIndex: 'condition_name' },
        {
          title: 'อัตรา',
          dataIndex: 'value',
          align: 'right',
          render: (v: string, r: Payroll) => (
            <>
              <MoneyText value={v} /> {r.title_value}
            </>
          ),
          exportValue: (r) => `${r.value} ${r.title_value}`,
        },
        { title: 'สาขา', dataIndex: 'branch_name' },
        {
          title: 'สถานะ',
          dataIndex: 'status',
          render: (v: string) => (
            <Tag color={v === 'active' ? 'green' : 'default'}>{v === 'active' ? 'ใช้งาน' : 'ไม่ใช้งาน'}</Tag>
          ),
          exportValue: (r) => (r.status === 'active' ? 'ใช้งาน' : 'ไม่ใช้งาน'),
        },
      ]}
    />
  );
}

export function PayrollItemDetail() {
  const lists = usePayrollLists();
  const branches = useBranchFieldOptions();
  return (
    <CrudDetail
      prefix="list-payroll"
      idKey="list_payroll_id"
      subject="ListPayroll"
      listPath="/list-payroll"
      noun="รายการเงินเดือน"
      branched
      branchOptions={branches}
      titleOf={(r) => r.name}
      fields={[
        { name: 'name', label: 'ชื่อรายการ', kind: 'text', required: true, span: 12 },
        {
          name: 'type',
          label: 'ประเภท',
          kind: 'select',
          options: toField(lists.data?.type),
          initial: 'income',
          span: 6,
        },
        {
          name: 'category',
          label: 'หมวดหมู่ (รายได้)',
          kind: 'select',
          options: toField(lists.data?.category_income),
          span: 6,
          visible: (v) => v.type !== 'deduction',
        },
        {
          name: 'category',
          label: 'หมวดหมู่ (รายการหัก)',
          kind: 'select',
          options: toField(lists.data?.category_deduction),
          span: 6,
          visible: (v) => v.type === 'deduction',
        },
        {
          name: 'condition',
          label: 'เงื่อนไขการคำนวณ',
          kind: 'select',
          options: toField(lists.data?.condition),
          initial: 'fill',
          span: 6,
        },
        { name: 'value', label: 'อัตรา/มูลค่าตั้งต้น', kind: 'money', span: 6, initial: '0' },
        {
          name: 'title_value',
          label: 'หน่วย',
          kind: 'select',
          options: toField(lists.data?.title_value),
          initial: 'บาท/เดือน',
          span: 6,
        },
        {
          name: 'status',
          label: 'สถานะ',
          kind: 'select',
          options: toField(lists.data?.status),
          initial: 'active',
          span: 6,
        },
      ]}
    />
  );
}

// ---- evaluation criteria -----------------------------------------------------
type Evaluate = EvaluateRow;

export function EvaluateList() {
  const { can } = useSession();
  return (
    <ListPage<Evaluate>
      title="หัวข้อการประเมิน"
      subtitle="หัวข้อที่ครูฝึกใช้ประเมินผู้เรียน แยกตามประเภทใบขับขี่"
      endpoint="/evaluate/gettable"
      rowKey="evaluate_id"
      filters={['status', 'type', 'category']}
      filterLabels={{ type: 'ประเภทหลักสูตร' }}
      addButton={can('create', 'Evaluate') ? { to: '/evaluates/new', label: 'เพิ่มหัวข้อ' } : undefined}
      detailPath={(r) => `/evaluates/${r.evaluate_id}`}
      exportName="หัวข้อการประเมิน"
      columns={[
        { title: 'หัวข้อ', dataIndex: 'title' },
        { title: 'หมวด', dataIndex: 'category_name' },
        { title: 'ประเภทหลักสูตร', dataIndex: 'type' },
        {
          title: 'สถานะ',
          dataIndex: 'is_activate',
          render: (v: boolean) => <ActiveTag value={v} />,
          exportValue: (r) => (r.is_activate ? 'เปิดใช้งาน' : 'ปิดใช้งาน'),
        },
      ]}
    />
  );
}

export function EvaluateDetail() {
  const lists = useEvaluateLists();
  const types = useCourseTypes();
  return (
    <CrudDetail
      prefix="evaluate"
      idKey="evaluate_id"
      subject="Evaluate"
      listPath="/evaluates"
      noun="หัวข้อการประเมิน"
      titleOf={(r) => r.title}
      fields={[
        { name: 'title', label: 'หัวข้อ', kind: 'text', required: true, span: 24 },
        {
          name: 'category',
          label: 'หมวด',
          kind: 'select',
          required: true,
          options: toField(lists.data?.category),
          span: 8,
        },
        {
          name: 'type',
          label: 'ประเภทหลักสูตร',
          kind: 'select',
          required: true,
          options: (types.data ?? []).map((t) => ({ label: t, value: t })),
          span: 8,
        },
        { name: 'is_activate', label: 'สถานะ', kind: 'select', options: ACTIVE_OPTIONS, initial: true, span: 8 },
      ]}
    />
  );
}
