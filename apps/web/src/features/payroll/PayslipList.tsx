/** Issued payslips (every version; a reissue after a reopen supersedes the earlier one). */
import { FilePdfOutlined } from '@ant-design/icons';
import { Button, Tag } from 'antd';
import { ListPage, type ListColumn } from '../../components/ListPage';
import { MoneyText } from '../../components/MoneyText';
import { ThaiDate } from '../../components/ThaiDate';
import type { Static } from 'typebox';
import type { PayslipRow } from '@khabkhi/contracts';
import { openPayslip } from './queries';

type Row = Static<typeof PayslipRow>;
const open = openPayslip;
const columns: ListColumn<Row>[] = [
  { title: 'เดือน', dataIndex: 'month_name' },
  { title: 'พนักงาน', dataIndex: 'user_name' },
  { title: 'สาขา', dataIndex: 'branch_name' },
  {
    title: 'ฉบับที่',
    dataIndex: 'version',
    render: (v: number, r) => (
      <>
        {v} {r.is_current ? <Tag color="green">ฉบับปัจจุบัน</Tag> : <Tag>ถูกแทนที่</Tag>}
      </>
    ),
  },
  { title: 'สุทธิ', dataIndex: 'net', kind: 'money', align: 'right', render: (v: string) => <MoneyText value={v} /> },
  {
    title: 'ออกเมื่อ',
    dataIndex: 'createdAt',
    kind: 'date',
    render: (v: string) => <ThaiDate value={v} variant="datetime" />,
  },
  {
    title: 'PDF',
    key: 'pdf',
    noExport: true,
    render: (_: unknown, r) => (
      <Button
        size="small"
        icon={<FilePdfOutlined />}
        onClick={(e) => {
          e.stopPropagation();
          void open(r.payslip_id);
        }}
      >
        เปิดสลิป
      </Button>
    ),
  },
];

export default function PayslipList() {
  return (
    <ListPage<Row>
      title="สลิปเงินเดือน"
      subtitle="สลิปเงินเดือนที่ออกเมื่อเงินเดือนได้รับอนุมัติ"
      endpoint="/payroll/payslip/gettable"
      rowKey="payslip_id"
      columns={columns}
      filters={['branch', 'month']}
      filterLabels={{ month: 'เดือน' }}
      search="ค้นหาชื่อพนักงาน"
      exportName="สลิปเงินเดือน"
    />
  );
}
