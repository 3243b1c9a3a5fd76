/** The exam lists: the schedule and history table, sessions with their students, a session, a customer's exams, the home page. */
import { scopedBranchFilter } from '../../http/branch.js';
import { desc, eq, ne } from 'drizzle-orm';
import { todayBangkok } from '@khabkhi/thai';
import { EXAM_KIND_NAMES, EXAM_STATUS_NAMES, PERMISSION_STATUS } from '@khabkhi/contracts';
import type { Db } from '../../db/connection.js';
import { customers } from '../../db/schema/money.js';
import { examAttempts, examSessions } from '../../db/schema/exams.js';
import { assertBranch, branchScopeWhere, type Actor } from '../../http/auth.js';
import { isAll } from '../../http/envelope.js';
import { notFound } from '../../http/errors.js';
import { allOf, namedOptions, withAll } from '../../http/tables.js';
import {
  attemptPage,
  attemptsOfSessions,
  examSettings,
  manoeuvresOf,
  sessionDateRange,
  sessionsBetween,
} from './repo.js';
import { permissionTable } from './permission-lists.js';
import { attemptTablePage } from './table-read.js';
import { listFilterOptions } from '../applications/index.js';
import { KIND_BY_NAME, STATUS_BY_NAME, attemptApi, codeOf, sessionApi, type ExamFilter } from './shared.js';

// ---- tables ----

export async function examTable(db: Db, actor: Actor, f: ExamFilter, limit: number, offset: number) {
  const kind = codeOf(f.exam_kind, KIND_BY_NAME);
  const { rows, total } = await attemptTablePage(
    db,
    {
      scope: actor.branchScope,
      branch: scopedBranchFilter(actor, f.branch),
      status: codeOf(f.status, STATUS_BY_NAME),
      kind: kind || undefined,
      type: isAll(f.type) ? undefined : f.type!,
      date: f.date || undefined,
      start: f.start || undefined,
      end: f.end || undefined,
      text: isAll(f.text) ? undefined : f.text,
    },
    limit,
    offset,
  );
  return { rows: rows.map(attemptApi), total };
}

/** The exam lists' filter choices: the application lists' branches and licence types, and the exam kinds. */
export async function examFilterOptions(db: Db, actor: Actor) {
  const { branch, type } = await listFilterOptions(db, actor);
  return { branch, type, exam_kind: withAll(namedOptions(Object.values(EXAM_KIND_NAMES))) };
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
