/** Who did each step of a payroll's workflow, and when. */
import { Descriptions } from 'antd';
import { ThaiDate } from '../../components/ThaiDate';
import type { PayrollRow } from './queries';

const by = (s: { by: string | null; at: string | null }) =>
  s.by ? (
    <>
      {s.by} · <ThaiDate value={s.at} variant="datetime" />
    </>
  ) : (
    '-'
  );

export function PayrollSteps({ p }: { p: PayrollRow }) {
  return (
    <Descriptions
      size="small"
      column={{ xs: 1, sm: 1, md: 1, lg: 1, xl: 3, xxl: 3 }}
      style={{ marginTop: 12 }}
      items={[
        { key: 's', label: 'ส่งตรวจ', children: by(p.submitted) },
        { key: 'c', label: 'ผู้จัดการยืนยัน', children: by(p.confirmed) },
        { key: 'a', label: 'อนุมัติ', children: by(p.approved) },
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
  );
}
