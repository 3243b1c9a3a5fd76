/**
 * ปฏิทินงานตามกำหนด — every dated obligation of the school in a month: the statutory filings (ประกันสังคม, ภ.ง.ด.1,
 * 50 ทวิ) computed from dated rules, vehicle renewals, exam permissions running out, exam sessions, the payroll of the
 * month and days without a cash close. A month grid or an agenda; each item opens where it is done; head office ticks
 * a filing as done. The month, branch and view are in the URL. Below, the iCalendar links for phone calendars.
 */
import { CheckOutlined, LeftOutlined, RightOutlined, UndoOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, Segmented, Select, Space, Table, Tag, Typography } from 'antd';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { THAI_MONTHS, todayBangkok } from '@khabkhi/thai';
import { errorMessage } from '../../api/client';
import { useSession } from '../../api/useSession';
import { monthGrid } from '../../components/monthGrid';
import { PageHeader } from '../../components/PageHeader';
import { ThaiDate } from '../../components/ThaiDate';
import { FeedsCard } from './FeedsCard';
import {
  hrefOfItem,
  KIND_COLOR,
  STATE_COLOR,
  STATE_NAME,
  useCompliance,
  useMark,
  type ComplianceItem,
} from './queries';

const WEEKDAYS = ['จันทร์', 'อังคาร', 'พุธ', 'พฤหัสบดี', 'ศุกร์', 'เสาร์', 'อาทิตย์'];
const lastDay = (ym: string) => {
  const [y, m] = ym.split('-').map(Number) as [number, number];
  return `${ym}-${String(new Date(Date.UTC(y, m, 0)).getUTCDate()).padStart(2, '0')}`;
};
const shift = (ym: string, n: number) => {
  const [y, m] = ym.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m - 1 + n, 1)).toISOString().slice(0, 7);
};

