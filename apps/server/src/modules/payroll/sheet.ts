/** A branch-month's sheet as shown: the payroll's row, its lines (live for a draft, stored later) and totals. */
import { daysInMonth } from './engine.js';
import { and, eq, inArray } from 'drizzle-orm';
import {
  PAYROLL_STATE_NAMES,
  type PayrollRow,
  type PayrollState,
  type Sheet,
  type SheetLine,
} from '@khabkhi/contracts';
import type { Conn } from '../../db/connection.js';
import { branches, users } from '../../db/schema/core.js';
import { listPayroll } from '../../db/schema/catalog.js';
import { payslips } from '../../db/schema/payroll.js';
import { assertBranch, type Actor } from '../../http/auth.js';
import { notFound } from '../../http/errors.js';
import { branchFilter } from '../../http/tables.js';
import { M, PayrollRecord, S, fullName, monthName, totalsOf } from './common.js';
import { ratesFor } from './rates.js';
import { computeLines, itemColumns } from './compute.js';
import { namesOf, payrollOf, savedLines, sentBack } from './repo.js';

export async function payrollRows(conn: Conn, recs: PayrollRecord[]): Promise<PayrollRow[]> {
  const names = await namesOf(
    conn,
    recs.flatMap((p) => [p.submitted_by, p.confirmed_by, p.approved_by, p.reopened_by, p.deductions_ack_by]),
  );
  const backs = await sentBack(
    conn,
    recs.map((p) => p.payroll_id),
  );
  const backNames = await namesOf(
    conn,
    backs.map((b) => b.by),
  );
  /** the latest send-back of the payroll's current version */
  const sentBackOf = (p: PayrollRecord) => {
    const b = backs.find((x) => x.subject_id === p.payroll_id && x.version === p.version);
    return b
      ? { by: backNames.get(b.by!) ?? null, at: b.at?.toISOString() ?? null, reason: b.reason }
      : { by: null, at: null, reason: '' };
  };
  const bIds = [...new Set(recs.map((p) => p.branch_id))];
  const bs = bIds.length
    ? await conn
        .select({ id: branches.branch_id, name: branches.name })
        .from(branches)
        .where(inArray(branches.branch_id, bIds))
    : [];
  const bName = new Map(bs.map((b) => [b.id, b.name]));
  const step = (by: number | null, at: Date | null) => ({
    by: by ? (names.get(by) ?? null) : null,
    at: at ? at.toISOString() : null,
  });
  return recs.map((p) => ({
    payroll_id: p.payroll_id,
    branch_id: p.branch_id,
    branch_name: bName.get(p.branch_id) ?? '',
    month: p.month,
    month_name: monthName(p.month),
    status: p.status,
    status_name: PAYROLL_STATE_NAMES[p.status as PayrollState] ?? p.status,
    employees: p.employees,
    version: p.version,
    salary: M(S(p.salary)),
    income: M(S(p.income)),
    deduction: M(S(p.deduction)),
    sso_employee: M(S(p.sso_employee)),
    sso_employer: M(S(p.sso_employer)),
    tax: M(S(p.tax)),
    net: M(S(p.net)),
    created_by: p.created_by,
    submitted_by: p.submitted_by,
    confirmed_by: p.confirmed_by,
    approved_by: p.approved_by,
    submitted: step(p.submitted_by, p.submitted_at),
    confirmed: step(p.confirmed_by, p.confirmed_at),
    approved: step(p.approved_by, p.approved_at),
    reopened: { ...step(p.reopened_by, p.reopened_at), reason: p.reopen_reason },
    sent_back: sentBackOf(p),
    deductions_ack: step(p.deductions_ack_by, p.deductions_ack_at),
  }));
}

