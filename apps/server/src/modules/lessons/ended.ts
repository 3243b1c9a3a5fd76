/**
 * A registration ended by a refund or its cancellation gives back the timetable its course lines hold: every lesson
 * still booked (a practical lesson, a seat in a class) is cancelled by the school, never charged, with the reason, in
 * the transaction that ends the registration. Its course lines are already locked (the lock order of ending a
 * registration, applications/hooks.ts), so no booking of them runs meanwhile; each lesson is locked as a cancellation
 * locks it (a seat's class first). A lesson under way (checked in) or finished stays as it is.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import { lessons } from '../../db/schema/lessons.js';
import { audit } from '../../http/audit.js';
import type { RegistrationEndedHook } from '../applications/index.js';
import { lockLesson } from './repo.js';
import { releaseClassSeat } from './states.js';

export const releaseEndedLessons: RegistrationEndedHook = async (tx, actor, _app, lineIds, reason, reqId) => {
  const booked = await tx
    .select({ lesson_id: lessons.lesson_id, class_id: lessons.class_id })
    .from(lessons)
    .where(and(inArray(lessons.line_id, lineIds), eq(lessons.state, 'booked')))
    .orderBy(asc(lessons.lesson_id));
  for (const b of booked) {
    if (b.class_id) await lockLesson(tx, b.class_id);
    const l = await lockLesson(tx, b.lesson_id);
    if (!l || l.state !== 'booked') continue;
    const [row] = await tx
      .update(lessons)
      .set({ state: 'cancelled', cancel_by: 'school', cancel_reason: reason, charged: false, updatedAt: new Date() })
      .where(eq(lessons.lesson_id, l.lesson_id))
      .returning();
    if (l.kind === 'seat') await releaseClassSeat(tx, l);
    await audit(
      tx,
      actor,
      { entity: 'lesson', entityId: l.lesson_id, action: 'cancel', branchId: l.branch_id, before: l, after: row },
      reqId,
    );
  }
};
