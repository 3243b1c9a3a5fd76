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
 *
 * Each stored line also says whether its registration is live and whether its training is complete as the rules are
 * now (`live`, `complete`), and line_training_counts holds how many stored lines each branch has per (live,
 * complete): what the list's status count over the branches sums. Every transaction that changes a stored line's
 * branch, flags or existence applies the differences it made to the counts once, in key order (applyDeltas): two
 * transactions never take two count rows in opposite orders, and each adds what its own row versions changed, so
 * the differences of concurrent transactions add up whatever their order.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Conn } from '../../db/connection.js';
import { rowsOf } from '../../db/sql.js';

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

/** A stored line (lt, its course co, its licence type's active criteria ct) has its training complete. */
const COMPLETE = `(lt.theory_hours * 60 + lt.lesson_theory_minutes >= co.theory_hours * 60
    and lt.practice_hours * 60 + lt.lesson_practice_minutes >= co.practice_hours * 60
    and lt.criteria_passed >= coalesce(ct.total, 0))`;
/** The active criteria of each licence type (what a line must pass to complete its training). */
const CRITERIA_TOTALS = `(select e.type, count(*)::int as total from evaluates e where not e.is_delete and e.is_activate group by e.type)`;

/**
 * Sets `complete` of the stored lines in `lines` (a query of line_id; null: every stored line) where it changed;
 * `deltas`: answering the changed rows' branch, live flag and new complete flag grouped and counted (their old flag
 * is the opposite), the differences to apply to the counts.
 */
function completeStatement(lines: string | null, deltas = false): string {
  const d = `(select lt.line_id, ${COMPLETE} as c from line_training lt
      join courses co on co.course_id = lt.course_id left join ${CRITERIA_TOTALS} ct on ct.type = lt.course_type
      ${lines ? `where lt.line_id in (${lines})` : ''}) d`;
  const update = `update line_training lt set complete = d.c from ${d} where d.line_id = lt.line_id and lt.complete <> d.c`;
  return deltas
    ? `with ch as (${update} returning lt.branch_id, lt.live, lt.complete)
    select branch_id, live, complete, count(*)::int as n from ch group by branch_id, live, complete`
    : update;
}

/**
 * The statements that rewrite the stored figures of the lines `lines` (a query of line_id) from their live
 * evaluations, in order (the counts are the caller's: applyDeltas, or rebuildCountsStatements after a bulk rewrite).
 * The migration's backfill (0025_line_training.sql) and the bench generator run the same text over every line.
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
        lesson_theory_minutes, lesson_practice_minutes, last_date, evaluations, criteria_passed, live, complete)
      select l.line_id, a.branch_id, l.course_id, l.course_type, coalesce(e.theory, 0), coalesce(e.practice, 0),
        coalesce(x.theory, 0), coalesce(x.practice, 0), greatest(e.last_date, x.last_date), coalesce(e.n, 0), 0,
        not a.is_delete, false
      from application_courses l join applications a on a.application_id = l.application_id
      left join (${LIVE_EVALUATIONS} and se.line_id in (${lines}) group by se.line_id) e on e.line_id = l.line_id
      left join (${DONE_LESSONS} and ls.line_id in (${lines}) group by ls.line_id) x on x.line_id = l.line_id
      where l.line_id in (${lines}) and (e.line_id is not null or x.line_id is not null)`,
    recountStatement(lines),
    completeStatement(lines),
  ];
}

/** After a bulk rewrite of stored lines without their differences (the bench generator): every count from the rows. */
export function rebuildCountsStatements(): string[] {
  return [
    `delete from line_training_counts`,
    `insert into line_training_counts (branch_id, live, complete, n)
      select branch_id, live, complete, count(*) from line_training group by branch_id, live, complete`,
  ];
}

type CountKey = { branch_id: number; live: boolean; complete: boolean };
type Delta = CountKey & { n: number };
const keyOf = (k: CountKey) => `${k.branch_id}|${k.live}|${k.complete}`;

/** The count keys of the stored lines `ids`. */
async function keysOf(tx: Conn, ids: number[]): Promise<CountKey[]> {
  const res = await tx.execute(
    sql`select branch_id, live, complete from line_training where line_id in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})`,
  );
  return rowsOf<CountKey>(res);
}

