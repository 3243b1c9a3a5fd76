/**
 * The calendar's reads. They are plain SQL answered as the driver's rows: a chain's month is 124 grouped rows, and
 * mapping them through the query builder cost more than building the events from them. Each is a named statement
 * built once per shape of its filters (which of branch, kind and licence type are chosen, and whether the caller sees
 * some branches only): building a short read's SQL text took a tenth of its request's CPU, and the database parses it
 * once per connection instead of at every call.
 */
import { sql, type SQL } from 'drizzle-orm';
import { namedShapes, namedStatement, rowsOf } from '../../db/sql.js';
import { branches } from '../../db/schema/core.js';
import { courseTypes } from '../../db/schema/catalog.js';
import { examSessions } from '../../db/schema/exams.js';

/** What the calendar shows: its dates, and the branches, kind and licence type chosen (undefined: all). */
export interface CalendarFilter {
  start: string;
  end: string;
  /** the caller's branches (null: every branch) */
  scope: number[] | null;
  branch?: number;
  kind?: string;
  type?: string;
}

type Shape = { scope: boolean; branch: boolean; kind: boolean; type: boolean };
const shapeOf = (f: CalendarFilter): Shape => ({
  scope: f.scope !== null,
  branch: f.branch !== undefined,
  kind: f.kind !== undefined,
  type: f.type !== undefined,
});
const valuesOf = (f: CalendarFilter) => ({
  start: f.start,
  end: f.end,
  ...(f.scope !== null ? { scope: f.scope } : {}),
  ...(f.branch !== undefined ? { branch: f.branch } : {}),
  ...(f.kind !== undefined ? { kind: f.kind } : {}),
  ...(f.type !== undefined ? { type: f.type } : {}),
});

/** The live sessions of the dates, in the shape's filters. */
const sessionsIn = (s: Shape): SQL =>
  sql.join(
    [
      sql`not ${examSessions.is_delete}`,
      sql`${examSessions.exam_date} >= ${sql.placeholder('start')} and ${examSessions.exam_date} <= ${sql.placeholder('end')}`,
      s.scope ? sql`${examSessions.branch_id} = any(${sql.placeholder('scope')}::int[])` : undefined,
      s.branch ? sql`${examSessions.branch_id} = ${sql.placeholder('branch')}` : undefined,
      s.kind ? sql`${examSessions.kind} = ${sql.placeholder('kind')}` : undefined,
      s.type ? sql`${examSessions.course_type} = ${sql.placeholder('type')}` : undefined,
    ].filter((x): x is SQL => x !== undefined),
    sql` and `,
  );

type SessionCounts = { capacity: number; booked: number; passed: number; failed: number };
const sessionCounts = sql`sum(${examSessions.capacity})::int as capacity, sum(${examSessions.booked})::int as booked,
  sum(${examSessions.passed})::int as passed, sum(${examSessions.failed})::int as failed`;

const days = namedShapes<Shape>(
  'calendar_days',
  (s) => sql`select ${examSessions.exam_date}::text as date, ${examSessions.kind} as kind,
      ${examSessions.course_type} as course_type, count(*)::int as sessions, ${sessionCounts}
      from ${examSessions} where ${sessionsIn(s)}
      group by ${examSessions.exam_date}, ${examSessions.kind}, ${examSessions.course_type}
      order by ${examSessions.exam_date}, ${examSessions.kind}, ${examSessions.course_type}`,
);

/** A day per kind and licence type with its sessions' counts. */
export async function calendarDays(conn: object, f: CalendarFilter) {
  return rowsOf<{ date: string; kind: string; course_type: string; sessions: number } & SessionCounts>(
    await days(conn, shapeOf(f), valuesOf(f)),
  );
}

const slots = namedShapes<Shape>(
  'calendar_slots',
  (s) => sql`select ${examSessions.exam_date}::text as date, ${examSessions.start_time} as start_time,
      ${examSessions.kind} as kind, ${examSessions.course_type} as course_type, count(*)::int as sessions,
      count(distinct ${examSessions.branch_id})::int as branches, min(${examSessions.session_id})::int as session_id,
      min(${examSessions.branch_id})::int as branch_id, min(${branches.name}) as branch_name, ${sessionCounts}
      from ${examSessions} join ${branches} on ${branches.branch_id} = ${examSessions.branch_id}
      where ${sessionsIn(s)}
      group by ${examSessions.exam_date}, ${examSessions.start_time}, ${examSessions.kind}, ${examSessions.course_type}
      order by ${examSessions.exam_date}, ${examSessions.start_time}, ${examSessions.kind}, ${examSessions.course_type}`,
);

/** A day, time, kind and licence type across branches, with its sessions' counts (one session: that session). */
export async function calendarSlots(conn: object, f: CalendarFilter) {
  return rowsOf<
    {
      date: string;
      start_time: string;
      kind: string;
      course_type: string;
      sessions: number;
      branches: number;
      session_id: number;
      branch_id: number;
      branch_name: string;
    } & SessionCounts
  >(await slots(conn, shapeOf(f), valuesOf(f)));
}

const sessions = namedShapes<Shape>(
  'calendar_sessions',
  (s) => sql`select ${examSessions.session_id} as session_id, ${examSessions.branch_id} as branch_id,
      ${branches.name} as branch_name, ${examSessions.exam_date}::text as exam_date, ${examSessions.start_time} as start_time,
      ${examSessions.kind} as kind, ${examSessions.course_type} as course_type, ${examSessions.capacity} as capacity,
      ${examSessions.booked} as booked, ${examSessions.place} as place, ${examSessions.passed} as passed,
      ${examSessions.failed} as failed
      from ${examSessions} join ${branches} on ${branches.branch_id} = ${examSessions.branch_id}
      where ${sessionsIn(s)}
      order by ${examSessions.exam_date}, ${examSessions.start_time}, ${examSessions.session_id}`,
);

/** Each session with its branch. */
export async function calendarSessions(conn: object, f: CalendarFilter) {
  return rowsOf<{
    session_id: number;
    branch_id: number;
    branch_name: string;
    exam_date: string;
    start_time: string;
    kind: string;
    course_type: string;
    capacity: number;
    booked: number;
    place: string;
    passed: number;
    failed: number;
  }>(await sessions(conn, shapeOf(f), valuesOf(f)));
}

const typeOrder = namedStatement(
  'calendar_type_order',
  () =>
    sql`select ${courseTypes.name} as name from ${courseTypes} order by ${courseTypes.sort}, ${courseTypes.course_type_id}`,
);

/** The licence types' names in their order (the calendar shades each by its place). */
export async function courseTypeOrder(conn: object) {
  return rowsOf<{ name: string }>(await typeOrder(conn, {})).map((r) => r.name);
}