/** The stored lines of a payroll that is past draft: exactly what was submitted. */
export async function storedLines(conn: Conn, p: PayrollRecord, userIds?: number[]): Promise<SheetLine[]> {
  const saved = await savedLines(conn, p.payroll_id, userIds);
  if (!saved.size) return [];
  const us = await conn
    .select()
    .from(users)
    .where(inArray(users.user_id, [...saved.keys()]));
  const uMap = new Map(us.map((u) => [u.user_id, u]));
  const [b] = await conn.select({ name: branches.name }).from(branches).where(eq(branches.branch_id, p.branch_id));
  const slips = await conn
    .select({ id: payslips.payslip_id, user_id: payslips.user_id })
    .from(payslips)
    .where(
      and(
        eq(payslips.payroll_id, p.payroll_id),
        eq(payslips.is_current, true),
        inArray(payslips.user_id, [...saved.keys()]),
      ),
    );
  const slip = new Map(slips.map((s) => [s.user_id, s.id]));
  const ids = [...new Set([...saved.values()].flatMap((s) => s.items.map((i) => i.list_payroll_id)))];
  const titles = ids.length
    ? new Map(
        (
          await conn
            .select({ id: listPayroll.list_payroll_id, t: listPayroll.title_value })
            .from(listPayroll)
            .where(inArray(listPayroll.list_payroll_id, ids))
        ).map((r) => [r.id, r.t]),
      )
    : new Map<number, string>();
  return [...saved.values()]
    .sort((a, b2) => a.line.user_id - b2.line.user_id)
    .map(({ line: l, items }) => {
      const u = uMap.get(l.user_id)!;
      return {
        user_id: l.user_id,
        user_name: fullName(u),
        position: u.position,
        branch_id: p.branch_id,
        branch_name: b?.name ?? '',
        is_daily: l.is_daily,
        rate: M(S(l.rate)),
        days_worked: l.days_worked,
        employed_days: l.employed_days,
        days_of_month: daysInMonth(p.month),
        end_date: l.end_date,
        start_date: u.start_date,
        salary: M(S(l.salary)),
        income: M(S(l.income)),
        deduction: M(S(l.deduction)),
        sso_wage: M(S(l.sso_wage)),
        sso_base: M(S(l.sso_base)),
        sso_employee: M(S(l.sso_employee)),
        sso_employer: M(S(l.sso_employer)),
        tax: M(S(l.tax)),
        net: M(S(l.net)),
        note: l.note,
        payslip_id: slip.get(l.user_id) ?? null,
        extra: M(S(l.extra)),
        irregular: M(S(l.irregular)),
        absence: M(S(l.absence)),
        branch_days: l.branch_days,
        warnings: l.warnings,
        carry_advance: M(S(l.carry_advance)),
        items: items.map((i) => ({
          list_payroll_id: i.list_payroll_id,
          name: i.name,
          type: i.type,
          condition: i.condition,
          title_value: titles.get(i.list_payroll_id) ?? '',
          value: M(S(i.value)),
          per_value: M(S(i.per_value)),
          amount: M(S(i.amount)),
        })),
      };
    });
}

/** list-payrollList/list: a branch-month's sheet; a draft (or a month not started) is computed live, later states as stored. */
export async function getSheet(
  conn: Conn,
  actor: Actor,
  branchParam: string | undefined,
  month: string,
): Promise<Sheet> {
  const branchId = branchFilter(branchParam) ?? actor.branchId;
  assertBranch(actor, branchId);
  const [b] = await conn
    .select()
    .from(branches)
    .where(and(eq(branches.branch_id, branchId), eq(branches.is_delete, false)));
  if (!b) throw notFound('ไม่พบสาขานี้');
  const p = await payrollOf(conn, branchId, month);
  const rates = await ratesFor(conn, month);
  const lines =
    p && p.status !== 'draft'
      ? await storedLines(conn, p)
      : (await computeLines(conn, branchId, month, p?.payroll_id ?? null)).map(({ _rate, ...l }) => l);
  return {
    branch_id: branchId,
    branch_name: b.name,
    month,
    month_name: monthName(month),
    payroll: p ? (await payrollRows(conn, [p]))[0]! : null,
    is_payroll: Boolean(p),
    is_approve: p?.status === 'approved',
    editable: !p || p.status === 'draft',
    items: await itemColumns(conn, branchId),
    lines,
    totals: totalsOf(lines),
    rates: { sso: rates.ssoText, tax: rates.taxText },
  };
}
