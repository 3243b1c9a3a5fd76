/**
 * The payroll's workflow on the school's approvals module: submitting a month files a request of kind
 * payroll_confirm (the submitter is its maker); confirming approves it and files payroll_approve for the same maker;
 * approving that one locks the month and issues the payslips. Either request may be sent back to draft with a reason
 * (the request is rejected). Who does each step is a setting of the school (workflow-settings.ts).
 */
import { eq, inArray } from 'drizzle-orm';
import { PAYROLL_STATE_NAMES, type PayrollState } from '@khabkhi/contracts';
import type { Conn, Tx } from '../../db/connection.js';
import { expenses } from '../../db/schema/fleet.js';
import { payrolls, payslips } from '../../db/schema/payroll.js';
import { can } from '../../http/abilities.js';
import { audit } from '../../http/audit.js';
import { assertBranch, type Actor } from '../../http/auth.js';
import { badRequest, conflict, forbidden } from '../../http/errors.js';
import {
  decideRequest,
  openRequest,
  pendingRequestOf,
  registerApprovalKind,
  type ApprovalKind,
  type ApprovalRow,
} from '../approvals/index.js';
import { lockedMessage, monthName, type PayrollRecord } from './common.js';
import { computeLines } from './compute.js';
import { recordExpenses } from './books.js';
import { checkDeductions } from './deductions.js';
import { issuePayslips } from './payslips.js';
import { lockPayroll, setStep, storeLines } from './repo.js';
import { inRoles, isOwner, ownerCount, roleNames, workflowRoles } from './workflow-settings.js';

/** The audit row of a workflow step: the state before and what the step left. */
export function auditStep(
  tx: Tx,
  actor: Actor,
  p: { payroll_id: number; branch_id: number; status: string },
  action: string,
  after: Record<string, unknown>,
  requestId?: string,
) {
  return audit(
    tx,
    actor,
    { entity: 'payroll', entityId: p.payroll_id, action, branchId: p.branch_id, before: { status: p.status }, after },
    requestId,
  );
}

// ---- the two requests of a month ----------------------------------------------------------------

type Stage = 'confirm' | 'approve';
type StagePayload = { month: string; version: number };
type StageRequest = ApprovalRow & { payload: StagePayload };

const refusals = {
  confirm: 'ยืนยันไม่ได้: ผู้ส่งตรวจยืนยันเงินเดือนที่ตนเองส่งไม่ได้ ต้องให้ผู้จัดการสาขาคนอื่นยืนยัน',
  approve: 'อนุมัติไม่ได้: ผู้ส่งตรวจอนุมัติเงินเดือนที่ตนเองส่งไม่ได้ ต้องให้ผู้มีสิทธิ์อนุมัติคนอื่น',
  back: 'ส่งกลับไม่ได้: ผู้ส่งตรวจส่งกลับเงินเดือนที่ตนเองส่งไม่ได้ ต้องให้ผู้ยืนยันหรือผู้อนุมัติ',
  owners: 'ไม่ได้: โรงเรียนมีเจ้าของกิจการ/ผู้ดูแลระบบมากกว่าหนึ่งคน ต้องให้อีกคนตัดสินเงินเดือนที่ตนเองส่ง',
};

/** Who may approve: the approver roles of the setting (by default the owner), refused before anything is read. */
async function assertApprover(tx: Tx, actor: Actor, what: string) {
  const w = await workflowRoles(tx);
  if (inRoles(actor, w.approve_roles)) return;
  const only = w.approve_roles.length === 1 && w.approve_roles[0] === 'owner';
  throw forbidden(`${what}ได้เฉพาะ${only ? 'เจ้าของกิจการ/ผู้ดูแลระบบ' : ` ${await roleNames(tx, w.approve_roles)}`}`);
}

/**
 * The deciding rule of a month's request: the payroll approve ability and the step's roles from the setting (a
 * confirm request is decided by a confirmer; an approve request approved by an approver and sent back by an
 * approver or a confirmer); never by its maker, unless the school lets its owner approve their own month.
 */
