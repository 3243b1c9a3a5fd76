/** Who did each step of a payroll's workflow and when, and the month's whole history (every version, with reasons). */
import { useQuery } from '@tanstack/react-query';
import { Collapse, Descriptions, Tag, Timeline } from 'antd';
import { ThaiDate } from '../../components/ThaiDate';
import { getPayrollHistory, payrollKeys, type PayrollRow } from './queries';

const by = (s: { by: string | null; at: string | null }) =>
  s.by ? (
    <>
      {s.by} · <ThaiDate value={s.at} variant="datetime" />
    </>
  ) : (
    '-'
  );

const STEP_COLORS: Record<string, string> = { send_back: 'red', reopen: 'orange', approve: 'green' };

export function PayrollSteps({ p }: { p: PayrollRow }) {
  const history = useQuery({
    queryKey: payrollKeys.stepsAt(p.payroll_id, p.status, p.version),
    queryFn: () => getPayrollHistory(p.payroll_id),
  });
  const steps = history.data ?? [];
  return (
    <>
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 1, md: 1, lg: 1, xl: 3, xxl: 3 }}
        style={{ marginTop: 12 }}
        items={[
          { key: 's', label: 'ส่งตรวจ', children: by(p.submitted) },
          { key: 'c', label: 'ผู้จัดการยืนยัน', children: by(p.confirmed) },
          { key: 'a', label: 'อนุมัติ', children: by(p.approved) },
          ...(p.sent_back.by && p.status === 'draft'
            ? [
                {
                  key: 'b',
                  label: 'ส่งกลับแก้ไข',
                  children: (
                    <span data-testid="sent-back">
                      {by(p.sent_back)} · เหตุผล: {p.sent_back.reason}
                    </span>
                  ),
                },
              ]
            : []),
          ...(p.reopened.by
            ? [
                {
                  key: 'r',
                  label: 'เปิดรอบใหม่',
                  children: (
                    <>
                      {p.reopened.by} · {p.reopened.reason}
                    </>
                  ),
                },
              ]
            : []),
        ]}
      />
      {steps.length > 0 && (
        <Collapse
          size="small"
          ghost
          style={{ marginTop: 4 }}
          items={[
            {
              key: 'h',
              label: `ประวัติขั้นตอน (${steps.length})`,
              children: (
                <Timeline
                  data-testid="payroll-history"
                  items={steps.map((s) => ({
                    color: STEP_COLORS[s.step] ?? 'blue',
                    children: (
                      <>
                        <strong>{s.step_name}</strong> · {s.by ?? '-'} · <ThaiDate value={s.at} variant="datetime" />
                        {s.version > 1 && <Tag style={{ marginInlineStart: 8 }}>ฉบับที่ {s.version}</Tag>}
                        {s.self && <Tag color="gold">อนุมัติรอบของตนเองตามการตั้งค่า</Tag>}
                        {s.reason && <div style={{ color: '#666' }}>เหตุผล: {s.reason}</div>}
                      </>
                    ),
                  }))}
                />
              ),
            },
          ]}
        />
      )}
    </>
  );
}
