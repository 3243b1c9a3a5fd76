import { and, asc, desc, eq, gte, lte, sql } from 'drizzle-orm';
import { formatThaiDate, fromSatang, todayBangkok, toSatang } from '@khabkhi/thai';
import type { Db, Tx } from '../../db/connection.js';
import { branches, users } from '../../db/schema/core.js';
import { cashCloses, payments } from '../../db/schema/money.js';
import { audit } from '../../http/audit.js';
import { assertBranch, branchScopeWhere, type Actor } from '../../http/auth.js';
import { badRequest, conflict, notFound } from '../../http/errors.js';
import { allOf, branchFilter } from '../../http/tables.js';

const m = (v: string) => fromSatang(toSatang(v, { allowNegative: true }));

export interface CloseTotals {
  branch_id: number; branch_name: string; business_date: string;
  cash_in: string; transfer_in: string; refunds_cash: string; refunds_transfer: string;
  net_cash: string; net_transfer: string; net_total: string;
  receipts: number; first_receipt: string | null; last_receipt: string | null;
  refund_count: number; void_count: number; voided: string;
  by_cashier: { name: string; cash: string; transfer: string; count: number }[];
}

/** The day's money of one branch, computed from the entries themselves. */
export async function dayTotals(conn: Db | Tx, branchId: number, date: string): Promise<CloseTotals> {
  const [b] = await conn.select({ name: branches.name }).from(branches).where(eq(branches.branch_id, branchId));
  if (!b) throw notFound('ไม่พบสาขานี้');
  const [t] = await conn.select({
    cash_in: sql<string>`coalesce(sum(${payments.amount}) filter (where kind = 'payment' and pay_type = 'cash' and not is_void), 0)::text`,
    transfer_in: sql<string>`coalesce(sum(${payments.amount}) filter (where kind = 'payment' and pay_type = 'transfer' and not is_void), 0)::text`,
    refunds_cash: sql<string>`coalesce(-sum(${payments.amount}) filter (where kind = 'refund' and pay_type = 'cash' and not is_void), 0)::text`,
    refunds_transfer: sql<string>`coalesce(-sum(${payments.amount}) filter (where kind = 'refund' and pay_type = 'transfer' and not is_void), 0)::text`,
    receipts: sql<number>`(count(*) filter (where kind = 'payment'))::int`,
    first_receipt: sql<string | null>`min(payment_code) filter (where kind = 'payment')`,
    last_receipt: sql<string | null>`max(payment_code) filter (where kind = 'payment')`,
    refund_count: sql<number>`(count(*) filter (where kind = 'refund'))::int`,
    void_count: sql<number>`(count(*) filter (where is_void))::int`,
    voided: sql<string>`coalesce(sum(${payments.amount}) filter (where is_void), 0)::text`,
  }).from(payments).where(and(eq(payments.branch_id, branchId), eq(payments.business_date, date)));
  const cashiers = await conn.select({
    name: sql<string>`${users.fname} || ' ' || ${users.sname}`,
    cash: sql<string>`coalesce(sum(${payments.amount}) filter (where ${payments.pay_type} = 'cash' and not ${payments.is_void}), 0)::text`,
    transfer: sql<string>`coalesce(sum(${payments.amount}) filter (where ${payments.pay_type} = 'transfer' and not ${payments.is_void}), 0)::text`,
    count: sql<number>`count(*)::int`,
  }).from(payments).innerJoin(users, eq(users.user_id, payments.created_by))
    .where(and(eq(payments.branch_id, branchId), eq(payments.business_date, date)))
    .groupBy(users.user_id, users.fname, users.sname).orderBy(asc(users.fname));
  const S = (v: string) => toSatang(v, { allowNegative: true });
  const netCash = S(t!.cash_in) - S(t!.refunds_cash);
  const netTransfer = S(t!.transfer_in) - S(t!.refunds_transfer);
  return {
    branch_id: branchId, branch_name: b.name, business_date: date,
    cash_in: m(t!.cash_in), transfer_in: m(t!.transfer_in), refunds_cash: m(t!.refunds_cash), refunds_transfer: m(t!.refunds_transfer),
    net_cash: fromSatang(netCash), net_transfer: fromSatang(netTransfer), net_total: fromSatang(netCash + netTransfer),
    receipts: t!.receipts, first_receipt: t!.first_receipt, last_receipt: t!.last_receipt,
    refund_count: t!.refund_count, void_count: t!.void_count, voided: m(t!.voided),
    by_cashier: cashiers.map((c) => ({ name: c.name, cash: m(c.cash), transfer: m(c.transfer), count: c.count })),
  };
}

