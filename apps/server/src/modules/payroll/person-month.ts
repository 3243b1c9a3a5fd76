/**
 * One pay per person and month, and what the law needs to know of the person's year. One query per sheet each.
 *
 * Which sheet pays a person (the rule the docs state):
 * - The legal employer is the school, so a person has exactly one payroll line a month in the whole school
 *   (the database's unique index payroll_lines_user_month): one pay, one social security contribution, one
 *   withholding, whatever the branches.
 * - The line is on the sheet of the branch the person belongs to on the month's last day (employee_branches,
 *   kept from every change of the employee's branch). That branch pays the whole month; the sheet shows the
 *   days spent at each branch when the person moved during the month (branch_days), so the branches can
 *   share the cost between them in their own management accounts if they wish.
 * - A person whose month is already on another branch's sheet past draft (submitted, confirmed, approved)
 *   stays there: a move recorded later counts from the next month, or after that sheet is sent back/reopened.
 *   A draft line on the old branch's sheet moves to the new branch's sheet when either sheet is saved.
 */
import { and, asc, eq, inArray, lte, sql, type SQL } from 'drizzle-orm';
import { THAI_MONTHS_SHORT } from '@khabkhi/thai';
import type { Conn, Tx } from '../../db/connection.js';
import { branches, users } from '../../db/schema/core.js';
import { listPayroll } from '../../db/schema/catalog.js';
import {
  employeeBranches,
  payrollAllowances,
  payrollLineItems,
  payrollLines,
  payrolls,
} from '../../db/schema/payroll.js';
import { conflict } from '../../http/errors.js';
import { allowanceTotal, type AllowanceKind } from './allowances.js';
import { daysInMonth } from './engine.js';
import { NO_YTD, type YearToDate } from './tax.js';

const S = (v: string | null | undefined) => Math.round(Number(v ?? '0') * 100);
const lastDay = (month: string) => `${month}-${String(daysInMonth(month)).padStart(2, '0')}`;

/** SQL: the branch the user of `userCol` belongs to on `day` (the latest move on or before it; else the current branch). */
export function branchOnSql(userCol: SQL | typeof users.user_id, day: string): SQL {
  return sql`coalesce((select eb.branch_id from employee_branches eb where eb.user_id = ${userCol} and eb.valid_from <= ${day} order by eb.valid_from desc limit 1), ${users.branch_id})`;
}

/** SQL condition on users: this branch pays the person's month (see the head comment). */
export function paidByBranchSql(branchId: number, month: string): SQL {
  return sql`(${branchOnSql(users.user_id, lastDay(month))} = ${branchId} and not exists (select 1 from payroll_lines ol join payrolls op on op.payroll_id = ol.payroll_id where ol.user_id = ${users.user_id} and ol.month = ${month} and op.branch_id <> ${branchId} and op.status <> 'draft'))`;
}

/**
 * The branch whose sheet pays a person's month (the rule above): the sheet past draft that already holds their line,
 * else the branch they belong to on the month's last day. The history screen reads and edits a month there.
 */
export async function payingBranch(conn: Conn, userId: number, month: string): Promise<number | null> {
  const [r] = await conn
    .select({
      branch_id: sql<number>`coalesce((select op.branch_id from payroll_lines ol join payrolls op on op.payroll_id = ol.payroll_id where ol.user_id = ${userId} and ol.month = ${month} and op.status <> 'draft'), ${branchOnSql(users.user_id, lastDay(month))})`,
    })
    .from(users)
    .where(eq(users.user_id, userId));
  return r ? Number(r.branch_id) : null;
}

/**
 * Before a branch's draft stores its lines: the lines these people still have on another branch's draft of the
 * month move here (deleted there, that draft's totals recomputed), and this draft drops the people it no longer pays.
 */
export async function claimLines(tx: Tx, p: { payroll_id: number; month: string }, userIds: number[]) {
  const staleLines = () =>
    tx
      .select({ line_id: payrollLines.line_id, payroll_id: payrollLines.payroll_id })
      .from(payrollLines)
      .innerJoin(payrolls, eq(payrolls.payroll_id, payrollLines.payroll_id))
      .where(
        and(
          eq(payrollLines.month, p.month),
          sql`(${payrollLines.payroll_id} = ${p.payroll_id}) <> (${userIds.length ? inArray(payrollLines.user_id, userIds) : sql`false`})`,
          sql`(${payrollLines.payroll_id} = ${p.payroll_id} or ${payrolls.status} = 'draft')`,
        ),
      );
  let stale = await staleLines();
  const others = [...new Set(stale.map((s) => s.payroll_id))].filter((id) => id !== p.payroll_id);
  if (others.length) {
    // lock the other drafts before touching their lines (in id order), so two saves never wait on each other's lines
    await tx
      .select({ id: payrolls.payroll_id })
      .from(payrolls)
      .where(inArray(payrolls.payroll_id, others))
      .orderBy(asc(payrolls.payroll_id))
      .for('update');
    stale = await staleLines();
  }
  if (!stale.length) return;
  const ids = stale.map((s) => s.line_id);
  await tx.delete(payrollLineItems).where(inArray(payrollLineItems.line_id, ids));
  await tx.delete(payrollLines).where(inArray(payrollLines.line_id, ids));
  const touched = [...new Set(stale.map((s) => s.payroll_id))].filter((id) => id !== p.payroll_id);
  if (touched.length) await recomputeTotals(tx, touched);
}

