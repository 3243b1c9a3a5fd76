/**
 * Arrival: by lesson id (staff, with a reason: audited) or by the national ID read from the card at a branch's desk —
 * the student's lesson of the hour, or, when the card is an instructor's, their lesson or class of the hour. The state
 * changes by a conditional UPDATE (… WHERE state = 'booked'): two desks reading one card at once record one arrival,
 * and the second is answered with the arrival already recorded.
 */
import { sql } from 'drizzle-orm';
import type { LessonCheckinBody } from '@khabkhi/contracts';
import type { Tx } from '../../db/connection.js';
import { audit } from '../../http/audit.js';
import { assertBranch, type Actor } from '../../http/auth.js';
import { badRequest, notFound } from '../../http/errors.js';
import { assertLiveBranch } from '../../http/branch.js';
import { lessonById, rowsOf } from './repo.js';

/** A lesson "of the hour": starting within this many minutes before or after now, or in progress. */
export const CHECKIN_WINDOW_MINUTES = 60;

type Who = 'student' | 'instructor';

async function arrive(
  tx: Tx,
  actor: Actor,
  lessonId: number,
  who: Who,
  method: 'card' | 'manual',
  reason: string,
  reqId?: string,
) {
  const now = new Date();
  const changed =
    who === 'student'
      ? await rowsOf(
          tx,
          sql`update lessons set state = 'checked_in', checked_in_at = ${now.toISOString()}::timestamptz,
            checkin_method = ${method}, checkin_reason = ${reason}, checked_in_by = ${actor.userId}, updated_at = now()
          where lesson_id = ${lessonId} and state = 'booked' and kind <> 'class' returning lesson_id, branch_id`,
        )
      : await rowsOf(
          tx,
          sql`update lessons set instructor_checked_in_at = ${now.toISOString()}::timestamptz,
            instructor_checkin_method = ${method}, updated_at = now()
          where lesson_id = ${lessonId} and state in ('booked', 'checked_in') and kind <> 'seat'
            and instructor_checked_in_at is null returning lesson_id, branch_id`,
        );
  const lesson = (await lessonById(tx, lessonId))!;
  if (changed.length) {
    await audit(
      tx,
      actor,
      {
        entity: 'lesson',
        entityId: lessonId,
        action: who === 'student' ? 'checkin' : 'checkin-instructor',
        branchId: lesson.branch_id,
        after: { who, method, reason, at: now },
      },
      reqId,
    );
    return { lesson, who, already: false };
  }
  // nothing changed: already arrived (answer that arrival), or a state that takes no arrival
  if (who === 'student' && lesson.state === 'checked_in') return { lesson, who, already: true };
  if (who === 'instructor' && lesson.instructor_checked_in_at) return { lesson, who, already: true };
  if (who === 'student' && lesson.kind === 'class')
    throw badRequest('คาบเรียน: ชั้นเรียนบันทึกมาเรียนรายคนที่ที่นั่งของผู้เรียน (หรือเลือกบันทึกครูฝึกมาสอน)');
  if (who === 'instructor' && lesson.kind === 'seat') throw badRequest('คาบเรียน: ที่นั่งของผู้เรียนไม่มีครูฝึก ให้บันทึกครูฝึกที่ชั้นเรียน');
  const names: Record<string, string> = { done: 'เรียนจบแล้ว', cancelled: 'ถูกยกเลิกแล้ว', no_show: 'บันทึกขาดเรียนแล้ว' };
  throw badRequest(`คาบเรียน: บันทึกมาเรียนไม่ได้ คาบนี้${names[lesson.state] ?? lesson.state}`);
}

export async function checkin(tx: Tx, actor: Actor, b: LessonCheckinBody, reqId?: string) {
  if (b.lesson_id !== undefined) {
    const [l] = await rowsOf(tx, sql`select branch_id from lessons where lesson_id = ${b.lesson_id}`);
    if (!l) throw notFound('ไม่พบคาบเรียนนี้');
    assertBranch(actor, Number(l.branch_id));
    const reason = (b.reason ?? '').trim();
    if (!reason) throw badRequest('เหตุผล: การบันทึกมาเรียนเองต้องระบุเหตุผล (เช่น อ่านบัตรไม่ได้)');
    return arrive(tx, actor, b.lesson_id, b.who ?? 'student', 'manual', reason, reqId);
  }
  if (!b.national_id || b.branch_id === undefined)
    throw badRequest('เลขบัตรประชาชน: ให้อ่านบัตรประชาชนพร้อมระบุสาขา หรือเลือกคาบเรียนแล้วบันทึกเอง');
  await assertLiveBranch(tx, actor, b.branch_id);
  const window = `${CHECKIN_WINDOW_MINUTES} minutes`;
  const ofTheHour = sql`l.branch_id = ${b.branch_id} and l.state in ('booked', 'checked_in')
    and ((l.starts_at between now() - ${window}::interval and now() + ${window}::interval)
      or (l.starts_at <= now() and l.ends_at > now()))`;
  const [student] = await rowsOf(
    tx,
    sql`select l.lesson_id from lessons l join customers c on c.customer_id = l.customer_id
      where c.idcard = ${b.national_id} and not c.is_foreigner and l.kind in ('practice', 'seat') and ${ofTheHour}
      order by abs(extract(epoch from (l.starts_at - now()))) limit 1`,
  );
  if (student) return arrive(tx, actor, Number(student.lesson_id), 'student', 'card', '', reqId);
  const [teacher] = await rowsOf(
    tx,
    sql`select l.lesson_id from lessons l join users u on u.user_id = l.instructor_id
      where u.idcard = ${b.national_id} and not u.is_delete and l.kind in ('practice', 'class') and ${ofTheHour}
      order by abs(extract(epoch from (l.starts_at - now()))) limit 1`,
  );
  if (teacher) return arrive(tx, actor, Number(teacher.lesson_id), 'instructor', 'card', '', reqId);
  throw notFound(
    `ไม่พบคาบเรียนของผู้ถือบัตรนี้ที่สาขานี้ในช่วง ${CHECKIN_WINDOW_MINUTES} นาทีก่อนหรือหลังเวลานี้ ให้ตรวจตารางเรียนหรือบันทึกมาเรียนเอง`,
  );
}
