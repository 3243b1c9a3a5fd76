/**
 * The application lists' reads (application/gettable, the owing and overdue lists, and the page and totals other
 * lists of applications share). Each is a named statement built once per shape of its filters (list-where.ts): the
 * SQL text is written at the first request of a shape, and PostgreSQL parses it once per connection.
 */
import { sql, type SQL } from 'drizzle-orm';
import { todayBangkok } from '@khabkhi/thai';
import type { Db } from '../../db/connection.js';
import { branches } from '../../db/schema/core.js';
import { courseTypes } from '../../db/schema/catalog.js';
import { applications, applicationStats, customers } from '../../db/schema/money.js';
import type { Actor } from '../../http/auth.js';
import { namedOptions, withAll } from '../../http/tables.js';
import { STATUS, STATUS_LIST } from './money.js';
import { Kind, m } from './kinds.js';
import { isoTimestamp, namedShapes, rowsOf } from '../../db/sql.js';
import {
  listConditions,
  listQueryOf,
  pageIdsSql,
  placeholders as p,
  statsAnswer,
  statsConditions,
  textMatchOf,
  textMatchSql,
  valuesOf,
  type ListFilter,
  type ListShape,
  type TextMatchKind,
} from './list-where.js';

const textIds = namedShapes<Record<TextMatchKind, boolean>>(
  'application_text_ids',
  // materialized: a bare LIMIT would tempt the planner into walking all applications for a fast start
  (s) =>
    sql`with m as materialized (${textMatchSql(s.digits ? 'digits' : s.people ? 'people' : 'peopleOrCode', p)})
      select application_id from m limit 5001`,
);

/**
 * The text filter as a list of ids when the matches are few (the usual case at the counter), so the list
 * and its count use the primary key instead of walking the date index past every non-match.
 */
export async function resolveText(db: Db, f: ListFilter): Promise<ListFilter> {
  const text = f.text?.trim();
  if (!text || f.textIds) return f;
  const match = textMatchOf(text);
  const shape = { digits: false, people: false, peopleOrCode: false, [match.kind]: true };
  const ids = rowsOf<{ application_id: number }>(await textIds(db, shape, match.values)).map((r) => r.application_id);
  return ids.length <= 5000 ? { ...f, textIds: ids } : f;
}

/** The applications a list's filters pick (the branch checked against the caller's scope), with their values in it. */
export function listWhere(actor: Actor, f: ListFilter, kind: string): SQL {
  const q = listQueryOf(actor, f, kind);
  return listConditions(q.shape, valuesOf(q));
}

/**
 * One page of a list's applications (newest first) as a condition on their ids, for a filter whose text is resolved
 * (resolveText), with its values in it (pageIdsSql). `extra` narrows the applications further (a screen's filter).
 */
export function applicationPageWhere(
  actor: Actor,
  f: ListFilter,
  perPage: number,
  offset: number,
  kind = 'course',
  extra?: SQL,
): SQL {
  const q = listQueryOf(actor, f, kind);
  const v = valuesOf({ ...q, values: { ...q.values, limit: perPage, offset } });
  return sql`${applications.application_id} in (${pageIdsSql(q.shape, v, extra)})`;
}

/** A list row's columns (with rowFrom): the application, its customer, branch and course names. */
const rowColumns = sql`${applications.application_id} as application_id,
  ${applications.application_code} as application_code, ${isoTimestamp('"applications"."created_at"')} as "createdAt",
  ${applications.branch_id} as branch_id, ${branches.name} as branch_name, ${applications.customer_id} as customer_id,
  ${customers.prefix} || ${customers.fname} || ' ' || ${customers.sname} as customer_name,
  ${customers.idcard} as idcard, ${customers.phone_1} as phone_1,
  (select string_agg(l.course_name, ', ' order by l.line_no) from application_courses l
    where l.application_id = ${applications.application_id}) as course_names,
  ${applications.total}::text as total, ${applications.discount}::text as discount, ${applications.net}::text as net,
  ${applications.paid}::text as paid, ${applications.balance}::text as balance, ${applications.status} as status,
  ${applications.note} as note`;
const rowFrom = sql`${applications}
  join ${customers} on ${customers.customer_id} = ${applications.customer_id}
  join ${branches} on ${branches.branch_id} = ${applications.branch_id}`;

