/**
 * The training figures of course lines kept at commit (line_training, line_criterion_levels): what the evaluation
 * list's training-status filter and its count read instead of summing every candidate line's sessions.
 *
 * A line's training hours are its completed lessons (done minutes of its practical lessons and theory-class seats,
 * lesson_theory_minutes and lesson_practice_minutes) plus the hours typed on its evaluations before the lessons
 * module (theory_hours, practice_hours: recorded history, kept and shown as such).
 *
 * Every figure is rewritten from its source, never adjusted by a difference: a line's hours, latest date and latest
 * level per criterion from its live evaluations and completed lessons (refreshLineTraining, in the transaction of
 * every evaluation record, update and delete and of every lesson completion), and criteria_passed — which also
 * depends on the passing level and on the criteria's state — recounted from the stored levels in the transaction
 * that changes the passing level (every line) or a criterion (the lines evaluated on it). The course's required
 * hours and the number of active criteria are read live.
 *
 * An evaluation's refresh holds the rules lock shared and the line's row (no key update); a change of the rules takes
 * the rules lock exclusively before its recount: so a refresh never writes a count of rules that changed under it,
 * and two refreshes of one line run one after the other (the second sees the first's evaluations).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Conn } from '../../db/connection.js';

/** The passing level when the school has stored no rules yet (DEFAULT_EVALUATION_SETTINGS.pass_level). */
const DEFAULT_PASS_LEVEL = 2;
const passLevelSql = `coalesce((select pass_level from evaluation_settings where id = 1), ${DEFAULT_PASS_LEVEL})`;
const RULES_LOCK = `hashtextextended('line_training:rules', 0)`;
/** The typed hours of live evaluations per line (the caller adds its line filter and `group by se.line_id`). */
const LIVE_EVALUATIONS = `select se.line_id, sum(se.theory_hours)::int as theory, sum(se.practice_hours)::int as practice,
    max(se.date) as last_date, count(*)::int as n from student_evaluations se where not se.is_delete`;
/**
 * The minutes of completed lessons per line: theory-class seats and practical lessons (a class row has no line), and
 * the Bangkok day of the latest (the caller adds its line filter and `group by ls.line_id`).
 */
const DONE_LESSONS = `select ls.line_id, coalesce(sum(ls.minutes) filter (where ls.kind = 'seat'), 0)::int as theory,
    coalesce(sum(ls.minutes) filter (where ls.kind = 'practice'), 0)::int as practice,
    max((ls.starts_at at time zone 'Asia/Bangkok')::date) as last_date
    from lessons ls where ls.state = 'done' and ls.line_id is not null`;

/**
 * The statements that rewrite the stored figures of the lines `lines` (a query of line_id) from their live
 * evaluations, in order. The migration's backfill (0025_line_training.sql) and the bench generator run the same text
 * over every line.
 */
export function refreshStatements(lines: string): string[] {
  return [
    `delete from line_criterion_levels where line_id in (${lines})`,
    `insert into line_criterion_levels (line_id, evaluate_id, level)
      select distinct on (se.line_id, er.evaluate_id) se.line_id, er.evaluate_id, er.level
      from evaluation_results er join student_evaluations se on se.evaluation_id = er.evaluation_id
      where not se.is_delete and se.line_id in (${lines})
      order by se.line_id, er.evaluate_id, se.date desc, se.evaluation_id desc`,
    `delete from line_training where line_id in (${lines})`,
    `insert into line_training (line_id, branch_id, course_id, course_type, theory_hours, practice_hours,
        lesson_theory_minutes, lesson_practice_minutes, last_date, evaluations, criteria_passed)
      select l.line_id, a.branch_id, l.course_id, l.course_type, coalesce(e.theory, 0), coalesce(e.practice, 0),
        coalesce(x.theory, 0), coalesce(x.practice, 0), greatest(e.last_date, x.last_date), coalesce(e.n, 0), 0
      from application_courses l join applications a on a.application_id = l.application_id
      left join (${LIVE_EVALUATIONS} and se.line_id in (${lines}) group by se.line_id) e on e.line_id = l.line_id
      left join (${DONE_LESSONS} and ls.line_id in (${lines}) group by ls.line_id) x on x.line_id = l.line_id
      where l.line_id in (${lines}) and (e.line_id is not null or x.line_id is not null)`,
    recountStatement(lines),
  ];
}

/**
 * criteria_passed of the stored lines in `lines`: their criteria of the line's licence type, active and not deleted,
 * whose latest level reaches the passing level (the count the list's status compares with the active criteria).
 */
