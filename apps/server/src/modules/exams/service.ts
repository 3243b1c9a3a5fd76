/**
 * Exam rules and transactions: sessions, bookings (never overbooked: the session row is locked), results,
 * exam permissions with their history, changes of exam date, and the request fee an extension or a change may carry.
 * Every number a rule uses comes from the school settings (repo.examSettings) or the course types, never from here.
 */
import { and, asc, desc, eq, gt, gte, inArray, lt, lte, ne, sql, type SQL } from 'drizzle-orm';
import { addDays, ageOn, formatBaht, formatThaiDate, todayBangkok } from '@khabkhi/thai';
import {
  EXAM_KIND_NAMES,
  EXAM_STATUS_NAMES,
  PERMISSION_STATUS,
  type BookBody,
  type CalendarQuery,
  type ChangeDateBody,
  type ExamSettingsBody,
  type ExtendBody,
  type PermissionRow,
  type ResultBody,
  type SessionBody,
} from '@khabkhi/contracts';
import type { Conn, Db, Tx } from '../../db/connection.js';
import { branches, schoolSettings } from '../../db/schema/core.js';
import { courseTypes } from '../../db/schema/catalog.js';
import { applicationCourses, applications, customers } from '../../db/schema/money.js';
import { examAttempts, examPermissionHistory, examPermissions, examSessions } from '../../db/schema/exams.js';
import { audit } from '../../http/audit.js';
import { assertBranch, branchScopeWhere, type Actor } from '../../http/auth.js';
import { isAll } from '../../http/envelope.js';
import { badRequest, conflict, notFound } from '../../http/errors.js';
import { allOf, branchFilter } from '../../http/tables.js';
import {
  applicationIdsMatching,
  applicationPageWhere,
  applicationSummary,
  newestFirst,
  resolveText,
  createApplication,
} from '../applications/index.js';
import { canonicalMoney } from '../../lib/serialize.js';
import { staffOf } from '../employees/index.js';
import { lineTrainingHours } from './training-hours.js';
import {
  attemptPage,
  attemptsOfSessions,
  customerName,
  examSettings,
  historyOfLines,
  lineAttempts,
  lineContext,
  liveLineCount,
  lockSession,
  manoeuvresOf,
  minAgeOf,
  refreshPassed,
  requestFeeInfo,
  sessionDateRange,
  sessionsBetween,
  calendarDays,
  calendarSessions,
  calendarSlots,
  courseTypeOrder,
  type ExamSettingsRow,
  type LineContext,
  type LockedSession,
} from './repo.js';

const kindName = (k: string) => EXAM_KIND_NAMES[k] ?? k;

/**
 * The free-text filter: the applications whose customer's name, surname, ID number or phone starts with the text,
 * or whose number holds it — the application list's own matcher, on its prefix indexes.
 */
function textFilter(
  column:
    typeof applications.application_id | typeof examAttempts.application_id | typeof examPermissions.application_id,
  text: string | undefined,
): SQL | undefined {
  if (isAll(text) || !text!.trim()) return undefined;
  return sql`${column} in (${applicationIdsMatching(text!)})`;
}

/** A branch filter of a list: a branch outside the caller's scope is refused (403), as a record of it would be. */
function scopedBranch(actor: Actor, v: string | undefined) {
  const b = branchFilter(v);
  if (b !== undefined && b > 0) assertBranch(actor, b);
  return b;
}
const d = (iso: string | null | undefined) => (iso ? formatThaiDate(iso) : '-');

// ---- sessions ----

async function liveBranch(conn: Conn, branchId: number) {
  const [b] = await conn
    .select()
    .from(branches)
    .where(and(eq(branches.branch_id, branchId), eq(branches.is_delete, false)));
  if (!b) throw badRequest('สาขา: ไม่พบสาขานี้');
  return b;
}

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
  const s = (await staffOf(conn, branchId)).find((x) => x.user_id === b.examiner_id);
  if (s) return { examiner_id: s.user_id, examiner: s.name };
  if (before && before.examiner_id === b.examiner_id)
    return { examiner_id: before.examiner_id, examiner: before.examiner };
  throw badRequest('ผู้คุมสอบ: ไม่พบพนักงานนี้ในสาขาของรอบสอบ (หรือบัญชีถูกระงับ) ให้เลือกจากรายชื่อ หรือพิมพ์ชื่อผู้คุมสอบจากภายนอก');
}

/** exam/examiners: who may be picked as a branch's examiner — its active staff first, then the head office's. */
export async function examinerOptions(conn: Conn, actor: Actor, branchId: number) {
  assertBranch(actor, branchId);
  await liveBranch(conn, branchId);
  return (await staffOf(conn, branchId)).map((u) => ({
    value: u.user_id,
    name: u.name,
    position: u.position,
    branch_name: u.branch_name,
  }));
}

export async function createSession(tx: Tx, actor: Actor, b: SessionBody, reqId?: string) {
  assertBranch(actor, b.branch_id);
  await liveBranch(tx, b.branch_id);
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
  await tx
    .update(examSessions)
    .set({ is_delete: true, updatedAt: new Date() })
    .where(eq(examSessions.session_id, sessionId));
  await audit(
    tx,
    actor,
    { entity: 'exam_session', entityId: sessionId, action: 'delete', branchId: s.branch_id, before: s },
    reqId,
  );
}

// ---- the booking rules ----

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
  if (line.kind !== 'course' || line.is_delete)
    throw badRequest(`${who}: ใบสมัคร ${line.application_code} ถูกยกเลิกแล้ว จองรอบสอบไม่ได้`);
  if (line.status === 'คืนเงิน') throw badRequest(`${who}: ใบสมัคร ${line.application_code} คืนเงินแล้ว จองรอบสอบไม่ได้`);
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

