/** ยอดค้างชำระ — applications still owing, oldest first, with how long and whether the exam date has passed. */
import { Space, Tag } from 'antd';
import { ListPage } from '../../components/ListPage';
import { MoneyText } from '../../components/MoneyText';
import { ThaiDate } from '../../components/ThaiDate';
import { phoneText } from '../../components/phoneField';
import type { OverdueRow } from '@khabkhi/contracts';

/** the answer of the server, as packages/contracts declares it */
type Row = OverdueRow;

export default function OverdueList() {
  return (
    <ListPage<Row>
      title="ยอดค้างชำระ"
      subtitle="ใบสมัครที่ยังค้างชำระ เรียงจากค้างนานที่สุด คลิกเพื่อรับชำระ"
      endpoint="/application/getforoverdue"
      rowKey="application_id"
      filters={['branch', 'status', 'type']}
      filterDefaults={{ status: 'ค้างชำระ' }}
      filterLabels={{ type: 'ประเภทหลักสูตร' }}
      detailPath={(r) => `/paybalance/${r.application_id}`}
      exportName="ยอดค้างชำระ"
      summary={(res) =>
        res?.totals ? (
          <Space size="large" wrap data-testid="totals">
            <span>
              ยอดค้างรวม <MoneyText value={res.totals.balance} strong unit />
            </span>
            <span>
              รับแล้วเงินสด <MoneyText value={res.totals.cash} unit />
            </span>
            <span>
              รับแล้วเงินโอน <MoneyText value={res.totals.transfer} unit />
            </span>
          </Space>
        ) : null
      }
      columns={[
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
        {
          title: 'ค้างมาแล้ว',
          dataIndex: 'days',
          kind: 'number',
          render: (v: number) => <Tag color={v > 30 ? 'red' : v > 7 ? 'orange' : 'default'}>ค้าง {v} วัน</Tag>,
          exportValue: (r) => r.days,
        },
        { title: 'ผู้สมัคร', dataIndex: 'customer_name', wrap: 200 },
        {
          title: 'โทรศัพท์',
          dataIndex: 'phone_1',
          render: (v: string) => <span style={{ whiteSpace: 'nowrap' }}>{phoneText(v)}</span>,
          exportValue: (r) => phoneText(r.phone_1),
        },
        { title: 'หลักสูตร', dataIndex: 'course_names', wrap: 180 },
        {
          title: 'วันสอบ',
          dataIndex: 'exam_date',
          kind: 'date',
          render: (v: string | null, r) =>
            v ? (
              <span style={{ whiteSpace: 'nowrap' }}>
                <ThaiDate value={v} />
                {r.exam_passed && (
                  <Tag color="red" style={{ marginLeft: 6 }}>
                    เลยวันสอบ
                  </Tag>
                )}
              </span>
            ) : (
              '-'
            ),
        },
        { title: 'สาขา', dataIndex: 'branch_name', wrap: 160 },
        {
          title: 'ยอดสุทธิ',
          dataIndex: 'net',
          kind: 'money',
          fixed: 'right',
          render: (v: string) => <MoneyText value={v} />,
        },
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
      ]}
    />
  );
}
