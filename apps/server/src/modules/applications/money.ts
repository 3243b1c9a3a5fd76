/**
 * The money core shared by registration, other-fee and request-fee applications:
 * status from the money, the payment entry with its gapless receipt number and receipt snapshot.
 * Everything here runs inside the caller's transaction with the application row locked.
 */
import { eq, sql } from 'drizzle-orm';
import { buddhistYear, formatBaht, formatThaiDate, fromSatang, todayBangkok, toSatang } from '@khabkhi/thai';
import type { Conn } from '../../db/connection.js';
import { rowsOf } from '../../db/sql.js';
import { applications, payments } from '../../db/schema/money.js';
import type { ReceiptSnapshot } from '../../documents/types.js';
import { audit } from '../../http/audit.js';
import type { Actor } from '../../http/auth.js';
import { badRequest, conflict, notFound } from '../../http/errors.js';
import { formatAddress, fullName } from '../customers/index.js';
import { KeyTaken, type Claim } from './idempotency.js';
import { formatNumber, type Series } from './numbers.js';
import { dayLockSql } from './day-lock.js';
import { receiptContext, type ReceiptContext } from './receipt-context.js';
import { runMoneyEntry } from './money-entry.js';

export { dayLockSql } from './day-lock.js';
export { lockForPayment, receiptContext, type ReceiptContext } from './receipt-context.js';

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

/** A list that opens on what is still owed (SPEC §2): no status given means ค้างชำระ; ทั้งหมด still means every one. */
export const owingByDefault = <Q extends { status?: string }>(q: Q): Q =>
  q.status === undefined || q.status === '' ? { ...q, status: STATUS.owing } : q;
export const PAY_TYPE_LABEL: Record<PayType, string> = { cash: 'เงินสด', transfer: 'โอนเงิน' };

/** What a transfer carries besides its amount: the bank, when it was made, the slip's reference, optionally the slip's photo. */
export interface TransferDetails {
  bank: string;
  at: string | null;
  ref: string;
  slip: string | null;
}
export const NO_TRANSFER: TransferDetails = { bank: '', at: null, ref: '', slip: null };

/** Takes the day's lock shared (one statement) and refuses when the day is closed: for the paths off the hot pay path. */
export async function assertDayOpen(tx: Conn, branchId: number, date: string) {
  await tx.execute(sql`select pg_advisory_xact_lock_shared(${dayLockSql(branchId, date)})`);
  const res = await tx.execute(
    sql`select 1 from cash_closes where branch_id = ${branchId} and business_date = ${date}::date and reopened_at is null`,
  );
  if (rowsOf<unknown>(res).length) throw dayClosed(date);
}

export const dayClosed = (date: string) =>
  conflict(
    `ปิดยอดประจำวันที่ ${formatThaiDate(date)} ของสาขานี้แล้ว จึงรับชำระ คืนเงิน หรือยกเลิกรายการของวันนั้นไม่ได้ หากจำเป็นต้องบันทึก ให้ผู้จัดการเปิดยอดวันนั้นใหม่พร้อมระบุเหตุผลก่อน`,
  );

/** The status is never typed: it follows from the money. */
export function statusOf(a: { netS: number; paidS: number; refundedS: number; isDelete: boolean }): string {
  if (a.isDelete) return STATUS.cancelled;
  if (a.refundedS > 0) return a.paidS === 0 ? STATUS.refunded : STATUS.partlyRefunded;
  return a.netS - a.paidS > 0 ? STATUS.owing : STATUS.paid;
}

/** SELECT … FOR UPDATE: every money change of an application queues here. */
export async function lockApplication(tx: Conn, applicationId: number): Promise<ApplicationRow> {
  const [row] = await tx
    .select()
    .from(applications)
    .where(eq(applications.application_id, applicationId))
    .for('update');
  if (!row) throw notFound('ไม่พบใบสมัครนี้');
  return row;
}

export const S = (v: string) => toSatang(v, { allowNegative: true });

export interface PaymentResult {
  /** the new entry: id, number and time (everything else is what the caller passed) */
  payment: { payment_id: number; payment_code: string; createdAt: Date };
  application: ApplicationRow;
}

/**
 * Records a payment on a LOCKED application: 0 < amount ≤ balance, the next receipt number of the branch
 * and Buddhist year, paid/balance/status updated, and the receipt snapshot stored — all in the caller's transaction.
 * `ctx` (from lockForPayment) saves reading the receipt's context again; with `claim`, the Idempotency-Key is claimed
 * with its answer `{ applicationId, paymentId }` by the same statement (KeyTaken when an earlier call has it).
 */
