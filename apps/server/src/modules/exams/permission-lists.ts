/** The permission lists: the permission table, one application's permissions, and the applications of the exam screens. */
import { scopedBranchFilter } from '../../http/branch.js';
import { and, asc, desc, eq, gt, gte, inArray, lt, lte, ne, sql, type Column, type SQL } from 'drizzle-orm';
import { addDays, todayBangkok } from '@khabkhi/thai';
import { EXAM_STATUS_NAMES, PERMISSION_STATUS, type PermissionRow } from '@khabkhi/contracts';
import type { Conn, Db } from '../../db/connection.js';
import { branches } from '../../db/schema/core.js';
import { applicationCourses, applications, customers } from '../../db/schema/money.js';
import { examAttempts, examPermissionCounts, examPermissions, examSessions } from '../../db/schema/exams.js';
import { assertBranch, branchScopeWhere, type Actor } from '../../http/auth.js';
import { isAll } from '../../http/envelope.js';
import { notFound } from '../../http/errors.js';
import { allOf } from '../../http/tables.js';
import {
  applicationSummary,
  listQueryOf,
  pageIdsSql,
  placeholders,
  resolveText,
  type ListShape,
} from '../applications/index.js';
import { canonicalMoney } from '../../lib/serialize.js';
import { isoTimestamp, namedShapes, namedStatement, rowsOf } from '../../db/sql.js';
import {
  attemptPage,
  customerName,
  examSettings,
  historyOfLines,
  liveLineCount,
  requestFeeInfo,
  type ExamSettingsRow,
} from './repo.js';
import { attemptApi, textFilter, type ExamFilter } from './shared.js';

// ---- the permission table ----

/** A line's permission status, read from its permission row alone (passed, active, date). */
function permissionStatus(st: ExamSettingsRow, today: string) {
  return permissionStatusOn(today, addDays(today, st.exam_permission_warn_days));
}

/** permissionStatus with today and the last day of the warning given as values or a named statement's placeholders. */
function permissionStatusOn(today: unknown, warnEnd: unknown) {
  const p = examPermissions;
  return sql<string>`case
    when ${p.passed} then ${PERMISSION_STATUS.passed}::text
    when not ${p.is_active} then ${PERMISSION_STATUS.disabled}::text
    when ${p.permission_date} < ${today}::date then ${PERMISSION_STATUS.expired}::text
    when ${p.permission_date} <= ${warnEnd}::date then ${PERMISSION_STATUS.expiring}::text
    else ${PERMISSION_STATUS.active}::text end`;
}

/** The columns a permission status is read from: the permission rows, or their counts kept at commit. */
type PermissionColumns = Record<'branch_id' | 'permission_date' | 'passed' | 'is_active', Column>;

/** The same statuses as conditions on the row's columns, so that a status filter is a range of the date index. */
function permissionStatusWhere(
  status: string,
  st: ExamSettingsRow,
  today: string,
  p: PermissionColumns = examPermissions,
): SQL {
  const warnEnd = addDays(today, st.exam_permission_warn_days);
  const running = and(eq(p.passed, false), eq(p.is_active, true))!;
  switch (status) {
    case PERMISSION_STATUS.passed:
      return eq(p.passed, true);
    case PERMISSION_STATUS.disabled:
      return and(eq(p.passed, false), eq(p.is_active, false))!;
    case PERMISSION_STATUS.expired:
      return and(running, lt(p.permission_date, today))!;
    case PERMISSION_STATUS.expiring:
      return and(running, gte(p.permission_date, today), lte(p.permission_date, warnEnd))!;
    case PERMISSION_STATUS.active:
      return and(running, gt(p.permission_date, warnEnd))!;
    default:
      return sql`false`;
  }
}

const permissionFrom = (conn: Conn, select: Record<string, unknown>) =>
  conn
    .select(select as never)
    .from(examPermissions)
    .innerJoin(applicationCourses, eq(applicationCourses.line_id, examPermissions.line_id))
    .innerJoin(applications, eq(applications.application_id, examPermissions.application_id))
    .innerJoin(customers, eq(customers.customer_id, applications.customer_id))
    .innerJoin(branches, eq(branches.branch_id, applications.branch_id));

