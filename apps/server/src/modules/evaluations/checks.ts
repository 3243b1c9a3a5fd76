/** Vehicle checks of an application: create, update, delete and read, each change with its audit row. */
import { and, eq, sql } from 'drizzle-orm';
import { type VehicleCheckCreateBody, type VehicleCheckUpdateBody } from '@khabkhi/contracts';
import type { Db, Tx } from '../../db/connection.js';
import { vehicles } from '../../db/schema/fleet.js';
import { vehicleChecks } from '../../db/schema/evaluations.js';
import { audit } from '../../http/audit.js';
import { softDeleteWithAudit } from '../../http/soft-delete.js';
import { assertBranch, type Actor } from '../../http/auth.js';
import { badRequest, notFound } from '../../http/errors.js';
import { formatThaiDate } from '@khabkhi/thai';
import { vehicleCheckRows } from './check-list.js';
import { staffOf } from '../employees/index.js';
import { evaluationSettingsOf, examCarsOf } from './repo.js';
import { checkDay, checkStaff, lineIn, openApplication } from './record.js';

// ---- vehicle checks ----------------------------------------------------------------------------------------

const COURSE_TYPE_VEHICLE: Record<string, 'car' | 'motorcycle'> = { รถยนต์: 'car', รถจักรยานยนต์: 'motorcycle' };

type CheckInput = Omit<VehicleCheckCreateBody, 'application_id'>;

async function checkValues(
  tx: Tx,
  actor: Actor,
  a: { application_id: number; branch_id: number; createdAt: Date },
  b: CheckInput,
) {
  checkDay(b.check_date, 'วันที่ตรวจ', a.createdAt);
  const line = b.line_id ? await lineIn(tx, a.application_id, b.line_id) : null;
  const checkedBy = b.checked_by ?? actor.userId;
  await checkStaff(tx, a.branch_id, checkedBy, 'ผู้ตรวจ');
  let v: {
    vehicle_id: number | null;
    no: string;
    province: string;
    type: 'car' | 'motorcycle';
    tax_until: string;
    compulsory_until: string;
  };
  if (b.owner === 'school') {
    if (!b.vehicle_id) throw badRequest('รถสอบ: กรุณาเลือกรถสอบของโรงเรียน');
    const [car] = await tx.select().from(vehicles).where(eq(vehicles.vehicle_id, b.vehicle_id));
    if (!car || car.is_delete || car.branch_id !== a.branch_id || !car.is_exam)
      throw badRequest('รถสอบ: รถคันนี้ไม่ใช่รถสอบของสาขานี้');
    if (car.status !== 'active')
      throw badRequest(`รถสอบ: รถทะเบียน ${car.no} ${car.status === 'repair' ? 'อยู่ระหว่างซ่อม' : 'จำหน่ายแล้ว'} ใช้สอบไม่ได้`);
    const tax = b.tax_until ?? car.noti_tax;
    const compulsory = b.compulsory_until ?? car.noti_compulsory;
    if (!tax) throw badRequest('ภาษีรถใช้ได้ถึง: รถสอบคันนี้ยังไม่ได้บันทึกวันครบกำหนดภาษี กรุณาระบุ');
    if (!compulsory) throw badRequest('พ.ร.บ. ใช้ได้ถึง: รถสอบคันนี้ยังไม่ได้บันทึกวันครบกำหนด พ.ร.บ. กรุณาระบุ');
    v = {
      vehicle_id: car.vehicle_id,
      no: car.no,
      province: car.province,
      type: car.type as 'car' | 'motorcycle',
      tax_until: tax,
      compulsory_until: compulsory,
    };
  } else {
    const no = (b.no ?? '').trim();
    const province = (b.province ?? '').trim();
    if (!no) throw badRequest('ทะเบียนรถ: ต้องระบุ');
    if (!province) throw badRequest('จังหวัด: ต้องระบุจังหวัดของทะเบียนรถ');
    if (!b.type) throw badRequest('ประเภท: ต้องระบุว่าเป็นรถยนต์หรือรถจักรยานยนต์');
    if (!b.tax_until) throw badRequest('ภาษีรถใช้ได้ถึง: ต้องระบุ');
    if (!b.compulsory_until) throw badRequest('พ.ร.บ. ใช้ได้ถึง: ต้องระบุ');
    v = { vehicle_id: null, no, province, type: b.type, tax_until: b.tax_until, compulsory_until: b.compulsory_until };
  }
  const want = line ? COURSE_TYPE_VEHICLE[line.course_type] : undefined;
  if (want && want !== v.type)
    throw badRequest(`ประเภท: หลักสูตร${line!.course_type}ต้องสอบด้วย${want === 'car' ? 'รถยนต์' : 'รถจักรยานยนต์'}`);
  const s = await evaluationSettingsOf(tx);
  const expected = s.check_items[v.type] ?? [];
  const given = new Map<string, boolean>();
  for (const [i, it] of b.items.entries()) {
    const n = it.name.trim();
    if (!expected.includes(n))
      throw badRequest(
        `รายการตรวจ รายการที่ ${i + 1}: "${n}" ไม่ใช่รายการตรวจของ${v.type === 'car' ? 'รถยนต์' : 'รถจักรยานยนต์'}`,
      );
    if (given.has(n)) throw badRequest(`รายการตรวจ รายการที่ ${i + 1}: "${n}" ซ้ำกับรายการก่อนหน้า`);
    given.set(n, it.ok);
  }
  const absent = expected.filter((n) => !given.has(n));
  if (absent.length) throw badRequest(`รายการตรวจ: ต้องตรวจให้ครบทุกรายการ (ยังไม่ได้ตรวจ: ${absent.join(', ')})`);
  const examDate = b.exam_date ?? line?.exam_date ?? b.check_date;
  const reasons: string[] = [];
  if (v.tax_until < examDate)
    reasons.push(`ภาษีรถหมดอายุ ${formatThaiDate(v.tax_until)} ก่อนวันสอบ ${formatThaiDate(examDate)}`);
  if (v.compulsory_until < examDate)
    reasons.push(`พ.ร.บ. หมดอายุ ${formatThaiDate(v.compulsory_until)} ก่อนวันสอบ ${formatThaiDate(examDate)}`);
  const bad = expected.filter((n) => given.get(n) === false);
  if (bad.length) reasons.push(`ไม่ผ่านรายการตรวจ: ${bad.join(', ')}`);
  return {
    branch_id: a.branch_id,
    application_id: a.application_id,
    line_id: line?.line_id ?? null,
    check_date: b.check_date,
    exam_date: examDate,
    owner: b.owner,
    ...v,
    items: expected.map((n) => ({ name: n, ok: given.get(n)! })),
    result: reasons.length ? 'fail' : 'pass',
    fail_reasons: reasons,
    checked_by: checkedBy,
    note: (b.note ?? '').trim(),
  };
}

