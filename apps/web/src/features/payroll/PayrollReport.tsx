/**
 * Payroll report: every employee's line of a month (branch filter default ทั้งหมด, month default the latest
 * month with a payroll), totals, and a row opens the employee's history. A load failure shows the server's
 * message as an error banner (SPEC §8).
 */
import { FilePdfOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Select, Space, Statistic, Table, Tag, Input, Row, Col } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { errorMessage } from '../../api/client';
import { MoneyText } from '../../components/MoneyText';
import { PageHeader } from '../../components/PageHeader';
import { getReport, openPayslip, payrollKeys, STATE_COLORS, type ReportRow } from './queries';
import { useState } from 'react';

export default function PayrollReport() {
  const [url, setUrl] = useSearchParams();
  const navigate = useNavigate();
  const q = {
    branch: url.get('branch') ?? 'ทั้งหมด',
    month: url.get('month') ?? '',
    page: Number(url.get('page')) || 1,
    per_page: Number(url.get('per_page')) || 20,
    text: url.get('text') ?? '',
  };
  const set = (k: string, v: string) => {
    const n = new URLSearchParams(url);
    n.set(k, v);
    if (k !== 'page') n.delete('page');
    setUrl(n, { replace: true });
  };
  const [text, setText] = useState(q.text);
  const report = useQuery({
    queryKey: payrollKeys.report(q),
    queryFn: () =>
      getReport({
        ...q,
        month: q.month || undefined,
        text: q.text || undefined,
      }),
    placeholderData: keepPreviousData,
  });
  const r = report.data;
  const month = q.month || r?.month || '';
  const slipPdf = async (id: number | null) => {
    if (!id) return;
    try {
      await openPayslip(id);
    } catch {
      /* the banner shows list failures; a PDF failure is rare */
    }
  };
  return (
    <div>
      <PageHeader title="รายงานเงินเดือน" subtitle="เงินเดือนของพนักงานทุกคนในเดือนที่เลือก คลิกแถวเพื่อดูประวัติเงินเดือนของพนักงาน" />
      {report.isError && (
        <Alert
          type="error"
          showIcon
          role="alert"
          style={{ marginBottom: 16 }}
          title={errorMessage(report.error)}
          data-testid="report-error"
        />
      )}
      <Card style={{ marginBottom: 16 }}>
        <Space wrap>
          <span>สาขา</span>
          <Select
            style={{ minWidth: 200 }}
            aria-label="สาขา"
            value={q.branch}
            onChange={(v) => set('branch', String(v))}
            options={(r?.filter.branch ?? [{ name: 'ทั้งหมด', value: 'ทั้งหมด' }]).map((o) => ({
              value: String(o.value),
              label: o.name,
            }))}
          />
          <span>เดือน</span>
          <Select
            style={{ minWidth: 170 }}
            aria-label="เดือน"
            value={month || undefined}
            onChange={(v) => set('month', v)}
            options={(r?.filter.month ?? []).map((o) => ({ value: String(o.value), label: o.name }))}
          />
          <Input.Search
            allowClear
            placeholder="ค้นหาชื่อพนักงาน"
            value={text}
            onChange={(e) => setText(e.target.value)}
            onSearch={(v) => set('text', v)}
            style={{ width: 240 }}
          />
        </Space>
      </Card>
      {r && (
        <Row gutter={16} style={{ marginBottom: 16 }}>
          {[
            ['เงินเดือนรวม', r.totals.salary],
            ['รายได้อื่น', r.totals.income],
            ['ประกันสังคม (ลูกจ้าง)', r.totals.sso_employee],
            ['ภาษีหัก ณ ที่จ่าย', r.totals.tax],
            ['จ่ายสุทธิ', r.totals.net],
          ].map(([t, v]) => (
            <Col key={t} xs={12} md={8} lg={4}>
              <Card size="small">
                <Statistic title={t} value={v} precision={2} />
              </Card>
            </Col>
          ))}
        </Row>
      )}
      <Card>
        <Table<ReportRow>
          rowKey={(x) => `${x.payroll_id}-${x.user_id}`}
          size="small"
          loading={report.isFetching}
          dataSource={r?.data ?? []}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: 'ยังไม่มีเงินเดือนในเดือนนี้' }}
          onRow={(x) => ({
            onClick: () => navigate(`/payroll/history/${x.user_id}?month=${x.month}`),
            style: { cursor: 'pointer' },
          })}
          pagination={{
            current: q.page,
            pageSize: q.per_page,
            total: r?.meta.total ?? 0,
            onChange: (p, s) => {
              const n = new URLSearchParams(url);
              n.set('page', String(p));
              n.set('per_page', String(s));
              setUrl(n);
            },
          }}
          columns={[
            { title: 'พนักงาน', dataIndex: 'user_name' },
            { title: 'สาขา', dataIndex: 'branch_name' },
            {
              title: 'สถานะ',
              dataIndex: 'status_name',
              render: (v: string, x) => <Tag color={STATE_COLORS[x.status]}>{v}</Tag>,
            },
            ...(['salary', 'income', 'deduction', 'sso_employee', 'tax', 'net'] as const).map((k) => ({
              title: {
                salary: 'เงินเดือน',
                income: 'รายได้อื่น',
                deduction: 'รายการหัก',
                sso_employee: 'ประกันสังคม',
                tax: 'ภาษี',
                net: 'สุทธิ',
              }[k],
              dataIndex: k,
              align: 'right' as const,
              render: (v: string) => <MoneyText value={v} strong={k === 'net'} />,
            })),
            {
              title: 'สลิป',
              key: 'slip',
              render: (_: unknown, x) =>
                x.payslip_id ? (
                  <Button
                    size="small"
                    icon={<FilePdfOutlined />}
                    onClick={(e) => {
                      e.stopPropagation();
                      void slipPdf(x.payslip_id);
                    }}
                  >
                    สลิป
                  </Button>
                ) : (
                  '-'
                ),
            },
          ]}
        />
      </Card>
    </div>
  );
}
