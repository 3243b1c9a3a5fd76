/** Vehicles: the rules (plate unique among live vehicles, branch scope, soft audited delete) and the reads. */
import { and, asc, desc, eq, ne, sql, type SQL } from 'drizzle-orm';
import { todayBangkok, toSatang } from '@khabkhi/thai';
import {
  INSURANCE_TYPES,
  VEHICLE_STATUS,
  VEHICLE_TYPES,
  type Reminder,
  type VehicleCreateBody,
  type VehicleUpdateBody,
} from '@khabkhi/contracts';
import type { Conn, Db } from '../../db/connection.js';
import { branches } from '../../db/schema/core.js';
import { fleetRules, vehicleOdometer, vehicles } from '../../db/schema/fleet.js';
import { audit } from '../../http/audit.js';
import { softDeleteWithAudit } from '../../http/soft-delete.js';
import { assertBranch, branchScopeWhere, type Actor } from '../../http/auth.js';
import { assertLiveBranch } from '../../http/branch.js';
import { isAll } from '../../http/envelope.js';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors.js';
import { allOf, branchFilter, textSearch, withAll } from '../../http/tables.js';
import {
  ageOf,
  dueItems,
  lastTaxSql,
  needsCheck,
  rulesHistory,
  rulesOn,
  rulesToApi,
  surcharge,
  type Rules,
} from './rules.js';
import { fuelFills, averageKmPerLiter } from '../expenses/index.js';

const nameOf = (list: readonly { name: string; value: string }[], v: string) =>
  list.find((x) => x.value === v)?.name ?? v;

const lastMileSql = sql<
  number | null
>`(select max(o.mile) from vehicle_odometer o where o.vehicle_id = ${vehicles.vehicle_id} and not o.is_delete)`;

export const vehicleColumns = {
  vehicle_id: vehicles.vehicle_id,
  branch_id: vehicles.branch_id,
  branch: branches.name,
  brand: vehicles.brand,
  model: vehicles.model,
  color: vehicles.color,
  no: vehicles.no,
  province: vehicles.province,
  type: vehicles.type,
  status: vehicles.status,
  is_exam: vehicles.is_exam,
  purchase_date: vehicles.purchase_date,
  registration_date: vehicles.registration_date,
  insurance_company: vehicles.insurance_company,
  insurance_type: vehicles.insurance_type,
  note: vehicles.note,
  noti_check: vehicles.noti_check,
  noti_compulsory: vehicles.noti_compulsory,
  noti_insurance: vehicles.noti_insurance,
  noti_tax: vehicles.noti_tax,
  is_delete: vehicles.is_delete,
  createdAt: vehicles.createdAt,
  updatedAt: vehicles.updatedAt,
  last_mile: lastMileSql,
};
type VehicleRow = { [K in keyof typeof vehicleColumns]: any };

/** Row → API (SPEC Vehicle) with what the rules say about it today. */
export function vehicleToApi(r: VehicleRow, rules: Rules, today: string) {
  const due = dueItems(r, rules, today)
    .filter((d) => d.due !== null)
    .sort((a, b) => a.due!.localeCompare(b.due!));
  return {
    ...r,
    createdAt: (r.createdAt as Date).toISOString(),
    updatedAt: (r.updatedAt as Date).toISOString(),
    last_mile: r.last_mile === null ? null : Number(r.last_mile),
    type_name: nameOf(VEHICLE_TYPES, r.type),
    status_name: nameOf(VEHICLE_STATUS, r.status),
    age_years: ageOf(r, today),
    needs_check: needsCheck(r, rules, today),
    next_due: due[0]?.due ?? null,
    next_due_name: due[0]?.kind_name ?? null,
  };
}

export const plateText = (v: { no: string; province: string }) => `${v.no} ${v.province}`;

const normPlate = (s: string) => s.trim().replace(/\s+/g, ' ');

async function assertPlateFree(conn: Conn, no: string, province: string, exceptId?: number) {
  const [dup] = await conn
    .select({ id: vehicles.vehicle_id, branch: branches.name })
    .from(vehicles)
    .innerJoin(branches, eq(branches.branch_id, vehicles.branch_id))
    .where(
      and(
        eq(vehicles.no, no),
        eq(vehicles.province, province),
        eq(vehicles.is_delete, false),
        exceptId ? ne(vehicles.vehicle_id, exceptId) : undefined,
      ),
    );
  if (dup) throw conflict(`เลขทะเบียน: มีรถทะเบียน ${no} ${province} อยู่แล้ว (${dup.branch}) กรุณาตรวจสอบเลขทะเบียนและจังหวัด`);
}

