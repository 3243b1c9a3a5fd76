/** The lessons' SQL: settings, a course line's context and minutes, lesson rows with their names, locks, overlaps. */
import { eq, sql, type SQL } from 'drizzle-orm';
import { toSatang } from '@khabkhi/thai';
import { TimetableLessons as TimetableLessonsSchema, type TimetableLessons } from '@khabkhi/contracts';
import type { Conn } from '../../db/connection.js';
import { namedArrays, preparedAnywhere, rowsOf as resultRows } from '../../db/sql.js';
import { lessonSettings } from '../../db/schema/lessons.js';
import { courses } from '../../db/schema/catalog.js';
import { applicationCourses, applications, customers } from '../../db/schema/money.js';
import { bangkokClock } from './rules.js';

export type Row = Record<string, unknown>;
export async function rowsOf<T = Row>(conn: Conn, q: SQL): Promise<T[]> {
  return resultRows<T>(await conn.execute(q));
}
const iso = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string).toISOString());
const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

export async function lessonSettingsOf(conn: Conn) {
  const [s] = await conn.select().from(lessonSettings);
  return (
    s ?? {
      id: 1,
      free_cancel_hours: 24,
      min_paid_percent: 0,
      day_start: '07:00',
      day_end: '20:00',
      max_practice_minutes: 240,
      max_class_minutes: 420,
      updatedAt: new Date(),
    }
  );
}
export type LessonSettingsRow = Awaited<ReturnType<typeof lessonSettingsOf>>;

/** Serialises every booking of one course line (its hours are read after): taken before the rules. */
export async function lockLine(conn: Conn, lineId: number) {
  await conn.execute(sql`select line_id from application_courses where line_id = ${lineId} for update`);
}

/** The course line's context (prepared: built once, parsed and planned once per pooled connection). */
const lineContextQuery = preparedAnywhere((conn: Conn) =>
  conn
    .select({
      line_id: applicationCourses.line_id,
      course_name: applicationCourses.course_name,
      course_type: applicationCourses.course_type,
      course_id: applicationCourses.course_id,
      theory_hours: courses.theory_hours,
      practice_hours: courses.practice_hours,
      application_id: applications.application_id,
      application_code: applications.application_code,
      kind: applications.kind,
      branch_id: applications.branch_id,
      status: applications.status,
      is_delete: applications.is_delete,
      net: applications.net,
      paid: applications.paid,
      customer_id: customers.customer_id,
      customer_name: sql<string>`trim(${customers.prefix} || ${customers.fname} || ' ' || ${customers.sname})`,
    })
    .from(applicationCourses)
    .innerJoin(applications, eq(applications.application_id, applicationCourses.application_id))
    .innerJoin(customers, eq(customers.customer_id, applications.customer_id))
    .innerJoin(courses, eq(courses.course_id, applicationCourses.course_id))
    .where(eq(applicationCourses.line_id, sql.placeholder('lineId')))
    .prepare('lesson_line_context'),
);

/** A course line with what the booking rules read: its course's hours, application, money and customer. */
export async function lineContext(conn: Conn, lineId: number) {
  const [r] = await lineContextQuery(conn).execute({ lineId });
  if (!r) return undefined;
  return {
    line_id: Number(r.line_id),
    course_name: String(r.course_name),
    course_type: String(r.course_type),
    theory_hours: Number(r.theory_hours),
    practice_hours: Number(r.practice_hours),
    application_id: Number(r.application_id),
    application_code: String(r.application_code),
    kind: String(r.kind),
    branch_id: Number(r.branch_id),
    status: String(r.status),
    is_delete: Boolean(r.is_delete),
    net: toSatang(String(r.net)),
    paid: toSatang(String(r.paid)),
    customer_id: Number(r.customer_id),
    customer_name: String(r.customer_name),
  };
}
export type LessonLine = NonNullable<Awaited<ReturnType<typeof lineContext>>>;

