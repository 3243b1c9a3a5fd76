/** An employee's standing incomes and deductions, copied into every new month. */
import { and, asc, eq } from 'drizzle-orm';
import type { Conn, Tx } from '../../db/connection.js';
import { branches } from '../../db/schema/core.js';
import { listPayroll } from '../../db/schema/catalog.js';
import { payrollUserItems } from '../../db/schema/payroll.js';
import { audit } from '../../http/audit.js';
import { type Actor } from '../../http/auth.js';
import { badRequest, conflict, notFound } from '../../http/errors.js';
import { COMPUTED_CATEGORIES, M, Q, S, UserRecord } from './common.js';
import { itemAmount, MAX_AMOUNT } from './engine.js';
import { branchOfUser } from './repo.js';

export async function userItems(conn: Conn, actor: Actor, userId: number) {
  const u = await branchOfUser(conn, actor, userId);
  const rows = await conn
    .select({ s: payrollUserItems, c: listPayroll })
    .from(payrollUserItems)
    .innerJoin(listPayroll, eq(listPayroll.list_payroll_id, payrollUserItems.list_payroll_id))
    .where(and(eq(payrollUserItems.user_id, userId), eq(payrollUserItems.is_delete, false)))
    .orderBy(asc(payrollUserItems.id));
  return rows.map(({ s, c }) => {
    const value = c.condition === 'fill' ? S(s.value) : S(s.value) > 0 ? S(s.value) : S(c.value);
    const amount = c.condition === 'fill' ? value : Math.round((value * Q(s.per_value)) / 100);
    return {
      id: s.id,
      user_id: s.user_id,
      list_payroll_id: s.list_payroll_id,
      name: c.name,
      type: c.type,
      condition: c.condition,
      title_value: c.title_value,
      value: M(value),
      per_value: M(Q(s.per_value)),
      amount: M(amount),
      note: s.note,
      branch_id: u.branch_id,
    };
  });
}

export async function checkItem(conn: Conn, u: UserRecord, listPayrollId: number) {
  const [c] = await conn
    .select({ c: listPayroll, hq: branches.is_head_office })
    .from(listPayroll)
    .innerJoin(branches, eq(branches.branch_id, listPayroll.branch_id))
    .where(and(eq(listPayroll.list_payroll_id, listPayrollId), eq(listPayroll.is_delete, false)));
  if (!c || (!c.hq && c.c.branch_id !== u.branch_id)) throw badRequest('รายการเงินเดือน: ไม่พบรายการนี้ในสาขาของพนักงาน');
  if (COMPUTED_CATEGORIES.includes(c.c.category))
    throw badRequest(`รายการเงินเดือน: "${c.c.name}" ระบบคำนวณให้เองทุกเดือน ไม่ต้องตั้งเป็นรายการประจำ`);
  return c.c;
}

/** A standing item whose rate × quantity no month could hold (engine.ts MAX_AMOUNT) is a Thai 400, never a sheet's 500. */
function assertAmount(c: { name: string; condition: string; value: string }, value: string, perValue: string) {
  const v = c.condition === 'fill' ? S(value) : S(value) > 0 ? S(value) : S(c.value);
  const amount = itemAmount(c.condition, v, c.condition === 'fill' ? 0 : Q(perValue));
  if (v > MAX_AMOUNT || amount > MAX_AMOUNT)
    throw badRequest(`${c.name}: อัตรา × จำนวน สูงเกินกว่าที่ระบบรับได้ (ไม่เกิน 100,000,000.00 บาท)`);
}

export async function createUserItem(
  tx: Tx,
  actor: Actor,
  b: { user_id: number; list_payroll_id: number; value?: string; per_value?: string; note?: string },
  requestId?: string,
) {
  const u = await branchOfUser(tx, actor, b.user_id);
  const c = await checkItem(tx, u, b.list_payroll_id);
  const [dup] = await tx
    .select({ id: payrollUserItems.id })
    .from(payrollUserItems)
    .where(
      and(
        eq(payrollUserItems.user_id, b.user_id),
        eq(payrollUserItems.list_payroll_id, b.list_payroll_id),
        eq(payrollUserItems.is_delete, false),
      ),
    );
  if (dup) throw conflict(`รายการเงินเดือน: พนักงานนี้มีรายการ "${c.name}" เป็นรายการประจำอยู่แล้ว`);
  assertAmount(c, b.value ?? '0', b.per_value ?? '0');
  const [row] = await tx
    .insert(payrollUserItems)
    .values({
      user_id: b.user_id,
      list_payroll_id: b.list_payroll_id,
      value: b.value ?? '0',
      per_value: b.per_value ?? '0',
      note: b.note ?? '',
    })
    .returning();
  await audit(
    tx,
    actor,
    { entity: 'payroll_user_item', entityId: row!.id, action: 'create', branchId: u.branch_id, after: row },
    requestId,
  );
  return row!;
}

export async function updateUserItem(
  tx: Tx,
  actor: Actor,
  b: { id: number; value?: string; per_value?: string; note?: string; is_delete?: boolean },
  requestId?: string,
) {
  const [before] = await tx
    .select()
    .from(payrollUserItems)
    .where(and(eq(payrollUserItems.id, b.id), eq(payrollUserItems.is_delete, false)))
    .for('update');
  if (!before) throw notFound('ไม่พบรายการประจำนี้');
  const u = await branchOfUser(tx, actor, before.user_id);
  if (!b.is_delete) {
    const [c] = await tx.select().from(listPayroll).where(eq(listPayroll.list_payroll_id, before.list_payroll_id));
    if (c) assertAmount(c, b.value ?? before.value, b.per_value ?? before.per_value);
  }
  const [row] = await tx
    .update(payrollUserItems)
    .set({
      ...(b.value !== undefined ? { value: b.value } : {}),
      ...(b.per_value !== undefined ? { per_value: b.per_value } : {}),
      ...(b.note !== undefined ? { note: b.note } : {}),
      ...(b.is_delete ? { is_delete: true } : {}),
      updatedAt: new Date(),
    })
    .where(eq(payrollUserItems.id, b.id))
    .returning();
  await audit(
    tx,
    actor,
    {
      entity: 'payroll_user_item',
      entityId: b.id,
      action: b.is_delete ? 'delete' : 'update',
      branchId: u.branch_id,
      before,
      after: row,
    },
    requestId,
  );
  return row!;
}
