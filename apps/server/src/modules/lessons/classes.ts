/**
 * Theory classes: a class is an instructor in a room of the branch for a licence type; enrolment takes seats under the
 * class row's lock (never more than its capacity), each seat a student's course line of the same licence type with
 * theory hours left; the student's own overlaps are the exclusion constraint's to refuse.
 */
import { eq, sql } from 'drizzle-orm';
import type { ClassCreateBody, ClassEnrollBody } from '@khabkhi/contracts';
import type { Tx } from '../../db/connection.js';
import { lessons } from '../../db/schema/lessons.js';
import { audit } from '../../http/audit.js';
import { assertBranch, type Actor } from '../../http/auth.js';
import { assertLiveBranch } from '../../http/branch.js';
import { badRequest, conflict, notFound } from '../../http/errors.js';
import { checkInstructor, checkLineHours, liveLine, minutesOrRefuse, withoutOverlap } from './checks.js';
import { courseTypeExists, lessonById, lessonSettingsOf, lockLesson, lockLine, roomOf } from './repo.js';
import { bangkokInstant, slotText } from './rules.js';

export async function createClass(tx: Tx, actor: Actor, b: ClassCreateBody, reqId?: string) {
  await assertLiveBranch(tx, actor, b.branch_id);
  const s = await lessonSettingsOf(tx);
  const minutes = minutesOrRefuse(s, 'class', b.start_time, b.end_time);
  const room = await roomOf(tx, b.room_id);
  if (!room || room.is_delete || room.branch_id !== b.branch_id)
    throw badRequest('ห้องเรียน: ไม่พบห้องนี้ในสาขา ให้เลือกห้องของสาขาหรือเพิ่มห้องก่อน');
  if (b.capacity !== undefined && b.capacity > room.capacity)
    throw badRequest(`จำนวนที่นั่ง: ห้อง ${room.name} มี ${room.capacity} ที่นั่ง ให้ระบุไม่เกินนั้น`);
  if (!(await courseTypeExists(tx, b.course_type)))
    throw badRequest(`ประเภทใบขับขี่: ไม่พบประเภท "${b.course_type}" ให้เลือกจากรายการประเภทหลักสูตร`);
  await checkInstructor(tx, b.branch_id, b.instructor_id, b.date, b.start_time, b.end_time);
  const startsAt = bangkokInstant(b.date, b.start_time);
  const endsAt = bangkokInstant(b.date, b.end_time);
  const row = await withoutOverlap(
    tx,
    {
      candidates: [
        { column: 'instructor_id', id: b.instructor_id },
        { column: 'room_id', id: room.room_id },
      ],
      startsAt,
      endsAt,
      notIds: [],
    },
    async (sp) =>
      (
        await sp
          .insert(lessons)
          .values({
            branch_id: b.branch_id,
            kind: 'class',
            starts_at: startsAt,
            ends_at: endsAt,
            minutes,
            course_type: b.course_type,
            instructor_id: b.instructor_id,
            room_id: room.room_id,
            capacity: b.capacity ?? room.capacity,
            enrolled: 0,
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

export async function enroll(tx: Tx, actor: Actor, b: ClassEnrollBody, reqId?: string) {
  const lineIds = [...new Set(b.line_ids)].sort((x, y) => x - y);
  if (lineIds.length !== b.line_ids.length) throw badRequest('หลักสูตรของผู้เรียน: มีรายการซ้ำกัน');
  // the class row first: its seat count is the truth while it is held
  const c = await lockLesson(tx, b.class_id);
  if (!c || c.kind !== 'class') throw notFound('ไม่พบชั้นเรียนนี้');
  assertBranch(actor, c.branch_id);
  if (c.state !== 'booked') throw badRequest('ชั้นเรียน: ลงชื่อได้เฉพาะชั้นเรียนที่ยังไม่เริ่ม (ยกเลิกหรือเรียนจบแล้วลงชื่อไม่ได้)');
  const slot = slotText(c.starts_at, c.ends_at);
  if (c.enrolled + lineIds.length > c.capacity!)
    throw conflict(
      `ที่นั่ง: ชั้นเรียน${c.course_type} ${slot} เหลือ ${c.capacity! - c.enrolled} ที่นั่ง (จาก ${c.capacity}) ลงชื่อ ${lineIds.length} คนไม่ได้`,
    );
  const s = await lessonSettingsOf(tx);
  const seatIds: number[] = [];
  for (const lineId of lineIds) {
    await lockLine(tx, lineId);
    const line = await liveLine(tx, actor, lineId, 'ลงชื่อชั้นเรียน');
    const who = `${line.customer_name} (${line.application_code})`;
    if (line.branch_id !== c.branch_id) throw badRequest(`หลักสูตรของผู้เรียน: ${who} สมัครที่สาขาอื่น ลงชื่อชั้นเรียนของสาขานี้ไม่ได้`);
    if (line.course_type !== c.course_type)
      throw badRequest(`ประเภทใบขับขี่: ชั้นเรียนนี้สำหรับ${c.course_type} แต่หลักสูตรของ ${who} เป็น${line.course_type}`);
    const [dup] = await tx
      .select({ id: lessons.lesson_id })
      .from(lessons)
      .where(
        sql`${lessons.class_id} = ${c.lesson_id} and ${lessons.line_id} = ${lineId} and ${lessons.state} <> 'cancelled'`,
      );
    if (dup) throw badRequest(`หลักสูตรของผู้เรียน: ${who} ลงชื่อชั้นเรียนนี้แล้ว`);
    await checkLineHours(tx, s, line, 'theory', c.minutes);
    const seat = await withoutOverlap(
      tx,
      {
        candidates: [{ column: 'customer_id', id: line.customer_id }],
        startsAt: c.starts_at,
        endsAt: c.ends_at,
        notIds: [c.lesson_id],
      },
      async (sp) =>
        (
          await sp
            .insert(lessons)
            .values({
              branch_id: c.branch_id,
              kind: 'seat',
              starts_at: c.starts_at,
              ends_at: c.ends_at,
              minutes: c.minutes,
              course_type: c.course_type,
              line_id: line.line_id,
              application_id: line.application_id,
              customer_id: line.customer_id,
              class_id: c.lesson_id,
              created_by: actor.userId,
            })
            .returning({ id: lessons.lesson_id })
        )[0]!,
    );
    seatIds.push(seat.id);
  }
  const [after] = await tx
    .update(lessons)
    .set({ enrolled: sql`${lessons.enrolled} + ${lineIds.length}`, updatedAt: new Date() })
    .where(eq(lessons.lesson_id, c.lesson_id))
    .returning({ enrolled: lessons.enrolled });
  await audit(
    tx,
    actor,
    {
      entity: 'lesson',
      entityId: c.lesson_id,
      action: 'enroll',
      branchId: c.branch_id,
      after: { line_ids: lineIds, seat_ids: seatIds, enrolled: after!.enrolled },
    },
    reqId,
  );
  return { class_id: c.lesson_id, enrolled: after!.enrolled, capacity: c.capacity!, seat_ids: seatIds };
}
