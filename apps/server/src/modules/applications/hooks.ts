import { sql } from 'drizzle-orm';
import type { Conn, Tx } from '../../db/connection.js';
import { rowsOf } from '../../db/sql.js';
import type { Actor } from '../../http/auth.js';
import { hookList } from '../../lib/hooks.js';

/**
 * What a higher module does, in the registration's transaction, when a registration's course lines are created: the
 * exams module opens each line's exam permission. Applications do not import the modules above them; those register
 * here when they load (modules/index.ts loads every module's index.ts).
 */
export type CourseLinesHook = (
  tx: Conn,
  app: { application_id: number; branch_id: number },
  lineIds: number[],
  registered: string,
) => Promise<void>;

const courseLinesHooks = hookList<Parameters<CourseLinesHook>>();

export const onCourseLinesCreated = courseLinesHooks.add;

/** Runs every registered hook for a new registration's course lines. */
export const courseLinesCreated = courseLinesHooks.run;

/**
 * What a higher module does, in the transaction that ends a registration (any refund, full or partial, or its
 * cancellation): the exams module gives back the seats its course lines still hold. `lineIds` are the lines the
 * caller has locked (lockCourseLines) before the application's row.
 */
export type RegistrationEndedHook = (
  tx: Tx,
  actor: Actor,
  app: { application_id: number; branch_id: number },
  lineIds: number[],
  reason: string,
  reqId?: string,
) => Promise<void>;

const endedHooks = hookList<Parameters<RegistrationEndedHook>>();

export const onRegistrationEnded = endedHooks.add;

/** Runs every registered hook for a registration that has just ended (nothing to do without course lines). */
export async function registrationEnded(...args: Parameters<RegistrationEndedHook>) {
  if (args[3].length) await endedHooks.run(...args);
}

/**
 * Locks an application's course lines (FOR UPDATE, as the exams' lockLine does, in line_id order) and answers their
 * ids. Taken by a refund and a cancellation BEFORE the application's row. The lock order of ending a registration:
 * the day's lock (shared) → its course lines by line_id → the application → the exam sessions by session_id → the
 * branch's receipt counter. An exam booking takes its line → the session → (its attempt's foreign key) the
 * application, FOR KEY SHARE, which waits behind the application's FOR UPDATE: were the lines locked after the
 * application, a booking holding its line would wait for the refund and the refund for the line — a deadlock. A
 * payment takes the day's lock and the application only, so it queues behind the refund and never holds what the
 * refund waits for.
 */
export async function lockCourseLines(tx: Conn, applicationId: number): Promise<number[]> {
  const res = await tx.execute(
    sql`select line_id from application_courses where application_id = ${applicationId} order by line_id for update`,
  );
  return rowsOf<{ line_id: number }>(res).map((r) => Number(r.line_id));
}
