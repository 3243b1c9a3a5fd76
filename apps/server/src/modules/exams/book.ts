/**
 * Booking a seat: the eligibility rules (each refuses with a Thai message naming it), taking and releasing a seat under
 * the session row's lock (never overbooked), and cancelling a booking.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { addDays, ageOn, formatBaht, todayBangkok } from '@khabkhi/thai';
import { type BookBody } from '@khabkhi/contracts';
import type { Conn, Tx } from '../../db/connection.js';
import { applicationCourses } from '../../db/schema/money.js';
import { examAttempts, examSessions } from '../../db/schema/exams.js';
import { audit } from '../../http/audit.js';
import { assertBranch, type Actor } from '../../http/auth.js';
import { badRequest, conflict, notFound } from '../../http/errors.js';
import type { RegistrationEndedHook } from '../applications/index.js';
import { lineTrainingHours } from './training-hours.js';
import {
  examSettings,
  lineAttempts,
  lineContext,
  lockSession,
  minAgeOf,
  type ExamSettingsRow,
  type LineContext,
  type LockedSession,
} from './repo.js';
import { d, kindName } from './shared.js';

// ---- the booking rules ----

/** Serialises every change of one course line's exams (book, cancel, extend, disable, change the date): taken first. */
export async function lockLine(tx: Tx, lineId: number) {
  await tx.execute(sql`select line_id from application_courses where line_id = ${lineId} for update`);
}

/**
 * A registration ends with its cancellation or with any refund, full or partial: its lines can no longer book, move
 * or extend an exam (a request fee would bill a permission the student can never use). Refused in Thai saying why.
 */
export function assertRegistrationLive(
  line: Pick<LineContext, 'customer_name' | 'application_code' | 'kind' | 'is_delete' | 'status'>,
  what: string,
) {
  const head = `${line.customer_name}: ใบสมัคร ${line.application_code}`;
  if (line.kind !== 'course' || line.is_delete || line.status === 'ยกเลิก')
    throw badRequest(`${head} ถูกยกเลิกแล้ว ${what}ไม่ได้`);
  if (line.status === 'คืนเงิน' || line.status === 'คืนเงินบางส่วน') {
    throw badRequest(
      `${head} ${line.status === 'คืนเงิน' ? 'คืนเงินแล้ว' : 'คืนเงินบางส่วนแล้ว'} การคืนเงินทำให้การสมัครสิ้นสุด ${what}ไม่ได้ (หากผู้เรียนจะสอบต่อ ให้สมัครใหม่)`,
    );
  }
}

/**
 * Whether the line may sit this session: each rule refuses with a Thai message that names it. The seat is checked
 * last, by the caller, under the session row's lock.
 */