/**
 * Adds the differences to the counts, summed per key and in key order (branch, live, complete): the one place a
 * transaction takes count rows, so no two transactions take them in opposite orders.
 */
async function applyDeltas(tx: Conn, deltas: Delta[]) {
  const sum = new Map<string, Delta>();
  for (const d of deltas) {
    const k = keyOf(d);
    const had = sum.get(k);
    if (had) had.n += d.n;
    else sum.set(k, { ...d });
  }
  const order = (a: Delta, b: Delta) =>
    a.branch_id - b.branch_id || Number(a.live) - Number(b.live) || Number(a.complete) - Number(b.complete);
  for (const d of [...sum.values()].filter((d) => d.n !== 0).sort(order))
    await tx.execute(sql`insert into line_training_counts as s (branch_id, live, complete, n)
      values (${d.branch_id}, ${d.live}, ${d.complete}, ${d.n})
      on conflict (branch_id, live, complete) do update set n = s.n + excluded.n`);
}

/** The differences a complete statement answered: each changed row left the opposite flag for its new one. */
const completeDeltas = (changed: Delta[]): Delta[] =>
  changed.flatMap((c) => [
    { ...c, n: Number(c.n) },
    { ...c, complete: !c.complete, n: -Number(c.n) },
  ]);

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

/**
 * Rewrites course lines' stored training figures from their live evaluations and completed lessons, and the counts
 * by the differences (in the caller's transaction; the lines locked in line order).
 */
export async function refreshLineTraining(tx: Conn, lineIds: number | number[]) {
  const ids = [...new Set(Array.isArray(lineIds) ? lineIds : [lineIds])].sort((a, b) => a - b);
  if (!ids.length) return;
  for (const id of ids) if (!Number.isSafeInteger(id)) throw new Error(`line id ${id}`);
  await tx.execute(sql`select pg_advisory_xact_lock_shared(${sql.raw(RULES_LOCK)})`);
  await lockTrainingLines(tx, ids);
  const before = await keysOf(tx, ids);
  for (const s of refreshStatements(ids.join(','))) await tx.execute(sql.raw(s));
  const after = await keysOf(tx, ids);
  await applyDeltas(tx, [...after.map((k) => ({ ...k, n: 1 })), ...before.map((k) => ({ ...k, n: -1 }))]);
}

/**
 * Locks course lines (no key update, in line order) before anything of their training is written. A session's
 * record takes its line first, before its insert's foreign key takes the line key-share: a cancellation locks the
 * registration's lines FOR UPDATE (applications' lockCourseLines), and a record holding the key-share lock that then
 * asked for this one waited behind the cancellation waiting for it — a deadlock (seen on PostgreSQL).
 */
export async function lockTrainingLines(tx: Conn, ids: number[]) {
  const lines = [...new Set(ids.map(Number))].sort((a, b) => a - b);
  if (!lines.length) return;
  await tx.execute(
    sql.raw(
      `select 1 from application_courses where line_id in (${lines.join(',')}) order by line_id for no key update`,
    ),
  );
}

/**
 * A registration was cancelled (its ended hook, with its course lines locked): its stored lines are no longer live.
 * Takes no rules lock (the rules' recount and this each add the difference of the row versions they changed).
 */
export async function registrationCancelled(tx: Conn, lineIds: number[]) {
  if (!lineIds.length) return;
  const res = await tx.execute(
    sql.raw(`with ch as (update line_training lt set live = false from application_courses l
        join applications a on a.application_id = l.application_id
      where l.line_id = lt.line_id and a.is_delete and lt.live and lt.line_id in (${lineIds.map(Number).join(',')})
      returning lt.branch_id, lt.complete)
    select branch_id, complete, count(*)::int as n from ch group by branch_id, complete`),
  );
  const changed = rowsOf<{ branch_id: number; complete: boolean; n: number }>(res);
  await applyDeltas(
    tx,
    changed.flatMap((c) => [
      { branch_id: c.branch_id, complete: c.complete, live: false, n: Number(c.n) },
      { branch_id: c.branch_id, complete: c.complete, live: true, n: -Number(c.n) },
    ]),
  );
}

