/** The payroll's workflow: submit → confirm → approve, and reopening an approved month. */
import { eq, inArray } from 'drizzle-orm';
import { PAYROLL_STATE_NAMES, type PayrollState } from '@khabkhi/contracts';
import type { Tx } from '../../db/connection.js';
import { expenses } from '../../db/schema/fleet.js';
import { payrolls } from '../../db/schema/payroll.js';
import { can } from '../../http/abilities.js';
import { audit } from '../../http/audit.js';
import { assertBranch, type Actor } from '../../http/auth.js';
import { badRequest, conflict, forbidden } from '../../http/errors.js';
import { lockedMessage, monthName } from './common.js';
import { computeLines } from './compute.js';
import { recordExpenses } from './books.js';
import { issuePayslips } from './payslips.js';
import { lockPayroll, setStep, storeLines } from './repo.js';

export const isOwner = (actor: Actor) => can(actor.abilities, 'manage', 'all');

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

export async function submit(tx: Tx, actor: Actor, payrollId: number, requestId?: string) {
  const p = await lockPayroll(tx, payrollId);
  assertBranch(actor, p.branch_id);
  if (p.status !== 'draft') throw conflict(`ส่งตรวจไม่ได้: ${lockedMessage(p)}`);
  // the sheet is frozen as it computes now (salaries or rates changed since the last save are taken in)
  const lines = await computeLines(tx, p.branch_id, p.month, p.payroll_id);
  if (!lines.length) throw badRequest(`ส่งตรวจไม่ได้: ไม่มีพนักงานในรอบเงินเดือนเดือน${monthName(p.month)}`);
  await storeLines(tx, p, lines);
  const after = await setStep(tx, payrollId, {
    status: 'submitted',
    submitted_by: actor.userId,
    submitted_at: new Date(),
  });
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
  if (p.submitted_by === actor.userId)
    throw conflict('ยืนยันไม่ได้: ผู้ส่งตรวจยืนยันเงินเดือนที่ตนเองส่งไม่ได้ ต้องให้ผู้จัดการสาขาคนอื่นยืนยัน');
  const after = await setStep(tx, payrollId, {
    status: 'confirmed',
    confirmed_by: actor.userId,
    confirmed_at: new Date(),
  });
  await auditStep(tx, actor, p, 'confirm', { status: 'confirmed' }, requestId);
  return after;
}

export async function approve(tx: Tx, actor: Actor, payrollId: number, requestId?: string) {
  if (!isOwner(actor)) throw forbidden('อนุมัติเงินเดือนได้เฉพาะเจ้าของกิจการ/ผู้ดูแลระบบ');
  const p = await lockPayroll(tx, payrollId);
  if (p.status !== 'confirmed')
    throw conflict(p.status === 'approved' ? 'เงินเดือนรอบนี้อนุมัติแล้ว' : 'อนุมัติไม่ได้: ผู้จัดการสาขายังไม่ได้ยืนยันเงินเดือนรอบนี้');
  if (p.submitted_by === actor.userId) throw conflict('อนุมัติไม่ได้: ผู้ส่งตรวจอนุมัติเงินเดือนที่ตนเองส่งไม่ได้ ต้องให้ผู้มีสิทธิ์อนุมัติคนอื่น');
  const after = await setStep(tx, payrollId, {
    status: 'approved',
    approved_by: actor.userId,
    approved_at: new Date(),
  });
  const issued = await issuePayslips(tx, actor, after);
  await recordExpenses(tx, actor, after, requestId);
  await auditStep(tx, actor, p, 'approve', { status: 'approved', payslips: issued, version: p.version }, requestId);
  return after;
}

export async function reopen(tx: Tx, actor: Actor, payrollId: number, reason: string, requestId?: string) {
  if (!isOwner(actor)) throw forbidden('เปิดรอบเงินเดือนที่อนุมัติแล้วได้เฉพาะเจ้าของกิจการ/ผู้ดูแลระบบ');
  const p = await lockPayroll(tx, payrollId);
  if (p.status !== 'approved') throw conflict('เปิดรอบใหม่ได้เฉพาะเงินเดือนที่อนุมัติแล้ว');
  if (!reason.trim()) throw badRequest('เหตุผล: ต้องระบุ');
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
