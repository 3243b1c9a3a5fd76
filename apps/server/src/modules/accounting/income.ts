import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { formatThaiDate, fromSatang, todayBangkok, toSatang } from '@khabkhi/thai';
import type { IncomeBody, IncomeUpdateBody } from '@khabkhi/contracts';
import type { Conn, Tx } from '../../db/connection.js';
import { branches, files, users } from '../../db/schema/core.js';
import { payments } from '../../db/schema/money.js';
import { accountingFiles, otherIncomes } from '../../db/schema/fleet.js';
import { audit } from '../../http/audit.js';
import { softDeleteWithAudit } from '../../http/soft-delete.js';
import { assertBranch, type Actor } from '../../http/auth.js';
import { badRequest, conflict, notFound } from '../../http/errors.js';
import { dayIsClosed } from './repo.js';

import { m } from './lists.js';

// ---- other income ---------------------------------------------------------------------------------

const closedMessage = (date: string) =>
  `ปิดยอดประจำวันที่ ${formatThaiDate(date)} ของสาขานี้แล้ว จึงเพิ่ม แก้ไข หรือลบรายรับของวันนั้นไม่ได้ หากจำเป็นต้องบันทึก ให้ผู้จัดการเปิดยอดวันนั้นใหม่พร้อมระบุเหตุผลก่อน`;

async function assertOpen(tx: Tx, branchId: number, date: string) {
  if (await dayIsClosed(tx, branchId, date)) throw conflict(closedMessage(date));
}

function checkValue(v: string) {
  if (toSatang(v) <= 0) throw badRequest('มูลค่า: ต้องมากกว่า 0 บาท');
}
function checkDate(d: string) {
  if (d > todayBangkok()) throw badRequest('วันที่: บันทึกรายรับล่วงหน้าไม่ได้');
}

const PAYMENT_ROW =
  'รายการนี้เป็นการรับชำระหรือคืนเงินของใบสมัคร ซึ่งรายรับอ่านมาจากการรับชำระโดยตรง จึงแก้ไขหรือลบที่หน้าบัญชีไม่ได้ หากต้องแก้ ให้ทำที่ใบสมัคร (คืนเงินหรือขอยกเลิกรายการชำระ)';

/** A payment's income row addressed by payment_id: answered with why it is read-only (after its branch is checked). */
export async function refusePaymentRow(db: Conn, actor: Actor, paymentId: number): Promise<never> {
  const [p] = await db
    .select({ branch_id: payments.branch_id })
    .from(payments)
    .where(eq(payments.payment_id, paymentId));
  if (!p) throw notFound('ไม่พบรายการชำระเงินนี้');
  assertBranch(actor, p.branch_id);
  throw badRequest(PAYMENT_ROW);
}

/** Attach uploaded files to a record (replacing its set): each must be an accounting upload the actor may see. */
async function attachFiles(tx: Tx, actor: Actor, incomeId: number, branchId: number, ids: string[]) {
  const unique = [...new Set(ids)];
  const found = unique.length
    ? await tx
        .select({ file_id: files.file_id, kind: files.kind, mime: files.mime, branch_id: files.branch_id })
        .from(files)
        .where(inArray(files.file_id, unique))
    : [];
  for (const id of unique) {
    const f = found.find((x) => x.file_id === id);
    if (!f || f.kind !== 'accounting') throw badRequest(`ไฟล์แนบ: ไม่พบไฟล์ที่อัปโหลด (${id.slice(0, 8)}…) กรุณาอัปโหลดใหม่`);
    assertBranch(actor, f.branch_id);
  }
  if (unique.length) {
    const [taken] = await tx
      .select({ id: accountingFiles.id })
      .from(accountingFiles)
      .where(
        and(inArray(accountingFiles.file_id, unique), sql`${accountingFiles.income_id} is distinct from ${incomeId}`),
      );
    if (taken) throw badRequest('ไฟล์แนบ: ไฟล์นี้แนบกับรายการอื่นอยู่แล้ว กรุณาอัปโหลดใหม่');
  }
  await tx.delete(accountingFiles).where(eq(accountingFiles.income_id, incomeId));
  if (unique.length) {
    await tx.insert(accountingFiles).values(
      unique.map((id, i) => ({
        income_id: incomeId,
        file_id: id,
        file_type: found.find((x) => x.file_id === id)!.mime === 'application/pdf' ? 'pdf' : 'image',
        sort: i,
      })),
    );
    // the bill belongs to the record's branch: whoever may see the record may open it
    await tx.update(files).set({ branch_id: branchId }).where(inArray(files.file_id, unique));
  }
  return unique;
}

async function filesOf(db: Conn, incomeId: number) {
  const r = await db
    .select({
      file_id: accountingFiles.file_id,
      file_type: accountingFiles.file_type,
      mime: files.mime,
      size: files.size,
    })
    .from(accountingFiles)
    .innerJoin(files, eq(files.file_id, accountingFiles.file_id))
    .where(eq(accountingFiles.income_id, incomeId))
    .orderBy(asc(accountingFiles.sort));
  return r.map((f) => ({ ...f, url: `/api/files/${f.file_id}` }));
}

