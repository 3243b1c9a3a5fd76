/**
 * The booking rules shared by booking, moving and theory classes: the instructor's branch, hours and leave, the
 * vehicle's branch, type and papers, the course line's registration, hours and payment — each refused with a Thai
 * message naming the field and what to do — and the overlap refusal that names the lesson already there.
 */
import { formatThaiDate } from '@khabkhi/thai';
import type { Conn, Tx } from '../../db/connection.js';
import { assertBranch, type Actor } from '../../http/auth.js';
import { badRequest, conflict, notFound } from '../../http/errors.js';
import { staffOf } from '../employees/index.js';
import { assertRegistrationLive } from '../exams/index.js';
import {
  instructorDay,
  lineContext,
  heldLesson,
  lineMinutes,
  overlapColumn,
  vehicleOf,
  type LessonLine,
  type HeldColumn,
  type HeldLesson,
  type LessonSettingsRow,
} from './repo.js';
import {
  VEHICLE_TYPE_NAMES,
  VEHICLE_TYPE_OF,
  WEEKDAY_NAMES,
  checkTimes,
  hoursPart,
  hoursText,
  paidPercent,
  slotText,
  weekdayIndex,
} from './rules.js';

export const d = (date: string) => formatThaiDate(date);

/** The time rules (end after start, the school day, the longest lesson): the minutes, or a Thai 400. */
export function minutesOrRefuse(s: LessonSettingsRow, kind: 'practice' | 'class', start: string, end: string) {
  const r = checkTimes(s, kind, start, end);
  if ('error' in r) throw badRequest(r.error);
  return r.minutes;
}

/** The instructor teaches at the branch, has hours covering the time that weekday and is not on leave that day. */
export async function checkInstructor(
  conn: Conn,
  branchId: number,
  instructorId: number,
  date: string,
  start: string,
  end: string,
) {
  const staff = (await staffOf(conn, branchId, instructorId))[0];
  if (!staff) throw badRequest('ครูฝึก: ไม่พบครูฝึกนี้ในสาขา (หรือบัญชีถูกระงับ) ให้เลือกครูฝึกของสาขาหรือสำนักงานใหญ่');
  const wd = weekdayIndex(date);
  const day = await instructorDay(conn, instructorId, branchId, wd, date);
  if (!day.anyHours)
    throw badRequest(`ครูฝึก: ยังไม่ได้กำหนดเวลาทำงานของครูฝึก ${staff.name} ให้กำหนดเวลาทำงานประจำสัปดาห์ก่อนจองคาบเรียน`);
  if (day.leave !== null)
    throw badRequest(
      `ครูฝึก: ${staff.name} ลางานวันที่ ${d(date)}${day.leave ? ` (${day.leave})` : ''} ให้เลือกครูฝึกคนอื่นหรือวันอื่น`,
    );
  if (!day.hours.some((h) => h.start_time <= start && h.end_time >= end)) {
    const list = day.hours.map((h) => `${h.start_time}–${h.end_time}`).join(', ');
    throw badRequest(
      day.hours.length
        ? `เวลาเรียน: ${staff.name} ทำงานวัน${WEEKDAY_NAMES[wd]}ที่สาขานี้เวลา ${list} น. ให้เลือกเวลาในช่วงนั้น`
        : `ครูฝึก: ${staff.name} ไม่ได้ทำงานวัน${WEEKDAY_NAMES[wd]}ที่สาขานี้ ให้เลือกวันอื่นหรือครูฝึกคนอื่น`,
    );
  }
  return staff;
}

/** The vehicle is the branch's, live, in service, of the course's type, with tax and พ.ร.บ. running on the day. */
export async function checkVehicle(conn: Conn, branchId: number, vehicleId: number, courseType: string, date: string) {
  const v = await vehicleOf(conn, vehicleId);
  if (!v || v.is_delete) throw badRequest('รถ: ไม่พบรถคันนี้ ให้เลือกรถของสาขา');
  if (v.branch_id !== branchId) throw badRequest(`รถ: ${v.name} เป็นรถของสาขาอื่น ให้เลือกรถของสาขานี้`);
  if (v.status !== 'active')
    throw badRequest(`รถ: ${v.name} ${v.status === 'repair' ? 'อยู่ระหว่างซ่อม' : 'จำหน่ายแล้ว'} ใช้สอนไม่ได้ ให้เลือกรถคันอื่น`);
  const want = VEHICLE_TYPE_OF[courseType];
  if (!want) throw badRequest(`รถ: หลักสูตรประเภท${courseType}ไม่มีรถฝึกที่ใช้ได้ (รถยนต์หรือรถจักรยานยนต์)`);
  if (v.type !== want)
    throw badRequest(
      `รถ: ${v.name} เป็น${VEHICLE_TYPE_NAMES[v.type] ?? v.type} แต่หลักสูตรเป็น${courseType} ให้เลือก${VEHICLE_TYPE_NAMES[want]}`,
    );
  if (v.noti_tax && v.noti_tax < date)
    throw badRequest(`รถ: ภาษีรถ ${v.name} ครบกำหนดวันที่ ${d(v.noti_tax)} ก่อนวันเรียน ให้ต่อภาษีก่อนหรือเลือกรถคันอื่น`);
  if (v.noti_compulsory && v.noti_compulsory < date)
    throw badRequest(`รถ: พ.ร.บ. รถ ${v.name} หมดวันที่ ${d(v.noti_compulsory)} ก่อนวันเรียน ให้ต่อ พ.ร.บ. ก่อนหรือเลือกรถคันอื่น`);
  return v;
}

