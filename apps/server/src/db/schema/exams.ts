import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { branches, day, ts, users } from './core.js';
import { applicationCourses, applications, customers } from './money.js';

/**
 * An exam session of a branch: one date and start time, one kind (theory or practical) for one licence type
 * (the course type's name), a number of seats, a place and an examiner. `booked` counts the live attempts and is
 * changed only under the session row's lock (exam/book), so a session is never overbooked.
 */
export const examSessions = pgTable(
  'exam_sessions',
  {
    session_id: integer('session_id').primaryKey().generatedAlwaysAsIdentity(),
    branch_id: integer('branch_id')
      .notNull()
      .references(() => branches.branch_id),
    exam_date: day('exam_date').notNull(),
    /** HH:MM, Bangkok time */
    start_time: text('start_time').notNull().default('09:00'),
    /** 'theory' | 'practical' */
    kind: text('kind').notNull(),
    /** the licence type: a course type's name (course_types.name) */
    course_type: text('course_type').notNull(),
    capacity: integer('capacity').notNull(),
    booked: integer('booked').notNull().default(0),
    /** results recorded so far (exam/result sets them under the session's lock): the calendar reads them without the attempts */
    passed: integer('passed').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    recorded: integer('recorded').notNull().default(0),
    place: text('place').notNull().default(''),
    /** the examiner's name as printed on the roster: an employee's name, or a name typed for an outside examiner */
    examiner: text('examiner').notNull().default(''),
    /** the employee who examines, when picked from the branch's staff (null: an outside examiner or none) */
    examiner_id: integer('examiner_id').references(() => users.user_id),
    note: text('note').notNull().default(''),
    created_by: integer('created_by')
      .notNull()
      .references(() => users.user_id),
    is_delete: boolean('is_delete').notNull().default(false),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('exam_sessions_kind', sql`${t.kind} in ('theory', 'practical')`),
    check('exam_sessions_seats', sql`${t.capacity} > 0 and ${t.booked} >= 0 and ${t.booked} <= ${t.capacity}`),
    index('exam_sessions_date_branch').on(t.exam_date, t.branch_id),
    index('exam_sessions_branch_date').on(t.branch_id, t.exam_date),
  ],
);

/**
 * A student's seat in a session and, once recorded, the result: theory score out of the configured number of
 * questions, or the practical result per manoeuvre (the evaluation criteria of the licence type).
 * status: 'booked' → 'passed' | 'failed' | 'absent'; 'cancelled' when moved to another session or cancelled.
 */
export const examAttempts = pgTable(
  'exam_attempts',
  {
    attempt_id: integer('attempt_id').primaryKey().generatedAlwaysAsIdentity(),
    session_id: integer('session_id')
      .notNull()
      .references(() => examSessions.session_id),
    line_id: integer('line_id')
      .notNull()
      .references(() => applicationCourses.line_id),
    application_id: integer('application_id')
      .notNull()
      .references(() => applications.application_id),
    customer_id: integer('customer_id')
      .notNull()
      .references(() => customers.customer_id),
    branch_id: integer('branch_id')
      .notNull()
      .references(() => branches.branch_id),
    status: text('status').notNull().default('booked'),
    /** the session's part ('theory' | 'practical'), set from the session by a trigger (exam_attempts_kind_trg) */
    kind: text('kind').notNull().default(''),
    theory_score: integer('theory_score'),
    theory_total: integer('theory_total'),
    /** [{ evaluate_id, title, passed }] */
    practical: jsonb('practical'),
    note: text('note').notNull().default(''),
    booked_by: integer('booked_by')
      .notNull()
      .references(() => users.user_id),
    recorded_by: integer('recorded_by').references(() => users.user_id),
    recorded_at: ts('recorded_at'),
    /**
     * the course line's first result (passed or failed) of this part, by exam date then attempt: kept by the database
     * at every change of a result, an attempt or a session's date (migration 0057, exam_first_result_refresh)
     */
    first_result: boolean('first_result').notNull().default(false),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('exam_attempts_status', sql`${t.status} in ('booked', 'passed', 'failed', 'absent', 'cancelled')`),
    check('exam_attempts_kind', sql`${t.kind} in ('theory', 'practical')`),
    // one live booking per course line and exam part, whatever the timing of the requests
    uniqueIndex('exam_attempts_one_booking_per_part')
      .on(t.line_id, t.kind)
      .where(sql`${t.status} = 'booked'`),
    uniqueIndex('exam_attempts_one_live_seat')
      .on(t.session_id, t.line_id)
      .where(sql`${t.status} <> 'cancelled'`),
    index('exam_attempts_session').on(t.session_id),
    index('exam_attempts_line').on(t.line_id),
    index('exam_attempts_customer').on(t.customer_id),
    // the dashboard's first attempts of a range's sessions, read from the index alone (INCLUDE kind, status: 0057)
    index('exam_attempts_first_results')
      .on(t.session_id)
      .where(sql`${t.first_result}`),
  ],
);