function checkFields(b: Partial<VehicleCreateBody>) {
  if (b.insurance_type && !INSURANCE_TYPES.includes(b.insurance_type as never))
    throw badRequest(`ประเภทประกันภัย: ต้องเป็น ${INSURANCE_TYPES.join(', ')}`);
  const today = todayBangkok();
  if (b.purchase_date && b.purchase_date > today) throw badRequest('วันที่ซื้อ: ต้องไม่เป็นวันในอนาคต');
  if (b.registration_date && b.registration_date > today) throw badRequest('วันจดทะเบียน: ต้องไม่เป็นวันในอนาคต');
}

/** The live vehicle in the actor's scope (404 / 403 otherwise); `lock` takes its row for update. */
export async function loadVehicle(conn: Conn, actor: Actor, id: number, lock = false) {
  const q = conn
    .select()
    .from(vehicles)
    .where(and(eq(vehicles.vehicle_id, id), eq(vehicles.is_delete, false)));
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw notFound('ไม่พบรถคันนี้');
  assertBranch(actor, row.branch_id);
  return row;
}

export async function getVehicleRow(conn: Conn, id: number) {
  const [r] = await conn
    .select(vehicleColumns)
    .from(vehicles)
    .innerJoin(branches, eq(branches.branch_id, vehicles.branch_id))
    .where(eq(vehicles.vehicle_id, id));
  return r!;
}

export async function createVehicle(db: Db, actor: Actor, b: VehicleCreateBody, reqId: string) {
  const branchId = b.branch_id ?? actor.branchId;
  await assertLiveBranch(db, actor, branchId);
  checkFields(b);
  const no = normPlate(b.no);
  const province = b.province.trim();
  return db.transaction(async (tx) => {
    await assertPlateFree(tx, no, province);
    const [row] = await tx
      .insert(vehicles)
      .values({ ...b, no, province, branch_id: branchId })
      .returning();
    await audit(
      tx,
      actor,
      { entity: 'vehicle', entityId: row!.vehicle_id, action: 'create', branchId, after: row },
      reqId,
    );
    return row!.vehicle_id;
  });
}

export async function updateVehicle(db: Db, actor: Actor, b: VehicleUpdateBody, reqId: string) {
  checkFields(b);
  return db.transaction(async (tx) => {
    const before = await loadVehicle(tx, actor, b.vehicle_id, true);
    const { vehicle_id, ...changes } = b;
    if (changes.branch_id !== undefined && changes.branch_id !== before.branch_id)
      await assertLiveBranch(tx, actor, changes.branch_id);
    if (changes.no !== undefined) changes.no = normPlate(changes.no);
    if (changes.province !== undefined) changes.province = changes.province.trim();
    await assertPlateFree(tx, changes.no ?? before.no, changes.province ?? before.province, vehicle_id);
    const [after] = await tx
      .update(vehicles)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(vehicles.vehicle_id, vehicle_id))
      .returning();
    await audit(
      tx,
      actor,
      { entity: 'vehicle', entityId: vehicle_id, action: 'update', branchId: after!.branch_id, before, after },
      reqId,
    );
    return vehicle_id;
  });
}

export async function deleteVehicle(db: Db, actor: Actor, id: number, reqId: string) {
  await db.transaction(async (tx) => {
    const before = await loadVehicle(tx, actor, id, true);
    await softDeleteWithAudit(
      tx,
      actor,
      vehicles,
      vehicles.vehicle_id,
      id,
      { entity: 'vehicle', branchId: before.branch_id, before, after: { is_delete: true } },
      reqId,
    );
  });
}

