/** The rules of student evaluations and vehicle checks; every change in one transaction with its audit row. */
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  EXAM_KIND_NAMES,
  EXAM_STATUS_NAMES,
  type EvaluationSettingsBody,
  type EvaluateRecordBody,
  type EvaluateUpdateBody,
  type VehicleCheckCreateBody,
  type VehicleCheckUpdateBody,
} from '@khabkhi/contracts';
import type { Conn, Db, Tx } from '../../db/connection.js';
import { users } from '../../db/schema/core.js';
import { evaluates } from '../../db/schema/catalog.js';
import { vehicles } from '../../db/schema/fleet.js';
import {
  evaluationResults,
  evaluationSettings,
  studentEvaluations,
  vehicleChecks,
} from '../../db/schema/evaluations.js';
import { audit } from '../../http/audit.js';
import { assertBranch, type Actor } from '../../http/auth.js';
import { badRequest, notFound } from '../../http/errors.js';
import { formatThaiDate } from '@khabkhi/thai';
import { EVALUATE_CATEGORIES } from '../catalog/index.js';
import { examKindsOf, lineAttempts } from '../exams/index.js';
import {
  applicationOf,
  criteriaOf,
  EVAL_STATUS,
  evaluationSettingsOf,
  examCarsOf,
  lineOf,
  today,
  vehicleCheckRows,
  type EvaluationSettings,
} from './repo.js';
import { staffOf } from '../employees/index.js';
import { lockRules, recountAllLines, refreshLineTraining } from './training.js';

const CATEGORY_NAMES: Record<string, string> = Object.fromEntries(EVALUATE_CATEGORIES.map((c) => [c.value, c.name]));

/** The application of a record, in the caller's branch scope, still open (a cancelled one takes no records). */
export async function openApplication(conn: Conn, actor: Actor, applicationId: number, what: string) {
  const a = await applicationOf(conn, applicationId);
  if (!a || a.kind !== 'course') throw notFound('ไม่พบใบสมัครเรียนนี้');
  assertBranch(actor, a.branch_id);
  if (a.is_delete) throw badRequest(`ใบสมัครนี้ถูกยกเลิกแล้ว ${what}ไม่ได้`);
  return a;
}

async function lineIn(conn: Conn, applicationId: number, lineId: number) {
  const l = await lineOf(conn, lineId);
  if (!l || l.application_id !== applicationId) throw badRequest('รายการหลักสูตร: ไม่พบหลักสูตรนี้ในใบสมัคร');
  return l;
}

async function checkStaff(conn: Conn, branchId: number, userId: number, label: string) {
  const staff = await staffOf(conn, branchId);
  const s = staff.find((x) => x.user_id === userId);
  if (!s) throw badRequest(`${label}: ไม่พบพนักงานนี้ในสาขาของใบสมัคร (หรือบัญชีถูกระงับ)`);
  return s;
}

function checkDay(date: string, label: string, registeredAt: Date) {
  if (date > today()) throw badRequest(`${label}: บันทึกล่วงหน้าไม่ได้ (วันนี้คือ ${formatThaiDate(today())})`);
  const reg = new Date(registeredAt.getTime() + 7 * 3600_000).toISOString().slice(0, 10);
  if (date < reg) throw badRequest(`${label}: ก่อนวันสมัครเรียน (${formatThaiDate(reg)}) ไม่ได้`);
}

type EvalInput = Omit<EvaluateRecordBody, 'application_id' | 'line_id'>;

