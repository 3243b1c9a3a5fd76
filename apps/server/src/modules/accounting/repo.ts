/**
 * The SQL of accounting. Income = the money core's payments and refunds (read where they are, never copied; voided
 * entries left out) + other incomes typed by staff. Expenses = the expense records with their item and category.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Conn, Db } from '../../db/connection.js';
import type { Actor } from '../../http/auth.js';
import { dayLockSql } from '../applications/index.js';
import { rowsOf } from '../../db/sql.js';

export interface Range {
  start: string;
  end: string;
}
export interface IncomeWhere {
  range: Range;
  branchId?: number;
  source?: string;
  payType?: string;
  text?: string;
}
export interface ExpenseWhere {
  range: Range;
  branchId?: number;
  categoryId?: number;
  listExpensesId?: number;
  payType?: string;
  text?: string;
}

const like = (t: string) => `%${t.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const inScope = (actor: Actor, col: SQL) =>
  actor.branchScope === null
    ? undefined
    : actor.branchScope.length
      ? sql`${col} in (${sql.join(
          actor.branchScope.map((b) => sql`${b}`),
          sql`, `,
        )})`
      : sql`false`;
const and = (parts: (SQL | undefined)[]) =>
  sql.join(
    parts.filter((p): p is SQL => !!p),
    sql` and `,
  );

/** WHERE of the payments side (alias p, application a, customer c). */
function paymentsWhere(actor: Actor, w: IncomeWhere): SQL | null {
  if (w.source === 'other') return null;
  return and([
    sql`not p.is_void`,
    sql`p.business_date between ${w.range.start}::date and ${w.range.end}::date`,
    inScope(actor, sql`p.branch_id`),
    w.branchId !== undefined ? sql`p.branch_id = ${w.branchId}` : undefined,
    w.payType ? sql`p.pay_type = ${w.payType}` : undefined,
    w.source ? sql`a.kind = ${w.source}` : undefined,
    w.text?.trim()
      ? sql`(p.payment_code ilike ${like(w.text)} or a.application_code ilike ${like(w.text)} or (c.fname || ' ' || c.sname) ilike ${like(w.text)} or p.note ilike ${like(w.text)})`
      : undefined,
  ]);
}

/** WHERE of the other incomes side (alias o). */
function otherWhere(actor: Actor, w: IncomeWhere): SQL | null {
  if (w.source && w.source !== 'other') return null;
  return and([
    sql`not o.is_delete`,
    sql`o.date between ${w.range.start}::date and ${w.range.end}::date`,
    inScope(actor, sql`o.branch_id`),
    w.branchId !== undefined ? sql`o.branch_id = ${w.branchId}` : undefined,
    w.payType ? sql`o.pay_type = ${w.payType}` : undefined,
    w.text?.trim() ? sql`(o.name ilike ${like(w.text)} or o.detail ilike ${like(w.text)})` : undefined,
  ]);
}

const PAY_FROM = sql`payments p join applications a on a.application_id = p.application_id join customers c on c.customer_id = a.customer_id`;

export interface IncomeSqlRow {
  key: string;
  source: string;
  type: string;
  date: string;
  name: string;
  detail: string;
  pay_type: string;
  value: string;
  branch_id: number;
  branch_name: string;
  user: string;
  created_at: string | Date;
  application_id: number | null;
  application_code: string | null;
  application_kind: string | null;
  payment_id: number | null;
  payment_code: string | null;
  income_id: number | null;
  file_count: number;
}

export async function incomePage(db: Db, actor: Actor, w: IncomeWhere, limit: number, offset: number) {
  const pw = paymentsWhere(actor, w);
  const ow = otherWhere(actor, w);
  const parts: SQL[] = [];
  if (pw) {
    parts.push(sql`(select 'p' || p.payment_id as key, a.kind as source, p.kind as type, p.business_date::text as date,
      c.prefix || c.fname || ' ' || c.sname as name, p.note as detail, p.pay_type, p.amount::text as value, p.branch_id,
      b.name as branch_name, u.fname || ' ' || u.sname as "user", p.created_at, p.application_id, a.application_code, a.kind as application_kind,
      p.payment_id, p.payment_code, null::int as income_id, 0 as file_count
      from ${PAY_FROM} join branches b on b.branch_id = p.branch_id join users u on u.user_id = p.created_by where ${pw}
      order by p.business_date desc, p.created_at desc, p.payment_id desc limit ${limit + offset})`);
  }
  if (ow) {
    // the attachments are counted for the rows kept, not for every other income of the period before the sort
    parts.push(sql`(select o2.*, (select count(*)::int from accounting_files f where f.income_id = o2.income_id) as file_count from (
      select 'i' || o.income_id as key, 'other' as source, 'other_income' as type, o.date::text as date, o.name, o.detail, o.pay_type,
      o.value::text as value, o.branch_id, b.name as branch_name, u.fname || ' ' || u.sname as "user", o.created_at, null::int as application_id,
      null::text as application_code, null::text as application_kind, null::int as payment_id, null::text as payment_code, o.income_id
      from other_incomes o join branches b on b.branch_id = o.branch_id join users u on u.user_id = o.created_by where ${ow}
      order by o.date desc, o.created_at desc, o.income_id desc limit ${limit + offset}) o2)`);
  }
  if (!parts.length) return [];
  // each side takes its newest limit+offset rows by its own date index, then the two are merged
  return rowsOf<IncomeSqlRow>(
    await db.execute(
      sql`select * from (${sql.join(parts, sql` union all `)}) u order by date desc, created_at desc, left(key, 1) desc, coalesce(payment_id, income_id) desc limit ${limit} offset ${offset}`,
    ),
  );
}

