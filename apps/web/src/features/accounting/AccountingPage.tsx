/**
 * บัญชี รายรับ–รายจ่าย: two tabs on the one ListPage. Income = the payments and refunds of applications (read-only,
 * each linking to its application) + other incomes typed here; expenses = the expense records. Each tab answers the
 * period's chart (columns per day or month, a donut, totals) and prints the period's report.
 */
import { DeleteOutlined, EditOutlined, PaperClipOutlined, PlusOutlined, PrinterOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Col, Popconfirm, Row, Skeleton, Space, Statistic, Tabs, Tag } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { Chart, ExpenseRow, IncomeRow } from '@khabkhi/contracts';
import { todayBangkok } from '@khabkhi/thai';
import { errorMessage } from '../../api/client';
import { useSession } from '../../api/useSession';
import { ListPage, type ListResult } from '../../components/ListPage';
import { formatMoney, MoneyText } from '../../components/MoneyText';
import { ResultBanner, type BannerState } from '../../components/ResultBanner';
import { ThaiDate } from '../../components/ThaiDate';
import { IncomeFormModal } from './IncomeFormModal';
import { accountingKeys, deleteIncome, EXPENSES_TABLE, INCOME_TABLE, printReport } from './queries';
import { applicationPath, netLabel, reportBody } from './rows';

const AccountingCharts = lazy(() => import('./Charts'));
const ProfitLossView = lazy(() => import('./ProfitLossView'));

/** The expense form of the expenses feature (also opened from a vehicle), loaded when first opened. */
const ExpenseFormModal = lazy(() => import('../expenses/ExpenseFormModal'));

const PAY = { cash: 'เงินสด', transfer: 'โอนเงิน' } as Record<string, string>;
const SOURCE_COLOR: Record<string, string> = { course: 'blue', fee: 'cyan', request: 'purple', other: 'green' };

type WithChart<T> = ListResult<T> & { chart?: Chart };

function Totals({ chart }: { chart?: Chart }) {
  if (!chart) return <Skeleton active paragraph={{ rows: 1 }} />;
  const net = netLabel(chart.net);
  return (
    <Row gutter={12} data-testid="accounting-totals">
      {(
        [
          ['รายรับสุทธิ', chart.total_income, '#1f9d6b'],
          ['รายจ่าย', chart.total_expenses, '#d9534f'],
          [net.label, net.amount, net.loss ? '#d9534f' : '#1f3a5f'],
        ] as const
      ).map(([t, v, c]) => (
        <Col key={t} xs={24} sm={8}>
          <Card size="small">
            <Statistic
              title={t}
              value={formatMoney(v)}
              suffix="บาท"
              styles={{ content: { fontSize: 22, color: c, whiteSpace: 'nowrap' } }}
            />
          </Card>
        </Col>
      ))}
    </Row>
  );
}

function ChartSlot({ chart, side }: { chart?: Chart; side: 'income' | 'expenses' }) {
  if (!chart) return <Skeleton.Node active style={{ width: '100%', height: 280 }} />;
  return (
    <Suspense fallback={<div style={{ height: 280 }} />}>
      <AccountingCharts chart={chart} side={side} />
    </Suspense>
  );
}

