/** Payroll's SQL: the reads and writes its use cases share. */
import { and, asc, eq, inArray, lte, or, sql } from 'drizzle-orm';
import type { Conn, Tx } from '../../db/connection.js';
import { auditLog, branches, schoolSettings, users } from '../../db/schema/core.js';
import { expenseCategories, listExpenses } from '../../db/schema/catalog.js';
import { payrollLineItems, payrollLines, payrolls, payrollUserItems, payslips } from '../../db/schema/payroll.js';
import { assertBranch, type Actor } from '../../http/auth.js';
import { notFound } from '../../http/errors.js';
import { assertPayable } from './deductions.js';
import { claimLines, oneLinePerPerson, paidByBranchSql } from './person-month.js';
import { allOf } from '../../http/tables.js';
import { requestsOf } from '../approvals/index.js';
import { S, fullName, lastDayOf, totalsOf, type ComputedLine, type PayrollRecord, type UserRecord } from './common.js';

/** The school's settings row (name, tax ID, address). */
export async function schoolSettingsRow(conn: Conn) {
  const [s] = await conn.select().from(schoolSettings).where(eq(schoolSettings.id, 1));
  return s;
}

export async function findBranch(conn: Conn, branchId: number) {
  const [b] = await conn.select().from(branches).where(eq(branches.branch_id, branchId));
  return b;
}

export async function branchCode(conn: Conn, branchId: number) {
  const [b] = await conn.select({ code: branches.code }).from(branches).where(eq(branches.branch_id, branchId));
  return b?.code;
}

export async function findUser(conn: Conn, userId: number) {
  const [u] = await conn.select().from(users).where(eq(users.user_id, userId));
  return u;
}

export async function findPayrollRecord(conn: Conn, payrollId: number) {
  const [p] = await conn.select().from(payrolls).where(eq(payrolls.payroll_id, payrollId));
  return p;
}

export async function findPayslip(conn: Conn, payslipId: number) {
  const [s] = await conn.select().from(payslips).where(eq(payslips.payslip_id, payslipId));
  return s;
}

export async function payslipBranch(conn: Conn, payslipId: number) {
  const [s] = await conn
    .select({ branch_id: payslips.branch_id })
    .from(payslips)
    .where(eq(payslips.payslip_id, payslipId));
  return s;
}

/** The current payslips of a payroll, by employee. */
export function currentPayslips(conn: Conn, payrollId: number) {
  return conn
    .select()
    .from(payslips)
    .where(and(eq(payslips.payroll_id, payrollId), eq(payslips.is_current, true)))
    .orderBy(asc(payslips.user_id));
}

export async function hasCurrentPayslip(conn: Conn, payrollId: number) {
  const [one] = await conn
    .select({ id: payslips.payslip_id })
    .from(payslips)
    .where(and(eq(payslips.payroll_id, payrollId), eq(payslips.is_current, true)))
    .limit(1);
  return !!one;
}

/** A payroll's lines with their employees, by employee. */
export function linesWithUsers(conn: Conn, payrollId: number) {
  return conn
    .select({ l: payrollLines, u: users })
    .from(payrollLines)
    .innerJoin(users, eq(users.user_id, payrollLines.user_id))
    .where(eq(payrollLines.payroll_id, payrollId))
    .orderBy(asc(payrollLines.user_id));
}

/** One employee's lines of the approved payrolls of a year (Common Era). */
export function approvedLinesOfYear(conn: Conn, userId: number, year: number) {
  return conn
    .select({
      salary: payrollLines.salary,
      income: payrollLines.income,
      tax: payrollLines.tax,
      sso: payrollLines.sso_employee,
    })
    .from(payrollLines)
    .innerJoin(payrolls, eq(payrolls.payroll_id, payrollLines.payroll_id))
    .where(
      and(
        eq(payrollLines.user_id, userId),
        eq(payrolls.status, 'approved'),
        sql`${payrolls.month} like ${`${year}-%`}`,
      ),
    );
}

export async function namesOf(conn: Conn, ids: (number | null)[]) {
  const list = [...new Set(ids.filter((x): x is number => x !== null))];
  if (!list.length) return new Map<number, string>();
  const rows = await conn
    .select({ id: users.user_id, prefix: users.prefix, fname: users.fname, sname: users.sname })
    .from(users)
    .where(inArray(users.user_id, list));
  return new Map(rows.map((r) => [r.id, fullName(r)]));
}