export function permissionSelect(st: ExamSettingsRow, today: string) {
  const p = examPermissions;
  return {
    line_id: p.line_id,
    application_id: applications.application_id,
    application_code: applications.application_code,
    customer_id: customers.customer_id,
    customer_name: customerName,
    idcard: customers.idcard,
    phone_1: customers.phone_1,
    course_name: applicationCourses.course_name,
    course_type: applicationCourses.course_type,
    exam_date: applicationCourses.exam_date,
    permission_date: p.permission_date,
    is_active: p.is_active,
    status: permissionStatus(st, today),
    days_left: sql<number>`(${p.permission_date} - ${today}::date)::int`,
    passed: p.passed,
    branch_id: applications.branch_id,
    branch_name: branches.name,
    createdAt: applications.createdAt,
  };
}

/**
 * exam/permission: the permissions still running first, the one ending soonest on top, then those already ended, the
 * latest first. Each half is a walk of the (permission_date, line_id) index that stops at the page; the rows are then
 * read for the page's lines only. Without a text or licence type the total is counted on the permission rows alone
 * (an index-only count) minus those of cancelled registrations.
 */
export async function permissionTable(db: Db, actor: Actor, f: ExamFilter, limit: number, offset: number) {
  const st = await examSettings(db);
  const today = todayBangkok();
  const p = examPermissions;
  const branch = scopedBranchFilter(actor, f.branch);
  const ownOf = (c: PermissionColumns) =>
    allOf(
      branchScopeWhere(actor, c.branch_id),
      branch !== undefined ? eq(c.branch_id, branch) : undefined,
      isAll(f.status) ? undefined : permissionStatusWhere(f.status!, st, today, c),
      f.start ? gte(c.permission_date, f.start) : undefined,
      f.end ? lte(c.permission_date, f.end) : undefined,
    );
  const own = ownOf(p);
  const ofLine = allOf(
    isAll(f.type) ? undefined : eq(applicationCourses.course_type, f.type!),
    textFilter(p.application_id, f.text),
  );
  // without a licence type or text the walk reads the permission rows alone, leaving out the few cancelled
  // registrations by their partial index (a later page walks a thousand rows: no join per row)
  const notCancelled = sql`not exists (select 1 from ${applications} where ${applications.application_id} = ${p.application_id} and ${applications.is_delete})`;
  const walk = (half: SQL, order: SQL[]) =>
    ofLine
      ? db
          .select({ line_id: p.line_id })
          .from(p)
          .innerJoin(applicationCourses, eq(applicationCourses.line_id, p.line_id))
          .innerJoin(applications, eq(applications.application_id, p.application_id))
          .where(allOf(own, ofLine, eq(applications.is_delete, false), half))
          .orderBy(...order)
          .limit(offset + limit)
      : db
          .select({ line_id: p.line_id })
          .from(p)
          .where(allOf(own, notCancelled, half))
          .orderBy(...order)
          .limit(offset + limit);
  const count = ofLine
    ? db
        .select({ n: sql<number>`count(*)::int` })
        .from(p)
        .innerJoin(applicationCourses, eq(applicationCourses.line_id, p.line_id))
        .innerJoin(applications, eq(applications.application_id, p.application_id))
        .where(allOf(own, ofLine, eq(applications.is_delete, false)))
        .then((r) => r[0]!.n)
    : // no licence type or text: the counts kept at commit, under the same conditions
      liveLineCount(db, own, ownOf(examPermissionCounts) ?? sql`true`);
  const [running, ended, total] = await Promise.all([
    walk(gte(p.permission_date, today), [asc(p.permission_date), asc(p.line_id)]),
    walk(lt(p.permission_date, today), [desc(p.permission_date), desc(p.line_id)]),
    count,
  ]);
  const ids = [...running, ...ended].slice(offset, offset + limit).map((r) => r.line_id);
  const found = ids.length
    ? ((await permissionFrom(db, permissionSelect(st, today)).where(
        inArray(p.line_id, ids),
      )) as unknown as PermissionRowDb[])
    : [];
  const byId = new Map(found.map((r) => [r.line_id, r]));
  return { rows: ids.map((id) => permissionApi(byId.get(id)!)), total };
}

