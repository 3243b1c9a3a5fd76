/**
 * The money core shared by registration, other-fee and request-fee applications:
 * status from the money, the payment entry with its gapless receipt number and receipt snapshot.
 * Everything here runs inside the caller's transaction with the application row locked.
 */
import { eq, sql } from 'drizzle-orm';
import { formatBaht, fromSatang, todayBangkok, toSatang } from '@khabkhi/thai';
import type { Conn } from '../../db/connection.js';
import { branches, schoolSettings, users } from '../../db/schema/core.js';
import { applicationCourses, applicationFees, applications, customers, payments, receipts } from '../../db/schema/money.js';
import { audit } from '../../http/audit.js';
import type { Actor } from '../../http/auth.js';
import { badRequest, notFound } from '../../http/errors.js';
import { formatAddress, fullName } from '../customers/service.js';
import { formatNumber, nextNumber } from './numbers.js';

export type ApplicationRow = typeof applications.$inferSelect;
export type PayType = 'cash' | 'transfer';

export const STATUS = {
  owing: 'ค้างชำระ',
  paid: 'ชำระครบ',
  refunded: 'คืนเงิน',
  partlyRefunded: 'คืนเงินบางส่วน',
  cancelled: 'ยกเลิก',
} as const;
export const STATUS_LIST = [STATUS.owing, STATUS.paid, STATUS.partlyRefunded, STATUS.refunded, STATUS.cancelled];
export const PAY_TYPE_LABEL: Record<PayType, string> = { cash: 'เงินสด', transfer: 'โอนเงิน' };

/** The status is never typed: it follows from the money. */
export function statusOf(a: { netS: number; paidS: number; refundedS: number; isDelete: boolean }): string {
  if (a.isDelete) return STATUS.cancelled;
  if (a.refundedS > 0) return a.paidS === 0 ? STATUS.refunded : STATUS.partlyRefunded;
  return a.netS - a.paidS > 0 ? STATUS.owing : STATUS.paid;
}

/** SELECT … FOR UPDATE: every money change of an application queues here. */
export async function lockApplication(tx: Conn, applicationId: number): Promise<ApplicationRow> {
  const [row] = await tx.select().from(applications).where(eq(applications.application_id, applicationId)).for('update');
  if (!row) throw notFound('ไม่พบใบสมัครนี้');
  return row;
}

export const S = (v: string) => toSatang(v, { allowNegative: true });

export interface PaymentResult {
  payment: typeof payments.$inferSelect;
  application: ApplicationRow;
}

/**
 * Records a payment on a LOCKED application: 0 < amount ≤ balance, the next receipt number of the branch
 * and Buddhist year, paid/balance/status updated, and the receipt snapshot stored — all in the caller's transaction.
 */
export async function recordPayment(
  tx: Conn, actor: Actor, app: ApplicationRow,
  input: { amountS: number; payType: PayType; note: string }, reqId?: string,
): Promise<PaymentResult> {
  if (app.is_delete) throw badRequest('ใบสมัครนี้ถูกยกเลิกแล้ว ไม่สามารถรับชำระได้');
  if (S(app.refunded) > 0) throw badRequest('ใบสมัครนี้มีการคืนเงินแล้ว ไม่สามารถรับชำระเพิ่มได้');
  const balanceS = S(app.balance);
  if (!Number.isSafeInteger(input.amountS) || input.amountS <= 0) throw badRequest('ยอดชำระ (paid): ต้องมากกว่า 0 บาท');
  if (balanceS === 0) throw badRequest('ใบสมัครนี้ชำระครบแล้ว ไม่มียอดคงเหลือ');
  if (input.amountS > balanceS) {
    throw badRequest(`ยอดชำระ (paid): ${fmt(input.amountS)} บาท มากกว่ายอดคงเหลือ ${fmt(balanceS)} บาท`);
  }
  const today = todayBangkok();
  // everything the receipt shows is read first; the branch's receipt counter is taken last, so its lock is held briefly
  const ctx = await receiptContext(tx, app, actor.userId);
  const { beYear, seq } = await nextNumber(tx, app.branch_id, 'RC', today);
  const code = formatNumber('RC', ctx.branch.code, beYear, seq);
  const [payment] = await tx.insert(payments).values({
    application_id: app.application_id, branch_id: app.branch_id, kind: 'payment', payment_code: code,
    pay_type: input.payType, amount: fromSatang(input.amountS), note: input.note, business_date: today, created_by: actor.userId,
  }).returning();
  const paidS = S(app.paid) + input.amountS;
  const netS = S(app.net);
  const byType = input.payType === 'cash'
    ? { paid_cash: fromSatang(S(app.paid_cash) + input.amountS) }
    : { paid_transfer: fromSatang(S(app.paid_transfer) + input.amountS) };
  const [updated] = await tx.update(applications).set({
    paid: fromSatang(paidS), balance: fromSatang(netS - paidS), ...byType,
    status: statusOf({ netS, paidS, refundedS: S(app.refunded), isDelete: false }), updatedAt: new Date(),
  }).where(eq(applications.application_id, app.application_id)).returning();
  await tx.insert(receipts).values({ payment_id: payment!.payment_id, snapshot: buildSnapshot(ctx, updated!, payment!, S(app.paid)) });
  await audit(tx, actor, {
    entity: 'payment', entityId: payment!.payment_id, action: 'create', branchId: app.branch_id,
    after: { payment: payment, application: { paid: updated!.paid, balance: updated!.balance, status: updated!.status } },
  }, reqId);
  return { payment: payment!, application: updated! };
}