/** A payroll's totals from its stored lines (after lines moved away). */
export async function recomputeTotals(tx: Tx, payrollIds: number[]) {
  const sum = (c: string) =>
    sql.raw(`(select coalesce(sum(l.${c}), 0) from payroll_lines l where l.payroll_id = payrolls.payroll_id)`);
  await tx
    .update(payrolls)
    .set({
      salary: sum('salary'),
      income: sum('income'),
      deduction: sum('deduction'),
      sso_employee: sum('sso_employee'),
      sso_employer: sum('sso_employer'),
      tax: sum('tax'),
      net: sum('net'),
      employees: sql`(select count(*) from payroll_lines l where l.payroll_id = payrolls.payroll_id)::int`,
      updatedAt: new Date(),
    })
    .where(inArray(payrolls.payroll_id, payrollIds));
}

/** Runs a write of lines; a person put on another branch's sheet at the same moment answers a Thai 409, not a 500. */
export async function oneLinePerPerson<T>(month: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (e) {
    const err = e as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
    const code = err.cause?.code ?? err.code;
    const constraint = err.cause?.constraint ?? err.constraint;
    if (code === '23505' && constraint === 'payroll_lines_user_month')
      throw conflict(
        `มีพนักงานที่อยู่ในรอบเงินเดือนของสาขาอื่นในเดือน ${month} แล้ว (หนึ่งคนรับเงินเดือนได้รอบเดียวต่อเดือน) กรุณาโหลดข้อมูลใหม่แล้วลองอีกครั้ง`,
      );
    throw e;
  }
}

/** The days a person spent at each branch during the month, when they moved ("สาขา ก 1–19 พ.ย. · สาขา ข 20–30 พ.ย."). */
export async function branchDays(conn: Conn, userIds: number[], month: string): Promise<Map<number, string>> {
  const out = new Map<number, string>();
  if (!userIds.length) return out;
  const first = `${month}-01`;
  const last = lastDay(month);
  const rows = await conn
    .select({ user_id: employeeBranches.user_id, from: employeeBranches.valid_from, name: branches.name })
    .from(employeeBranches)
    .innerJoin(branches, eq(branches.branch_id, employeeBranches.branch_id))
    .where(and(inArray(employeeBranches.user_id, userIds), lte(employeeBranches.valid_from, last)))
    .orderBy(asc(employeeBranches.user_id), asc(employeeBranches.valid_from));
  const mon = THAI_MONTHS_SHORT[Number(month.slice(5, 7)) - 1];
  for (const uid of userIds) {
    const mine = rows.filter((r) => r.user_id === uid);
    // the segments that touch the month: the last move on or before the 1st, and every move after it
    const startIdx = Math.max(
      0,
      mine.findLastIndex((r) => r.from <= first),
    );
    const seg = mine.slice(startIdx);
    if (seg.length < 2) continue;
    // consecutive rows of the same branch are one stay
    const stays = seg.filter((r, i) => i === 0 || seg[i - 1]!.name !== r.name);
    if (stays.length < 2) continue;
    const parts = stays.map((r, i) => {
      const from = r.from <= first ? 1 : Number(r.from.slice(8, 10));
      const next = stays[i + 1];
      const to = next ? Number(next.from.slice(8, 10)) - 1 : daysInMonth(month);
      return { name: r.name, from, to };
    });
    out.set(
      uid,
      parts
        .filter((s) => s.to >= s.from)
        .map((s) => `${s.name} ${s.from}–${s.to} ${mon} (${s.to - s.from + 1} วัน)`)
        .join(' · '),
    );
  }
  return out;
}

