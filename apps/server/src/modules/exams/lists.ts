/** The exam lists: the schedule and history table, sessions with their students, a session, a customer's exams, the home page. */
import { scopedBranchFilter } from '../../http/branch.js';
import { and, asc, desc, eq, gte, lte, ne } from 'drizzle-orm';
import { todayBangkok } from '@khabkhi/thai';
import { EXAM_KIND_NAMES, EXAM_STATUS_NAMES, PERMISSION_STATUS } from '@khabkhi/contracts';
import type { Db } from '../../db/connection.js';
import { branches } from '../../db/schema/core.js';
import { courseTypes } from '../../db/schema/catalog.js';
import { customers } from '../../db/schema/money.js';
import { examAttempts, examSessions } from '../../db/schema/exams.js';
import { assertBranch, branchScopeWhere, type Actor } from '../../http/auth.js';
import { isAll } from '../../http/envelope.js';
import { notFound } from '../../http/errors.js';
import { allOf } from '../../http/tables.js';
import {
  attemptPage,
  attemptsOfSessions,
  examSettings,
  manoeuvresOf,
  sessionDateRange,
  sessionsBetween,
} from './repo.js';
import { permissionTable } from './permission-lists.js';
import { KIND_BY_NAME, STATUS_BY_NAME, attemptApi, codeOf, sessionApi, textFilter, type ExamFilter } from './shared.js';

// ---- tables ----

export async function examTable(db: Db, actor: Actor, f: ExamFilter, limit: number, offset: number) {
  const status = codeOf(f.status, STATUS_BY_NAME);
  const kind = codeOf(f.exam_kind, KIND_BY_NAME);
  const branch = scopedBranchFilter(actor, f.branch);
  const where = allOf(
    branchScopeWhere(actor, examAttempts.branch_id),
    branch !== undefined ? eq(examAttempts.branch_id, branch) : undefined,
    status ? eq(examAttempts.status, status) : ne(examAttempts.status, 'cancelled'),
    kind ? eq(examSessions.kind, kind) : undefined,
    isAll(f.type) ? undefined : eq(examSessions.course_type, f.type!),
    f.date ? eq(examSessions.exam_date, f.date) : undefined,
    !f.date && f.start ? gte(examSessions.exam_date, f.start) : undefined,
    !f.date && f.end ? lte(examSessions.exam_date, f.end) : undefined,
    textFilter(examAttempts.application_id, f.text),
  );
  const order = f.date
    ? [asc(examSessions.start_time), asc(examSessions.session_id), asc(examAttempts.attempt_id)]
    : [
        desc(examSessions.exam_date),
        asc(examSessions.start_time),
        asc(examSessions.session_id),
        asc(examAttempts.attempt_id),
      ];
  const { rows, total } = await attemptPage(db, where, order, limit, offset);
  return { rows: rows.map(attemptApi), total };
}

export async function examFilterOptions(db: Db, actor: Actor) {
  // both lists at once (two round trips side by side)
  const [bs, types] = await Promise.all([
    db
      .select({ name: branches.name, value: branches.branch_id })
      .from(branches)
      .where(and(eq(branches.is_delete, false), branchScopeWhere(actor, branches.branch_id)))
      .orderBy(asc(branches.branch_id)),
    db
      .select({ name: courseTypes.name })
      .from(courseTypes)
      .where(eq(courseTypes.is_delete, false))
      .orderBy(asc(courseTypes.sort)),
  ]);
  const all = { name: 'ทั้งหมด', value: 'ทั้งหมด' };
  return {
    branch: [all, ...bs],
    type: [all, ...types.map((t) => ({ name: t.name, value: t.name }))],
    exam_kind: [all, ...Object.values(EXAM_KIND_NAMES).map((n) => ({ name: n, value: n }))],
  };
}