function checkDate(date: string) {
  if (date > todayBangkok()) throw badRequest('วันที่: ปิดยอดล่วงหน้าไม่ได้');
}

export async function getClose(db: Db, actor: Actor, branchId: number, date: string) {
  assertBranch(actor, branchId);
  checkDate(date);
  const [c] = await db.select({ close: cashCloses, closed_by_name: sql<string>`${users.fname} || ' ' || ${users.sname}` })
    .from(cashCloses).innerJoin(users, eq(users.user_id, cashCloses.closed_by))
    .where(and(eq(cashCloses.branch_id, branchId), eq(cashCloses.business_date, date)));
  const live = await dayTotals(db, branchId, date);
  return {
    ...live,
    closed: c ? { close_id: c.close.close_id, closed_by_name: c.closed_by_name, closed_at: c.close.createdAt.toISOString(), totals: c.close.totals as CloseTotals } : null,
  };
}

/** Close a branch's day: the totals are frozen and the day's payments are locked against pay-type edits. */
export async function closeDay(tx: Tx, actor: Actor, branchId: number, date: string, reqId?: string) {
  assertBranch(actor, branchId);
  checkDate(date);
  const totals = await dayTotals(tx, branchId, date);
  const [row] = await tx.insert(cashCloses).values({ branch_id: branchId, business_date: date, totals, closed_by: actor.userId })
    .onConflictDoNothing().returning();
  if (!row) throw conflict(`ปิดยอดประจำวันที่ ${formatThaiDate(date)} ของสาขานี้ไปแล้ว`);
  await audit(tx, actor, { entity: 'cash_close', entityId: row.close_id, action: 'close', branchId, after: row }, reqId);
  return row;
}

export async function closeTable(db: Db, actor: Actor, f: { branch?: string; start?: string; end?: string }, perPage: number, offset: number) {
  const branchId = branchFilter(f.branch);
  if (branchId !== undefined) assertBranch(actor, branchId);
  const where = allOf(
    branchScopeWhere(actor, cashCloses.branch_id),
    branchId !== undefined ? eq(cashCloses.branch_id, branchId) : undefined,
    f.start ? gte(cashCloses.business_date, f.start) : undefined,
    f.end ? lte(cashCloses.business_date, f.end) : undefined,
  );
  const rows = await db.select({
    close_id: cashCloses.close_id, branch_id: cashCloses.branch_id, branch_name: branches.name, business_date: cashCloses.business_date,
    totals: cashCloses.totals, closed_at: cashCloses.createdAt, closed_by_name: sql<string>`${users.fname} || ' ' || ${users.sname}`,
  }).from(cashCloses).innerJoin(branches, eq(branches.branch_id, cashCloses.branch_id)).innerJoin(users, eq(users.user_id, cashCloses.closed_by))
    .where(where).orderBy(desc(cashCloses.business_date), asc(cashCloses.branch_id)).limit(perPage).offset(offset);
  const [{ total }] = await db.select({ total: sql<number>`count(*)::int` }).from(cashCloses).where(where) as [{ total: number }];
  return { rows: rows.map((r) => ({ ...r, closed_at: r.closed_at.toISOString() })), total };
}