export async function getIncome(db: Conn, actor: Actor, id: number) {
  const [r] = await db
    .select({ o: otherIncomes, branch_name: branches.name, user: sql<string>`${users.fname} || ' ' || ${users.sname}` })
    .from(otherIncomes)
    .innerJoin(branches, eq(branches.branch_id, otherIncomes.branch_id))
    .innerJoin(users, eq(users.user_id, otherIncomes.created_by))
    .where(and(eq(otherIncomes.income_id, id), eq(otherIncomes.is_delete, false)));
  if (!r) throw notFound('ไม่พบรายการรายรับนี้');
  assertBranch(actor, r.o.branch_id);
  return {
    income_id: r.o.income_id,
    branch_id: r.o.branch_id,
    branch_name: r.branch_name,
    date: r.o.date,
    name: r.o.name,
    detail: r.o.detail,
    pay_type: r.o.pay_type,
    value: m(r.o.value),
    user: r.user,
    createdAt: r.o.createdAt.toISOString(),
    updatedAt: r.o.updatedAt.toISOString(),
    files: await filesOf(db, r.o.income_id),
  };
}

export async function createIncome(tx: Tx, actor: Actor, b: IncomeBody, reqId?: string) {
  assertBranch(actor, b.branch_id);
  checkValue(b.value);
  checkDate(b.date);
  const name = b.name.trim();
  if (!name) throw badRequest('ชื่อ: ต้องระบุ');
  await assertOpen(tx, b.branch_id, b.date);
  const [row] = await tx
    .insert(otherIncomes)
    .values({
      branch_id: b.branch_id,
      date: b.date,
      name,
      detail: (b.detail ?? '').trim(),
      pay_type: b.pay_type,
      value: fromSatang(toSatang(b.value)),
      created_by: actor.userId,
    })
    .returning();
  const attached = await attachFiles(tx, actor, row!.income_id, b.branch_id, b.files ?? []);
  await audit(
    tx,
    actor,
    {
      entity: 'other_income',
      entityId: row!.income_id,
      action: 'create',
      branchId: b.branch_id,
      after: { ...row, files: attached },
    },
    reqId,
  );
  return getIncome(tx, actor, row!.income_id);
}

export async function updateIncome(tx: Tx, actor: Actor, b: IncomeUpdateBody, reqId?: string) {
  const [before] = await tx
    .select()
    .from(otherIncomes)
    .where(and(eq(otherIncomes.income_id, b.income_id), eq(otherIncomes.is_delete, false)))
    .for('update');
  if (!before) throw notFound('ไม่พบรายการรายรับนี้');
  assertBranch(actor, before.branch_id);
  const next = {
    branch_id: b.branch_id ?? before.branch_id,
    date: b.date ?? before.date,
    name: b.name !== undefined ? b.name.trim() : before.name,
    detail: b.detail !== undefined ? b.detail.trim() : before.detail,
    pay_type: b.pay_type ?? before.pay_type,
    value: b.value !== undefined ? b.value : before.value,
  };
  if (next.branch_id !== before.branch_id) assertBranch(actor, next.branch_id);
  if (!next.name) throw badRequest('ชื่อ: ต้องระบุ');
  checkValue(next.value);
  checkDate(next.date);
  await assertOpen(tx, before.branch_id, before.date);
  if (next.branch_id !== before.branch_id || next.date !== before.date) await assertOpen(tx, next.branch_id, next.date);
  const beforeFiles = (await filesOf(tx, before.income_id)).map((f) => f.file_id);
  const [after] = await tx
    .update(otherIncomes)
    .set({ ...next, value: fromSatang(toSatang(next.value)), updatedAt: new Date() })
    .where(eq(otherIncomes.income_id, before.income_id))
    .returning();
  const afterFiles =
    b.files !== undefined ? await attachFiles(tx, actor, before.income_id, next.branch_id, b.files) : beforeFiles;
  if (b.files === undefined && next.branch_id !== before.branch_id && beforeFiles.length) {
    await tx.update(files).set({ branch_id: next.branch_id }).where(inArray(files.file_id, beforeFiles));
  }
  await audit(
    tx,
    actor,
    {
      entity: 'other_income',
      entityId: before.income_id,
      action: 'update',
      branchId: next.branch_id,
      before: { ...before, files: beforeFiles },
      after: { ...after, files: afterFiles },
    },
    reqId,
  );
  return getIncome(tx, actor, before.income_id);
}

export async function deleteIncome(tx: Tx, actor: Actor, incomeId: number, reqId?: string) {
  const [before] = await tx
    .select()
    .from(otherIncomes)
    .where(and(eq(otherIncomes.income_id, incomeId), eq(otherIncomes.is_delete, false)))
    .for('update');
  if (!before) throw notFound('ไม่พบรายการรายรับนี้');
  assertBranch(actor, before.branch_id);
  await assertOpen(tx, before.branch_id, before.date);
  await softDeleteWithAudit(
    tx,
    actor,
    otherIncomes,
    otherIncomes.income_id,
    incomeId,
    { entity: 'other_income', branchId: before.branch_id, before, after: 'row' },
    reqId,
  );
  return { income_id: incomeId, name: before.name };
}