async function validateEvaluation(
  conn: Conn,
  s: EvaluationSettings,
  a: { branch_id: number; createdAt: Date },
  courseType: string,
  b: EvalInput,
) {
  checkDay(b.date, 'วันที่ประเมิน', a.createdAt);
  await checkStaff(conn, a.branch_id, b.instructor_id, 'ครูฝึก');
  if (!b.results.length && !(b.theory_hours ?? 0) && !(b.practice_hours ?? 0)) {
    throw badRequest('ผลการประเมิน: ให้ระดับอย่างน้อย 1 หัวข้อ หรือบันทึกชั่วโมงที่เรียน');
  }
  const levels = new Map(s.levels.map((l) => [l.value, l.name]));
  const criteria = new Map((await criteriaOf(conn, courseType)).map((c) => [c.evaluate_id, c]));
  const seen = new Set<number>();
  for (const [i, r] of b.results.entries()) {
    const at = `ผลการประเมิน รายการที่ ${i + 1}`;
    if (seen.has(r.evaluate_id)) throw badRequest(`${at}: หัวข้อการประเมินซ้ำกับรายการก่อนหน้า`);
    seen.add(r.evaluate_id);
    if (!criteria.has(r.evaluate_id)) {
      const [e] = await conn
        .select({ title: evaluates.title })
        .from(evaluates)
        .where(eq(evaluates.evaluate_id, r.evaluate_id));
      throw badRequest(
        `${at}: ${e ? `หัวข้อ "${e.title}" ไม่ใช่หัวข้อการประเมินของหลักสูตรประเภท${courseType} (หรือปิดใช้งานแล้ว)` : 'ไม่พบหัวข้อการประเมินนี้'}`,
      );
    }
    if (!levels.has(r.level)) {
      throw badRequest(`${at}: ระดับผลการประเมินต้องเป็น ${s.levels.map((l) => `${l.value} (${l.name})`).join(', ')}`);
    }
  }
}

/** evaluate/record: a training session of a course line with the levels given. */
export async function recordEvaluation(tx: Tx, actor: Actor, b: EvaluateRecordBody, requestId: string) {
  const a = await openApplication(tx, actor, b.application_id, 'บันทึกผลการประเมิน');
  const line = await lineIn(tx, a.application_id, b.line_id);
  const s = await evaluationSettingsOf(tx);
  await validateEvaluation(tx, s, a, line.course_type, b);
  const [row] = await tx
    .insert(studentEvaluations)
    .values({
      branch_id: a.branch_id,
      application_id: a.application_id,
      line_id: line.line_id,
      date: b.date,
      instructor_id: b.instructor_id,
      theory_hours: b.theory_hours ?? 0,
      practice_hours: b.practice_hours ?? 0,
      note: (b.note ?? '').trim(),
      created_by: actor.userId,
    })
    .returning();
  if (b.results.length)
    await tx
      .insert(evaluationResults)
      .values(
        b.results.map((r) => ({ evaluation_id: row!.evaluation_id, evaluate_id: r.evaluate_id, level: r.level })),
      );
  await refreshLineTraining(tx, line.line_id);
  await audit(
    tx,
    actor,
    {
      entity: 'evaluation',
      entityId: row!.evaluation_id,
      action: 'create',
      branchId: a.branch_id,
      after: { ...row, results: b.results },
    },
    requestId,
  );
  return { evaluation_id: row!.evaluation_id, line_id: line.line_id };
}

async function evaluationIn(tx: Tx, applicationId: number, evaluationId: number) {
  const [e] = await tx
    .select()
    .from(studentEvaluations)
    .where(and(eq(studentEvaluations.evaluation_id, evaluationId), eq(studentEvaluations.is_delete, false)))
    .for('update');
  if (!e || e.application_id !== applicationId) throw notFound('ไม่พบรายการประเมินนี้ในใบสมัคร');
  const results = await tx
    .select({ evaluate_id: evaluationResults.evaluate_id, level: evaluationResults.level })
    .from(evaluationResults)
    .where(eq(evaluationResults.evaluation_id, evaluationId))
    .orderBy(asc(evaluationResults.evaluate_id));
  return { e, results };
}

export async function updateEvaluation(tx: Tx, actor: Actor, b: EvaluateUpdateBody, requestId: string) {
  const a = await openApplication(tx, actor, b.application_id, 'แก้ไขผลการประเมิน');
  const { e, results } = await evaluationIn(tx, a.application_id, b.evaluation_id);
  const line = (await lineOf(tx, e.line_id))!;
  const s = await evaluationSettingsOf(tx);
  await validateEvaluation(tx, s, a, line.course_type, b);
  const [row] = await tx
    .update(studentEvaluations)
    .set({
      date: b.date,
      instructor_id: b.instructor_id,
      theory_hours: b.theory_hours ?? 0,
      practice_hours: b.practice_hours ?? 0,
      note: (b.note ?? '').trim(),
      updatedAt: new Date(),
    })
    .where(eq(studentEvaluations.evaluation_id, e.evaluation_id))
    .returning();
  await tx.delete(evaluationResults).where(eq(evaluationResults.evaluation_id, e.evaluation_id));
  if (b.results.length)
    await tx
      .insert(evaluationResults)
      .values(b.results.map((r) => ({ evaluation_id: e.evaluation_id, evaluate_id: r.evaluate_id, level: r.level })));
  await refreshLineTraining(tx, e.line_id);
  await audit(
    tx,
    actor,
    {
      entity: 'evaluation',
      entityId: e.evaluation_id,
      action: 'update',
      branchId: a.branch_id,
      before: { ...e, results },
      after: { ...row, results: b.results },
    },
    requestId,
  );
  return { evaluation_id: e.evaluation_id, line_id: e.line_id };
}