/** Count, per-day sums and per-source sums of the filtered income (the chart and the totals). */
export async function incomeAggregates(db: Db, actor: Actor, w: IncomeWhere) {
  // without a text filter: the per-day totals kept at commit (income_days), not every payment of the period
  if (!w.text?.trim()) {
    const r = rowsOf<{ date: string; source: string; refund: boolean; value: string; n: number }>(
      await db.execute(sql`
      select d.date::text as date, d.source, d.refund, sum(d.value)::text as value, sum(d.n)::int as n from income_days d
      where ${and([
        sql`d.date between ${w.range.start}::date and ${w.range.end}::date`,
        inScope(actor, sql`d.branch_id`),
        w.branchId !== undefined ? sql`d.branch_id = ${w.branchId}` : undefined,
        w.payType ? sql`d.pay_type = ${w.payType}` : undefined,
        w.source ? sql`d.source = ${w.source}` : undefined,
      ])}
      group by 1, 2, 3 having sum(d.n) <> 0 or sum(d.value) <> 0`),
    );
    return {
      count: r.reduce((n, x) => n + x.n, 0),
      days: r.map((x) => ({ date: x.date, value: x.value })),
      sources: r.map((x) => ({ key: x.refund ? 'refund' : x.source, value: x.value })),
    };
  }
  return incomeAggregatesRaw(db, actor, w);
}

/** The same from the payments and other incomes themselves (a text filter; and the benchmark's raw SQL). */
export async function incomeAggregatesRaw(db: Db, actor: Actor, w: IncomeWhere) {
  const pw = paymentsWhere(actor, w);
  const ow = otherWhere(actor, w);
  const days: { date: string; value: string }[] = [];
  const sources: { key: string; value: string }[] = [];
  let count = 0;
  if (pw) {
    const r = rowsOf<{ date: string; kind: string; pkind: string; value: string; n: number }>(
      await db.execute(sql`
      select p.business_date::text as date, a.kind, p.kind as pkind, sum(p.amount)::text as value, count(*)::int as n
      from ${PAY_FROM} where ${pw} group by 1, 2, 3`),
    );
    for (const x of r) {
      days.push({ date: x.date, value: x.value });
      sources.push({ key: x.pkind === 'refund' ? 'refund' : x.kind, value: x.value });
      count += x.n;
    }
  }
  if (ow) {
    const r = rowsOf<{ date: string; value: string; n: number }>(
      await db.execute(sql`
      select o.date::text as date, sum(o.value)::text as value, count(*)::int as n from other_incomes o where ${ow} group by 1`),
    );
    for (const x of r) {
      days.push({ date: x.date, value: x.value });
      sources.push({ key: 'other', value: x.value });
      count += x.n;
    }
  }
  return { count, days, sources };
}

function expensesWhere(actor: Actor, w: ExpenseWhere): SQL {
  return and([
    sql`not e.is_delete`,
    sql`e.date between ${w.range.start}::date and ${w.range.end}::date`,
    inScope(actor, sql`e.branch_id`),
    w.branchId !== undefined ? sql`e.branch_id = ${w.branchId}` : undefined,
    w.payType ? sql`e.pay_type = ${w.payType}` : undefined,
    // a top-level category takes in its sub-categories
    w.categoryId !== undefined
      ? sql`(le.category_id = ${w.categoryId} or le.category_id in (select category_id from expense_categories where parent_id = ${w.categoryId}))`
      : undefined,
    w.listExpensesId !== undefined ? sql`e.list_expenses_id = ${w.listExpensesId}` : undefined,
    w.text?.trim()
      ? sql`(e.detail ilike ${like(w.text)} or le.name ilike ${like(w.text)} or coalesce(v.no, '') ilike ${like(w.text)})`
      : undefined,
  ]);
}
const EXP_FROM = sql`expenses e join list_expenses le on le.list_expenses_id = e.list_expenses_id left join vehicles v on v.vehicle_id = e.vehicle_id`;

