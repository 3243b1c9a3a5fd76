import { and, eq, sql } from 'drizzle-orm';
import type { Conn } from '../../db/connection.js';
import { studentEvaluations } from '../../db/schema/evaluations.js';
import { lessons } from '../../db/schema/lessons.js';

/**
 * The training hours of a course line: its completed lessons (done minutes ÷ 60: seats of theory classes and practical
 * lessons) plus the hours typed on its (not deleted) evaluation sessions before the lessons module — recorded
 * history, kept as such. The exam booking rule (minimum training hours) reads it. The lessons table is read here
 * directly (the shared schema), so exams does not import the lessons module.
 */
export async function lineTrainingHours(
  conn: Conn,
  lineId: number,
): Promise<{ theory: number; practice: number; total: number }> {
  // one after the other: the connection may be a transaction's single client
  const [h] = await conn
    .select({
      theory: sql<number>`coalesce(sum(${studentEvaluations.theory_hours}), 0)::int`,
      practice: sql<number>`coalesce(sum(${studentEvaluations.practice_hours}), 0)::int`,
    })
    .from(studentEvaluations)
    .where(and(eq(studentEvaluations.line_id, lineId), eq(studentEvaluations.is_delete, false)));
  const [l] = await conn
    .select({
      theory: sql<number>`coalesce(sum(${lessons.minutes}) filter (where ${lessons.kind} = 'seat'), 0)::int`,
      practice: sql<number>`coalesce(sum(${lessons.minutes}) filter (where ${lessons.kind} = 'practice'), 0)::int`,
    })
    .from(lessons)
    .where(and(eq(lessons.line_id, lineId), eq(lessons.state, 'done')));
  const round = (x: number) => Math.round(x * 100) / 100;
  const theory = round(Number(h?.theory ?? 0) + Number(l?.theory ?? 0) / 60);
  const practice = round(Number(h?.practice ?? 0) + Number(l?.practice ?? 0) / 60);
  return { theory, practice, total: round(theory + practice) };
}
