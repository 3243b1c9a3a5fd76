/** The accounting an approved payroll books: the month's pay and the employer's social security as expenses. */
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/connection.js';
import { expenses } from '../../db/schema/fleet.js';
import { payrolls } from '../../db/schema/payroll.js';
import { audit } from '../../http/audit.js';
import { type Actor } from '../../http/auth.js';
import { M, PayrollRecord, S, lastDayOf, monthName } from './common.js';
import { expenseItem } from './repo.js';

/** On approval the month's pay and the employer's social security become expenses of the branch on the month's last day. */
export async function recordExpenses(tx: Tx, actor: Actor, p: PayrollRecord, requestId?: string) {
  const pay = S(p.salary) + S(p.income);
  const er = S(p.sso_employer);
  const ids: number[] = [];
  const add = async (category: string, name: string, value: number, detail: string) => {
    if (value <= 0) return;
    const item = await expenseItem(tx, p.branch_id, category, name);
    if (!item) return;
    const [e] = await tx
      .insert(expenses)
      .values({
        branch_id: p.branch_id,
        list_expenses_id: item,
        date: lastDayOf(p.month),
        detail,
        pay_type: 'transfer',
        value: M(value),
        created_by: actor.userId,
      })
      .returning({ id: expenses.expenses_id });
    ids.push(e!.id);
  };
  const ref = `รอบเงินเดือน ${monthName(p.month)} เลขที่ ${p.payroll_id}${p.version > 1 ? ` ฉบับที่ ${p.version}` : ''}`;
  await add('เงินเดือน', 'เงินเดือนพนักงาน', pay, `เงินเดือนและค่าจ้าง ${ref}`);
  await add('เงินสมทบประกันสังคม', 'เงินสมทบประกันสังคม (นายจ้าง)', er, `เงินสมทบประกันสังคมส่วนนายจ้าง ${ref}`);
  if (ids.length) {
    await tx.update(payrolls).set({ expense_ids: ids }).where(eq(payrolls.payroll_id, p.payroll_id));
    await audit(
      tx,
      actor,
      {
        entity: 'expenses',
        entityId: ids.join(','),
        action: 'create',
        branchId: p.branch_id,
        after: { payroll_id: p.payroll_id, salaries: M(pay), sso_employer: M(er) },
      },
      requestId,
    );
  }
}
