/** Recording a course line's training sessions (evaluate/record, update, delete); every change in one transaction with its audit row. */
import { and, asc, eq } from 'drizzle-orm';
import { type EvaluateRecordBody, type EvaluateUpdateBody } from '@khabkhi/contracts';
import type { Conn, Tx } from '../../db/connection.js';
import { evaluates } from '../../db/schema/catalog.js';
import { evaluationResults, studentEvaluations } from '../../db/schema/evaluations.js';
import { audit } from '../../http/audit.js';
import { assertBranch, type Actor } from '../../http/auth.js';
import { badRequest, notFound } from '../../http/errors.js';
import { formatThaiDate } from '@khabkhi/thai';
import { EVALUATE_CATEGORIES } from '../catalog/index.js';
import { applicationOf, criteriaOf, evaluationSettingsOf, lineOf, today, type EvaluationSettings } from './repo.js';
import { lockTrainingLines, refreshLineTraining } from './training.js';
import { staffOf } from '../employees/index.js';

export const CATEGORY_NAMES: Record<string, string> = Object.fromEntries(
  EVALUATE_CATEGORIES.map((c) => [c.value, c.name]),
);

/** The application of a record, in the caller's branch scope, still open (a cancelled one takes no records). */
export async function openApplication(conn: Conn, actor: Actor, applicationId: number, what: string) {
  const a = await applicationOf(conn, applicationId);
  if (!a || a.kind !== 'course') throw notFound('ไม่พบใบสมัครเรียนนี้');
  assertBranch(actor, a.branch_id);
  if (a.is_delete) throw badRequest(`ใบสมัครนี้ถูกยกเลิกแล้ว ${what}ไม่ได้`);
  return a;
}

export async function lineIn(conn: Conn, applicationId: number, lineId: number) {
  const l = await lineOf(conn, lineId);
  if (!l || l.application_id !== applicationId) throw badRequest('รายการหลักสูตร: ไม่พบหลักสูตรนี้ในใบสมัคร');
  return l;
}

export async function checkStaff(conn: Conn, branchId: number, userId: number, label: string) {
  const staff = await staffOf(conn, branchId);
  const s = staff.find((x) => x.user_id === userId);
  if (!s) throw badRequest(`${label}: ไม่พบพนักงานนี้ในสาขาของใบสมัคร (หรือบัญชีถูกระงับ)`);
  return s;
}

export function checkDay(date: string, label: string, registeredAt: Date) {
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
  // the line first (then the registration is read as a cancellation committed meanwhile left it)
  await lockTrainingLines(tx, [b.line_id]);
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
