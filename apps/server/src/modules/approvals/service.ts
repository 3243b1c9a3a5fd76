import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { fromSatang, toSatang } from '@khabkhi/thai';
import type { Conn, Db, Tx } from '../../db/connection.js';
import { approvalRequests } from '../../db/schema/approvals.js';
import { branches, users } from '../../db/schema/core.js';
import { applications, customers, payments } from '../../db/schema/money.js';
import { audit } from '../../http/audit.js';
import { assertBranch, branchScopeWhere, canDo, type Actor } from '../../http/auth.js';
import { isAll } from '../../http/envelope.js';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors.js';
import { allOf, branchFilter, textSearch } from '../../http/tables.js';
import { approvalKind, approvalKinds, type ApprovalKind, type ApprovalRow } from './kinds.js';

export const REQUEST_STATUS: Record<string, string> = { pending: 'รออนุมัติ', approved: 'อนุมัติแล้ว', rejected: 'ไม่อนุมัติ' };

/** The audit entity of requests: 'money_request' (คำขออนุมัติ) unless the kind names its own. */
const entityOf = (k: ApprovalKind | undefined) => k?.entity ?? 'money_request';

/** A request as the API answers it (request/approve, payment/request-delete) and as the audit log keeps it. */
export function requestView(r: ApprovalRow) {
  const p = (r.payload ?? {}) as { application_id?: number; payment_id?: number; value?: string };
  return {
    request_id: r.request_id,
    kind: r.kind,
    kind_name: approvalKind(r.kind)?.name ?? r.kind,
    subject_id: r.subject_id,
    branch_id: r.branch_id,
    application_id: p.application_id ?? null,
    payment_id: p.payment_id ?? null,
    value: money(p.value ?? '0'),
    note: r.reason,
    status: r.decision,
    requested_by: r.requested_by,
    decided_by: r.decided_by,
    decided_at: r.decided_at?.toISOString() ?? null,
    decision_note: r.note,
    createdAt: r.createdAt.toISOString(),
  };
}

const money = (v: string) => fromSatang(toSatang(v, { allowNegative: true }));

function kindOf(key: string): ApprovalKind {
  const k = approvalKind(key);
  if (!k) throw badRequest('ไม่รู้จักประเภทคำขอนี้');
  return k;
}

/**
 * Files a request of a registered kind: the kind's ability, its validate (which also says the branch), a reason,
 * at most one pending request per kind and subject. Nothing else moves until a second person approves.
 */
export async function fileRequest(
  tx: Tx,
  actor: Actor,
  key: string,
  subjectId: number,
  reason0: string,
  reqId?: string,
) {
  const k = kindOf(key);
  if (!canDo(actor, ...k.request)) throw forbidden('คุณไม่มีสิทธิ์ส่งคำขอนี้');
  const reason = reason0.trim();
  const { branchId, payload, label } = await k.validate(tx, actor, subjectId, reason);
  assertBranch(actor, branchId);
  if (!reason) throw badRequest('หมายเหตุ: ต้องระบุเหตุผลของคำขอ');
  return openRequest(tx, actor, k, { subjectId, branchId, payload, label, reason }, reqId);
}

/**
 * Writes a pending request of a kind whose checks the caller has made (fileRequest, or a feature's own step such
 * as a payroll month submitted for confirmation): at most one pending per kind and subject, with its audit row.
 * `requestedBy` names the maker when it is not the actor (the payroll's approval stays the submitter's request).
 */
export async function openRequest(
  tx: Tx,
  actor: Actor,
  k: ApprovalKind,
  r: {
    subjectId: number;
    branchId: number;
    payload: Record<string, unknown>;
    label: string;
    reason: string;
    requestedBy?: number;
  },
  reqId?: string,
) {
  const { subjectId, branchId, payload, label, reason } = r;
  const taken = `${label} มีคำขอที่รออนุมัติอยู่แล้ว (${k.name})`;
  const [pending] = await tx
    .select({ id: approvalRequests.request_id })
    .from(approvalRequests)
    .where(
      and(
        eq(approvalRequests.kind, k.kind),
        eq(approvalRequests.subject_id, subjectId),
        eq(approvalRequests.decision, 'pending'),
      ),
    );
  if (pending) throw conflict(taken);
  const [row] = await tx
    .insert(approvalRequests)
    .values({
      kind: k.kind,
      subject_id: subjectId,
      branch_id: branchId,
      payload,
      reason,
      requested_by: r.requestedBy ?? actor.userId,
    })
    .onConflictDoNothing()
    .returning();
  if (!row) throw conflict(taken);
  const view = requestView(row);
  await audit(
    tx,
    actor,
    { entity: entityOf(k), entityId: row.request_id, action: 'create', branchId, after: view },
    reqId,
  );
  return view;
}

