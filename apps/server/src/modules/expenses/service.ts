/**
 * Expense records: the rules of issue 14 in one place, each change one transaction.
 * - money > 0 (decimal strings, satang);
 * - a vehicle's mileage never goes back (the vehicle row is locked; a fuel fill of a vehicle needs its mileage);
 * - a renewal (tax, พ.ร.บ., insurance, ตรอ.) moves the vehicle's noti_* date in the same transaction (and back on delete);
 * - a cash expense of a day closed by the daily cash close is refused (the close's day lock, taken shared);
 * - deletes are soft and audited; branch scope everywhere; attachments are bills uploaded through expenses/upload.
 */
import { and, asc, desc, eq, gt, inArray, lte, ne, sql, type SQL } from 'drizzle-orm';
import { formatThaiDate, fromSatang, todayBangkok, toSatang } from '@khabkhi/thai';
import {
  DUE_KINDS,
  type Expense,
  type ExpenseCreateBody,
  type ExpenseUpdateBody,
  type ExpenseItem,
} from '@khabkhi/contracts';
import type { Conn, Db, Tx } from '../../db/connection.js';
import { expenseCategories, listExpenses } from '../../db/schema/catalog.js';
import { branches, files, users } from '../../db/schema/core.js';
import { accountingFiles, expenses, vehicleOdometer, vehicles } from '../../db/schema/fleet.js';
import { audit } from '../../http/audit.js';
import { assertBranch, branchScopeWhere, type Actor } from '../../http/auth.js';
import { assertLiveBranch } from '../../http/branch.js';
import { isAll } from '../../http/envelope.js';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors.js';
import { allOf, branchFilter, idFilter, textSearch, withAll } from '../../http/tables.js';
import { dayLockSql } from '../applications/money.js';
import { computeFuel } from './fuel.js';
import { assertRenewalRules } from '../vehicles/renewal.js';

const PAY_TYPE_NAME: Record<string, string> = { cash: 'เงินสด', transfer: 'โอนเงิน' };
/** Expense sub-categories that are renewals of a vehicle's legal dates (the catalog's seeded names). */
const RENEW_BY_CATEGORY: Record<string, string> = {
  ภาษีรถประจำปี: 'tax',
  'พ.ร.บ.': 'compulsory',
  ประกันภัยภาคสมัครใจ: 'insurance',
  ตรวจสภาพรถ: 'check',
};
const isFuelCategory = (names: (string | null | undefined)[]) => names.some((n) => !!n && n.includes('น้ำมัน'));

const parentCat = sql<
  string | null
>`(select p.name from expense_categories p where p.category_id = ${expenseCategories.parent_id})`;
const categoryPath = sql<string>`coalesce(${parentCat} || ' / ', '') || ${expenseCategories.name}`;

