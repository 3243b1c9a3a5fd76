/**
 * The SQL of the cockpit. Every statement reads the totals the product keeps at commit (income_days,
 * application_stats, exam_sessions.booked) or a small, indexed slice of rows (the day's or month's registrations on
 * applications_kind_branch_created, two weeks of exam sessions on exam_sessions_date_branch, 90 days of exam
 * sessions and their attempts on exam_attempts_session / exam_attempts_line, one month of payrolls on
 * payrolls_month, two weeks of income_days and cash_closes on their primary keys) — never a year of payments.
 */
import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/connection.js';
import { rowsOf } from '../../db/sql.js';

export interface Range {
  start: string;
  end: string;
}

export interface IncomeDayRow {
  branch_id: number;
  period: string;
  pay_type: string;
  refund: boolean;
  value: string;
}

/**
 * income_days summed per branch, named period, pay type and refund: the accounting income list's totals (payments
 * of every kind and other incomes, voided entries left out; refunds negative).
 */
export async function incomeByPeriod(db: Db, branchIds: number[], periods: Record<string, Range>) {
  const names = Object.keys(periods);
  const bounds = names.map((n) => sql`(${n}, ${periods[n]!.start}::date, ${periods[n]!.end}::date)`);
  const lo = names.map((n) => periods[n]!.start).sort()[0]!;
  const hi = names
    .map((n) => periods[n]!.end)
    .sort()
    .at(-1)!;
  return rowsOf<IncomeDayRow>(
    await db.execute(sql`
      with p(name, s, e) as (values ${sql.join(bounds, sql`, `)})
      select d.branch_id, p.name as period, d.pay_type, d.refund, sum(d.value)::text as value
      from income_days d join p on d.date between p.s and p.e
      where d.date between ${lo}::date and ${hi}::date and ${inArray(sql`d.branch_id`, branchIds)}
      group by 1, 2, 3, 4`),
  );
}

/** Course registrations created on these Bangkok days (applications_kind_branch_created). */
export async function registrationsCreated(db: Db, branchIds: number[], r: Range) {
  const [row] = rowsOf<{ n: number }>(
    await db.execute(sql`
      select count(*)::int as n from applications a
      where a.kind = 'course' and ${inArray(sql`a.branch_id`, branchIds)}
        and a.created_at >= (${r.start}::date)::timestamp at time zone 'Asia/Bangkok'
        and a.created_at < (${r.end}::date + 1)::timestamp at time zone 'Asia/Bangkok'`),
  );
  return row?.n ?? 0;
}

/** Course registrations still owing and what they owe, from the per-branch statistics. */
export async function owing(db: Db, branchIds: number[], owingStatus: string) {
  const [row] = rowsOf<{ n: number; balance: string }>(
    await db.execute(sql`
      select coalesce(sum(s.n), 0)::int as n, coalesce(sum(s.balance), 0)::text as balance from application_stats s
      where s.kind = 'course' and s.status = ${owingStatus} and ${inArray(sql`s.branch_id`, branchIds)}`),
  );
  return { n: row?.n ?? 0, balance: row?.balance ?? '0' };
}

export interface SessionRow {
  session_id: number;
  branch_id: number;
  branch_name: string;
  exam_date: string;
  start_time: string;
  exam_kind: string;
  course_type: string;
  capacity: number;
  booked: number;
}

/** The live exam sessions of a date range (exam_sessions_date_branch), soonest first. */
export async function sessionsBetween(db: Db, branchIds: number[], r: Range) {
  return rowsOf<SessionRow>(
    await db.execute(sql`
      select s.session_id, s.branch_id, b.name as branch_name, s.exam_date::text as exam_date, s.start_time,
        s.kind as exam_kind, s.course_type, s.capacity, s.booked
      from exam_sessions s join branches b on b.branch_id = s.branch_id
      where not s.is_delete and s.exam_date between ${r.start}::date and ${r.end}::date
        and ${inArray(sql`s.branch_id`, branchIds)}
      order by s.exam_date, s.start_time, s.session_id`),
  );
}

export interface FirstAttemptRow {
  branch_id: number;
  branch_name: string;
  examiner_key: string;
  examiner: string;
  kind: string;
  sat: number;
  passed: number;
}

/**
 * First attempts in sessions of a date range, grouped by branch, examiner and part: a result (passed or failed) of a
 * course line's part with no earlier result of the same line and part (exam_attempts.first_result, kept by the
 * database at every change). An absence is not a sitting.
 */
