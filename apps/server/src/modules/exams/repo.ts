/** SQL of the exam module: the reads the tables, calendar and rules need. No HTTP here. */
import { and, asc, desc, eq, gte, inArray, lte, ne, sql, type SQL } from 'drizzle-orm';
import { addDays } from '@khabkhi/thai';
import type { Conn } from '../../db/connection.js';
import { rowsOf } from '../../db/sql.js';
import { branches, schoolSettings, users } from '../../db/schema/core.js';
import { courseTypes, evaluates, otherFees } from '../../db/schema/catalog.js';
import { applicationCourses, applications, customers } from '../../db/schema/money.js';
import {
  examAttempts,
  examPermissionCounts,
  examPermissionHistory,
  examPermissions,
  examSessions,
} from '../../db/schema/exams.js';

export type ExamSettingsRow = Pick<
  typeof schoolSettings.$inferSelect,
  | 'exam_needs_full_payment'
  | 'exam_theory_questions'
  | 'exam_theory_pass_mark'
  | 'exam_retake_wait_days'
  | 'exam_permission_days'
  | 'exam_permission_warn_days'
  | 'exam_min_training_hours'
  | 'exam_extend_fee_id'
  | 'exam_changedate_fee_id'
>;

export async function examSettings(conn: Conn): Promise<ExamSettingsRow> {
  const [s] = await conn
    .select({
      exam_needs_full_payment: schoolSettings.exam_needs_full_payment,
      exam_theory_questions: schoolSettings.exam_theory_questions,
      exam_theory_pass_mark: schoolSettings.exam_theory_pass_mark,
      exam_retake_wait_days: schoolSettings.exam_retake_wait_days,
      exam_permission_days: schoolSettings.exam_permission_days,
      exam_permission_warn_days: schoolSettings.exam_permission_warn_days,
      exam_min_training_hours: schoolSettings.exam_min_training_hours,
      exam_extend_fee_id: schoolSettings.exam_extend_fee_id,
      exam_changedate_fee_id: schoolSettings.exam_changedate_fee_id,
    })
    .from(schoolSettings)
    .where(eq(schoolSettings.id, 1));
  return (
    s ?? {
      exam_needs_full_payment: true,
      exam_theory_questions: 50,
      exam_theory_pass_mark: 45,
      exam_retake_wait_days: 7,
      exam_permission_days: 90,
      exam_permission_warn_days: 14,
      exam_min_training_hours: {},
      exam_extend_fee_id: null,
      exam_changedate_fee_id: null,
    }
  );
}

/** The last day of the exam permission of a line registered on `registered`: the school's permission days later. */
async function permissionEnd(conn: Conn, registered: string) {
  return addDays(registered, (await examSettings(conn)).exam_permission_days);
}

/**
 * Opens the exam permission of a registration's course lines (in its transaction): until the registration date + the
 * school's permission days, active. The setting at registration decides; changing it later moves no running permission.
 */
export async function openPermissions(
  tx: Conn,
  app: { application_id: number; branch_id: number },
  lineIds: number[],
  registered: string,
) {
  if (lineIds.length === 0) return;
  const permission_date = await permissionEnd(tx, registered);
  await tx.insert(examPermissions).values(
    lineIds.map((line_id) => ({
      line_id,
      application_id: app.application_id,
      branch_id: app.branch_id,
      permission_date,
    })),
  );
}

/** Moves the untouched permissions of an application to run from `registered` (the demo back-dates its registrations). */
export async function permissionsFrom(conn: Conn, applicationId: number, registered: string) {
  await conn
    .update(examPermissions)
    .set({ permission_date: await permissionEnd(conn, registered) })
    .where(eq(examPermissions.application_id, applicationId));
}

/**
 * Recomputes `passed` of the lines booked onto a practical session (after its results are recorded or corrected), or
 * of every line when no session is given (the demo seed).
 */
export async function refreshPassed(tx: Conn, sessionId?: number) {
  await tx.execute(sql`update exam_permissions p set passed = x.passed, updated_at = now()
    from (select l.line_id, exists (select 1 from exam_attempts y join exam_sessions ys on ys.session_id = y.session_id
            where y.line_id = l.line_id and y.status = 'passed' and ys.kind = 'practical') as passed
          from ${sessionId === undefined ? sql`exam_permissions l` : sql`exam_attempts l where l.session_id = ${sessionId}`}) x
    where p.line_id = x.line_id and p.passed <> x.passed`);
}

