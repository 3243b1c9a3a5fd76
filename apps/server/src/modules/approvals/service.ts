import { and, desc, eq, sql } from 'drizzle-orm';
import { fromSatang, toSatang } from '@khabkhi/thai';
import type { Db, Tx } from '../../db/connection.js';
import { branches, users } from '../../db/schema/core.js';
import { applications, customers, moneyRequests, payments } from '../../db/schema/money.js';
import { alias } from 'drizzle-orm/pg-core';
import { audit } from '../../http/audit.js';
import { assertBranch, branchScopeWhere, canDo, type Actor } from '../../http/auth.js';
import { isAll } from '../../http/envelope.js';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors.js';
import { allOf, branchFilter, textSearch } from '../../http/tables.js';
import { applyVoid, assertDayOpen, lockApplication } from '../applications/money.js';

export const REQUEST_STATUS: Record<string, string> = { pending: 'รออนุมัติ', approved: 'อนุมัติแล้ว', rejected: 'ไม่อนุมัติ' };

/** payment/request-delete: a request to void a wrong payment; the money does not move until a second person approves. */
export async function requestVoid(tx: Tx, actor: Actor, input: { payment_id: number; note: string }, reqId?: string) {
  const [p] = await tx.select().from(payments).where(eq(payments.payment_id, input.payment_id));
  if (!p) throw notFound('ไม่พบรายการชำระเงินนี้');
  assertBranch(actor, p.branch_id);
  if (p.kind !== 'payment') throw badRequest('ขอยกเลิกได้เฉพาะรายการรับชำระ (รายการคืนเงินยกเลิกไม่ได้)');
  if (p.is_void) throw badRequest(`รายการ ${p.payment_code} ถูกยกเลิกไปแล้ว`);
  const note = input.note.trim();
  if (!note) throw badRequest('หมายเหตุ: ต้องระบุเหตุผลที่ขอยกเลิก');
  const [pending] = await tx.select({ id: moneyRequests.request_id }).from(moneyRequests)
    .where(and(eq(moneyRequests.payment_id, p.payment_id), eq(moneyRequests.status, 'pending')));
  if (pending) throw conflict(`รายการ ${p.payment_code} มีคำขอยกเลิกที่รออนุมัติอยู่แล้ว`);
  const [row] = await tx.insert(moneyRequests).values({
    branch_id: p.branch_id, kind: 'void_payment', application_id: p.application_id, payment_id: p.payment_id, note, value: p.amount, requested_by: actor.userId,
  }).onConflictDoNothing().returning();
  if (!row) throw conflict(`รายการ ${p.payment_code} มีคำขอยกเลิกที่รออนุมัติอยู่แล้ว`);
  await audit(tx, actor, { entity: 'money_request', entityId: row.request_id, action: 'create', branchId: p.branch_id, after: row }, reqId);
  return row;
}

/** request/approve: approve or reject — a role that may approve, never the requester; an approved void moves the money. */
export async function decide(tx: Tx, actor: Actor, input: { request_id: number; approve: boolean; note?: string }, reqId?: string) {
  if (!canDo(actor, 'approve', 'Request')) throw forbidden('คุณไม่มีสิทธิ์อนุมัติคำขอ');
  const [r] = await tx.select().from(moneyRequests).where(eq(moneyRequests.request_id, input.request_id)).for('update');
  if (!r) throw notFound('ไม่พบคำขอนี้');
  assertBranch(actor, r.branch_id);
  if (r.status !== 'pending') throw conflict(`คำขอนี้${REQUEST_STATUS[r.status]}ไปแล้ว`);
  if (r.requested_by === actor.userId) throw forbidden('ผู้ขอไม่สามารถอนุมัติคำขอของตนเองได้ ต้องให้ผู้มีสิทธิ์อีกคนอนุมัติ');
  if (input.approve && r.kind === 'void_payment' && r.payment_id) {
    // the payment's day must be open: its lock is taken before the application's row, in a payment's order
    const [day] = await tx.select({ branch_id: payments.branch_id, business_date: payments.business_date }).from(payments).where(eq(payments.payment_id, r.payment_id));
    if (day) await assertDayOpen(tx, day.branch_id, day.business_date);
    const app = await lockApplication(tx, r.application_id);
    const [p] = await tx.select().from(payments).where(eq(payments.payment_id, r.payment_id)).for('update');
    await applyVoid(tx, actor, app, p!, r.request_id, reqId);
  }
  const [after] = await tx.update(moneyRequests).set({
    status: input.approve ? 'approved' : 'rejected', decided_by: actor.userId, decided_at: new Date(), decision_note: (input.note ?? '').trim(),
  }).where(eq(moneyRequests.request_id, r.request_id)).returning();
  await audit(tx, actor, { entity: 'money_request', entityId: r.request_id, action: input.approve ? 'approve' : 'reject', branchId: r.branch_id, before: r, after }, reqId);
  return after!;
}