/** Income, tax and social security of each person's approved months earlier in the month's year (one query). */
export async function yearToDate(conn: Conn, userIds: number[], month: string): Promise<Map<number, YearToDate>> {
  const out = new Map<number, YearToDate>();
  if (!userIds.length) return out;
  const rows = await conn
    .select({
      user_id: payrollLines.user_id,
      gross: sql<string>`sum(${payrollLines.salary} + ${payrollLines.income} - ${payrollLines.absence})::text`,
      irregular: sql<string>`sum(${payrollLines.irregular})::text`,
      tax: sql<string>`sum(${payrollLines.tax})::text`,
      sso: sql<string>`sum(${payrollLines.sso_employee})::text`,
      periods: sql<number>`count(*)::int`,
    })
    .from(payrollLines)
    .innerJoin(payrolls, eq(payrolls.payroll_id, payrollLines.payroll_id))
    .where(
      and(
        inArray(payrollLines.user_id, userIds),
        eq(payrolls.status, 'approved'),
        sql`${payrollLines.month} >= ${`${month.slice(0, 4)}-01`}`,
        sql`${payrollLines.month} < ${month}`,
      ),
    )
    .groupBy(payrollLines.user_id);
  for (const r of rows)
    out.set(r.user_id, {
      regular: S(r.gross) - S(r.irregular),
      irregular: S(r.irregular),
      tax: S(r.tax),
      sso: S(r.sso),
      periods: Number(r.periods),
    });
  for (const id of userIds) if (!out.has(id)) out.set(id, NO_YTD);
  return out;
}

/** The year's ล.ย.01 allowances of each person, from the declarations valid on the month's last day (one query). */
export async function allowancesOn(conn: Conn, userIds: number[], month: string): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  if (!userIds.length) return out;
  const rows = await conn
    .select()
    .from(payrollAllowances)
    .where(
      and(
        inArray(payrollAllowances.user_id, userIds),
        eq(payrollAllowances.is_delete, false),
        lte(payrollAllowances.valid_from, lastDay(month)),
      ),
    )
    .orderBy(asc(payrollAllowances.user_id), asc(payrollAllowances.valid_from));
  const latest = new Map<string, (typeof rows)[number]>();
  for (const r of rows) latest.set(`${r.user_id}:${r.kind}`, r);
  for (const id of userIds) {
    const mine = [...latest.values()].filter((r) => r.user_id === id);
    out.set(
      id,
      allowanceTotal(mine.map((r) => ({ kind: r.kind as AllowanceKind, count: r.count, amount: S(r.amount) }))),
    );
  }
  return out;
}

/** The month before 'YYYY-MM'. */
export function previousMonth(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
}

/**
 * The advances carried into the month: each person's carry_advance on their approved line of the month before
 * (one query), and the catalog item of category advance_carried the carried line is shown as.
 */
export async function carriedAdvances(conn: Conn, userIds: number[], month: string) {
  const amounts = new Map<number, number>();
  if (!userIds.length) return { amounts, item: null };
  const rows = await conn
    .select({ user_id: payrollLines.user_id, carry: payrollLines.carry_advance })
    .from(payrollLines)
    .innerJoin(payrolls, eq(payrolls.payroll_id, payrollLines.payroll_id))
    .where(
      and(
        inArray(payrollLines.user_id, userIds),
        eq(payrollLines.month, previousMonth(month)),
        eq(payrolls.status, 'approved'),
        sql`${payrollLines.carry_advance} > 0`,
      ),
    );
  for (const r of rows) amounts.set(r.user_id, S(r.carry));
  if (!amounts.size) return { amounts, item: null };
  const [item] = await conn
    .select()
    .from(listPayroll)
    .where(eq(listPayroll.category, CARRIED_CATEGORY))
    .orderBy(asc(listPayroll.is_delete), asc(listPayroll.list_payroll_id))
    .limit(1);
  return { amounts, item: item ?? null };
}

export const CARRIED_CATEGORY = 'advance_carried';

/** The catalog item a carried advance is shown as (created in the head office when the school has none). */
export async function ensureCarriedItem(tx: Tx) {
  const [found] = await tx
    .select({ id: listPayroll.list_payroll_id })
    .from(listPayroll)
    .where(eq(listPayroll.category, CARRIED_CATEGORY))
    .limit(1);
  if (found) return;
  const [hq] = await tx
    .select({ id: branches.branch_id })
    .from(branches)
    .orderBy(sql`${branches.is_head_office} desc`, asc(branches.branch_id))
    .limit(1);
  if (!hq) return;
  await tx.insert(listPayroll).values({
    branch_id: hq.id,
    name: 'เงินเบิกล่วงหน้ายกมา',
    type: 'deduction',
    category: CARRIED_CATEGORY,
    condition: 'fill',
    title_value: 'บาท/เดือน',
  });
}