async function takeSeat(tx: Tx, actor: Actor, s: LockedSession, line: LineContext, reqId?: string) {
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

async function loadLine(conn: Conn, actor: Actor, lineId: number) {
  const line = await lineContext(conn, lineId);
  if (!line) throw notFound('ไม่พบหลักสูตรนี้ในใบสมัคร');
  assertBranch(actor, line.branch_id);
  return line;
}

async function loadSessionLocked(tx: Tx, actor: Actor, sessionId: number) {
  const s = await lockSession(tx, sessionId);
  if (!s || s.is_delete) throw notFound('ไม่พบรอบสอบนี้');
  assertBranch(actor, s.branch_id);
  return s;
}

export async function book(tx: Tx, actor: Actor, b: BookBody, reqId?: string) {
  const st = await examSettings(tx);
  // the session row's lock serialises every booking of this session: the seat count read below is the truth
  const s = await loadSessionLocked(tx, actor, b.session_id);
  const line = await loadLine(tx, actor, b.line_id);
  if (line.branch_id !== s.branch_id) throw badRequest(`สาขา: รอบสอบนี้เป็นของสาขาอื่น ผู้เรียนสมัครที่สาขาอื่น`);
  await checkEligibility(tx, line, s, st);
  const a = await takeSeat(tx, actor, s, line, reqId);
  return { attempt: a, session: s, line };
}

export async function cancelBooking(tx: Tx, actor: Actor, attemptId: number, reason: string, reqId?: string) {
  const [a] = await tx.select().from(examAttempts).where(eq(examAttempts.attempt_id, attemptId));
  if (!a) throw notFound('ไม่พบรายการสอบนี้');
  assertBranch(actor, a.branch_id);
  if (a.status !== 'booked')
    throw badRequest(`รายการสอบนี้${a.status === 'cancelled' ? 'ถูกยกเลิกแล้ว' : 'บันทึกผลสอบแล้ว ยกเลิกไม่ได้'}`);
  await lockSession(tx, a.session_id);
  await releaseSeat(tx, actor, a, reason, reqId);
}

async function releaseSeat(tx: Tx, actor: Actor, a: typeof examAttempts.$inferSelect, reason: string, reqId?: string) {
  await tx
    .update(examAttempts)
    .set({ status: 'cancelled', note: reason, updatedAt: new Date() })
    .where(eq(examAttempts.attempt_id, a.attempt_id));
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
}

// ---- results ----

export async function recordResults(tx: Tx, actor: Actor, b: ResultBody, reqId?: string) {
  const st = await examSettings(tx);
  const s = await loadSessionLocked(tx, actor, b.session_id);
  if (s.exam_date > todayBangkok()) throw badRequest(`ผลสอบ: ยังไม่ถึงวันสอบ ${d(s.exam_date)} บันทึกผลล่วงหน้าไม่ได้`);
  const ids = b.results.map((r) => r.attempt_id);
  if (new Set(ids).size !== ids.length) throw badRequest('ผลสอบ: มีผู้เข้าสอบซ้ำกันในรายการ');
  const rows = await tx
    .select({ a: examAttempts, name: customerName })
    .from(examAttempts)
    .innerJoin(customers, eq(customers.customer_id, examAttempts.customer_id))
    .where(inArray(examAttempts.attempt_id, ids));
  const byId = new Map(rows.map((r) => [r.a.attempt_id, r]));
  const manoeuvres = s.kind === 'practical' ? await manoeuvresOf(tx, s.course_type) : [];
  if (s.kind === 'practical' && manoeuvres.length === 0) {
    throw badRequest(`ผลภาคปฏิบัติ: ยังไม่มีท่าสอบ (หัวข้อการประเมินหมวด manoeuvre) ของ${s.course_type} เพิ่มที่เมนูหัวข้อการประเมินก่อน`);
  }
  let passed = 0;
  let failed = 0;
  let absent = 0;
  for (const r of b.results) {
    const row = byId.get(r.attempt_id);
    if (!row || row.a.session_id !== s.session_id || row.a.status === 'cancelled')
      throw badRequest(`ผลสอบ: รายการสอบเลขที่ ${r.attempt_id} ไม่อยู่ในรอบสอบนี้`);
    const who = row.name;
    let status: string;
    let theory: number | null = null;
    let practical: { evaluate_id: number; title: string; passed: boolean }[] | null = null;
    if (r.absent) status = 'absent';
    else if (s.kind === 'theory') {
      if (r.theory_score === undefined || r.theory_score === null)
        throw badRequest(`คะแนนภาคทฤษฎี: ยังไม่ได้กรอกคะแนนของ ${who}`);
      if (r.theory_score > st.exam_theory_questions)
        throw badRequest(
          `คะแนนภาคทฤษฎี: ${who} ได้ ${r.theory_score} คะแนน เกินจำนวนข้อสอบ ${st.exam_theory_questions} ข้อ`,
        );
      theory = r.theory_score;
      status = theory >= st.exam_theory_pass_mark ? 'passed' : 'failed';
    } else {
      const given = new Map((r.practical ?? []).map((p) => [p.evaluate_id, p.passed]));
      for (const id of given.keys()) {
        if (!manoeuvres.some((m) => m.evaluate_id === id))
          throw badRequest(`ผลภาคปฏิบัติ: ${who} มีท่าสอบที่ไม่ใช่ของ${s.course_type}`);
      }
      const missing = manoeuvres.find((m) => !given.has(m.evaluate_id));
      if (missing) throw badRequest(`ผลภาคปฏิบัติ: ยังไม่ได้บันทึกท่า "${missing.title}" ของ ${who}`);
      practical = manoeuvres.map((m) => ({
        evaluate_id: m.evaluate_id,
        title: m.title,
        passed: given.get(m.evaluate_id)!,
      }));
      status = practical.every((p) => p.passed) ? 'passed' : 'failed';
    }
    if (status === 'passed') passed++;
    else if (status === 'failed') failed++;
    else absent++;
    const [after] = await tx
      .update(examAttempts)
      .set({
        status,
        theory_score: theory,
        theory_total: s.kind === 'theory' && status !== 'absent' ? st.exam_theory_questions : null,
        practical,
        note: (r.note ?? row.a.note).trim(),
        recorded_by: actor.userId,
        recorded_at: new Date(),
        updatedAt: new Date(),
      })
      .where(eq(examAttempts.attempt_id, r.attempt_id))
      .returning();
    await audit(
      tx,
      actor,
      { entity: 'exam_attempt', entityId: r.attempt_id, action: 'result', branchId: s.branch_id, before: row.a, after },
      reqId,
    );
  }
  // the session's result counts, recounted under its lock (the calendar and the lists read them from the row)
  await tx.execute(sql`update exam_sessions s set passed = c.passed, failed = c.failed, recorded = c.recorded, updated_at = now()
    from (select count(*) filter (where status = 'passed')::int as passed, count(*) filter (where status = 'failed')::int as failed,
                 count(*) filter (where status in ('passed', 'failed', 'absent'))::int as recorded
          from exam_attempts where session_id = ${s.session_id}) c
    where s.session_id = ${s.session_id}`);
  // a passed practical closes the line's permission (สอบผ่านแล้ว); a corrected result reopens it
  if (s.kind === 'practical') await refreshPassed(tx, s.session_id);
  return { passed, failed, absent };
}

// ---- permissions ----

async function writePermission(tx: Tx, line: LineContext, date: string, active: boolean) {
  // every course line has its row (opened at registration)
  await tx
    .update(examPermissions)
    .set({ permission_date: date, is_active: active, updatedAt: new Date() })
    .where(eq(examPermissions.line_id, line.line_id));
}

async function lockLine(tx: Tx, lineId: number) {
  // one change of a line's permission or exam date at a time
  await tx.execute(sql`select line_id from application_courses where line_id = ${lineId} for update`);
}

async function makeRequestFee(
  tx: Tx,
  actor: Actor,
  line: LineContext,
  feeId: number | null,
  what: string,
  date: string,
  reason: string,
  reqId?: string,
) {
  const fee = await requestFeeInfo(tx, feeId);
  if (!fee) throw badRequest(`ค่าคำร้อง: โรงเรียนยังไม่ได้ตั้งค่าค่าคำร้อง${what} (ตั้งค่าโรงเรียน)`);
  const r = await createApplication(
    tx,
    actor,
    {
      application_id: line.application_id,
      courses: [],
      other_fees: [{ other_fee_id: fee.other_fee_id, date }],
      payment: null,
      note: `คำร้อง${what}: ${reason}`,
    } as never,
    reqId,
    'request',
  );
  const [a] = await tx
    .select({
      application_id: applications.application_id,
      application_code: applications.application_code,
      net: applications.net,
    })
    .from(applications)
    .where(eq(applications.application_id, r.applicationId));
  return { ...a!, net: canonicalMoney(a!.net) };
}

export async function extendPermission(tx: Tx, actor: Actor, b: ExtendBody, reqId?: string) {
  const st = await examSettings(tx);
  await lockLine(tx, b.line_id);
  const line = await loadLine(tx, actor, b.line_id);
  if (line.kind !== 'course' || line.is_delete) throw badRequest('ใบสมัครนี้ถูกยกเลิกแล้ว ต่ออายุสิทธิ์สอบไม่ได้');
  const attempts = await lineAttempts(tx, line.line_id);
  if (attempts.some((a) => a.kind === 'practical' && a.status === 'passed'))
    throw badRequest(`สิทธิ์สอบ: ${line.customer_name} สอบผ่านแล้ว ไม่ต้องต่ออายุสิทธิ์`);
  if (b.permission_date < todayBangkok()) throw badRequest('วันหมดสิทธิ์สอบ: ต้องไม่เป็นวันที่ผ่านไปแล้ว');
  if (b.permission_date <= line.permission_date) {
    throw badRequest(`วันหมดสิทธิ์สอบ: ต้องหลังวันหมดสิทธิ์เดิม (${d(line.permission_date)})`);
  }
  const request = b.request_fee
    ? await makeRequestFee(tx, actor, line, st.exam_extend_fee_id, 'ต่ออายุสิทธิ์สอบ', b.permission_date, b.reason, reqId)
    : null;
  await writePermission(tx, line, b.permission_date, true);
  const oldValue = `${line.permission_date}${line.is_active ? '' : ' (ระงับ)'}`;
  await tx.insert(examPermissionHistory).values({
    line_id: line.line_id,
    action: 'extend',
    old_value: oldValue,
    new_value: b.permission_date,
    reason: b.reason.trim(),
    request_application_id: request?.application_id ?? null,
    user_id: actor.userId,
  });
  await audit(
    tx,
    actor,
    {
      entity: 'exam_permission',
      entityId: line.line_id,
      action: 'extend',
      branchId: line.branch_id,
      before: { permission_date: line.permission_date, is_active: line.is_active },
      after: { permission_date: b.permission_date, is_active: true, reason: b.reason, request },
    },
    reqId,
  );
  return { line_id: line.line_id, permission_date: b.permission_date, request };
}

export async function disablePermission(tx: Tx, actor: Actor, lineId: number, reason: string, reqId?: string) {
  await lockLine(tx, lineId);
  const line = await loadLine(tx, actor, lineId);
  if (!line.is_active) throw badRequest(`สิทธิ์สอบ: สิทธิ์สอบของ ${line.customer_name} ถูกระงับอยู่แล้ว`);
  // a disabled permission keeps no seat: its pending bookings are cancelled (each session under its lock)
  const pending = await tx
    .select()
    .from(examAttempts)
    .where(and(eq(examAttempts.line_id, lineId), eq(examAttempts.status, 'booked')))
    .orderBy(asc(examAttempts.session_id));
  for (const a of pending) {
    await lockSession(tx, a.session_id);
    await releaseSeat(tx, actor, a, `ระงับสิทธิ์สอบ: ${reason}`, reqId);
  }
  await writePermission(tx, line, line.permission_date, false);
  await tx.insert(examPermissionHistory).values({
    line_id: lineId,
    action: 'disable',
    old_value: `${line.permission_date} (ใช้ได้)`,
    new_value: `${line.permission_date} (ระงับ)`,
    reason: reason.trim(),
    user_id: actor.userId,
  });
  await audit(
    tx,
    actor,
    {
      entity: 'exam_permission',
      entityId: lineId,
      action: 'disable',
      branchId: line.branch_id,
      before: { is_active: true },
      after: { is_active: false, reason, cancelled_bookings: pending.map((a) => a.attempt_id) },
    },
    reqId,
  );
  return { line_id: lineId, cancelled: pending.length, customer_name: line.customer_name };
}

export async function changeDate(tx: Tx, actor: Actor, b: ChangeDateBody, reqId?: string) {
  if (!b.session_id && !b.exam_date) throw badRequest('วันสอบ: ต้องเลือกรอบสอบใหม่หรือวันสอบใหม่');
  const st = await examSettings(tx);
  await lockLine(tx, b.line_id);
  const line = await loadLine(tx, actor, b.line_id);
  const attempts = await lineAttempts(tx, line.line_id);
  let oldValue = line.exam_date ?? '';
  let newValue: string;
  if (b.session_id) {
    const [target] = await tx
      .select({ kind: examSessions.kind, branch_id: examSessions.branch_id })
      .from(examSessions)
      .where(eq(examSessions.session_id, b.session_id));
    if (!target) throw notFound('ไม่พบรอบสอบนี้');
    const current = attempts.find((a) => a.kind === target.kind && a.status === 'booked');
    if (!current) {
      const taken = attempts.find((a) => a.kind === target.kind);
      if (taken && taken.status !== 'failed' && taken.status !== 'absent')
        throw badRequest(
          `วันสอบ: ${line.customer_name} สอบ${kindName(target.kind)}ไปแล้วเมื่อ ${d(taken.exam_date)} เปลี่ยนวันสอบที่สอบไปแล้วไม่ได้`,
        );
      throw badRequest(`วันสอบ: ${line.customer_name} ยังไม่ได้จองรอบสอบ${kindName(target.kind)} ให้จองรอบสอบแทนการเปลี่ยนวัน`);
    }
    if (current.session_id === b.session_id) throw badRequest('วันสอบ: เป็นรอบสอบเดิม');
    // both sessions locked in id order (two moves in opposite directions cannot deadlock)
    const [first, second] = [current.session_id, b.session_id].sort((x, y) => x - y) as [number, number];
    const a1 = await lockSession(tx, first);
    const a2 = await lockSession(tx, second);
    const s = (a1?.session_id === b.session_id ? a1 : a2)!;
    if (s.is_delete) throw notFound('ไม่พบรอบสอบนี้');
    assertBranch(actor, s.branch_id);
    if (s.branch_id !== line.branch_id) throw badRequest('สาขา: รอบสอบนี้เป็นของสาขาอื่น ผู้เรียนสมัครที่สาขาอื่น');
    await checkEligibility(tx, line, s, st, current.attempt_id);
    const [old] = await tx.select().from(examAttempts).where(eq(examAttempts.attempt_id, current.attempt_id));
    await releaseSeat(tx, actor, old!, `เปลี่ยนวันสอบ: ${b.reason}`, reqId);
    await takeSeat(tx, actor, s, line, reqId);
    oldValue = `${current.exam_date} ${current.start_time}`;
    newValue = `${s.exam_date} ${s.start_time}`;
  } else {
    const date = b.exam_date!;
    if (date < todayBangkok()) throw badRequest('วันสอบ: ต้องไม่เป็นวันที่ผ่านไปแล้ว');
    if (attempts.some((a) => a.status === 'booked'))
      throw badRequest('วันสอบ: มีการจองรอบสอบอยู่ ให้เลือกรอบสอบใหม่แทนการแก้วันที่');
    const taken = attempts.find((a) => a.exam_date === line.exam_date && a.status !== 'cancelled');
    if (taken)
      throw badRequest(`วันสอบ: ${line.customer_name} สอบไปแล้วเมื่อ ${d(taken.exam_date)} เปลี่ยนวันสอบที่สอบไปแล้วไม่ได้`);
    if (!line.is_active) throw badRequest(`สิทธิ์สอบ: สิทธิ์สอบของ ${line.customer_name} ถูกระงับ`);
    if (line.permission_date < date)
      throw badRequest(
        `สิทธิ์สอบ: สิทธิ์สอบของ ${line.customer_name} หมดวันที่ ${d(line.permission_date)} ก่อนวันสอบใหม่ ต้องต่ออายุสิทธิ์ก่อน`,
      );
    await tx.update(applicationCourses).set({ exam_date: date }).where(eq(applicationCourses.line_id, line.line_id));
    newValue = date;
  }
  const request = b.request_fee
    ? await makeRequestFee(
        tx,
        actor,
        line,
        st.exam_changedate_fee_id,
        'เปลี่ยนวันสอบ',
        newValue.slice(0, 10),
        b.reason,
        reqId,
      )
    : null;
  await tx.insert(examPermissionHistory).values({
    line_id: line.line_id,
    action: 'changedate',
    old_value: oldValue,
    new_value: newValue,
    reason: b.reason.trim(),
    request_application_id: request?.application_id ?? null,
    user_id: actor.userId,
  });
  await audit(
    tx,
    actor,
    {
      entity: 'exam_date',
      entityId: line.line_id,
      action: 'changedate',
      branchId: line.branch_id,
      before: { exam_date: oldValue },
      after: { exam_date: newValue, reason: b.reason, request },
    },
    reqId,
  );
  return { line_id: line.line_id, exam_date: newValue.slice(0, 10), request, customer_name: line.customer_name };
}

// ---- the exam-rule settings ----

export async function updateExamSettings(tx: Tx, actor: Actor, b: ExamSettingsBody, reqId?: string) {
  const before = await examSettings(tx);
  const next = { ...before, ...b };
  if (next.exam_theory_pass_mark > next.exam_theory_questions) {
    throw badRequest(
      `คะแนนผ่านภาคทฤษฎี: ${next.exam_theory_pass_mark} มากกว่าจำนวนข้อสอบ ${next.exam_theory_questions} ข้อ`,
    );
  }
  for (const [k, what] of [
    ['exam_extend_fee_id', 'ค่าคำร้องต่ออายุสิทธิ์สอบ'],
    ['exam_changedate_fee_id', 'ค่าคำร้องเปลี่ยนวันสอบ'],
  ] as const) {
    const id = b[k];
    if (id && !(await requestFeeInfo(tx, id))) throw badRequest(`${what}: ต้องเป็นค่าคำร้องที่เปิดใช้งานอยู่`);
  }
  const [row] = await tx
    .update(schoolSettings)
    .set({ ...b, updatedAt: new Date() })
    .where(eq(schoolSettings.id, 1))
    .returning();
  await audit(tx, actor, { entity: 'settings', entityId: 1, action: 'update', before, after: b }, reqId);
  return row!;
}

// ---- tables ----

const STATUS_BY_NAME: Record<string, string> = Object.fromEntries(
  Object.entries(EXAM_STATUS_NAMES).map(([k, v]) => [v, k]),
);
const KIND_BY_NAME: Record<string, string> = Object.fromEntries(
  Object.entries(EXAM_KIND_NAMES).map(([k, v]) => [v, k]),
);
const codeOf = (v: string | undefined, byName: Record<string, string>) => (isAll(v) ? undefined : (byName[v!] ?? v));

export interface ExamFilter {
  branch?: string;
  status?: string;
  type?: string;
  text?: string;
  start?: string;
  end?: string;
  date?: string;
  exam_kind?: string;
}

export async function examTable(db: Db, actor: Actor, f: ExamFilter, limit: number, offset: number) {
  const status = codeOf(f.status, STATUS_BY_NAME);
  const kind = codeOf(f.exam_kind, KIND_BY_NAME);
  const branch = scopedBranch(actor, f.branch);
  const where = allOf(
    branchScopeWhere(actor, examAttempts.branch_id),
    branch !== undefined ? eq(examAttempts.branch_id, branch) : undefined,
    status ? eq(examAttempts.status, status) : ne(examAttempts.status, 'cancelled'),
    kind ? eq(examSessions.kind, kind) : undefined,
    isAll(f.type) ? undefined : eq(examSessions.course_type, f.type!),
    f.date ? eq(examSessions.exam_date, f.date) : undefined,
    !f.date && f.start ? gte(examSessions.exam_date, f.start) : undefined,
    !f.date && f.end ? lte(examSessions.exam_date, f.end) : undefined,
    textFilter(examAttempts.application_id, f.text),
  );
  const order = f.date
    ? [asc(examSessions.start_time), asc(examSessions.session_id), asc(examAttempts.attempt_id)]
    : [
        desc(examSessions.exam_date),
        asc(examSessions.start_time),
        asc(examSessions.session_id),
        asc(examAttempts.attempt_id),
      ];
  const { rows, total } = await attemptPage(db, where, order, limit, offset);
  return { rows: rows.map(attemptApi), total };
}

export function attemptApi(r: Awaited<ReturnType<typeof attemptsOfSessions>>[number]) {
  return {
    ...r,
    kind_name: kindName(r.kind),
    status_name: EXAM_STATUS_NAMES[r.status] ?? r.status,
    recorded_at: r.recorded_at ? r.recorded_at.toISOString() : null,
  };
}

export async function examFilterOptions(db: Db, actor: Actor) {
  const bs = await db
    .select({ name: branches.name, value: branches.branch_id })
    .from(branches)
    .where(and(eq(branches.is_delete, false), branchScopeWhere(actor, branches.branch_id)))
    .orderBy(asc(branches.branch_id));
  const types = await db
    .select({ name: courseTypes.name })
    .from(courseTypes)
    .where(eq(courseTypes.is_delete, false))
    .orderBy(asc(courseTypes.sort));
  const all = { name: 'ทั้งหมด', value: 'ทั้งหมด' };
  return {
    branch: [all, ...bs],
    type: [all, ...types.map((t) => ({ name: t.name, value: t.name }))],
    exam_kind: [all, ...Object.values(EXAM_KIND_NAMES).map((n) => ({ name: n, value: n }))],
  };
}

export const examStatusOptions = () => [
  { name: 'ทั้งหมด', value: 'ทั้งหมด' },
  ...['booked', 'passed', 'failed', 'absent', 'cancelled'].map((k) => ({
    name: EXAM_STATUS_NAMES[k]!,
    value: EXAM_STATUS_NAMES[k]!,
  })),
];
export const permissionStatusOptions = () => [
  { name: 'ทั้งหมด', value: 'ทั้งหมด' },
  ...Object.values(PERMISSION_STATUS).map((n) => ({ name: n, value: n })),
];

export async function sessionsWithStudents(
  db: Db,
  actor: Actor,
  f0: { branch?: string; start?: string; end?: string; exam_kind?: string; type?: string },
) {
  const branch = scopedBranch(actor, f0.branch);
  const f = { ...f0, start: f0.start ?? todayBangkok() };
  const kind = codeOf(f.exam_kind, KIND_BY_NAME);
  const sessions = await sessionsBetween(
    db,
    allOf(
      sessionDateRange(f.start, f.end || f.start),
      branchScopeWhere(actor, examSessions.branch_id),
      branch !== undefined ? eq(examSessions.branch_id, branch) : undefined,
      kind ? eq(examSessions.kind, kind) : undefined,
      isAll(f.type) ? undefined : eq(examSessions.course_type, f.type!),
    ),
  );
  const students = await attemptsOfSessions(
    db,
    sessions.map((s) => s.session_id),
  );
  return sessions.map((s) => ({
    ...sessionApi(s),
    students: students.filter((a) => a.session_id === s.session_id).map(attemptApi),
  }));
}

export function sessionApi<T extends { kind: string; capacity: number; booked: number }>(s: T) {
  return { ...s, kind_name: kindName(s.kind), free: s.capacity - s.booked };
}

export async function sessionDetail(db: Db, actor: Actor, sessionId: number) {
  const [s] = await sessionsBetween(db, eq(examSessions.session_id, sessionId));
  if (!s) throw notFound('ไม่พบรอบสอบนี้');
  assertBranch(actor, s.branch_id);
  const st = await examSettings(db);
  const students = (await attemptsOfSessions(db, [sessionId])).map(attemptApi);
  const manoeuvres = s.kind === 'practical' ? await manoeuvresOf(db, s.course_type) : [];
  return {
    ...sessionApi(s),
    students,
    manoeuvres,
    theory_questions: st.exam_theory_questions,
    theory_pass_mark: st.exam_theory_pass_mark,
  };
}

/** Colours of the calendar: a hue per kind (theory blue, practical green), a shade per licence type. */
const PALETTE: Record<string, string[]> = {
  theory: ['#1677ff', '#2f54eb', '#13c2c2', '#597ef7', '#36cfc9'],
  practical: ['#389e0d', '#d48806', '#c41d7f', '#7cb305', '#d4380d'],
};
/** A licence type in an event id: its place in the list (ASCII: the ids travel in every event), else its name. */
const typeKey = (types: string[], type: string) => {
  const i = types.indexOf(type);
  return i < 0 ? encodeURIComponent(type) : `t${i}`;
};

export function colourOf(kind: string, typeIndex: number) {
  const p = PALETTE[kind] ?? PALETTE.theory!;
  return p[Math.max(0, typeIndex) % p.length]!;
}

export async function calendar(db: Db, actor: Actor, q0: CalendarQuery) {
  const branchChecked = scopedBranch(actor, q0.branch);
  const month = (q0.start ?? todayBangkok()).slice(0, 7);
  const start = q0.start ?? `${month}-01`;
  const q = { ...q0, start, end: q0.end ?? addDays(addDays(`${month}-01`, 32).slice(0, 7) + '-01', -1) };
  if (q.end < q.start) throw badRequest('วันสิ้นสุด: ต้องไม่ก่อนวันเริ่มต้น');
  if (addDays(q.start, 62) < q.end) throw badRequest('ช่วงวันที่: ปฏิทินแสดงได้ครั้งละไม่เกิน 62 วัน');
  const branch = branchChecked;
  const kind = codeOf(q.exam_kind, KIND_BY_NAME);
  // the licence types' order gives each its shade; read beside the events (two round trips at once, not one after the other)
  const typeNames = courseTypeOrder(db);
  const filters = allOf(
    sessionDateRange(q.start, q.end),
    branchScopeWhere(actor, examSessions.branch_id),
    branch !== undefined ? eq(examSessions.branch_id, branch) : undefined,
    kind ? eq(examSessions.kind, kind) : undefined,
    isAll(q.type) ? undefined : eq(examSessions.course_type, q.type!),
  );
  if (q.group === 'slot') {
    // a week across branches: one event per day, time, kind and licence type with the sessions' counts (a head office
    // sees "09:00 ภาคทฤษฎี รถยนต์ · 20 สาขา (380/1200)", not 20 boxes); a slot held by one session is that session
    const [slots, types] = await Promise.all([calendarSlots(db, filters), typeNames]);
    const multiBranch = new Set(slots.map((x) => x.branch_id)).size > 1 || slots.some((x) => x.branches > 1);
    return slots.map((x) => {
      const one = x.sessions === 1;
      // "· 3 สาขา" when each branch holds one session at that time, "· 3 สาขา 4 รอบ" when one holds two
      const where = one
        ? multiBranch
          ? ` · ${x.branch_name}`
          : ''
        : ` · ${x.branches} สาขา${x.sessions > x.branches ? ` ${x.sessions} รอบ` : ''}`;
      return {
        id: one
          ? `session-${x.session_id}`
          : `slot-${x.date}-${x.start_time}-${x.kind}-${typeKey(types, x.course_type)}`,
        title: `${x.start_time} ${kindName(x.kind)} ${x.course_type}${where} (${x.booked}/${x.capacity})`,
        start: `${x.date}T${x.start_time}:00+07:00`,
        allDay: false,
        color: colourOf(x.kind, types.indexOf(x.course_type)),
        extendedProps: {
          session_id: one ? x.session_id : null,
          kind: x.kind,
          course_type: x.course_type,
          branch_id: one ? x.branch_id : null,
          sessions: x.sessions,
          capacity: x.capacity,
          booked: x.booked,
          passed: x.passed,
          failed: x.failed,
          ...(one ? { branch_name: x.branch_name } : {}),
        },
      };
    });
  }
  if (q.group === 'day') {
    // a day per kind and licence type with its counts: at most (days × kinds × types) events, whatever the branches
    const [days, types] = await Promise.all([calendarDays(db, filters), typeNames]);
    return days.map((x) => ({
      id: `day-${x.date}-${x.kind}-${typeKey(types, x.course_type)}`,
      start: x.date,
      allDay: true,
      color: colourOf(x.kind, types.indexOf(x.course_type)),
      title: `${x.kind === 'theory' ? 'ทฤษฎี' : 'ปฏิบัติ'} ${x.course_type}${x.sessions > 1 ? ` ${x.sessions} รอบ` : ''} (${x.booked}/${x.capacity})`,
      extendedProps: {
        session_id: null,
        kind: x.kind,
        course_type: x.course_type,
        branch_id: null,
        sessions: x.sessions,
        capacity: x.capacity,
        booked: x.booked,
        passed: x.passed,
        failed: x.failed,
      },
    }));
  }
  const [sessions, types] = await Promise.all([calendarSessions(db, filters), typeNames]);
  const multiBranch = new Set(sessions.map((s) => s.branch_id)).size > 1;
  return sessions.map((s) => ({
    id: `session-${s.session_id}`,
    title: `${s.start_time} ${kindName(s.kind)} ${s.course_type} (${s.booked}/${s.capacity})${multiBranch ? ` · ${s.branch_name}` : ''}`,
    start: `${s.exam_date}T${s.start_time}:00+07:00`,
    allDay: false,
    color: colourOf(s.kind, types.indexOf(s.course_type)),
    extendedProps: {
      session_id: s.session_id,
      kind: s.kind,
      course_type: s.course_type,
      branch_id: s.branch_id,
      sessions: 1,
      capacity: s.capacity,
      booked: s.booked,
      passed: s.passed,
      failed: s.failed,
      branch_name: s.branch_name,
      place: s.place,
    },
  }));
}

// ---- the permission table ----

/** A line's permission status, read from its permission row alone (passed, active, date). */
function permissionStatus(st: ExamSettingsRow, today: string) {
  const p = examPermissions;
  return sql<string>`case
    when ${p.passed} then ${PERMISSION_STATUS.passed}::text
    when not ${p.is_active} then ${PERMISSION_STATUS.disabled}::text
    when ${p.permission_date} < ${today}::date then ${PERMISSION_STATUS.expired}::text
    when ${p.permission_date} <= ${addDays(today, st.exam_permission_warn_days)}::date then ${PERMISSION_STATUS.expiring}::text
    else ${PERMISSION_STATUS.active}::text end`;
}

/** The same statuses as conditions on the row's columns, so that a status filter is a range of the date index. */
function permissionStatusWhere(status: string, st: ExamSettingsRow, today: string): SQL {
  const p = examPermissions;
  const warnEnd = addDays(today, st.exam_permission_warn_days);
  const running = and(eq(p.passed, false), eq(p.is_active, true))!;
  switch (status) {
    case PERMISSION_STATUS.passed:
      return eq(p.passed, true);
    case PERMISSION_STATUS.disabled:
      return and(eq(p.passed, false), eq(p.is_active, false))!;
    case PERMISSION_STATUS.expired:
      return and(running, lt(p.permission_date, today))!;
    case PERMISSION_STATUS.expiring:
      return and(running, gte(p.permission_date, today), lte(p.permission_date, warnEnd))!;
    case PERMISSION_STATUS.active:
      return and(running, gt(p.permission_date, warnEnd))!;
    default:
      return sql`false`;
  }
}

const permissionFrom = (conn: Conn, select: Record<string, unknown>) =>
  conn
    .select(select as never)
    .from(examPermissions)
    .innerJoin(applicationCourses, eq(applicationCourses.line_id, examPermissions.line_id))
    .innerJoin(applications, eq(applications.application_id, examPermissions.application_id))
    .innerJoin(customers, eq(customers.customer_id, applications.customer_id))
    .innerJoin(branches, eq(branches.branch_id, applications.branch_id));

export function permissionSelect(st: ExamSettingsRow, today: string) {
  const p = examPermissions;
  return {
    line_id: p.line_id,
    application_id: applications.application_id,
    application_code: applications.application_code,
    customer_id: customers.customer_id,
    customer_name: customerName,
    idcard: customers.idcard,
    phone_1: customers.phone_1,
    course_name: applicationCourses.course_name,
    course_type: applicationCourses.course_type,
    exam_date: applicationCourses.exam_date,
    permission_date: p.permission_date,
    is_active: p.is_active,
    status: permissionStatus(st, today),
    days_left: sql<number>`(${p.permission_date} - ${today}::date)::int`,
    passed: p.passed,
    branch_id: applications.branch_id,
    branch_name: branches.name,
    createdAt: applications.createdAt,
  };
}

/**
 * exam/permission: the permissions still running first, the one ending soonest on top, then those already ended, the
 * latest first. Each half is a walk of the (permission_date, line_id) index that stops at the page; the rows are then
 * read for the page's lines only. Without a text or licence type the total is counted on the permission rows alone
 * (an index-only count) minus those of cancelled registrations.
 */
export async function permissionTable(db: Db, actor: Actor, f: ExamFilter, limit: number, offset: number) {
  const st = await examSettings(db);
  const today = todayBangkok();
  const p = examPermissions;
  const branch = scopedBranch(actor, f.branch);
  const own = allOf(
    branchScopeWhere(actor, p.branch_id),
    branch !== undefined ? eq(p.branch_id, branch) : undefined,
    isAll(f.status) ? undefined : permissionStatusWhere(f.status!, st, today),
    f.start ? gte(p.permission_date, f.start) : undefined,
    f.end ? lte(p.permission_date, f.end) : undefined,
  );
  const ofLine = allOf(
    isAll(f.type) ? undefined : eq(applicationCourses.course_type, f.type!),
    textFilter(p.application_id, f.text),
  );
  const walk = (half: SQL, order: SQL[]) =>
    db
      .select({ line_id: p.line_id })
      .from(p)
      .innerJoin(applicationCourses, eq(applicationCourses.line_id, p.line_id))
      .innerJoin(applications, eq(applications.application_id, p.application_id))
      .where(allOf(own, ofLine, eq(applications.is_delete, false), half))
      .orderBy(...order)
      .limit(offset + limit);
  const count = ofLine
    ? db
        .select({ n: sql<number>`count(*)::int` })
        .from(p)
        .innerJoin(applicationCourses, eq(applicationCourses.line_id, p.line_id))
        .innerJoin(applications, eq(applications.application_id, p.application_id))
        .where(allOf(own, ofLine, eq(applications.is_delete, false)))
        .then((r) => r[0]!.n)
    : liveLineCount(db, own);
  const [running, ended, total] = await Promise.all([
    walk(gte(p.permission_date, today), [asc(p.permission_date), asc(p.line_id)]),
    walk(lt(p.permission_date, today), [desc(p.permission_date), desc(p.line_id)]),
    count,
  ]);
  const ids = [...running, ...ended].slice(offset, offset + limit).map((r) => r.line_id);
  const found = ids.length
    ? ((await permissionFrom(db, permissionSelect(st, today)).where(
        inArray(p.line_id, ids),
      )) as unknown as PermissionRowDb[])
    : [];
  const byId = new Map(found.map((r) => [r.line_id, r]));
  return { rows: ids.map((id) => permissionApi(byId.get(id)!)), total };
}

type PermissionRowDb = { [K in keyof ReturnType<typeof permissionSelect>]: unknown } & {
  createdAt: Date;
  line_id: number;
};
const permissionApi = (r: PermissionRowDb) =>
  ({ ...r, createdAt: r.createdAt.toISOString() }) as unknown as PermissionRow;

const HISTORY_NAMES: Record<string, string> = {
  extend: 'ต่ออายุสิทธิ์สอบ',
  disable: 'ระงับสิทธิ์สอบ',
  changedate: 'เปลี่ยนวันสอบ',
};

/** exam/permission/:id — the permission of every course line of one application, with its history and attempts. */
export async function permissionDetail(db: Db, actor: Actor, applicationId: number) {
  const [app] = await db
    .select({ a: applications, customer_name: customerName, idcard: customers.idcard, branch_name: branches.name })
    .from(applications)
    .innerJoin(customers, eq(customers.customer_id, applications.customer_id))
    .innerJoin(branches, eq(branches.branch_id, applications.branch_id))
    .where(eq(applications.application_id, applicationId));
  if (!app || app.a.kind !== 'course') throw notFound('ไม่พบใบสมัครนี้');
  assertBranch(actor, app.a.branch_id);
  const st = await examSettings(db);
  const lines = (
    (await permissionFrom(db, permissionSelect(st, todayBangkok()))
      .where(eq(applications.application_id, applicationId))
      .orderBy(asc(applicationCourses.line_no))) as unknown as PermissionRowDb[]
  ).map(permissionApi);
  const ids = lines.map((l) => l.line_id);
  const history = await historyOfLines(db, ids);
  const attempts = ids.length
    ? (
        await attemptPage(
          db,
          and(inArray(examAttempts.line_id, ids), ne(examAttempts.status, 'cancelled')),
          [desc(examSessions.exam_date)],
          100,
          0,
        )
      ).rows.map(attemptApi)
    : [];
  return {
    application_id: app.a.application_id,
    application_code: app.a.application_code,
    customer_name: app.customer_name,
    idcard: app.idcard,
    status: app.a.status,
    balance: canonicalMoney(app.a.balance),
    branch_id: app.a.branch_id,
    branch_name: app.branch_name,
    lines: lines.map((l) => ({
      ...l,
      history: history
        .filter((h) => h.line_id === l.line_id)
        .map((h) => ({ ...h, action_name: HISTORY_NAMES[h.action] ?? h.action, createdAt: h.createdAt.toISOString() })),
      attempts: attempts.filter((a) => a.line_id === l.line_id),
    })),
    fees: { extend: await feeApi(db, st.exam_extend_fee_id), changedate: await feeApi(db, st.exam_changedate_fee_id) },
  };
}

async function feeApi(db: Db, id: number | null) {
  const f = await requestFeeInfo(db, id);
  return f ? { ...f, price: canonicalMoney(f.price) } : null;
}

/**
 * application/getforpermission and application/getformanageExam: applications with their course lines' exam state.
 * Live applications only (a cancelled one has no exam); the page and its count are the application list's own
 * (applicationPageWhere, and the per-branch statistics when no text or licence type is given).
 */
export async function applicationsForExam(db: Db, actor: Actor, f: ExamFilter, limit: number, offset: number) {
  const today = todayBangkok();
  const q = await resolveText(db, {
    branch: f.branch,
    status: f.status,
    type: f.type,
    text: isAll(f.text) ? undefined : f.text,
    live: true,
  });
  const [st, apps, { total: n }] = await Promise.all([
    examSettings(db),
    db
      .select({
        application_id: applications.application_id,
        application_code: applications.application_code,
        status: applications.status,
        total: applications.total,
        discount: applications.discount,
        net: applications.net,
        paid: applications.paid,
        balance: applications.balance,
        customer_id: customers.customer_id,
        customer_name: customerName,
        idcard: customers.idcard,
        phone_1: customers.phone_1,
        branch_id: applications.branch_id,
        branch_name: branches.name,
        createdAt: applications.createdAt,
      })
      .from(applications)
      .innerJoin(customers, eq(customers.customer_id, applications.customer_id))
      .innerJoin(branches, eq(branches.branch_id, applications.branch_id))
      .where(applicationPageWhere(db, actor, q, limit, offset))
      .orderBy(...newestFirst),
    applicationSummary(db, actor, q),
  ]);
  const ids = apps.map((a) => a.application_id);
  const lines = ids.length
    ? ((await permissionFrom(db, {
        ...permissionSelect(st, today),
        cost: applicationCourses.cost,
        discount: applicationCourses.discount,
        last_status: sql<
          string | null
        >`(select x.status from exam_attempts x join exam_sessions xs on xs.session_id = x.session_id where x.line_id = ${applicationCourses.line_id} and x.status <> 'cancelled' order by xs.exam_date desc, x.attempt_id desc limit 1)`,
      })
        .where(inArray(applications.application_id, ids))
        .orderBy(asc(applicationCourses.line_no))) as unknown as (PermissionRowDb & {
        application_id: number;
        last_status: string | null;
        cost: string;
        discount: string;
      })[])
    : [];
  const m = canonicalMoney;
  return {
    rows: apps.map((a) => ({
      ...a,
      total: m(a.total),
      discount: m(a.discount),
      net: m(a.net),
      paid: m(a.paid),
      balance: m(a.balance),
      createdAt: a.createdAt.toISOString(),
      course: lines
        .filter((l) => l.application_id === a.application_id)
        .map((l) => ({
          ...permissionApi(l),
          cost: m(l.cost),
          discount: m(l.discount),
          last_status: l.last_status,
          last_status_name: l.last_status ? EXAM_STATUS_NAMES[l.last_status] : null,
        })),
      other_fee: [] as unknown[],
    })),
    total: n,
  };
}

/** customer/exam — a customer's exams across all applications (the caller's branches). */
export async function customerExams(db: Db, actor: Actor, customerId: number) {
  const [c] = await db
    .select({ id: customers.customer_id })
    .from(customers)
    .where(eq(customers.customer_id, customerId));
  if (!c) throw notFound('ไม่พบลูกค้านี้');
  const { rows } = await attemptPage(
    db,
    allOf(
      eq(examAttempts.customer_id, customerId),
      ne(examAttempts.status, 'cancelled'),
      branchScopeWhere(actor, examAttempts.branch_id),
    ),
    [desc(examSessions.exam_date), desc(examAttempts.attempt_id)],
    100,
    0,
  );
  return rows.map(attemptApi);
}

/** The home page: today's sessions and the permissions that end within the warning days. */
export async function examHome(db: Db, actor: Actor) {
  const st = await examSettings(db);
  const today = todayBangkok();
  const sessions = await sessionsBetween(
    db,
    allOf(eq(examSessions.exam_date, today), branchScopeWhere(actor, examSessions.branch_id)),
  );
  const { rows, total } = await permissionTable(db, actor, { status: PERMISSION_STATUS.expiring }, 10, 0);
  return {
    today: sessions.map(sessionApi),
    expiring: rows,
    expiring_total: total,
    warn_days: st.exam_permission_warn_days,
  };
}

/** The roster of a session for the document: number, name, national ID, course. */
export async function rosterData(db: Db, sessionId: number) {
  const [s] = await sessionsBetween(db, eq(examSessions.session_id, sessionId));
  if (!s) throw notFound('ไม่พบรอบสอบนี้');
  const students = (await attemptsOfSessions(db, [sessionId])).map(attemptApi);
  return { session: sessionApi(s), students };
}