export async function vehicleDetail(db: Db, actor: Actor, id: number) {
  await loadVehicle(db, actor, id);
  const today = todayBangkok();
  const rules = await rulesOn(db, today);
  const row = await getVehicleRow(db, id);
  const odometer = await db
    .select({
      reading_id: vehicleOdometer.reading_id,
      mile: vehicleOdometer.mile,
      date: vehicleOdometer.date,
      expenses_id: vehicleOdometer.expenses_id,
      createdAt: vehicleOdometer.createdAt,
    })
    .from(vehicleOdometer)
    .where(and(eq(vehicleOdometer.vehicle_id, id), eq(vehicleOdometer.is_delete, false)))
    .orderBy(desc(vehicleOdometer.mile), desc(vehicleOdometer.reading_id))
    .limit(200);
  const fuel = await fuelFills(db, id);
  return {
    ...vehicleToApi(row, rules, today),
    due: dueItems(row, rules, today),
    reminders: await reminders(db, actor, { vehicleId: id }),
    odometer: odometer.map((o) => ({ ...o, createdAt: o.createdAt.toISOString() })),
    fuel: fuel.slice().reverse(),
    km_per_liter: averageKmPerLiter(fuel),
  };
}

export interface VehicleTableFilter {
  branch?: string;
  status?: string;
  type?: string;
  text?: string;
}

export async function vehicleTable(db: Db, actor: Actor, f: VehicleTableFilter, perPage: number, offset: number) {
  const branchId = branchFilter(f.branch);
  if (branchId !== undefined) assertBranch(actor, branchId);
  const status = isAll(f.status) ? undefined : VEHICLE_STATUS.find((s) => s.value === f.status || s.name === f.status);
  if (!isAll(f.status) && !status)
    throw badRequest(`สถานะ: ต้องเป็น ${VEHICLE_STATUS.map((s) => s.name).join(', ')} หรือทั้งหมด`);
  const type = isAll(f.type) ? undefined : VEHICLE_TYPES.find((s) => s.value === f.type || s.name === f.type);
  if (!isAll(f.type) && !type)
    throw badRequest(`ประเภท: ต้องเป็น ${VEHICLE_TYPES.map((s) => s.name).join(', ')} หรือทั้งหมด`);
  const where = allOf(
    eq(vehicles.is_delete, false),
    branchScopeWhere(actor, vehicles.branch_id),
    branchId === undefined ? undefined : eq(vehicles.branch_id, branchId),
    status ? eq(vehicles.status, status.value) : undefined,
    type ? eq(vehicles.type, type.value) : undefined,
    textSearch(f.text, [
      vehicles.no,
      vehicles.province,
      vehicles.brand,
      vehicles.model,
      sql`${vehicles.no} || ' ' || ${vehicles.province}`,
    ]),
  );
  const rows = await db
    .select(vehicleColumns)
    .from(vehicles)
    .innerJoin(branches, eq(branches.branch_id, vehicles.branch_id))
    .where(where)
    .orderBy(asc(vehicles.branch_id), asc(vehicles.no))
    .limit(perPage)
    .offset(offset);
  const [{ total }] = (await db
    .select({ total: sql<number>`count(*)::int` })
    .from(vehicles)
    .where(where)) as [{ total: number }];
  const today = todayBangkok();
  const rules = await rulesOn(db, today);
  return { rows: rows.map((r) => vehicleToApi(r, rules, today)), total };
}

export async function branchOptions(db: Db, actor: Actor) {
  return db
    .select({ value: branches.branch_id, name: branches.name })
    .from(branches)
    .where(allOf(eq(branches.is_delete, false), branchScopeWhere(actor, branches.branch_id)))
    .orderBy(asc(branches.branch_id));
}

export async function vehicleTableFilter(db: Db, actor: Actor) {
  return {
    branch: withAll(await branchOptions(db, actor)),
    status: withAll([...VEHICLE_STATUS]),
    type: withAll([...VEHICLE_TYPES]),
  };
}

export async function vehicleListOptions(db: Db, actor: Actor) {
  return {
    branch: (await branchOptions(db, actor)).map((b) => [b.value, b.name] as [number, string]),
    status: [...VEHICLE_STATUS],
    type: [...VEHICLE_TYPES],
    insurance_type: INSURANCE_TYPES.map((n) => ({ name: n, value: n })),
  };
}

/**
 * Every live vehicle's legal date due within the configured days or overdue (a sold vehicle has none), in the
 * actor's branches (head office: all), soonest first; an overdue tax with its surcharge estimate.
 */