/** A line's minutes by part and state (practice rows for practice, seats for theory) and the hours typed on evaluations. */
/**
 * Minutes of a part bought beyond the package: the lesson-hour request fees of the registration's paid request
 * applications (balance 0, nothing refunded, not deleted). They go to the registration's first course line.
 */
function extraSql(lineId: number, part: 'theory' | 'practice'): SQL {
  return sql`(select coalesce(sum(f.lesson_hours), 0)::int * 60
      from application_courses me
      join applications ra on ra.related_application_id = me.application_id and ra.kind = 'request'
        and not ra.is_delete and ra.balance = 0 and ra.refunded = 0
      join application_fees af on af.application_id = ra.application_id
      join other_fees f on f.other_fee_id = af.other_fee_id and f.lesson_part = ${part}
      where me.line_id = ${lineId}
        and me.line_id = (select min(x.line_id) from application_courses x where x.application_id = me.application_id))`;
}

export async function lineMinutes(conn: Conn, lineId: number) {
  const [r] = await rowsOf<Record<string, number | string>>(
    conn,
    sql`select
      coalesce(sum(minutes) filter (where kind = 'practice' and state in ('booked', 'checked_in')), 0)::int as p_booked,
      coalesce(sum(minutes) filter (where kind = 'practice' and state = 'done'), 0)::int as p_done,
      coalesce(sum(minutes) filter (where kind = 'practice' and state in ('cancelled', 'no_show') and charged), 0)::int as p_charged,
      coalesce(sum(minutes) filter (where kind = 'seat' and state in ('booked', 'checked_in')), 0)::int as t_booked,
      coalesce(sum(minutes) filter (where kind = 'seat' and state = 'done'), 0)::int as t_done,
      coalesce(sum(minutes) filter (where kind = 'seat' and state in ('cancelled', 'no_show') and charged), 0)::int as t_charged,
      count(*) filter (where kind = 'practice' and state in ('booked', 'checked_in', 'done'))::int as p_live,
      (select coalesce(sum(theory_hours), 0)::int from student_evaluations where line_id = ${lineId} and not is_delete) as t_recorded,
      (select coalesce(sum(practice_hours), 0)::int from student_evaluations where line_id = ${lineId} and not is_delete) as p_recorded,
      ${extraSql(lineId, 'theory')} as t_extra,
      ${extraSql(lineId, 'practice')} as p_extra
    from lessons where line_id = ${lineId}`,
  );
  const n = (k: string) => Number(r?.[k] ?? 0);
  return {
    practice: {
      booked: n('p_booked'),
      delivered: n('p_done'),
      charged: n('p_charged'),
      recorded: n('p_recorded') * 60,
      extra: n('p_extra'),
    },
    theory: {
      booked: n('t_booked'),
      delivered: n('t_done'),
      charged: n('t_charged'),
      recorded: n('t_recorded') * 60,
      extra: n('t_extra'),
    },
    practiceLive: n('p_live'),
  };
}

/**
 * The columns of a lesson row as the lists and lesson/get answer them, with its names. The registration, the student and a seat's class are looked up per lesson by key (lateral,
 * offset 0: never hashed whole — a branch-week of a chain is ~2,000 lessons, the tables they name millions of rows).
 */
const ROW_SELECT = sql`select l.*, b.name as branch_name, coalesce(a.application_code, '') as application_code,
    coalesce(trim(cu.prefix || cu.fname || ' ' || cu.sname), '') as customer_name,
    coalesce(trim(u.prefix || u.fname || ' ' || u.sname), '') as instructor_name,
    coalesce(trim(v.no || ' ' || v.province), '') as vehicle_name, coalesce(r.name, '') as room_name
  from lessons l join branches b on b.branch_id = l.branch_id
  left join lateral (select a.application_code from applications a where a.application_id = l.application_id offset 0) a on true
  left join lateral (select cu.prefix, cu.fname, cu.sname, cu.idcard from customers cu where cu.customer_id = l.customer_id offset 0) cu on true
  left join lateral (select c.instructor_id, c.room_id from lessons c where c.lesson_id = l.class_id offset 0) c on true
  left join users u on u.user_id = coalesce(l.instructor_id, c.instructor_id)
  left join vehicles v on v.vehicle_id = l.vehicle_id
  left join lesson_rooms r on r.room_id = coalesce(l.room_id, c.room_id)`;

