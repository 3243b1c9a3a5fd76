import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { branches, day, ts, users } from './core.js';
import { courses, evaluates } from './catalog.js';
import { applicationCourses, applications } from './money.js';
import { vehicles } from './fleet.js';

/**
 * The school's evaluation and vehicle-check rules (one row, id 1): the levels an instructor gives a criterion,
 * the lowest level that counts as passed, and the checklist of a vehicle check per vehicle type. Data, not code:
 * the row is created with the defaults on first use and may be edited later.
 */
export const evaluationSettings = pgTable('evaluation_settings', {
  id: integer('id').primaryKey().default(1),
  /** [{ value: 1, name: 'ต้องปรับปรุง' }, …] lowest first */
  levels: jsonb('levels').$type<{ value: number; name: string }[]>().notNull(),
  /** the lowest level that passes a criterion */
  pass_level: integer('pass_level').notNull(),
  /** checklist items of a vehicle check: { car: [...], motorcycle: [...] } */
  check_items: jsonb('check_items').$type<Record<'car' | 'motorcycle', string[]>>().notNull(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/**
 * One training session of a student's course line by an instructor: the hours of theory and practice done that
 * day, and the levels given to the criteria evaluated (evaluation_results). A criterion's current level is its
 * latest result; the hours done are the sum over the line's sessions.
 */
export const studentEvaluations = pgTable(
  'student_evaluations',
  {
    evaluation_id: integer('evaluation_id').primaryKey().generatedAlwaysAsIdentity(),
    branch_id: integer('branch_id')
      .notNull()
      .references(() => branches.branch_id),
    application_id: integer('application_id')
      .notNull()
      .references(() => applications.application_id),
    line_id: integer('line_id')
      .notNull()
      .references(() => applicationCourses.line_id),
    date: day('date').notNull(),
    instructor_id: integer('instructor_id')
      .notNull()
      .references(() => users.user_id),
    theory_hours: integer('theory_hours').notNull().default(0),
    practice_hours: integer('practice_hours').notNull().default(0),
    note: text('note').notNull().default(''),
    created_by: integer('created_by')
      .notNull()
      .references(() => users.user_id),
    is_delete: boolean('is_delete').notNull().default(false),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('student_evaluations_line').on(t.line_id, t.date),
    index('student_evaluations_branch_date').on(t.branch_id, t.date),
    check(
      'student_evaluations_hours',
      sql`${t.theory_hours} between 0 and 24 and ${t.practice_hours} between 0 and 24`,
    ),
  ],
);

export const evaluationResults = pgTable(
  'evaluation_results',
  {
    evaluation_id: integer('evaluation_id')
      .notNull()
      .references(() => studentEvaluations.evaluation_id),
    evaluate_id: integer('evaluate_id')
      .notNull()
      .references(() => evaluates.evaluate_id),
    level: integer('level').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.evaluation_id, t.evaluate_id] }),
    index('evaluation_results_evaluate').on(t.evaluate_id),
  ],
);

/**
 * The check of the vehicle a student is examined in: the student's own or one of the branch's exam cars. It
 * fails when the tax or the พ.ร.บ. (compulsory insurance) has expired on the exam day, or an item of the
 * checklist is not in order (result and fail_reasons are computed by the service).
 */
export const vehicleChecks = pgTable(
  'vehicle_checks',
  {
    check_id: integer('check_id').primaryKey().generatedAlwaysAsIdentity(),
    branch_id: integer('branch_id')
      .notNull()
      .references(() => branches.branch_id),
    application_id: integer('application_id')
      .notNull()
      .references(() => applications.application_id),
    line_id: integer('line_id').references(() => applicationCourses.line_id),
    check_date: day('check_date').notNull(),
    /** the day the tax and พ.ร.บ. must still be valid on */
    exam_date: day('exam_date').notNull(),
    /** 'student' (the student's own vehicle) or 'school' (an exam car of the branch) */
    owner: text('owner').notNull(),
    vehicle_id: integer('vehicle_id').references(() => vehicles.vehicle_id),
    no: text('no').notNull(),
    province: text('province').notNull(),
    /** 'car' or 'motorcycle' */
    type: text('type').notNull(),
    tax_until: day('tax_until').notNull(),
    compulsory_until: day('compulsory_until').notNull(),
    items: jsonb('items').$type<{ name: string; ok: boolean }[]>().notNull(),
    /** 'pass' or 'fail' */
    result: text('result').notNull(),
    fail_reasons: jsonb('fail_reasons').$type<string[]>().notNull(),
    checked_by: integer('checked_by')
      .notNull()
      .references(() => users.user_id),
    note: text('note').notNull().default(''),
    created_by: integer('created_by')
      .notNull()
      .references(() => users.user_id),
    is_delete: boolean('is_delete').notNull().default(false),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('vehicle_checks_application').on(t.application_id),
    index('vehicle_checks_branch_date').on(t.branch_id, t.check_date),
    // each application's latest live check (the vehicle list's row and its result filter): the migration adds
    // INCLUDE (result), which drizzle cannot declare, so the latest results are an index-only scan
    index('vehicle_checks_latest')
      .on(t.application_id, t.check_date.desc().nullsFirst(), t.check_id.desc().nullsFirst())
      .where(sql`not ${t.is_delete}`),
    check(
      'vehicle_checks_owner',
      sql`${t.owner} in ('student', 'school') and (${t.owner} = 'student' or ${t.vehicle_id} is not null)`,
    ),
    check('vehicle_checks_type', sql`${t.type} in ('car', 'motorcycle')`),
    check('vehicle_checks_result', sql`${t.result} in ('pass', 'fail')`),
  ],
);