export const customerName = sql<string>`trim(${customers.prefix} || ${customers.fname} || ' ' || ${customers.sname})`;

/** A course line with what the booking rules read: its application, customer and permission. */
export async function lineContext(conn: Conn, lineId: number) {
  const [row] = await conn
    .select({
      line_id: applicationCourses.line_id,
      course_name: applicationCourses.course_name,
      course_type: applicationCourses.course_type,
      exam_date: applicationCourses.exam_date,
      application_id: applications.application_id,
      application_code: applications.application_code,
      kind: applications.kind,
      branch_id: applications.branch_id,
      status: applications.status,
      balance: applications.balance,
      is_delete: applications.is_delete,
      customer_id: customers.customer_id,
      birthday: customers.birthday,
      customer_name: customerName,
      permission_date: examPermissions.permission_date,
      is_active: examPermissions.is_active,
    })
    .from(applicationCourses)
    .innerJoin(applications, eq(applications.application_id, applicationCourses.application_id))
    .innerJoin(customers, eq(customers.customer_id, applications.customer_id))
    .innerJoin(examPermissions, eq(examPermissions.line_id, applicationCourses.line_id))
    .where(eq(applicationCourses.line_id, lineId));
  return row;
}
export type LineContext = NonNullable<Awaited<ReturnType<typeof lineContext>>>;

export async function lockSession(conn: Conn, sessionId: number) {
  const res = await conn.execute(sql`select * from exam_sessions where session_id = ${sessionId} for update`);
  const r = rowsOf<Record<string, unknown>>(res)[0];
  if (!r) return undefined;
  return {
    session_id: Number(r.session_id),
    branch_id: Number(r.branch_id),
    exam_date: String(r.exam_date).slice(0, 10),
    start_time: String(r.start_time),
    kind: String(r.kind),
    course_type: String(r.course_type),
    capacity: Number(r.capacity),
    booked: Number(r.booked),
    is_delete: Boolean(r.is_delete),
    place: String(r.place),
    examiner: String(r.examiner),
  };
}
export type LockedSession = NonNullable<Awaited<ReturnType<typeof lockSession>>>;

export async function minAgeOf(conn: Conn, courseType: string): Promise<number> {
  const [t] = await conn
    .select({ min_age: courseTypes.min_age })
    .from(courseTypes)
    .where(and(eq(courseTypes.name, courseType), eq(courseTypes.is_delete, false)));
  return t?.min_age ?? 0;
}

/** Attempts of a line (not cancelled), newest session first, with their session's date and kind. */
export async function lineAttempts(conn: Conn, lineId: number) {
  return conn
    .select({
      attempt_id: examAttempts.attempt_id,
      session_id: examAttempts.session_id,
      status: examAttempts.status,
      exam_date: examSessions.exam_date,
      kind: examSessions.kind,
      start_time: examSessions.start_time,
    })
    .from(examAttempts)
    .innerJoin(examSessions, eq(examSessions.session_id, examAttempts.session_id))
    .where(and(eq(examAttempts.line_id, lineId), ne(examAttempts.status, 'cancelled')))
    .orderBy(desc(examSessions.exam_date), desc(examAttempts.attempt_id));
}

/** The kinds of exam (theory, practical) the school examines for a licence type: those of its live sessions. */
export async function examKindsOf(conn: Conn, courseType: string): Promise<string[]> {
  const rows = await conn
    .selectDistinct({ kind: examSessions.kind })
    .from(examSessions)
    .where(and(eq(examSessions.course_type, courseType), eq(examSessions.is_delete, false)));
  return rows.map((r) => r.kind);
}