/**
 * Approves or rejects: the `approve Request` and the kind's decide ability (or the kind's own authorize, for a kind
 * decided from its feature's screen such as a payroll month), the request's branch, still pending, never its
 * requester (unless the kind's authorize allows it by a setting). An
 * approval runs the kind's apply in this same transaction before the row is marked, so a refused apply writes nothing.
 */
export async function decideRequest(
  tx: Tx,
  actor: Actor,
  input: { request_id: number; approve: boolean; note?: string },
  reqId?: string,
) {
  const [head] = await tx
    .select({ kind: approvalRequests.kind, subject_id: approvalRequests.subject_id })
    .from(approvalRequests)
    .where(eq(approvalRequests.request_id, input.request_id));
  if (!head) throw notFound('ไม่พบคำขอนี้');
  await approvalKind(head.kind)?.lockSubject?.(tx, head.subject_id);
  const [r] = await tx
    .select()
    .from(approvalRequests)
    .where(eq(approvalRequests.request_id, input.request_id))
    .for('update');
  if (!r) throw notFound('ไม่พบคำขอนี้');
  const k = kindOf(r.kind);
  const row = r as ApprovalRow & { payload: Record<string, unknown> };
  if (!k.authorize && !canDo(actor, 'approve', 'Request')) throw forbidden('คุณไม่มีสิทธิ์อนุมัติคำขอ');
  if (!k.authorize && !canDo(actor, ...k.decide)) throw forbidden('คุณไม่มีสิทธิ์อนุมัติคำขอประเภทนี้');
  assertBranch(actor, r.branch_id);
  if (r.decision !== 'pending') throw conflict(`คำขอนี้${REQUEST_STATUS[r.decision]}ไปแล้ว`);
  const { self } = k.authorize ? await k.authorize(tx, actor, row, input.approve) : { self: false };
  if (r.requested_by === actor.userId && !self) throw forbidden('ผู้ขอไม่สามารถอนุมัติคำขอของตนเองได้ ต้องให้ผู้มีสิทธิ์อีกคนอนุมัติ');
  const note = (input.note ?? '').trim();
  if (input.approve) await k.apply(tx, actor, row, reqId);
  else if (k.reject) await k.reject(tx, actor, row, note, reqId);
  const [after] = await tx
    .update(approvalRequests)
    .set({
      decision: input.approve ? 'approved' : 'rejected',
      decided_by: actor.userId,
      decided_at: new Date(),
      note,
      self_decided: r.requested_by === actor.userId,
    })
    // still pending as it is marked: a decision already taken is never overwritten, even by a caller holding no lock
    .where(and(eq(approvalRequests.request_id, r.request_id), eq(approvalRequests.decision, 'pending')))
    .returning();
  if (!after) throw conflict('คำขอนี้มีผู้ตัดสินไปแล้ว');
  const view = requestView(after);
  await audit(
    tx,
    actor,
    {
      entity: entityOf(k),
      entityId: r.request_id,
      action: input.approve ? 'approve' : 'reject',
      branchId: r.branch_id,
      before: requestView(r),
      after: view,
    },
    reqId,
  );
  return { request: view, kind: k };
}

/** The kinds this person may decide (the kind's decide ability, and its own mayDecide where it has one). */
async function decidable(conn: Conn, actor: Actor) {
  if (!canDo(actor, 'approve', 'Request')) return [];
  const kinds: string[] = [];
  for (const k of approvalKinds())
    if (canDo(actor, ...k.decide) && (!k.mayDecide || (await k.mayDecide(conn, actor)))) kinds.push(k.kind);
  return kinds;
}

/** A kind's requests about some subjects (a feature's history of its own requests), newest first. */
export function requestsOf(conn: Conn, kinds: string[], subjectIds: number[]) {
  if (!kinds.length || !subjectIds.length) return Promise.resolve([] as ApprovalRow[]);
  return conn
    .select()
    .from(approvalRequests)
    .where(and(inArray(approvalRequests.kind, kinds), inArray(approvalRequests.subject_id, subjectIds)))
    .orderBy(desc(approvalRequests.createdAt), desc(approvalRequests.request_id));
}

/** The id of the pending request of a kind about a subject, if one waits. */
export async function pendingRequestOf(conn: Conn, kind: string, subjectId: number) {
  const [r] = await conn
    .select({ id: approvalRequests.request_id })
    .from(approvalRequests)
    .where(
      and(
        eq(approvalRequests.kind, kind),
        eq(approvalRequests.subject_id, subjectId),
        eq(approvalRequests.decision, 'pending'),
      ),
    );
  return r?.id;
}