export async function deleteEvaluation(
  tx: Tx,
  actor: Actor,
  b: { application_id: number; evaluation_id: number },
  requestId: string,
) {
  const a = await openApplication(tx, actor, b.application_id, 'ลบผลการประเมิน');
  const { e, results } = await evaluationIn(tx, a.application_id, b.evaluation_id);
  await tx
    .update(studentEvaluations)
    .set({ is_delete: true, updatedAt: new Date() })
    .where(eq(studentEvaluations.evaluation_id, e.evaluation_id));
  await refreshLineTraining(tx, e.line_id);
  await audit(
    tx,
    actor,
    {
      entity: 'evaluation',
      entityId: e.evaluation_id,
      action: 'delete',
      branchId: a.branch_id,
      before: { ...e, results },
    },
    requestId,
  );
  return { evaluation_id: e.evaluation_id, line_id: e.line_id };
}

const EXAM_KINDS = ['theory', 'practical'] as const;

/**
 * The exam results of a course line for the certificate: every kind the school examines for the licence type (the
 * kinds of its exam sessions of that type; both theory and practical while it has none) must have a passed attempt.
 */
async function lineExams(db: Conn, lineId: number, courseType: string) {
  const [attempts, kinds] = await Promise.all([lineAttempts(db, lineId), examKindsOf(db, courseType)]);
  const required = EXAM_KINDS.filter((k) => !kinds.length || kinds.includes(k));
  const results = required.map((kind) => {
    const mine = attempts.filter((a) => a.kind === kind); // newest first
    const passed = mine.find((a) => a.status === 'passed');
    const last = passed ?? mine[0];
    return {
      kind,
      kind_name: EXAM_KIND_NAMES[kind] ?? kind,
      passed: !!passed,
      status: last?.status ?? null,
      status_name: last ? (EXAM_STATUS_NAMES[last.status] ?? last.status) : 'ยังไม่ได้สอบ',
      exam_date: last?.exam_date ?? null,
      attempts: mine.length,
    };
  });
  const missing = results.filter((r) => !r.passed).map((r) => `ยังไม่ผ่านการสอบ${r.kind_name}`);
  return { results, passed: missing.length === 0, missing };
}