/** Sets `complete` of the stored lines in `lines` (null: all) as the rules are now, and the counts by the differences. */
async function recomplete(tx: Conn, lines: string | null) {
  const res = await tx.execute(sql.raw(completeStatement(lines, true)));
  await applyDeltas(tx, completeDeltas(rowsOf<Delta>(res)));
}

/** Takes the rules lock exclusively until the commit: refreshes of lines wait, and wait for it. */
export async function lockRules(tx: Conn) {
  await tx.execute(sql`select pg_advisory_xact_lock(${sql.raw(RULES_LOCK)})`);
}

/** After the passing level changed: every stored line's criteria_passed (in the settings' transaction). */
export async function recountAllLines(tx: Conn) {
  await lockRules(tx);
  await tx.execute(sql.raw(recountStatement('select line_id from line_training')));
  await recomplete(tx, null);
}

/** After a criterion changed (active flag, type, deleted): the lines evaluated on it (in the catalog's transaction). */
export async function recountCriterionLines(tx: Conn, evaluateId: number) {
  if (!Number.isSafeInteger(evaluateId)) throw new Error(`evaluate id ${evaluateId}`);
  await lockRules(tx);
  await tx.execute(
    sql.raw(recountStatement(`select line_id from line_criterion_levels where evaluate_id = ${evaluateId}`)),
  );
  // a criterion created, switched on or off, moved or deleted changes what every line of its licence types must pass
  await recomplete(tx, null);
}

/** After a course changed (its theory or practice hours): its stored lines' complete flag (in the catalog's transaction). */
export async function recompleteCourseLines(tx: Conn, courseId: number) {
  if (!Number.isSafeInteger(courseId)) throw new Error(`course id ${courseId}`);
  await lockRules(tx);
  await recomplete(tx, `select line_id from line_training where course_id = ${courseId}`);
}

/**
 * Lines whose stored figures differ from their evaluations and the current rules, and branches whose counts differ
 * from their stored lines (none when they are kept right): the tests and the bench check it.
 */
export const LINE_TRAINING_VIOLATIONS_SQL: SQL = sql.raw(`
  with live as (select l.line_id, a.branch_id, not a.is_delete as live, l.course_id, l.course_type, coalesce(e.theory, 0) as theory,
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
  want0 as (select live.*, coalesce(passed.n, 0) as passed from live left join passed on passed.line_id = live.line_id),
  want as (select w.*, (w.theory * 60 + w.l_theory >= co.theory_hours * 60 and w.practice * 60 + w.l_practice >= co.practice_hours * 60
      and w.passed >= coalesce(ct.total, 0)) as complete
    from want0 w join courses co on co.course_id = w.course_id left join ${CRITERIA_TOTALS} ct on ct.type = w.course_type),
  counted as (select branch_id, live, complete, count(*)::int as n from line_training group by branch_id, live, complete)
  select coalesce(w.line_id, lt.line_id) as line_id, 'line_training' as what from want w full join line_training lt on lt.line_id = w.line_id
    where w.line_id is null or lt.line_id is null
      or (w.branch_id, w.course_id, w.course_type, w.theory, w.practice, w.l_theory, w.l_practice, w.last_date, w.n,
        w.passed, w.live, w.complete)
      is distinct from (lt.branch_id, lt.course_id, lt.course_type, lt.theory_hours, lt.practice_hours,
        lt.lesson_theory_minutes, lt.lesson_practice_minutes, lt.last_date, lt.evaluations, lt.criteria_passed,
        lt.live, lt.complete)
  union all
  select coalesce(l.line_id, s.line_id), 'line_criterion_levels' from lvl l full join line_criterion_levels s
    on s.line_id = l.line_id and s.evaluate_id = l.evaluate_id
    where l.line_id is null or s.line_id is null or l.level <> s.level
  union all
  select coalesce(c.branch_id, k.branch_id), 'line_training_counts' from counted c full join line_training_counts k
    on k.branch_id = c.branch_id and k.live = c.live and k.complete = c.complete
    where coalesce(c.n, 0) <> coalesce(k.n, 0)`);