export function lessonApi(r: Row) {
  const startsAt = new Date(r.starts_at as string);
  const endsAt = new Date(r.ends_at as string);
  const a = bangkokClock(startsAt);
  return {
    lesson_id: Number(r.lesson_id),
    branch_id: Number(r.branch_id),
    branch_name: String(r.branch_name ?? ''),
    kind: String(r.kind) as 'practice' | 'class' | 'seat',
    state: String(r.state) as 'booked' | 'checked_in' | 'done' | 'cancelled' | 'no_show',
    starts_at: startsAt.toISOString(),
    ends_at: endsAt.toISOString(),
    date: a.date,
    start_time: a.time,
    end_time: bangkokClock(endsAt).time,
    minutes: Number(r.minutes),
    course_type: String(r.course_type),
    line_id: num(r.line_id),
    application_id: num(r.application_id),
    application_code: String(r.application_code ?? ''),
    customer_id: num(r.customer_id),
    customer_name: String(r.customer_name ?? ''),
    instructor_id: num(r.instructor_id),
    instructor_name: String(r.instructor_name ?? ''),
    vehicle_id: num(r.vehicle_id),
    vehicle_name: String(r.vehicle_name ?? ''),
    room_id: num(r.room_id),
    room_name: String(r.room_name ?? ''),
    class_id: num(r.class_id),
    capacity: num(r.capacity),
    enrolled: Number(r.enrolled ?? 0),
    pickup: String(r.pickup ?? ''),
    note: String(r.note ?? ''),
    charged: Boolean(r.charged),
    cancel_by: r.cancel_by === null || r.cancel_by === undefined ? null : String(r.cancel_by),
    cancel_reason: String(r.cancel_reason ?? ''),
    checked_in_at: iso(r.checked_in_at),
    checkin_method: r.checkin_method === null || r.checkin_method === undefined ? null : String(r.checkin_method),
    instructor_checked_in_at: iso(r.instructor_checked_in_at),
  };
}
export type LessonApi = ReturnType<typeof lessonApi>;

export async function lessonRows(conn: Conn, where: SQL, order: SQL, limit?: number, offset = 0) {
  const page = limit === undefined ? sql`` : sql` limit ${limit} offset ${offset}`;
  return (await rowsOf(conn, sql`${ROW_SELECT} where ${where} order by ${order}${page}`)).map(lessonApi);
}

/** The timetable's columns, in the order its statement reads them. */
const TIMETABLE_COLUMNS = Object.keys(TimetableLessonsSchema.properties) as (keyof TimetableLessons)[];

const timetableRead = namedArrays(
  'timetable_lessons',
  () => sql`select l.lesson_id, l.kind, l.state,
        to_char(l.starts_at at time zone 'Asia/Bangkok', 'YYYY-MM-DD') as date,
        to_char(l.starts_at at time zone 'Asia/Bangkok', 'HH24:MI') as start_time,
        to_char(l.ends_at at time zone 'Asia/Bangkok', 'HH24:MI') as end_time,
        l.course_type, l.customer_id, l.instructor_id, l.vehicle_id,
        coalesce(l.instructor_id, case when l.class_id is not null
          then (select c.instructor_id from lessons c where c.lesson_id = l.class_id) end) as teacher_id,
        coalesce(case when l.room_id is not null
          then (select r.name from lesson_rooms r where r.room_id = l.room_id) end, '') as room_name,
        l.capacity, l.enrolled
      from lessons l
      where l.branch_id = ${sql.placeholder('branch')} and l.starts_at >= ${sql.placeholder('from')}::timestamptz
        and l.starts_at < ${sql.placeholder('to')}::timestamptz
      order by l.starts_at, l.lesson_id`,
);