/** evaluate/student: a course line's criteria with their current level, its sessions, hours and whether training is complete. */
export async function studentEvaluation(db: Conn, actor: Actor | null, lineId: number) {
  const line = await lineOf(db, lineId);
  if (!line) throw notFound('ไม่พบรายการหลักสูตรนี้');
  const a = await applicationOf(db, line.application_id);
  if (!a || a.kind !== 'course') throw notFound('ไม่พบใบสมัครเรียนนี้');
  if (actor) assertBranch(actor, a.branch_id);
  const s = await evaluationSettingsOf(db);
  const levelName = new Map(s.levels.map((l) => [l.value, l.name]));
  const [criteria, sessions, staff, head] = await Promise.all([
    criteriaOf(db, line.course_type),
    db
      .select({
        e: studentEvaluations,
        instructor_name: sql<string>`${users.prefix} || ${users.fname} || ' ' || ${users.sname}`,
        created_by_name: sql<string>`(select u2.fname || ' ' || u2.sname from users u2 where u2.user_id = ${studentEvaluations.created_by})`,
      })
      .from(studentEvaluations)
      .innerJoin(users, eq(users.user_id, studentEvaluations.instructor_id))
      .where(and(eq(studentEvaluations.line_id, lineId), eq(studentEvaluations.is_delete, false)))
      .orderBy(desc(studentEvaluations.date), desc(studentEvaluations.evaluation_id)),
    staffOf(db, a.branch_id),
    db.execute(sql`select c.idcard, c.customer_id, b.name as branch_name from applications a join customers c on c.customer_id = a.customer_id
      join branches b on b.branch_id = a.branch_id where a.application_id = ${a.application_id}`),
  ]);
  const h = (head as unknown as { rows: { idcard: string; customer_id: number; branch_name: string }[] }).rows[0]!;
  const ids = sessions.map((x) => x.e.evaluation_id);
  const results = ids.length
    ? await db
        .select({
          evaluation_id: evaluationResults.evaluation_id,
          evaluate_id: evaluationResults.evaluate_id,
          level: evaluationResults.level,
          title: evaluates.title,
          category: evaluates.category,
        })
        .from(evaluationResults)
        .innerJoin(evaluates, eq(evaluates.evaluate_id, evaluationResults.evaluate_id))
        .where(inArray(evaluationResults.evaluation_id, ids))
        .orderBy(asc(evaluates.sort), asc(evaluates.evaluate_id))
    : [];
  const evaluations = sessions.map(({ e, instructor_name, created_by_name }) => ({
    evaluation_id: e.evaluation_id,
    date: e.date,
    instructor_id: e.instructor_id,
    instructor_name,
    theory_hours: e.theory_hours,
    practice_hours: e.practice_hours,
    note: e.note,
    created_by_name: created_by_name ?? '',
    results: results
      .filter((r) => r.evaluation_id === e.evaluation_id)
      .map((r) => ({
        evaluate_id: r.evaluate_id,
        title: r.title,
        category: r.category,
        level: r.level,
        level_name: levelName.get(r.level) ?? String(r.level),
        passed: r.level >= s.pass_level,
      })),
  }));
  // sessions are newest first: a criterion's current level is the first result met
  const state = criteria.map((c) => {
    const hit = evaluations.find((ev) => ev.results.some((r) => r.evaluate_id === c.evaluate_id));
    const r = hit?.results.find((x) => x.evaluate_id === c.evaluate_id);
    return {
      evaluate_id: c.evaluate_id,
      title: c.title,
      category: c.category,
      category_name: CATEGORY_NAMES[c.category] ?? c.category,
      level: r?.level ?? null,
      level_name: r ? r.level_name : 'ยังไม่ประเมิน',
      passed: !!r && r.passed,
      date: hit?.date ?? null,
      instructor_name: hit?.instructor_name ?? '',
    };
  });
  const hours = {
    theory_done: evaluations.reduce((n, e) => n + e.theory_hours, 0),
    theory_required: line.theory_required,
    practice_done: evaluations.reduce((n, e) => n + e.practice_hours, 0),
    practice_required: line.practice_required,
  };
  const missing: string[] = [];
  if (hours.theory_done < hours.theory_required)
    missing.push(`ชั่วโมงทฤษฎี ${hours.theory_done}/${hours.theory_required} ชั่วโมง`);
  if (hours.practice_done < hours.practice_required)
    missing.push(`ชั่วโมงปฏิบัติ ${hours.practice_done}/${hours.practice_required} ชั่วโมง`);
  const notYet = state.filter((c) => c.level === null).length;
  if (notYet) missing.push(`ยังไม่ได้ประเมิน ${notYet} หัวข้อ`);
  const below = state.filter((c) => c.level !== null && !c.passed);
  if (below.length) missing.push(`ยังไม่ผ่านเกณฑ์ ${below.length} หัวข้อ (${below.map((c) => c.title).join(', ')})`);
  if (!evaluations.length && !missing.length) missing.push('ยังไม่มีการบันทึกผลการอบรม');
  const completed = missing.length === 0;
  const exams = await lineExams(db, line.line_id, line.course_type);
  return {
    line_id: line.line_id,
    application_id: a.application_id,
    application_code: a.application_code,
    app_status: a.status,
    branch_id: a.branch_id,
    branch_name: h.branch_name,
    customer_id: h.customer_id,
    customer_name: a.customer_name,
    idcard: h.idcard,
    course_id: line.course_id,
    course_name: line.course_name,
    course_type: line.course_type,
    exam_date: line.exam_date,
    registered_at: a.createdAt.toISOString(),
    hours,
    criteria: state,
    evaluations,
    levels: s.levels.map((l) => ({ ...l, pass: l.value >= s.pass_level })),
    pass_level: s.pass_level,
    instructors: staff.map((u) => ({ value: u.user_id, name: u.position ? `${u.name} (${u.position})` : u.name })),
    completed,
    missing,
    exams,
    certificate_ready: completed && exams.passed,
    status: completed ? EVAL_STATUS.completed : evaluations.length ? EVAL_STATUS.training : EVAL_STATUS.notStarted,
  };
}

