/**
 * The lessons screens' pure helpers: state colours and names, the calendar's wall-clock dates (Bangkok time shown
 * the same in any browser time zone), a selected slot → the booking's date and times, hours in words and the
 * late-cancellation rule as the screen warns about it. No React, no API: unit-tested in test/lessons.test.ts.
 */
import {
  LESSON_KIND_NAMES,
  LESSON_STATE_NAMES,
  type LessonKind,
  type LessonState,
  type Timetable,
  type TimetableLesson,
} from '@khabkhi/contracts';
import { addDays, formatNationalId, THAI_MONTHS, todayBangkok } from '@khabkhi/thai';

export { LESSON_KIND_NAMES, LESSON_STATE_NAMES };
export type { LessonKind, LessonState };

/** Calendar colours of the states (background of an event; a tag uses TAG_COLOR). */
export const STATE_COLOR: Record<LessonState, string> = {
  booked: '#1677ff',
  checked_in: '#d46b08',
  done: '#389e0d',
  cancelled: '#8c8c8c',
  no_show: '#cf1322',
};
export const STATE_TAG_COLOR: Record<LessonState, string> = {
  booked: 'blue',
  checked_in: 'orange',
  done: 'green',
  cancelled: 'default',
  no_show: 'red',
};
export const STATES = Object.keys(LESSON_STATE_NAMES) as LessonState[];

export const stateName = (s: string) => LESSON_STATE_NAMES[s as LessonState] ?? s;
export const kindName = (k: string) => LESSON_KIND_NAMES[k as LessonKind] ?? k;
/** live = it holds its slot (booked or checked in) */
export const isLive = (s: string) => s === 'booked' || s === 'checked_in';

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * The calendar draws local Dates. A lesson's Bangkok day and clock time become a local Date with the same wall
 * clock, so 09:00 in Bangkok is drawn at 09:00 whatever the browser's time zone.
 */
export function wallClock(date: string, time: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const [hh, mm] = time.split(':').map(Number) as [number, number];
  return new Date(y, m - 1, d, hh, mm, 0, 0);
}

/** A wall-clock Date back to the Bangkok day (CE YYYY-MM-DD). */
export const dayOf = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
/** A wall-clock Date back to HH:MM. */
export const timeOf = (d: Date) => `${pad(d.getHours())}:${pad(d.getMinutes())}`;

export interface SlotTimes {
  date: string;
  start_time: string;
  end_time: string;
}

/**
 * A selected or dropped slot (wall-clock Dates) → the booking's date and times. A slot that ends at midnight
 * (the calendar's end of day) ends at 23:59 of the same day; a slot over two days is refused (null).
 */
export function slotTimes(start: Date, end: Date): SlotTimes | null {
  const date = dayOf(start);
  let endTime = timeOf(end);
  if (dayOf(end) !== date) {
    if (endTime === '00:00' && dayOf(end) === addDays(date, 1)) endTime = '23:59';
    else return null;
  }
  const startTime = timeOf(start);
  if (endTime <= startTime) return null;
  return { date, start_time: startTime, end_time: endTime };
}

/** Minutes between two HH:MM times of a day. */
export function minutesBetween(start: string, end: string): number {
  const m = (t: string) => {
    const [h, mi] = t.split(':').map(Number) as [number, number];
    return h * 60 + mi;
  };
  return m(end) - m(start);
}

/** Minutes in words: 90 → '1 ชม. 30 นาที', 120 → '2 ชม.', 45 → '45 นาที', 0 → '0 ชม.', −30 → '−30 นาที'. */
export function hoursText(minutes: number): string {
  const sign = minutes < 0 ? '−' : '';
  const m = Math.abs(Math.round(minutes));
  const h = Math.floor(m / 60);
  const r = m % 60;
  if (h === 0 && r === 0) return '0 ชม.';
  if (h === 0) return `${sign}${r} นาที`;
  return `${sign}${h} ชม.${r ? ` ${r} นาที` : ''}`;
}