export const examStatusOptions = () => [
  { name: 'ทั้งหมด', value: 'ทั้งหมด' },
  ...['booked', 'passed', 'failed', 'absent', 'cancelled'].map((k) => ({
    name: EXAM_STATUS_NAMES[k]!,
    value: EXAM_STATUS_NAMES[k]!,
  })),
];
export const permissionStatusOptions = () => [
  { name: 'ทั้งหมด', value: 'ทั้งหมด' },
  ...Object.values(PERMISSION_STATUS).map((n) => ({ name: n, value: n })),
];

export async function sessionsWithStudents(
  db: Db,
  actor: Actor,
  f0: { branch?: string; start?: string; end?: string; exam_kind?: string; type?: string },
) {
  const branch = scopedBranchFilter(actor, f0.branch);
  const f = { ...f0, start: f0.start ?? todayBangkok() };
  const kind = codeOf(f.exam_kind, KIND_BY_NAME);
  const sessions = await sessionsBetween(
    db,
    allOf(
      sessionDateRange(f.start, f.end || f.start),
      branchScopeWhere(actor, examSessions.branch_id),
      branch !== undefined ? eq(examSessions.branch_id, branch) : undefined,
      kind ? eq(examSessions.kind, kind) : undefined,
      isAll(f.type) ? undefined : eq(examSessions.course_type, f.type!),
    ),
  );
  const students = await attemptsOfSessions(
    db,
    sessions.map((s) => s.session_id),
  );
  return sessions.map((s) => ({
    ...sessionApi(s),
    students: students.filter((a) => a.session_id === s.session_id).map(attemptApi),
  }));
}

export async function sessionDetail(db: Db, actor: Actor, sessionId: number) {
  const [s] = await sessionsBetween(db, eq(examSessions.session_id, sessionId));
  if (!s) throw notFound('ไม่พบรอบสอบนี้');
  assertBranch(actor, s.branch_id);
  const st = await examSettings(db);
  const students = (await attemptsOfSessions(db, [sessionId])).map(attemptApi);
  const manoeuvres = s.kind === 'practical' ? await manoeuvresOf(db, s.course_type) : [];
  return {
    ...sessionApi(s),
    students,
    manoeuvres,
    theory_questions: st.exam_theory_questions,
    theory_pass_mark: st.exam_theory_pass_mark,
  };
}

/** customer/exam — a customer's exams across all applications (the caller's branches). */
export async function customerExams(db: Db, actor: Actor, customerId: number) {
  const [c] = await db
    .select({ id: customers.customer_id })
    .from(customers)
    .where(eq(customers.customer_id, customerId));
  if (!c) throw notFound('ไม่พบลูกค้านี้');
  const { rows } = await attemptPage(
    db,
    allOf(
      eq(examAttempts.customer_id, customerId),
      ne(examAttempts.status, 'cancelled'),
      branchScopeWhere(actor, examAttempts.branch_id),
    ),
    [desc(examSessions.exam_date), desc(examAttempts.attempt_id)],
    100,
    0,
  );
  return rows.map(attemptApi);
}

/** The home page: today's sessions and the permissions that end within the warning days. */
export async function examHome(db: Db, actor: Actor) {
  const st = await examSettings(db);
  const today = todayBangkok();
  const sessions = await sessionsBetween(
    db,
    allOf(eq(examSessions.exam_date, today), branchScopeWhere(actor, examSessions.branch_id)),
  );
  const { rows, total } = await permissionTable(db, actor, { status: PERMISSION_STATUS.expiring }, 10, 0);
  return {
    today: sessions.map(sessionApi),
    expiring: rows,
    expiring_total: total,
    warn_days: st.exam_permission_warn_days,
  };
}

/** The roster of a session for the document: number, name, national ID, course. */
export async function rosterData(db: Db, sessionId: number) {
  const [s] = await sessionsBetween(db, eq(examSessions.session_id, sessionId));
  if (!s) throw notFound('ไม่พบรอบสอบนี้');
  const students = (await attemptsOfSessions(db, [sessionId])).map(attemptApi);
  return { session: sessionApi(s), students };
}
