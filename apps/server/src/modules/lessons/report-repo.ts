/**
 * The SQL of the lessons' documents: a branch's month of completed lessons for the DLT monthly training report, and an
 * instructor's day for the day sheet. Only completed lessons ('done') count as training; the day sheet shows every
 * lesson of the day that is not cancelled.
 */
import { sql } from 'drizzle-orm';
import type { Conn } from '../../db/connection.js';
import { rowsOf } from '../../db/sql.js';

/** The first day of the month and of the next one (YYYY-MM-DD) of a YYYY-MM month. */
export function monthRange(month: string): { from: string; to: string } {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const next = m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
  return { from: `${month}-01`, to: `${next}-01` };
}

const bkk = (col: string) => sql.raw(`(${col} at time zone 'Asia/Bangkok')`);

export async function reportStudents(conn: Conn, branchId: number, month: string) {
  const { from, to } = monthRange(month);
  return rowsOf<{
    customer_id: number;
    customer_name: string;
    idcard: string;
    application_code: string;
    course_name: string;
    course_type: string;
    theory_minutes: number;
    practice_minutes: number;
    theory_total: number;
    practice_total: number;
    theory_required: number;
    practice_required: number;
    first_date: string;
    last_date: string;
  }>(
    await conn.execute(sql`
      with month_lines as (
        select distinct l.line_id from lessons l
        where l.branch_id = ${branchId} and l.state = 'done' and l.kind in ('practice', 'seat')
          and l.starts_at >= (${from}::date)::timestamp at time zone 'Asia/Bangkok'
          and l.starts_at < (${to}::date)::timestamp at time zone 'Asia/Bangkok'
      )
      select c.customer_id, trim(c.prefix || c.fname || ' ' || c.sname) as customer_name, c.idcard,
        a.application_code, ac.course_name, ac.course_type,
        coalesce(sum(l.minutes) filter (where l.kind = 'seat' and l.starts_at >= (${from}::date)::timestamp at time zone 'Asia/Bangkok'), 0)::int as theory_minutes,
        coalesce(sum(l.minutes) filter (where l.kind = 'practice' and l.starts_at >= (${from}::date)::timestamp at time zone 'Asia/Bangkok'), 0)::int as practice_minutes,
        coalesce(sum(l.minutes) filter (where l.kind = 'seat'), 0)::int as theory_total,
        coalesce(sum(l.minutes) filter (where l.kind = 'practice'), 0)::int as practice_total,
        (co.theory_hours * 60)::int as theory_required, (co.practice_hours * 60)::int as practice_required,
        to_char(min(${bkk('l.starts_at')}) filter (where l.starts_at >= (${from}::date)::timestamp at time zone 'Asia/Bangkok'), 'YYYY-MM-DD') as first_date,
        to_char(max(${bkk('l.starts_at')}), 'YYYY-MM-DD') as last_date
      from month_lines ml
      join application_courses ac on ac.line_id = ml.line_id
      join applications a on a.application_id = ac.application_id
      join customers c on c.customer_id = a.customer_id
      join courses co on co.course_id = ac.course_id
      join lessons l on l.line_id = ml.line_id and l.state = 'done' and l.kind in ('practice', 'seat')
        and l.starts_at < (${to}::date)::timestamp at time zone 'Asia/Bangkok'
      group by c.customer_id, c.prefix, c.fname, c.sname, c.idcard, a.application_code, ac.course_name, ac.course_type,
        co.theory_hours, co.practice_hours, ac.line_id
      order by ac.course_type, c.fname, c.sname, ac.line_id`),
  );
}

