/**
 * The scheduler itself (react-big-calendar, MIT, with its drag-and-drop addon), loaded only with the timetable page.
 * Day view: one column per resource (instructors or vehicles); week view: the branch's lessons, or one resource's.
 * Lessons are drawn at their Bangkok wall-clock time (lessonUi.wallClock), coloured by state; time outside an
 * instructor's working hours and resources on leave or out of service are greyed.
 */
import dayjs from 'dayjs';
import buddhistEra from 'dayjs/plugin/buddhistEra';
import 'dayjs/locale/th';
import { useMemo } from 'react';
import { Calendar, dayjsLocalizer, type Formats, type SlotInfo } from 'react-big-calendar';
import * as dnd from 'react-big-calendar/lib/addons/dragAndDrop';
import type { EventInteractionArgs } from 'react-big-calendar/lib/addons/dragAndDrop';
import 'react-big-calendar/lib/css/react-big-calendar.css';
import 'react-big-calendar/lib/addons/dragAndDrop/styles.css';
import {
  eventTitle,
  dayOf,
  isLive,
  namedLessons,
  STATE_COLOR,
  timeOf,
  timeRange,
  wallClock,
  type LessonState,
  type NamedLesson,
} from './lessonUi';
import type { Resource, Timetable, TimetableResource } from './queries';
import './timetable.css';

dayjs.extend(buddhistEra);
const localizer = dayjsLocalizer(dayjs);

export interface CalEvent {
  id: number;
  title: string;
  start: Date;
  end: Date;
  resourceId: number | null;
  lesson: NamedLesson;
}
interface CalResource {
  id: number;
  title: string;
  res: TimetableResource;
  /** why it cannot be booked on the day shown ('' = it can) */
  off: string;
}

const fmt = (d: Date, f: string) => dayjs(d).locale('th').format(f);
const formats: Formats = {
  timeGutterFormat: (d: Date) => fmt(d, 'HH:mm'),
  dayFormat: (d: Date) => fmt(d, 'dd D MMM'),
  eventTimeRangeFormat: ({ start, end }: { start: Date; end: Date }) => `${fmt(start, 'HH:mm')}–${fmt(end, 'HH:mm')}`,
  selectRangeFormat: ({ start, end }: { start: Date; end: Date }) => `${fmt(start, 'HH:mm')}–${fmt(end, 'HH:mm')}`,
};

// the addon is CommonJS: the bundle hands its exports either as the default or under default.default
type WithDnD = typeof dnd.default;
const dndModule = dnd as unknown as { default: WithDnD | { default: WithDnD } };
const withDragAndDrop: WithDnD =
  typeof dndModule.default === 'function' ? dndModule.default : dndModule.default.default;
const DnDCalendar = withDragAndDrop<CalEvent, CalResource>(Calendar);

const GREY = {
  backgroundColor: '#f0f0f0',
  backgroundImage: 'repeating-linear-gradient(135deg, transparent 0 6px, rgba(0,0,0,0.035) 6px 12px)',
};

/** Why a resource cannot be booked on a day ('' = it can). */
export function offReason(r: TimetableResource, date: string): string {
  if (r.unavailable) return r.unavailable;
  const leave = r.leave.find((l) => l.date === date);
  return leave ? `ลา${leave.reason ? ` (${leave.reason})` : ''}` : '';
}

/** Is a wall-clock moment within the resource's working hours of that day (instructors; vehicles always are)? */
function working(r: TimetableResource, resource: Resource, at: Date): boolean {
  if (resource === 'vehicle') return true;
  const day = dayOf(at);
  const t = timeOf(at);
  return r.hours.some((h) => h.date === day && h.start_time <= t && t < h.end_time);
}

function ResourceHeader({ resource }: { resource: CalResource }) {
  const r = resource.res;
  return (
    <div style={{ whiteSpace: 'normal', lineHeight: 1.3, padding: '2px 0' }}>
      <div style={{ fontWeight: 600 }}>{r.name}</div>
      {r.detail && <div style={{ fontSize: 11, color: '#8c8c8c' }}>{r.detail}</div>}
      {resource.off && <div style={{ fontSize: 11, color: '#cf1322' }}>{resource.off}</div>}
    </div>
  );
}