/**
 * A refund on a LOCKED application: a new negative entry (never an edit) with its reason, its own gapless
 * number (RF-…), 0 < value ≤ what is still paid by that pay type; status becomes คืนเงิน / คืนเงินบางส่วน.
 */
export async function recordRefund(
  tx: Conn, actor: Actor, app: ApplicationRow,
  input: { amountS: number; payType: PayType; note: string }, reqId?: string,
): Promise<PaymentResult> {
  if (app.is_delete) throw badRequest('ใบสมัครนี้ถูกยกเลิกแล้ว');
  if (!input.note.trim()) throw badRequest('หมายเหตุ (note): ต้องระบุเหตุผลการคืนเงิน');
  if (!Number.isSafeInteger(input.amountS) || input.amountS <= 0) throw badRequest('จำนวนเงินคืน (value): ต้องมากกว่า 0 บาท');
  const paidS = S(app.paid);
  if (paidS === 0) throw badRequest('ใบสมัครนี้ไม่มียอดที่ชำระไว้ให้คืน');
  if (input.amountS > paidS) throw badRequest(`จำนวนเงินคืน (value): ${fmt(input.amountS)} บาท มากกว่ายอดที่ชำระไว้ ${fmt(paidS)} บาท`);
  const byTypeS = input.payType === 'cash' ? S(app.paid_cash) : S(app.paid_transfer);
  if (input.amountS > byTypeS) {
    throw badRequest(`จำนวนเงินคืน (value): คืนเป็น${PAY_TYPE_LABEL[input.payType]}ได้ไม่เกิน ${fmt(byTypeS)} บาท (ยอดที่ชำระด้วย${PAY_TYPE_LABEL[input.payType]})`);
  }
  const today = todayBangkok();
  const ctx = await receiptContext(tx, app, actor.userId);
  const { beYear, seq } = await nextNumber(tx, app.branch_id, 'RF', today);
  const [payment] = await tx.insert(payments).values({
    application_id: app.application_id, branch_id: app.branch_id, kind: 'refund', payment_code: formatNumber('RF', ctx.branch.code, beYear, seq),
    pay_type: input.payType, amount: fromSatang(-input.amountS), note: input.note.trim(), business_date: today, created_by: actor.userId,
  }).returning();
  const newPaidS = paidS - input.amountS;
  const refundedS = S(app.refunded) + input.amountS;
  const netS = S(app.net);
  const byType = input.payType === 'cash' ? { paid_cash: fromSatang(byTypeS - input.amountS) } : { paid_transfer: fromSatang(byTypeS - input.amountS) };
  const [updated] = await tx.update(applications).set({
    paid: fromSatang(newPaidS), balance: fromSatang(netS - newPaidS), refunded: fromSatang(refundedS), ...byType,
    status: statusOf({ netS, paidS: newPaidS, refundedS, isDelete: false }), updatedAt: new Date(),
  }).where(eq(applications.application_id, app.application_id)).returning();
  await tx.insert(receipts).values({ payment_id: payment!.payment_id, snapshot: buildSnapshot(ctx, updated!, payment!, paidS) });
  await audit(tx, actor, {
    entity: 'payment', entityId: payment!.payment_id, action: 'refund', branchId: app.branch_id,
    after: { payment, application: { paid: updated!.paid, balance: updated!.balance, refunded: updated!.refunded, status: updated!.status } },
  }, reqId);
  return { payment: payment!, application: updated! };
}

/**
 * An approved void on a LOCKED application: the payment stays (its number stays used) but is marked void,
 * and its money leaves paid / paid_<type>; balance and status follow.
 */
export async function applyVoid(tx: Conn, actor: Actor, app: ApplicationRow, payment: typeof payments.$inferSelect, requestId: number, reqId?: string) {
  if (payment.is_void) throw badRequest(`รายการ ${payment.payment_code} ถูกยกเลิกไปแล้ว`);
  if (payment.kind !== 'payment') throw badRequest('ยกเลิกได้เฉพาะรายการรับชำระ');
  const amountS = S(payment.amount);
  const paidS = S(app.paid) - amountS;
  const typeKey = payment.pay_type === 'cash' ? 'paid_cash' : 'paid_transfer';
  const typeS = S(app[typeKey]) - amountS;
  if (paidS < 0 || typeS < 0) throw badRequest('ไม่สามารถยกเลิกรายการนี้ได้ เพราะยอดนี้ถูกคืนเงินไปแล้ว');
  const netS = S(app.net);
  await tx.update(payments).set({ is_void: true, voided_at: new Date(), voided_by: actor.userId, void_request_id: requestId })
    .where(eq(payments.payment_id, payment.payment_id));
  const [updated] = await tx.update(applications).set({
    paid: fromSatang(paidS), balance: fromSatang(netS - paidS), [typeKey]: fromSatang(typeS),
    status: statusOf({ netS, paidS, refundedS: S(app.refunded), isDelete: app.is_delete }), updatedAt: new Date(),
  }).where(eq(applications.application_id, app.application_id)).returning();
  await audit(tx, actor, {
    entity: 'payment', entityId: payment.payment_id, action: 'void', branchId: app.branch_id,
    before: payment, after: { is_void: true, request_id: requestId, application: { paid: updated!.paid, balance: updated!.balance, status: updated!.status } },
  }, reqId);
  return updated!;
}