/**
 * The timetable's lessons of a branch starting in [from, to): what the grid draws and nothing else — the Bangkok day
 * and times as text, the ids of who (names come once per id: timetableNames), a class's room — column by column, as
 * the answer carries them. A seat's teacher is its class's instructor, looked up by key only for seats. A named
 * statement read as arrays (a branch-week is some 2,000 lessons: no object per row, each column filled by position).
 */
export async function timetableLessons(
  conn: Conn,
  branch: number,
  from: string,
  to: string,
): Promise<TimetableLessons> {
  const rows = await timetableRead(conn, { branch, from, to });
  const out: Record<string, unknown[]> = {};
  TIMETABLE_COLUMNS.forEach((k, j) => {
    const col = new Array<unknown>(rows.length);
    for (let i = 0; i < rows.length; i++) col[i] = rows[i]![j];
    out[k] = col;
  });
  return out as unknown as TimetableLessons;
}

/** The names of the students, instructors and vehicles the timetable's lessons name, each looked up once by key. */
export async function timetableNames(conn: Conn, lessons: TimetableLessons) {
  const ids = (column: (number | null)[]) => `{${[...new Set(column)].filter((id) => id !== null).join(',')}}`;
  const rows = await rowsOf<{ of: string; id: number; name: string }>(
    conn,
    sql`select 'c' as of, customer_id as id, coalesce(trim(prefix || fname || ' ' || sname), '') as name
        from customers where customer_id = any(${ids(lessons.customer_id)}::int[])
      union all select 'i', user_id, coalesce(trim(prefix || fname || ' ' || sname), '')
        from users where user_id = any(${ids(lessons.teacher_id)}::int[])
      union all select 'v', vehicle_id, coalesce(trim(no || ' ' || province), '')
        from vehicles where vehicle_id = any(${ids(lessons.vehicle_id)}::int[])`,
  );
  const of = (k: string) => rows.filter((r) => r.of === k).map((r) => ({ id: Number(r.id), name: r.name }));
  return { customers: of('c'), instructors: of('i'), vehicles: of('v') };
}

export async function lessonById(conn: Conn, id: number) {
  return (await lessonRows(conn, sql`l.lesson_id = ${id}`, sql`l.lesson_id`))[0];
}

/** The lesson's own row, locked FOR UPDATE (every change of its state takes it first). */
export async function lockLesson(conn: Conn, id: number) {
  const [r] = await rowsOf(conn, sql`select * from lessons where lesson_id = ${id} for update`);
  return r ? rawLesson(r) : undefined;
}
export function rawLesson(r: Row) {
  return {
    lesson_id: Number(r.lesson_id),
    branch_id: Number(r.branch_id),
    kind: String(r.kind) as 'practice' | 'class' | 'seat',
    state: String(r.state),
    starts_at: new Date(r.starts_at as string),
    ends_at: new Date(r.ends_at as string),
    minutes: Number(r.minutes),
    course_type: String(r.course_type),
    line_id: num(r.line_id),
    customer_id: num(r.customer_id),
    instructor_id: num(r.instructor_id),
    vehicle_id: num(r.vehicle_id),
    room_id: num(r.room_id),
    capacity: num(r.capacity),
    enrolled: Number(r.enrolled),
    class_id: num(r.class_id),
    checked_in_at: r.checked_in_at ? new Date(r.checked_in_at as string) : null,
    instructor_checked_in_at: r.instructor_checked_in_at ? new Date(r.instructor_checked_in_at as string) : null,
  };
}
export type RawLesson = ReturnType<typeof rawLesson>;

