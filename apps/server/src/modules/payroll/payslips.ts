/** Payslips issued on approval: a snapshot per employee and version. */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { formatBaht } from '@khabkhi/thai';
import { type LineItem } from '@khabkhi/contracts';
import type { Tx } from '../../db/connection.js';
import { branches, users } from '../../db/schema/core.js';
import { payrollLines, payrolls, payslips } from '../../db/schema/payroll.js';
import { type Actor } from '../../http/auth.js';
import { M, PayrollRecord, S, fullName, lastDayOf, monthName } from './common.js';
import { storedLines } from './sheet.js';
import { namesOf } from './repo.js';

export interface PayslipSnapshot {
  month: string;
  month_name: string;
  pay_date: string;
  version: number;
  branch: { name: string; code: string; tax_branch_no: string; is_head_office: boolean };
  employee: {
    user_id: number;
    name: string;
    idcard: string;
    position: string;
    department: string;
    bank: string;
    bank_acc: string;
    salary_pay_type: string;
  };
  salary: { label: string; detail: string; amount: string };
  incomes: { name: string; detail: string; amount: string }[];
  deductions: { name: string; detail: string; amount: string }[];
  gross: string;
  total_deduction: string;
  net: string;
  sso_employer: string;
  ytd: { income: string; tax: string; sso: string };
  /** who submitted and who confirmed the month (absent on payslips issued before the steps were printed) */
  submitted_by?: string;
  confirmed_by?: string;
  approved_by: string;
  approved_at: string;
  /** set when printed: a later approval issued another version, or the month is open again (not stored) */
  superseded?: boolean;
}

/** Issues the current version of every payslip of an approved payroll (an earlier version stays, no longer current). */
export async function issuePayslips(tx: Tx, actor: Actor, p: PayrollRecord): Promise<number> {
  const lines = await storedLines(tx, p);
  const [b] = await tx.select().from(branches).where(eq(branches.branch_id, p.branch_id));
  const us = lines.length
    ? await tx
        .select()
        .from(users)
        .where(
          inArray(
            users.user_id,
            lines.map((l) => l.user_id),
          ),
        )
    : [];
  const uMap = new Map(us.map((u) => [u.user_id, u]));
  const year = p.month.slice(0, 4);
  // year to date: this line plus the user's lines of approved payrolls earlier in the year
  const prior = lines.length
    ? await tx
        .select({
          user_id: payrollLines.user_id,
          salary: payrollLines.salary,
          income: payrollLines.income,
          tax: payrollLines.tax,
          sso: payrollLines.sso_employee,
        })
        .from(payrollLines)
        .innerJoin(payrolls, eq(payrolls.payroll_id, payrollLines.payroll_id))
        .where(
          and(
            inArray(
              payrollLines.user_id,
              lines.map((l) => l.user_id),
            ),
            eq(payrolls.status, 'approved'),
            sql`${payrolls.month} like ${`${year}-%`}`,
            sql`${payrolls.month} < ${p.month}`,
          ),
        )
    : [];
  const names = await namesOf(tx, [actor.userId, p.submitted_by, p.confirmed_by]);
  const approver = names.get(actor.userId) ?? '';
  await tx.update(payslips).set({ is_current: false }).where(eq(payslips.payroll_id, p.payroll_id));
  for (const l of lines) {
    const u = uMap.get(l.user_id)!;
    const mine = prior.filter((x) => x.user_id === l.user_id);
    const ytdIncome = mine.reduce((a, x) => a + S(x.salary) + S(x.income), 0) + S(l.salary) + S(l.income);
    const ytdTax = mine.reduce((a, x) => a + S(x.tax), 0) + S(l.tax);
    const ytdSso = mine.reduce((a, x) => a + S(x.sso), 0) + S(l.sso_employee);
    const detail = (i: LineItem) =>
      i.condition === 'fill' ? '' : `${i.per_value} × ${i.value} ${i.title_value}`.trim();
    const snap: PayslipSnapshot = {
      month: p.month,
      month_name: monthName(p.month),
      pay_date: lastDayOf(p.month),
      version: p.version,
      branch: { name: b!.name, code: b!.code, tax_branch_no: b!.tax_branch_no, is_head_office: b!.is_head_office },
      employee: {
        user_id: u.user_id,
        name: fullName(u),
        idcard: u.idcard,
        position: u.position,
        department: u.department,
        bank: u.bank,
        bank_acc: u.bank_acc,
        salary_pay_type: u.salary_pay_type,
      },
      salary: {
        label: l.is_daily ? 'ค่าจ้างรายวัน' : 'เงินเดือน',
        detail: l.is_daily
          ? `${l.days_worked} วัน × ${l.rate} บาท`
          : l.employed_days < l.days_of_month
            ? `${l.employed_days}/${l.days_of_month} วัน ของ ${l.rate} บาท`
            : '',
        amount: l.salary,
      },
      incomes: l.items
        .filter((i) => i.type !== 'deduction')
        .map((i) => ({ name: i.name, detail: detail(i), amount: i.amount })),
      deductions: [
        { name: 'ประกันสังคม (ลูกจ้าง)', detail: `ฐานค่าจ้าง ${formatBaht(l.sso_base)} บาท`, amount: l.sso_employee },
        { name: 'ภาษีหัก ณ ที่จ่าย', detail: '', amount: l.tax },
        ...l.items
          .filter((i) => i.type === 'deduction')
          .map((i) => ({ name: i.name, detail: detail(i), amount: i.amount })),
      ],
      gross: M(S(l.salary) + S(l.income)),
      total_deduction: M(S(l.deduction) + S(l.sso_employee) + S(l.tax)),
      net: l.net,
      sso_employer: l.sso_employer,
      ytd: { income: M(ytdIncome), tax: M(ytdTax), sso: M(ytdSso) },
      submitted_by: (p.submitted_by && names.get(p.submitted_by)) || '',
      confirmed_by: (p.confirmed_by && names.get(p.confirmed_by)) || '',
      approved_by: approver,
      approved_at: new Date().toISOString(),
    };
    await tx
      .insert(payslips)
      .values({
        payroll_id: p.payroll_id,
        user_id: l.user_id,
        branch_id: p.branch_id,
        month: p.month,
        version: p.version,
        is_current: true,
        net: l.net,
        snapshot: snap as unknown as Record<string, unknown>,
        issued_by: actor.userId,
      })
      .onConflictDoUpdate({
        target: [payslips.payroll_id, payslips.user_id, payslips.version],
        set: { is_current: true, net: l.net, snapshot: snap as unknown as Record<string, unknown> },
      });
  }
  return lines.length;
}
