import { asc, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { phoneSearchDigits, todayBangkok } from '@khabkhi/thai';
import type { Db } from '../../db/connection.js';
import { branches } from '../../db/schema/core.js';
import { courseTypes } from '../../db/schema/catalog.js';
import { applications, applicationStats, customers } from '../../db/schema/money.js';
import { assertBranch, branchScopeWhere, type Actor } from '../../http/auth.js';
import { isAll } from '../../http/envelope.js';
import { allOf, branchFilter, namedOptions, withAll } from '../../http/tables.js';
import { STATUS, STATUS_LIST } from './money.js';
import { Kind, m } from './kinds.js';
import { namedShapes, rowsOf } from '../../db/sql.js';

export interface ListFilter {
  branch?: string;
  status?: string;
  type?: string;
  text?: string;
  owingOnly?: boolean;
  /** leave out cancelled applications (the exam screens: status ทั้งหมด means every live one) */
  live?: boolean;
  /** the text filter already resolved to ids (resolveText) */
  textIds?: number[];
  /** registered on these Bangkok days (the application list's date range; the dashboard's new registrations) */
  created?: { start?: string; end?: string };
}

/** The registration date range as a range of instants on created_at (its index), Bangkok days. */
function createdWhere(c: ListFilter['created']): SQL | undefined {
  return allOf(
    c?.start ? sql`${applications.createdAt} >= (${c.start}::date)::timestamp at time zone 'Asia/Bangkok'` : undefined,
    c?.end ? sql`${applications.createdAt} < (${c.end}::date + 1)::timestamp at time zone 'Asia/Bangkok'` : undefined,
  );
}

/**
 * The text filter as a list of ids when the matches are few (the usual case at the counter), so the list
 * and its count use the primary key instead of walking the date index past every non-match.
 */
export async function resolveText(db: Db, f: ListFilter): Promise<ListFilter> {
  const text = f.text?.trim();
  if (!text || f.textIds) return f;
  // materialized: a bare LIMIT would tempt the planner into walking all applications for a fast start
  const res = await db.execute(
    sql`with m as materialized (${applicationIdsMatching(text)}) select application_id from m limit 5001`,
  );
  const ids = rowsOf<{ application_id: number }>(res).map((r) => r.application_id);
  return ids.length <= 5000 ? { ...f, textIds: ids } : f;
}

/** The applications a list's filters pick (the branch checked against the caller's scope). */
export function listWhere(actor: Actor, f: ListFilter, kind: string): SQL | undefined {
  const branchId = branchFilter(f.branch);
  if (branchId !== undefined) assertBranch(actor, branchId);
  const text = f.text?.trim();
  return allOf(
    eq(applications.kind, kind),
    branchScopeWhere(actor, applications.branch_id),
    branchId !== undefined ? eq(applications.branch_id, branchId) : undefined,
    isAll(f.status) ? undefined : eq(applications.status, f.status!),
    f.live ? ne(applications.status, STATUS.cancelled) : undefined,
    createdWhere(f.created),
    isAll(f.type)
      ? undefined
      : sql`exists (select 1 from application_courses l where l.application_id = ${applications.application_id} and l.course_type = ${f.type})`,
    text
      ? f.textIds
        ? f.textIds.length
          ? sql`${applications.application_id} = any(${sql.param(f.textIds)}::int[])`
          : sql`false`
        : sql`${applications.application_id} in (${applicationIdsMatching(text)})`
      : undefined,
  );
}

/** What a typed text is matched as: its digits (an ID or phone number), a name, or a name or a document code. */
export type TextMatchKind = 'digits' | 'people' | 'peopleOrCode';
/** The values a text match binds: the prefix (lower case), the upper-case prefix (a passport) and the anywhere pattern. */
export type TextMatchValue = 'text_prefix' | 'text_upper' | 'text_anywhere';

/** How a text is matched, and the values it binds (LIKE patterns with its wildcards escaped). */
export function textMatchOf(text: string): { kind: TextMatchKind; values: Partial<Record<TextMatchValue, string>> } {
  const t = text.trim();
  const esc = (v: string) => v.replace(/[\\%_]/g, (c) => `\\${c}`);
  // an ID number typed with spaces or dashes, or a phone number however it is typed: its digits
  const digits = phoneSearchDigits(t) ?? t.replace(/[\s-]/g, '');
  if (/^\d+$/.test(digits)) return { kind: 'digits', values: { text_prefix: `${esc(digits)}%` } };
  const values = { text_prefix: `${esc(t.toLowerCase())}%`, text_upper: `${esc(t.toUpperCase())}%` };
  if (!/[A-Za-z0-9]/.test(t)) return { kind: 'people', values };
  return { kind: 'peopleOrCode', values: { ...values, text_anywhere: `%${esc(t)}%` } };
}

/**
 * The ids of the applications a text matches, as SQL whose values come from `value` (the values themselves, or a
 * named statement's placeholders): an ID or phone number from its start (two btree prefix lookups); a full name or
 * surname from its start, or a passport number; and, for a text with a Latin letter or a digit, a document code
 * anywhere in it — a union of index-friendly lookups instead of one OR across two tables.
 */
export function textMatchSql(kind: TextMatchKind, value: (name: TextMatchValue) => unknown): SQL {
  if (kind === 'digits')
    return sql`select a2.application_id from applications a2 where a2.customer_id in (
        select c.customer_id from customers c where c.idcard like ${value('text_prefix')} or c.phone_1 like ${value('text_prefix')})`;
  const people = sql`select a2.application_id from applications a2 where a2.customer_id in (
      select c.customer_id from customers c
      where lower(c.fname || ' ' || c.sname) like ${value('text_prefix')} or lower(c.sname) like ${value('text_prefix')} or c.idcard like ${value('text_upper')})`;
  if (kind === 'people') return people;
  return sql`${people} union all select a3.application_id from applications a3 where a3.application_code ilike ${value('text_anywhere')}`;
}

/** The applications whose code, or whose customer's name, ID number or phone, matches the text (textMatchSql). */
export function applicationIdsMatching(text: string): SQL {
  const m = textMatchOf(text);
  return textMatchSql(m.kind, (n) => m.values[n]);
}

/** Filters the per-branch/kind/status statistics can answer (no text, no course type). */
function statsWhere(actor: Actor, f: ListFilter, kind: string): SQL | undefined | false {
  if (f.text?.trim() || !isAll(f.type) || f.created?.start || f.created?.end) return false;
  const branchId = branchFilter(f.branch);
  return allOf(
    eq(applicationStats.kind, kind),
    branchScopeWhere(actor, applicationStats.branch_id),
    branchId !== undefined ? eq(applicationStats.branch_id, branchId) : undefined,
    isAll(f.status) ? undefined : eq(applicationStats.status, f.status!),
    f.live ? ne(applicationStats.status, STATUS.cancelled) : undefined,
  );
}

const rowSelect = {
  application_id: applications.application_id,
  application_code: applications.application_code,
  createdAt: applications.createdAt,
  branch_id: applications.branch_id,
  branch_name: branches.name,
  customer_id: applications.customer_id,
  customer_name: sql<string>`${customers.prefix} || ${customers.fname} || ' ' || ${customers.sname}`,
  idcard: customers.idcard,
  phone_1: customers.phone_1,
  course_names: sql<string>`(select string_agg(l.course_name, ', ' order by l.line_no) from application_courses l where l.application_id = ${applications.application_id})`,
  total: applications.total,
  discount: applications.discount,
  net: applications.net,
  paid: applications.paid,
  balance: applications.balance,
  status: applications.status,
  note: applications.note,
};

interface RowDb {
  createdAt: Date;
  total: string;
  discount: string;
  net: string;
  paid: string;
  balance: string;
  status: string;
}
function rowApi<R extends RowDb>(r: R) {
  return {
    ...r,
    createdAt: r.createdAt.toISOString(),
    total: m(r.total),
    discount: m(r.discount),
    net: m(r.net),
    paid: m(r.paid),
    balance: m(r.balance),
    // what is still owed: nothing once refunded or cancelled (the rest of net is not charged), as on the detail
    due: r.status === STATUS.owing || r.status === STATUS.paid ? m(r.balance) : '0',
  };
}

/**
 * application/gettable and getforoutstandingBalance: one page of applications with the customer and course
 * names in one statement: the page's ids are taken on the applications index alone, or for a text search from the
 * few matching ids, and only those rows are joined to the customer and branch.
 */
export async function applicationTable(
  db: Db,
  actor: Actor,
  f0: ListFilter,
  perPage: number,
  offset: number,
  kind = 'course',
) {
  const f = await resolveText(db, f0);
  const rows = await db
    .select(rowSelect)
    .from(applications)
    .innerJoin(customers, eq(customers.customer_id, applications.customer_id))
    .innerJoin(branches, eq(branches.branch_id, applications.branch_id))
    .where(applicationPageWhere(db, actor, f, perPage, offset, kind))
    .orderBy(...newestFirst);
  return rows.map(rowApi);
}

/** The order of every application list: newest registration first. */
export const newestFirst = [desc(applications.createdAt), desc(applications.application_id)];

/**
 * One page of a list's applications (newest first) as a condition on their ids, for a filter whose text is resolved
 * (resolveText): the ids are taken on the applications' indexes alone, or for a text search from the few matching
 * ids, so a page joins its customers, branches and lines for its own rows only. `extra` narrows the applications
 * further (a screen's own filter).
 */
export function applicationPageWhere(
  db: Db,
  actor: Actor,
  f: ListFilter,
  perPage: number,
  offset: number,
  kind = 'course',
  extra?: SQL,
): SQL {
  const where = allOf(listWhere(actor, f, kind), extra);
  if (f.textIds) {
    // a few matches: read by primary key, then sorted and paged. OFFSET 0 keeps the matching apart from the
    // LIMIT, which would otherwise tempt the planner to walk the date index past every non-match.
    const matches = db
      .select({ application_id: applications.application_id, created_at: applications.createdAt })
      .from(applications)
      .where(where);
    return sql`${applications.application_id} in (select m.application_id from (${matches} offset 0) m order by m.created_at desc, m.application_id desc limit ${perPage} offset ${offset})`;
  }
  return inArray(
    applications.application_id,
    db
      .select({ id: applications.application_id })
      .from(applications)
      .where(where)
      .orderBy(...newestFirst)
      .limit(perPage)
      .offset(offset),
  );
}

/**
 * How many applications the filters match and their money (paid by cash and by transfer, owed), in one query:
 * from the per-branch statistics when the filters allow, otherwise summed over the matching applications.
 */
export async function applicationSummary(db: Db, actor: Actor, f0: ListFilter, kind = 'course') {
  const f = await resolveText(db, f0);
  const sw = statsWhere(actor, f, kind);
  const t = sw !== false ? applicationStats : applications;
  const q = db.select({
    n: sw !== false ? sql<number>`coalesce(sum(${applicationStats.n}), 0)::int` : sql<number>`count(*)::int`,
    cash: sql<string>`coalesce(sum(${t.paid_cash}), 0)::text`,
    transfer: sql<string>`coalesce(sum(${t.paid_transfer}), 0)::text`,
    // owed: only what open applications still owe (a refunded or cancelled one owes nothing, whatever its balance)
    paid: sql<string>`coalesce(sum(${t.paid}), 0)::text`,
    balance: sql<string>`coalesce(sum(${t.balance}) filter (where ${t.status} = ${STATUS.owing}), 0)::text`,
    net: sql<string>`coalesce(sum(${t.net}), 0)::text`,
  });
  const [r] =
    sw !== false
      ? await q.from(applicationStats).where(sw)
      : await q.from(applications).where(listWhere(actor, f, kind));
  return {
    total: r!.n,
    totals: { cash: m(r!.cash), transfer: m(r!.transfer), paid: m(r!.paid), balance: m(r!.balance), net: m(r!.net) },
  };
}

const filterChoices = namedShapes<{ scope: boolean }>(
  'list_filter_options',
  (s) => sql`select
    (select coalesce(json_agg(json_build_object('value', ${branches.branch_id}, 'name', ${branches.name}) order by ${branches.branch_id}), '[]'::json)
       from ${branches} where not ${branches.is_delete}${s.scope ? sql` and ${branches.branch_id} = any(${sql.placeholder('scope')}::int[])` : sql``}) as branches,
    (select coalesce(json_agg(${courseTypes.name} order by ${courseTypes.sort}, ${courseTypes.name}), '[]'::json)
       from ${courseTypes} where ${courseTypes.is_delete} = false) as types`,
);

/**
 * The choices of the list filters (branches in the user's scope, course types), in one statement (named: built once
 * per scope shape). Every list of applications, evaluations and exams offers these.
 */
export async function listFilterOptions(db: Db, actor: Actor) {
  const scoped = actor.branchScope !== null;
  const res = await filterChoices(db, { scope: scoped }, scoped ? { scope: actor.branchScope } : {});
  const row = rowsOf<{ branches: { value: number; name: string }[]; types: string[] }>(res)[0]!;
  return {
    branch: withAll(row.branches),
    status: withAll(namedOptions(STATUS_LIST)),
    type: withAll(namedOptions(row.types)),
  };
}

/** application/getforoverdue rows: how long the balance has been owed and whether the exam date has passed. */
export async function overdueTable(
  db: Db,
  actor: Actor,
  f0: ListFilter,
  perPage: number,
  offset: number,
  kind: Kind = 'course',
) {
  const f = await resolveText(db, f0);
  const where = listWhere(actor, f, kind);
  const today = todayBangkok();
  const rows = await db
    .select({
      ...rowSelect,
      days: sql<number>`(${today}::date - (${applications.createdAt} at time zone 'Asia/Bangkok')::date)::int`,
      exam_date: sql<
        string | null
      >`(select min(l.exam_date)::text from application_courses l where l.application_id = ${applications.application_id})`,
      last_paid_at: sql<
        string | null
      >`(select max(p.created_at) from payments p where p.application_id = ${applications.application_id} and not p.is_void)`,
    })
    .from(applications)
    .innerJoin(customers, eq(customers.customer_id, applications.customer_id))
    .innerJoin(branches, eq(branches.branch_id, applications.branch_id))
    .where(where)
    .orderBy(asc(applications.createdAt), asc(applications.application_id))
    .limit(perPage)
    .offset(offset);
  return rows.map((r) => ({
    ...rowApi(r),
    days: r.days,
    exam_date: r.exam_date,
    exam_passed: r.exam_date !== null && r.exam_date < today,
    last_paid_at: r.last_paid_at ? new Date(r.last_paid_at).toISOString() : null,
  }));
}