const fmt = (s: number) => formatBaht(s);

type ReceiptContext = Awaited<ReturnType<typeof receiptContext>>;

/** What the receipt needs besides the money, read in two queries (school, branch, customer, cashier; the lines). */
export async function receiptContext(tx: Conn, app: ApplicationRow, cashierId: number) {
  const [h] = await tx.select({ branch: branches, customer: customers, settings: schoolSettings, cashier: { prefix: users.prefix, fname: users.fname, sname: users.sname } })
    .from(branches)
    .innerJoin(customers, eq(customers.customer_id, app.customer_id))
    .innerJoin(users, eq(users.user_id, cashierId))
    .leftJoin(schoolSettings, eq(schoolSettings.id, 1))
    .where(eq(branches.branch_id, app.branch_id));
  const linesOf = app.application_id;
  const lines = await tx.execute(sql`
    select name, cost::text as cost, discount::text as discount, code from (
      select line_no, course_name as name, cost, discount, promotion_code as code from application_courses where application_id = ${linesOf}
      union all select line_no, other_fee_name, cost, discount, '' from application_fees where application_id = ${linesOf}) l order by line_no`);
  return { ...h!, lines: (lines as unknown as { rows: { name: string; cost: string; discount: string; code: string }[] }).rows };
}

/** What a receipt shows, frozen at the moment of payment (the receipt is an original document). */
export function buildSnapshot(ctx: ReceiptContext, app: ApplicationRow, payment: typeof payments.$inferSelect, paidBeforeS: number) {
  const { settings, branch, customer, cashier } = ctx;
  const amountS = Math.abs(S(payment.amount));
  return {
    school: {
      name: settings?.name ?? '', name_en: settings?.name_en ?? '', tax_id: settings?.tax_id ?? '', address: settings?.address ?? '',
      phone: settings?.phone ?? '', vat_mode: settings?.vat_mode ?? 'exempt', promptpay_id: settings?.promptpay_id ?? '',
    },
    branch: {
      name: branch.name, code: branch.code, is_head_office: branch.is_head_office, tax_branch_no: branch.tax_branch_no,
      address: formatAddress(branch), phone: branch.phone_1,
    },
    kind: payment.kind as 'payment' | 'refund',
    number: payment.payment_code,
    issued_at: payment.createdAt.toISOString(),
    application_code: app.application_code,
    customer: { name: fullName(customer), idcard: customer.idcard, address: formatAddress(customer), phone: customer.phone_1 },
    items: ctx.lines.map((l) => ({ name: l.code ? `${l.name} (ส่วนลด ${l.code})` : l.name, amount: fromSatang(S(l.cost) - S(l.discount)) })),
    totals: {
      total: fromSatang(S(app.total)), discount: fromSatang(S(app.discount)), net: fromSatang(S(app.net)),
      paid_before: fromSatang(paidBeforeS), amount: fromSatang(amountS), balance_after: fromSatang(S(app.balance)),
    },
    amount: fromSatang(amountS),
    pay_type: payment.pay_type as PayType,
    note: payment.note,
    cashier: cashier ? fullName(cashier) : '',
  };
}

/** The identities every application satisfies; used by tests and by the benchmark after its runs. */
export const IDENTITY_VIOLATIONS_SQL = sql`
  select a.application_id from applications a
  left join lateral (select coalesce(sum(case when not p.is_void then p.amount else 0 end), 0) as paid,
                            coalesce(sum(case when not p.is_void and p.kind = 'refund' then -p.amount else 0 end), 0) as refunded,
                            coalesce(sum(case when not p.is_void and p.pay_type = 'cash' then p.amount else 0 end), 0) as cash
                     from payments p where p.application_id = a.application_id) p on true
  left join lateral (select coalesce(sum(cost), 0) as cost, coalesce(sum(discount), 0) as discount from (
                       select cost, discount from application_courses where application_id = a.application_id
                       union all select cost, discount from application_fees where application_id = a.application_id) l) l on true
  where a.total <> l.cost or a.discount <> l.discount or a.net <> a.total - a.discount
     or a.paid <> p.paid or a.refunded <> p.refunded or a.paid_cash <> p.cash or a.paid <> a.paid_cash + a.paid_transfer or a.balance <> a.net - a.paid or a.paid < 0 or a.paid > a.net`;