async function authorizeStage(tx: Tx, actor: Actor, r: StageRequest, stage: Stage, approve: boolean) {
  if (!can(actor.abilities, 'approve', 'Payroll')) throw forbidden('คุณไม่มีสิทธิ์ยืนยันหรืออนุมัติเงินเดือน');
  const w = await workflowRoles(tx);
  const confirmer = inRoles(actor, w.confirm_roles);
  const approver = inRoles(actor, w.approve_roles);
  if (stage === 'confirm' && !confirmer)
    throw forbidden(`${approve ? 'ยืนยัน' : 'ส่งกลับ'}เงินเดือนได้เฉพาะ ${await roleNames(tx, w.confirm_roles)}`);
  if (stage === 'approve' && approve && !approver) await assertApprover(tx, actor, 'อนุมัติเงินเดือน');
  if (stage === 'approve' && !approve && !approver && !confirmer) throw forbidden('ส่งกลับเงินเดือนได้เฉพาะผู้ยืนยันหรือผู้อนุมัติ');
  if (r.requested_by !== actor.userId) return { self: false };
  if (!w.owner_self_approve || !isOwner(actor)) throw conflict(approve ? refusals[stage] : refusals.back);
  // the setting is for a school with one owner: where there is another, that one decides
  if ((await ownerCount(tx)) > 1) throw conflict(`${STEP_VERB[approve ? stage : 'back']}${refusals.owners}`);
  return { self: true };
}

const STEP_VERB = { confirm: 'ยืนยัน', approve: 'อนุมัติ', back: 'ส่งกลับ' };

/** Who decides a kind's requests, for the menu badge and the requests list (a confirmer, or an approver). */
async function decidesStage(conn: Conn, actor: Actor, stage: Stage) {
  if (!can(actor.abilities, 'approve', 'Payroll')) return false;
  const w = await workflowRoles(conn);
  return inRoles(actor, stage === 'confirm' ? w.confirm_roles : w.approve_roles);
}

/** The month of a request, locked, still in the state the request waits on. */
async function payrollOfRequest(tx: Tx, r: StageRequest, state: 'submitted' | 'confirmed') {
  const p = await lockPayroll(tx, r.subject_id);
  if (p.status !== state || p.version !== r.payload.version)
    throw conflict(`คำขอนี้ไม่ตรงกับสถานะของเงินเดือนเดือน${monthName(p.month)} แล้ว`);
  return p;
}

/** Confirmed: the month waits on its approver; the approve request stays the submitter's (maker–checker holds). */
async function markConfirmed(tx: Tx, actor: Actor, r: StageRequest, reqId?: string) {
  const p = await payrollOfRequest(tx, r, 'submitted');
  const after = await setStep(tx, p.payroll_id, {
    status: 'confirmed',
    confirmed_by: actor.userId,
    confirmed_at: new Date(),
  });
  await fileStage(tx, actor, after, 'approve', reqId);
  await auditStep(tx, actor, p, 'confirm', { status: 'confirmed' }, reqId);
}

/** Approved: locked, payslips issued (this version), the month's pay booked. */
async function markApproved(tx: Tx, actor: Actor, r: StageRequest, reqId?: string) {
  const p = await payrollOfRequest(tx, r, 'confirmed');
  const after = await setStep(tx, p.payroll_id, {
    status: 'approved',
    approved_by: actor.userId,
    approved_at: new Date(),
  });
  const issued = await issuePayslips(tx, actor, after);
  await recordExpenses(tx, actor, after, reqId);
  await auditStep(tx, actor, p, 'approve', { status: 'approved', payslips: issued, version: p.version }, reqId);
}

/** Sent back: the month is a draft again (its reason stays on the rejected request: the history shows it). */
async function markSentBack(tx: Tx, actor: Actor, r: StageRequest, note: string, reqId?: string) {
  if (!note) throw badRequest('เหตุผล: ต้องระบุเหตุผลที่ส่งกลับแก้ไข');
  const p = await lockPayroll(tx, r.subject_id);
  if (p.status !== 'submitted' && p.status !== 'confirmed')
    throw conflict(`คำขอนี้ไม่ตรงกับสถานะของเงินเดือนเดือน${monthName(p.month)} แล้ว`);
  await setStep(tx, p.payroll_id, {
    status: 'draft',
    submitted_by: null,
    submitted_at: null,
    confirmed_by: null,
    confirmed_at: null,
  });
  await auditStep(tx, actor, p, 'send_back', { status: 'draft', stage: r.kind, reason: note }, reqId);
}