export async function recordPayment(
  tx: Conn,
  actor: Actor,
  app: ApplicationRow,
  input: { amountS: number; payType: PayType; note: string; transfer?: TransferDetails },
  reqId?: string,
  ctx?: ReceiptContext,
  claim?: Claim | null,
): Promise<PaymentResult> {
  if (app.is_delete) throw badRequest('ใบสมัครนี้ถูกยกเลิกแล้ว ไม่สามารถรับชำระได้');
  if (S(app.refunded) > 0) throw badRequest('ใบสมัครนี้มีการคืนเงินแล้ว ไม่สามารถรับชำระเพิ่มได้');
  const balanceS = S(app.balance);
  if (!Number.isSafeInteger(input.amountS) || input.amountS <= 0) throw badRequest('ยอดชำระ: ต้องมากกว่า 0 บาท');
  if (balanceS === 0) throw badRequest('ใบสมัครนี้ชำระครบแล้ว ไม่มียอดคงเหลือ');
  if (input.amountS > balanceS) {
    throw badRequest(`ยอดชำระ: ${fmt(input.amountS)} บาท มากกว่ายอดคงเหลือ ${fmt(balanceS)} บาท`);
  }
  const paidS = S(app.paid) + input.amountS;
  const netS = S(app.net);
  const after: ApplicationRow = {
    ...app,
    paid: fromSatang(paidS),
    balance: fromSatang(netS - paidS),
    paid_cash: input.payType === 'cash' ? fromSatang(S(app.paid_cash) + input.amountS) : app.paid_cash,
    paid_transfer: input.payType === 'transfer' ? fromSatang(S(app.paid_transfer) + input.amountS) : app.paid_transfer,
    status: statusOf({ netS, paidS, refundedS: S(app.refunded), isDelete: false }),
  };
  const transfer = input.payType === 'transfer' ? (input.transfer ?? NO_TRANSFER) : NO_TRANSFER;
  return writeMoneyEntry(
    tx,
    actor,
    app,
    after,
    { kind: 'payment', amountS: input.amountS, payType: input.payType, note: input.note, transfer },
    ctx,
    reqId,
    claim,
  );
}

/**
 * A refund on a LOCKED application: a new negative entry (never an edit) with its reason, its own gapless
 * number (RF-…), 0 < value ≤ what is still paid by that pay type; status becomes คืนเงิน / คืนเงินบางส่วน.
 */
export async function recordRefund(
  tx: Conn,
  actor: Actor,
  app: ApplicationRow,
  input: { amountS: number; payType: PayType; note: string },
  reqId?: string,
): Promise<PaymentResult> {
  if (app.is_delete) throw badRequest('ใบสมัครนี้ถูกยกเลิกแล้ว');
  if (!input.note.trim()) throw badRequest('หมายเหตุ: ต้องระบุเหตุผลการคืนเงิน');
  if (!Number.isSafeInteger(input.amountS) || input.amountS <= 0) throw badRequest('จำนวนเงินคืน: ต้องมากกว่า 0 บาท');
  const paidS = S(app.paid);
  if (paidS === 0) throw badRequest('ใบสมัครนี้ไม่มียอดที่ชำระไว้ให้คืน');
  if (input.amountS > paidS)
    throw badRequest(`จำนวนเงินคืน: ${fmt(input.amountS)} บาท มากกว่ายอดที่ชำระไว้ ${fmt(paidS)} บาท`);
  const byTypeS = input.payType === 'cash' ? S(app.paid_cash) : S(app.paid_transfer);
  if (input.amountS > byTypeS) {
    throw badRequest(
      `จำนวนเงินคืน: คืนเป็น${PAY_TYPE_LABEL[input.payType]}ได้ไม่เกิน ${fmt(byTypeS)} บาท (ยอดที่ชำระด้วย${PAY_TYPE_LABEL[input.payType]})`,
    );
  }
  const newPaidS = paidS - input.amountS;
  const refundedS = S(app.refunded) + input.amountS;
  const netS = S(app.net);
  const after: ApplicationRow = {
    ...app,
    paid: fromSatang(newPaidS),
    balance: fromSatang(netS - newPaidS),
    refunded: fromSatang(refundedS),
    paid_cash: input.payType === 'cash' ? fromSatang(byTypeS - input.amountS) : app.paid_cash,
    paid_transfer: input.payType === 'transfer' ? fromSatang(byTypeS - input.amountS) : app.paid_transfer,
    status: statusOf({ netS, paidS: newPaidS, refundedS, isDelete: false }),
  };
  return writeMoneyEntry(
    tx,
    actor,
    app,
    after,
    { kind: 'refund', amountS: input.amountS, payType: input.payType, note: input.note.trim(), transfer: NO_TRANSFER },
    undefined,
    reqId,
  );
}