export async function createVehicleCheck(tx: Tx, actor: Actor, b: VehicleCheckCreateBody, requestId: string) {
  const a = await openApplication(tx, actor, b.application_id, 'บันทึกการตรวจสภาพรถ');
  const values = await checkValues(tx, actor, a, b);
  const [row] = await tx
    .insert(vehicleChecks)
    .values({ ...values, created_by: actor.userId })
    .returning();
  await audit(
    tx,
    actor,
    { entity: 'vehicle_check', entityId: row!.check_id, action: 'create', branchId: a.branch_id, after: row },
    requestId,
  );
  return row!;
}

async function checkIn(tx: Tx, applicationId: number, checkId: number) {
  const [c] = await tx
    .select()
    .from(vehicleChecks)
    .where(and(eq(vehicleChecks.check_id, checkId), eq(vehicleChecks.is_delete, false)))
    .for('update');
  if (!c || c.application_id !== applicationId) throw notFound('ไม่พบรายการตรวจสภาพรถนี้ในใบสมัคร');
  return c;
}

export async function updateVehicleCheck(tx: Tx, actor: Actor, b: VehicleCheckUpdateBody, requestId: string) {
  const a = await openApplication(tx, actor, b.application_id, 'แก้ไขการตรวจสภาพรถ');
  const before = await checkIn(tx, a.application_id, b.check_id);
  const values = await checkValues(tx, actor, a, b);
  const [row] = await tx
    .update(vehicleChecks)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(vehicleChecks.check_id, before.check_id))
    .returning();
  await audit(
    tx,
    actor,
    { entity: 'vehicle_check', entityId: before.check_id, action: 'update', branchId: a.branch_id, before, after: row },
    requestId,
  );
  return row!;
}

export async function deleteVehicleCheck(
  tx: Tx,
  actor: Actor,
  b: { application_id: number; check_id: number },
  requestId: string,
) {
  const a = await openApplication(tx, actor, b.application_id, 'ลบการตรวจสภาพรถ');
  const before = await checkIn(tx, a.application_id, b.check_id);
  await softDeleteWithAudit(
    tx,
    actor,
    vehicleChecks,
    vehicleChecks.check_id,
    before.check_id,
    { entity: 'vehicle_check', branchId: a.branch_id, before },
    requestId,
  );
}

export async function getVehicleCheck(db: Db, actor: Actor, checkId: number) {
  const { rows } = await vehicleCheckRows(db, sql`v.check_id = ${checkId}`);
  const c = rows[0];
  if (!c) throw notFound('ไม่พบรายการตรวจสภาพรถนี้');
  assertBranch(actor, c.branch_id);
  return c;
}

export async function vehicleDetailExtras(db: Db, branchId: number, applicationId: number) {
  const [checks, cars, s, staff] = await Promise.all([
    vehicleCheckRows(db, sql`v.application_id = ${applicationId}`),
    examCarsOf(db, branchId),
    evaluationSettingsOf(db),
    staffOf(db, branchId),
  ]);
  return {
    checks: checks.rows,
    exam_cars: cars,
    check_items: s.check_items,
    checkers: staff.map((u) => ({ value: u.user_id, name: u.position ? `${u.name} (${u.position})` : u.name })),
  };
}