export async function reminders(
  db: Conn,
  actor: Actor,
  f: { branch?: string; vehicleId?: number } = {},
): Promise<Reminder[]> {
  const today = todayBangkok();
  const rules = await rulesOn(db, today);
  const branchId = branchFilter(f.branch);
  if (branchId !== undefined) assertBranch(actor, branchId);
  const horizon = sql`${today}::date + ${rules.remind_days}::int`;
  const dueSoon: SQL = sql`(${vehicles.noti_tax} <= ${horizon} or ${vehicles.noti_compulsory} <= ${horizon} or ${vehicles.noti_insurance} <= ${horizon} or ${vehicles.noti_check} <= ${horizon})`;
  const rows = await db
    .select({ ...vehicleColumns, last_tax: sql<string | null>`${lastTaxSql}` })
    .from(vehicles)
    .innerJoin(branches, eq(branches.branch_id, vehicles.branch_id))
    .where(
      allOf(
        eq(vehicles.is_delete, false),
        ne(vehicles.status, 'sold'),
        branchScopeWhere(actor, vehicles.branch_id),
        branchId === undefined ? undefined : eq(vehicles.branch_id, branchId),
        f.vehicleId === undefined ? dueSoon : eq(vehicles.vehicle_id, f.vehicleId),
      ),
    );
  const out: Reminder[] = [];
  for (const v of rows) {
    const old = needsCheck(v, rules, today);
    for (const d of dueItems(v, rules, today)) {
      if (d.state !== 'overdue' && d.state !== 'soon') continue;
      const overdue = d.state === 'overdue';
      const s =
        overdue && d.kind === 'tax'
          ? surcharge(d.due!, today, rules, v.last_tax)
          : { surcharge_months: null, surcharge_rate: null, surcharge_estimate: null };
      const notes: string[] = [];
      if (d.kind === 'tax' && old) notes.push(`รถอายุ ${ageOf(v, today)} ปี ต้องผ่านการตรวจสภาพ (ตรอ.) ก่อนต่อภาษี`);
      if (d.kind === 'tax' && (v.noti_compulsory === null || v.noti_compulsory < d.due!))
        notes.push('ต่อ พ.ร.บ. ก่อนจึงจะต่อภาษีได้');
      if (s.surcharge_months)
        notes.push(
          `ค้างชำระ ${s.surcharge_months} เดือน เงินเพิ่มร้อยละ ${s.surcharge_rate} ต่อเดือน${s.surcharge_estimate ? ` ประมาณ ${s.surcharge_estimate} บาท` : ''}`,
        );
      out.push({
        vehicle_id: v.vehicle_id,
        branch_id: v.branch_id,
        branch: v.branch,
        no: v.no,
        province: v.province,
        type: v.type,
        brand: v.brand,
        model: v.model,
        kind: d.kind,
        kind_name: d.kind_name,
        due: d.due!,
        days_left: d.days_left!,
        overdue,
        ...s,
        needs_check: old,
        note: notes.join(' · '),
      });
    }
  }
  return out.sort((a, b) => a.due.localeCompare(b.due) || a.vehicle_id - b.vehicle_id);
}

export async function reminderCount(db: Db, actor: Actor) {
  const list = await reminders(db, actor);
  return { total: list.length, overdue: list.filter((r) => r.overdue).length };
}

export async function getRules(db: Db) {
  const today = todayBangkok();
  return { current: rulesToApi(await rulesOn(db, today)), history: (await rulesHistory(db)).map(rulesToApi) };
}

/** A new row of the dated rules (or the row of that day replaced), head office only, audited. */
export async function saveRules(db: Db, actor: Actor, b: ReturnType<typeof rulesToApi>, reqId: string) {
  if (actor.branchScope !== null) throw forbidden('เกณฑ์แจ้งเตือนของยานพาหนะใช้ทั้งโรงเรียน แก้ไขได้เฉพาะสำนักงานใหญ่');
  if (toSatang(b.tax_late_rate) > 10000) throw badRequest('เงินเพิ่มภาษีล่าช้า (% ต่อเดือน): ต้องไม่เกิน 100');
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(fleetRules).where(eq(fleetRules.effective_from, b.effective_from));
    const [after] = await tx
      .insert(fleetRules)
      .values({ ...b, created_by: actor.userId })
      .onConflictDoUpdate({
        target: fleetRules.effective_from,
        set: { ...b, created_by: actor.userId, createdAt: new Date() },
      })
      .returning();
    await audit(
      tx,
      actor,
      {
        entity: 'fleet_rules',
        entityId: after!.rule_id,
        action: before ? 'update' : 'create',
        before: before ?? null,
        after,
      },
      reqId,
    );
  });
  return getRules(db);
}
