/**
 * The accounting an approved payroll books, on the month's last day, in one insert:
 * - each person's pay as its own expense, paid the way the person is paid (users.salary_pay_type: cash or
 *   transfer), for the wages actually earned — salary, extra pay and incomes, net of absence deductions
 *   (the employee's social security and tax withheld are part of that wage cost, paid on to the offices);
 * - the employer's social security of the branch as its own expense (paid to the SSO by transfer).
 * The month's booked expenses equal the approved sheet to the satang. They carry payroll_id: the expenses
 * screens refuse to change them; a reopen removes them and the next approval books them again.
 */
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/connection.js';
import { users } from '../../db/schema/core.js';
import { expenses } from '../../db/schema/fleet.js';
import { payrollLines, payrolls } from '../../db/schema/payroll.js';
import { audit } from '../../http/audit.js';
import { type Actor } from '../../http/auth.js';
import { M, PayrollRecord, S, fullName, lastDayOf, monthName } from './common.js';
import { expenseItem } from './repo.js';

export async function recordExpenses(tx: Tx, actor: Actor, p: PayrollRecord, requestId?: string) {
  const lines = await tx
    .select({ l: payrollLines, u: users })
    .from(payrollLines)
    .innerJoin(users, eq(users.user_id, payrollLines.user_id))
    .where(eq(payrollLines.payroll_id, p.payroll_id));
  const ref = `รอบเงินเดือน ${monthName(p.month)} เลขที่ ${p.payroll_id}${p.version > 1 ? ` ฉบับที่ ${p.version}` : ''}`;
  const day = lastDayOf(p.month);
  const rows: (typeof expenses.$inferInsert)[] = [];
  const payItem = await expenseItem(tx, p.branch_id, 'เงินเดือน', 'เงินเดือนพนักงาน');
  let pay = 0;
  if (payItem)
    for (const { l, u } of lines) {
      const wage = S(l.salary) + S(l.income) - S(l.absence);
      if (wage <= 0) continue;
      pay += wage;
      rows.push({
        branch_id: p.branch_id,
        list_expenses_id: payItem,
        date: day,
        user_id: u.user_id,
        detail: `เงินเดือนและค่าจ้าง ${fullName(u)} ${ref}`,
        pay_type: u.salary_pay_type === 'cash' ? 'cash' : 'transfer',
        value: M(wage),
        payroll_id: p.payroll_id,
        created_by: actor.userId,
      });
    }
  const er = lines.reduce((a, { l }) => a + S(l.sso_employer), 0);
  const ssoItem = er > 0 ? await expenseItem(tx, p.branch_id, 'เงินสมทบประกันสังคม', 'เงินสมทบประกันสังคม (นายจ้าง)') : null;
  if (ssoItem)
    rows.push({
      branch_id: p.branch_id,
      list_expenses_id: ssoItem,
      date: day,
      detail: `เงินสมทบประกันสังคมส่วนนายจ้าง ${ref}`,
      pay_type: 'transfer',
      value: M(er),
      payroll_id: p.payroll_id,
      created_by: actor.userId,
    });
  if (!rows.length) return;
  const ids = (await tx.insert(expenses).values(rows).returning({ id: expenses.expenses_id })).map((r) => r.id);
  await tx.update(payrolls).set({ expense_ids: ids }).where(eq(payrolls.payroll_id, p.payroll_id));
  await audit(
    tx,
    actor,
    {
      entity: 'expenses',
      entityId: ids.join(','),
      action: 'create',
      branchId: p.branch_id,
      after: {
        payroll_id: p.payroll_id,
        salaries: M(pay),
        sso_employer: M(er),
        people: rows.length - (ssoItem ? 1 : 0),
      },
    },
    requestId,
  );
}