type PermissionRowDb = { [K in keyof ReturnType<typeof permissionSelect>]: unknown } & {
  createdAt: Date;
  line_id: number;
};
const permissionApi = (r: PermissionRowDb) =>
  ({ ...r, createdAt: r.createdAt.toISOString() }) as unknown as PermissionRow;

const HISTORY_NAMES: Record<string, string> = {
  extend: 'ต่ออายุสิทธิ์สอบ',
  disable: 'ระงับสิทธิ์สอบ',
  changedate: 'เปลี่ยนวันสอบ',
};

/** exam/permission/:id — the permission of every course line of one application, with its history and attempts. */
export async function permissionDetail(db: Db, actor: Actor, applicationId: number) {
  const [app] = await db
    .select({ a: applications, customer_name: customerName, idcard: customers.idcard, branch_name: branches.name })
    .from(applications)
    .innerJoin(customers, eq(customers.customer_id, applications.customer_id))
    .innerJoin(branches, eq(branches.branch_id, applications.branch_id))
    .where(eq(applications.application_id, applicationId));
  if (!app || app.a.kind !== 'course') throw notFound('ไม่พบใบสมัครนี้');
  assertBranch(actor, app.a.branch_id);
  const st = await examSettings(db);
  const lines = (
    (await permissionFrom(db, permissionSelect(st, todayBangkok()))
      .where(eq(applications.application_id, applicationId))
      .orderBy(asc(applicationCourses.line_no))) as unknown as PermissionRowDb[]
  ).map(permissionApi);
  const ids = lines.map((l) => l.line_id);
  const history = await historyOfLines(db, ids);
  const attempts = ids.length
    ? (
        await attemptPage(
          db,
          and(inArray(examAttempts.line_id, ids), ne(examAttempts.status, 'cancelled')),
          [desc(examSessions.exam_date)],
          100,
          0,
        )
      ).rows.map(attemptApi)
    : [];
  return {
    application_id: app.a.application_id,
    application_code: app.a.application_code,
    customer_name: app.customer_name,
    idcard: app.idcard,
    status: app.a.status,
    balance: canonicalMoney(app.a.balance),
    branch_id: app.a.branch_id,
    branch_name: app.branch_name,
    lines: lines.map((l) => ({
      ...l,
      history: history
        .filter((h) => h.line_id === l.line_id)
        .map((h) => ({ ...h, action_name: HISTORY_NAMES[h.action] ?? h.action, createdAt: h.createdAt.toISOString() })),
      attempts: attempts.filter((a) => a.line_id === l.line_id),
    })),
    fees: { extend: await feeApi(db, st.exam_extend_fee_id), changedate: await feeApi(db, st.exam_changedate_fee_id) },
  };
}

async function feeApi(db: Db, id: number | null) {
  const f = await requestFeeInfo(db, id);
  return f ? { ...f, price: canonicalMoney(f.price) } : null;
}

/**
 * application/getforpermission and application/getformanageExam: applications with their course lines' exam state.
 * Live applications only (a cancelled one has no exam); the page and its count are the application list's own
 * (applicationPageWhere, and the per-branch statistics when no text or licence type is given).
 */
export async function applicationsForExam(db: Db, actor: Actor, f: ExamFilter, limit: number, offset: number) {
  const today = todayBangkok();
  const q = await resolveText(db, {
    branch: f.branch,
    status: f.status,
    type: f.type,
    text: isAll(f.text) ? undefined : f.text,
    live: true,
  });
  const lq = listQueryOf(actor, q, 'course');
  const [st, apps, { total: n }] = await Promise.all([
    examSettings(db),
    examApplicationPage(db, lq.shape, { ...lq.values, limit, offset }).then(rowsOf<ExamApplicationDb>),
    applicationSummary(db, actor, q),
  ]);
  const ids = apps.map((a) => a.application_id);
  const lines = ids.length
    ? rowsOf<ExamLineDb>(await examLines(db, { ids, today, warn_end: addDays(today, st.exam_permission_warn_days) }))
    : [];
  const m = canonicalMoney;
  return {
    rows: apps.map((a) => ({
      ...a,
      total: m(a.total),
      discount: m(a.discount),
      net: m(a.net),
      paid: m(a.paid),
      balance: m(a.balance),
      course: lines
        .filter((l) => l.application_id === a.application_id)
        .map((l) => ({
          ...l,
          cost: m(l.cost),
          discount: m(l.discount),
          last_status: l.last_status,
          last_status_name: l.last_status ? EXAM_STATUS_NAMES[l.last_status] : null,
        })),
      other_fee: [] as unknown[],
    })),
    total: n,
  };
}

