/**
 * ปฏิทินสอบ: a month or a week of sessions (coloured by kind and licence type); a day opens its sessions and
 * students, where staff add a session, book a student (the server's rule message shown when refused), print the
 * roster and go to the results. View, date and branch live in the URL.
 */
import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { addDays, formatThaiDate, THAI_MONTHS, todayBangkok } from '@khabkhi/thai';
import { Button, Card, Segmented, Select, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { examKeys, monthGrid, weekOf, type CalEvent } from './api';
import { DayDrawer } from './DayDrawer';
import { examCalendar, examFilters } from './queries';

const WEEKDAYS = ['จันทร์', 'อังคาร', 'พุธ', 'พฤหัสบดี', 'ศุกร์', 'เสาร์', 'อาทิตย์'];
const beYear = (iso: string) => Number(iso.slice(0, 4)) + 543;

function useFilters() {
  return useQuery({
    queryKey: examKeys.filters,
    queryFn: examFilters,
    staleTime: 300_000,
  });
}

export default function ExamCalendar() {
  const [params, setParams] = useSearchParams();
  const view = params.get('view') === 'week' ? 'week' : 'month';
  const date = /^\d{4}-\d{2}-\d{2}$/.test(params.get('date') ?? '') ? params.get('date')! : todayBangkok();
  const branch = params.get('branch') ?? 'ทั้งหมด';
  const [day, setDay] = useState<string | null>(null);
  const filters = useFilters();
  const set = (k: Record<string, string>) => {
    const n = new URLSearchParams(params);
    for (const [a, b] of Object.entries(k)) n.set(a, b);
    setParams(n);
  };
  const range =
    view === 'week'
      ? { ...weekOf(date), days: Array.from({ length: 7 }, (_, i) => addDays(weekOf(date).start, i)) }
      : monthGrid(date.slice(0, 7));
  // a month asks for days (one event per kind and licence type a day); a week of one branch for every session, a week
  // of all branches for slots (one event per time, kind and licence type, with how many branches hold it)
  const group = view === 'month' ? 'day' : branch === 'ทั้งหมด' ? 'slot' : 'session';
  const query = { start: range.start, end: range.end, branch, group };
  const events = useQuery({
    queryKey: examKeys.calendar(query),
    queryFn: () => examCalendar(query),
  });
  const byDay = new Map<string, CalEvent[]>();
  for (const e of events.data?.events ?? []) {
    const d = e.start.slice(0, 10); // the day of an all-day event, of a session's or a slot's start
    byDay.set(d, [...(byDay.get(d) ?? []), e]);
  }
  const step = (n: number) => {
    if (view === 'week') return set({ date: addDays(date, 7 * n) });
    const [y, m] = date.split('-').map(Number) as [number, number];
    const d = new Date(Date.UTC(y, m - 1 + n, 1));
    set({ date: d.toISOString().slice(0, 10) });
  };
  const title =
    view === 'week'
      ? `${formatThaiDate(range.start)} – ${formatThaiDate(range.end)}`
      : `${THAI_MONTHS[Number(date.slice(5, 7)) - 1]} ${beYear(date)}`;
  const today = todayBangkok();
  return (
    <div>
      <PageHeader title="ปฏิทินสอบ" subtitle="คลิกวันเพื่อดูรอบสอบ ผู้เข้าสอบ และจองสอบ" />
      <Card>
        <Space wrap style={{ marginBottom: 12, width: '100%', justifyContent: 'space-between' }}>
          <Space wrap>
            <Button icon={<LeftOutlined />} onClick={() => step(-1)} aria-label="ก่อนหน้า" />
            <Button onClick={() => set({ date: today })}>วันนี้</Button>
            <Button icon={<RightOutlined />} onClick={() => step(1)} aria-label="ถัดไป" />
            <Typography.Title level={4} style={{ margin: 0 }} data-testid="calendar-title">
              {title}
            </Typography.Title>
          </Space>
          <Space wrap>
            <Select
              style={{ width: 200 }}
              value={branch}
              onChange={(v) => set({ branch: String(v) })}
              options={(filters.data?.branch ?? [{ name: 'ทั้งหมด', value: 'ทั้งหมด' }]).map((o) => ({
                label: o.name,
                value: String(o.value),
              }))}
              aria-label="สาขา"
            />
            <Segmented
              value={view}
              onChange={(v) => set({ view: String(v) })}
              options={[
                { label: 'เดือน', value: 'month' },
                { label: 'สัปดาห์', value: 'week' },
              ]}
            />
            <Space size={4}>
              <Tag color="#1677ff">ภาคทฤษฎี</Tag>
              <Tag color="#389e0d">ภาคปฏิบัติ</Tag>
            </Space>
          </Space>
        </Space>
        <div className={`kk-cal kk-cal-${view}`} data-testid="exam-calendar">
          {WEEKDAYS.map((w) => (
            <div key={w} className="kk-cal-head">
              {w}
            </div>
          ))}
          {range.days.map((d) => {
            const list = byDay.get(d) ?? [];
            const out = view === 'month' && d.slice(0, 7) !== date.slice(0, 7);
            return (
              <div
                key={d}
                role="button"
                tabIndex={0}
                data-date={d}
                className={`kk-cal-day${out ? ' is-out' : ''}${d === today ? ' is-today' : ''}`}
                onClick={() => setDay(d)}
                onKeyDown={(e) => {
                  if (e.key === 'Enter') setDay(d);
                }}
              >
                <div className="kk-cal-num">{view === 'week' ? formatThaiDate(d) : Number(d.slice(8))}</div>
                {list.map((e) => (
                  <div key={e.id} className="kk-cal-ev" style={{ background: e.color }} title={e.title}>
                    {e.title}
                  </div>
                ))}
              </div>
            );
          })}
        </div>
      </Card>
      <style>{`
        .kk-cal { display: grid; grid-template-columns: repeat(7, minmax(0, 1fr)); border-top: 1px solid #f0f0f0; border-left: 1px solid #f0f0f0; }
        .kk-cal-head { padding: 6px 8px; font-weight: 600; background: #fafafa; border-right: 1px solid #f0f0f0; border-bottom: 1px solid #f0f0f0; }
        .kk-cal-day { min-height: 104px; padding: 4px 6px; border-right: 1px solid #f0f0f0; border-bottom: 1px solid #f0f0f0; cursor: pointer; overflow: hidden; }
        .kk-cal-week .kk-cal-day { min-height: 360px; }
        .kk-cal-day:hover, .kk-cal-day:focus { background: #f6fbf8; outline: none; }
        .kk-cal-day.is-out { color: #bfbfbf; background: #fcfcfc; }
        .kk-cal-day.is-today .kk-cal-num { background: #0b6e4f; color: #fff; border-radius: 10px; padding: 0 8px; display: inline-block; }
        .kk-cal-ev { color: #fff; border-radius: 4px; padding: 1px 6px; margin-top: 3px; font-size: 12px; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
        .kk-cal-week .kk-cal-ev { white-space: normal; }
        .kk-cal-more { font-size: 12px; color: #666; margin-top: 2px; }
      `}</style>
      <DayDrawer
        day={day}
        branch={branch}
        branches={filters.data?.branch ?? []}
        types={filters.data?.type ?? []}
        onClose={() => setDay(null)}
      />
    </div>
  );
}
