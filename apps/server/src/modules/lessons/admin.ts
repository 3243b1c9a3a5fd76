/**
 * What a manager sets up: instructors' weekly hours, leave and dated rates (replaced in one transaction), the branch's
 * classrooms (soft delete with audit) and the school's lesson rules (the one settings row).
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import { addDays, fromSatang, toSatang, todayBangkok } from '@khabkhi/thai';
import type { AvailabilityUpdateBody, LessonSettings, RoomBody, RoomUpdateBody } from '@khabkhi/contracts';
import type { Conn, Tx } from '../../db/connection.js';
import { repository } from '../../db/repository.js';
import { branches } from '../../db/schema/core.js';
import {
  instructorHours,
  instructorLeave,
  instructorRates,
  lessonRooms,
  lessonSettings,
} from '../../db/schema/lessons.js';
import { audit } from '../../http/audit.js';
import { assertBranch, type Actor } from '../../http/auth.js';
import { assertLiveBranch } from '../../http/branch.js';
import { badRequest, notFound } from '../../http/errors.js';
import { staffOf } from '../employees/index.js';
import { branchInstructors } from './lists.js';
import { courseTypeExists, lessonSettingsOf, rowsOf } from './repo.js';
import { WEEKDAY_NAMES } from './rules.js';

// ---- instructor availability ----

export async function availability(
  conn: Conn,
  actor: Actor,
  q: { branch_id: number; instructor_id?: number; date_from?: string; date_to?: string },
) {
  assertBranch(actor, q.branch_id);
  let people = await branchInstructors(conn, q.branch_id);
  if (q.instructor_id !== undefined) {
    const all = await staffOf(conn, q.branch_id);
    people = all.filter((p) => p.user_id === q.instructor_id);
    if (!people.length) throw notFound('ไม่พบครูฝึกนี้ในสาขา');
  }
  const ids = people.map((p) => p.user_id);
  if (!ids.length) return [];
  const from = q.date_from ?? todayBangkok();
  const to = q.date_to ?? addDays(from, 365);
  const idList = sql.join(ids, sql`, `);
  // one after the other: the connection may be a transaction's single client
  const hours = await rowsOf(
    conn,
    sql`select user_id, weekday, start_time, end_time from instructor_hours
        where branch_id = ${q.branch_id} and user_id in (${idList}) order by weekday, start_time`,
  );
  const leave = await rowsOf(
    conn,
    sql`select user_id, date::text as date, reason from instructor_leave
        where user_id in (${idList}) and date between ${from} and ${to} order by date`,
  );
  const rates = await rowsOf(
    conn,
    sql`select user_id, course_type, part, rate::text as rate, valid_from::text as valid_from from instructor_rates
        where user_id in (${idList}) order by course_type, part, valid_from`,
  );
  const of = (rows: Record<string, unknown>[], id: number) => rows.filter((r) => Number(r.user_id) === id);
  return people.map((p) => ({
    instructor_id: p.user_id,
    name: p.name,
    position: p.position,
    hours: of(hours, p.user_id).map((h) => ({
      weekday: Number(h.weekday),
      start_time: String(h.start_time),
      end_time: String(h.end_time),
    })),
    leave: of(leave, p.user_id).map((x) => ({ date: String(x.date).slice(0, 10), reason: String(x.reason) })),
    rates: of(rates, p.user_id).map((r) => ({
      course_type: String(r.course_type),
      part: String(r.part),
      rate: fromSatang(toSatang(String(r.rate))),
      valid_from: String(r.valid_from).slice(0, 10),
    })),
  }));
}

export async function updateAvailability(tx: Tx, actor: Actor, b: AvailabilityUpdateBody, reqId?: string) {
  await assertLiveBranch(tx, actor, b.branch_id);
  const staff = (await staffOf(tx, b.branch_id, b.instructor_id))[0];
  if (!staff) throw badRequest('ครูฝึก: ไม่พบพนักงานนี้ในสาขา (หรือบัญชีถูกระงับ)');
  const hours = [...b.hours].sort((x, y) => x.weekday - y.weekday || x.start_time.localeCompare(y.start_time));
  hours.forEach((h, i) => {
    const at = `เวลาทำงาน วัน${WEEKDAY_NAMES[h.weekday]} ${h.start_time}`;
    if (h.end_time <= h.start_time) throw badRequest(`${at}: เวลาสิ้นสุดต้องหลังเวลาเริ่ม`);
    const prev = hours[i - 1];
    if (prev && prev.weekday === h.weekday && prev.end_time > h.start_time)
      throw badRequest(`${at}: ซ้อนกับช่วง ${prev.start_time}–${prev.end_time} ของวันเดียวกัน ให้รวมเป็นช่วงเดียว`);
  });
  const leave = b.leave ?? [];
  const seen = new Set<string>();
  for (const l of leave) {
    if (seen.has(l.date)) throw badRequest(`วันลา: วันที่ ${l.date} ซ้ำกัน`);
    seen.add(l.date);
  }
  const rates = b.rates ?? [];
  const rateKeys = new Set<string>();
  for (const [i, r] of rates.entries()) {
    const key = `${r.course_type}|${r.part}|${r.valid_from}`;
    if (rateKeys.has(key)) throw badRequest(`อัตราค่าสอน รายการที่ ${i + 1}: ซ้ำกับรายการก่อนหน้า`);
    rateKeys.add(key);
    if (!(await courseTypeExists(tx, r.course_type)))
      throw badRequest(`อัตราค่าสอน รายการที่ ${i + 1}: ไม่พบประเภทหลักสูตร "${r.course_type}"`);
  }
  const before = await availability(tx, actor, { branch_id: b.branch_id, instructor_id: b.instructor_id });
  await tx
    .delete(instructorHours)
    .where(and(eq(instructorHours.user_id, b.instructor_id), eq(instructorHours.branch_id, b.branch_id)));
  if (hours.length)
    await tx
      .insert(instructorHours)
      .values(hours.map((h) => ({ ...h, user_id: b.instructor_id, branch_id: b.branch_id })));
  // leave and rates are history: a save replaces what the screen shows and edits (leave from today for a year, rates
  // from today on, and any day or dated rate it sends); earlier leave and dated rates it does not send are kept
  const today = todayBangkok();
  if (b.leave !== undefined) {
    const sent = leave.map((l) => l.date);
    await tx
      .delete(instructorLeave)
      .where(
        and(
          eq(instructorLeave.user_id, b.instructor_id),
          sql`(${instructorLeave.date} between ${today} and ${addDays(today, 365)}${
            sent.length ? sql` or ${instructorLeave.date} in (${sql.join(sent, sql`, `)})` : sql``
          })`,
        ),
      );
    if (leave.length)
      await tx
        .insert(instructorLeave)
        .values(leave.map((l) => ({ user_id: b.instructor_id, date: l.date, reason: (l.reason ?? '').trim() })));
  }
  if (b.rates !== undefined) {
    const sent = rates.map((r) => sql`(${r.course_type}, ${r.part}, ${r.valid_from}::date)`);
    await tx
      .delete(instructorRates)
      .where(
        and(
          eq(instructorRates.user_id, b.instructor_id),
          sql`(${instructorRates.valid_from} >= ${today}${
            sent.length
              ? sql` or (${instructorRates.course_type}, ${instructorRates.part}, ${instructorRates.valid_from}) in (${sql.join(sent, sql`, `)})`
              : sql``
          })`,
        ),
      );
    if (rates.length)
      await tx.insert(instructorRates).values(
        rates.map((r) => ({
          user_id: b.instructor_id,
          course_type: r.course_type,
          part: r.part,
          rate: fromSatang(toSatang(r.rate)),
          valid_from: r.valid_from,
        })),
      );
  }
  const [after] = await availability(tx, actor, { branch_id: b.branch_id, instructor_id: b.instructor_id });
  await audit(
    tx,
    actor,
    {
      entity: 'instructor_availability',
      entityId: b.instructor_id,
      action: 'update',
      branchId: b.branch_id,
      before: before[0],
      after,
    },
    reqId,
  );
  return after!;
}

// ---- rooms ----

const rooms = repository(lessonRooms, lessonRooms.room_id);

export async function roomList(conn: Conn, actor: Actor, branchId: number) {
  assertBranch(actor, branchId);
  return conn
    .select({
      room_id: lessonRooms.room_id,
      branch_id: lessonRooms.branch_id,
      branch_name: branches.name,
      name: lessonRooms.name,
      capacity: lessonRooms.capacity,
    })
    .from(lessonRooms)
    .innerJoin(branches, eq(branches.branch_id, lessonRooms.branch_id))
    .where(and(eq(lessonRooms.branch_id, branchId), eq(lessonRooms.is_delete, false)))
    .orderBy(asc(lessonRooms.name));
}

async function assertRoomName(conn: Conn, branchId: number, name: string, notId = 0) {
  const [dup] = await rowsOf(
    conn,
    sql`select 1 from lesson_rooms where branch_id = ${branchId} and name = ${name} and not is_delete and room_id <> ${notId}`,
  );
  if (dup) throw badRequest(`ชื่อห้อง: สาขานี้มีห้อง "${name}" แล้ว ให้ใช้ชื่ออื่น`);
}

const roomApi = async (conn: Conn, actor: Actor, id: number, branchId: number) =>
  (await roomList(conn, actor, branchId)).find((r) => r.room_id === id)!;

export async function createRoom(tx: Tx, actor: Actor, b: RoomBody, reqId?: string) {
  await assertLiveBranch(tx, actor, b.branch_id);
  const name = b.name.trim();
  if (!name) throw badRequest('ชื่อห้อง: ต้องระบุ');
  await assertRoomName(tx, b.branch_id, name);
  const row = await rooms.insert(tx, { branch_id: b.branch_id, name, capacity: b.capacity });
  await audit(
    tx,
    actor,
    { entity: 'lesson_room', entityId: row.room_id, action: 'create', branchId: b.branch_id, after: row },
    reqId,
  );
  return roomApi(tx, actor, row.room_id, b.branch_id);
}

export async function updateRoom(tx: Tx, actor: Actor, b: RoomUpdateBody, reqId?: string) {
  const before = await rooms.find(tx, b.room_id, true);
  if (!before) throw notFound('ไม่พบห้องเรียนนี้');
  assertBranch(actor, before.branch_id);
  if (b.branch_id !== before.branch_id) throw badRequest('สาขา: ย้ายห้องไปสาขาอื่นไม่ได้ ให้เพิ่มห้องที่สาขานั้น');
  const name = b.name.trim();
  if (!name) throw badRequest('ชื่อห้อง: ต้องระบุ');
  await assertRoomName(tx, before.branch_id, name, b.room_id);
  const row = await rooms.update(tx, b.room_id, { name, capacity: b.capacity });
  await audit(
    tx,
    actor,
    { entity: 'lesson_room', entityId: b.room_id, action: 'update', branchId: before.branch_id, before, after: row },
    reqId,
  );
  return roomApi(tx, actor, b.room_id, before.branch_id);
}

export async function deleteRoom(tx: Tx, actor: Actor, roomId: number, reqId?: string) {
  const before = await rooms.find(tx, roomId, true);
  if (!before) throw notFound('ไม่พบห้องเรียนนี้');
  assertBranch(actor, before.branch_id);
  const [busy] = await rowsOf(
    tx,
    sql`select count(*)::int as n from lessons where room_id = ${roomId} and kind = 'class' and state = 'booked' and ends_at > now()`,
  );
  if (Number(busy!.n) > 0)
    throw badRequest(`ห้องเรียน: ห้อง ${before.name} มีชั้นเรียนที่จองไว้ ${Number(busy!.n)} ชั้น ให้ย้ายหรือยกเลิกก่อนลบห้อง`);
  await rooms.softDelete(tx, roomId);
  await audit(
    tx,
    actor,
    { entity: 'lesson_room', entityId: roomId, action: 'delete', branchId: before.branch_id, before },
    reqId,
  );
}

// ---- settings ----

export const settingsApi = (s: Awaited<ReturnType<typeof lessonSettingsOf>>): LessonSettings => ({
  free_cancel_hours: s.free_cancel_hours,
  min_paid_percent: s.min_paid_percent,
  day_start: s.day_start,
  day_end: s.day_end,
  max_practice_minutes: s.max_practice_minutes,
  max_class_minutes: s.max_class_minutes,
});

export async function updateLessonSettings(tx: Tx, actor: Actor, b: LessonSettings, reqId?: string) {
  if (b.day_end <= b.day_start) throw badRequest(`เวลาเลิกเรียน: ต้องหลังเวลาเริ่มเรียน (${b.day_start} น.)`);
  const before = settingsApi(await lessonSettingsOf(tx));
  await tx
    .insert(lessonSettings)
    .values({ id: 1, ...b, updatedAt: new Date() })
    .onConflictDoUpdate({ target: lessonSettings.id, set: { ...b, updatedAt: new Date() } });
  await audit(tx, actor, { entity: 'lesson_settings', entityId: 1, action: 'update', before, after: b }, reqId);
  return settingsApi(await lessonSettingsOf(tx));
}