export async function checkEligibility(
  conn: Conn,
  line: LineContext,
  s: LockedSession,
  st: ExamSettingsRow,
  ignoreAttempt?: number,
) {
  const who = line.customer_name;
  assertRegistrationLive(line, 'จองรอบสอบ');
  if (s.exam_date < todayBangkok()) throw badRequest(`รอบสอบ: วันที่ ${d(s.exam_date)} ผ่านไปแล้ว`);
  if (s.course_type !== line.course_type) {
    throw badRequest(`ประเภทใบขับขี่: รอบสอบนี้สำหรับ${s.course_type} แต่หลักสูตรของ ${who} เป็น${line.course_type}`);
  }
  const attempts = (await lineAttempts(conn, line.line_id)).filter((a) => a.attempt_id !== ignoreAttempt);
  const same = attempts.filter((a) => a.kind === s.kind);
  if (same.some((a) => a.status === 'passed')) throw badRequest(`${who}: สอบ${kindName(s.kind)}ผ่านแล้ว`);
  const pending = same.find((a) => a.status === 'booked');
  if (pending)
    throw badRequest(
      `${who}: จองสอบ${kindName(s.kind)}ไว้แล้ววันที่ ${d(pending.exam_date)} ให้ใช้ "เปลี่ยนวันสอบ" แทนการจองใหม่`,
    );
  if (s.kind === 'practical' && !attempts.some((a) => a.kind === 'theory' && a.status === 'passed')) {
    throw badRequest(`ลำดับการสอบ: ${who} ยังไม่ผ่านภาคทฤษฎี ต้องสอบผ่านภาคทฤษฎีก่อนสอบภาคปฏิบัติ`);
  }
  // the permission
  if (!line.is_active) throw badRequest(`สิทธิ์สอบ: สิทธิ์สอบของ ${who} ถูกระงับ`);
  if (line.permission_date < s.exam_date) {
    throw badRequest(
      `สิทธิ์สอบ: สิทธิ์สอบของ ${who} หมดวันที่ ${d(line.permission_date)} ก่อนวันสอบ ${d(s.exam_date)} ต้องต่ออายุสิทธิ์ก่อน`,
    );
  }
  // the age on the exam day
  const minAge = await minAgeOf(conn, line.course_type);
  if (minAge > 0) {
    if (!line.birthday)
      throw badRequest(`อายุขั้นต่ำ: ไม่มีวันเกิดของ ${who} จึงตรวจอายุขั้นต่ำ ${minAge} ปีของ${line.course_type}ไม่ได้`);
    const age = ageOn(line.birthday, s.exam_date);
    if (age < minAge)
      throw badRequest(
        `อายุขั้นต่ำ: ${who} อายุ ${age} ปีในวันสอบ ${d(s.exam_date)} ยังไม่ถึง ${minAge} ปีตามเกณฑ์ของ${line.course_type}`,
      );
  }
  // training hours: theory + practice recorded in the line's evaluation sessions (the evaluations module)
  const minHours = Number((st.exam_min_training_hours as Record<string, number>)[line.course_type] ?? 0);
  if (minHours > 0) {
    const h = await lineTrainingHours(conn, line.line_id);
    if (h.total < minHours) {
      throw badRequest(
        `ชั่วโมงอบรม: ${who} อบรมแล้ว ${h.total} ชั่วโมง (ทฤษฎี ${h.theory} ปฏิบัติ ${h.practice}) ยังไม่ถึงขั้นต่ำ ${minHours} ชั่วโมงของ${line.course_type}`,
      );
    }
  }
  // full payment
  if (st.exam_needs_full_payment && Number(line.balance) > 0) {
    throw badRequest(
      `การชำระเงิน: ${who} ยังค้างชำระ ${formatBaht(line.balance)} บาท (ใบสมัคร ${line.application_code}) โรงเรียนกำหนดให้ชำระครบก่อนสอบ`,
    );
  }
  // the retake wait after a failed attempt of the same kind
  const lastFail = same.find((a) => a.status === 'failed' || a.status === 'absent');
  if (lastFail && st.exam_retake_wait_days > 0) {
    const from = addDays(lastFail.exam_date, st.exam_retake_wait_days);
    if (s.exam_date < from) {
      throw badRequest(
        `ระยะรอสอบใหม่: ${who} สอบ${kindName(s.kind)}ไม่ผ่านเมื่อ ${d(lastFail.exam_date)} ต้องรอ ${st.exam_retake_wait_days} วัน สอบใหม่ได้ตั้งแต่ ${d(from)}`,
      );
    }
  }
}

export async function takeSeat(tx: Tx, actor: Actor, s: LockedSession, line: LineContext, reqId?: string) {
  if (s.booked >= s.capacity)
    throw conflict(
      `ที่นั่ง: รอบสอบ${kindName(s.kind)}วันที่ ${d(s.exam_date)} เวลา ${s.start_time} น. เต็มแล้ว (${s.capacity} ที่นั่ง)`,
    );
  const [a] = await tx
    .insert(examAttempts)
    .values({
      session_id: s.session_id,
      line_id: line.line_id,
      application_id: line.application_id,
      customer_id: line.customer_id,
      branch_id: s.branch_id,
      status: 'booked',
      booked_by: actor.userId,
    })
    .returning();
  await tx
    .update(examSessions)
    .set({ booked: sql`${examSessions.booked} + 1`, updatedAt: new Date() })
    .where(eq(examSessions.session_id, s.session_id));
  s.booked++;
  await tx
    .update(applicationCourses)
    .set({ exam_date: s.exam_date })
    .where(eq(applicationCourses.line_id, line.line_id));
  await audit(
    tx,
    actor,
    { entity: 'exam_attempt', entityId: a!.attempt_id, action: 'create', branchId: s.branch_id, after: a },
    reqId,
  );
  return a!;
}

export async function loadLine(conn: Conn, actor: Actor, lineId: number) {
  const line = await lineContext(conn, lineId);
  if (!line) throw notFound('ไม่พบหลักสูตรนี้ในใบสมัคร');
  assertBranch(actor, line.branch_id);
  return line;
}

