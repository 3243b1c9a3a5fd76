/** Exam sessions: create, edit and delete, each under the session row's lock; the examiner picked from the branch's staff. */
import { and, eq } from 'drizzle-orm';
import { todayBangkok } from '@khabkhi/thai';
import { type SessionBody } from '@khabkhi/contracts';
import type { Conn, Tx } from '../../db/connection.js';
import { courseTypes } from '../../db/schema/catalog.js';
import { examSessions } from '../../db/schema/exams.js';
import { audit } from '../../http/audit.js';
import { softDeleteWithAudit } from '../../http/soft-delete.js';
import { liveBranchRow } from '../../http/branch.js';
import { assertBranch, type Actor } from '../../http/auth.js';
import { badRequest, notFound } from '../../http/errors.js';
import { staffOf } from '../employees/index.js';
import { lockSession, sessionsBetween } from './repo.js';
import { sessionApi } from './shared.js';

// ---- sessions ----

async function checkCourseType(conn: Conn, name: string) {
  const [t] = await conn
    .select({ id: courseTypes.course_type_id })
    .from(courseTypes)
    .where(and(eq(courseTypes.name, name), eq(courseTypes.is_delete, false)));
  if (!t) throw badRequest(`ประเภทใบขับขี่: ไม่พบประเภท "${name}"`);
}

/**
 * The examiner of a session: an employee picked from the branch's staff (their name is stored with the id, whatever
 * was typed), or a name typed for an outside examiner (no id). A session keeps its examiner when it is saved again
 * after that employee left or was suspended.
 */
async function examinerOf(
  conn: Conn,
  branchId: number,
  b: { examiner?: string; examiner_id?: number | null },
  before?: { examiner_id: number | null; examiner: string },
) {
  if (!b.examiner_id) return { examiner_id: null, examiner: (b.examiner ?? '').trim() };
  const s = (await staffOf(conn, branchId, b.examiner_id))[0];
  if (s) return { examiner_id: s.user_id, examiner: s.name };
  if (before && before.examiner_id === b.examiner_id)
    return { examiner_id: before.examiner_id, examiner: before.examiner };
  throw badRequest('ผู้คุมสอบ: ไม่พบพนักงานนี้ในสาขาของรอบสอบ (หรือบัญชีถูกระงับ) ให้เลือกจากรายชื่อ หรือพิมพ์ชื่อผู้คุมสอบจากภายนอก');
}

/** exam/examiners: who may be picked as a branch's examiner — its active staff first, then the head office's. */
export async function examinerOptions(conn: Conn, actor: Actor, branchId: number) {
  assertBranch(actor, branchId);
  await liveBranchRow(conn, branchId);
  return (await staffOf(conn, branchId)).map((u) => ({
    value: u.user_id,
    name: u.name,
    position: u.position,
    branch_name: u.branch_name,
  }));
}

export async function createSession(tx: Tx, actor: Actor, b: SessionBody, reqId?: string) {
  assertBranch(actor, b.branch_id);
  await liveBranchRow(tx, b.branch_id);
  await checkCourseType(tx, b.course_type);
  if (b.exam_date < todayBangkok()) throw badRequest('วันสอบ: เป็นวันที่ผ่านไปแล้ว สร้างรอบสอบย้อนหลังไม่ได้');
  const examiner = await examinerOf(tx, b.branch_id, b);
  const [row] = await tx
    .insert(examSessions)
    .values({
      branch_id: b.branch_id,
      exam_date: b.exam_date,
      start_time: b.start_time,
      kind: b.exam_kind,
      course_type: b.course_type,
      capacity: b.capacity,
      place: (b.place ?? '').trim(),
      ...examiner,
      note: (b.note ?? '').trim(),
      created_by: actor.userId,
    })
    .returning();
  await audit(
    tx,
    actor,
    { entity: 'exam_session', entityId: row!.session_id, action: 'create', branchId: b.branch_id, after: row },
    reqId,
  );
  return sessionAnswer(tx, row!.session_id);
}

/** A session as the API answers it (with its branch's name and free seats), read in the writing transaction. */
async function sessionAnswer(tx: Tx, sessionId: number) {
  const [s] = await sessionsBetween(tx, eq(examSessions.session_id, sessionId));
  return sessionApi(s!);
}

export async function updateSession(tx: Tx, actor: Actor, b: SessionBody & { session_id: number }, reqId?: string) {
  assertBranch(actor, b.branch_id);
  const s = await lockSession(tx, b.session_id);
  if (!s || s.is_delete) throw notFound('ไม่พบรอบสอบนี้');
  assertBranch(actor, s.branch_id);
  assertBranch(actor, b.branch_id);
  await checkCourseType(tx, b.course_type);
  if (b.capacity < s.booked) throw badRequest(`จำนวนที่นั่ง: จองแล้ว ${s.booked} คน ลดให้น้อยกว่าจำนวนที่จองไม่ได้`);
  if (
    s.booked > 0 &&
    (b.branch_id !== s.branch_id ||
      b.exam_kind !== s.kind ||
      b.course_type !== s.course_type ||
      b.exam_date !== s.exam_date)
  ) {
    throw badRequest('รอบสอบนี้มีผู้จองแล้ว: เปลี่ยนสาขา วันสอบ ภาคสอบ หรือประเภทใบขับขี่ไม่ได้ ให้ใช้ "เปลี่ยนวันสอบ" ของผู้เรียนแต่ละคน');
  }
  const [before] = await tx.select().from(examSessions).where(eq(examSessions.session_id, b.session_id));
  const examiner = await examinerOf(tx, b.branch_id, b, before);
  const [row] = await tx
    .update(examSessions)
    .set({
      branch_id: b.branch_id,
      exam_date: b.exam_date,
      start_time: b.start_time,
      kind: b.exam_kind,
      course_type: b.course_type,
      capacity: b.capacity,
      place: (b.place ?? '').trim(),
      ...examiner,
      note: (b.note ?? '').trim(),
      updatedAt: new Date(),
    })
    .where(eq(examSessions.session_id, b.session_id))
    .returning();
  await audit(
    tx,
    actor,
    { entity: 'exam_session', entityId: b.session_id, action: 'update', branchId: b.branch_id, before, after: row },
    reqId,
  );
  return sessionAnswer(tx, b.session_id);
}

export async function deleteSession(tx: Tx, actor: Actor, sessionId: number, reqId?: string) {
  const s = await lockSession(tx, sessionId);
  if (!s || s.is_delete) throw notFound('ไม่พบรอบสอบนี้');
  assertBranch(actor, s.branch_id);
  if (s.booked > 0) throw badRequest(`รอบสอบนี้มีผู้จอง ${s.booked} คน: ยกเลิกหรือย้ายผู้จองก่อนจึงลบรอบสอบได้`);
  await softDeleteWithAudit(
    tx,
    actor,
    examSessions,
    examSessions.session_id,
    sessionId,
    { entity: 'exam_session', branchId: s.branch_id, before: s },
    reqId,
  );
}