export async function firstAttempts(db: Db, branchIds: number[], r: Range) {
  return rowsOf<FirstAttemptRow>(
    await db.execute(sql`
      select s.branch_id, b.name as branch_name,
        coalesce(s.examiner_id::text, 'n:' || s.examiner) as examiner_key,
        coalesce(nullif(s.examiner, ''), 'ไม่ระบุผู้คุมสอบ') as examiner,
        a.kind, count(*)::int as sat, (count(*) filter (where a.status = 'passed'))::int as passed
      from exam_sessions s
      join exam_attempts a on a.session_id = s.session_id
      join branches b on b.branch_id = s.branch_id
      where not s.is_delete and s.exam_date between ${r.start}::date and ${r.end}::date
        and ${inArray(sql`s.branch_id`, branchIds)}
        and a.first_result
      group by 1, 2, 3, 4, 5`),
  );
}

export interface PayrollRow {
  branch_id: number;
  status: string;
  employees: number;
  net: string;
}

/** The payrolls of a month (payrolls_month): their state as the payroll screens keep it. */
export async function payrollsOfMonth(db: Db, branchIds: number[], month: string) {
  return rowsOf<PayrollRow>(
    await db.execute(sql`
      select p.branch_id, p.status, p.employees, p.net::text as net from payrolls p
      where p.month = ${month} and ${inArray(sql`p.branch_id`, branchIds)}`),
  );
}

/**
 * Days of a range on which a branch took payments or refunds (income_days of the payments' sources, voided ones
 * left out) and which have no standing close (a cash_closes row not reopened), oldest first.
 */
export async function unclosedDays(db: Db, branchIds: number[], r: Range) {
  return rowsOf<{ branch_id: number; branch_name: string; date: string }>(
    await db.execute(sql`
      select d.branch_id, b.name as branch_name, d.date::text as date
      from income_days d join branches b on b.branch_id = d.branch_id
      where d.source <> 'other' and d.date between ${r.start}::date and ${r.end}::date
        and ${inArray(sql`d.branch_id`, branchIds)}
        and not exists (select 1 from cash_closes c where c.branch_id = d.branch_id and c.business_date = d.date
          and c.reopened_at is null)
      group by 1, 2, 3 having sum(d.n) > 0
      order by 3, 1`),
  );
}

const LIVE_LESSON = sql`l.state in ('booked', 'checked_in', 'done')`;

/**
 * Instructor utilisation of a week: the minutes of their live lessons (lessons_branch_start) against their weekly
 * hours at these branches (instructor_hours: one of each weekday in a week). Leave days are not subtracted.
 */
export async function instructorUtilisation(db: Db, branchIds: number[], weekStart: string) {
  return rowsOf<{ id: number; name: string; booked: number; available: number }>(
    await db.execute(sql`
      with booked as (
        select l.instructor_id as id, sum(l.minutes)::int as m from lessons l
        where ${LIVE_LESSON} and l.instructor_id is not null and ${inArray(sql`l.branch_id`, branchIds)}
          and l.starts_at >= (${weekStart}::date)::timestamp at time zone 'Asia/Bangkok'
          and l.starts_at < (${weekStart}::date + 7)::timestamp at time zone 'Asia/Bangkok'
        group by 1),
      hours as (
        select h.user_id as id, sum(extract(epoch from (h.end_time::time - h.start_time::time)) / 60)::int as m
        from instructor_hours h where ${inArray(sql`h.branch_id`, branchIds)} group by 1)
      select u.user_id as id, u.prefix || u.fname || ' ' || u.sname as name,
        coalesce(b.m, 0) as booked, coalesce(h.m, 0) as available
      from (select id from booked union select id from hours) x
      join users u on u.user_id = x.id
      left join booked b on b.id = x.id left join hours h on h.id = x.id
      order by coalesce(b.m, 0) desc, u.user_id`),
  );
}

/**
 * Vehicle utilisation of a week: the minutes of live practice lessons per vehicle against the school's lesson day
 * (lesson_settings day_start–day_end) on each of the 7 days — vehicles have no working hours of their own.
 */
export async function vehicleUtilisation(db: Db, branchIds: number[], weekStart: string) {
  return rowsOf<{ id: number; name: string; booked: number; available: number }>(
    await db.execute(sql`
      select v.vehicle_id as id, v.no || ' ' || v.province as name, coalesce(sum(l.minutes), 0)::int as booked,
        (7 * coalesce((select extract(epoch from (s.day_end::time - s.day_start::time)) / 60 from lesson_settings s
          where s.id = 1), 780))::int as available
      from lessons l join vehicles v on v.vehicle_id = l.vehicle_id
      where ${LIVE_LESSON} and ${inArray(sql`l.branch_id`, branchIds)}
        and l.starts_at >= (${weekStart}::date)::timestamp at time zone 'Asia/Bangkok'
        and l.starts_at < (${weekStart}::date + 7)::timestamp at time zone 'Asia/Bangkok'
      group by v.vehicle_id, v.no, v.province
      order by 3 desc, 1`),
  );
}