/** How many requests wait for this user's decision (kinds they decide, in their branches, filed by someone else): the menu's badge. */
export async function pendingCount(db: Db, actor: Actor) {
  const kinds = await decidable(db, actor);
  if (!kinds.length) return 0;
  const [r] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(approvalRequests)
    .where(
      allOf(
        branchScopeWhere(actor, approvalRequests.branch_id),
        eq(approvalRequests.decision, 'pending'),
        inArray(approvalRequests.kind, kinds),
        sql`${approvalRequests.requested_by} <> ${actor.userId}`,
      ),
    );
  return r?.n ?? 0;
}

const requester = alias(users, 'requester');
const decider = alias(users, 'decider');
/** payload ids a kind may carry: the list shows the application and payment they name */
const payloadApplication = sql`(${approvalRequests.payload}->>'application_id')::integer`;
const payloadPayment = sql`(${approvalRequests.payload}->>'payment_id')::integer`;

/** The requests list opens on what needs doing: with no status asked, รออนุมัติ ('ทั้งหมด' shows every request). */
export async function requestTable(
  db: Db,
  actor: Actor,
  f0: { branch?: string; status?: string; text?: string },
  perPage: number,
  offset: number,
) {
  const f = { ...f0, status: f0.status === undefined || f0.status === '' ? 'pending' : f0.status };
  const branchId = branchFilter(f.branch);
  if (branchId !== undefined) assertBranch(actor, branchId);
  const statusKey = isAll(f.status)
    ? undefined
    : (Object.entries(REQUEST_STATUS).find(([k, v]) => k === f.status || v === f.status)?.[0] ?? '__none__');
  const where = allOf(
    branchScopeWhere(actor, approvalRequests.branch_id),
    branchId !== undefined ? eq(approvalRequests.branch_id, branchId) : undefined,
    statusKey ? eq(approvalRequests.decision, statusKey) : undefined,
    textSearch(f.text, [
      payments.payment_code,
      applications.application_code,
      sql`${customers.fname} || ' ' || ${customers.sname}`,
      approvalRequests.reason,
    ]),
  );
  const rows = await db
    .select({
      request_id: approvalRequests.request_id,
      kind: approvalRequests.kind,
      subject_id: approvalRequests.subject_id,
      status: approvalRequests.decision,
      note: approvalRequests.reason,
      value: sql<string>`coalesce(${approvalRequests.payload}->>'value', '0')`,
      createdAt: approvalRequests.createdAt,
      decided_at: approvalRequests.decided_at,
      decision_note: approvalRequests.note,
      branch_id: approvalRequests.branch_id,
      branch_name: branches.name,
      application_id: applications.application_id,
      application_code: applications.application_code,
      application_kind: applications.kind,
      payment_id: payments.payment_id,
      payment_code: payments.payment_code,
      pay_type: payments.pay_type,
      payment_date: payments.business_date,
      customer_name: sql<string | null>`${customers.prefix} || ${customers.fname} || ' ' || ${customers.sname}`,
      requested_by: approvalRequests.requested_by,
      requested_by_name: sql<string>`${requester.fname} || ' ' || ${requester.sname}`,
      decided_by_name: sql<string | null>`${decider.fname} || ' ' || ${decider.sname}`,
      balance: applications.balance,
      net: applications.net,
    })
    .from(approvalRequests)
    .leftJoin(payments, eq(payments.payment_id, payloadPayment))
    .leftJoin(applications, eq(applications.application_id, payloadApplication))
    .leftJoin(customers, eq(customers.customer_id, applications.customer_id))
    .innerJoin(branches, eq(branches.branch_id, approvalRequests.branch_id))
    .innerJoin(requester, eq(requester.user_id, approvalRequests.requested_by))
    .leftJoin(decider, eq(decider.user_id, approvalRequests.decided_by))
    .where(where)
    .orderBy(desc(approvalRequests.createdAt), desc(approvalRequests.request_id))
    .limit(perPage)
    .offset(offset);
  const [{ total }] = (await db
    .select({ total: sql<number>`count(*)::int` })
    .from(approvalRequests)
    .leftJoin(payments, eq(payments.payment_id, payloadPayment))
    .leftJoin(applications, eq(applications.application_id, payloadApplication))
    .leftJoin(customers, eq(customers.customer_id, applications.customer_id))
    .where(where)) as [{ total: number }];
  const kinds = new Set(await decidable(db, actor));
  return {
    rows: rows.map((r) => ({
      ...r,
      status_name: REQUEST_STATUS[r.status] ?? r.status,
      kind_name: approvalKind(r.kind)?.name ?? r.kind,
      value: money(r.value),
      balance: r.balance === null ? null : money(r.balance),
      net: r.net === null ? null : money(r.net),
      createdAt: r.createdAt.toISOString(),
      decided_at: r.decided_at?.toISOString() ?? null,
      can_approve: r.status === 'pending' && r.requested_by !== actor.userId && kinds.has(r.kind),
    })),
    total,
  };
}
