import { asc, eq } from 'drizzle-orm';
import { fromSatang, todayBangkok } from '@khabkhi/thai';
import type { AccountingQuery, Chart, ExpenseRow, IncomeRow } from '@khabkhi/contracts';
import type { Db } from '../../db/connection.js';
import { expenseCategories, listExpenses } from '../../db/schema/catalog.js';
import { assertBranch, branchScopeWhere, type Actor } from '../../http/auth.js';
import { isAll } from '../../http/envelope.js';
import { badRequest } from '../../http/errors.js';
import { allOf, branchFilter, idFilter, withAll } from '../../http/tables.js';
import { branchOptionsFor } from '../applications/lists.js';
import { buildChart, INCOME_SOURCES, S } from './chart.js';
import {
  expenseAggregates,
  expensePage,
  incomeAggregates,
  incomePage,
  type ExpenseWhere,
  type IncomeWhere,
  type Range,
} from './repo.js';

export const PAY_TYPES = [
  { value: 'cash', name: 'เงินสด' },
  { value: 'transfer', name: 'โอนเงิน' },
];
const SOURCE_NAME: Record<string, string> = Object.fromEntries(INCOME_SOURCES.map((s) => [s.key, s.name]));

/** The period of the accounting screens: given start/end, or the current month in Bangkok. */
export function rangeOf(f: { start?: string; end?: string }): Range {
  const today = todayBangkok();
  const start = f.start || `${today.slice(0, 7)}-01`;
  const end = f.end || (f.start && f.start > today ? f.start : today);
  if (end < start) throw badRequest('วันสิ้นสุด: ต้องไม่ก่อนวันเริ่มต้น');
  if (Number(end.slice(0, 4)) - Number(start.slice(0, 4)) > 10) throw badRequest('วันสิ้นสุด: ช่วงวันที่ต้องไม่เกิน 10 ปี');
  return { start, end };
}

function payTypeOf(v: string | undefined) {
  if (isAll(v)) return undefined;
  if (v !== 'cash' && v !== 'transfer') throw badRequest('ประเภท: ต้องเป็น cash (เงินสด), transfer (โอนเงิน) หรือ ทั้งหมด');
  return v;
}

export function branchOf(actor: Actor, v: string | undefined) {
  const id = branchFilter(v);
  if (id !== undefined) assertBranch(actor, id);
  return id;
}

export function incomeWhere(actor: Actor, q: AccountingQuery): IncomeWhere {
  const source = isAll(q.category) ? undefined : q.category;
  if (source !== undefined && !SOURCE_NAME[source])
    throw badRequest('หมวดหมู่: ต้องเป็น course, fee, request, other หรือ ทั้งหมด');
  return { range: rangeOf(q), branchId: branchOf(actor, q.branch), source, payType: payTypeOf(q.type), text: q.text };
}

export function expenseWhere(actor: Actor, q: AccountingQuery): ExpenseWhere {
  return {
    range: rangeOf(q),
    branchId: branchOf(actor, q.branch),
    payType: payTypeOf(q.type),
    text: q.text,
    categoryId: isAll(q.category) ? undefined : idFilter(q.category),
    listExpensesId: isAll(q.list_expenses) ? undefined : idFilter(q.list_expenses),
  };
}

const iso = (v: string | Date) => (v instanceof Date ? v.toISOString() : new Date(v).toISOString());
export const m = (v: string) => fromSatang(S(v));

/** The chart of a period: the income side with the income filters and the expense side with the expense filters. */
async function chartOf(
  db: Db,
  actor: Actor,
  iw: IncomeWhere,
  ew: ExpenseWhere,
): Promise<{ chart: Chart; incomeCount: number; expenseCount: number }> {
  // the two sides at once (two connections), not one after the other
  const [inc, exp] = await Promise.all([incomeAggregates(db, actor, iw), expenseAggregates(db, actor, ew)]);
  const chart = buildChart(iw.range, {
    incomeDays: inc.days,
    expenseDays: exp.days,
    incomeSources: inc.sources,
    expenseCategories: exp.categories.map((c) => ({
      key: c.key,
      name: c.name,
      value: fromSatang(c.values.reduce((a, v) => a + S(v), 0)),
    })),
  });
  return { chart, incomeCount: inc.count, expenseCount: exp.count };
}

