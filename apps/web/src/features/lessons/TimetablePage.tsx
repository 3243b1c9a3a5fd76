/**
 * ตารางเรียน: the branch's timetable for a day (one column per instructor or vehicle) or a week. Select a free slot to
 * book, drag or resize a booked lesson to move it (the server may refuse: its Thai message shows and the lesson stays
 * where it was), click a lesson for its drawer. Branch, day, view, resource and the cancelled switch live in the URL.
 */
import { LeftOutlined, PlusOutlined, PrinterOutlined, ReloadOutlined, RightOutlined } from '@ant-design/icons';
import {
  Alert,
  App,
  Button,
  Card,
  Dropdown,
  Flex,
  Segmented,
  Select,
  Skeleton,
  Space,
  Switch,
  Tag,
  Typography,
} from 'antd';
import { addDays, todayBangkok } from '@khabkhi/thai';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { errorMessage } from '../../api/client';
import { useSession } from '../../api/useSession';
import { PageHeader } from '../../components/PageHeader';
import { thaiDate } from '../../components/ThaiDate';
import { ThaiDatePicker } from '../../components/ThaiDatePicker';
import { BookingDialog, type BookingPrefill } from './BookingDialog';
import { LessonDrawer } from './LessonDrawer';
import { LESSON_STATE_NAMES, slotTimes, STATE_COLOR, STATES, weekRange, type NamedLesson } from './lessonUi';
import { printDaysheet, useTimetable, useUpdateLesson, type Resource } from './queries';
import { useBranchParam } from './useBranchParam';

const TimetableCalendar = lazy(() => import('./TimetableCalendar'));

/** The calendar fills the window below the header and toolbar (usable at 768 px high). */
function useCalendarHeight() {
  const calc = () => Math.max(440, window.innerHeight - 250);
  const [h, setH] = useState(calc);
  useEffect(() => {
    const on = () => setH(calc());
    window.addEventListener('resize', on);
    return () => window.removeEventListener('resize', on);
  }, []);
  return h;
}