interface ExamApplicationDb {
  application_id: number;
  application_code: string;
  status: string;
  total: string;
  discount: string;
  net: string;
  paid: string;
  balance: string;
  customer_id: number;
  customer_name: string;
  idcard: string;
  phone_1: string;
  branch_id: number;
  branch_name: string;
  createdAt: string;
}

/** A page of the exam screens' applications (the application list's page of the same filters), newest first. */
const examApplicationPage = namedShapes<ListShape>(
  'exam_application_page',
  (s) => sql`select ${applications.application_id} as application_id,
      ${applications.application_code} as application_code, ${applications.status} as status,
      ${applications.total}::text as total, ${applications.discount}::text as discount, ${applications.net}::text as net,
      ${applications.paid}::text as paid, ${applications.balance}::text as balance,
      ${customers.customer_id} as customer_id, ${customerName} as customer_name, ${customers.idcard} as idcard,
      ${customers.phone_1} as phone_1, ${applications.branch_id} as branch_id, ${branches.name} as branch_name,
      ${isoTimestamp('"applications"."created_at"')} as "createdAt"
    from ${applications}
    join ${customers} on ${customers.customer_id} = ${applications.customer_id}
    join ${branches} on ${branches.branch_id} = ${applications.branch_id}
    where ${applications.application_id} in (${pageIdsSql(s, placeholders)})
    order by ${applications.createdAt} desc, ${applications.application_id} desc`,
);

type ExamLineDb = Omit<PermissionRow, 'status_name'> & {
  application_id: number;
  last_status: string | null;
  cost: string;
  discount: string;
};

/**
 * The course lines of a page of applications with their permission and last exam result: a named statement (its
 * SQL, two dozen columns and a status, was built by the query builder at every request of the exam screens).
 */
const examLines = namedStatement('exam_application_lines', () => {
  const p = examPermissions;
  const l = applicationCourses;
  const today = sql.placeholder('today');
  return sql`select ${p.line_id} as line_id, ${applications.application_id} as application_id,
      ${applications.application_code} as application_code, ${customers.customer_id} as customer_id,
      ${customerName} as customer_name, ${customers.idcard} as idcard, ${customers.phone_1} as phone_1,
      ${l.course_name} as course_name, ${l.course_type} as course_type, ${l.exam_date}::text as exam_date,
      ${p.permission_date}::text as permission_date, ${p.is_active} as is_active,
      ${permissionStatusOn(today, sql.placeholder('warn_end'))} as status,
      (${p.permission_date} - ${today}::date)::int as days_left, ${p.passed} as passed,
      ${applications.branch_id} as branch_id, ${branches.name} as branch_name,
      ${isoTimestamp('"applications"."created_at"')} as "createdAt",
      ${l.cost}::text as cost, ${l.discount}::text as discount,
      (select x.status from exam_attempts x join exam_sessions xs on xs.session_id = x.session_id
        where x.line_id = ${l.line_id} and x.status <> 'cancelled'
        order by xs.exam_date desc, x.attempt_id desc limit 1) as last_status
    from ${examPermissions}
    join ${l} on ${l.line_id} = ${p.line_id}
    join ${applications} on ${applications.application_id} = ${p.application_id}
    join ${customers} on ${customers.customer_id} = ${applications.customer_id}
    join ${branches} on ${branches.branch_id} = ${applications.branch_id}
    where ${applications.application_id} = any(${sql.placeholder('ids')}::int[])
    order by ${l.line_no}`;
});
