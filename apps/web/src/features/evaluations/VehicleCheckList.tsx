/** ตรวจสภาพรถก่อนสอบ: course applications (ค้างชำระ by default) with their latest vehicle check. */
import type { ManageVehicleRow } from '@khabkhi/contracts';
import { Tag } from 'antd';
import { ListPage } from '../../components/ListPage';
import { MoneyText } from '../../components/MoneyText';
import { thaiDate } from '../../components/ThaiDate';
import { statusColor, VEHICLE_LIST } from './queries';

export default function VehicleCheckList() {
  return (
    <ListPage<ManageVehicleRow>
      title="ตรวจสภาพรถก่อนสอบ"
      subtitle="ตรวจรถที่ผู้เรียนใช้สอบ (รถของผู้เรียนหรือรถสอบของโรงเรียน) ภาษีและ พ.ร.บ. ต้องไม่หมดอายุก่อนวันสอบ"
      endpoint={VEHICLE_LIST}
      rowKey="application_id"
      filters={['branch', 'status', 'type', 'category']}
      filterLabels={{ status: 'สถานะการชำระ', type: 'ประเภทใบขับขี่', category: 'ผลตรวจสภาพรถ' }}
      filterDefaults={{ status: 'ค้างชำระ' }}
      search="ชื่อ เลขบัตรประชาชน เลขที่ใบสมัคร หรือเบอร์โทร"
      exportName="ตรวจสภาพรถ"
      detailPath={(r) => `/vehicle-checks/${r.application_id}`}
      columns={[
        { title: 'เลขที่ใบสมัคร', dataIndex: 'application_code', width: 170, responsive: ['xl'] },
        { title: 'ผู้เรียน', dataIndex: 'customer_name', ellipsis: true },
        { title: 'หลักสูตร', dataIndex: 'courses', ellipsis: true, width: 220 },
        { title: 'สาขา', dataIndex: 'branch_name', width: 140, ellipsis: true, responsive: ['xl'] },
        { title: 'วันสอบ', dataIndex: 'exam_date', width: 110, render: (v: string | null) => (v ? thaiDate(v) : '-') },
        {
          title: 'คงเหลือ',
          dataIndex: 'balance',
          width: 110,
          align: 'right',
          kind: 'money',
          render: (v: string) => <MoneyText value={v} />,
        },
        {
          title: 'สถานะ',
          dataIndex: 'status',
          width: 100,
          responsive: ['xl'],
          render: (v: string) => <Tag color={v === 'ค้างชำระ' ? 'orange' : 'green'}>{v}</Tag>,
          exportValue: (r) => r.status,
        },
        { title: 'ทะเบียนรถ', dataIndex: 'plate', width: 140, render: (v: string) => v || '-' },
        {
          title: 'ผลตรวจ',
          dataIndex: 'check_result_name',
          width: 100,
          render: (v: string, r) => (
            <Tag color={statusColor(v)} title={r.check_date ? `ตรวจเมื่อ ${thaiDate(r.check_date)}` : undefined}>
              {v}
            </Tag>
          ),
          exportValue: (r) => r.check_result_name,
        },
      ]}
    />
  );
}