/** The manoeuvres of a licence type's practical exam: its active evaluation criteria of the category 'manoeuvre'. */
export async function manoeuvresOf(conn: Conn, courseType: string) {
  return conn
    .select({ evaluate_id: evaluates.evaluate_id, title: evaluates.title })
    .from(evaluates)
    .where(
      and(
        eq(evaluates.type, courseType),
        eq(evaluates.category, 'manoeuvre'),
        eq(evaluates.is_activate, true),
        eq(evaluates.is_delete, false),
      ),
    )
    .orderBy(asc(evaluates.sort), asc(evaluates.evaluate_id));
}

export async function requestFeeInfo(conn: Conn, id: number | null) {
  if (!id) return null;
  const [f] = await conn
    .select({
      other_fee_id: otherFees.other_fee_id,
      name: otherFees.name,
      price: otherFees.price,
      is_request_fee: otherFees.is_request_fee,
      is_delete: otherFees.is_delete,
      is_activate: otherFees.is_activate,
    })
    .from(otherFees)
    .where(eq(otherFees.other_fee_id, id));
  if (!f || f.is_delete || !f.is_activate || !f.is_request_fee) return null;
  return { other_fee_id: f.other_fee_id, name: f.name, price: f.price };
}

// ---- the attempts table (schedule and history) ----

export const attemptSelect = {
  attempt_id: examAttempts.attempt_id,
  session_id: examAttempts.session_id,
  line_id: examAttempts.line_id,
  application_id: examAttempts.application_id,
  application_code: applications.application_code,
  customer_id: examAttempts.customer_id,
  customer_name: customerName,
  idcard: customers.idcard,
  phone_1: customers.phone_1,
  course_name: applicationCourses.course_name,
  course_type: examSessions.course_type,
  exam_date: examSessions.exam_date,
  start_time: examSessions.start_time,
  kind: examSessions.kind,
  branch_id: examAttempts.branch_id,
  branch_name: branches.name,
  status: examAttempts.status,
  theory_score: examAttempts.theory_score,
  theory_total: examAttempts.theory_total,
  practical: examAttempts.practical,
  place: examSessions.place,
  examiner: examSessions.examiner,
  note: examAttempts.note,
  recorded_at: examAttempts.recorded_at,
  recorded_by_name: sql<string>`coalesce(trim(${users.fname} || ' ' || ${users.sname}), '')`,
};

export function attemptFrom(conn: Conn) {
  return conn
    .select(attemptSelect)
    .from(examAttempts)
    .innerJoin(examSessions, eq(examSessions.session_id, examAttempts.session_id))
    .innerJoin(applications, eq(applications.application_id, examAttempts.application_id))
    .innerJoin(customers, eq(customers.customer_id, examAttempts.customer_id))
    .innerJoin(applicationCourses, eq(applicationCourses.line_id, examAttempts.line_id))
    .innerJoin(branches, eq(branches.branch_id, examAttempts.branch_id))
    .leftJoin(users, eq(users.user_id, examAttempts.recorded_by));
}

/**
 * One page of attempts: the page's ids are chosen on the attempts and their sessions alone (every filter and sort key
 * is there), then only those rows are joined to the customer, application, line and branch.
 */
export async function attemptPage(conn: Conn, where: SQL | undefined, order: SQL[], limit: number, offset: number) {
  const page = conn
    .select({ id: examAttempts.attempt_id })
    .from(examAttempts)
    .innerJoin(examSessions, eq(examSessions.session_id, examAttempts.session_id))
    .where(where)
    .orderBy(...order)
    .limit(limit)
    .offset(offset);
  // the page's rows and the count side by side (two round trips at once, not one after the other); the count joins
  // only the session (every filter is on the attempt, its session, or the application ids of a text)
  const [rows, counted] = await Promise.all([
    attemptFrom(conn)
      .where(inArray(examAttempts.attempt_id, page))
      .orderBy(...order),
    conn
      .select({ n: sql<number>`count(*)::int` })
      .from(examAttempts)
      .innerJoin(examSessions, eq(examSessions.session_id, examAttempts.session_id))
      .where(where),
  ]);
  return { rows, total: counted[0]?.n ?? 0 };
}

// ---- sessions ----

