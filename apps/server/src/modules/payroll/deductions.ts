/**
 * Deductions from wages the Labour Protection Act s.76 limits (advances, other deductions; not tax or social
 * security, which other laws order). The engine (engine.ts) warns on each line whose deductions of these kinds
 * exceed 10 % each or a fifth together of the wages due; a sheet with such a line is saved or submitted only when
 * the request says the manager acknowledges them (acknowledge_deductions: the employee's written consent is on
 * file). Who acknowledged and when stays on the payroll (deductions_ack_by/at) and in the audit log, with the people.
 */
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/connection.js';
import { payrolls } from '../../db/schema/payroll.js';
import { can } from '../../http/abilities.js';
import { audit } from '../../http/audit.js';
import type { Actor } from '../../http/auth.js';
import { AppError, badRequest, forbidden } from '../../http/errors.js';
import { payProblem } from './engine.js';
import { S, monthName, type ComputedLine, type PayrollRecord } from './common.js';

/** Net pay is never below zero: the first line that would be is refused, naming the person. */
export function assertPayable(lines: ComputedLine[]) {
  for (const l of lines) {
    const problem = payProblem({ net: S(l.net) });
    if (problem) throw badRequest(`${l.user_name}: ${problem}`);
  }
}

/** The Thai list of the people whose deductions exceed s.76, with the warnings of each. */
export const overLimitText = (lines: ComputedLine[]) =>
  lines
    .filter((l) => l.warnings.length)
    .map((l) => `${l.user_name} (${l.warnings.join(' และ ')})`)
    .join(', ');

/**
 * Refuses lines over the s.76 limits unless acknowledged (409, naming each person, the field in details), and records
 * the acknowledgement of the lines that need it. Checks net pay first: a negative net is never acknowledged away.
 */
export async function checkDeductions(
  tx: Tx,
  actor: Actor,
  p: PayrollRecord,
  lines: ComputedLine[],
  acknowledged: boolean | undefined,
  step: 'save' | 'submit',
  requestId?: string,
) {
  assertPayable(lines);
  const over = lines.filter((l) => l.warnings.length);
  if (!over.length) return;
  const who = overLimitText(over);
  if (!acknowledged) {
    const message = `${step === 'save' ? 'บันทึก' : 'ส่งตรวจ'}เงินเดือนเดือน${monthName(p.month)}ไม่ได้: รายการหักเงินเกินที่ พ.ร.บ.คุ้มครองแรงงาน มาตรา 76 กำหนด — ${who} ผู้จัดการต้องยืนยันว่ารับทราบและมีหนังสือยินยอมของลูกจ้างก่อน หรือลดรายการหัก/ยกยอดเงินเบิกล่วงหน้าไปเดือนถัดไป`;
    throw new AppError(409, message, [{ field: 'acknowledge_deductions', message }]);
  }
  if (!can(actor.abilities, 'approve', 'Payroll'))
    throw forbidden(
      `รายการหักเงินเกินที่ พ.ร.บ.คุ้มครองแรงงาน มาตรา 76 กำหนด (${who}) ต้องให้ผู้จัดการหรือผู้มีสิทธิ์ยืนยันเงินเดือนเป็นผู้รับทราบ`,
    );
  await tx
    .update(payrolls)
    .set({ deductions_ack_by: actor.userId, deductions_ack_at: new Date() })
    .where(eq(payrolls.payroll_id, p.payroll_id));
  await audit(
    tx,
    actor,
    {
      entity: 'payroll',
      entityId: p.payroll_id,
      action: 'acknowledge_deductions',
      branchId: p.branch_id,
      before: { deductions_ack_by: p.deductions_ack_by },
      after: {
        month: p.month,
        step,
        people: over.map((l) => ({ user_id: l.user_id, name: l.user_name, warnings: l.warnings })),
      },
    },
    requestId,
  );
}