export default function AccountingPage() {
  const [params, setParams] = useSearchParams();
  const { can } = useSession();
  const { message } = App.useApp();
  const qc = useQueryClient();
  const tab =
    params.get('tab') === 'expenses' ? 'expenses' : params.get('tab') === 'profitloss' ? 'profitloss' : 'income';
  const [banner, setBanner] = useState<BannerState | null>(null);
  const [incomeTarget, setIncomeTarget] = useState<'new' | number | null>(null);
  const [expenseOpen, setExpenseOpen] = useState(false);
  const [branches, setBranches] = useState<{ value: number; name: string }[]>([]);
  const [printing, setPrinting] = useState(false);
  const today = todayBangkok();
  const range = { start: `${today.slice(0, 7)}-01`, end: today };

  const refresh = () => {
    void qc.invalidateQueries({ queryKey: accountingKeys.incomeTable });
    void qc.invalidateQueries({ queryKey: accountingKeys.expensesTable });
    void qc.invalidateQueries({ queryKey: accountingKeys.profitLoss });
  };
  const remove = useMutation({
    mutationFn: (r: IncomeRow) => deleteIncome(r.income_id as number),
    onSuccess: (res) => {
      setBanner({ status: 'success', message: res.message });
      refresh();
    },
    onError: (e) => setBanner({ status: 'error', message: errorMessage(e) }),
  });

  const print = async () => {
    setPrinting(true);
    try {
      await printReport(reportBody(params, range));
    } catch (e) {
      void message.error(errorMessage(e), 8);
    } finally {
      setPrinting(false);
    }
  };

  const switchTab = (k: string) => {
    const next = new URLSearchParams();
    // the period and branch stay (the profit and loss has its own period, this year); the other filters belong to the tab
    for (const key of k === 'profitloss' || tab === 'profitloss' ? ['branch'] : ['branch', 'start', 'end']) {
      const v = params.get(key);
      if (v) next.set(key, v);
    }
    if (k !== 'income') next.set('tab', k);
    setParams(next);
  };

  const remember = (res: WithChart<unknown> | undefined) => {
    const opts = (res?.filter?.branch ?? []).filter((o: { value: unknown }) => typeof o.value === 'number') as {
      value: number;
      name: string;
    }[];
    if (opts.length && opts.length !== branches.length) queueMicrotask(() => setBranches(opts));
  };
  const printButton = (
    <Button icon={<PrinterOutlined />} loading={printing} onClick={() => void print()}>
      พิมพ์รายงาน
    </Button>
  );

  const incomeList = (
    <ListPage<IncomeRow>
      key="income"
      title="บัญชี รายรับ–รายจ่าย"
      subtitle="รายรับจากการรับชำระของใบสมัคร (อ่านอย่างเดียว) และรายรับอื่นที่บันทึกเอง"
      endpoint={INCOME_TABLE}
      rowKey="key"
      filters={['branch', 'category', 'type']}
      filterLabels={{ category: 'แหล่งรายรับ', type: 'ช่องทาง' }}
      dateRange={range}
      search="ชื่อ เลขที่ใบเสร็จ เลขใบสมัคร หรือรายละเอียด"
      exportName="รายรับ"
      extra={
        <>
          {printButton}
          {can('create', 'Accounting') && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setIncomeTarget('new')}>
              เพิ่มรายรับอื่น
            </Button>
          )}
        </>
      }
      summary={(res) => {
        remember(res);
        return <Totals chart={(res as WithChart<IncomeRow> | undefined)?.chart} />;
      }}
      chart={(res) => <ChartSlot chart={(res as WithChart<IncomeRow> | undefined)?.chart} side="income" />}
      columns={[
        {
          title: 'วันที่',
          dataIndex: 'date',
          kind: 'date',
          render: (v: string) => (
            <span style={{ whiteSpace: 'nowrap' }}>
              <ThaiDate value={v} />
            </span>
          ),
        },
        {
          title: 'แหล่งรายรับ',
          dataIndex: 'source_name',
          render: (v: string, r) => <Tag color={r.type === 'refund' ? 'red' : SOURCE_COLOR[r.source]}>{v}</Tag>,
        },
        { title: 'รายการ', dataIndex: 'name', wrap: 220 },
        {
          title: 'อ้างอิง',
          key: 'ref',
          exportValue: (r) => (r.payment_code ? `${r.payment_code} / ${r.application_code}` : ''),
          render: (_: unknown, r) =>
            r.application_id ? (
              <Space direction="vertical" size={0}>
                <span style={{ whiteSpace: 'nowrap' }}>{r.payment_code}</span>
                <Link to={applicationPath(r)} data-testid="application-link">
                  {r.application_code}
                </Link>
              </Space>
            ) : r.file_count > 0 ? (
              <span>
                <PaperClipOutlined /> {r.file_count} ไฟล์
              </span>
            ) : null,
        },
        { title: 'รายละเอียด', dataIndex: 'detail', wrap: 180 },
        { title: 'ช่องทาง', dataIndex: 'pay_type', exportValue: (r) => PAY[r.pay_type], render: (v: string) => PAY[v] },
        { title: 'สาขา', dataIndex: 'branch_name', wrap: 140 },
        {
          title: 'จำนวนเงิน',
          dataIndex: 'value',
          kind: 'money',
          fixed: 'right',
          render: (v: string) => <MoneyText value={v} />,
        },
        { title: 'ผู้บันทึก', dataIndex: 'user', wrap: 120 },
        {
          title: 'จัดการ',
          key: 'act',
          noExport: true,
          fixed: 'right',
          render: (_: unknown, r) =>
            r.editable ? (
              <Space size={4}>
                {can('update', 'Accounting') && (
                  <Button
                    size="small"
                    icon={<EditOutlined />}
                    onClick={() => setIncomeTarget(r.income_id!)}
                    aria-label={`แก้ไข ${r.name}`}
                  />
                )}
                {can('delete', 'Accounting') && (
                  <Popconfirm
                    title={`ลบรายรับ "${r.name}"?`}
                    okText="ลบ"
                    cancelText="ไม่ลบ"
                    okButtonProps={{ danger: true }}
                    onConfirm={() => remove.mutate(r)}
                  >
                    <Button size="small" danger icon={<DeleteOutlined />} aria-label={`ลบ ${r.name}`} />
                  </Popconfirm>
                )}
              </Space>
            ) : (
              <span style={{ color: '#999', fontSize: 12 }} title="รายรับจากการรับชำระ แก้ไขได้ที่ใบสมัครเท่านั้น">
                อ่านอย่างเดียว
              </span>
            ),
        },
      ]}
    />
  );

  const expensesList = (
    <ListPage<ExpenseRow>
      key="expenses"
      title="บัญชี รายรับ–รายจ่าย"
      subtitle="รายจ่ายของโรงเรียนตามหมวดหมู่ รถ และพนักงาน"
      endpoint={EXPENSES_TABLE}
      rowKey="expenses_id"
      filters={['branch', 'category', 'list_expenses', 'type']}
      filterLabels={{ type: 'ช่องทาง' }}
      dateRange={range}
      search="รายการ รายละเอียด หรือทะเบียนรถ"
      exportName="รายจ่าย"
      extra={
        <>
          {printButton}
          {can('create', 'Accounting') && (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => setExpenseOpen(true)}
              data-testid="add-expense"
            >
              เพิ่มรายจ่าย
            </Button>
          )}
        </>
      }
      summary={(res) => {
        remember(res);
        return <Totals chart={(res as WithChart<ExpenseRow> | undefined)?.chart} />;
      }}
      chart={(res) => <ChartSlot chart={(res as WithChart<ExpenseRow> | undefined)?.chart} side="expenses" />}
      columns={[
        {
          title: 'วันที่',
          dataIndex: 'date',
          kind: 'date',
          render: (v: string) => (
            <span style={{ whiteSpace: 'nowrap' }}>
              <ThaiDate value={v} />
            </span>
          ),
        },
        { title: 'หมวดหมู่', dataIndex: 'category', render: (v: string) => <Tag>{v}</Tag> },
        { title: 'รายการ', dataIndex: 'list_expenses', wrap: 200 },
        { title: 'รายละเอียด', dataIndex: 'detail', wrap: 200 },
        { title: 'รถ', dataIndex: 'vehicle', wrap: 160 },
        { title: 'พนักงาน', dataIndex: 'employee', wrap: 140 },
        {
          title: 'เลขไมล์',
          dataIndex: 'mile',
          kind: 'number',
          render: (v: number | null) => (v === null ? '' : v.toLocaleString('th-TH')),
        },
        { title: 'ช่องทาง', dataIndex: 'pay_type', exportValue: (r) => PAY[r.pay_type], render: (v: string) => PAY[v] },
        {
          title: 'ไฟล์',
          dataIndex: 'file_count',
          kind: 'number',
          render: (v: number) =>
            v ? (
              <span>
                <PaperClipOutlined /> {v}
              </span>
            ) : (
              ''
            ),
        },
        { title: 'สาขา', dataIndex: 'branch_name', wrap: 140 },
        {
          title: 'จำนวนเงิน',
          dataIndex: 'value',
          kind: 'money',
          fixed: 'right',
          render: (v: string) => <MoneyText value={v} />,
        },
        { title: 'ผู้บันทึก', dataIndex: 'user', wrap: 120 },
      ]}
    />
  );

  return (
    <>
      <ResultBanner result={banner} onClose={() => setBanner(null)} />
      <Tabs
        activeKey={tab}
        onChange={switchTab}
        items={[
          { key: 'income', label: 'รายรับ' },
          { key: 'expenses', label: 'รายจ่าย' },
          { key: 'profitloss', label: 'กำไร–ขาดทุน' },
        ]}
        style={{ marginBottom: -8 }}
      />
      {tab === 'income' ? (
        incomeList
      ) : tab === 'expenses' ? (
        expensesList
      ) : (
        <Suspense fallback={<Skeleton active />}>
          <ProfitLossView />
        </Suspense>
      )}
      <IncomeFormModal
        target={incomeTarget}
        branches={branches}
        defaultBranch={Number(params.get('branch')) || undefined}
        onClose={() => setIncomeTarget(null)}
        onSaved={(msg) => {
          setIncomeTarget(null);
          setBanner({ status: 'success', message: msg });
        }}
      />
      {expenseOpen && (
        <Suspense fallback={null}>
          <ExpenseFormModal
            open
            onClose={() => setExpenseOpen(false)}
            onSaved={(_expense, msg) => {
              setExpenseOpen(false);
              setBanner({ status: 'success', message: msg });
              refresh();
            }}
          />
        </Suspense>
      )}
    </>
  );
}