export interface ExpenseSqlRow {
  expenses_id: number;
  date: string;
  list_expenses_id: number;
  list_expenses: string;
  category_id: number;
  category: string;
  vehicle_id: number | null;
  vehicle: string | null;
  user_id: number | null;
  employee: string | null;
  detail: string;
  pay_type: string;
  mile: number | null;
  value: string;
  branch_id: number;
  branch_name: string;
  user: string;
  created_at: string | Date;
  file_count: number;
}

export async function expensePage(db: Db, actor: Actor, w: ExpenseWhere, limit: number, offset: number) {
  // the page's ids from the expenses and their filters alone, then the names for those rows only
  const ids = rowsOf<{ id: number }>(
    await db.execute(sql`select e.expenses_id as id from ${EXP_FROM} where ${expensesWhere(actor, w)}
    order by e.date desc, e.created_at desc, e.expenses_id desc limit ${limit} offset ${offset}`),
  ).map((r) => r.id);
  if (!ids.length) return [];
  return rowsOf<ExpenseSqlRow>(
    await db.execute(sql`
    select e.expenses_id, e.date::text as date, e.list_expenses_id, le.name as list_expenses, le.category_id, ec.name as category,
      e.vehicle_id, case when v.vehicle_id is null then null else v.no || ' ' || v.province end as vehicle,
      e.user_id, emp.fname || ' ' || emp.sname as employee, e.detail, e.pay_type, e.mile, e.value::text as value, e.branch_id,
      b.name as branch_name, u.fname || ' ' || u.sname as "user", e.created_at,
      (select count(*)::int from accounting_files f where f.expenses_id = e.expenses_id) as file_count
    from ${EXP_FROM} join expense_categories ec on ec.category_id = le.category_id join branches b on b.branch_id = e.branch_id
      join users u on u.user_id = e.created_by left join users emp on emp.user_id = e.user_id
    where e.expenses_id in (${sql.join(
      ids.map((i) => sql`${i}`),
      sql`, `,
    )}) order by e.date desc, e.created_at desc, e.expenses_id desc`),
  );
}

export async function expenseAggregates(db: Db, actor: Actor, w: ExpenseWhere) {
  // without a text filter: the per-day totals kept at commit (expense_days), the category joined from the item
  if (!w.text?.trim()) {
    const r = rowsOf<{ date: string; category_id: number; value: string; n: number }>(
      await db.execute(sql`
      select d.date::text as date, coalesce(ec.parent_id, ec.category_id) as category_id, sum(d.value)::text as value, sum(d.n)::int as n
      from expense_days d join list_expenses le on le.list_expenses_id = d.list_expenses_id join expense_categories ec on ec.category_id = le.category_id
      where ${and([
        sql`d.date between ${w.range.start}::date and ${w.range.end}::date`,
        inScope(actor, sql`d.branch_id`),
        w.branchId !== undefined ? sql`d.branch_id = ${w.branchId}` : undefined,
        w.payType ? sql`d.pay_type = ${w.payType}` : undefined,
        w.categoryId !== undefined
          ? sql`(le.category_id = ${w.categoryId} or le.category_id in (select category_id from expense_categories where parent_id = ${w.categoryId}))`
          : undefined,
        w.listExpensesId !== undefined ? sql`d.list_expenses_id = ${w.listExpensesId}` : undefined,
      ])}
      group by 1, 2 having sum(d.n) <> 0 or sum(d.value) <> 0`),
    );
    return expenseResult(db, r);
  }
  return expenseAggregatesRaw(db, actor, w);
}

/** The same from the expenses themselves (a text filter; and the benchmark's raw SQL). */
export async function expenseAggregatesRaw(db: Db, actor: Actor, w: ExpenseWhere) {
  const ew = expensesWhere(actor, w);
  const r = rowsOf<{ date: string; category_id: number; value: string; n: number }>(
    await db.execute(sql`
    select e.date::text as date, coalesce(ec.parent_id, ec.category_id) as category_id, sum(e.value)::text as value, count(*)::int as n
    from ${EXP_FROM} join expense_categories ec on ec.category_id = le.category_id where ${ew} group by 1, 2`),
  );
  return expenseResult(db, r);
}