export default function CompliancePage() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const { can, user } = useSession();
  const today = todayBangkok();
  const month = /^\d{4}-\d{2}$/.test(params.get('month') ?? '') ? params.get('month')! : today.slice(0, 7);
  const view = params.get('view') === 'month' ? 'month' : 'agenda';
  const branch = params.get('branch') ?? '';
  const grid = monthGrid(month);
  // the grid shows its first and last week's days of the months around; the agenda only the month
  const range = view === 'month' ? { start: grid.start, end: grid.end } : { start: `${month}-01`, end: lastDay(month) };
  const q = useCompliance(branch, range.start, range.end);
  const mark = useMark();
  const d = q.data;
  // a filing is the school's: head office (every branch in sight) with the payroll's rights ticks it
  const mayMark = can('update', 'Payroll') && (d?.branches.length ?? 0) > 1 && !!user;

  const set = (k: Record<string, string>) => {
    const n = new URLSearchParams(params);
    for (const [a, b] of Object.entries(k))
      if (b) n.set(a, b);
      else n.delete(a);
    setParams(n, { replace: true });
  };
  const tick = async (i: ComplianceItem, done: boolean) => {
    try {
      await mark.mutateAsync({ key: i.key, done });
      message.success(done ? 'บันทึกว่าดำเนินการแล้ว' : 'ยกเลิกการบันทึกแล้ว');
    } catch (e) {
      message.error(errorMessage(e));
    }
  };
  const items = d?.items ?? [];
  const byDay = new Map<string, ComplianceItem[]>();
  for (const i of items) byDay.set(i.date, [...(byDay.get(i.date) ?? []), i]);
  const counts = {
    overdue: items.filter((i) => i.state === 'overdue').length,
    open: items.filter((i) => i.state === 'open').length,
    done: items.filter((i) => i.state === 'done').length,
  };

  return (
    <div>
      <PageHeader
        title="ปฏิทินงานตามกำหนด"
        subtitle="กำหนดยื่นแบบตามกฎหมาย การต่ออายุรถ สิทธิ์สอบ รอบสอบ เงินเดือน และการปิดยอด ในที่เดียว"
      />
      <Card>
        <Space wrap style={{ marginBottom: 12, width: '100%', justifyContent: 'space-between' }}>
          <Space wrap>
            <Button icon={<LeftOutlined />} onClick={() => set({ month: shift(month, -1) })} aria-label="เดือนก่อน" />
            <Button onClick={() => set({ month: '' })}>เดือนนี้</Button>
            <Button icon={<RightOutlined />} onClick={() => set({ month: shift(month, 1) })} aria-label="เดือนถัดไป" />
            <Typography.Title level={4} style={{ margin: 0 }} data-testid="compliance-title">
              {THAI_MONTHS[Number(month.slice(5)) - 1]} {Number(month.slice(0, 4)) + 543}
            </Typography.Title>
          </Space>
          <Space wrap>
            {d && d.branches.length > 1 && (
              <Select
                aria-label="สาขา"
                style={{ minWidth: 200 }}
                value={branch}
                onChange={(v) => set({ branch: v })}
                options={[
                  { value: '', label: 'ทุกสาขา' },
                  ...d.branches.map((b) => ({ value: String(b.value), label: b.name })),
                ]}
              />
            )}
            <Segmented
              value={view}
              onChange={(v) => set({ view: v === 'month' ? 'month' : '' })}
              options={[
                { label: 'รายการ', value: 'agenda' },
                { label: 'เดือน', value: 'month' },
              ]}
            />
          </Space>
        </Space>
        <Space wrap style={{ marginBottom: 12 }} data-testid="compliance-counts">
          <Tag color="red">เลยกำหนด {counts.overdue}</Tag>
          <Tag color="blue">รอดำเนินการ {counts.open}</Tag>
          <Tag color="green">เสร็จแล้ว {counts.done}</Tag>
        </Space>
        {q.isError && <Alert type="error" showIcon title={errorMessage(q.error)} style={{ marginBottom: 12 }} />}
        {view === 'month' ? (
          <div className="kk-cal" data-testid="compliance-month">
            {WEEKDAYS.map((w) => (
              <div key={w} className="kk-cal-head">
                {w}
              </div>
            ))}
            {grid.days.map((day) => (
              <div
                key={day}
                data-date={day}
                className={`kk-cal-day${day.slice(0, 7) !== month ? ' is-out' : ''}${day === today ? ' is-today' : ''}`}
              >
                <div className="kk-cal-num">{Number(day.slice(8))}</div>
                {(byDay.get(day) ?? []).map((i) => (
                  <div
                    key={i.key}
                    role="link"
                    tabIndex={0}
                    className={`kk-cal-ev is-${i.state}`}
                    style={{ background: KIND_COLOR[i.kind] ?? '#595959' }}
                    title={`${i.title} · ${STATE_NAME[i.state]}`}
                    onClick={() => navigate(hrefOfItem(i.link))}
                    onKeyDown={(e) => e.key === 'Enter' && navigate(hrefOfItem(i.link))}
                  >
                    {i.state === 'done' ? '✓ ' : i.state === 'overdue' ? '! ' : ''}
                    {i.title}
                  </div>
                ))}
              </div>
            ))}
          </div>
        ) : (
          <Table<ComplianceItem>
            rowKey="key"
            size="middle"
            loading={q.isLoading}
            dataSource={items}
            pagination={false}
            scroll={{ x: 900 }}
            data-testid="compliance-agenda"
            locale={{ emptyText: 'ไม่มีรายการในเดือนนี้' }}
            columns={[
              { title: 'วันที่', dataIndex: 'date', width: 120, render: (v: string) => <ThaiDate value={v} /> },
              {
                title: 'ประเภท',
                dataIndex: 'kind_name',
                width: 130,
                render: (v: string, i) => <Tag color={KIND_COLOR[i.kind]}>{v}</Tag>,
              },
              {
                title: 'รายการ',
                dataIndex: 'title',
                render: (v: string, i) => (
                  <div>
                    <Link to={hrefOfItem(i.link)}>{v}</Link>
                    <div>
                      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                        {i.note}
                      </Typography.Text>
                    </div>
                  </div>
                ),
              },
              { title: 'สาขา', dataIndex: 'branch_name', width: 160 },
              {
                title: 'สถานะ',
                dataIndex: 'state',
                width: 120,
                render: (v: string) => <Tag color={STATE_COLOR[v]}>{STATE_NAME[v]}</Tag>,
              },
              {
                title: '',
                key: 'act',
                width: 150,
                render: (_: unknown, i) =>
                  i.can_mark && mayMark ? (
                    i.state === 'done' ? (
                      <Button size="small" icon={<UndoOutlined />} onClick={() => void tick(i, false)}>
                        ยกเลิก
                      </Button>
                    ) : (
                      <Button size="small" type="primary" icon={<CheckOutlined />} onClick={() => void tick(i, true)}>
                        ยื่นแล้ว
                      </Button>
                    )
                  ) : null,
              },
            ]}
          />
        )}
      </Card>
      <FeedsCard branches={d?.branches ?? []} />
      <style>{`
        .kk-cal { display: grid; grid-template-columns: repeat(7, minmax(0, 1fr)); border-top: 1px solid #f0f0f0; border-left: 1px solid #f0f0f0; }
        .kk-cal-head { padding: 6px 8px; font-weight: 600; background: #fafafa; border-right: 1px solid #f0f0f0; border-bottom: 1px solid #f0f0f0; }
        .kk-cal-day { min-height: 104px; padding: 4px 6px; border-right: 1px solid #f0f0f0; border-bottom: 1px solid #f0f0f0; overflow: hidden; }
        .kk-cal-day.is-out { color: #bfbfbf; background: #fcfcfc; }
        .kk-cal-day.is-today .kk-cal-num { background: #0b6e4f; color: #fff; border-radius: 10px; padding: 0 8px; display: inline-block; }
        .kk-cal-ev { color: #fff; border-radius: 4px; padding: 1px 6px; margin-top: 3px; font-size: 12px; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; cursor: pointer; }
        .kk-cal-ev.is-done { opacity: 0.55; text-decoration: line-through; }
        .kk-cal-ev.is-overdue { box-shadow: inset 3px 0 0 #ff4d4f; }
      `}</style>
    </div>
  );
}
