/**
 * กำไร–ขาดทุน: per month of the period (default this year), income by source and expenses by category, the
 * month's totals and net, the period's totals as the last row; exported as .xlsx with the app's export helper.
 */
import { DownloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Select, Space, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useSearchParams } from 'react-router';
import type { ProfitLoss, ProfitLossRow } from '@khabkhi/contracts';
import { todayBangkok } from '@khabkhi/thai';
import { errorMessage } from '../../api/client';
import { MoneyText } from '../../components/MoneyText';
import { ThaiDatePicker } from '../../components/ThaiDatePicker';
import type { ExportColumn } from '../../components/exportRows';
import { accountingKeys, getProfitLoss } from './queries';
import { netLabel } from './rows';

const money = (v: string | undefined) => <MoneyText value={v ?? '0'} />;

/** The export's columns: month, each income source, total income, each category, total expenses, net. */
export function profitLossExportColumns(pl: Pick<ProfitLoss, 'columns'>): ExportColumn<ProfitLossRow>[] {
  return [
    { title: 'เดือน', value: (r) => r.label },
    ...pl.columns.income.map((c) => ({
      title: `รายรับ: ${c.name}`,
      value: (r: ProfitLossRow) => r.income[c.key],
      kind: 'money' as const,
    })),
    { title: 'รวมรายรับ', value: (r) => r.total_income, kind: 'money' },
    ...pl.columns.expenses.map((c) => ({
      title: `รายจ่าย: ${c.name}`,
      value: (r: ProfitLossRow) => r.expenses[c.key],
      kind: 'money' as const,
    })),
    { title: 'รวมรายจ่าย', value: (r) => r.total_expenses, kind: 'money' },
    { title: 'กำไร (ขาดทุน)', value: (r) => r.net, kind: 'money' },
  ];
}

export default function ProfitLossView() {
  const [params, setParams] = useSearchParams();
  const today = todayBangkok();
  const start = params.get('start') ?? `${today.slice(0, 4)}-01-01`;
  const end = params.get('end') ?? today;
  const branch = params.get('branch') ?? 'ทั้งหมด';
  const set = (k: string, v: string | null) => {
    const n = new URLSearchParams(params);
    if (v) n.set(k, v);
    else n.delete(k);
    setParams(n);
  };
  const q = useQuery({
    queryKey: accountingKeys.profitLossOf({ branch, start, end }),
    queryFn: () => getProfitLoss({ branch, start, end }),
  });
  const pl = q.data;
  const columns: ColumnsType<ProfitLossRow> = pl
    ? [
        {
          title: 'เดือน',
          dataIndex: 'label',
          fixed: 'left',
          width: 110,
          render: (v: string, r) => (r.key === 'total' ? <b>{v}</b> : v),
        },
        {
          title: 'รายรับ',
          children: [
            ...pl.columns.income.map((c) => ({
              title: c.name,
              key: `i-${c.key}`,
              align: 'right' as const,
              render: (_: unknown, r: ProfitLossRow) => money(r.income[c.key]),
            })),
            {
              title: 'รวมรายรับ',
              key: 'ti',
              align: 'right' as const,
              render: (_: unknown, r: ProfitLossRow) => <b>{money(r.total_income)}</b>,
            },
          ],
        },
        {
          title: 'รายจ่าย',
          children: [
            ...pl.columns.expenses.map((c) => ({
              title: c.name,
              key: `e-${c.key}`,
              align: 'right' as const,
              render: (_: unknown, r: ProfitLossRow) => money(r.expenses[c.key]),
            })),
            {
              title: 'รวมรายจ่าย',
              key: 'te',
              align: 'right' as const,
              render: (_: unknown, r: ProfitLossRow) => <b>{money(r.total_expenses)}</b>,
            },
          ],
        },
        {
          title: 'กำไร (ขาดทุน)',
          key: 'net',
          fixed: 'right',
          align: 'right',
          width: 140,
          render: (_: unknown, r) => {
            const n = netLabel(r.net);
            return (
              <b style={{ color: n.loss ? '#d9534f' : '#1f9d6b' }} title={n.label}>
                {n.loss ? <>({money(n.amount)})</> : money(n.amount)}
              </b>
            );
          },
        },
      ]
    : [];
  const exportRows = async () => {
    if (!pl) return;
    const { exportXlsx } = await import('../../components/exportRows');
    await exportXlsx([...pl.data, pl.totals], profitLossExportColumns(pl), 'กำไรขาดทุน');
  };
  const net = pl ? netLabel(pl.totals.net) : null;
  return (
    <Card
      title="บัญชี กำไร–ขาดทุน"
      extra={
        <Button icon={<DownloadOutlined />} disabled={!pl} onClick={() => void exportRows()} data-testid="pl-export">
          ส่งออก Excel
        </Button>
      }
    >
      <Typography.Paragraph type="secondary">
        รายรับ (รับชำระ หักคืนเงิน และรายรับอื่น) ลบรายจ่ายตามหมวดหมู่ ของแต่ละเดือนในช่วงที่เลือก — ตัวเลขเดียวกับแท็บรายรับและรายจ่าย
      </Typography.Paragraph>
      <Space wrap style={{ marginBottom: 12 }}>
        <Select
          style={{ minWidth: 200 }}
          value={branch}
          aria-label="สาขา"
          onChange={(v) => set('branch', String(v))}
          options={(pl?.filter.branch ?? [{ value: 'ทั้งหมด', name: 'ทั้งหมด' }]).map((o) => ({
            value: String(o.value),
            label: o.value === 'ทั้งหมด' ? 'ทุกสาขา' : o.name,
          }))}
        />
        <span>ตั้งแต่</span>
        <ThaiDatePicker value={start} allowClear={false} onChange={(v) => set('start', v)} data-testid="pl-start" />
        <span>ถึง</span>
        <ThaiDatePicker value={end} allowClear={false} onChange={(v) => set('end', v)} data-testid="pl-end" />
      </Space>
      {q.error && <Alert type="error" showIcon message={errorMessage(q.error)} style={{ marginBottom: 12 }} />}
      {net && (
        <Typography.Title level={5} data-testid="pl-net" style={{ color: net.loss ? '#d9534f' : '#1f9d6b' }}>
          {net.label}ของช่วงนี้ {money(net.amount)} บาท
        </Typography.Title>
      )}
      <Table<ProfitLossRow>
        data-testid="pl-table"
        size="small"
        bordered
        loading={q.isLoading}
        rowKey="key"
        pagination={false}
        scroll={{ x: 'max-content' }}
        columns={columns}
        dataSource={pl ? [...pl.data, pl.totals] : []}
        rowClassName={(r) => (r.key === 'total' ? 'pl-total' : '')}
      />
    </Card>
  );
}