async function expenseResult(db: Db, r: { date: string; category_id: number; value: string; n: number }[]) {
  const names = rowsOf<{ category_id: number; name: string }>(
    await db.execute(sql`select category_id, name from expense_categories`),
  );
  const nameOf = new Map(names.map((n) => [n.category_id, n.name]));
  const byCat = new Map<number, { key: string; name: string; values: string[] }>();
  for (const x of r) {
    const c = byCat.get(x.category_id) ?? {
      key: String(x.category_id),
      name: nameOf.get(x.category_id) ?? '',
      values: [],
    };
    c.values.push(x.value);
    byCat.set(x.category_id, c);
  }
  return {
    count: r.reduce((n, x) => n + x.n, 0),
    days: r.map((x) => ({ date: x.date, value: x.value })),
    categories: [...byCat.values()],
  };
}

/** Is the branch's day closed by the daily cash close (taking the day's lock shared, as the money entries do)? */
export async function dayIsClosed(tx: Conn, branchId: number, date: string): Promise<boolean> {
  await tx.execute(sql`select pg_advisory_xact_lock_shared(${dayLockSql(branchId, date)})`);
  const res = await tx.execute(
    sql`select 1 from cash_closes where branch_id = ${branchId} and business_date = ${date}::date and reopened_at is null`,
  );
  return rowsOf(res).length > 0;
}

/** Profit and loss: sums per month (YYYY-MM) of payments by source (refunds apart), other incomes, and expenses by top-level category. */
export async function profitLossSums(db: Db, actor: Actor, range: Range, branchId?: number) {
  const between = (col: SQL) => sql`${col} between ${range.start}::date and ${range.end}::date`;
  const where = (col: SQL, rest: SQL) =>
    and([rest, inScope(actor, col), branchId !== undefined ? sql`${col} = ${branchId}` : undefined]);
  // from the per-day totals kept at commit (income_days, expense_days)
  const income = rowsOf<{ month: string; key: string; value: string }>(
    await db.execute(sql`
    select to_char(d.date, 'YYYY-MM') as month, case when d.refund then 'refund' else d.source end as key, sum(d.value)::text as value
    from income_days d where ${where(sql`d.branch_id`, between(sql`d.date`))} group by 1, 2`),
  );
  const expenses = rowsOf<{ month: string; key: string; value: string }>(
    await db.execute(sql`
    select to_char(d.date, 'YYYY-MM') as month, coalesce(ec.parent_id, ec.category_id)::text as key, sum(d.value)::text as value
    from expense_days d join list_expenses le on le.list_expenses_id = d.list_expenses_id join expense_categories ec on ec.category_id = le.category_id
    where ${where(sql`d.branch_id`, between(sql`d.date`))} group by 1, 2`),
  );
  const categories = rowsOf<{ key: string; name: string; sort: number }>(
    await db.execute(sql`
    select category_id::text as key, name, sort from expense_categories where parent_id is null order by sort, name`),
  );
  return { income, expenses, categories };
}

/** The per-day totals (kept by triggers) against the payments, other incomes and expenses they summarise: the keys that differ. */
export const DAYS_VIOLATIONS_SQL = sql`
  select 'income/' || coalesce(r.branch_id, d.branch_id) || '/' || coalesce(r.date, d.date) || '/' || coalesce(r.source, d.source) || '/' || coalesce(r.refund, d.refund) || '/' || coalesce(r.pay_type, d.pay_type) as k from
    (select p.branch_id, p.business_date as date, a.kind as source, p.kind = 'refund' as refund, p.pay_type, count(*)::int as n, sum(p.amount) as value
       from payments p join applications a on a.application_id = p.application_id where not p.is_void group by 1, 2, 3, 4, 5
     union all
     select branch_id, date, 'other', false, pay_type, count(*)::int, sum(value) from other_incomes where not is_delete group by 1, 2, 5) r
    full join (select * from income_days where n <> 0 or value <> 0) d using (branch_id, date, source, refund, pay_type)
  where r.n is distinct from d.n or r.value is distinct from d.value
  union all
  select 'expense/' || coalesce(r.branch_id, d.branch_id) || '/' || coalesce(r.date, d.date) || '/' || coalesce(r.list_expenses_id, d.list_expenses_id) || '/' || coalesce(r.pay_type, d.pay_type) from
    (select branch_id, date, list_expenses_id, pay_type, count(*)::int as n, sum(value) as value from expenses where not is_delete group by 1, 2, 3, 4) r
    full join (select * from expense_days where n <> 0 or value <> 0) d using (branch_id, date, list_expenses_id, pay_type)
  where r.n is distinct from d.n or r.value is distinct from d.value`;