/** The employees paid by a branch in a month: active, salaried, started by the month's end (and anyone already on its sheet). */
export async function employeesOf(
  conn: Conn,
  branchId: number,
  month: string,
  payrollId: number | null,
): Promise<UserRecord[]> {
  const end = lastDayOf(month);
  const onSheet = payrollId
    ? sql`${users.user_id} in (select user_id from payroll_lines where payroll_id = ${payrollId})`
    : sql`false`;
  // one sheet per person and month: the branch they belong to on the month's last day (person-month.ts)
  return conn
    .select()
    .from(users)
    .where(
      and(
        paidByBranchSql(branchId, month),
        or(
          and(
            eq(users.is_delete, false),
            eq(users.status, 'active'),
            sql`${users.salary} > 0`,
            or(sql`${users.start_date} is null`, lte(users.start_date, end)),
          ),
          onSheet,
        ),
      ),
    )
    .orderBy(asc(users.user_id));
}

export interface SavedLine {
  line: typeof payrollLines.$inferSelect;
  items: (typeof payrollLineItems.$inferSelect)[];
}

export async function savedLines(
  conn: Conn,
  payrollId: number | null,
  userIds?: number[],
): Promise<Map<number, SavedLine>> {
  const out = new Map<number, SavedLine>();
  if (!payrollId) return out;
  const lines = await conn
    .select()
    .from(payrollLines)
    .where(allOf(eq(payrollLines.payroll_id, payrollId), userIds ? inArray(payrollLines.user_id, userIds) : undefined));
  if (!lines.length) return out;
  const items = await conn
    .select()
    .from(payrollLineItems)
    .where(
      inArray(
        payrollLineItems.line_id,
        lines.map((l) => l.line_id),
      ),
    )
    .orderBy(asc(payrollLineItems.id));
  for (const l of lines) out.set(l.user_id, { line: l, items: items.filter((i) => i.line_id === l.line_id) });
  return out;
}

export async function standingItems(conn: Conn, userIds: number[]) {
  if (!userIds.length) return [];
  return conn
    .select()
    .from(payrollUserItems)
    .where(and(inArray(payrollUserItems.user_id, userIds), eq(payrollUserItems.is_delete, false)))
    .orderBy(asc(payrollUserItems.id));
}

export async function payrollOf(conn: Conn, branchId: number, month: string) {
  return (
    (
      await conn
        .select()
        .from(payrolls)
        .where(and(eq(payrolls.branch_id, branchId), eq(payrolls.month, month)))
    )[0] ?? null
  );
}

export async function lockPayroll(tx: Tx, payrollId: number): Promise<PayrollRecord> {
  const [p] = await tx.select().from(payrolls).where(eq(payrolls.payroll_id, payrollId)).for('update');
  if (!p) throw notFound('ไม่พบรอบเงินเดือนนี้');
  return p;
}

/** Writes the computed lines (one upsert, one delete and one insert of their items) and the payroll's totals. */
export async function storeLines(tx: Tx, p: PayrollRecord, lines: ComputedLine[]) {
  assertPayable(lines);
  // this draft takes the lines its people still have on another branch's draft and drops the people it no longer pays
  await claimLines(
    tx,
    p,
    lines.map((l) => l.user_id),
  );
  if (lines.length) {
    const rows = lines.map((l) => ({
      payroll_id: p.payroll_id,
      month: p.month,
      extra: l.extra,
      irregular: l.irregular,
      absence: l.absence,
      branch_days: l.branch_days,
      warnings: l.warnings,
      carry_advance: l.carry_advance,
      user_id: l.user_id,
      is_daily: l.is_daily,
      rate: l.rate,
      days_worked: l.days_worked,
      employed_days: l.employed_days,
      end_date: l.end_date,
      salary: l.salary,
      income: l.income,
      deduction: l.deduction,
      sso_wage: l.sso_wage,
      sso_base: l.sso_base,
      sso_employee: l.sso_employee,
      sso_employer: l.sso_employer,
      tax: l.tax,
      net: l.net,
      note: l.note,
    }));
    const ex = (c: string) => sql.raw(`excluded.${c}`);
    const saved = await oneLinePerPerson(p.month, () =>
      tx
        .insert(payrollLines)
        .values(rows)
        .onConflictDoUpdate({
          target: [payrollLines.payroll_id, payrollLines.user_id],
          set: Object.fromEntries(
            [
              'is_daily',
              'rate',
              'days_worked',
              'employed_days',
              'end_date',
              'salary',
              'income',
              'deduction',
              'sso_wage',
              'sso_base',
              'sso_employee',
              'sso_employer',
              'tax',
              'net',
              'note',
              'extra',
              'irregular',
              'absence',
              'branch_days',
              'warnings',
              'carry_advance',
            ].map((c) => [c, ex(c)]),
          ),
        })
        .returning({ id: payrollLines.line_id, user_id: payrollLines.user_id }),
    );
    const lineOf = new Map(saved.map((r) => [r.user_id, r.id]));
    await tx.delete(payrollLineItems).where(
      inArray(
        payrollLineItems.line_id,
        saved.map((r) => r.id),
      ),
    );
    const items = lines.flatMap((l) =>
      l.items
        .filter((i) => S(i.value) !== 0 && (i.condition === 'fill' || S(i.per_value) !== 0))
        .map((i) => ({
          line_id: lineOf.get(l.user_id)!,
          list_payroll_id: i.list_payroll_id,
          name: i.name,
          type: i.type,
          condition: i.condition,
          value: i.value,
          per_value: i.per_value,
          amount: i.amount,
        })),
    );
    if (items.length) await tx.insert(payrollLineItems).values(items);
  }
  const t = totalsOf(lines);
  const [after] = await tx
    .update(payrolls)
    .set({ ...t, employees: lines.length, updatedAt: new Date() })
    .where(eq(payrolls.payroll_id, p.payroll_id))
    .returning();
  return after!;
}