/**
 * The exam permission (สิทธิ์สอบ) of a course line: the date until which the student may sit the exam, whether it
 * is active, and whether the line has passed its practical exam. Every course line has its row, written in the
 * registration's transaction (registration date + the setting's days, so a later change of the setting applies to new
 * registrations only); extend and disable change it with a history row, recordResults keeps `passed`. The lists walk
 * it by date: (permission_date, line_id), and per branch.
 */
export const examPermissions = pgTable(
  'exam_permissions',
  {
    line_id: integer('line_id')
      .primaryKey()
      .references(() => applicationCourses.line_id),
    application_id: integer('application_id')
      .notNull()
      .references(() => applications.application_id),
    branch_id: integer('branch_id')
      .notNull()
      .references(() => branches.branch_id),
    permission_date: day('permission_date').notNull(),
    is_active: boolean('is_active').notNull().default(true),
    /** The line has passed its practical exam (the licence course is done); kept by recordResults. */
    passed: boolean('passed').notNull().default(false),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('exam_permissions_date').on(t.permission_date, t.line_id),
    index('exam_permissions_branch_date').on(t.branch_id, t.permission_date, t.line_id),
    index('exam_permissions_application').on(t.application_id),
  ],
);

/** Every change of a permission (extend, disable, enable) and of an exam date: who, when, old and new value, reason. */
export const examPermissionHistory = pgTable(
  'exam_permission_history',
  {
    history_id: integer('history_id').primaryKey().generatedAlwaysAsIdentity(),
    line_id: integer('line_id')
      .notNull()
      .references(() => applicationCourses.line_id),
    /** 'extend' | 'disable' | 'changedate' */
    action: text('action').notNull(),
    old_value: text('old_value').notNull().default(''),
    new_value: text('new_value').notNull().default(''),
    reason: text('reason').notNull().default(''),
    /** the request-fee application made in the same step, if any */
    request_application_id: integer('request_application_id'),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.user_id),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('exam_permission_history_line').on(t.line_id)],
);

/**
 * How many permission rows (course lines) each branch has per end date and state, kept at commit by a deferred
 * trigger on exam_permissions: the lists' totals without a text or licence type sum these instead of counting every
 * permission.
 */
export const examPermissionCounts = pgTable(
  'exam_permission_counts',
  {
    branch_id: integer('branch_id').notNull(),
    permission_date: day('permission_date').notNull(),
    passed: boolean('passed').notNull(),
    is_active: boolean('is_active').notNull(),
    n: integer('n').notNull().default(0),
  },
  (t) => [
    primaryKey({ name: 'exam_permission_counts_pk', columns: [t.branch_id, t.permission_date, t.passed, t.is_active] }),
    index('exam_permission_counts_date').on(t.permission_date),
  ],
);
