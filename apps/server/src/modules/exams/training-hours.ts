import { and, eq, sql } from 'drizzle-orm';
import type { Conn } from '../../db/connection.js';
import { studentEvaluations } from '../../db/schema/evaluations.js';

/**
 * The training hours a course line has recorded: the sum of its (not deleted) evaluation sessions' theory and
 * practice hours — the same sums evaluate/student shows. The exam booking rule (minimum training hours) reads it.
 */
export async function lineTrainingHours(
  conn: Conn,
  lineId: number,
): Promise<{ theory: number; practice: number; total: number }> {
  const [h] = await conn
    .select({
      theory: sql<number>`coalesce(sum(${studentEvaluations.theory_hours}), 0)::int`,
      practice: sql<number>`coalesce(sum(${studentEvaluations.practice_hours}), 0)::int`,
    })
    .from(studentEvaluations)
    .where(and(eq(studentEvaluations.line_id, lineId), eq(studentEvaluations.is_delete, false)));
  const theory = Number(h?.theory ?? 0);
  const practice = Number(h?.practice ?? 0);
  return { theory, practice, total: theory + practice };
}
