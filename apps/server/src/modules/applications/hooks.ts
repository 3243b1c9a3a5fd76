import type { Conn } from '../../db/connection.js';

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

const courseLinesHooks = new Set<CourseLinesHook>();

export function onCourseLinesCreated(hook: CourseLinesHook) {
  courseLinesHooks.add(hook);
}

/** Runs every registered hook for a new registration's course lines. */
export async function courseLinesCreated(
  tx: Conn,
  app: { application_id: number; branch_id: number },
  lineIds: number[],
  registered: string,
) {
  for (const hook of courseLinesHooks) await hook(tx, app, lineIds, registered);
}