/** Top-level expense categories, each followed by its sub-categories ("น้ำมันเชื้อเพลิง › น้ำมันรถฝึก"). */
async function expenseCategoryOptions(db: Db) {
  const all = await db
    .select()
    .from(expenseCategories)
    .where(eq(expenseCategories.is_delete, false))
    .orderBy(asc(expenseCategories.sort), asc(expenseCategories.name));
  const top = all.filter((c) => c.parent_id === null);
  return top.flatMap((t) => [
    { value: t.category_id, name: t.name },
    ...all
      .filter((c) => c.parent_id === t.category_id)
      .map((c) => ({ value: c.category_id, name: `${t.name} › ${c.name}` })),
  ]);
}

export async function filterOptions(db: Db, actor: Actor, side: 'income' | 'expenses', range: Range) {
  const branchOpts = (await branchOptionsFor(db, actor)).map((b) => ({ value: b.branch_id, name: b.name }));
  const cats =
    side === 'income'
      ? INCOME_SOURCES.map((s) => ({ value: s.key as string, name: s.name as string }))
      : await expenseCategoryOptions(db);
  const items =
    side === 'income'
      ? []
      : await db
          .select({ value: listExpenses.list_expenses_id, name: listExpenses.name })
          .from(listExpenses)
          .where(allOf(eq(listExpenses.is_delete, false), branchScopeWhere(actor, listExpenses.branch_id)))
          .orderBy(asc(listExpenses.name));
  return {
    branch: withAll(branchOpts),
    category: withAll(cats),
    list_expenses: withAll(items),
    type: withAll(PAY_TYPES),
    range,
  };
}

export async function incomeTable(db: Db, actor: Actor, q: AccountingQuery, perPage: number, offset: number) {
  const iw = incomeWhere(actor, q);
  const ew: ExpenseWhere = { range: iw.range, branchId: iw.branchId, payType: iw.payType };
  // the page, the chart with its counts and the filter choices at once
  const [rows, { chart, incomeCount }, filter] = await Promise.all([
    incomePage(db, actor, iw, perPage, offset),
    chartOf(db, actor, iw, ew),
    filterOptions(db, actor, 'income', iw.range),
  ]);
  const data: IncomeRow[] = rows.map((r) => ({
    key: r.key,
    source: r.source as IncomeRow['source'],
    source_name: r.type === 'refund' ? `คืนเงิน (${SOURCE_NAME[r.source]})` : SOURCE_NAME[r.source]!,
    type: r.type,
    date: r.date,
    name: r.name,
    other_name: r.type === 'other_income' ? r.name : '',
    detail: r.detail,
    pay_type: r.pay_type,
    value: m(r.value),
    branch_id: r.branch_id,
    branch_name: r.branch_name,
    user: r.user,
    createdAt: iso(r.created_at),
    application_id: r.application_id,
    application_code: r.application_code,
    application_other_fee_id: r.application_kind === 'fee' ? r.application_id : null,
    payment_id: r.payment_id,
    payment_code: r.payment_code,
    income_id: r.income_id,
    other_income: r.income_id !== null,
    editable: r.income_id !== null,
    file_count: r.file_count,
  }));
  return { data, total: incomeCount, chart, filter };
}

export async function expenseTable(db: Db, actor: Actor, q: AccountingQuery, perPage: number, offset: number) {
  const ew = expenseWhere(actor, q);
  const iw: IncomeWhere = { range: ew.range, branchId: ew.branchId, payType: ew.payType };
  // the page, the chart with its counts and the filter choices at once
  const [rows, { chart, expenseCount }, filter] = await Promise.all([
    expensePage(db, actor, ew, perPage, offset),
    chartOf(db, actor, iw, ew),
    filterOptions(db, actor, 'expenses', ew.range),
  ]);
  const data: ExpenseRow[] = rows.map((r) => ({
    expenses_id: r.expenses_id,
    date: r.date,
    list_expenses_id: r.list_expenses_id,
    list_expenses: r.list_expenses,
    category_id: r.category_id,
    category: r.category,
    vehicle_id: r.vehicle_id,
    vehicle: r.vehicle ?? '',
    user_id: r.user_id,
    employee: r.employee ?? '',
    detail: r.detail,
    pay_type: r.pay_type,
    mile: r.mile,
    value: m(r.value),
    branch_id: r.branch_id,
    branch_name: r.branch_name,
    user: r.user,
    createdAt: iso(r.created_at),
    file_count: r.file_count,
  }));
  return { data, total: expenseCount, chart, filter };
}
