/** Saving what was typed into a draft: the server computes every amount. */
import { and, eq } from 'drizzle-orm';
import { type LineInput } from '@khabkhi/contracts';
import type { Tx } from '../../db/connection.js';
import { branches } from '../../db/schema/core.js';
import { payrolls } from '../../db/schema/payroll.js';
import { audit } from '../../http/audit.js';
import { assertBranch, type Actor } from '../../http/auth.js';
import { badRequest, conflict, notFound } from '../../http/errors.js';
import { PayrollRecord, S, currentMonth, lockedMessage, monthName } from './common.js';
import { computeLines } from './compute.js';
import { storeLines } from './repo.js';
import { checkDeductions } from './deductions.js';
import { ensureCarriedItem } from './person-month.js';

/** The draft of a branch-month, created on first save, locked for the transaction. */
export async function draftFor(tx: Tx, actor: Actor, branchId: number, month: string): Promise<PayrollRecord> {
  const [b] = await tx
    .select({ id: branches.branch_id })
    .from(branches)
    .where(and(eq(branches.branch_id, branchId), eq(branches.is_delete, false)));
  if (!b) throw notFound('ไม่พบสาขานี้');
  if (month > currentMonth()) throw badRequest(`เดือน: เปิดรอบเงินเดือนล่วงหน้าไม่ได้ (เดือน${monthName(month)} ยังไม่ถึง)`);
  await tx.insert(payrolls).values({ branch_id: branchId, month, created_by: actor.userId }).onConflictDoNothing();
  const [p] = await tx
    .select()
    .from(payrolls)
    .where(and(eq(payrolls.branch_id, branchId), eq(payrolls.month, month)))
    .for('update');
  if (p!.status !== 'draft') throw conflict(lockedMessage(p!));
  return p!;
}

/** list-payrollList/update and list-payrollReport/update: save what was typed into the draft; the server computes the rest. */
export async function saveSheet(
  tx: Tx,
  actor: Actor,
  branchId: number,
  month: string,
  inputs: LineInput[],
  requestId?: string,
  acknowledged?: boolean,
) {
  assertBranch(actor, branchId);
  const seen = new Set<number>();
  for (const l of inputs) {
    if (seen.has(l.user_id)) throw badRequest(`รายการพนักงาน: พนักงานรหัส ${l.user_id} ซ้ำในรายการ`);
    seen.add(l.user_id);
  }
  const p = await draftFor(tx, actor, branchId, month);
  const lines = await computeLines(tx, branchId, month, p.payroll_id, new Map(inputs.map((l) => [l.user_id, l])));
  await checkDeductions(tx, actor, p, lines, acknowledged, 'save', requestId);
  if (lines.some((l) => S(l.carry_advance) > 0)) await ensureCarriedItem(tx);
  const before = { salary: p.salary, income: p.income, deduction: p.deduction, net: p.net, employees: p.employees };
  const after = await storeLines(tx, p, lines);
  await audit(
    tx,
    actor,
    {
      entity: 'payroll',
      entityId: p.payroll_id,
      action: 'update',
      branchId,
      before,
      after: {
        month,
        salary: after.salary,
        income: after.income,
        deduction: after.deduction,
        net: after.net,
        employees: after.employees,
        lines: inputs.map((l) => l.user_id),
        carry_advance: lines.filter((l) => S(l.carry_advance) > 0).map((l) => [l.user_id, l.carry_advance]),
      },
    },
    requestId,
  );
  return after;
}