/** The ledger's columns of one part (theory or practice), in the order the screens show them. */
export const HOURS_COLUMNS = [
  { key: 'included', title: 'ในแพ็กเกจ' },
  { key: 'extra', title: 'ซื้อเพิ่ม' },
  { key: 'booked', title: 'จองแล้ว' },
  { key: 'delivered', title: 'เรียนแล้ว' },
  { key: 'charged', title: 'ถูกหัก' },
  { key: 'remaining', title: 'คงเหลือ' },
] as const;

export interface HoursPartLike {
  included: number;
  extra: number;
  booked: number;
  delivered: number;
  charged: number;
  remaining: number;
  recorded: number;
}

/** One row per part (ทฤษฎี, ปฏิบัติ) with each figure in words, for the ledger tables. */
export function hoursRows(h: { theory: HoursPartLike; practice: HoursPartLike }) {
  return (
    [
      ['theory', 'ภาคทฤษฎี', h.theory],
      ['practice', 'ภาคปฏิบัติ', h.practice],
    ] as const
  ).map(([key, part, p]) => ({
    key,
    part,
    ...Object.fromEntries(HOURS_COLUMNS.map((c) => [c.key, hoursText(p[c.key])])),
    recorded: p.recorded ? hoursText(p.recorded) : '',
    short: p.remaining <= 0,
  })) as {
    key: 'theory' | 'practice';
    part: string;
    included: string;
    extra: string;
    booked: string;
    delivered: string;
    charged: string;
    remaining: string;
    recorded: string;
    short: boolean;
  }[];
}

/** Hours before a lesson starts (negative once it has started). */
export function hoursBefore(startsAt: string, now: Date = new Date()): number {
  return (new Date(startsAt).getTime() - now.getTime()) / 3_600_000;
}

/** A student's cancellation later than the free notice is charged (unless a manager waives it). */
export function isLateCancel(startsAt: string, freeCancelHours: number, now: Date = new Date()): boolean {
  return hoursBefore(startsAt, now) < freeCancelHours;
}

export interface TitleParts {
  customer_name: string;
  course_type: string;
  vehicle_name: string;
  instructor_name: string;
  kind: string;
  room_name?: string;
  enrolled?: number;
  capacity?: number | null;
}

/**
 * An event's title: the student, the licence type and the other resource (the vehicle on the instructors'
 * timetable, the instructor on the vehicles'); a class names its room and seats.
 */
export function eventTitle(l: TitleParts, resource: 'instructor' | 'vehicle'): string {
  if (l.kind === 'class')
    return [`ชั้นเรียน ${l.course_type}`, l.room_name, `${l.enrolled ?? 0}/${l.capacity ?? '-'} ที่นั่ง`]
      .filter(Boolean)
      .join(' · ');
  const other = resource === 'instructor' ? l.vehicle_name : l.instructor_name;
  return [l.customer_name, l.course_type, other].filter(Boolean).join(' · ');
}

/** A timetable lesson with the names of its student, teacher and vehicle ('' when it has none). */
export type NamedLesson = TimetableLesson & { customer_name: string; instructor_name: string; vehicle_name: string };

/**
 * The timetable's lessons, one object each, with their names: the answer carries the lessons column by column and
 * names each student, instructor and vehicle once, by id.
 */
export function namedLessons(t: Pick<Timetable, 'lessons' | 'names'>): NamedLesson[] {
  const map = (xs: { id: number; name: string }[]) => new Map(xs.map((x) => [x.id, x.name]));
  const customers = map(t.names.customers);
  const instructors = map(t.names.instructors);
  const vehicles = map(t.names.vehicles);
  const of = (m: Map<number, string>, id: number | null) => (id === null ? '' : (m.get(id) ?? ''));
  const c = t.lessons;
  return c.lesson_id.map((lesson_id, i) => ({
    lesson_id,
    kind: c.kind[i]!,
    state: c.state[i]!,
    date: c.date[i]!,
    start_time: c.start_time[i]!,
    end_time: c.end_time[i]!,
    course_type: c.course_type[i]!,
    customer_id: c.customer_id[i] ?? null,
    instructor_id: c.instructor_id[i] ?? null,
    vehicle_id: c.vehicle_id[i] ?? null,
    teacher_id: c.teacher_id[i] ?? null,
    room_name: c.room_name[i] ?? '',
    capacity: c.capacity[i] ?? null,
    enrolled: c.enrolled[i] ?? 0,
    customer_name: of(customers, c.customer_id[i] ?? null),
    instructor_name: of(instructors, c.teacher_id[i] ?? null),
    vehicle_name: of(vehicles, c.vehicle_id[i] ?? null),
  }));
}

