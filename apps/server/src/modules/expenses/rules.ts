/**
 * Expense records: their rules in one place, each change one transaction.
 * - money > 0 (decimal strings, satang);
 * - a vehicle's mileage never goes back (the vehicle row is locked; a fuel fill of a vehicle needs its mileage);
 * - a renewal (tax, พ.ร.บ., insurance, ตรอ.) moves the vehicle's noti_* date in the same transaction (and back on delete);
 * - a cash expense of a day closed by the daily cash close is refused (the close's day lock, taken shared);
 * - deletes are soft and audited; branch scope everywhere; attachments are bills uploaded through expenses/upload.
 */
import { and, asc, desc, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import { formatThaiDate, todayBangkok, toSatang } from '@khabkhi/thai';
import { DUE_KINDS, type ExpenseCreateBody } from '@khabkhi/contracts';
import type { Conn, Tx } from '../../db/connection.js';
import { expenseCategories, listExpenses } from '../../db/schema/catalog.js';
import { files, users } from '../../db/schema/core.js';
import { accountingFiles, expenses, vehicleOdometer, vehicles } from '../../db/schema/fleet.js';
import { audit } from '../../http/audit.js';
import { assertBranch, type Actor } from '../../http/auth.js';
import { assertLiveBranch } from '../../http/branch.js';
import { badRequest, conflict, forbidden } from '../../http/errors.js';
import { dayLockSql } from '../applications/index.js';
import { rowsOf } from '../../db/sql.js';

export const PAY_TYPE_NAME: Record<string, string> = { cash: 'เงินสด', transfer: 'โอนเงิน' };
/** Expense sub-categories that are renewals of a vehicle's legal dates (the catalog's seeded names). */
export const RENEW_BY_CATEGORY: Record<string, string> = {
  ภาษีรถประจำปี: 'tax',
  'พ.ร.บ.': 'compulsory',
  ประกันภัยภาคสมัครใจ: 'insurance',
  ตรวจสภาพรถ: 'check',
};
export const isFuelCategory = (names: (string | null | undefined)[]) => names.some((n) => !!n && n.includes('น้ำมัน'));

export const parentCat = sql<
  string | null
>`(select p.name from expense_categories p where p.category_id = ${expenseCategories.parent_id})`;
export const categoryPath = sql<string>`coalesce(${parentCat} || ' / ', '') || ${expenseCategories.name}`;

/** The closed-day rule for expenses (the same lock and close table as the payments'). */
export async function assertCashDayOpen(tx: Tx, branchId: number, date: string) {
  await tx.execute(sql`select pg_advisory_xact_lock_shared(${dayLockSql(branchId, date)})`);
  const res = await tx.execute(
    sql`select 1 from cash_closes where branch_id = ${branchId} and business_date = ${date}::date and reopened_at is null`,
  );
  if (rowsOf<unknown>(res).length) {
    throw conflict(
      `ปิดยอดประจำวันที่ ${formatThaiDate(date)} ของสาขานี้แล้ว จึงบันทึก แก้ไข หรือลบค่าใช้จ่ายเงินสดของวันนั้นไม่ได้ หากจำเป็น ให้ผู้จัดการเปิดยอดวันนั้นใหม่พร้อมระบุเหตุผลก่อน`,
    );
  }
}

async function loadItem(conn: Conn, id: number) {
  const [it] = await conn
    .select({
      list_expenses_id: listExpenses.list_expenses_id,
      branch_id: listExpenses.branch_id,
      name: listExpenses.name,
      status: listExpenses.status,
      category_id: listExpenses.category_id,
      category: expenseCategories.name,
      parent: parentCat,
    })
    .from(listExpenses)
    .innerJoin(expenseCategories, eq(expenseCategories.category_id, listExpenses.category_id))
    .where(and(eq(listExpenses.list_expenses_id, id), eq(listExpenses.is_delete, false)));
  if (!it) throw badRequest('รายการค่าใช้จ่าย: ไม่พบรายการนี้');
  return it;
}

type Row = typeof expenses.$inferSelect;
export type Input = Omit<ExpenseCreateBody, 'files' | 'rule_override_reason'> & { branch_id: number };

/** Check and lock what an expense touches; throws a Thai 4xx. Returns the locked vehicle (if any). */
export async function checkExpense(tx: Tx, actor: Actor, e: Input, own: number | null) {
  await assertLiveBranch(tx, actor, e.branch_id);
  if (!(toSatang(e.value) > 0)) throw badRequest('จำนวนเงิน: ต้องมากกว่า 0 บาท');
  if (e.date > todayBangkok()) throw badRequest('วันที่: ต้องไม่เป็นวันในอนาคต');
  const item = await loadItem(tx, e.list_expenses_id);
  if (item.branch_id !== e.branch_id) throw badRequest('รายการค่าใช้จ่าย: ไม่ใช่รายการของสาขานี้ กรุณาเลือกรายการของสาขาที่บันทึก');
  if (e.user_id) {
    const [u] = await tx
      .select({ branch_id: users.branch_id })
      .from(users)
      .where(and(eq(users.user_id, e.user_id), eq(users.is_delete, false)));
    if (!u) throw badRequest('พนักงาน: ไม่พบพนักงานนี้');
    assertBranch(actor, u.branch_id);
  }
  if (e.pay_type === 'cash') await assertCashDayOpen(tx, e.branch_id, e.date);
  const fuel = isFuelCategory([item.category, item.parent]);
  if (!e.vehicle_id) {
    if (e.mile !== null && e.mile !== undefined) throw badRequest('เลขไมล์: ต้องเลือกรถของค่าใช้จ่ายนี้ก่อน');
    if (e.renew_kind) throw badRequest('การต่ออายุ: ต้องเลือกรถที่ต่ออายุ');
    if (e.liters || e.is_full_tank) throw badRequest('จำนวนลิตร: ต้องเลือกรถที่เติมน้ำมัน');
    return { vehicle: null, item };
  }
  // the vehicle's row is the lock of its odometer and its due dates
  const [v] = await tx
    .select()
    .from(vehicles)
    .where(and(eq(vehicles.vehicle_id, e.vehicle_id), eq(vehicles.is_delete, false)))
    .for('update');
  if (!v) throw badRequest('รถ: ไม่พบรถคันนี้');
  assertBranch(actor, v.branch_id);
  if (v.branch_id !== e.branch_id) throw badRequest('รถ: รถคันนี้อยู่สาขาอื่น กรุณาบันทึกค่าใช้จ่ายที่สาขาของรถ');
  const plate = `${v.no} ${v.province}`;
  if (fuel && (e.mile === null || e.mile === undefined)) throw badRequest(`เลขไมล์: ต้องระบุเลขไมล์เมื่อเติมน้ำมันรถ ${plate}`);
  if (e.is_full_tank && !e.liters) throw badRequest('จำนวนลิตร: ต้องระบุเมื่อเติมเต็มถัง เพื่อคำนวณอัตราสิ้นเปลือง');
  if (e.liters && !(toSatang(e.liters) > 0)) throw badRequest('จำนวนลิตร: ต้องมากกว่า 0');
  if (e.mile !== null && e.mile !== undefined) {
    const notOwn = own === null ? undefined : sql`coalesce(${vehicleOdometer.expenses_id}, 0) <> ${own}`;
    const live = and(eq(vehicleOdometer.vehicle_id, v.vehicle_id), eq(vehicleOdometer.is_delete, false), notOwn);
    const [prev] = await tx
      .select({ mile: vehicleOdometer.mile, date: vehicleOdometer.date })
      .from(vehicleOdometer)
      .where(and(live, lte(vehicleOdometer.date, e.date)))
      .orderBy(desc(vehicleOdometer.mile))
      .limit(1);
    if (prev && e.mile < prev.mile) {
      throw badRequest(
        `เลขไมล์: ต้องไม่น้อยกว่าเลขไมล์ล่าสุดของรถ ${plate} (${prev.mile.toLocaleString('en-US')} กม. เมื่อ ${formatThaiDate(prev.date)}) เลขไมล์ย้อนกลับไม่ได้`,
      );
    }
    const [next] = await tx
      .select({ mile: vehicleOdometer.mile, date: vehicleOdometer.date })
      .from(vehicleOdometer)
      .where(and(live, gt(vehicleOdometer.date, e.date)))
      .orderBy(asc(vehicleOdometer.mile))
      .limit(1);
    if (next && e.mile > next.mile) {
      throw badRequest(
        `เลขไมล์: ต้องไม่มากกว่าเลขไมล์ที่บันทึกไว้ภายหลังของรถ ${plate} (${next.mile.toLocaleString('en-US')} กม. เมื่อ ${formatThaiDate(next.date)})`,
      );
    }
  }
  if (e.renew_kind) {
    if (!e.renew_until) throw badRequest('ต่ออายุถึง: ต้องระบุวันครบกำหนดใหม่ของการต่ออายุ');
    if (e.renew_until <= e.date) throw badRequest('ต่ออายุถึง: ต้องหลังวันที่จ่าย');
  } else if (e.renew_until) throw badRequest('การต่ออายุ: ต้องเลือกว่าต่ออายุอะไร (ภาษี พ.ร.บ. ประกันภัย หรือ ตรอ.)');
  return { vehicle: v, item };
}

const notiColumn = (kind: string) => DUE_KINDS.find((k) => k.kind === kind)!.column;

/** Apply an expense's effects on its vehicle: the odometer reading and the renewal's due date. */
export async function applyEffects(
  tx: Tx,
  actor: Actor,
  row: Row,
  vehicle: typeof vehicles.$inferSelect | null,
  reqId: string,
): Promise<string | null> {
  if (!vehicle) return null;
  if (row.mile !== null) {
    await tx.insert(vehicleOdometer).values({
      vehicle_id: vehicle.vehicle_id,
      mile: row.mile,
      date: row.date,
      expenses_id: row.expenses_id,
      created_by: actor.userId,
    });
  }
  if (row.renew_kind && row.renew_until) {
    const col = notiColumn(row.renew_kind);
    const prev = vehicle[col];
    const name = DUE_KINDS.find((k) => k.kind === row.renew_kind)!.name;
    if (prev !== null && row.renew_until <= prev) {
      throw badRequest(
        `ต่ออายุถึง: ต้องหลังวันครบกำหนด${name}เดิมของรถ ${vehicle.no} ${vehicle.province} (${formatThaiDate(prev)})`,
      );
    }
    const [after] = await tx
      .update(vehicles)
      .set({ [col]: row.renew_until, updatedAt: new Date() })
      .where(eq(vehicles.vehicle_id, vehicle.vehicle_id))
      .returning();
    await audit(
      tx,
      actor,
      {
        entity: 'vehicle',
        entityId: vehicle.vehicle_id,
        action: 'renew',
        branchId: vehicle.branch_id,
        before: { [col]: prev },
        after: { [col]: after![col], expenses_id: row.expenses_id },
      },
      reqId,
    );
    Object.assign(vehicle, after);
    return prev;
  }
  return null;
}

/** Undo them (update and delete): the reading goes, and the due date comes back if this renewal still holds it. */
export async function undoEffects(tx: Tx, actor: Actor, row: Row, reqId: string) {
  if (!row.vehicle_id) return;
  await tx
    .update(vehicleOdometer)
    .set({ is_delete: true })
    .where(and(eq(vehicleOdometer.expenses_id, row.expenses_id), eq(vehicleOdometer.is_delete, false)));
  if (row.renew_kind && row.renew_until) {
    const col = notiColumn(row.renew_kind);
    const [v] = await tx.select().from(vehicles).where(eq(vehicles.vehicle_id, row.vehicle_id)).for('update');
    if (v && v[col] === row.renew_until) {
      await tx
        .update(vehicles)
        .set({ [col]: row.renew_prev, updatedAt: new Date() })
        .where(eq(vehicles.vehicle_id, row.vehicle_id));
      await audit(
        tx,
        actor,
        {
          entity: 'vehicle',
          entityId: row.vehicle_id,
          action: 'renew-undo',
          branchId: v.branch_id,
          before: { [col]: v[col] },
          after: { [col]: row.renew_prev, expenses_id: row.expenses_id },
        },
        reqId,
      );
    }
  }
}

/** The attached bills: uploaded bills (or photos) of the actor's branches; their branch becomes the expense's. */
export async function attachFiles(
  tx: Tx,
  actor: Actor,
  expenseId: number,
  branchId: number,
  ids: string[] | undefined,
) {
  if (ids === undefined) return;
  await tx.delete(accountingFiles).where(eq(accountingFiles.expenses_id, expenseId));
  if (!ids.length) return;
  const found = await tx
    .select({ file_id: files.file_id, kind: files.kind, mime: files.mime, branch_id: files.branch_id })
    .from(files)
    .where(inArray(files.file_id, ids));
  for (const id of ids) {
    const f = found.find((x) => x.file_id === id);
    if (!f || (f.kind !== 'bill' && f.kind !== 'photo')) throw badRequest('ไฟล์แนบ: ไม่พบไฟล์นี้ กรุณาอัปโหลดใหม่');
    if (actor.branchScope !== null && (f.branch_id === null || !actor.branchScope.includes(f.branch_id)))
      throw forbidden('ไฟล์แนบ: คุณไม่มีสิทธิ์ใช้ไฟล์นี้');
  }
  await tx.insert(accountingFiles).values(
    ids.map((id, i) => ({
      expenses_id: expenseId,
      file_id: id,
      file_type: found.find((x) => x.file_id === id)!.mime === 'application/pdf' ? 'pdf' : 'image',
      sort: i,
    })),
  );
  await tx.update(files).set({ branch_id: branchId }).where(inArray(files.file_id, ids));
}
