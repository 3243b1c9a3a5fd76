/**
 * An employee's ล.ย.01 declarations (allowances.ts says the kinds and caps): listed, added from a date, removed.
 * Each change is audited; the withholding of every month from the date on uses the latest declaration of each kind.
 */
import { and, asc, eq } from 'drizzle-orm';
import type { AllowanceCreate, Allowances } from '@khabkhi/contracts';
import type { Conn, Tx } from '../../db/connection.js';
import { payrollAllowances } from '../../db/schema/payroll.js';
import { audit } from '../../http/audit.js';
import { softDeleteWithAudit } from '../../http/soft-delete.js';
import type { Actor } from '../../http/auth.js';
import { badRequest, conflict, notFound } from '../../http/errors.js';
import { ALLOWANCE_KINDS, allowanceValue, type AllowanceKind } from './allowances.js';
import { M, S, currentMonth } from './common.js';
import { allowancesOn } from './person-month.js';
import { branchOfUser, namesOf } from './repo.js';

const isKind = (k: string): k is AllowanceKind => Object.hasOwn(ALLOWANCE_KINDS, k);

const KINDS = Object.entries(ALLOWANCE_KINDS).map(([value, k]) => ({
  value,
  name: k.name,
  per: 'per' in k ? M(k.per) : null,
  max_count: 'max_count' in k ? k.max_count : null,
  cap: 'cap' in k ? M(k.cap) : null,
}));

/** payroll/allowance/list: the person's declarations (newest first), the kinds with their caps, this month's total. */
export async function listAllowances(conn: Conn, actor: Actor, userId: number): Promise<Allowances> {
  await branchOfUser(conn, actor, userId, true);
  const rows = await conn
    .select()
    .from(payrollAllowances)
    .where(and(eq(payrollAllowances.user_id, userId), eq(payrollAllowances.is_delete, false)))
    .orderBy(asc(payrollAllowances.kind), asc(payrollAllowances.valid_from));
  const names = await namesOf(
    conn,
    rows.map((r) => r.created_by),
  );
  const total = (await allowancesOn(conn, [userId], currentMonth())).get(userId) ?? 0;
  return {
    rows: rows.map((r) => {
      const kind = r.kind as AllowanceKind;
      return {
        allowance_id: r.allowance_id,
        user_id: r.user_id,
        kind: r.kind,
        kind_name: ALLOWANCE_KINDS[kind]?.name ?? r.kind,
        count: r.count,
        amount: M(S(r.amount)),
        value: M(isKind(r.kind) ? allowanceValue({ kind, count: r.count, amount: S(r.amount) }) : 0),
        valid_from: r.valid_from,
        note: r.note,
        created_by: names.get(r.created_by) ?? null,
        createdAt: r.createdAt.toISOString(),
      };
    }),
    kinds: KINDS,
    total: M(total),
  };
}

/** payroll/allowance/create: a declaration from a date (one per kind and date), checked against its kind. */
export async function createAllowance(tx: Tx, actor: Actor, b: AllowanceCreate, requestId?: string) {
  const u = await branchOfUser(tx, actor, b.user_id);
  if (!isKind(b.kind))
    throw badRequest('ประเภทค่าลดหย่อน: ไม่พบประเภทนี้ในแบบ ล.ย.01', [
      { field: 'kind', message: 'ประเภทค่าลดหย่อน: ไม่พบประเภทนี้ในแบบ ล.ย.01' },
    ]);
  const k = ALLOWANCE_KINDS[b.kind];
  const count = b.count ?? 0;
  const amount = S(b.amount ?? '0');
  if ('per' in k) {
    if (count < 1 || count > k.max_count)
      throw badRequest(`จำนวน (${k.name}): ต้องเป็น 1 ถึง ${k.max_count}`, [
        { field: 'count', message: `จำนวน (${k.name}): ต้องเป็น 1 ถึง ${k.max_count}` },
      ]);
  } else if (amount <= 0)
    throw badRequest(`จำนวนเงินต่อปี (${k.name}): ต้องมากกว่า 0`, [
      { field: 'amount', message: `จำนวนเงินต่อปี (${k.name}): ต้องมากกว่า 0` },
    ]);
  const [dup] = await tx
    .select({ id: payrollAllowances.allowance_id })
    .from(payrollAllowances)
    .where(
      and(
        eq(payrollAllowances.user_id, b.user_id),
        eq(payrollAllowances.kind, b.kind),
        eq(payrollAllowances.valid_from, b.valid_from),
        eq(payrollAllowances.is_delete, false),
      ),
    );
  if (dup) throw conflict(`ค่าลดหย่อน "${k.name}" ที่มีผลวันเดียวกันนี้บันทึกไว้แล้ว ลบรายการเดิมก่อนหากต้องการแก้ไข`);
  const [row] = await tx
    .insert(payrollAllowances)
    .values({
      user_id: b.user_id,
      kind: b.kind,
      count: 'per' in k ? count : 0,
      amount: 'per' in k ? '0' : M(amount),
      valid_from: b.valid_from,
      note: b.note ?? '',
      created_by: actor.userId,
    })
    .returning();
  await audit(
    tx,
    actor,
    { entity: 'payroll_allowance', entityId: row!.allowance_id, action: 'create', branchId: u.branch_id, after: row },
    requestId,
  );
  return row!;
}

/** payroll/allowance/:id (DELETE): a declaration removed (kept, marked deleted; audited). */
export async function deleteAllowance(tx: Tx, actor: Actor, id: number, requestId?: string) {
  const [before] = await tx
    .select()
    .from(payrollAllowances)
    .where(and(eq(payrollAllowances.allowance_id, id), eq(payrollAllowances.is_delete, false)))
    .for('update');
  if (!before) throw notFound('ไม่พบค่าลดหย่อนนี้');
  const u = await branchOfUser(tx, actor, before.user_id);
  await softDeleteWithAudit(
    tx,
    actor,
    payrollAllowances,
    payrollAllowances.allowance_id,
    id,
    { entity: 'payroll_allowance', branchId: u.branch_id, before },
    requestId,
  );
  return before;
}