/**
 * The write of a payment or refund as ONE statement (the counter is the hottest lock of a branch, so it is held
 * for a single round trip before the commit): the next number of the series, the entry, the application's new
 * money, the receipt snapshot and the audit row. The caller has checked the money and holds the application's lock.
 */
async function writeMoneyEntry(
  tx: Conn,
  actor: Actor,
  before: ApplicationRow,
  after: ApplicationRow,
  entry: { kind: 'payment' | 'refund'; amountS: number; payType: PayType; note: string; transfer: TransferDetails },
  ctx: ReceiptContext | undefined,
  reqId?: string,
  claim?: Claim | null,
): Promise<PaymentResult> {
  // the day's lock: taken shared by lockForPayment on the hot path, here for the others
  const today = ctx?.day ?? todayBangkok();
  if (!ctx?.day) await tx.execute(sql`select pg_advisory_xact_lock_shared(${dayLockSql(before.branch_id, today)})`);
  const context = ctx ?? (await receiptContext(tx, before, actor.userId));
  const beYear = buddhistYear(today);
  const series: Series = entry.kind === 'payment' ? 'RC' : 'RF';
  const prefix = formatNumber(series, context.branch.code, beYear, 0).slice(0, -6);
  const signed = fromSatang(entry.kind === 'payment' ? entry.amountS : -entry.amountS);
  const snapshot = buildSnapshot(context, after, entry, S(before.paid));
  const t = entry.transfer;
  const summary =
    entry.kind === 'payment'
      ? { paid: after.paid, balance: after.balance, status: after.status }
      : { paid: after.paid, balance: after.balance, refunded: after.refunded, status: after.status };
  // a closed day (checked in this statement, after the day's lock was taken by an earlier one) takes no number and
  // records nothing; the caller rolls back what the other parts of the statement wrote. The application's row is
  // written BEFORE the branch's counter is taken (seq reads app): the counter's row lock, which every payment of the
  // branch queues on until its commit, is held for the entry, its receipt and its audit row only.
  // (applications has fillfactor 85, so this update is usually HOT: no index entry, a fifth of the WAL per payment)
  const row = await runMoneyEntry(tx, {
    branchId: before.branch_id,
    day: today,
    applicationId: before.application_id,
    paid: after.paid,
    balance: after.balance,
    paidCash: after.paid_cash,
    paidTransfer: after.paid_transfer,
    refunded: after.refunded,
    status: after.status,
    beYear,
    series,
    kind: entry.kind,
    prefix,
    payType: entry.payType,
    signed,
    note: entry.note,
    userId: actor.userId,
    transferBank: t.bank,
    transferAt: t.at,
    transferRef: t.ref,
    transferSlip: t.slip,
    snapshot: JSON.stringify(snapshot),
    auditAction: entry.kind === 'payment' ? 'create' : 'refund',
    summary: JSON.stringify(summary),
    requestId: reqId ?? null,
    ...(claim ? { claimUserId: claim.userId, claimKey: claim.key, claimRoute: claim.route } : {}),
  });
  if (row && !row.open) throw dayClosed(today);
  if (!row || row.payment_id === null) throw notFound('ไม่พบใบสมัครนี้');
  if (claim) {
    if (Number(row.remembered) === 0) throw new KeyTaken();
    claim.stored = true;
  }
  return {
    payment: {
      payment_id: Number(row.payment_id),
      payment_code: row.payment_code,
      createdAt: new Date(row.created_at),
    },
    application: { ...after, updatedAt: new Date() },
  };
}

/**
 * An approved void on a LOCKED application: the payment stays (its number stays used) but is marked void,
 * and its money leaves paid / paid_<type>; balance and status follow.
 */