function recountStatement(lines: string): string {
  return `with p as (select lt.line_id, (select count(*)::int from line_criterion_levels ll
        join evaluates e on e.evaluate_id = ll.evaluate_id and not e.is_delete and e.is_activate
        where ll.line_id = lt.line_id and e.type = l.course_type and ll.level >= ${passLevelSql}) as n
      from line_training lt join application_courses l on l.line_id = lt.line_id where lt.line_id in (${lines}))
    update line_training lt set criteria_passed = p.n from p where p.line_id = lt.line_id and lt.criteria_passed <> p.n`;
}

/** Rewrites one course line's stored training figures from its live evaluations and completed lessons (in the caller's transaction). */
export async function refreshLineTraining(tx: Conn, lineId: number) {
  if (!Number.isSafeInteger(lineId)) throw new Error(`line id ${lineId}`);
  await tx.execute(sql`select pg_advisory_xact_lock_shared(${sql.raw(RULES_LOCK)})`);
  await tx.execute(sql`select 1 from application_courses where line_id = ${lineId} for no key update`);
  for (const s of refreshStatements(String(lineId))) await tx.execute(sql.raw(s));
}

/** Takes the rules lock exclusively until the commit: refreshes of lines wait, and wait for it. */
export async function lockRules(tx: Conn) {
  await tx.execute(sql`select pg_advisory_xact_lock(${sql.raw(RULES_LOCK)})`);
}

/** After the passing level changed: every stored line's criteria_passed (in the settings' transaction). */
export async function recountAllLines(tx: Conn) {
  await lockRules(tx);
  await tx.execute(sql.raw(recountStatement('select line_id from line_training')));
}

/** After a criterion changed (active flag, type, deleted): the lines evaluated on it (in the catalog's transaction). */
export async function recountCriterionLines(tx: Conn, evaluateId: number) {
  if (!Number.isSafeInteger(evaluateId)) throw new Error(`evaluate id ${evaluateId}`);
  await lockRules(tx);
  await tx.execute(
    sql.raw(recountStatement(`select line_id from line_criterion_levels where evaluate_id = ${evaluateId}`)),
  );
}

/**
 * Lines whose stored figures differ from their evaluations and the current rules (none when they are kept right):
 * the tests and the bench check it.
 */
export const LINE_TRAINING_VIOLATIONS_SQL: SQL = sql.raw(`
  with live as (select l.line_id, a.branch_id, l.course_id, l.course_type, coalesce(e.theory, 0) as theory,
      coalesce(e.practice, 0) as practice, coalesce(x.theory, 0) as l_theory, coalesce(x.practice, 0) as l_practice,
      greatest(e.last_date, x.last_date) as last_date, coalesce(e.n, 0) as n
    from application_courses l join applications a on a.application_id = l.application_id
    left join (${LIVE_EVALUATIONS} group by se.line_id) e on e.line_id = l.line_id
    left join (${DONE_LESSONS} group by ls.line_id) x on x.line_id = l.line_id
    where e.line_id is not null or x.line_id is not null),
  lvl as (select distinct on (se.line_id, er.evaluate_id) se.line_id, er.evaluate_id, er.level
    from evaluation_results er join student_evaluations se on se.evaluation_id = er.evaluation_id
    where not se.is_delete order by se.line_id, er.evaluate_id, se.date desc, se.evaluation_id desc),
  passed as (select lvl.line_id, count(*)::int as n from lvl join application_courses l on l.line_id = lvl.line_id
    join evaluates e on e.evaluate_id = lvl.evaluate_id and not e.is_delete and e.is_activate and e.type = l.course_type
    where lvl.level >= ${passLevelSql} group by lvl.line_id),
  want as (select live.*, coalesce(passed.n, 0) as passed from live left join passed on passed.line_id = live.line_id)
  select coalesce(w.line_id, lt.line_id) as line_id, 'line_training' as what from want w full join line_training lt on lt.line_id = w.line_id
    where w.line_id is null or lt.line_id is null
      or (w.branch_id, w.course_id, w.course_type, w.theory, w.practice, w.l_theory, w.l_practice, w.last_date, w.n,
        w.passed)
      is distinct from (lt.branch_id, lt.course_id, lt.course_type, lt.theory_hours, lt.practice_hours,
        lt.lesson_theory_minutes, lt.lesson_practice_minutes, lt.last_date, lt.evaluations, lt.criteria_passed)
  union all
  select coalesce(l.line_id, s.line_id), 'line_criterion_levels' from lvl l full join line_criterion_levels s
    on s.line_id = l.line_id and s.evaluate_id = l.evaluate_id
    where l.line_id is null or s.line_id is null or l.level <> s.level`);