const requester = alias(users, 'requester');
const decider = alias(users, 'decider');

/** How many requests wait for this user's decision (in their branches, filed by someone else): the menu's badge. */
export async function pendingCount(db: Db, actor: Actor) {
  if (!canDo(actor, 'approve', 'Request')) return 0;
  const [r] = await db.select({ n: sql<number>`count(*)::int` }).from(moneyRequests)
    .where(allOf(branchScopeWhere(actor, moneyRequests.branch_id), eq(moneyRequests.status, 'pending'), sql`${moneyRequests.requested_by} <> ${actor.userId}`));
  return r?.n ?? 0;
}

/** The requests list opens on what needs doing: with no status asked, รออนุมัติ ('ทั้งหมด' shows every request). */
export async function requestTable(db: Db, actor: Actor, f0: { branch?: string; status?: string; text?: string }, perPage: number, offset: number) {
  const f = { ...f0, status: f0.status === undefined || f0.status === '' ? 'pending' : f0.status };
  const branchId = branchFilter(f.branch);
  if (branchId !== undefined) assertBranch(actor, branchId);
  const statusKey = isAll(f.status) ? undefined : Object.entries(REQUEST_STATUS).find(([k, v]) => k === f.status || v === f.status)?.[0] ?? '__none__';
  const where = allOf(
    branchScopeWhere(actor, moneyRequests.branch_id),
    branchId !== undefined ? eq(moneyRequests.branch_id, branchId) : undefined,
    statusKey ? eq(moneyRequests.status, statusKey) : undefined,
    textSearch(f.text, [payments.payment_code, applications.application_code, sql`${customers.fname} || ' ' || ${customers.sname}`, moneyRequests.note]),
  );
  const rows = await db.select({
    request_id: moneyRequests.request_id, kind: moneyRequests.kind, status: moneyRequests.status, note: moneyRequests.note, value: moneyRequests.value,
    createdAt: moneyRequests.createdAt, decided_at: moneyRequests.decided_at, decision_note: moneyRequests.decision_note,
    branch_id: moneyRequests.branch_id, branch_name: branches.name,
    application_id: moneyRequests.application_id, application_code: applications.application_code, application_kind: applications.kind,
    payment_id: moneyRequests.payment_id, payment_code: payments.payment_code, pay_type: payments.pay_type, payment_date: payments.business_date,
    customer_name: sql<string>`${customers.prefix} || ${customers.fname} || ' ' || ${customers.sname}`,
    requested_by: moneyRequests.requested_by, requested_by_name: sql<string>`${requester.fname} || ' ' || ${requester.sname}`,
    decided_by_name: sql<string | null>`${decider.fname} || ' ' || ${decider.sname}`,
    balance: applications.balance, net: applications.net,
  }).from(moneyRequests)
    .innerJoin(applications, eq(applications.application_id, moneyRequests.application_id))
    .innerJoin(customers, eq(customers.customer_id, applications.customer_id))
    .innerJoin(branches, eq(branches.branch_id, moneyRequests.branch_id))
    .innerJoin(requester, eq(requester.user_id, moneyRequests.requested_by))
    .leftJoin(decider, eq(decider.user_id, moneyRequests.decided_by))
    .leftJoin(payments, eq(payments.payment_id, moneyRequests.payment_id))
    .where(where).orderBy(desc(moneyRequests.createdAt), desc(moneyRequests.request_id)).limit(perPage).offset(offset);
  const [{ total }] = await db.select({ total: sql<number>`count(*)::int` }).from(moneyRequests)
    .innerJoin(applications, eq(applications.application_id, moneyRequests.application_id))
    .innerJoin(customers, eq(customers.customer_id, applications.customer_id))
    .leftJoin(payments, eq(payments.payment_id, moneyRequests.payment_id)).where(where) as [{ total: number }];
  const m = (v: string) => fromSatang(toSatang(v, { allowNegative: true }));
  return {
    rows: rows.map((r) => ({
      ...r, status_name: REQUEST_STATUS[r.status], kind_name: r.kind === 'void_payment' ? 'ขอยกเลิกรายการชำระ' : r.kind,
      value: m(r.value), balance: m(r.balance), net: m(r.net), createdAt: r.createdAt.toISOString(), decided_at: r.decided_at?.toISOString() ?? null,
      can_approve: r.status === 'pending' && r.requested_by !== actor.userId && canDo(actor, 'approve', 'Request'),
    })),
    total,
  };
}