/** A session with its branch, seats, result counts, examiner and note. */
export const sessionSelect = {
  session_id: examSessions.session_id,
  branch_id: examSessions.branch_id,
  branch_name: branches.name,
  exam_date: examSessions.exam_date,
  start_time: examSessions.start_time,
  kind: examSessions.kind,
  course_type: examSessions.course_type,
  capacity: examSessions.capacity,
  booked: examSessions.booked,
  place: examSessions.place,
  passed: examSessions.passed,
  failed: examSessions.failed,
  examiner: examSessions.examiner,
  examiner_id: examSessions.examiner_id,
  note: examSessions.note,
  recorded: examSessions.recorded,
};

/** Sessions (their result counts are kept on the row by exam/result). */
export async function sessionsBetween(conn: Conn, where: SQL | undefined) {
  return conn
    .select(sessionSelect)
    .from(examSessions)
    .innerJoin(branches, eq(branches.branch_id, examSessions.branch_id))
    .where(and(eq(examSessions.is_delete, false), where))
    .orderBy(asc(examSessions.exam_date), asc(examSessions.start_time), asc(examSessions.session_id));
}

export const sessionDateRange = (start: string, end: string) =>
  and(gte(examSessions.exam_date, start), lte(examSessions.exam_date, end));

export async function attemptsOfSessions(conn: Conn, sessionIds: number[]) {
  if (!sessionIds.length) return [];
  return attemptFrom(conn)
    .where(and(inArray(examAttempts.session_id, sessionIds), ne(examAttempts.status, 'cancelled')))
    .orderBy(asc(examAttempts.session_id), asc(customers.fname), asc(examAttempts.attempt_id));
}

export async function historyOfLines(conn: Conn, lineIds: number[]) {
  if (!lineIds.length) return [];
  return conn
    .select({
      history_id: examPermissionHistory.history_id,
      line_id: examPermissionHistory.line_id,
      action: examPermissionHistory.action,
      old_value: examPermissionHistory.old_value,
      new_value: examPermissionHistory.new_value,
      reason: examPermissionHistory.reason,
      request_application_id: examPermissionHistory.request_application_id,
      createdAt: examPermissionHistory.createdAt,
      user_name: sql<string>`trim(${users.fname} || ' ' || ${users.sname})`,
    })
    .from(examPermissionHistory)
    .innerJoin(users, eq(users.user_id, examPermissionHistory.user_id))
    .where(inArray(examPermissionHistory.line_id, lineIds))
    .orderBy(desc(examPermissionHistory.createdAt), desc(examPermissionHistory.history_id));
}

/**
 * How many course lines of live registrations the permission rows under `own` (a condition on exam_permissions) stand
 * for: every course line has its permission row from its registration's transaction, so this is a count of the rows
 * less those of cancelled registrations (read from the partial index of the cancelled ones). `counted`, the same
 * condition on exam_permission_counts (branch, end date, passed, active — no text or licence type): the rows are the
 * counts kept at commit, summed, instead of a count of every permission.
 */
export async function liveLineCount(conn: Conn, own: SQL | undefined, counted?: SQL): Promise<number> {
  const [all, cancelled] = await Promise.all([
    counted !== undefined
      ? conn
          .select({ n: sql<number>`coalesce(sum(${examPermissionCounts.n}), 0)::int` })
          .from(examPermissionCounts)
          .where(counted)
      : conn
          .select({ n: sql<number>`count(*)::int` })
          .from(examPermissions)
          .where(own),
    conn
      .select({ n: sql<number>`count(*)::int` })
      .from(examPermissions)
      .innerJoin(applications, eq(applications.application_id, examPermissions.application_id))
      .where(and(own, eq(applications.is_delete, true))),
  ]);
  return all[0]!.n - cancelled[0]!.n;
}

/**
 * Attempts whose first_result flag is not what it should be: a course line's first result of a part (passed or
 * failed) by exam date, then attempt. Empty when the flags kept by the database (migration 0057) hold.
 */
export const FIRST_RESULT_VIOLATIONS_SQL = `
  select a.attempt_id, a.first_result from exam_attempts a
  where a.first_result is distinct from coalesce(a.attempt_id = (
    select r.attempt_id from exam_attempts r join exam_sessions s on s.session_id = r.session_id
    where r.line_id = a.line_id and r.kind = a.kind and r.status in ('passed', 'failed')
    order by s.exam_date, r.attempt_id limit 1), false)`;