interface RowDb {
  application_id: number;
  application_code: string;
  createdAt: string;
  branch_id: number;
  branch_name: string;
  customer_id: number;
  customer_name: string;
  idcard: string;
  phone_1: string;
  course_names: string | null;
  total: string;
  discount: string;
  net: string;
  paid: string;
  balance: string;
  status: string;
  note: string;
}
function rowApi<R extends RowDb>(r: R) {
  return {
    ...r,
    total: m(r.total),
    discount: m(r.discount),
    net: m(r.net),
    paid: m(r.paid),
    balance: m(r.balance),
    // what is still owed: nothing once refunded or cancelled (the rest of net is not charged), as on the detail
    due: r.status === STATUS.owing || r.status === STATUS.paid ? m(r.balance) : '0',
  };
}

const tablePage = namedShapes<ListShape>(
  'application_list_page',
  (s) => sql`select ${rowColumns} from ${rowFrom}
    where ${applications.application_id} in (${pageIdsSql(s, p)})
    order by ${applications.createdAt} desc, ${applications.application_id} desc`,
);

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
  const q = listQueryOf(actor, await resolveText(db, f0), kind);
  const res = await tablePage(db, q.shape, { ...q.values, limit: perPage, offset });
  return rowsOf<RowDb>(res).map(rowApi);
}

const moneySums = (
  t: typeof applications | typeof applicationStats,
) => sql`coalesce(sum(${t.paid_cash}), 0)::text as cash,
  coalesce(sum(${t.paid_transfer}), 0)::text as transfer, coalesce(sum(${t.paid}), 0)::text as paid,
  coalesce(sum(${t.balance}) filter (where ${t.status} = ${STATUS.owing}), 0)::text as balance,
  coalesce(sum(${t.net}), 0)::text as net`;
const statsSummary = namedShapes<ListShape>(
  'application_stats_summary',
  (s) => sql`select coalesce(sum(${applicationStats.n}), 0)::int as n, ${moneySums(applicationStats)}
    from ${applicationStats} where ${statsConditions(s, p)}`,
);
const listSummary = namedShapes<ListShape>(
  'application_list_summary',
  (s) => sql`select count(*)::int as n, ${moneySums(applications)} from ${applications} where ${listConditions(s, p)}`,
);

/**
 * How many applications the filters match and their money (paid by cash and by transfer, owed), in one query:
 * from the per-branch statistics when the filters allow, otherwise summed over the matching applications. Owed is
 * only what open applications still owe (a refunded or cancelled one owes nothing, whatever its balance).
 */
export async function applicationSummary(db: Db, actor: Actor, f0: ListFilter, kind = 'course') {
  const q = listQueryOf(actor, await resolveText(db, f0), kind);
  const res = await (statsAnswer(q.shape) ? statsSummary : listSummary)(db, q.shape, q.values);
  const r = rowsOf<{ n: number; cash: string; transfer: string; paid: string; balance: string; net: string }>(res)[0]!;
  return {
    total: r.n,
    totals: { cash: m(r.cash), transfer: m(r.transfer), paid: m(r.paid), balance: m(r.balance), net: m(r.net) },
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

const overduePage = namedShapes<ListShape>(
  'application_overdue_page',
  (s) => sql`select ${rowColumns},
      (${p('today')}::date - (${applications.createdAt} at time zone 'Asia/Bangkok')::date)::int as days,
      (select min(l.exam_date)::text from application_courses l
        where l.application_id = ${applications.application_id}) as exam_date,
      ${isoTimestamp(`(select max(p.created_at) from payments p where p.application_id = "applications"."application_id" and not p.is_void)`)} as last_paid_at
    from ${rowFrom} where ${listConditions(s, p)}
    order by ${applications.createdAt}, ${applications.application_id} limit ${p('limit')} offset ${p('offset')}`,
);

/** application/getforoverdue rows: how long the balance has been owed and whether the exam date has passed. */
export async function overdueTable(
  db: Db,
  actor: Actor,
  f0: ListFilter,
  perPage: number,
  offset: number,
  kind: Kind = 'course',
) {
  const q = listQueryOf(actor, await resolveText(db, f0), kind);
  const today = todayBangkok();
  const res = await overduePage(db, q.shape, { ...q.values, today, limit: perPage, offset });
  return rowsOf<RowDb & { days: number; exam_date: string | null; last_paid_at: string | null }>(res).map((r) => ({
    ...rowApi(r),
    days: r.days,
    exam_date: r.exam_date,
    exam_passed: r.exam_date !== null && r.exam_date < today,
    last_paid_at: r.last_paid_at,
  }));
}