/**
 * A course line's training figures kept at commit (the evaluation list's training-status filter and its count read
 * them instead of summing every line's sessions): one row per line with at least one live (not deleted) evaluation
 * or completed lesson — no row is "not started". Rewritten from the line's own evaluations and lessons in the
 * transaction of every evaluation record, update and delete and of every lesson completion
 * (modules/evaluations/training.ts refreshLineTraining), so it cannot drift from them.
 * criteria_passed (the line's criteria of its licence type, active, whose latest level reaches the passing level)
 * depends on the rules too: it is recounted in the transaction that changes the passing level or a criterion.
 * The course's required hours and the number of active criteria are read live, never stored.
 */
export const lineTraining = pgTable(
  'line_training',
  {
    line_id: integer('line_id')
      .primaryKey()
      .references(() => applicationCourses.line_id),
    /** the application's branch (an application never changes branch): filters a branch without the applications */
    branch_id: integer('branch_id')
      .notNull()
      .references(() => branches.branch_id),
    /** the line's course and licence type (a line never changes them): the status count reads no line */
    course_id: integer('course_id')
      .notNull()
      .references(() => courses.course_id),
    course_type: text('course_type').notNull(),
    /** hours typed on its live evaluations (before the lessons module: recorded history) */
    theory_hours: integer('theory_hours').notNull(),
    practice_hours: integer('practice_hours').notNull(),
    /** minutes of its completed lessons: theory-class seats and practical lessons */
    lesson_theory_minutes: integer('lesson_theory_minutes').notNull().default(0),
    lesson_practice_minutes: integer('lesson_practice_minutes').notNull().default(0),
    /** the date of the latest live evaluation or completed lesson (Bangkok day) */
    last_date: day('last_date').notNull(),
    /** live evaluations of the line (0 when it has completed lessons only) */
    evaluations: integer('evaluations').notNull(),
    criteria_passed: integer('criteria_passed').notNull(),
    /** its registration is not cancelled (a cancellation sets it false, in its transaction) */
    live: boolean('live').notNull().default(true),
    /**
     * its training is complete as the rules are now: the course's hours done and every active criterion of its licence
     * type passed — rewritten with the row and whenever a course's hours, a criterion or the passing level change
     */
    complete: boolean('complete').notNull().default(false),
  },
  (t) => [index('line_training_branch').on(t.branch_id)],
);

/**
 * How many stored lines each branch has, live or of a cancelled registration, complete or not: the evaluation list's
 * count of a training status over the branches (no text, licence type or exam stage) sums these rows instead of
 * counting the chain's stored lines. Changed by the deltas of each transaction that changes line_training
 * (training.ts), applied in key order.
 */
export const lineTrainingCounts = pgTable(
  'line_training_counts',
  {
    branch_id: integer('branch_id')
      .notNull()
      .references(() => branches.branch_id),
    live: boolean('live').notNull(),
    complete: boolean('complete').notNull(),
    n: integer('n').notNull().default(0),
  },
  (t) => [primaryKey({ name: 'line_training_counts_pk', columns: [t.branch_id, t.live, t.complete] })],
);

/**
 * The latest level of each criterion a course line was evaluated on (from its live evaluations, newest date then
 * newest evaluation first), whatever the criterion's state: rewritten with line_training.
 */
export const lineCriterionLevels = pgTable(
  'line_criterion_levels',
  {
    line_id: integer('line_id')
      .notNull()
      .references(() => applicationCourses.line_id),
    evaluate_id: integer('evaluate_id')
      .notNull()
      .references(() => evaluates.evaluate_id),
    level: integer('level').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.line_id, t.evaluate_id] }),
    index('line_criterion_levels_evaluate').on(t.evaluate_id),
  ],
);
