/**
 * ภาพรวมผู้บริหาร — the owner's cockpit: every branch in scope (a branch filter for the owner) or the manager's own
 * branch, for a day (default today). The branch and the day are in the URL, so the view can be shared and reloaded.
 */
import { ReloadOutlined } from '@ant-design/icons';
import { Alert, Button, Col, Row, Select, Skeleton } from 'antd';
import { lazy, Suspense, useMemo } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { todayBangkok } from '@khabkhi/thai';
import { errorMessage } from '../../api/client';
import { PageHeader } from '../../components/PageHeader';
import { ThaiDate } from '../../components/ThaiDate';
import { hrefOf } from './format';
import { useDashboard } from './queries';
import {
  CashCloseTile,
  ExamsTile,
  LessonsTile,
  OwingTile,
  PassRateTile,
  PayrollTile,
  RegistrationsTile,
  TakingsTile,
  Tile,
  VehiclesTile,
} from './Tiles';

const TakingsChart = lazy(() => import('./TakingsChart'));
const ThaiDatePicker = lazy(() =>
  import('../../components/ThaiDatePicker').then((m) => ({ default: m.ThaiDatePicker })),
);

const ALL = '';
const isDay = (v: string | null): v is string => !!v && /^\d{4}-\d{2}-\d{2}$/.test(v);

export default function DashboardPage() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const today = todayBangkok();
  const branch = params.get('branch') ?? ALL;
  const date = isDay(params.get('date')) ? params.get('date')! : today;
  const q = useDashboard(branch, date);
  const d = q.data;

  const set = (k: string, v: string) => {
    const n = new URLSearchParams(params);
    if (v && !(k === 'date' && v === today)) n.set(k, v);
    else n.delete(k);
    setParams(n, { replace: true });
  };

  const bars = useMemo(
    () =>
      (d?.takings.branches ?? []).map((b) => ({
        name: b.branch_name,
        month: b.month.net,
        previous: b.previous_month.net,
      })),
    [d],
  );

  const filters = (
    <>
      {d && d.branches.length > 1 && (
        <Select
          aria-label="สาขา"
          style={{ minWidth: 220 }}
          value={branch}
          onChange={(v) => set('branch', v)}
          options={[
            { value: ALL, label: 'ทุกสาขา' },
            ...d.branches.map((b) => ({ value: String(b.value), label: b.name })),
          ]}
        />
      )}
      <Suspense fallback={<span style={{ display: 'inline-block', width: 150 }} />}>
        <ThaiDatePicker
          aria-label="วันที่"
          value={date}
          allowClear={false}
          disabledDate={(v) => v.format('YYYY-MM-DD') > today}
          onChange={(v) => v && set('date', v)}
        />
      </Suspense>
      <Button icon={<ReloadOutlined />} onClick={() => void q.refetch()} loading={q.isFetching}>
        รีเฟรช
      </Button>
    </>
  );

  return (
    <div>
      <PageHeader
        title="ภาพรวมผู้บริหาร"
        subtitle={
          <>
            ข้อมูล ณ วันที่ <ThaiDate value={date} variant="long" />
            {d && d.branch_id === null && d.branches.length > 1 && ` · ทุกสาขา (${d.branches.length} สาขา)`}
          </>
        }
        extra={filters}
      />
      {q.isError && <Alert type="error" showIcon title={errorMessage(q.error)} style={{ marginBottom: 16 }} />}
      {!d ? (
        <Skeleton active paragraph={{ rows: 10 }} />
      ) : (
        <Row gutter={[16, 16]}>
          <Col xs={24} md={12} xl={6}>
            <TakingsTile title="รายรับสุทธิวันนี้" p={d.takings.today} />
          </Col>
          <Col xs={24} md={12} xl={6}>
            <TakingsTile title="รายรับสุทธิเดือนนี้" p={d.takings.month} />
          </Col>
          <Col xs={24} md={12} xl={6}>
            <RegistrationsTile r={d.registrations} />
          </Col>
          <Col xs={24} md={12} xl={6}>
            <OwingTile r={d.registrations} />
          </Col>

          <Col xs={24} xl={14}>
            <Tile title="รายรับสุทธิแต่ละสาขา เดือนนี้เทียบเดือนก่อน" link={d.takings.month.link}>
              <Suspense fallback={<div style={{ height: 280 }} />}>
                <TakingsChart
                  rows={bars}
                  onPick={(i) => {
                    const b = d.takings.branches[i];
                    if (b) navigate(hrefOf(b.link));
                  }}
                />
              </Suspense>
            </Tile>
          </Col>
          <Col xs={24} xl={10}>
            <ExamsTile e={d.exams} branchColumn={d.branch_id === null && d.branches.length > 1} />
          </Col>

          <Col xs={24} lg={12} xl={8}>
            <PassRateTile p={d.pass_rate} />
          </Col>
          <Col xs={24} lg={12} xl={8}>
            <VehiclesTile v={d.vehicles} />
          </Col>
          <Col xs={24} lg={12} xl={8}>
            <Row gutter={[16, 16]}>
              {d.payroll && (
                <Col span={24}>
                  <PayrollTile p={d.payroll} />
                </Col>
              )}
              <Col span={24}>
                <CashCloseTile c={d.cash_close} />
              </Col>
            </Row>
          </Col>
          {d.lessons && (
            <Col span={24}>
              <LessonsTile l={d.lessons} />
            </Col>
          )}
        </Row>
      )}
    </div>
  );
}
