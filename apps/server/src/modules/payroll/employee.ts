/** One employee's payroll: the staff detail and a month's line (history). */
import { daysInMonth } from './engine.js';
import { and, desc, eq } from 'drizzle-orm';
import { type DetailLine, type LineItem, type SheetLine } from '@khabkhi/contracts';
import type { Conn } from '../../db/connection.js';
import { branches } from '../../db/schema/core.js';
import { payrollLines, payrolls } from '../../db/schema/payroll.js';
import { type Actor } from '../../http/auth.js';
import { M, S, UserRecord, currentMonth, fullName, monthName, monthOk } from './common.js';
import { computeLines } from './compute.js';
import { storedLines } from './sheet.js';
import { userItems } from './standing.js';
import { branchOfUser, payrollOf } from './repo.js';
import { payingBranch } from './person-month.js';

export function userInfo(u: UserRecord, branchName: string) {
  return {
    user_id: u.user_id,
    name: fullName(u),
    position: u.position,
    department: u.department,
    branch_id: u.branch_id,
    branch_name: branchName,
    is_salary_daily: u.is_salary_daily,
    salary: M(S(u.salary)),
    sso_salary: M(S(u.sso_salary)),
    bank: u.bank,
    bank_acc: u.bank_acc,
    salary_pay_type: u.salary_pay_type,
    start_date: u.start_date,
    idcard: u.idcard,
  };
}

export const detailLine = (i: LineItem, computed = false): DetailLine => ({
  name: i.name,
  type: i.type,
  condition: i.condition,
  value: i.value,
  per_value: i.per_value,
  amount: i.amount,
  list_payroll_id: i.list_payroll_id,
  title_value: i.title_value,
  computed,
});

/** payroll/user/{id}: the payroll staff detail — salary and the standing incomes and deductions. */
export async function staffDetail(conn: Conn, actor: Actor, userId: number) {
  const u = await branchOfUser(conn, actor, userId);
  const [b] = await conn.select({ name: branches.name }).from(branches).where(eq(branches.branch_id, u.branch_id));
  const items = await userItems(conn, actor, userId);
  const asLine = (i: (typeof items)[number]): DetailLine => ({
    name: i.name,
    type: i.type,
    condition: i.condition,
    value: i.value,
    per_value: i.per_value,
    amount: i.amount,
    list_payroll_id: i.list_payroll_id,
    title_value: i.title_value,
    computed: false,
  });
  return {
    user_info: userInfo(u, b?.name ?? ''),
    salary: [
      {
        name: u.is_salary_daily ? 'ค่าจ้างรายวัน' : 'เงินเดือน',
        type: 'income',
        condition: u.is_salary_daily ? 'multiply' : 'fill',
        value: M(S(u.salary)),
        per_value: u.is_salary_daily ? '1' : '0',
        amount: M(S(u.salary)),
        list_payroll_id: null,
        title_value: u.is_salary_daily ? 'บาท/วัน' : 'บาท/เดือน',
        computed: false,
      },
    ],
    income: items.filter((i) => i.type !== 'deduction').map(asLine),
    deduction: items.filter((i) => i.type === 'deduction').map(asLine),
  };
}

/** payroll/userhistory/{user_id}?month=: the employee's line of a month, stored or (no payroll yet) previewed. */
export async function userHistory(conn: Conn, actor: Actor, userId: number, monthParam?: string) {
  const u = await branchOfUser(conn, actor, userId, true);
  const mine = await conn
    .selectDistinct({ month: payrolls.month })
    .from(payrollLines)
    .innerJoin(payrolls, eq(payrolls.payroll_id, payrollLines.payroll_id))
    .where(eq(payrollLines.user_id, userId))
    .orderBy(desc(payrolls.month));
  const month = monthOk(monthParam) ?? mine[0]?.month ?? currentMonth();
  const [line] = await conn
    .select({ p: payrolls })
    .from(payrollLines)
    .innerJoin(payrolls, eq(payrolls.payroll_id, payrollLines.payroll_id))
    .where(and(eq(payrollLines.user_id, userId), eq(payrolls.month, month)));
  // the sheet that pays the month: a person moved since is read on the old branch's month (person-month.ts)
  const branchId = (await payingBranch(conn, userId, month)) ?? u.branch_id;
  const p = line?.p.branch_id === branchId ? line.p : await payrollOf(conn, branchId, month);
  let l: SheetLine | undefined;
  if (p && p.status !== 'draft') l = (await storedLines(conn, p)).find((x) => x.user_id === userId);
  else {
    const lines = await computeLines(conn, branchId, month, p?.payroll_id ?? null).catch((e) => {
      if (e?.statusCode === 400) return [];
      throw e;
    });
    l = lines.find((x) => x.user_id === userId);
  }
  const [b] = await conn.select({ name: branches.name }).from(branches).where(eq(branches.branch_id, u.branch_id));
  const months = mine.map((m) => ({ name: monthName(m.month), value: m.month }));
  if (!months.some((m) => m.value === month)) months.unshift({ name: monthName(month), value: month });
  const data = {
    user_info: userInfo(u, b?.name ?? ''),
    month,
    month_name: monthName(month),
    payroll_id: p?.payroll_id ?? null,
    status: p?.status ?? '',
    salary: l
      ? [
          {
            name: l.is_daily ? 'ค่าจ้างรายวัน' : 'เงินเดือน',
            type: 'income',
            condition: l.is_daily ? 'multiply' : 'fill',
            value: l.rate,
            per_value: String(l.days_worked),
            amount: l.salary,
            list_payroll_id: null,
            title_value: l.is_daily ? 'บาท/วัน' : 'บาท/เดือน',
            computed: true,
          },
        ]
      : [],
    income: (l?.items ?? []).filter((i) => i.type !== 'deduction').map((i) => detailLine(i)),
    deduction: l
      ? [
          {
            name: 'ประกันสังคม',
            type: 'deduction',
            condition: 'fill',
            value: l.sso_employee,
            per_value: '0',
            amount: l.sso_employee,
            list_payroll_id: null,
            title_value: 'บาท/เดือน',
            computed: true,
          },
          {
            name: 'ภาษีหัก ณ ที่จ่าย',
            type: 'deduction',
            condition: 'fill',
            value: l.tax,
            per_value: '0',
            amount: l.tax,
            list_payroll_id: null,
            title_value: 'บาท/เดือน',
            computed: true,
          },
          ...l.items.filter((i) => i.type === 'deduction').map((i) => detailLine(i)),
        ]
      : [],
    net: l?.net ?? '0',
    sso_employer: l?.sso_employer ?? '0',
    payslip_id: l?.payslip_id ?? null,
    months,
    days_worked: l?.days_worked ?? 0,
    days_of_month: daysInMonth(month),
    end_date: l?.end_date ?? null,
    note: l?.note ?? '',
  };
  return { data, detail: { is_approve: p?.status === 'approved', is_payroll: Boolean(p && line) } };
}
