import { and, desc, eq, sql } from 'drizzle-orm';
import { fromSatang, todayBangkok, toSatang } from '@khabkhi/thai';
import type { Db, Tx } from '../../db/connection.js';
import { promotions } from '../../db/schema/catalog.js';
import { applications, payments, promotionUsages } from '../../db/schema/money.js';
import { audit } from '../../http/audit.js';
import { assertBranch, type Actor } from '../../http/auth.js';
import { badRequest, notFound } from '../../http/errors.js';
import { assertDayOpen, lockApplication, recordRefund, S, STATUS, type PayType } from './money.js';
import { Kind, kindLabel } from './kinds.js';
import { lockCourseLines, registrationEnded } from './hooks.js';

/**
 * application/refund and applicationfee/refund: a new negative entry on the locked application. A registration it ends
 * gives back what its course lines hold (exam seats, booked lessons: the hooks registered on onRegistrationEnded),
 * in the same transaction.
 */
export async function refundApplication(
  tx: Tx,
  actor: Actor,
  input: { application_id: number; note: string; value: string; pay_type?: PayType },
  kind: Kind,
  reqId?: string,
) {
  // the day's lock before the application's row, in the order a payment takes them (no lock cycle with a close)
  const [pre] = await tx
    .select({ branch_id: applications.branch_id })
    .from(applications)
    .where(eq(applications.application_id, input.application_id));
  if (!pre) throw notFound(`ไม่พบ${kindLabel(kind)}นี้`);
  assertBranch(actor, pre.branch_id);
  await assertDayOpen(tx, pre.branch_id, todayBangkok());
  // any refund ends a registration: its course lines are locked before the application (lockCourseLines says why),
  // and what they hold (exam seats, booked lessons) is given back before the money entry takes the receipt counter
  const lineIds = await lockCourseLines(tx, input.application_id);
  const app = await lockApplication(tx, input.application_id);
  if (app.kind !== kind) throw notFound(`ไม่พบ${kindLabel(kind)}นี้`);
  await registrationEnded(tx, actor, app, lineIds, `คืนเงิน: ${input.note.trim()}`, reqId);
  const r = await recordRefund(
    tx,
    actor,
    app,
    { amountS: toSatang(input.value), payType: input.pay_type ?? 'cash', note: input.note },
    reqId,
  );
  return { applicationId: app.application_id, paymentId: r.payment.payment_id };
}

/**
 * application/delete: cancel only while nothing is paid; it stays visible as ยกเลิก, and gives back the exam seats and
 * the booked lessons of its lines.
 */
export async function deleteApplication(tx: Tx, actor: Actor, id: number, kind: Kind, note: string, reqId?: string) {
  // the course lines before the application, as a refund takes them (lockCourseLines)
  const lineIds = await lockCourseLines(tx, id);
  const app = await lockApplication(tx, id);
  if (app.kind !== kind) throw notFound(`ไม่พบ${kindLabel(kind)}นี้`);
  assertBranch(actor, app.branch_id);
  if (app.is_delete) throw badRequest(`${kindLabel(kind)}นี้ถูกยกเลิกไปแล้ว`);
  if (S(app.paid) !== 0)
    throw badRequest(`${kindLabel(kind)}นี้มียอดชำระแล้ว ${fromSatang(S(app.paid))} บาท กรุณาคืนเงินหรือขอยกเลิกรายการชำระก่อน`);
  const [after] = await tx
    .update(applications)
    .set({
      is_delete: true,
      status: STATUS.cancelled,
      note: note ? `${app.note ? `${app.note}\n` : ''}ยกเลิก: ${note}` : app.note,
      updatedAt: new Date(),
    })
    .where(eq(applications.application_id, id))
    .returning();
  // a cancelled registration gives its promotion uses back
  const uses = await tx.select().from(promotionUsages).where(eq(promotionUsages.application_id, id));
  for (const u of uses) {
    await tx
      .update(promotions)
      .set({ usage: sql`greatest(${promotions.usage} - 1, 0)` })
      .where(eq(promotions.promotion_id, u.promotion_id));
  }
  await tx.delete(promotionUsages).where(eq(promotionUsages.application_id, id));
  // and the exam seats and booked lessons its lines hold
  await registrationEnded(tx, actor, app, lineIds, note ? `ยกเลิกใบสมัคร: ${note}` : 'ยกเลิกใบสมัคร', reqId);
  await audit(
    tx,
    actor,
    { entity: 'application', entityId: id, action: 'cancel', branchId: app.branch_id, before: app, after },
    reqId,
  );
}

/** request/refund/pdf: the refund entry of an application in the user's branches (the latest by default, or the one named). */
export async function refundEntryOf(db: Db, actor: Actor, applicationId: number, paymentId?: number): Promise<number> {
  const [a] = await db
    .select({ branch_id: applications.branch_id })
    .from(applications)
    .where(eq(applications.application_id, applicationId));
  if (!a) throw notFound('ไม่พบใบสมัครนี้');
  assertBranch(actor, a.branch_id);
  const [p] = await db
    .select({ id: payments.payment_id })
    .from(payments)
    .where(
      and(
        eq(payments.application_id, applicationId),
        eq(payments.kind, 'refund'),
        paymentId ? eq(payments.payment_id, paymentId) : undefined,
      ),
    )
    .orderBy(desc(payments.payment_id))
    .limit(1);
  if (!p) throw badRequest('ใบสมัครนี้ไม่มีรายการคืนเงิน');
  return p.id;
}
