/**
 * A lesson's life after booking: cancellation (by the school, free; by the student, charged when later than the free
 * notice unless a manager waives it), no-show, and completion (hours credited; a class completes its present seats and
 * marks the absent ones as no-shows). Every change locks the lesson row first and writes its audit row.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { LessonCancelBody, LessonCompleteBody, LessonNoShowBody } from '@khabkhi/contracts';
import type { Tx } from '../../db/connection.js';
import { lessons } from '../../db/schema/lessons.js';
import { audit } from '../../http/audit.js';
import { assertBranch, canDo, type Actor } from '../../http/auth.js';
import { badRequest, forbidden, notFound } from '../../http/errors.js';
import { recordEvaluation, refreshLineTraining } from '../evaluations/index.js';
import { lessonById, lessonSettingsOf, lockLesson, type RawLesson } from './repo.js';
import { bangkokClock, cancelIsLate } from './rules.js';

const STATE_TEXT: Record<string, string> = {
  checked_in: 'มาเรียนแล้ว',
  done: 'เรียนจบแล้ว',
  cancelled: 'ถูกยกเลิกแล้ว',
  no_show: 'บันทึกขาดเรียนแล้ว',
};

export async function lockedLesson(tx: Tx, actor: Actor, id: number) {
  // a seat's class first, as enrolment takes them: the class's seat count changes with the seat
  const [peek] = await tx
    .select({ class_id: lessons.class_id, branch_id: lessons.branch_id })
    .from(lessons)
    .where(eq(lessons.lesson_id, id));
  if (!peek) throw notFound('ไม่พบคาบเรียนนี้');
  assertBranch(actor, peek.branch_id);
  if (peek.class_id) await lockLesson(tx, peek.class_id);
  return (await lockLesson(tx, id))!;
}

/** A charge waived by a manager (ability manage Lesson) with a reason; undefined when not waived. */
function waiver(actor: Actor, waive: boolean | undefined, reason: string | undefined) {
  if (!waive) return undefined;
  if (!canDo(actor, 'manage', 'Lesson')) throw forbidden('ยกเว้นการหักชั่วโมง: เฉพาะผู้จัดการเท่านั้นที่ยกเว้นได้ ให้ผู้จัดการเป็นผู้บันทึก');
  const r = (reason ?? '').trim();
  if (!r) throw badRequest('เหตุผลที่ยกเว้น: ต้องระบุเหตุผลที่ยกเว้นการหักชั่วโมง');
  return r;
}

/** A seat leaves its class: the class counts one student fewer. */
export async function releaseClassSeat(tx: Tx, seat: RawLesson) {
  if (seat.class_id)
    await tx
      .update(lessons)
      .set({ enrolled: sql`${lessons.enrolled} - 1`, updatedAt: new Date() })
      .where(eq(lessons.lesson_id, seat.class_id));
}

export async function cancelLesson(tx: Tx, actor: Actor, b: LessonCancelBody, reqId?: string) {
  const l = await lockedLesson(tx, actor, b.lesson_id);
  if (l.state !== 'booked')
    throw badRequest(`คาบเรียน: ยกเลิกได้เฉพาะคาบที่ยังเป็น "จองแล้ว" (คาบนี้${STATE_TEXT[l.state] ?? l.state})`);
  const s = await lessonSettingsOf(tx);
  const reason = b.reason.trim();
  if (!reason) throw badRequest('เหตุผล: ต้องระบุเหตุผลที่ยกเลิก');
  const late = l.kind !== 'class' && cancelIsLate(b.by, l.starts_at, new Date(), s.free_cancel_hours);
  const waived = late ? waiver(actor, b.waive, b.waive_reason) : undefined;
  const charged = late && waived === undefined;
  const [row] = await tx
    .update(lessons)
    .set({
      state: 'cancelled',
      cancel_by: b.by,
      cancel_reason: reason,
      charged,
      waive_reason: waived ?? '',
      waived_by: waived !== undefined ? actor.userId : null,
      updatedAt: new Date(),
    })
    .where(eq(lessons.lesson_id, l.lesson_id))
    .returning();
  let seats = 0;
  if (l.kind === 'class') {
    // the class's seats go with it, never charged (the school cancelled the students' places)
    const r = await tx
      .update(lessons)
      .set({ state: 'cancelled', cancel_by: 'school', cancel_reason: reason, charged: false, updatedAt: new Date() })
      .where(and(eq(lessons.class_id, l.lesson_id), eq(lessons.state, 'booked')))
      .returning({ id: lessons.lesson_id });
    seats = r.length;
  }
  if (l.kind === 'seat') await releaseClassSeat(tx, l);
  await audit(
    tx,
    actor,
    {
      entity: 'lesson',
      entityId: l.lesson_id,
      action: 'cancel',
      branchId: l.branch_id,
      before: l,
      after: { ...row, seats_cancelled: seats },
    },
    reqId,
  );
  return { lesson: (await lessonById(tx, l.lesson_id))!, charged, late, seats };
}

