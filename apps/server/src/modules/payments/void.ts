import { eq } from 'drizzle-orm';
import { payments } from '../../db/schema/money.js';
import { assertBranch } from '../../http/auth.js';
import { badRequest, notFound } from '../../http/errors.js';
import { applyVoid, assertDayOpen, lockApplication } from '../applications/index.js';
import { registerApprovalKind } from '../approvals/index.js';

/**
 * Void a wrong payment (payment/request-delete → request/approve): the receipt number stays, the payment is marked
 * void and the application's paid and balance are restored, in the approver's transaction.
 */
export const voidPayment = registerApprovalKind<{ application_id: number; payment_id: number; value: string }>({
  kind: 'void_payment',
  name: 'ขอยกเลิกรายการชำระ',
  request: ['create', 'Request'],
  decide: ['approve', 'Request'],
  entity: 'money_request',
  approvedMessage: 'อนุมัติคำขอเรียบร้อยแล้ว รายการชำระถูกยกเลิกและยอดคงเหลือถูกปรับแล้ว',
  async validate(tx, actor, paymentId, reason) {
    const [p] = await tx.select().from(payments).where(eq(payments.payment_id, paymentId));
    if (!p) throw notFound('ไม่พบรายการชำระเงินนี้');
    assertBranch(actor, p.branch_id);
    if (p.kind !== 'payment') throw badRequest('ขอยกเลิกได้เฉพาะรายการรับชำระ (รายการคืนเงินยกเลิกไม่ได้)');
    if (p.is_void) throw badRequest(`รายการ ${p.payment_code} ถูกยกเลิกไปแล้ว`);
    if (!reason) throw badRequest('หมายเหตุ: ต้องระบุเหตุผลที่ขอยกเลิก');
    return {
      branchId: p.branch_id,
      label: `รายการ ${p.payment_code}`,
      payload: { application_id: p.application_id, payment_id: p.payment_id, value: p.amount },
    };
  },
  async apply(tx, actor, r, reqId) {
    // the payment's day must be open: its lock is taken before the application's row, in a payment's order
    const [day] = await tx
      .select({ branch_id: payments.branch_id, business_date: payments.business_date })
      .from(payments)
      .where(eq(payments.payment_id, r.payload.payment_id));
    if (day) await assertDayOpen(tx, day.branch_id, day.business_date);
    const app = await lockApplication(tx, r.payload.application_id);
    const [p] = await tx.select().from(payments).where(eq(payments.payment_id, r.payload.payment_id)).for('update');
    if (!p) throw notFound('ไม่พบรายการชำระเงินนี้');
    await applyVoid(tx, actor, app, p, r.request_id, reqId);
  },
});