const OVERLAP_COLUMN: Record<string, string> = {
  lessons_no_instructor_overlap: 'instructor_id',
  lessons_no_vehicle_overlap: 'vehicle_id',
  lessons_no_student_overlap: 'customer_id',
  lessons_no_room_overlap: 'room_id',
};
export const overlapColumn = (constraint: string | undefined) => (constraint ? OVERLAP_COLUMN[constraint] : undefined);

export type HeldColumn = 'instructor_id' | 'vehicle_id' | 'customer_id' | 'room_id';
/** What a refusal names of the lesson already holding a time. */
export interface HeldLesson {
  /** the candidate it holds */
  column: HeldColumn;
  kind: 'practice' | 'class' | 'seat';
  course_type: string;
  starts_at: string;
  ends_at: string;
  customer_name: string;
  instructor_name: string;
  vehicle_name: string;
  room_name: string;
}

/** The probe of heldLesson for one set of candidate columns (prepared: built once per set, planned once per pooled connection). */
const heldQueries = new Map<string, ReturnType<typeof heldQueryOf>>();
const heldQuery = (conn: Conn, columns: HeldColumn[]) => {
  const key = columns.join(',');
  let q = heldQueries.get(key);
  if (!q) heldQueries.set(key, (q = heldQueryOf(columns)));
  return q(conn);
};
const heldQueryOf = (columns: HeldColumn[]) =>
  preparedAnywhere((conn: Conn) => {
    const col = (c: HeldColumn) => sql.raw(`l.${c}`);
    const id = (i: number) => sql.placeholder(`c${i}`);
    const held = columns.map((c, i) => sql`${col(c)} = ${id(i)}::int`);
    const rank = sql.join(
      columns.map((c, i) => sql`when ${col(c)} = ${id(i)}::int then ${sql.raw(String(i))}`),
      sql` `,
    );
    const start = sql`${sql.placeholder('startsAt')}::timestamptz`;
    const end = sql`${sql.placeholder('endsAt')}::timestamptz`;
    return conn
      .select({
        rank: sql<number>`(case ${rank} end)::int`,
        kind: sql<string>`l.kind`,
        course_type: sql<string>`l.course_type`,
        starts_at: sql<string>`l.starts_at`,
        ends_at: sql<string>`l.ends_at`,
        customer_name: sql<string>`coalesce((select trim(cu.prefix || cu.fname || ' ' || cu.sname) from customers cu
        where cu.customer_id = l.customer_id), '')`,
        instructor_name: sql<string>`coalesce((select trim(u.prefix || u.fname || ' ' || u.sname) from users u
        where u.user_id = coalesce(l.instructor_id, (select c.instructor_id from lessons c where c.lesson_id = l.class_id))), '')`,
        vehicle_name: sql<string>`coalesce((select trim(v.no || ' ' || v.province) from vehicles v where v.vehicle_id = l.vehicle_id), '')`,
        room_name: sql<string>`coalesce((select r.name from lesson_rooms r
        where r.room_id = coalesce(l.room_id, (select c.room_id from lessons c where c.lesson_id = l.class_id))), '')`,
      })
      .from(sql`lessons l`)
      .where(
        sql`l.state in ('booked', 'checked_in', 'done') and tstzrange(l.starts_at, l.ends_at) && tstzrange(${start}, ${end})
        and (${sql.join(held, sql` or `)}) and l.lesson_id <> all(${sql.placeholder('notIds')}::int[])`,
      )
      .orderBy(sql`1`, sql`l.starts_at`)
      .limit(1)
      .prepare(`lesson_held_${columns.map((c) => c.split('_')[0]).join('_')}`);
  });

/**
 * The live lesson holding one of the candidates (instructor, vehicle, student, room) at a time overlapping
 * startsAt–endsAt, if any: of the first candidate held, the earliest. One query: the exclusion indexes answer each
 * candidate (a bitmap OR of the gist indexes), and the names are looked up for the one row answered.
 */