/** A course line in the caller's branch scope whose registration is live (not cancelled, not ended by a refund). */
export async function liveLine(conn: Conn, actor: Actor, lineId: number, what: string) {
  const line = await lineContext(conn, lineId);
  if (!line) throw notFound('ไม่พบหลักสูตรนี้ในใบสมัคร');
  assertBranch(actor, line.branch_id);
  assertRegistrationLive(line, what);
  return line;
}

/**
 * The line still has `minutes` of the part (practice or theory) left — `freed` minutes of the lesson being moved
 * count back — and, before its first practical lesson, has paid the school's share.
 */
export async function checkLineHours(
  conn: Conn,
  s: LessonSettingsRow,
  line: LessonLine,
  part: 'practice' | 'theory',
  minutes: number,
  freed = 0,
) {
  const m = await lineMinutes(conn, line.line_id);
  const p = hoursPart({
    included: (part === 'practice' ? line.practice_hours : line.theory_hours) * 60,
    ...m[part],
  });
  const left = p.remaining + freed;
  if (left < minutes) {
    const partName = part === 'practice' ? 'ภาคปฏิบัติ' : 'ภาคทฤษฎี';
    throw badRequest(
      `ชั่วโมงเรียน: ${line.customer_name} เหลือชั่วโมง${partName} ${hoursText(Math.max(0, left))} ไม่พอสำหรับ ${hoursText(minutes)} (${line.course_name}) ให้ซื้อชั่วโมงเพิ่มก่อนจอง`,
    );
  }
  if (part === 'practice' && s.min_paid_percent > 0 && m.practiceLive === 0) {
    const pct = paidPercent(line.paid, line.net);
    if (pct < s.min_paid_percent)
      throw badRequest(
        `การชำระเงิน: ${line.customer_name} ชำระแล้ว ${Math.floor(pct)}% ของใบสมัคร ${line.application_code} โรงเรียนกำหนดให้ชำระอย่างน้อย ${s.min_paid_percent}% ก่อนเรียนภาคปฏิบัติครั้งแรก ให้รับชำระก่อนจอง`,
      );
  }
}

const RESOURCE_NAMES: Record<HeldColumn, (r: HeldLesson) => string> = {
  instructor_id: (r) => `ครูฝึก ${r.instructor_name}`,
  vehicle_id: (r) => `รถ ${r.vehicle_name}`,
  customer_id: (r) => `ผู้เรียน ${r.customer_name}`,
  room_id: (r) => `ห้อง ${r.room_name}`,
};

/** What a lesson is, in a refusal: "คาบเรียนของ นายเอ 09:00–10:00 น. วันที่ 3 ธ.ค. 2569". */
export function lessonText(
  r: Pick<HeldLesson, 'kind' | 'customer_name' | 'course_type' | 'room_name' | 'starts_at' | 'ends_at'>,
) {
  const what =
    r.kind === 'practice'
      ? `คาบเรียนของ ${r.customer_name}`
      : r.kind === 'seat'
        ? `ชั้นเรียนภาคทฤษฎีของ ${r.customer_name}`
        : `ชั้นเรียนภาคทฤษฎี${r.course_type} ห้อง ${r.room_name}`;
  return `${what} ${slotText(new Date(r.starts_at), new Date(r.ends_at))}`;
}

export interface OverlapProbe {
  candidates: { column: HeldColumn; id: number | null }[];
  startsAt: Date;
  endsAt: Date;
  /** the rows being written (a moved lesson, a class and its seats) */
  notIds: number[];
}

/**
 * Runs a write of live rows in a savepoint: when an exclusion constraint refuses it (SQLSTATE 23P01, the other writer
 * already committed) the answer is a Thai 409 naming the lesson already holding the instructor, vehicle, student or
 * room; the transaction stays usable and nothing of the write remains.
 */
export async function withoutOverlap<T>(tx: Tx, probe: OverlapProbe, write: (sp: Tx) => Promise<T>): Promise<T> {
  try {
    return await tx.transaction((sp) => write(sp));
  } catch (e) {
    const err = e as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
    const code = err.cause?.code ?? err.code;
    if (code !== '23P01') throw e;
    await refuseHeldTime(tx, probe, overlapColumn(err.cause?.constraint ?? err.constraint));
    throw conflict('เวลานี้ถูกจองไปแล้ว กรุณาโหลดตารางเรียนใหม่แล้วเลือกเวลาอื่น');
  }
}

/**
 * The Thai 409 naming the lesson that holds a candidate — the first candidate held, its earliest lesson; only
 * `column`'s when the constraint named it — or nothing when none is held.
 */
async function refuseHeldTime(tx: Tx, probe: OverlapProbe, column?: string | null) {
  const candidates = probe.candidates.filter(
    (c): c is { column: HeldColumn; id: number } => c.id !== null && (!column || c.column === column),
  );
  const other = await heldLesson(tx, candidates, probe.startsAt, probe.endsAt, probe.notIds);
  if (other) throw conflict(`${RESOURCE_NAMES[other.column](other)} มี${lessonText(other)} อยู่แล้ว ให้เลือกเวลาอื่น`);
}

/**
 * A time already held by a committed lesson, refused before the other checks of a booking (desks aiming at the same
 * slot at once: most requests are refused, and refused early): one query, the named refusal. Only a shortcut: the
 * exclusion constraints stay what guarantees no overlap (withoutOverlap).
 */
export const refuseTakenTime = (tx: Tx, probe: OverlapProbe) => refuseHeldTime(tx, probe);
