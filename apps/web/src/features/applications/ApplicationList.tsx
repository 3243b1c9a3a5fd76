import { formatNationalId } from '@khabkhi/thai';
import { Space, Tag } from 'antd';
import { useSession } from '../../app/useSession';
import { ListPage } from '../../components/ListPage';
import { MoneyText } from '../../components/MoneyText';
import { ThaiDate } from '../../components/ThaiDate';
import { STATUS_COLORS, type ApplicationRow } from './api';

const columns = [
  { title: 'เลขที่ใบสมัคร', dataIndex: 'application_code' },
  { title: 'วันที่สมัคร', dataIndex: 'createdAt', render: (v: string) => <ThaiDate value={v} />, exportValue: (r: ApplicationRow) => r.createdAt.slice(0, 10) },
  { title: 'ผู้สมัคร', dataIndex: 'customer_name' },
  { title: 'เลขบัตรประชาชน', dataIndex: 'idcard', render: (v: string) => <span style={{ whiteSpace: 'nowrap' }}>{formatNationalId(v)}</span> },
  { title: 'โทรศัพท์', dataIndex: 'phone_1' },
  { title: 'หลักสูตร', dataIndex: 'course_names' },
  { title: 'ยอดสุทธิ', dataIndex: 'net', align: 'right' as const, render: (v: string) => <MoneyText value={v} /> },
  { title: 'ชำระแล้ว', dataIndex: 'paid', align: 'right' as const, render: (v: string) => <MoneyText value={v} /> },
  { title: 'คงเหลือ', dataIndex: 'balance', align: 'right' as const, render: (v: string) => <MoneyText value={v} strong /> },
  { title: 'สถานะ', dataIndex: 'status', render: (v: string) => <Tag color={STATUS_COLORS[v] ?? 'blue'}>{v}</Tag>, exportValue: (r: ApplicationRow) => r.status },
  { title: 'สาขา', dataIndex: 'branch_name' },
];

export default function ApplicationList() {
  const { can } = useSession();
  return (
    <ListPage<ApplicationRow>
      title="รายการสมัครเรียน" subtitle="ใบสมัครเรียนทั้งหมด ค้นหาได้ด้วยชื่อ เลขบัตรประชาชน เบอร์โทร หรือเลขที่ใบสมัคร"
      endpoint="/application/gettable" rowKey="application_id" filters={['branch', 'status', 'type']} filterLabels={{ type: 'ประเภทหลักสูตร' }}
      search="ชื่อ เลขบัตรประชาชน เบอร์โทร หรือเลขที่ใบสมัคร"
      addButton={can('create', 'Application') ? { to: '/applications/new', label: 'สมัครเรียน' } : undefined}
      detailPath={(r) => `/applications/${r.application_id}`} exportName="รายการสมัครเรียน" columns={columns}
    />
  );
}

export function PayBalanceList() {
  return (
    <ListPage<ApplicationRow>
      title="ชำระยอดคงเหลือ" subtitle="ใบสมัครที่ยังค้างชำระ เลือกรายการเพื่อรับชำระ"
      endpoint="/application/getforoutstandingBalance" rowKey="application_id" filters={['branch', 'status', 'type']} filterLabels={{ type: 'ประเภทหลักสูตร' }}
      filterDefaults={{ status: 'ค้างชำระ' }}
      search="ชื่อ เลขบัตรประชาชน เบอร์โทร หรือเลขที่ใบสมัคร"
      summary={(res) => res?.totals ? (
        <Space size="large" wrap data-testid="totals">
          <span>รับเงินสดแล้ว <MoneyText value={res.totals.cash} strong unit /></span>
          <span>รับเงินโอนแล้ว <MoneyText value={res.totals.transfer} strong unit /></span>
          <span>ยอดคงเหลือรวม <MoneyText value={res.totals.balance} strong unit /></span>
        </Space>
      ) : null}
      detailPath={(r) => `/paybalance/${r.application_id}`} exportName="ชำระยอดคงเหลือ" columns={columns}
    />
  );
}