export async function loadSessionLocked(tx: Tx, actor: Actor, sessionId: number) {
  const s = await lockSession(tx, sessionId);
  if (!s || s.is_delete) throw notFound('ไม่พบรอบสอบนี้');
  assertBranch(actor, s.branch_id);
  return s;
}

export async function book(tx: Tx, actor: Actor, b: BookBody, reqId?: string) {
  const st = await examSettings(tx);
  // the line first (as every change of its exams), then the session: the row lock of the session serialises every
  // booking of it, so the seat count read below is the truth; the line's lock keeps its one seat per part
  await lockLine(tx, b.line_id);
  const line = await loadLine(tx, actor, b.line_id);
  const s = await loadSessionLocked(tx, actor, b.session_id);
  if (line.branch_id !== s.branch_id) throw badRequest(`สาขา: รอบสอบนี้เป็นของสาขาอื่น ผู้เรียนสมัครที่สาขาอื่น`);
  await checkEligibility(tx, line, s, st);
  const a = await takeSeat(tx, actor, s, line, reqId);
  return { attempt: a, session: s, line };
}

export async function cancelBooking(tx: Tx, actor: Actor, attemptId: number, reason: string, reqId?: string) {
  const [found] = await tx.select().from(examAttempts).where(eq(examAttempts.attempt_id, attemptId));
  if (!found) throw notFound('ไม่พบรายการสอบนี้');
  assertBranch(actor, found.branch_id);
  // under the line's lock the attempt is read again: a disable or a move of the same line may have just released it
  await lockLine(tx, found.line_id);
  const [a] = await tx.select().from(examAttempts).where(eq(examAttempts.attempt_id, attemptId));
  if (a!.status !== 'booked')
    throw badRequest(`รายการสอบนี้${a!.status === 'cancelled' ? 'ถูกยกเลิกแล้ว' : 'บันทึกผลสอบแล้ว ยกเลิกไม่ได้'}`);
  await lockSession(tx, a!.session_id);
  if (!(await releaseSeat(tx, actor, a!, reason, reqId)))
    throw conflict('รายการสอบนี้เพิ่งบันทึกผลสอบ ยกเลิกไม่ได้ กรุณาตรวจสอบผลสอบ');
}

/**
 * Gives a booked seat back, under its session's lock (taken by the caller). The attempt is cancelled only while it is
 * still booked: a result recorded since the caller read it (results take the session's lock, not the line's) stays,
 * and the answer is false.
 */
export async function releaseSeat(
  tx: Tx,
  actor: Actor,
  a: typeof examAttempts.$inferSelect,
  reason: string,
  reqId?: string,
): Promise<boolean> {
  const released = await tx
    .update(examAttempts)
    .set({ status: 'cancelled', note: reason, updatedAt: new Date() })
    .where(and(eq(examAttempts.attempt_id, a.attempt_id), eq(examAttempts.status, 'booked')))
    .returning({ attempt_id: examAttempts.attempt_id });
  if (!released.length) return false;
  await tx
    .update(examSessions)
    .set({ booked: sql`${examSessions.booked} - 1`, updatedAt: new Date() })
    .where(eq(examSessions.session_id, a.session_id));
  await audit(
    tx,
    actor,
    {
      entity: 'exam_attempt',
      entityId: a.attempt_id,
      action: 'cancel',
      branchId: a.branch_id,
      before: a,
      after: { status: 'cancelled', reason },
    },
    reqId,
  );
  return true;
}

/**
 * A registration ended by a refund or its cancellation gives back the seats its course lines hold, in the transaction
 * that ends it (registered on the applications' onRegistrationEnded). The caller holds the lines' locks, taken before
 * the application's row (see lockCourseLines): a booking that got a line first is read here as booked and released,
 * one that comes after waits for the line and then finds the registration ended. Sessions are locked in session_id
 * order (the module's order: line → sessions by id); an attempt whose result was recorded meanwhile keeps it.
 */
export const releaseEndedSeats: RegistrationEndedHook = async (tx, actor, _app, lineIds, reason, reqId) => {
  const booked = await tx
    .select()
    .from(examAttempts)
    .where(and(inArray(examAttempts.line_id, lineIds), eq(examAttempts.status, 'booked')))
    .orderBy(asc(examAttempts.session_id), asc(examAttempts.attempt_id));
  let locked: number | undefined;
  for (const a of booked) {
    if (a.session_id !== locked) await lockSession(tx, (locked = a.session_id));
    await releaseSeat(tx, actor, a, reason, reqId);
  }
};
