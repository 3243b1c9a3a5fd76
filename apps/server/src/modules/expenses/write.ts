import { and, eq } from 'drizzle-orm';
import { type ExpenseCreateBody, type ExpenseUpdateBody } from '@khabkhi/contracts';
import type { Conn, Db } from '../../db/connection.js';
import { files } from '../../db/schema/core.js';
import { expenses } from '../../db/schema/fleet.js';
import { audit } from '../../http/audit.js';
import { assertBranch, type Actor } from '../../http/auth.js';
import { notFound } from '../../http/errors.js';
import { assertRenewalRules } from '../vehicles/renewal.js';
import { assertCashDayOpen, Input, checkExpense, applyEffects, undoEffects, attachFiles } from './rules.js';

export async function createExpense(db: Db, actor: Actor, body: ExpenseCreateBody, reqId: string) {
  const { files: fileIds, rule_override_reason: override, ...rest } = body;
  const e: Input = { ...rest, branch_id: body.branch_id ?? actor.branchId };
  return db.transaction(async (tx) => {
    const { vehicle } = await checkExpense(tx, actor, e, null);
    if (vehicle) await assertRenewalRules(tx, actor, vehicle, { kind: e.renew_kind, date: e.date, override }, reqId);
    const [row] = await tx
      .insert(expenses)
      .values({
        ...e,
        vehicle_id: e.vehicle_id ?? null,
        user_id: e.user_id ?? null,
        mile: e.mile ?? null,
        liters: e.liters ?? null,
        is_full_tank: e.is_full_tank ?? false,
        renew_kind: e.renew_kind ?? null,
        renew_until: e.renew_until ?? null,
        created_by: actor.userId,
      })
      .returning();
    const prev = await applyEffects(tx, actor, row!, vehicle, reqId);
    const [saved] =
      prev === null
        ? [row!]
        : await tx
            .update(expenses)
            .set({ renew_prev: prev })
            .where(eq(expenses.expenses_id, row!.expenses_id))
            .returning();
    await attachFiles(tx, actor, row!.expenses_id, e.branch_id, fileIds);
    await audit(
      tx,
      actor,
      {
        entity: 'expenses',
        entityId: row!.expenses_id,
        action: 'create',
        branchId: e.branch_id,
        after: { ...saved, files: fileIds ?? [] },
      },
      reqId,
    );
    return row!.expenses_id;
  });
}

export async function loadExpense(tx: Conn, actor: Actor, id: number, lock: boolean) {
  const q = tx
    .select()
    .from(expenses)
    .where(and(eq(expenses.expenses_id, id), eq(expenses.is_delete, false)));
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw notFound('ไม่พบรายการค่าใช้จ่ายนี้');
  assertBranch(actor, row.branch_id);
  return row;
}

export async function updateExpense(db: Db, actor: Actor, body: ExpenseUpdateBody, reqId: string) {
  const { expenses_id: id, files: fileIds, ...changes } = body;
  return db.transaction(async (tx) => {
    const before = await loadExpense(tx, actor, id, true);
    if (before.pay_type === 'cash') await assertCashDayOpen(tx, before.branch_id, before.date);
    await undoEffects(tx, actor, before, reqId);
    const {
      expenses_id: _i,
      created_by: _c,
      createdAt: _ca,
      updatedAt: _u,
      is_delete: _d,
      renew_prev: _p,
      ...kept
    } = before;
    const merged = { ...kept, ...changes } as Input;
    // a vehicle's due date this renewal moved is back in place (undoEffects): the new one applies to it afresh
    const { vehicle } = await checkExpense(tx, actor, merged, id);
    const [row] = await tx
      .update(expenses)
      .set({
        ...merged,
        liters: merged.liters ?? null,
        is_full_tank: merged.is_full_tank ?? false,
        updatedAt: new Date(),
        renew_prev: null,
      })
      .where(eq(expenses.expenses_id, id))
      .returning();
    const prev = await applyEffects(tx, actor, row!, vehicle, reqId);
    const [after] = await tx.update(expenses).set({ renew_prev: prev }).where(eq(expenses.expenses_id, id)).returning();
    await attachFiles(tx, actor, id, merged.branch_id, fileIds);
    await audit(
      tx,
      actor,
      {
        entity: 'expenses',
        entityId: id,
        action: 'update',
        branchId: after!.branch_id,
        before,
        after: { ...after, ...(fileIds ? { files: fileIds } : {}) },
      },
      reqId,
    );
    return id;
  });
}

export async function deleteExpense(db: Db, actor: Actor, id: number, reqId: string) {
  await db.transaction(async (tx) => {
    const before = await loadExpense(tx, actor, id, true);
    if (before.pay_type === 'cash') await assertCashDayOpen(tx, before.branch_id, before.date);
    await undoEffects(tx, actor, before, reqId);
    await tx.update(expenses).set({ is_delete: true, updatedAt: new Date() }).where(eq(expenses.expenses_id, id));
    await audit(
      tx,
      actor,
      {
        entity: 'expenses',
        entityId: id,
        action: 'delete',
        branchId: before.branch_id,
        before,
        after: { is_delete: true },
      },
      reqId,
    );
  });
}
