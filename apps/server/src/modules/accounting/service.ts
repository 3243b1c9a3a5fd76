import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { THAI_MONTHS_SHORT, addDays, formatThaiDate, fromSatang, todayBangkok, toSatang } from '@khabkhi/thai';
import type {
  AccountingQuery,
  Chart,
  ExpenseRow,
  IncomeBody,
  IncomeRow,
  IncomeUpdateBody,
  ProfitLossQuery,
} from '@khabkhi/contracts';
import type { Conn, Db, Tx } from '../../db/connection.js';
import { branches, files, users } from '../../db/schema/core.js';
import { expenseCategories, listExpenses } from '../../db/schema/catalog.js';
import { payments } from '../../db/schema/money.js';
import { accountingFiles, otherIncomes } from '../../db/schema/fleet.js';
import { audit } from '../../http/audit.js';
import { assertBranch, branchScopeWhere, type Actor } from '../../http/auth.js';
import { isAll } from '../../http/envelope.js';
import { badRequest, conflict, notFound } from '../../http/errors.js';
import { allOf, branchFilter, idFilter, withAll } from '../../http/tables.js';
import { branchOptionsFor } from '../applications/service.js';
import { buildChart, INCOME_SOURCES, REFUND_SLICE, S } from './chart.js';
import {
  dayIsClosed,
  expenseAggregates,
  expensePage,
  incomeAggregates,
  incomePage,
  profitLossSums,
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

function branchOf(actor: Actor, v: string | undefined) {
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
const m = (v: string) => fromSatang(S(v));

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

// ---- other income ---------------------------------------------------------------------------------

const closedMessage = (date: string) =>
  `ปิดยอดประจำวันที่ ${formatThaiDate(date)} ของสาขานี้แล้ว จึงเพิ่ม แก้ไข หรือลบรายรับของวันนั้นไม่ได้ หากจำเป็นต้องบันทึก ให้ผู้จัดการเปิดยอดวันนั้นใหม่พร้อมระบุเหตุผลก่อน`;

async function assertOpen(tx: Tx, branchId: number, date: string) {
  if (await dayIsClosed(tx, branchId, date)) throw conflict(closedMessage(date));
}

function checkValue(v: string) {
  if (toSatang(v) <= 0) throw badRequest('มูลค่า: ต้องมากกว่า 0 บาท');
}
function checkDate(d: string) {
  if (d > todayBangkok()) throw badRequest('วันที่: บันทึกรายรับล่วงหน้าไม่ได้');
}

const PAYMENT_ROW =
  'รายการนี้เป็นการรับชำระหรือคืนเงินของใบสมัคร ซึ่งรายรับอ่านมาจากการรับชำระโดยตรง จึงแก้ไขหรือลบที่หน้าบัญชีไม่ได้ หากต้องแก้ ให้ทำที่ใบสมัคร (คืนเงินหรือขอยกเลิกรายการชำระ)';

/** A payment's income row addressed by payment_id: answered with why it is read-only (after its branch is checked). */
export async function refusePaymentRow(db: Conn, actor: Actor, paymentId: number): Promise<never> {
  const [p] = await db
    .select({ branch_id: payments.branch_id })
    .from(payments)
    .where(eq(payments.payment_id, paymentId));
  if (!p) throw notFound('ไม่พบรายการชำระเงินนี้');
  assertBranch(actor, p.branch_id);
  throw badRequest(PAYMENT_ROW);
}

/** Attach uploaded files to a record (replacing its set): each must be an accounting upload the actor may see. */
async function attachFiles(tx: Tx, actor: Actor, incomeId: number, branchId: number, ids: string[]) {
  const unique = [...new Set(ids)];
  const found = unique.length
    ? await tx
        .select({ file_id: files.file_id, kind: files.kind, mime: files.mime, branch_id: files.branch_id })
        .from(files)
        .where(inArray(files.file_id, unique))
    : [];
  for (const id of unique) {
    const f = found.find((x) => x.file_id === id);
    if (!f || f.kind !== 'accounting') throw badRequest(`ไฟล์แนบ: ไม่พบไฟล์ที่อัปโหลด (${id.slice(0, 8)}…) กรุณาอัปโหลดใหม่`);
    assertBranch(actor, f.branch_id);
  }
  if (unique.length) {
    const [taken] = await tx
      .select({ id: accountingFiles.id })
      .from(accountingFiles)
      .where(
        and(inArray(accountingFiles.file_id, unique), sql`${accountingFiles.income_id} is distinct from ${incomeId}`),
      );
    if (taken) throw badRequest('ไฟล์แนบ: ไฟล์นี้แนบกับรายการอื่นอยู่แล้ว กรุณาอัปโหลดใหม่');
  }
  await tx.delete(accountingFiles).where(eq(accountingFiles.income_id, incomeId));
  if (unique.length) {
    await tx.insert(accountingFiles).values(
      unique.map((id, i) => ({
        income_id: incomeId,
        file_id: id,
        file_type: found.find((x) => x.file_id === id)!.mime === 'application/pdf' ? 'pdf' : 'image',
        sort: i,
      })),
    );
    // the bill belongs to the record's branch: whoever may see the record may open it
    await tx.update(files).set({ branch_id: branchId }).where(inArray(files.file_id, unique));
  }
  return unique;
}

async function filesOf(db: Conn, incomeId: number) {
  const r = await db
    .select({
      file_id: accountingFiles.file_id,
      file_type: accountingFiles.file_type,
      mime: files.mime,
      size: files.size,
    })
    .from(accountingFiles)
    .innerJoin(files, eq(files.file_id, accountingFiles.file_id))
    .where(eq(accountingFiles.income_id, incomeId))
    .orderBy(asc(accountingFiles.sort));
  return r.map((f) => ({ ...f, url: `/api/files/${f.file_id}` }));
}

export async function getIncome(db: Conn, actor: Actor, id: number) {
  const [r] = await db
    .select({ o: otherIncomes, branch_name: branches.name, user: sql<string>`${users.fname} || ' ' || ${users.sname}` })
    .from(otherIncomes)
    .innerJoin(branches, eq(branches.branch_id, otherIncomes.branch_id))
    .innerJoin(users, eq(users.user_id, otherIncomes.created_by))
    .where(and(eq(otherIncomes.income_id, id), eq(otherIncomes.is_delete, false)));
  if (!r) throw notFound('ไม่พบรายการรายรับนี้');
  assertBranch(actor, r.o.branch_id);
  return {
    income_id: r.o.income_id,
    branch_id: r.o.branch_id,
    branch_name: r.branch_name,
    date: r.o.date,
    name: r.o.name,
    detail: r.o.detail,
    pay_type: r.o.pay_type,
    value: m(r.o.value),
    user: r.user,
    createdAt: r.o.createdAt.toISOString(),
    updatedAt: r.o.updatedAt.toISOString(),
    files: await filesOf(db, r.o.income_id),
  };
}

export async function createIncome(tx: Tx, actor: Actor, b: IncomeBody, reqId?: string) {
  assertBranch(actor, b.branch_id);
  checkValue(b.value);
  checkDate(b.date);
  const name = b.name.trim();
  if (!name) throw badRequest('ชื่อ: ต้องระบุ');
  await assertOpen(tx, b.branch_id, b.date);
  const [row] = await tx
    .insert(otherIncomes)
    .values({
      branch_id: b.branch_id,
      date: b.date,
      name,
      detail: (b.detail ?? '').trim(),
      pay_type: b.pay_type,
      value: fromSatang(toSatang(b.value)),
      created_by: actor.userId,
    })
    .returning();
  const attached = await attachFiles(tx, actor, row!.income_id, b.branch_id, b.files ?? []);
  await audit(
    tx,
    actor,
    {
      entity: 'other_income',
      entityId: row!.income_id,
      action: 'create',
      branchId: b.branch_id,
      after: { ...row, files: attached },
    },
    reqId,
  );
  return getIncome(tx, actor, row!.income_id);
}

export async function updateIncome(tx: Tx, actor: Actor, b: IncomeUpdateBody, reqId?: string) {
  const [before] = await tx
    .select()
    .from(otherIncomes)
    .where(and(eq(otherIncomes.income_id, b.income_id), eq(otherIncomes.is_delete, false)))
    .for('update');
  if (!before) throw notFound('ไม่พบรายการรายรับนี้');
  assertBranch(actor, before.branch_id);
  const next = {
    branch_id: b.branch_id ?? before.branch_id,
    date: b.date ?? before.date,
    name: b.name !== undefined ? b.name.trim() : before.name,
    detail: b.detail !== undefined ? b.detail.trim() : before.detail,
    pay_type: b.pay_type ?? before.pay_type,
    value: b.value !== undefined ? b.value : before.value,
  };
  if (next.branch_id !== before.branch_id) assertBranch(actor, next.branch_id);
  if (!next.name) throw badRequest('ชื่อ: ต้องระบุ');
  checkValue(next.value);
  checkDate(next.date);
  await assertOpen(tx, before.branch_id, before.date);
  if (next.branch_id !== before.branch_id || next.date !== before.date) await assertOpen(tx, next.branch_id, next.date);
  const beforeFiles = (await filesOf(tx, before.income_id)).map((f) => f.file_id);
  const [after] = await tx
    .update(otherIncomes)
    .set({ ...next, value: fromSatang(toSatang(next.value)), updatedAt: new Date() })
    .where(eq(otherIncomes.income_id, before.income_id))
    .returning();
  const afterFiles =
    b.files !== undefined ? await attachFiles(tx, actor, before.income_id, next.branch_id, b.files) : beforeFiles;
  if (b.files === undefined && next.branch_id !== before.branch_id && beforeFiles.length) {
    await tx.update(files).set({ branch_id: next.branch_id }).where(inArray(files.file_id, beforeFiles));
  }
  await audit(
    tx,
    actor,
    {
      entity: 'other_income',
      entityId: before.income_id,
      action: 'update',
      branchId: next.branch_id,
      before: { ...before, files: beforeFiles },
      after: { ...after, files: afterFiles },
    },
    reqId,
  );
  return getIncome(tx, actor, before.income_id);
}

export async function deleteIncome(tx: Tx, actor: Actor, incomeId: number, reqId?: string) {
  const [before] = await tx
    .select()
    .from(otherIncomes)
    .where(and(eq(otherIncomes.income_id, incomeId), eq(otherIncomes.is_delete, false)))
    .for('update');
  if (!before) throw notFound('ไม่พบรายการรายรับนี้');
  assertBranch(actor, before.branch_id);
  await assertOpen(tx, before.branch_id, before.date);
  const [after] = await tx
    .update(otherIncomes)
    .set({ is_delete: true, updatedAt: new Date() })
    .where(eq(otherIncomes.income_id, incomeId))
    .returning();
  await audit(
    tx,
    actor,
    { entity: 'other_income', entityId: incomeId, action: 'delete', branchId: before.branch_id, before, after },
    reqId,
  );
  return { income_id: incomeId, name: before.name };
}

// ---- profit and loss ------------------------------------------------------------------------------

/**
 * accounting/profitloss: per month of the period (default this year up to today in Bangkok), income by source
 * (refunds as a negative column) and expenses by top-level category, each month's totals and net, and the period's
 * totals — summed in integer satang from the same rows the income and expense tables read.
 */
export async function profitLoss(db: Db, actor: Actor, q: ProfitLossQuery) {
  const today = todayBangkok();
  const range = rangeOf({
    start: q.start || (q.end ? `${q.end.slice(0, 4)}-01-01` : `${today.slice(0, 4)}-01-01`),
    end: q.end,
  });
  const branchId = branchOf(actor, q.branch);
  const sums = await profitLossSums(db, actor, range, branchId);
  const months = bucketsOfMonths(range);
  type Acc = { income: Map<string, number>; expenses: Map<string, number> };
  const acc = new Map<string, Acc>(months.map((mo) => [mo.key, { income: new Map(), expenses: new Map() }]));
  const total: Acc = { income: new Map(), expenses: new Map() };
  const add = (mp: Map<string, number>, k: string, v: number) => mp.set(k, (mp.get(k) ?? 0) + v);
  for (const r of sums.income) {
    const a = acc.get(r.month);
    if (a) {
      add(a.income, r.key, S(r.value));
      add(total.income, r.key, S(r.value));
    }
  }
  for (const r of sums.expenses) {
    const a = acc.get(r.month);
    if (a) {
      add(a.expenses, r.key, S(r.value));
      add(total.expenses, r.key, S(r.value));
    }
  }
  const incomeColumns = [...INCOME_SOURCES, REFUND_SLICE].map((s) => ({
    key: s.key as string,
    name: s.name as string,
  }));
  // every category with money in the period, in the catalog's order (a deleted one still shows when it has money)
  const expenseColumns = sums.categories
    .filter((c) => total.expenses.has(c.key))
    .map((c) => ({ key: c.key, name: c.name }));
  const rowOf = (key: string, label: string, start: string, end: string, a: Acc) => {
    const ti = [...a.income.values()].reduce((x, y) => x + y, 0);
    const te = [...a.expenses.values()].reduce((x, y) => x + y, 0);
    return {
      key,
      label,
      start,
      end,
      income: Object.fromEntries(incomeColumns.map((c) => [c.key, fromSatang(a.income.get(c.key) ?? 0)])),
      total_income: fromSatang(ti),
      expenses: Object.fromEntries(expenseColumns.map((c) => [c.key, fromSatang(a.expenses.get(c.key) ?? 0)])),
      total_expenses: fromSatang(te),
      net: fromSatang(ti - te),
    };
  };
  const branchOpts = (await branchOptionsFor(db, actor)).map((b) => ({ value: b.branch_id, name: b.name }));
  return {
    data: months.map((mo) => rowOf(mo.key, mo.label, mo.start, mo.end, acc.get(mo.key)!)),
    totals: rowOf('total', 'รวม', range.start, range.end, total),
    columns: { income: incomeColumns, expenses: expenseColumns },
    filter: { branch: withAll(branchOpts), range },
  };
}

/** The months of a range, each clipped to the range, labelled in Thai with the Buddhist year ("ม.ค. 2569"). */
export function bucketsOfMonths(range: Range) {
  const out: { key: string; label: string; start: string; end: string }[] = [];
  let [y, mo] = range.start.slice(0, 7).split('-').map(Number) as [number, number];
  for (;;) {
    const key = `${y}-${String(mo).padStart(2, '0')}`;
    if (key > range.end.slice(0, 7)) break;
    const first = `${key}-01`;
    const last = addDays(mo === 12 ? `${y + 1}-01-01` : `${y}-${String(mo + 1).padStart(2, '0')}-01`, -1);
    out.push({
      key,
      label: `${THAI_MONTHS_SHORT[mo - 1]} ${y + 543}`,
      start: first < range.start ? range.start : first,
      end: last > range.end ? range.end : last,
    });
    mo += 1;
    if (mo > 12) {
      mo = 1;
      y += 1;
    }
  }
  return out;
}