const stageKind = (stage: Stage, name: string, approvedMessage: string, apply: typeof markConfirmed) =>
  registerApprovalKind<StagePayload>({
    kind: `payroll_${stage}`,
    name,
    request: ['update', 'Payroll'],
    decide: ['approve', 'Payroll'],
    entity: 'payroll_request',
    approvedMessage,
    // filed only by the payroll's own steps (submit, confirm), never from the requests screen
    validate: () => Promise.reject(badRequest('คำขอนี้ส่งจากหน้าเงินเดือนเท่านั้น')),
    authorize: (tx, actor, r, approve) => authorizeStage(tx, actor, r, stage, approve),
    apply: (tx, actor, r, reqId) => apply(tx, actor, r, reqId),
    reject: (tx, actor, r, note, reqId) => markSentBack(tx, actor, r, note, reqId),
    // the payroll's own steps lock the month before its request: deciding from the requests screen does the same
    lockSubject: (tx, payrollId) => lockPayroll(tx, payrollId),
    mayDecide: (conn, actor) => decidesStage(conn, actor, stage),
  });

export const payrollKinds: Record<Stage, ApprovalKind<StagePayload>> = {
  confirm: stageKind('confirm', 'ยืนยันเงินเดือน', 'ยืนยันเงินเดือนเรียบร้อยแล้ว รอเจ้าของกิจการอนุมัติ', markConfirmed),
  approve: stageKind(
    'approve',
    'อนุมัติเงินเดือน',
    'อนุมัติเงินเดือนเรียบร้อยแล้ว ออกสลิปเงินเดือนให้พนักงานทุกคนแล้ว และรอบนี้ถูกล็อก',
    markApproved,
  ),
};

/** Files a stage's request for the month's submitter. */
function fileStage(tx: Tx, actor: Actor, p: PayrollRecord, stage: Stage, reqId?: string) {
  return openRequest(
    tx,
    actor,
    payrollKinds[stage] as unknown as ApprovalKind,
    {
      subjectId: p.payroll_id,
      branchId: p.branch_id,
      payload: { month: p.month, version: p.version },
      label: `เงินเดือนเดือน${monthName(p.month)}`,
      reason: `${stage === 'confirm' ? 'ขอยืนยัน' : 'ขออนุมัติ'}เงินเดือนเดือน${monthName(p.month)}${p.version > 1 ? ` ฉบับที่ ${p.version}` : ''}`,
      requestedBy: p.submitted_by ?? actor.userId,
    },
    reqId,
  );
}

/** The pending request a month waits on (filed now for a month submitted before the workflow ran on approvals). */
async function pendingStage(tx: Tx, actor: Actor, p: PayrollRecord, stage: Stage, reqId?: string) {
  const found = await pendingRequestOf(tx, payrollKinds[stage].kind, p.payroll_id);
  return found ?? (await fileStage(tx, actor, p, stage, reqId)).request_id;
}

// ---- the steps ----------------------------------------------------------------------------------

export async function submit(tx: Tx, actor: Actor, payrollId: number, requestId?: string, acknowledged?: boolean) {
  const w = await workflowRoles(tx);
  if (!inRoles(actor, w.submit_roles)) throw forbidden(`ส่งตรวจเงินเดือนได้เฉพาะ ${await roleNames(tx, w.submit_roles)}`);
  const p = await lockPayroll(tx, payrollId);
  assertBranch(actor, p.branch_id);
  if (p.status !== 'draft') throw conflict(`ส่งตรวจไม่ได้: ${lockedMessage(p)}`);
  // the sheet is frozen as it computes now (salaries or rates changed since the last save are taken in)
  const lines = await computeLines(tx, p.branch_id, p.month, p.payroll_id);
  if (!lines.length) throw badRequest(`ส่งตรวจไม่ได้: ไม่มีพนักงานในรอบเงินเดือนเดือน${monthName(p.month)}`);
  await checkDeductions(tx, actor, p, lines, acknowledged, 'submit', requestId);
  await storeLines(tx, p, lines);
  const after = await setStep(tx, payrollId, {
    status: 'submitted',
    submitted_by: actor.userId,
    submitted_at: new Date(),
  });
  await fileStage(tx, actor, after, 'confirm', requestId);
  await auditStep(tx, actor, p, 'submit', { status: 'submitted', net: after.net }, requestId);
  return after;
}

export async function confirm(tx: Tx, actor: Actor, payrollId: number, requestId?: string) {
  const p = await lockPayroll(tx, payrollId);
  assertBranch(actor, p.branch_id);
  if (p.status !== 'submitted')
    throw conflict(
      p.status === 'draft'
        ? 'ยืนยันไม่ได้: เงินเดือนรอบนี้ยังไม่ได้ส่งตรวจ'
        : `ยืนยันไม่ได้: เงินเดือนรอบนี้อยู่ในสถานะ "${PAYROLL_STATE_NAMES[p.status as PayrollState]}" แล้ว`,
    );
  const id = await pendingStage(tx, actor, p, 'confirm', requestId);
  await decideRequest(tx, actor, { request_id: id, approve: true }, requestId);
  return lockPayroll(tx, payrollId);
}