function EventBox({ event }: { event: CalEvent }) {
  const l = event.lesson;
  return (
    <div style={{ lineHeight: 1.25, fontSize: 12 }} data-testid={`lesson-event-${l.lesson_id}`}>
      <div style={{ fontWeight: 600, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}>
        {l.customer_name || (l.kind === 'class' ? 'ชั้นเรียน' : '-')}
      </div>
      <div style={{ opacity: 0.9 }}>{event.title.split(' · ').slice(1).join(' · ')}</div>
      <div style={{ opacity: 0.85 }}>{timeRange(l)}</div>
    </div>
  );
}

export interface TimetableCalendarProps {
  data: Timetable;
  view: 'day' | 'week';
  date: string;
  resource: Resource;
  /** week view: only this resource (0 = all) */
  only: number;
  showCancelled: boolean;
  canDrag: boolean;
  canBook: boolean;
  height: number | string;
  onSelectSlot: (start: Date, end: Date, resourceId: number | null) => void;
  onSelectLesson: (lesson: NamedLesson) => void;
  onMove: (lesson: NamedLesson, start: Date, end: Date, resourceId: number | null) => void;
}

export default function TimetableCalendar(p: TimetableCalendarProps) {
  const { data, view, date, resource, only } = p;
  const byId = useMemo(() => new Map(data.resources.map((r) => [r.id, r])), [data.resources]);
  const resources = useMemo(
    () => data.resources.map((r) => ({ id: r.id, title: r.name, res: r, off: offReason(r, date) })),
    [data.resources, date],
  );
  const events = useMemo(
    () =>
      namedLessons(data)
        .filter((l) => p.showCancelled || isLive(l.state) || l.state === 'done' || l.state === 'no_show')
        .map((l) => {
          const rid = resource === 'instructor' ? l.instructor_id : l.vehicle_id;
          return {
            id: l.lesson_id,
            title: eventTitle(l, resource),
            start: wallClock(l.date, l.start_time),
            end: wallClock(l.date, l.end_time),
            resourceId: rid,
            lesson: l,
          };
        })
        .filter((e) =>
          view === 'day' ? e.resourceId !== null && byId.has(e.resourceId) : !only || e.resourceId === only,
        ),
    [data, p.showCancelled, resource, view, only, byId],
  );
  const min = wallClock(date, data.day_start || '06:00');
  const max = wallClock(date, data.day_end || '21:00');

  const slotProps = (at: Date, resourceId?: number | string) => {
    const r = byId.get(Number(resourceId ?? only) || 0);
    if (!r) return {};
    if (offReason(r, dayOf(at)) || !working(r, resource, at)) return { style: GREY, className: 'kk-off' };
    return {};
  };

  return (
    <DnDCalendar
      localizer={localizer}
      culture="th"
      formats={formats}
      events={events}
      view={view}
      views={['day', 'week']}
      onView={() => undefined}
      date={wallClock(date, '12:00')}
      onNavigate={() => undefined}
      toolbar={false}
      resources={view === 'day' ? resources : undefined}
      resourceIdAccessor={(r) => r.id}
      resourceTitleAccessor={(r) => r.title}
      min={min}
      max={max}
      step={15}
      timeslots={4}
      style={{ height: p.height }}
      selectable={p.canBook}
      onSelectSlot={(s: SlotInfo) =>
        p.onSelectSlot(s.start as Date, s.end as Date, s.resourceId === undefined ? null : Number(s.resourceId))
      }
      onSelectEvent={(e) => p.onSelectLesson(e.lesson)}
      draggableAccessor={(e) => p.canDrag && e.lesson.state === 'booked'}
      resizableAccessor={(e) => p.canDrag && e.lesson.state === 'booked'}
      onEventDrop={(a: EventInteractionArgs<CalEvent>) =>
        p.onMove(
          a.event.lesson,
          a.start as Date,
          a.end as Date,
          a.resourceId === undefined ? null : Number(a.resourceId),
        )
      }
      onEventResize={(a: EventInteractionArgs<CalEvent>) =>
        p.onMove(a.event.lesson, a.start as Date, a.end as Date, null)
      }
      eventPropGetter={(e) => ({
        style: {
          backgroundColor: STATE_COLOR[e.lesson.state as LessonState] ?? '#1677ff',
          borderColor: 'rgba(0,0,0,0.15)',
          opacity: e.lesson.state === 'cancelled' ? 0.45 : 1,
          textDecoration: e.lesson.state === 'cancelled' ? 'line-through' : undefined,
        },
      })}
      slotPropGetter={slotProps}
      components={{ event: EventBox, resourceHeader: ResourceHeader }}
      messages={{ noEventsInRange: 'ไม่มีคาบเรียนในช่วงนี้', showMore: (n: number) => `อีก ${n} คาบ` }}
      dayLayoutAlgorithm="no-overlap"
      scrollToTime={min}
    />
  );
}