/** A course line named with its application: the application's branch is checked first, then the line is in it. */
export async function studentOfApplication(db: Conn, actor: Actor | null, applicationId: number, lineId: number) {
  const a = await applicationOf(db, applicationId);
  if (!a || a.kind !== 'course') throw notFound('ไม่พบใบสมัครเรียนนี้');
  if (actor) assertBranch(actor, a.branch_id);
  await lineIn(db, applicationId, lineId);
  return studentEvaluation(db, actor, lineId);
}

/**
 * The certificate is issued only for a completed training whose student passed the exams of the course line
 * (lineExams); the refusal says what is missing, training first, then the exams.
 */
export async function certificateData(db: Conn, actor: Actor | null, applicationId: number, lineId: number) {
  const d = await studentOfApplication(db, actor, applicationId, lineId);
  if (!d.certificate_ready)
    throw badRequest(`ยังออกใบรับรองผลการอบรมไม่ได้: ${[...d.missing, ...d.exams.missing].join(', ')}`);
  return d;
}

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
  await tx
    .update(vehicleChecks)
    .set({ is_delete: true, updatedAt: new Date() })
    .where(eq(vehicleChecks.check_id, before.check_id));
  await audit(
    tx,
    actor,
    { entity: 'vehicle_check', entityId: before.check_id, action: 'delete', branchId: a.branch_id, before },
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

/** evaluate/settings/update: the level scale, the passing level and the checklists (unique, the passing level on the scale). */
export async function updateEvaluationSettings(tx: Tx, actor: Actor, b: EvaluationSettingsBody, requestId: string) {
  const values = b.levels.map((l) => l.value);
  for (let i = 1; i < values.length; i++) {
    if (values[i]! <= values[i - 1]!) throw badRequest(`ระดับผลการประเมิน รายการที่ ${i + 1}: ต้องเรียงจากน้อยไปมากและไม่ซ้ำกัน`);
  }
  const names = b.levels.map((l) => l.name.trim());
  if (names.some((n) => !n)) throw badRequest('ระดับผลการประเมิน: ชื่อระดับต้องไม่ว่าง');
  if (new Set(names).size !== names.length) throw badRequest('ระดับผลการประเมิน: ชื่อระดับซ้ำกัน');
  if (!values.includes(b.pass_level)) throw badRequest(`ระดับที่ผ่านเกณฑ์: ต้องเป็นหนึ่งในระดับ ${values.join(', ')}`);
  const check_items = {
    car: b.check_items.car.map((n) => n.trim()),
    motorcycle: b.check_items.motorcycle.map((n) => n.trim()),
  };
  for (const [type, list] of Object.entries(check_items)) {
    const label = type === 'car' ? 'รถยนต์' : 'รถจักรยานยนต์';
    if (list.some((n) => !n)) throw badRequest(`${label}: ชื่อรายการตรวจต้องไม่ว่าง`);
    if (new Set(list).size !== list.length) throw badRequest(`${label}: รายการตรวจซ้ำกัน`);
  }
  // the rules lock first: the passing level read next is the one in force (a concurrent change waits), see training.ts
  await lockRules(tx);
  const before = await evaluationSettingsOf(tx);
  const after = {
    levels: b.levels.map((l, i) => ({ value: l.value, name: names[i]! })),
    pass_level: b.pass_level,
    check_items,
  };
  await tx
    .insert(evaluationSettings)
    .values({ id: 1, ...after })
    .onConflictDoUpdate({ target: evaluationSettings.id, set: { ...after, updatedAt: new Date() } });
  // the lines' stored count of passed criteria follows the passing level
  if (after.pass_level !== before.pass_level) await recountAllLines(tx);
  await audit(tx, actor, { entity: 'evaluation_settings', entityId: 1, action: 'update', before, after }, requestId);
  return after;
}