export async function noShow(tx: Tx, actor: Actor, b: LessonNoShowBody, reqId?: string) {
  const l = await lockedLesson(tx, actor, b.lesson_id);
  if (l.kind === 'class') throw badRequest('คาบเรียน: ชั้นเรียนบันทึกขาดเรียนทั้งชั้นไม่ได้ ให้บันทึกที่นั่งของผู้เรียนที่ไม่มา หรือบันทึกเรียนจบ');
  if (l.state !== 'booked')
    throw badRequest(`คาบเรียน: บันทึกขาดเรียนได้เฉพาะคาบที่ยังเป็น "จองแล้ว" (คาบนี้${STATE_TEXT[l.state] ?? l.state})`);
  if (l.starts_at.getTime() > Date.now())
    throw badRequest(`คาบเรียน: ยังไม่ถึงเวลาเริ่มเรียน (${bangkokClock(l.starts_at).time} น.) บันทึกขาดเรียนได้เมื่อถึงเวลาแล้ว`);
  const waived = waiver(actor, b.waive, b.waive_reason);
  const [row] = await tx
    .update(lessons)
    .set({
      state: 'no_show',
      charged: waived === undefined,
      waive_reason: waived ?? '',
      waived_by: waived !== undefined ? actor.userId : null,
      updatedAt: new Date(),
    })
    .where(eq(lessons.lesson_id, l.lesson_id))
    .returning();
  await audit(
    tx,
    actor,
    { entity: 'lesson', entityId: l.lesson_id, action: 'noshow', branchId: l.branch_id, before: l, after: row },
    reqId,
  );
  return (await lessonById(tx, l.lesson_id))!;
}

/**
 * lesson/complete: the lesson is done and its minutes credited. A practical lesson or a seat must have been checked in;
 * a class completes its checked-in seats and marks those still booked as no-shows (charged). Levels given with a
 * practical lesson are recorded as an evaluation of the line (no hours there: the lesson carries them).
 */
export async function completeLesson(tx: Tx, actor: Actor, b: LessonCompleteBody, reqId: string) {
  const l = await lockedLesson(tx, actor, b.lesson_id);
  if (l.kind === 'class' ? !['booked', 'checked_in'].includes(l.state) : l.state !== 'checked_in')
    throw badRequest(
      l.state === 'booked'
        ? 'คาบเรียน: ยังไม่ได้บันทึกการมาเรียน ให้บันทึกมาเรียน (อ่านบัตรหรือบันทึกเอง) ก่อนบันทึกเรียนจบ'
        : `คาบเรียน: บันทึกเรียนจบไม่ได้ (คาบนี้${STATE_TEXT[l.state] ?? l.state})`,
    );
  if (b.results?.length && l.kind !== 'practice') throw badRequest('ผลการประเมิน: บันทึกระดับได้กับคาบเรียนภาคปฏิบัติเท่านั้น');
  const now = new Date();
  let evaluationId: number | null = null;
  if (b.results?.length) {
    const [app] = await tx
      .select({ application_id: lessons.application_id })
      .from(lessons)
      .where(eq(lessons.lesson_id, l.lesson_id));
    const r = await recordEvaluation(
      tx,
      actor,
      {
        application_id: app!.application_id!,
        line_id: l.line_id!,
        date: bangkokClock(l.starts_at).date,
        instructor_id: l.instructor_id!,
        theory_hours: 0,
        practice_hours: 0,
        note: (b.note ?? '').trim(),
        results: b.results,
      },
      reqId,
    );
    evaluationId = r.evaluation_id;
  }
  const [row] = await tx
    .update(lessons)
    .set({
      state: 'done',
      completed_at: now,
      completed_by: actor.userId,
      evaluation_id: evaluationId,
      ...(b.note?.trim() ? { note: b.note.trim() } : {}),
      updatedAt: now,
    })
    .where(eq(lessons.lesson_id, l.lesson_id))
    .returning();
  let done = 0;
  let absent = 0;
  // the lines whose training hours the completion credits: the lesson's own, or the class's seats done
  const credited = l.line_id ? [l.line_id] : [];
  if (l.kind === 'class') {
    const seats = await tx
      .update(lessons)
      .set({ state: 'done', completed_at: now, completed_by: actor.userId, updatedAt: now })
      .where(and(eq(lessons.class_id, l.lesson_id), eq(lessons.state, 'checked_in')))
      .returning({ id: lessons.lesson_id, line_id: lessons.line_id });
    done = seats.length;
    for (const s of seats) if (s.line_id) credited.push(s.line_id);
    absent = (
      await tx
        .update(lessons)
        .set({ state: 'no_show', charged: true, updatedAt: now })
        .where(and(eq(lessons.class_id, l.lesson_id), eq(lessons.state, 'booked')))
        .returning({ id: lessons.lesson_id })
    ).length;
  }
  // the stored training figures the evaluation list reads, in this transaction (the lines in line order: no two
  // completions lock two lines in opposite orders)
  await refreshLineTraining(tx, credited);
  await audit(
    tx,
    actor,
    {
      entity: 'lesson',
      entityId: l.lesson_id,
      action: 'complete',
      branchId: l.branch_id,
      before: l,
      after: { ...row, seats_done: done, seats_no_show: absent },
    },
    reqId,
  );
  return { lesson: (await lessonById(tx, l.lesson_id))!, done, absent };
}
