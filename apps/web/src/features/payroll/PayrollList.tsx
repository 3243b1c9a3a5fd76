/** Payroll list: branch × month with its state and totals; a row opens the branch-month's sheet. */
import { FormOutlined } from '@ant-design/icons';
import { Button, Tag } from 'antd';
import { Link } from 'react-router';
import { ListPage, type ListColumn } from '../../components/ListPage';
import { MoneyText } from '../../components/MoneyText';
import { useSession } from '../../api/useSession';
import { STATE_COLORS, thisMonth, type PayrollRow } from './queries';
import { WorkflowSettings } from './WorkflowSettings';

const money = (title: string, key: keyof PayrollRow): ListColumn<PayrollRow> => ({
  title,
  dataIndex: key,
  kind: 'money',
  align: 'right',
  render: (v: string) => <MoneyText value={v} />,
});
const columns: ListColumn<PayrollRow>[] = [
  { title: 'เดือน', dataIndex: 'month_name' },
  { title: 'สาขา', dataIndex: 'branch_name' },
  {
    title: 'สถานะ',
    dataIndex: 'status_name',
    render: (v: string, r) => (
      <Tag color={STATE_COLORS[r.status]}>
        {v}
        {r.version > 1 ? ` (ฉบับที่ ${r.version})` : ''}
      </Tag>
    ),
  },
  { title: 'พนักงาน', dataIndex: 'employees', align: 'right' },
  money('เงินเดือน', 'salary'),
  money('รายได้อื่น', 'income'),
  money('รายการหัก', 'deduction'),
  money('ประกันสังคม', 'sso_employee'),
  money('ภาษี', 'tax'),
  money('สุทธิ', 'net'),
];

export default function PayrollList() {
  const { can } = useSession();
  return (
    <>
      <ListPage<PayrollRow>
        title="เงินเดือน"
        subtitle="รอบเงินเดือนของแต่ละสาขาและเดือน: ฝ่ายบุคคลจัดทำและส่งตรวจ ผู้จัดการสาขายืนยัน เจ้าของกิจการอนุมัติ (ตั้งค่าผู้รับผิดชอบแต่ละขั้นได้ด้านล่าง)"
        endpoint="/payroll/gettable"
        rowKey="payroll_id"
        columns={columns}
        filters={['branch', 'status', 'month']}
        filterLabels={{ month: 'เดือน' }}
        search={false}
        detailPath={(r) => `/payroll/sheet?branch=${r.branch_id}&month=${r.month}`}
        extra={
          <Link to={`/payroll/sheet?month=${thisMonth()}`}>
            <Button type="primary" icon={<FormOutlined />}>
              จัดทำเงินเดือนเดือนนี้
            </Button>
          </Link>
        }
        exportName="เงินเดือน"
      />
      {can('manage', 'Setting') && <WorkflowSettings />}
    </>
  );
}
