import { sql } from 'drizzle-orm';
import { toSatang } from '@khabkhi/thai';
import type { Conn, Tx } from '../../db/connection.js';
import { assertBranch, type Actor } from '../../http/auth.js';
import { badRequest, notFound } from '../../http/errors.js';
import type { Claim } from './idempotency.js';
import { lockForPayment, NO_TRANSFER, recordPayment, type PayType, type TransferDetails } from './money.js';
import { Kind } from './kinds.js';

/** A payment as the API takes it: a transfer may carry its bank, time, slip reference and slip photo. */
export interface PaymentInput {
  paid: string;
  pay_type: PayType;
  note?: string;
  transfer_bank?: string;
  transfer_at?: string | null;
  transfer_ref?: string;
  transfer_slip?: string | null;
}

/** A slip photo must be one uploaded at a branch the user may see (checked only when one is attached). */
export async function checkSlip(tx: Conn, actor: Actor, t: TransferDetails) {
  if (!t.slip) return;
  const res = await tx.execute(sql`select branch_id from files where file_id = ${t.slip}::uuid and kind = 'photo'`);
  const f = (res as unknown as { rows: { branch_id: number | null }[] }).rows[0];
  if (!f) throw badRequest('รูปสลิป: ไม่พบไฟล์นี้ กรุณาอัปโหลดใหม่');
  if (f.branch_id !== null) assertBranch(actor, f.branch_id);
}

/** The banks a transfer is recorded from (the counter picks one). */
export const BANKS = [
  'กสิกรไทย',
  'กรุงเทพ',
  'ไทยพาณิชย์',
  'กรุงไทย',
  'กรุงศรีอยุธยา',
  'ทหารไทยธนชาต',
  'ออมสิน',
  'ธ.ก.ส.',
  'ยูโอบี',
  'ซีไอเอ็มบี ไทย',
  'เกียรตินาคินภัทร',
  'แลนด์ แอนด์ เฮ้าส์',
  'อาคารสงเคราะห์',
  'อื่น ๆ',
];

/** The transfer details of a payment input, checked: a known bank, a time not in the future, a short reference. */
export function transferOf(p: PaymentInput): TransferDetails {
  if (p.pay_type !== 'transfer') return NO_TRANSFER;
  const bank = (p.transfer_bank ?? '').trim();
  if (bank && !BANKS.includes(bank)) throw badRequest('ธนาคาร: ไม่พบธนาคารนี้ในรายการ');
  const at = p.transfer_at ?? null;
  if (at !== null) {
    const t = Date.parse(at);
    if (Number.isNaN(t)) throw badRequest('วันเวลาที่โอน: ไม่ถูกต้อง');
    if (t > Date.now() + 5 * 60_000) throw badRequest('วันเวลาที่โอน: เป็นเวลาในอนาคตไม่ได้');
  }
  return {
    bank,
    at: at === null ? null : new Date(Date.parse(at)).toISOString(),
    ref: (p.transfer_ref ?? '').trim(),
    slip: p.transfer_slip ?? null,
  };
}

/** application/paybalance: one payment on a locked application. */
export async function payBalance(
  tx: Tx,
  actor: Actor,
  input: PaymentInput & { application_id: number },
  reqId?: string,
  kind?: Kind,
  claim?: Claim | null,
) {
  const transfer = transferOf(input);
  await checkSlip(tx, actor, transfer);
  const { app, ctx } = await lockForPayment(tx, input.application_id, actor.userId);
  if (kind && app.kind !== kind)
    throw notFound(kind === 'fee' ? 'ไม่พบใบค่าธรรมเนียมนี้' : kind === 'request' ? 'ไม่พบใบคำร้องนี้' : 'ไม่พบใบสมัครนี้');
  assertBranch(actor, app.branch_id);
  const r = await recordPayment(
    tx,
    actor,
    app,
    { amountS: toSatang(input.paid), payType: input.pay_type, note: (input.note ?? '').trim(), transfer },
    reqId,
    ctx,
    claim,
  );
  return { applicationId: app.application_id, paymentId: r.payment.payment_id };
}
