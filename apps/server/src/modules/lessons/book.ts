/**
 * Booking a practical lesson and moving or reassigning a booked lesson or theory class (a class's seats move with it).
 * The course line's row is locked first, so two bookings of one line cannot both pass the hours rule; overlaps are
 * the exclusion constraints' to refuse.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { LessonCreateBody, LessonUpdateBody } from '@khabkhi/contracts';
import type { Tx } from '../../db/connection.js';
import { lessons } from '../../db/schema/lessons.js';
import { audit } from '../../http/audit.js';
import { assertBranch, type Actor } from '../../http/auth.js';
import { badRequest, notFound } from '../../http/errors.js';
import {
  checkInstructor,
  checkLineHours,
  checkVehicle,
  liveLine,
  minutesOrRefuse,
  refuseTakenTime,
  withoutOverlap,
  type OverlapProbe,
} from './checks.js';
import { lessonById, lessonSettingsOf, lineContext, lockLesson, lockLine, roomOf, rowsOf } from './repo.js';
import { bangkokClock, bangkokInstant } from './rules.js';

export async function createLesson(tx: Tx, actor: Actor, b: LessonCreateBody, reqId?: string) {
  // the line locked first, then read by a statement of its own: a statement that waited for the line's lock sees the
  // registration as it was when it began (a refund committed meanwhile would pass unseen)
  await lockLine(tx, b.line_id);
  const line = await liveLine(tx, actor, b.line_id, 'จองคาบเรียน');
  const s = await lessonSettingsOf(tx);
  const minutes = minutesOrRefuse(s, 'practice', b.start_time, b.end_time);
  const startsAt = bangkokInstant(b.date, b.start_time);
  const endsAt = bangkokInstant(b.date, b.end_time);
  const probe: OverlapProbe = {
    candidates: [
      { column: 'instructor_id', id: b.instructor_id },
      { column: 'vehicle_id', id: b.vehicle_id },
      { column: 'customer_id', id: line.customer_id },
    ],
    startsAt,
    endsAt,
    notIds: [],
  };
  await checkInstructor(tx, line.branch_id, b.instructor_id, b.date, b.start_time, b.end_time);
  await checkVehicle(tx, line.branch_id, b.vehicle_id, line.course_type, b.date);
  // the instructor and the car are the branch's and can drive then: a time they already hold is refused at once
  await refuseTakenTime(tx, probe);
  await checkLineHours(tx, s, line, 'practice', minutes);
  const row = await withoutOverlap(
    tx,
    probe,
    async (sp) =>
      (
        await sp
          .insert(lessons)
          .values({
            branch_id: line.branch_id,
            kind: 'practice',
            starts_at: startsAt,
            ends_at: endsAt,
            minutes,
            course_type: line.course_type,
            line_id: line.line_id,
            application_id: line.application_id,
            customer_id: line.customer_id,
            instructor_id: b.instructor_id,
            vehicle_id: b.vehicle_id,
            pickup: (b.pickup ?? '').trim(),
            note: (b.note ?? '').trim(),
            created_by: actor.userId,
          })
          .returning()
      )[0]!,
  );
  await audit(
    tx,
    actor,
    { entity: 'lesson', entityId: row.lesson_id, action: 'create', branchId: row.branch_id, after: row },
    reqId,
  );
  return (await lessonById(tx, row.lesson_id))!;
}

/** lesson/update: a booked practical lesson or class moves (date, times) or changes hands (instructor, vehicle, room). */
export async function updateLesson(tx: Tx, actor: Actor, b: LessonUpdateBody, reqId?: string) {
  const [peek] = await tx.select().from(lessons).where(eq(lessons.lesson_id, b.lesson_id));
  if (!peek) throw notFound('ไม่พบคาบเรียนนี้');
  assertBranch(actor, peek.branch_id);
  if (peek.kind === 'seat') throw badRequest('คาบเรียน: ที่นั่งในชั้นเรียนย้ายเองไม่ได้ ให้ย้ายชั้นเรียน หรือยกเลิกที่นั่งแล้วลงชื่อชั้นเรียนอื่น');
  // the line before the lesson, as a booking takes them
  if (peek.line_id) await lockLine(tx, peek.line_id);
  const l = (await lockLesson(tx, b.lesson_id))!;
  if (l.state !== 'booked')
    throw badRequest('คาบเรียน: ย้ายหรือเปลี่ยนได้เฉพาะคาบที่ยังเป็น "จองแล้ว" (มาเรียน เรียนจบ ยกเลิก หรือขาดเรียนแล้วย้ายไม่ได้)');
  const s = await lessonSettingsOf(tx);
  const was = bangkokClock(l.starts_at);
  const date = b.date ?? was.date;
  const start = b.start_time ?? was.time;
  const end = b.end_time ?? bangkokClock(l.ends_at).time;
  const minutes = minutesOrRefuse(s, l.kind === 'practice' ? 'practice' : 'class', start, end);
  const startsAt = bangkokInstant(date, start);
  const endsAt = bangkokInstant(date, end);
  const moved = startsAt.getTime() !== l.starts_at.getTime() || endsAt.getTime() !== l.ends_at.getTime();
  const instructorId = b.instructor_id ?? l.instructor_id!;
  if (moved || instructorId !== l.instructor_id) await checkInstructor(tx, l.branch_id, instructorId, date, start, end);
  const set: Partial<typeof lessons.$inferInsert> = {
    starts_at: startsAt,
    ends_at: endsAt,
    minutes,
    instructor_id: instructorId,
    ...(b.pickup !== undefined ? { pickup: b.pickup.trim() } : {}),
    ...(b.note !== undefined ? { note: b.note.trim() } : {}),
    updatedAt: new Date(),
  };
  const candidates: Parameters<typeof withoutOverlap>[1]['candidates'] = [
    { column: 'instructor_id', id: instructorId },
  ];
  let seatIds: number[] = [];
  if (l.kind === 'practice') {
    if (b.room_id !== undefined) throw badRequest('ห้องเรียน: คาบเรียนภาคปฏิบัติไม่มีห้องเรียน');
    const vehicleId = b.vehicle_id ?? l.vehicle_id!;
    if (moved || vehicleId !== l.vehicle_id) await checkVehicle(tx, l.branch_id, vehicleId, l.course_type, date);
    if (minutes > l.minutes) {
      const line = await liveLine(tx, actor, l.line_id!, 'ย้ายคาบเรียน');
      await checkLineHours(tx, s, line, 'practice', minutes, l.minutes);
    }
    set.vehicle_id = vehicleId;
    candidates.push({ column: 'vehicle_id', id: vehicleId }, { column: 'customer_id', id: l.customer_id });
  } else {
    if (b.vehicle_id !== undefined) throw badRequest('รถ: ชั้นเรียนภาคทฤษฎีไม่ใช้รถ');
    const roomId = b.room_id ?? l.room_id;
    if (roomId !== null && roomId !== l.room_id) {
      const room = await roomOf(tx, roomId);
      if (!room || room.is_delete || room.branch_id !== l.branch_id)
        throw badRequest('ห้องเรียน: ไม่พบห้องนี้ในสาขา ให้เลือกห้องของสาขา');
      if (room.capacity < l.enrolled)
        throw badRequest(`ห้องเรียน: ห้อง ${room.name} มี ${room.capacity} ที่นั่ง น้อยกว่าผู้ลงชื่อ ${l.enrolled} คน`);
      set.room_id = roomId;
      set.capacity = Math.min(l.capacity!, room.capacity);
    }
    candidates.push({ column: 'room_id', id: roomId });
    const seats = await rowsOf<{ lesson_id: number; line_id: number; customer_id: number }>(
      tx,
      sql`select lesson_id, line_id, customer_id from lessons where class_id = ${l.lesson_id} and state = 'booked' order by line_id for update`,
    );
    seatIds = seats.map((x) => Number(x.lesson_id));
    if (minutes > l.minutes)
      for (const seat of seats) {
        const line = (await lineContext(tx, Number(seat.line_id)))!;
        await checkLineHours(tx, s, line, 'theory', minutes, l.minutes);
      }
    for (const seat of seats) candidates.push({ column: 'customer_id', id: Number(seat.customer_id) });
  }
  const row = await withoutOverlap(
    tx,
    { candidates, startsAt, endsAt, notIds: [l.lesson_id, ...seatIds] },
    async (sp) => {
      const [r] = await sp.update(lessons).set(set).where(eq(lessons.lesson_id, l.lesson_id)).returning();
      if (seatIds.length)
        await sp
          .update(lessons)
          .set({ starts_at: startsAt, ends_at: endsAt, minutes, updatedAt: new Date() })
          .where(and(inArray(lessons.lesson_id, seatIds), eq(lessons.state, 'booked')));
      return r!;
    },
  );
  await audit(
    tx,
    actor,
    { entity: 'lesson', entityId: l.lesson_id, action: 'update', branchId: l.branch_id, before: l, after: row },
    reqId,
  );
  return (await lessonById(tx, l.lesson_id))!;
}
