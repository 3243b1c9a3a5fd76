/** The payroll's lists: payrolls, the month report and issued payslips, with their filters. */
import { asc, desc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import { PAYROLL_STATE_NAMES, type PayrollState } from '@khabkhi/contracts';
import type { Conn } from '../../db/connection.js';
import { branches, users } from '../../db/schema/core.js';
import { payrollLines, payrolls, payslips } from '../../db/schema/payroll.js';
import { branchScopeWhere, type Actor } from '../../http/auth.js';
import { scopedBranchFilter } from '../../http/branch.js';
import { isAll } from '../../http/envelope.js';
import { allOf, idFilter, withAll } from '../../http/tables.js';
import { M, S, currentMonth, fullName, monthName, monthOk } from './common.js';
import { payrollRows, storedLines } from './sheet.js';

export async function monthOptions(conn: Conn, actor: Actor) {
  const rows = await conn
    .selectDistinct({ month: payrolls.month })
    .from(payrolls)
    .where(branchScopeWhere(actor, payrolls.branch_id))
    .orderBy(desc(payrolls.month));
  return rows.map((r) => ({ name: monthName(r.month), value: r.month }));
}

export async function branchOptions(conn: Conn, actor: Actor) {
  return await conn
    .select({ value: branches.branch_id, name: branches.name })
    .from(branches)
    .where(allOf(eq(branches.is_delete, false), branchScopeWhere(actor, branches.branch_id)))
    .orderBy(asc(branches.branch_id));
}

/** A branch filter of a list: "ทั้งหมด"/empty = every branch in scope; another branch is refused. */
export async function payrollTable(
  conn: Conn,
  actor: Actor,
  q: { branch?: string; status?: string; month?: string; text?: string },
  perPage: number,
  offset: number,
) {
  const b = scopedBranchFilter(actor, q.branch);
  const where = allOf(
    branchScopeWhere(actor, payrolls.branch_id),
    b !== undefined ? eq(payrolls.branch_id, b) : undefined,
    isAll(q.status) ? undefined : eq(payrolls.status, q.status!),
    isAll(q.month) ? undefined : eq(payrolls.month, monthOk(q.month) ?? '-'),
  );
  const [{ n }] = (await conn
    .select({ n: sql<number>`count(*)::int` })
    .from(payrolls)
    .where(where)) as [{ n: number }];
  const recs = await conn
    .select()
    .from(payrolls)
    .where(where)
    .orderBy(desc(payrolls.month), asc(payrolls.branch_id))
    .limit(perPage)
    .offset(offset);
  return {
    rows: await payrollRows(conn, recs),
    total: n,
    filter: {
      branch: withAll((await branchOptions(conn, actor)).map((x) => ({ name: x.name, value: x.value }))),
      status: withAll(Object.entries(PAYROLL_STATE_NAMES).map(([value, name]) => ({ name, value }))),
      month: withAll(await monthOptions(conn, actor)),
    },
  };
}

/** The latest month with a payroll the actor can see, or the current month. */
export async function latestMonth(conn: Conn, actor: Actor) {
  return (await monthOptions(conn, actor))[0]?.value ?? currentMonth();
}

/** list-payrollReport/list: every employee's line of a month (all branches in scope by default). */
export async function reportTable(
  conn: Conn,
  actor: Actor,
  q: { branch?: string; month?: string; text?: string; status?: string },
  perPage: number,
  offset: number,
) {
  const b = scopedBranchFilter(actor, q.branch);
  const month = monthOk(q.month) ?? (await latestMonth(conn, actor));
  const where = allOf(
    eq(payrolls.month, month),
    branchScopeWhere(actor, payrolls.branch_id),
    b !== undefined ? eq(payrolls.branch_id, b) : undefined,
    isAll(q.status) ? undefined : eq(payrolls.status, q.status!),
    isAll(q.text)
      ? undefined
      : or(
          ilike(users.fname, `%${q.text!.replace(/[\\%_]/g, (c) => `\\${c}`)}%`),
          ilike(users.sname, `%${q.text!.replace(/[\\%_]/g, (c) => `\\${c}`)}%`),
        ),
  );
  const base = conn
    .select({ line_id: payrollLines.line_id, payroll_id: payrolls.payroll_id, user_id: payrollLines.user_id })
    .from(payrollLines)
    .innerJoin(payrolls, eq(payrolls.payroll_id, payrollLines.payroll_id))
    .innerJoin(users, eq(users.user_id, payrollLines.user_id))
    .where(where);
  const [{ n }] = (await conn.select({ n: sql<number>`count(*)::int` }).from(base.as('x'))) as [{ n: number }];
  const page = await base.orderBy(asc(payrolls.branch_id), asc(payrollLines.user_id)).limit(perPage).offset(offset);
  const recs = page.length
    ? await conn
        .select()
        .from(payrolls)
        .where(inArray(payrolls.payroll_id, [...new Set(page.map((r) => r.payroll_id))]))
    : [];
  const rows = [];
  for (const p of recs) {
    const lines = await storedLines(
      conn,
      p,
      page.filter((r) => r.payroll_id === p.payroll_id).map((r) => r.user_id),
    );
    for (const l of lines)
      rows.push({
        payroll_id: p.payroll_id,
        status: p.status,
        status_name: PAYROLL_STATE_NAMES[p.status as PayrollState],
        month: p.month,
        ...l,
      });
  }
  rows.sort((a, x) => a.branch_id - x.branch_id || a.user_id - x.user_id);
  const [t] = await conn
    .select({
      salary: sql<string>`coalesce(sum(${payrollLines.salary}), 0)::text`,
      income: sql<string>`coalesce(sum(${payrollLines.income}), 0)::text`,
      deduction: sql<string>`coalesce(sum(${payrollLines.deduction}), 0)::text`,
      sso_employee: sql<string>`coalesce(sum(${payrollLines.sso_employee}), 0)::text`,
      sso_employer: sql<string>`coalesce(sum(${payrollLines.sso_employer}), 0)::text`,
      tax: sql<string>`coalesce(sum(${payrollLines.tax}), 0)::text`,
      net: sql<string>`coalesce(sum(${payrollLines.net}), 0)::text`,
    })
    .from(payrollLines)
    .innerJoin(payrolls, eq(payrolls.payroll_id, payrollLines.payroll_id))
    .innerJoin(users, eq(users.user_id, payrollLines.user_id))
    .where(where);
  const tot = {
    salary: M(S(t!.salary)),
    income: M(S(t!.income)),
    deduction: M(S(t!.deduction)),
    sso_employee: M(S(t!.sso_employee)),
    sso_employer: M(S(t!.sso_employer)),
    tax: M(S(t!.tax)),
    net: M(S(t!.net)),
  };
  return {
    rows,
    total: n,
    month,
    totals: tot,
    filter: {
      branch: withAll((await branchOptions(conn, actor)).map((x) => ({ name: x.name, value: x.value }))),
      month: await monthOptions(conn, actor),
      status: withAll(Object.entries(PAYROLL_STATE_NAMES).map(([value, name]) => ({ name, value }))),
    },
  };
}

export async function payslipTable(
  conn: Conn,
  actor: Actor,
  q: { branch?: string; month?: string; user?: string; text?: string },
  perPage: number,
  offset: number,
) {
  const b = scopedBranchFilter(actor, q.branch);
  const where = allOf(
    branchScopeWhere(actor, payslips.branch_id),
    b !== undefined ? eq(payslips.branch_id, b) : undefined,
    isAll(q.month) ? undefined : eq(payslips.month, monthOk(q.month) ?? '-'),
    isAll(q.user) ? undefined : eq(payslips.user_id, idFilter(q.user)),
    isAll(q.text)
      ? undefined
      : or(
          ilike(users.fname, `%${q.text!.replace(/[\\%_]/g, (c) => `\\${c}`)}%`),
          ilike(users.sname, `%${q.text!.replace(/[\\%_]/g, (c) => `\\${c}`)}%`),
        ),
  );
  const [{ n }] = (await conn
    .select({ n: sql<number>`count(*)::int` })
    .from(payslips)
    .innerJoin(users, eq(users.user_id, payslips.user_id))
    .where(where)) as [{ n: number }];
  const rows = await conn
    .select({ s: payslips, u: users, b: branches })
    .from(payslips)
    .innerJoin(users, eq(users.user_id, payslips.user_id))
    .innerJoin(branches, eq(branches.branch_id, payslips.branch_id))
    .where(where)
    .orderBy(desc(payslips.month), asc(payslips.branch_id), asc(payslips.user_id), desc(payslips.version))
    .limit(perPage)
    .offset(offset);
  return {
    rows: rows.map(({ s, u, b: br }) => ({
      payslip_id: s.payslip_id,
      payroll_id: s.payroll_id,
      user_id: s.user_id,
      user_name: fullName(u),
      branch_id: s.branch_id,
      branch_name: br.name,
      month: s.month,
      month_name: monthName(s.month),
      version: s.version,
      is_current: s.is_current,
      net: M(S(s.net)),
      createdAt: s.createdAt.toISOString(),
    })),
    total: n,
    filter: {
      branch: withAll((await branchOptions(conn, actor)).map((x) => ({ name: x.name, value: x.value }))),
      month: withAll(await monthOptions(conn, actor)),
    },
  };
}