export async function reportInstructors(conn: Conn, branchId: number, month: string) {
  const { from, to } = monthRange(month);
  return rowsOf<{
    instructor_id: number;
    name: string;
    idcard: string;
    theory_minutes: number;
    practice_minutes: number;
    lessons: number;
    students: number;
  }>(
    await conn.execute(sql`
      select u.user_id as instructor_id, trim(u.prefix || u.fname || ' ' || u.sname) as name, u.idcard,
        coalesce(sum(l.minutes) filter (where l.kind = 'class'), 0)::int as theory_minutes,
        coalesce(sum(l.minutes) filter (where l.kind = 'practice'), 0)::int as practice_minutes,
        count(*)::int as lessons,
        (count(distinct l.customer_id) filter (where l.kind = 'practice')
          + coalesce(sum(l.enrolled) filter (where l.kind = 'class'), 0))::int as students
      from lessons l join users u on u.user_id = l.instructor_id
      where l.branch_id = ${branchId} and l.state = 'done' and l.kind in ('practice', 'class')
        and l.starts_at >= (${from}::date)::timestamp at time zone 'Asia/Bangkok'
        and l.starts_at < (${to}::date)::timestamp at time zone 'Asia/Bangkok'
      group by u.user_id, u.prefix, u.fname, u.sname, u.idcard
      order by u.fname, u.sname`),
  );
}

export async function reportVehicles(conn: Conn, branchId: number, month: string) {
  const { from, to } = monthRange(month);
  return rowsOf<{ vehicle_id: number; plate: string; type: string; lessons: number; practice_minutes: number }>(
    await conn.execute(sql`
      select v.vehicle_id, v.no || ' ' || v.province as plate, v.type,
        count(*)::int as lessons, sum(l.minutes)::int as practice_minutes
      from lessons l join vehicles v on v.vehicle_id = l.vehicle_id
      where l.branch_id = ${branchId} and l.state = 'done' and l.kind = 'practice'
        and l.starts_at >= (${from}::date)::timestamp at time zone 'Asia/Bangkok'
        and l.starts_at < (${to}::date)::timestamp at time zone 'Asia/Bangkok'
      group by v.vehicle_id, v.no, v.province, v.type
      order by v.type, v.no`),
  );
}

/** The lessons and classes an instructor teaches on a Bangkok day, not cancelled, in time order. */
export async function daysheetLessons(conn: Conn, instructorId: number, date: string) {
  return rowsOf<{
    lesson_id: number;
    branch_id: number;
    kind: string;
    state: string;
    start_time: string;
    end_time: string;
    minutes: number;
    course_type: string;
    customer_name: string;
    phone: string;
    application_code: string;
    vehicle: string;
    room: string;
    pickup: string;
    note: string;
  }>(
    await conn.execute(sql`
      select l.lesson_id, l.branch_id, l.kind, l.state,
        to_char(${bkk('l.starts_at')}, 'HH24:MI') as start_time, to_char(${bkk('l.ends_at')}, 'HH24:MI') as end_time,
        l.minutes, l.course_type,
        coalesce(trim(c.prefix || c.fname || ' ' || c.sname), '') as customer_name, coalesce(c.phone_1, '') as phone,
        coalesce(a.application_code, '') as application_code,
        coalesce(v.no || ' ' || v.province, '') as vehicle, coalesce(r.name, '') as room, l.pickup, l.note
      from lessons l
      left join customers c on c.customer_id = l.customer_id
      left join applications a on a.application_id = l.application_id
      left join vehicles v on v.vehicle_id = l.vehicle_id
      left join lesson_rooms r on r.room_id = l.room_id
      where l.instructor_id = ${instructorId} and l.state <> 'cancelled'
        and l.starts_at >= (${date}::date)::timestamp at time zone 'Asia/Bangkok'
        and l.starts_at < (${date}::date + 1)::timestamp at time zone 'Asia/Bangkok'
      order by l.starts_at, l.lesson_id`),
  );
}

/** The students seated in classes (not cancelled), by class. */
export async function classSeats(conn: Conn, classIds: number[]) {
  if (!classIds.length) return [];
  return rowsOf<{ class_id: number; customer_name: string; application_code: string }>(
    await conn.execute(sql`
      select l.class_id, trim(c.prefix || c.fname || ' ' || c.sname) as customer_name, a.application_code
      from lessons l join customers c on c.customer_id = l.customer_id
      join applications a on a.application_id = l.application_id
      where l.kind = 'seat' and l.state <> 'cancelled' and l.class_id in (${sql.join(
        classIds.map((id) => sql`${id}`),
        sql`, `,
      )})
      order by c.fname, c.sname`),
  );
}
