import { Tag } from 'antd';
import { useSession } from '../../api/useSession';
import { CrudDetail } from '../../components/CrudDetail';
import { useCatalogScope } from './scope';
import { ListPage } from '../../components/ListPage';
import { MoneyText } from '../../components/MoneyText';
import { ActiveTag, ACTIVE_OPTIONS, useBranchFieldOptions } from './shared';
import type { OtherFeeRow } from '@khabkhi/contracts';

type Fee = OtherFeeRow;

export function OtherFeeList() {
  const { can } = useSession();
  return (
    <ListPage<Fee>
      title="ค่าธรรมเนียมอื่นและค่าคำร้อง"
      subtitle="ค่าเช่ารถสอบ ใบรับรองแพทย์ ค่าธรรมเนียมใบขับขี่ และค่าคำร้องหลังสมัคร"
      endpoint="/otherfee/gettable"
      rowKey="other_fee_id"
      filters={['branch', 'status', 'type']}
      filterLabels={{ type: 'ชนิด' }}
      addButton={can('create', 'OtherFee') ? { to: '/otherfees/new', label: 'เพิ่มค่าธรรมเนียม' } : undefined}
      detailPath={(r) => `/otherfees/${r.other_fee_id}`}
      exportName="ค่าธรรมเนียม"
      columns={[
        { title: 'ชื่อรายการ', dataIndex: 'name', wrap: 260 },
        {
          title: 'ชนิด',
          dataIndex: 'is_request_fee',
          render: (v: boolean) => (v ? <Tag color="purple">ค่าคำร้อง</Tag> : <Tag color="cyan">ค่าธรรมเนียมอื่น</Tag>),
          exportValue: (r) => (r.is_request_fee ? 'ค่าคำร้อง' : 'ค่าธรรมเนียมอื่น'),
        },
        { title: 'ราคา (บาท)', dataIndex: 'price', kind: 'money', render: (v: string) => <MoneyText value={v} /> },
        { title: 'สาขา', dataIndex: 'branch_name' },
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

export function OtherFeeDetail() {
  const branches = useBranchFieldOptions();
  const custom = useCatalogScope(branches, true);
  return (
    <CrudDetail
      prefix="otherfee"
      idKey="other_fee_id"
      subject="OtherFee"
      listPath="/otherfees"
      noun="ค่าธรรมเนียม"
      branched
      branchOptions={branches}
      custom={{
        ...custom,
        // lesson hours are a request fee's: cleared when it is not one (or no part is chosen)
        toBody: (v) => {
          const part = v.is_request_fee && v.lesson_part ? v.lesson_part : null;
          return { ...custom.toBody(v), lesson_part: part, lesson_hours: part ? (v.lesson_hours ?? null) : null };
        },
      }}
      titleOf={(r) => r.name}
      fields={[
        { name: 'name', label: 'ชื่อรายการ', kind: 'text', required: true, span: 12 },
        { name: 'price', label: 'ราคา', kind: 'money', required: true, span: 6 },
        {
          name: 'is_request_fee',
          label: 'เป็นค่าคำร้อง (เปลี่ยนวันสอบ ออกใบรับรองใหม่ ต่ออายุสิทธิ์สอบ)',
          kind: 'switch',
          initial: false,
          span: 12,
        },
        {
          name: 'lesson_part',
          label: 'ขายชั่วโมงเรียนเพิ่ม',
          kind: 'select',
          options: [
            { label: 'ไม่ใช่ชั่วโมงเรียน', value: '' },
            { label: 'ชั่วโมงภาคปฏิบัติ', value: 'practice' },
            { label: 'ชั่วโมงภาคทฤษฎี', value: 'theory' },
          ],
          initial: '',
          span: 6,
          visible: (v) => Boolean(v.is_request_fee),
          help: 'ชำระครบแล้ว ชั่วโมงจะเพิ่มให้หลักสูตรของใบสมัครที่ยื่นคำร้อง และจองเรียนได้',
        },
        {
          name: 'lesson_hours',
          label: 'จำนวนชั่วโมง',
          kind: 'int',
          required: true,
          span: 6,
          visible: (v) => Boolean(v.is_request_fee && v.lesson_part),
        },
        { name: 'is_activate', label: 'สถานะ', kind: 'select', options: ACTIVE_OPTIONS, initial: true, span: 6 },
        { name: 'detail', label: 'รายละเอียด', kind: 'textarea', span: 24 },
      ]}
    />
  );
}