export async function applyVoid(
  tx: Conn,
  actor: Actor,
  app: ApplicationRow,
  payment: typeof payments.$inferSelect,
  requestId: number,
  reqId?: string,
) {
  if (payment.is_void) throw badRequest(`รายการ ${payment.payment_code} ถูกยกเลิกไปแล้ว`);
  if (payment.kind !== 'payment') throw badRequest('ยกเลิกได้เฉพาะรายการรับชำระ');
  const amountS = S(payment.amount);
  const paidS = S(app.paid) - amountS;
  const typeKey = payment.pay_type === 'cash' ? 'paid_cash' : 'paid_transfer';
  const typeS = S(app[typeKey]) - amountS;
  if (paidS < 0 || typeS < 0) throw badRequest('ไม่สามารถยกเลิกรายการนี้ได้ เพราะยอดนี้ถูกคืนเงินไปแล้ว');
  // the void takes the money out of the payment's day: refused once that day is closed
  await assertDayOpen(tx, payment.branch_id, payment.business_date);
  const netS = S(app.net);
  await tx
    .update(payments)
    .set({ is_void: true, voided_at: new Date(), voided_by: actor.userId, void_request_id: requestId })
    .where(eq(payments.payment_id, payment.payment_id));
  const [updated] = await tx
    .update(applications)
    .set({
      paid: fromSatang(paidS),
      balance: fromSatang(netS - paidS),
      [typeKey]: fromSatang(typeS),
      status: statusOf({ netS, paidS, refundedS: S(app.refunded), isDelete: app.is_delete }),
      updatedAt: new Date(),
    })
    .where(eq(applications.application_id, app.application_id))
    .returning();
  await audit(
    tx,
    actor,
    {
      entity: 'payment',
      entityId: payment.payment_id,
      action: 'void',
      branchId: app.branch_id,
      before: payment,
      after: {
        is_void: true,
        request_id: requestId,
        application: { paid: updated!.paid, balance: updated!.balance, status: updated!.status },
      },
    },
    reqId,
  );
  return updated!;
}

const fmt = (s: number) => formatBaht(s);

/** What a receipt shows, frozen at the moment of payment (the receipt is an original document). */
export function buildSnapshot(
  ctx: ReceiptContext,
  app: ApplicationRow,
  entry: { kind: 'payment' | 'refund'; amountS: number; payType: PayType; note: string; transfer?: TransferDetails },
  paidBeforeS: number,
): Omit<ReceiptSnapshot, 'number' | 'issued_at'> {
  const { settings, branch, customer, cashier } = ctx;
  const amountS = entry.amountS;
  return {
    school: {
      name: settings?.name ?? '',
      name_en: settings?.name_en ?? '',
      tax_id: settings?.tax_id ?? '',
      address: settings?.address ?? '',
      phone: settings?.phone ?? '',
      vat_mode: settings?.vat_mode ?? 'exempt',
      promptpay_id: settings?.promptpay_id ?? '',
    },
    branch: {
      name: branch.name,
      code: branch.code,
      is_head_office: branch.is_head_office,
      tax_branch_no: branch.tax_branch_no,
      address: formatAddress(branch),
      phone: branch.phone_1,
    },
    kind: entry.kind,
    application_code: app.application_code,
    customer: {
      name: fullName(customer),
      idcard: customer.idcard,
      address: formatAddress(customer),
      phone: customer.phone_1,
    },
    // each line's gross price, its discount and what is left: the lines add up to ยอดรวม − ส่วนลด = ยอดสุทธิ
    items: ctx.lines.map((l) => ({
      name: l.code ? `${l.name} (รหัสส่วนลด ${l.code})` : l.name,
      cost: fromSatang(S(l.cost)),
      discount: fromSatang(S(l.discount)),
      amount: fromSatang(S(l.cost) - S(l.discount)),
    })),
    totals: {
      total: fromSatang(S(app.total)),
      discount: fromSatang(S(app.discount)),
      net: fromSatang(S(app.net)),
      paid_before: fromSatang(paidBeforeS),
      amount: fromSatang(amountS),
      balance_after: fromSatang(S(app.balance)),
      refunded_after: fromSatang(S(app.refunded)),
    },
    ...(entry.payType === 'transfer' && entry.transfer && entry.kind === 'payment'
      ? { transfer: { bank: entry.transfer.bank, at: entry.transfer.at, ref: entry.transfer.ref } }
      : {}),
    amount: fromSatang(amountS),
    pay_type: entry.payType,
    note: entry.note,
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

/** The per-branch statistics (kept by a trigger) against the applications they summarise: the keys that differ. */
export const STATS_VIOLATIONS_SQL = sql`
  select coalesce(a.branch_id, s.branch_id) || '/' || coalesce(a.kind, s.kind) || '/' || coalesce(a.status, s.status) as k from
    (select branch_id, kind, status, count(*)::int as n, sum(net) as net, sum(paid) as paid, sum(paid_cash) as cash, sum(paid_transfer) as transfer, sum(balance) as balance
       from applications group by 1, 2, 3) a
    full join (select * from application_stats where n <> 0) s using (branch_id, kind, status)
  where a.n is distinct from s.n or a.net is distinct from s.net or a.paid is distinct from s.paid
     or a.cash is distinct from s.paid_cash or a.transfer is distinct from s.paid_transfer or a.balance is distinct from s.balance`;