export async function approve(tx: Tx, actor: Actor, payrollId: number, requestId?: string) {
  await assertApprover(tx, actor, 'อนุมัติเงินเดือน');
  const p = await lockPayroll(tx, payrollId);
  assertBranch(actor, p.branch_id);
  if (p.status !== 'confirmed')
    throw conflict(p.status === 'approved' ? 'เงินเดือนรอบนี้อนุมัติแล้ว' : 'อนุมัติไม่ได้: ผู้จัดการสาขายังไม่ได้ยืนยันเงินเดือนรอบนี้');
  const id = await pendingStage(tx, actor, p, 'approve', requestId);
  await decideRequest(tx, actor, { request_id: id, approve: true }, requestId);
  return lockPayroll(tx, payrollId);
}

/** payroll/send-back: a submitted or confirmed month back to draft with a reason (by a confirmer or an approver). */
export async function sendBack(tx: Tx, actor: Actor, payrollId: number, reason: string, requestId?: string) {
  const p = await lockPayroll(tx, payrollId);
  assertBranch(actor, p.branch_id);
  if (p.status !== 'submitted' && p.status !== 'confirmed')
    throw conflict(
      `ส่งกลับแก้ไขได้เฉพาะเงินเดือนที่ส่งตรวจหรือยืนยันแล้ว (รอบนี้อยู่ในสถานะ "${PAYROLL_STATE_NAMES[p.status as PayrollState]}")`,
    );
  if (!reason.trim()) throw badRequest('เหตุผล: ต้องระบุเหตุผลที่ส่งกลับแก้ไข');
  const id = await pendingStage(tx, actor, p, p.status === 'submitted' ? 'confirm' : 'approve', requestId);
  await decideRequest(tx, actor, { request_id: id, approve: false, note: reason.trim() }, requestId);
  return lockPayroll(tx, payrollId);
}

/** payroll/reopen: an approved month back to draft (an approver, with a reason); its next approval is the next version. */
export async function reopen(tx: Tx, actor: Actor, payrollId: number, reason: string, requestId?: string) {
  await assertApprover(tx, actor, 'เปิดรอบเงินเดือนที่อนุมัติแล้ว');
  const p = await lockPayroll(tx, payrollId);
  assertBranch(actor, p.branch_id);
  if (p.status !== 'approved') throw conflict('เปิดรอบใหม่ได้เฉพาะเงินเดือนที่อนุมัติแล้ว');
  if (!reason.trim()) throw badRequest('เหตุผล: ต้องระบุ');
  // the issued payslips are superseded while the month is open again: the next approval issues the next version
  await tx.update(payslips).set({ is_current: false }).where(eq(payslips.payroll_id, payrollId));
  if (p.expense_ids.length) {
    await tx
      .update(expenses)
      .set({ is_delete: true, updatedAt: new Date() })
      .where(inArray(expenses.expenses_id, p.expense_ids));
    await audit(
      tx,
      actor,
      {
        entity: 'expenses',
        entityId: p.expense_ids.join(','),
        action: 'delete',
        branchId: p.branch_id,
        before: { expense_ids: p.expense_ids },
        after: { reason: `เปิดรอบเงินเดือนใหม่: ${reason.trim()}` },
      },
      requestId,
    );
  }
  const [after] = await tx
    .update(payrolls)
    .set({
      expense_ids: [],
      status: 'draft',
      version: p.version + 1,
      reopened_by: actor.userId,
      reopened_at: new Date(),
      reopen_reason: reason.trim(),
      submitted_by: null,
      submitted_at: null,
      confirmed_by: null,
      confirmed_at: null,
      approved_by: null,
      approved_at: null,
      updatedAt: new Date(),
    })
    .where(eq(payrolls.payroll_id, payrollId))
    .returning();
  await audit(
    tx,
    actor,
    {
      entity: 'payroll',
      entityId: payrollId,
      action: 'reopen',
      branchId: p.branch_id,
      before: { status: p.status, version: p.version, approved_by: p.approved_by },
      after: { status: 'draft', version: after!.version, reason: reason.trim() },
    },
    requestId,
  );
  return after!;
}