/** The week of a Bangkok day as the timetable draws it: Sunday to Saturday (the Thai calendar's week). */
export function weekRange(iso: string): { start: string; end: string } {
  const dow = new Date(`${iso}T00:00:00Z`).getUTCDay();
  const start = addDays(iso, -dow);
  return { start, end: addDays(start, 6) };
}

/** '09:00–10:30' */
export const timeRange = (l: { start_time: string; end_time: string }) => `${l.start_time}–${l.end_time}`;

/** The desk's lessons of the day: practical lessons and seats (not the class rows), in the order they are taught. */
export function deskRows<T extends { kind: string; starts_at: string; lesson_id: number }>(lessons: T[]): T[] {
  return lessons
    .filter((l) => l.kind !== 'class')
    .sort((a, b) => a.starts_at.localeCompare(b.starts_at) || a.lesson_id - b.lesson_id);
}

/** Clock times of a day in steps (the booking forms' time selects). */
export function timeOptions(from = '06:00', to = '21:00', step = 15): { value: string; label: string }[] {
  const toMin = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));
  const out: { value: string; label: string }[] = [];
  for (let m = toMin(from); m <= toMin(to); m += step) {
    const v = `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
    out.push({ value: v, label: `${v} น.` });
  }
  return out;
}

/** The current month and the 23 before it, newest first: { value: 'YYYY-MM', label: 'พฤศจิกายน 2569' }. */
export function reportMonths(today = todayBangkok()): { value: string; label: string }[] {
  let y = Number(today.slice(0, 4));
  let m = Number(today.slice(5, 7));
  const out: { value: string; label: string }[] = [];
  for (let i = 0; i < 24; i++) {
    out.push({ value: `${y}-${String(m).padStart(2, '0')}`, label: `${THAI_MONTHS[m - 1]} ${y + 543}` });
    m -= 1;
    if (m === 0) {
      m = 12;
      y -= 1;
    }
  }
  return out;
}

export interface ReportSheet {
  sheet: string;
  columns: string[];
  rows: (string | number)[][];
}
const STUDENT_PARTS = ['ทฤษฎี', 'ปฏิบัติ'] as const;

/**
 * A report sheet as the screen shows it: the students' sheet (twelve columns in the workbook) folded to six that fit
 * 1024 px — the registration under the name, the licence type under the course, and each part's hours as "this
 * month / to date / the course's" — the other sheets as they are. Cells with a line break are shown on two lines.
 */
export function screenSheet(s: ReportSheet): ReportSheet {
  const at = (title: string) => s.columns.indexOf(title);
  const hours = STUDENT_PARTS.map((p) => [at(`${p}เดือนนี้ (ชม.)`), at(`${p}สะสม (ชม.)`), at(`${p}ตามหลักสูตร (ชม.)`)]);
  const [name, id, code, course, type] = [
    at('ชื่อ-นามสกุล'),
    at('เลขประจำตัวประชาชน'),
    at('ใบสมัคร'),
    at('หลักสูตร'),
    at('ประเภทรถ'),
  ];
  if ([name, id, code, course, type, ...hours.flat()].some((i) => i < 0)) return s;
  return {
    sheet: s.sheet,
    columns: [
      'ลำดับ',
      'ชื่อ-นามสกุล',
      'เลขประจำตัวประชาชน',
      'หลักสูตร',
      ...STUDENT_PARTS.map((p) => `${p} (ชม.)\nเดือนนี้ / สะสม / หลักสูตร`),
    ],
    rows: s.rows.map((r, i) => {
      const idcard = String(r[id] ?? '');
      return [
        i + 1,
        `${r[name]}\n${r[code]}`,
        /^\d{13}$/.test(idcard) ? formatNationalId(idcard) : idcard,
        `${r[course]}\n${r[type]}`,
        ...hours.map((h) => h.map((k) => r[k]).join(' / ')),
      ];
    }),
  };
}