/**
 * The branch of an employee whose line is edited on its own (per-user history, edit mode). `withLeavers` also
 * finds a deleted (left) employee: their history and certificates stay readable, only their edits end.
 */
export async function branchOfUser(conn: Conn, actor: Actor, userId: number, withLeavers = false) {
  const [u] = await conn
    .select()
    .from(users)
    .where(and(eq(users.user_id, userId), withLeavers ? undefined : eq(users.is_delete, false)));
  if (!u) throw notFound('ไม่พบพนักงานนี้');
  assertBranch(actor, u.branch_id);
  return u;
}

/** Moves a locked payroll to its next state with who and when (one statement); the step's audit row follows. */
export async function setStep(tx: Tx, payrollId: number, set: Partial<typeof payrolls.$inferInsert>) {
  const [after] = await tx
    .update(payrolls)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(payrolls.payroll_id, payrollId))
    .returning();
  return after!;
}

/** The branch's expense item of a category (created once under its name when the branch has none). */
export async function expenseItem(tx: Tx, branchId: number, category: string, name: string) {
  const [c] = await tx
    .select({ id: expenseCategories.category_id })
    .from(expenseCategories)
    .where(eq(expenseCategories.name, category))
    .limit(1);
  if (!c) return null;
  const [found] = await tx
    .select({ id: listExpenses.list_expenses_id })
    .from(listExpenses)
    .where(
      and(eq(listExpenses.branch_id, branchId), eq(listExpenses.category_id, c.id), eq(listExpenses.is_delete, false)),
    )
    .limit(1);
  if (found) return found.id;
  const [made] = await tx
    .insert(listExpenses)
    .values({ branch_id: branchId, name, category_id: c.id, type: 'ค่าใช้จ่ายคงที่' })
    .returning({ id: listExpenses.list_expenses_id });
  return made!.id;
}

export async function getPayroll(conn: Conn, actor: Actor, payrollId: number) {
  const [p] = await conn.select().from(payrolls).where(eq(payrolls.payroll_id, payrollId));
  if (!p) throw notFound('ไม่พบรอบเงินเดือนนี้');
  assertBranch(actor, p.branch_id);
  return p;
}

/** The payroll workflow's requests (modules/approvals) of some months, newest first. */
export const workflowRequests = (conn: Conn, payrollIds: number[]) =>
  requestsOf(conn, ['payroll_confirm', 'payroll_approve'], payrollIds);

/** The send-backs of some months (rejected workflow requests), newest first, with the version each was about. */
export async function sentBack(conn: Conn, payrollIds: number[]) {
  return (await workflowRequests(conn, payrollIds))
    .filter((r) => r.decision === 'rejected')
    .sort((a, b) => (b.decided_at?.getTime() ?? 0) - (a.decided_at?.getTime() ?? 0))
    .map((r) => ({
      subject_id: r.subject_id,
      version: Number((r.payload as { version?: number }).version ?? 0),
      by: r.decided_by,
      at: r.decided_at,
      reason: r.note,
    }));
}

/** The reopenings of a month (from its audit rows: each keeps the version it closed and the reason). */
export function reopenings(conn: Conn, payrollId: number) {
  return conn
    .select({ by: auditLog.user_id, at: auditLog.at, before: auditLog.before, after: auditLog.after })
    .from(auditLog)
    .where(
      and(eq(auditLog.entity, 'payroll'), eq(auditLog.entity_id, String(payrollId)), eq(auditLog.action, 'reopen')),
    )
    .orderBy(asc(auditLog.at));
}