/** The closed-day rule for expenses (the same lock and close table as the payments'). */
async function assertCashDayOpen(tx: Tx, branchId: number, date: string) {
  await tx.execute(sql`select pg_advisory_xact_lock_shared(${dayLockSql(branchId, date)})`);
  const res = await tx.execute(
    sql`select 1 from cash_closes where branch_id = ${branchId} and business_date = ${date}::date and reopened_at is null`,
  );
  if ((res as unknown as { rows: unknown[] }).rows.length) {
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
type Input = Omit<ExpenseCreateBody, 'files'> & { branch_id: number };

/** Check and lock what an expense touches; throws a Thai 4xx. Returns the locked vehicle (if any). */
async function checkExpense(tx: Tx, actor: Actor, e: Input, own: number | null) {
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
async function applyEffects(
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
async function undoEffects(tx: Tx, actor: Actor, row: Row, reqId: string) {
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
async function attachFiles(tx: Tx, actor: Actor, expenseId: number, branchId: number, ids: string[] | undefined) {
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

async function loadExpense(tx: Conn, actor: Actor, id: number, lock: boolean) {
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

// ---- reads ------------------------------------------------------------------

const expenseSelect = {
  expenses_id: expenses.expenses_id,
  branch_id: expenses.branch_id,
  branch: branches.name,
  list_expenses_id: expenses.list_expenses_id,
  list_expenses: listExpenses.name,
  category_id: listExpenses.category_id,
  category: categoryPath,
  date: expenses.date,
  vehicle_id: expenses.vehicle_id,
  vehicle: sql<
    string | null
  >`(select v.no || ' ' || v.province from vehicles v where v.vehicle_id = ${expenses.vehicle_id})`,
  user_id: expenses.user_id,
  employee: sql<
    string | null
  >`(select trim(u.prefix || u.fname || ' ' || u.sname) from users u where u.user_id = ${expenses.user_id})`,
  detail: expenses.detail,
  pay_type: expenses.pay_type,
  mile: expenses.mile,
  liters: expenses.liters,
  is_full_tank: expenses.is_full_tank,
  renew_kind: expenses.renew_kind,
  renew_until: expenses.renew_until,
  value: expenses.value,
  created_by: expenses.created_by,
  user: sql<string>`(select trim(u.fname || ' ' || u.sname) from users u where u.user_id = ${expenses.created_by})`,
  createdAt: expenses.createdAt,
  updatedAt: expenses.updatedAt,
};

async function filesOf(conn: Conn, ids: number[]) {
  if (!ids.length) return new Map<number, Expense['files']>();
  const rows = await conn
    .select({
      expenses_id: accountingFiles.expenses_id,
      file_id: accountingFiles.file_id,
      file_type: accountingFiles.file_type,
      mime: files.mime,
      size: files.size,
    })
    .from(accountingFiles)
    .innerJoin(files, eq(files.file_id, accountingFiles.file_id))
    .where(inArray(accountingFiles.expenses_id, ids))
    .orderBy(asc(accountingFiles.sort), asc(accountingFiles.id));
  const m = new Map<number, Expense['files']>();
  for (const r of rows) {
    const list = m.get(r.expenses_id!) ?? [];
    list.push({ file_id: r.file_id, file_type: r.file_type, mime: r.mime, size: r.size });
    m.set(r.expenses_id!, list);
  }
  return m;
}

/** km per litre of the full-tank fills among these rows (computed over each vehicle's whole fuel history). */
async function fuelOf(conn: Conn, rows: { vehicle_id: number | null; is_full_tank: boolean }[]) {
  const vids = [...new Set(rows.filter((r) => r.vehicle_id && r.is_full_tank).map((r) => r.vehicle_id!))];
  const m = new Map<number, string | null>();
  if (!vids.length) return m;
  const all = await conn
    .select({
      vehicle_id: expenses.vehicle_id,
      expenses_id: expenses.expenses_id,
      date: expenses.date,
      mile: expenses.mile,
      liters: expenses.liters,
      is_full_tank: expenses.is_full_tank,
      value: expenses.value,
    })
    .from(expenses)
    .where(
      and(
        inArray(expenses.vehicle_id, vids),
        eq(expenses.is_delete, false),
        sql`${expenses.liters} is not null and ${expenses.mile} is not null`,
      ),
    )
    .orderBy(asc(expenses.vehicle_id), asc(expenses.mile), asc(expenses.date), asc(expenses.expenses_id));
  for (const vid of vids)
    for (const f of computeFuel(all.filter((x) => x.vehicle_id === vid) as never)) m.set(f.expenses_id, f.km_per_liter);
  return m;
}

async function toApiRows(conn: Conn, rows: Awaited<ReturnType<typeof selectRows>>): Promise<Expense[]> {
  const [fm, fuel] = await Promise.all([
    filesOf(
      conn,
      rows.map((r) => r.expenses_id),
    ),
    fuelOf(conn, rows),
  ]);
  return rows.map((r) => {
    const fl = fm.get(r.expenses_id) ?? [];
    return {
      ...r,
      name: r.list_expenses,
      value: fromSatang(toSatang(r.value)),
      liters: r.liters === null ? null : fromSatang(toSatang(r.liters)),
      pay_type_name: PAY_TYPE_NAME[r.pay_type] ?? r.pay_type,
      files: fl,
      file: fl[0]?.file_id ?? null,
      file_type: fl[0]?.file_type ?? null,
      type: 'expenses' as const,
      createdAt: r.createdAt.toISOString(),
      updatedAt: r.updatedAt.toISOString(),
      km_per_liter: fuel.get(r.expenses_id) ?? null,
    };
  });
}

function selectRows(conn: Conn, where: SQL | undefined, limit: number, offset: number) {
  return conn
    .select(expenseSelect)
    .from(expenses)
    .innerJoin(branches, eq(branches.branch_id, expenses.branch_id))
    .innerJoin(listExpenses, eq(listExpenses.list_expenses_id, expenses.list_expenses_id))
    .innerJoin(expenseCategories, eq(expenseCategories.category_id, listExpenses.category_id))
    .where(where)
    .orderBy(desc(expenses.date), desc(expenses.expenses_id))
    .limit(limit)
    .offset(offset);
}

export async function getExpense(db: Db, actor: Actor, id: number): Promise<Expense> {
  await loadExpense(db, actor, id, false);
  const rows = await selectRows(db, eq(expenses.expenses_id, id), 1, 0);
  return (await toApiRows(db, rows))[0]!;
}

export interface VehicleExpenseFilter {
  branch?: string;
  list_expenses?: string;
  vehicle?: string;
  text?: string;
  start?: string;
  end?: string;
}

/** vehicle/expenses/gettable: the expenses that belong to a vehicle, with the filtered total. */
export async function vehicleExpenseTable(
  db: Db,
  actor: Actor,
  f: VehicleExpenseFilter,
  perPage: number,
  offset: number,
) {
  const branchId = branchFilter(f.branch);
  if (branchId !== undefined) assertBranch(actor, branchId);
  // the predicate of the partial indexes expenses_vehicle_rows and expenses_vehicle_items (migration 0021), written as
  // they are so the planner uses them: the page walks the first newest first, the count and total scan it alone
  const where = allOf(
    sql`${expenses.vehicle_id} is not null and not ${expenses.is_delete}`,
    branchScopeWhere(actor, expenses.branch_id),
    branchId === undefined ? undefined : eq(expenses.branch_id, branchId),
    isAll(f.list_expenses) ? undefined : eq(expenses.list_expenses_id, idFilter(f.list_expenses)),
    isAll(f.vehicle) ? undefined : eq(expenses.vehicle_id, idFilter(f.vehicle)),
    f.start ? sql`${expenses.date} >= ${f.start}` : undefined,
    f.end ? sql`${expenses.date} <= ${f.end}` : undefined,
    textSearch(f.text, [
      expenses.detail,
      sql`(select v.no || ' ' || v.province from vehicles v where v.vehicle_id = ${expenses.vehicle_id})`,
    ]),
  );
  // the page, the filtered count and total, and the two filters' choices at once (four connections, not in turn)
  const pageRows = selectRows(db, where, perPage, offset);
  const totals = db
    .select({ total: sql<number>`count(*)::int`, sum: sql<string>`coalesce(sum(${expenses.value}), 0)::text` })
    .from(expenses)
    .where(where);
  const itemsQuery = db
    .select({ value: listExpenses.list_expenses_id, name: listExpenses.name, branch: branches.name })
    .from(listExpenses)
    .innerJoin(branches, eq(branches.branch_id, listExpenses.branch_id))
    .where(
      allOf(
        eq(listExpenses.is_delete, false),
        branchScopeWhere(actor, listExpenses.branch_id),
        branchId === undefined ? undefined : eq(listExpenses.branch_id, branchId),
        // only the items ever recorded for a vehicle (fuel, repairs, renewals — not the office's electricity bill)
        sql`exists (select 1 from expenses e where e.list_expenses_id = ${listExpenses.list_expenses_id} and e.vehicle_id is not null and not e.is_delete)`,
      ),
    )
    .orderBy(asc(listExpenses.branch_id), asc(listExpenses.name));
  const branchQuery = db
    .select({ value: branches.branch_id, name: branches.name })
    .from(branches)
    .where(allOf(eq(branches.is_delete, false), branchScopeWhere(actor, branches.branch_id)))
    .orderBy(asc(branches.branch_id));
  const [rows, [t], items, branchRows] = await Promise.all([pageRows, totals, itemsQuery, branchQuery]);
  const multi = new Set(items.map((i) => i.branch)).size > 1;
  return {
    rows: await toApiRows(db, rows),
    total: t!.total,
    sum: fromSatang(toSatang(t!.sum)),
    filter: {
      branch: withAll(branchRows),
      list_expenses: withAll(items.map((i) => ({ value: i.value, name: multi ? `${i.name} (${i.branch})` : i.name }))),
    },
  };
}

// ---- options ----------------------------------------------------------------

function scopeBranch(actor: Actor, branch: string | undefined) {
  const b = branchFilter(branch);
  if (b !== undefined) assertBranch(actor, b);
  return b;
}

export async function expenseItems(db: Db, actor: Actor, branch?: string): Promise<ExpenseItem[]> {
  const b = scopeBranch(actor, branch);
  const rows = await db
    .select({
      list_expenses_id: listExpenses.list_expenses_id,
      name: listExpenses.name,
      branch_id: listExpenses.branch_id,
      category_id: listExpenses.category_id,
      category: categoryPath,
      cat: expenseCategories.name,
      parent: parentCat,
    })
    .from(listExpenses)
    .innerJoin(expenseCategories, eq(expenseCategories.category_id, listExpenses.category_id))
    .where(
      allOf(
        eq(listExpenses.is_delete, false),
        eq(listExpenses.status, 'active'),
        branchScopeWhere(actor, listExpenses.branch_id),
        b === undefined ? undefined : eq(listExpenses.branch_id, b),
      ),
    )
    .orderBy(asc(listExpenses.category_id), asc(listExpenses.name));
  return rows.map(({ cat, parent, ...r }) => ({
    ...r,
    is_fuel: isFuelCategory([cat, parent]),
    renew_kind: RENEW_BY_CATEGORY[cat] ?? null,
  }));
}

export async function expenseCategoryTree(db: Db, actor: Actor, branch?: string) {
  const items = await expenseItems(db, actor, branch);
  const cats = new Map<number, { category_id: number; name: string; list: ExpenseItem[] }>();
  for (const it of items) {
    const c = cats.get(it.category_id) ?? { category_id: it.category_id, name: it.category, list: [] };
    c.list.push(it);
    cats.set(it.category_id, c);
  }
  return [...cats.values()];
}

export async function employeeOptions(db: Db, actor: Actor, branch?: string) {
  const b = scopeBranch(actor, branch);
  return db
    .select({
      name: sql<string>`trim(${users.prefix} || ${users.fname} || ' ' || ${users.sname})`,
      value: users.user_id,
      branch_id: users.branch_id,
    })
    .from(users)
    .where(
      allOf(
        eq(users.is_delete, false),
        eq(users.status, 'active'),
        ne(users.username, 'admin'),
        branchScopeWhere(actor, users.branch_id),
        b === undefined ? undefined : eq(users.branch_id, b),
      ),
    )
    .orderBy(asc(users.fname));
}

export async function vehicleOptions(db: Db, actor: Actor, branch?: string, allBranches = false) {
  const b = allBranches ? undefined : (scopeBranch(actor, branch) ?? actor.branchId);
  return db
    .select({
      name: sql<string>`${vehicles.no} || ' ' || ${vehicles.province} || case when ${vehicles.brand} <> '' then ' (' || ${vehicles.brand} || ' ' || ${vehicles.model} || ')' else '' end${allBranches ? sql` || ' · ' || ${branches.name}` : sql``}`,
      value: vehicles.vehicle_id,
      branch_id: vehicles.branch_id,
    })
    .from(vehicles)
    .innerJoin(branches, eq(branches.branch_id, vehicles.branch_id))
    .where(
      allOf(
        eq(vehicles.is_delete, false),
        ne(vehicles.status, 'sold'),
        branchScopeWhere(actor, vehicles.branch_id),
        b === undefined ? undefined : eq(vehicles.branch_id, b),
      ),
    )
    .orderBy(asc(vehicles.branch_id), asc(vehicles.no));
}