export default function TimetablePage() {
  const { message } = App.useApp();
  const { can } = useSession();
  const [params, setParams] = useSearchParams();
  const { branchId, options: branchOptions, setBranch } = useBranchParam();
  const date = params.get('date') ?? todayBangkok();
  const view = params.get('view') === 'week' ? 'week' : 'day';
  const resource: Resource = params.get('resource') === 'vehicle' ? 'vehicle' : 'instructor';
  const only = Number(params.get('only')) || 0;
  const showCancelled = params.get('cancelled') === '1';
  const range = view === 'day' ? { start: date, end: date } : weekRange(date);
  const tt = useTimetable({ branch_id: branchId, date_from: range.start, date_to: range.end, resource });
  const move = useUpdateLesson();
  const [booking, setBooking] = useState<BookingPrefill | null>(null);
  const [openId, setOpenId] = useState<number | null>(null);
  const height = useCalendarHeight();

  const set = (changes: Record<string, string | null>) =>
    setParams((p) => {
      const n = new URLSearchParams(p);
      for (const [k, v] of Object.entries(changes))
        if (v === null || v === '') n.delete(k);
        else n.set(k, v);
      return n;
    });
  const step = view === 'day' ? 1 : 7;

  // the application page links here with ?book=<line id>: open the booking dialog for that course line
  const bookLine = Number(params.get('book')) || 0;
  useEffect(() => {
    if (!bookLine) return;
    setBooking({
      date,
      start_time: '',
      end_time: '',
      line_id: bookLine,
      line_label: params.get('book_label') ?? undefined,
    });
    set({ book: null, book_label: null });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [bookLine]);

  const onSelectSlot = (start: Date, end: Date, resourceId: number | null) => {
    let t = slotTimes(start, end);
    if (!t) return;
    // a click selects one 15-minute slot: book an hour from there
    if (end.getTime() - start.getTime() <= 15 * 60_000) t = slotTimes(start, new Date(start.getTime() + 60 * 60_000));
    if (!t) return;
    const rid = resourceId ?? (only || null);
    setBooking({
      ...t,
      ...(rid ? (resource === 'instructor' ? { instructor_id: rid } : { vehicle_id: rid }) : {}),
    });
  };

  const onMove = (l: NamedLesson, start: Date, end: Date, resourceId: number | null) => {
    const t = slotTimes(start, end);
    if (!t) {
      message.error('ย้ายคาบเรียนข้ามวันไม่ได้ กรุณาวางภายในวันเดียวกัน');
      return;
    }
    const current = resource === 'instructor' ? l.instructor_id : l.vehicle_id;
    const reassign =
      resourceId && resourceId !== current
        ? resource === 'instructor' || l.kind === 'class'
          ? { instructor_id: resourceId }
          : { vehicle_id: resourceId }
        : {};
    if (
      t.date === l.date &&
      t.start_time === l.start_time &&
      t.end_time === l.end_time &&
      !Object.keys(reassign).length
    )
      return;
    move.mutate(
      { lesson_id: l.lesson_id, ...t, ...reassign },
      {
        onSuccess: (r) => message.success(r.message || 'ย้ายคาบเรียนเรียบร้อยแล้ว'),
        onError: (e) => message.error({ content: errorMessage(e), duration: 6 }),
      },
    );
  };

  const resources = tt.data?.resources ?? [];
  return (
    <div className="kk-timetable">
      <PageHeader
        title="ตารางเรียน"
        subtitle={view === 'day' ? thaiDate(date, 'long') : `${thaiDate(range.start)} – ${thaiDate(range.end)}`}
        extra={
          <Flex gap={8}>
            {resource === 'instructor' && resources.length > 0 && (
              <Dropdown
                trigger={['click']}
                menu={{
                  items: resources.map((r) => ({ key: String(r.id), label: r.name })),
                  onClick: ({ key }) =>
                    void printDaysheet(Number(key), date).catch((e: unknown) => message.error(errorMessage(e))),
                }}
              >
                <Button icon={<PrinterOutlined />} data-testid="timetable-daysheet">
                  พิมพ์ตารางสอนประจำวัน
                </Button>
              </Dropdown>
            )}
            {can('create', 'Lesson') && (
              <Button
                type="primary"
                icon={<PlusOutlined />}
                onClick={() => setBooking({ date, start_time: tt.data?.day_start ?? '08:00', end_time: '' })}
                data-testid="timetable-book"
              >
                จองคาบเรียน
              </Button>
            )}
          </Flex>
        }
      />
      <Card size="small" style={{ marginBottom: 12 }} styles={{ body: { padding: '8px 12px' } }}>
        <Flex gap={8} wrap align="center">
          <Select
            style={{ width: 170 }}
            value={branchId || undefined}
            options={branchOptions}
            onChange={(v: number) => setBranch(v)}
            aria-label="สาขา"
            data-testid="timetable-branch"
          />
          <Space.Compact>
            <Button icon={<LeftOutlined />} aria-label="ก่อนหน้า" onClick={() => set({ date: addDays(date, -step) })} />
            <Button onClick={() => set({ date: null })}>วันนี้</Button>
            <Button icon={<RightOutlined />} aria-label="ถัดไป" onClick={() => set({ date: addDays(date, step) })} />
          </Space.Compact>
          <ThaiDatePicker
            value={date}
            allowClear={false}
            onChange={(v) => v && set({ date: v })}
            style={{ width: 140 }}
          />
          <Segmented
            value={view}
            options={[
              { value: 'day', label: 'วัน' },
              { value: 'week', label: 'สัปดาห์' },
            ]}
            onChange={(v) => set({ view: v === 'week' ? 'week' : null })}
          />
          <Segmented
            value={resource}
            options={[
              { value: 'instructor', label: 'ครูฝึก' },
              { value: 'vehicle', label: 'รถ' },
            ]}
            onChange={(v) => set({ resource: v === 'vehicle' ? 'vehicle' : null, only: null })}
            data-testid="timetable-resource"
          />
          {view === 'week' && (
            <Select
              style={{ width: 170 }}
              value={only || 0}
              onChange={(v: number) => set({ only: v ? String(v) : null })}
              options={[
                { value: 0, label: resource === 'instructor' ? 'ครูฝึกทุกคน' : 'รถทุกคัน' },
                ...resources.map((r) => ({ value: r.id, label: r.name })),
              ]}
              showSearch={{ optionFilterProp: 'label' }}
            />
          )}
          <Space size={4}>
            <Switch size="small" checked={showCancelled} onChange={(c) => set({ cancelled: c ? '1' : null })} />
            <Typography.Text>แสดงที่ยกเลิก</Typography.Text>
          </Space>
          <Button
            icon={<ReloadOutlined />}
            aria-label="โหลดใหม่"
            onClick={() => void tt.refetch()}
            loading={tt.isFetching}
          />
        </Flex>
        <Flex gap={4} wrap style={{ marginTop: 6 }}>
          {STATES.map((s) => (
            <Tag key={s} color={STATE_COLOR[s]} style={{ opacity: s === 'cancelled' ? 0.6 : 1 }}>
              {LESSON_STATE_NAMES[s]}
            </Tag>
          ))}
          <Tag style={{ background: '#f0f0f0' }}>นอกเวลาทำงาน / ลา / งดใช้</Tag>
        </Flex>
      </Card>
      {tt.error && <Alert type="error" showIcon title={errorMessage(tt.error)} style={{ marginBottom: 12 }} />}
      {!tt.data && tt.isLoading && <Skeleton active paragraph={{ rows: 10 }} />}
      {tt.data && view === 'day' && resources.length === 0 && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 12 }}
          title={resource === 'instructor' ? 'สาขานี้ยังไม่มีครูฝึก' : 'สาขานี้ยังไม่มีรถฝึก'}
        />
      )}
      {tt.data && (
        <Suspense fallback={<Skeleton active paragraph={{ rows: 10 }} />}>
          <TimetableCalendar
            data={tt.data}
            view={view}
            date={date}
            resource={resource}
            only={only}
            showCancelled={showCancelled}
            canDrag={can('update', 'Lesson')}
            canBook={can('create', 'Lesson')}
            height={height}
            onSelectSlot={onSelectSlot}
            onSelectLesson={(l) => setOpenId(l.lesson_id)}
            onMove={onMove}
          />
        </Suspense>
      )}
      <BookingDialog branchId={branchId} prefill={booking} onClose={() => setBooking(null)} />
      <LessonDrawer lessonId={openId} onClose={() => setOpenId(null)} />
    </div>
  );
}
