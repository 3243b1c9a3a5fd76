import { Tag } from 'antd';
import { formatBaht, todayBangkok } from '@khabkhi/thai';
import { useSession } from '../../api/useSession';
import { CrudDetail } from '../../components/CrudDetail';
import { ListPage } from '../../components/ListPage';
import { ThaiDate } from '../../components/ThaiDate';
import { ACTIVE_OPTIONS, useBranchFieldOptions } from './shared';
import { useCourseTypes } from './queries';
import { useCatalogScope } from './scope';
import { promotionState } from './promotionState';
import type { PromotionRow } from '@khabkhi/contracts';

type Promotion = PromotionRow;

const discountText = (r: Promotion) => (r.type_discount === 'amount' ? `${formatBaht(r.value)} บาท` : `${r.value}%`);

export function PromotionList() {
  const { can } = useSession();
  return (
    <ListPage<Promotion>
      title="โปรโมชั่น/ส่วนลด"
      subtitle="รหัสส่วนลดที่พนักงานใช้ตอนสมัครเรียน"
      endpoint="/promotion/gettable"
      rowKey="promotion_id"
      filters={['branch', 'status', 'type']}
      filterLabels={{ type: 'ใช้กับประเภท' }}
      addButton={can('create', 'Promotion') ? { to: '/promotions/new', label: 'เพิ่มโปรโมชั่น' } : undefined}
      detailPath={(r) => `/promotions/${r.promotion_id}`}
      exportName="โปรโมชั่น"
      columns={[
        {
          title: 'รหัส',
          dataIndex: 'code',
          render: (v: string) => <Tag color="blue">{v}</Tag>,
          exportValue: (r) => r.code,
        },
        { title: 'ชื่อโปรโมชั่น', dataIndex: 'name', wrap: 260 },
        {
          title: 'ส่วนลด',
          key: 'discount',
          align: 'right',
          render: (_: unknown, r: Promotion) => discountText(r),
          exportValue: discountText,
        },
        { title: 'ใช้กับ', dataIndex: 'type' },
        { title: 'เริ่ม', dataIndex: 'start', render: (v: string) => <ThaiDate value={v} /> },
        { title: 'สิ้นสุด', dataIndex: 'end', render: (v: string) => <ThaiDate value={v} /> },
        {
          title: 'ใช้แล้ว/สิทธิ์',
          key: 'usage',
          align: 'right',
          render: (_: unknown, r: Promotion) => (r.is_unlimit ? `${r.usage} / ไม่จำกัด` : `${r.usage} / ${r.limit}`),
          exportValue: (r) => (r.is_unlimit ? `${r.usage}/ไม่จำกัด` : `${r.usage}/${r.limit}`),
        },
        { title: 'สาขา', dataIndex: 'branch_name' },
        {
          title: 'สถานะ',
          dataIndex: 'is_activate',
          render: (_: boolean, r: Promotion) => <PromotionStateTag row={r} />,
          exportValue: (r) => promotionState(r, todayBangkok()).label,
        },
      ]}
    />
  );
}

function PromotionStateTag({ row }: { row: Promotion }) {
  const s = promotionState(row, todayBangkok());
  return <Tag color={s.color}>{s.label}</Tag>;
}

export function PromotionDetail() {
  const types = useCourseTypes();
  const branches = useBranchFieldOptions();
  const custom = useCatalogScope(branches, false);
  return (
    <CrudDetail
      prefix="promotion"
      idKey="promotion_id"
      subject="Promotion"
      listPath="/promotions"
      noun="โปรโมชั่น"
      branched
      branchOptions={branches}
      custom={custom}
      titleOf={(r) => `${r.code} · ${r.name}`}
      fields={[
        {
          name: 'code',
          label: 'รหัสส่วนลด',
          kind: 'text',
          required: true,
          span: 6,
          normalize: (v: string) => v.toUpperCase(),
          placeholder: 'เช่น NEWYEAR10',
          rules: [{ pattern: /^[A-Za-z0-9_-]{2,30}$/, message: 'รหัสเป็นอักษรอังกฤษ ตัวเลข - หรือ _ ยาว 2–30 ตัว' }],
        },
        { name: 'name', label: 'ชื่อโปรโมชั่น', kind: 'text', required: true, span: 12 },
        {
          name: 'type',
          label: 'ใช้กับประเภทหลักสูตร',
          kind: 'select',
          options: ['ทั้งหมด', ...(types.data ?? [])].map((t) => ({ label: t, value: t })),
          initial: 'ทั้งหมด',
          span: 6,
        },
        {
          name: 'type_discount',
          label: 'รูปแบบส่วนลด',
          kind: 'select',
          options: [
            { label: 'เปอร์เซ็นต์ (%)', value: 'percent' },
            { label: 'จำนวนเงิน (บาท)', value: 'amount' },
          ],
          initial: 'percent',
          span: 6,
        },
        {
          name: 'value',
          label: 'มูลค่าส่วนลด',
          kind: 'money',
          required: true,
          span: 6,
          help: 'เปอร์เซ็นต์ 0–100 หรือจำนวนเงินเป็นบาท ตามรูปแบบส่วนลด',
          suffix: (v) => (v.type_discount === 'amount' ? 'บาท' : '%'),
        },
        { name: 'start', label: 'วันเริ่มต้น', kind: 'date', required: true, span: 6 },
        { name: 'end', label: 'วันสิ้นสุด', kind: 'date', required: true, span: 6 },
        { name: 'is_unlimit', label: 'ไม่จำกัดจำนวนสิทธิ์', kind: 'switch', initial: false, span: 6 },
        { name: 'limit', label: 'จำนวนสิทธิ์', kind: 'int', span: 6, initial: 100, visible: (v) => !v.is_unlimit },
        { name: 'usage', label: 'ใช้ไปแล้ว (นับโดยระบบ)', kind: 'readonly', span: 6, display: true },
        { name: 'is_activate', label: 'สถานะ', kind: 'select', options: ACTIVE_OPTIONS, initial: true, span: 6 },
        { name: 'detail', label: 'รายละเอียด/เงื่อนไข', kind: 'textarea', span: 24 },
      ]}
    />
  );
}
