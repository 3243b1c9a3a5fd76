/** The plain reads of payroll's documents and files (the workflow's SQL is in service.ts). */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Conn } from '../../db/connection.js';
import { branches, schoolSettings, users } from '../../db/schema/core.js';
import { payrollLines, payrolls, payslips } from '../../db/schema/payroll.js';

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
