import { formatNationalId } from '@khabkhi/thai';
import { Space, Tag } from 'antd';
import { useSession } from '../../api/useSession';
import { ListPage, type ListColumn } from '../../components/ListPage';
import { MoneyText } from '../../components/MoneyText';
import { ThaiDate } from '../../components/ThaiDate';
import { STATUS_COLORS, type ApplicationRow } from './api';
import { phoneText } from '../../components/phoneField';
import { applicationListSource, payBalanceListSource } from './lists';

// money stays on screen at every width (fixed right); long names and course lists wrap within their column
const columns: ListColumn<ApplicationRow>[] = [
  {
    title: 'เลขที่ใบสมัคร',
    dataIndex: 'application_code',
    render: (v: string) => <span style={{ whiteSpace: 'nowrap' }}>{v}</span>,
  },
  {
    title: 'วันที่สมัคร',
    dataIndex: 'createdAt',
    kind: 'date',
    render: (v: string) => (
      <span style={{ whiteSpace: 'nowrap' }}>
        <ThaiDate value={v} />
      </span>
    ),
  },
  { title: 'ผู้สมัคร', dataIndex: 'customer_name', wrap: 200 },
  {
    title: 'เลขบัตรประชาชน',
    dataIndex: 'idcard',
    render: (v: string) => <span style={{ whiteSpace: 'nowrap' }}>{formatNationalId(v)}</span>,
  },
  {
    title: 'โทรศัพท์',
    dataIndex: 'phone_1',
    render: (v: string) => <span style={{ whiteSpace: 'nowrap' }}>{phoneText(v)}</span>,
    exportValue: (r: ApplicationRow) => phoneText(r.phone_1),
  },
  { title: 'หลักสูตร', dataIndex: 'course_names', wrap: 200 },
  {
    title: 'สถานะ',
    dataIndex: 'status',
    render: (v: string) => <Tag color={STATUS_COLORS[v] ?? 'blue'}>{v}</Tag>,
    exportValue: (r) => r.status,
  },
  { title: 'สาขา', dataIndex: 'branch_name', wrap: 160 },
  { title: 'ยอดสุทธิ', dataIndex: 'net', kind: 'money', fixed: 'right', render: (v: string) => <MoneyText value={v} /> },
  {
    title: 'ชำระแล้ว',
    dataIndex: 'paid',
    kind: 'money',
    fixed: 'right',
    render: (v: string) => <MoneyText value={v} />,
  },
  {
    title: 'คงเหลือ',
    dataIndex: 'balance',
    kind: 'money',
    fixed: 'right',
    render: (v: string, r: { due?: string }) => <MoneyText value={r.due ?? v} strong />,
    exportValue: (r: { due?: string; balance: string }) => r.due ?? r.balance,
  },
];

export default function ApplicationList() {
  const { can } = useSession();
  return (
    <ListPage<ApplicationRow>
      title="รายการสมัครเรียน"
      subtitle="ใบสมัครเรียนทั้งหมด ค้นหาได้ด้วยชื่อ เลขบัตรประชาชน เบอร์โทร หรือเลขที่ใบสมัคร"
      {...applicationListSource}
      rowKey="application_id"
      search="ชื่อ เลขบัตรประชาชน เบอร์โทร หรือเลขที่ใบสมัคร"
      addButton={can('create', 'Application') ? { to: '/applications/new', label: 'สมัครเรียน' } : undefined}
      detailPath={(r) => `/applications/${r.application_id}`}
      exportName="รายการสมัครเรียน"
      columns={columns}
    />
  );
}

export function PayBalanceList() {
  return (
    <ListPage<ApplicationRow>
      title="ชำระยอดคงเหลือ"
      subtitle="ใบสมัครที่ยังค้างชำระ เลือกรายการเพื่อรับชำระ"
      {...payBalanceListSource}
      rowKey="application_id"
      search="ชื่อ เลขบัตรประชาชน เบอร์โทร หรือเลขที่ใบสมัคร"
      summary={(res) =>
        res?.totals ? (
          <Space size="large" wrap data-testid="totals">
            <span>
              รับเงินสดแล้ว <MoneyText value={res.totals.cash} strong unit />
            </span>
            <span>
              รับเงินโอนแล้ว <MoneyText value={res.totals.transfer} strong unit />
            </span>
            <span>
              ยอดคงเหลือรวม <MoneyText value={res.totals.balance} strong unit />
            </span>
          </Space>
        ) : null
      }
      detailPath={(r) => `/paybalance/${r.application_id}`}
      exportName="ชำระยอดคงเหลือ"
      columns={columns}
    />
  );
}