export async function heldLesson(
  conn: Conn,
  candidates: { column: HeldColumn; id: number }[],
  startsAt: Date,
  endsAt: Date,
  notIds: number[],
): Promise<HeldLesson | undefined> {
  if (!candidates.length) return undefined;
  const [r] = await heldQuery(
    conn,
    candidates.map((c) => c.column),
  ).execute({
    ...Object.fromEntries(candidates.map((c, i) => [`c${i}`, c.id])),
    startsAt: startsAt.toISOString(),
    endsAt: endsAt.toISOString(),
    notIds: `{${notIds.map(Number).join(',')}}`,
  });
  if (!r) return undefined;
  return {
    column: candidates[Number(r.rank)]!.column,
    kind: String(r.kind) as HeldLesson['kind'],
    course_type: String(r.course_type),
    starts_at: new Date(r.starts_at as string).toISOString(),
    ends_at: new Date(r.ends_at as string).toISOString(),
    customer_name: String(r.customer_name),
    instructor_name: String(r.instructor_name),
    vehicle_name: String(r.vehicle_name),
    room_name: String(r.room_name),
  };
}

// ---- who and what can be booked ----

export async function personName(conn: Conn, userId: number) {
  const [r] = await rowsOf(
    conn,
    sql`select trim(prefix || fname || ' ' || sname) as name from users where user_id = ${userId}`,
  );
  return r ? String(r.name) : `#${userId}`;
}

/** An instructor's weekly intervals at a branch on one weekday, and whether they have any hours at all. */
export async function instructorDay(conn: Conn, userId: number, branchId: number, weekday: number, date: string) {
  const [r] = await rowsOf(
    conn,
    sql`select
      (select count(*)::int from instructor_hours where user_id = ${userId}) as any_hours,
      (select coalesce(json_agg(json_build_object('start_time', start_time, 'end_time', end_time) order by start_time), '[]')
         from instructor_hours where user_id = ${userId} and branch_id = ${branchId} and weekday = ${weekday}) as hours,
      (select reason from instructor_leave where user_id = ${userId} and date = ${date}) as leave`,
  );
  const hours = (typeof r!.hours === 'string' ? JSON.parse(r!.hours) : r!.hours) as {
    start_time: string;
    end_time: string;
  }[];
  return { anyHours: Number(r!.any_hours) > 0, hours, leave: r!.leave === null ? null : String(r!.leave) };
}

export async function vehicleOf(conn: Conn, vehicleId: number) {
  const [r] = await rowsOf(conn, sql`select * from vehicles where vehicle_id = ${vehicleId}`);
  if (!r) return undefined;
  return {
    vehicle_id: Number(r.vehicle_id),
    branch_id: Number(r.branch_id),
    name: `${String(r.no)} ${String(r.province)}`,
    type: String(r.type),
    status: String(r.status),
    is_delete: Boolean(r.is_delete),
    noti_tax: r.noti_tax ? String(r.noti_tax).slice(0, 10) : null,
    noti_compulsory: r.noti_compulsory ? String(r.noti_compulsory).slice(0, 10) : null,
  };
}
export type VehicleRow = NonNullable<Awaited<ReturnType<typeof vehicleOf>>>;

export async function roomOf(conn: Conn, roomId: number) {
  const [r] = await rowsOf(conn, sql`select * from lesson_rooms where room_id = ${roomId}`);
  if (!r) return undefined;
  return {
    room_id: Number(r.room_id),
    branch_id: Number(r.branch_id),
    name: String(r.name),
    capacity: Number(r.capacity),
    is_delete: Boolean(r.is_delete),
  };
}

export async function courseTypeExists(conn: Conn, name: string) {
  const r = await rowsOf(conn, sql`select 1 from course_types where name = ${name} and not is_delete`);
  return r.length > 0;
}
