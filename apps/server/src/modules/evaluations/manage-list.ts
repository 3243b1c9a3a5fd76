/** The SQL of the evaluation list (evaluate/manage): each course line's training and exam stage, filtered and counted. */
import { eq, sql, type SQL } from 'drizzle-orm';
import { EXAM_STAGE, EXAM_STATUS_NAMES, type EvaluateManageRow, type ExamCell } from '@khabkhi/contracts';
import type { Db } from '../../db/connection.js';
import { examPermissionCounts, examPermissions } from '../../db/schema/exams.js';
import { liveLineCount } from '../exams/index.js';
import { branchScopeSql, branchScopeWhere, type Actor } from '../../http/auth.js';
import { isAll } from '../../http/envelope.js';
import { allOf, branchFilter } from '../../http/tables.js';
import { applicationIdsMatching } from '../applications/index.js';
import { rowsOf } from '../../db/sql.js';
import { EVAL_STATUS, name, type ListArgs } from './repo.js';

/**
 * The training figures of a course line `l` (with its course `co`): hours done — the minutes of its completed lessons
 * (x) plus the hours typed on its evaluations before the lessons module (h, recorded history) — and criteria
 * evaluated and passed at their latest level. Joined for the page's rows only (a filter on the status reads the
 * figures kept at commit instead, trainingStatusFilter).
 */
const trainingJoins = (passLevel: number) => sql`
    left join lateral (select sum(se.theory_hours) as theory, sum(se.practice_hours) as practice, max(se.date) as last_date
      from student_evaluations se where se.line_id = l.line_id and not se.is_delete) h on true
    left join lateral (select coalesce(sum(ls.minutes) filter (where ls.kind = 'seat'), 0) as theory,
        coalesce(sum(ls.minutes) filter (where ls.kind = 'practice'), 0) as practice,
        max((ls.starts_at at time zone 'Asia/Bangkok')::date) as last_date
      from lessons ls where ls.line_id = l.line_id and ls.state = 'done') x on true
    left join lateral (select count(*) as done, count(*) filter (where x.level >= ${passLevel}) as passed from (
      select distinct on (er.evaluate_id) er.evaluate_id, er.level from evaluation_results er
      join student_evaluations se on se.evaluation_id = er.evaluation_id and not se.is_delete
      join evaluates e on e.evaluate_id = er.evaluate_id and not e.is_delete and e.is_activate and e.type = l.course_type
      where se.line_id = l.line_id order by er.evaluate_id, se.date desc, se.evaluation_id desc) x) r on true
    cross join lateral (select count(*) as total from evaluates e
      where not e.is_delete and e.is_activate and e.type = l.course_type) ct`;
/** Minutes of training of a part: completed lessons plus the typed hours of the evaluations. */
const theoryMinutes = sql`(coalesce(h.theory, 0) * 60 + x.theory)`;
const practiceMinutes = sql`(coalesce(h.practice, 0) * 60 + x.practice)`;
const trainingStatus = sql`case
    when ${theoryMinutes} >= co.theory_hours * 60 and ${practiceMinutes} >= co.practice_hours * 60
      and coalesce(r.passed, 0) >= ct.total and greatest(h.last_date, x.last_date) is not null then ${EVAL_STATUS.completed}::text
    when greatest(h.last_date, x.last_date) is null then ${EVAL_STATUS.notStarted}::text else ${EVAL_STATUS.training}::text end`;

/**
 * A course line's theory (et) and practical (ep) exam: the passed attempt if any, else the latest one (by the
 * session's date), with the number of attempts of that kind — two index lookups on exam_attempts.line_id.
 */
const examJoins = sql`${sql.join(
  (['theory', 'practical'] as const).map(
    (kind) => sql`
    left join lateral (select x.status, xs.exam_date::text as exam_date, x.theory_score, x.theory_total, count(*) over ()::int as n
      from exam_attempts x join exam_sessions xs on xs.session_id = x.session_id
      where x.line_id = l.line_id and x.status <> 'cancelled' and xs.kind = ${kind}
      order by (x.status = 'passed') desc, xs.exam_date desc, x.attempt_id desc limit 1) ${sql.raw(kind === 'theory' ? 'et' : 'ep')} on true`,
  ),
  sql``,
)}`;
/** The stored training rows (lt) of the caller's scope and the branch asked (a row has its application's branch). */
const storedOwn = (actor: Actor, branchId: number | undefined) =>
  sql`${branchScopeSql(actor, 'lt.branch_id')} ${branchId !== undefined ? sql`and lt.branch_id = ${branchId}` : sql``}`;
/**
 * The training status filter over every candidate line, from the figures kept at commit (training.ts): no stored
 * row is "not started" (an anti-join); a stored row is "completed" when its stored `complete` flag says so (its hours
 * reach the course's and its passed criteria every active criterion of its licence type, as the rules are now — the
 * status trainingStatus gives from the evaluations), else "in training". `stored` is the stored rows of the branch
 * and scope asked (a line's row has its application's branch). The page asks for them as a semi-join judged on the
 * stored row alone: the planner walks the chain's lines newest first with a key lookup each, or, for one branch,
 * starts from the branch's few thousand stored rows and looks up their lines. The count with a text, licence type or
 * exam stage reads them as a materialized CTE joined to their lines by key; "not started" anti-joins the table itself
 * (a hash anti-join for the chain). Without those filters the count is trainedLineCount's instead.
 */
function trainingStatusFilter(
  status: string | undefined,
  actor: Actor,
  branchId: number | undefined,
): { stored: SQL | null; join: (forCount: boolean) => SQL; where: (forCount: boolean) => SQL } {
  if (status === EVAL_STATUS.notStarted)
    return {
      stored: null,
      join: () => sql``,
      where: () => sql`not exists (select 1 from line_training lt where lt.line_id = l.line_id)`,
    };
  if (status !== EVAL_STATUS.training && status !== EVAL_STATUS.completed)
    return { stored: null, join: () => sql``, where: () => sql`false` };
  const complete = status === EVAL_STATUS.completed;
  const stored = sql`select lt.line_id from line_training lt
    where ${storedOwn(actor, branchId)} and lt.complete = ${complete}`;
  return {
    stored,
    join: (forCount) => (forCount ? sql`join lts lt on lt.line_id = l.line_id` : sql``),
    where: (forCount) =>
      forCount
        ? sql`true`
        : sql`exists (select 1 from line_training lt
        where lt.line_id = l.line_id and ${storedOwn(actor, branchId)} and lt.complete = ${complete})`,
  };
}

/**
 * The course lines of live registrations that have a training record (line_training: at least one live evaluation or
 * completed lesson), or only those whose training is complete (done) or not yet (not done): the per-branch counts
 * kept at commit (line_training_counts), summed over the branches asked.
 */
async function trainedLineCount(db: Db, actor: Actor, branchId: number | undefined, done?: boolean) {
  const res = await db.execute(sql`select coalesce(sum(lt.n), 0)::int as n from line_training_counts lt
    where lt.live and ${storedOwn(actor, branchId)} ${done === undefined ? sql`` : sql`and lt.complete = ${done}`}`);
  return Number(rowsOf<{ n: number }>(res)[0]?.n ?? 0);
}

const examStage = sql`case
    when ep.status = 'passed' then ${EXAM_STAGE.passed}::text
    when et.status = 'booked' or ep.status = 'booked' then ${EXAM_STAGE.booked}::text
    when et.status in ('failed', 'absent') or ep.status in ('failed', 'absent') then ${EXAM_STAGE.failed}::text
    when et.status = 'passed' then ${EXAM_STAGE.theory}::text
    else ${EXAM_STAGE.none}::text end`;
/**
 * The same stage for a filter over every candidate line: per-line flags from one pass over the attempts (a hash
 * join, not two lookups per line). A booked attempt is always a line's latest of its kind (a kind takes one booking
 * at a time, on a session not yet past its results), so the flags give the stage the shown attempts give.
 */
const examFlagsJoin = sql`
    left join (select x.line_id,
        bool_or(x.status = 'passed' and xs.kind = 'theory') as pt, bool_or(x.status = 'passed' and xs.kind = 'practical') as pp,
        bool_or(x.status = 'booked') as bk,
        bool_or(x.status in ('failed', 'absent') and xs.kind = 'theory') as ft,
        bool_or(x.status in ('failed', 'absent') and xs.kind = 'practical') as fp
      from exam_attempts x join exam_sessions xs on xs.session_id = x.session_id
      where x.status <> 'cancelled' group by x.line_id) ef on ef.line_id = l.line_id`;
const examStageOfFlags = sql`case
    when ef.pp then ${EXAM_STAGE.passed}::text
    when ef.bk then ${EXAM_STAGE.booked}::text
    when (ef.ft and not ef.pt) or ef.fp then ${EXAM_STAGE.failed}::text
    when ef.pt then ${EXAM_STAGE.theory}::text
    else ${EXAM_STAGE.none}::text end`;

const examCell = (r: Record<string, any>, p: 'et' | 'ep'): ExamCell => {
  const status = (r[`${p}_status`] as string | null) ?? null;
  return {
    status,
    status_name: status ? (EXAM_STATUS_NAMES[status] ?? status) : EXAM_STAGE.none,
    exam_date: r[`${p}_date`] ?? null,
    score: r[`${p}_score`] ?? null,
    total: r[`${p}_total`] ?? null,
    attempts: r[`${p}_n`] ?? 0,
  };
};

/**
 * application/getforevaluateManage: one row per course line with its hours, criteria and exams, filtered and paged.
 * The page's line ids are chosen on the lines and their applications alone (newest registration first, on the
 * applications_kind_created index); the training figures and the exams are then joined for those rows only. A
 * training status (status) filter reads every candidate line's figures kept at commit (line_training), an exam
 * stage (category) filter joins the exams for every candidate line, and the count follows the same filters.
 */
export async function evaluateManageRows(
  db: Db,
  actor: Actor,
  q: ListArgs,
  passLevel: number,
  limit: number,
  offset: number,
): Promise<{ total: number; rows: EvaluateManageRow[] }> {
  const branchId = branchFilter(q.branch);
  const text = q.text?.trim();
  const byStatus = !isAll(q.status);
  const byExam = !isAll(q.category);
  // the page walks the lines newest first and stops at its rows: the exam stage from two lookups per line; the count
  // visits every candidate: the stage from one pass over the attempts (the same stage, see examFlagsJoin)
  const training = byStatus ? trainingStatusFilter(q.status, actor, branchId) : null;
  const candidates = (forCount: boolean) => sql`from application_courses l
    join applications a on a.application_id = l.application_id
    ${training ? training.join(forCount) : sql``}
    ${byExam ? (forCount ? examFlagsJoin : examJoins) : sql``}
    where a.kind = 'course' and not a.is_delete and ${branchScopeSql(actor, 'a.branch_id')}
      ${branchId !== undefined ? sql`and a.branch_id = ${branchId}` : sql``}
      ${isAll(q.type) ? sql`` : sql`and l.course_type = ${q.type}`}
      ${text && !isAll(text) ? sql`and a.application_id in (${applicationIdsMatching(text)})` : sql``}
      ${training ? sql`and ${training.where(forCount)}` : sql``}
      ${byExam ? sql`and ${forCount ? examStageOfFlags : examStage} = ${q.category}` : sql``}`;
  const order = sql`order by a.created_at desc, a.application_id desc, l.line_id desc`;
  // no text, licence type or exam stage: counted without visiting the lines — every line (its permission rows), those
  // in training or complete (the stored rows), those not started (every line less the stored ones)
  const plain = !(text && !isAll(text)) && isAll(q.type) && !byExam;
  const allLines = () =>
    liveLineCount(
      db,
      allOf(
        branchScopeWhere(actor, examPermissions.branch_id),
        branchId !== undefined ? eq(examPermissions.branch_id, branchId) : undefined,
      ),
      // every line of the branches: the per-branch counts kept at commit
      allOf(
        branchScopeWhere(actor, examPermissionCounts.branch_id),
        branchId !== undefined ? eq(examPermissionCounts.branch_id, branchId) : undefined,
      ) ?? sql`true`,
    );
  const counted =
    plain && !byStatus
      ? allLines()
      : plain && q.status === EVAL_STATUS.notStarted
        ? Promise.all([allLines(), trainedLineCount(db, actor, branchId)]).then(([all, trained]) => all - trained)
        : plain && (q.status === EVAL_STATUS.training || q.status === EVAL_STATUS.completed)
          ? trainedLineCount(db, actor, branchId, q.status === EVAL_STATUS.completed)
          : db
              .execute(
                sql`${training?.stored ? sql`with lts as materialized (${training.stored}) ` : sql``}select count(*)::int as n ${candidates(true)}`,
              )
              .then((r) => Number(rowsOf<{ n: number }>(r)[0]?.n ?? 0));
  const [page, total] = await Promise.all([
    // the page first (materialized), then its rows joined: the laterals run for these rows only
    db.execute(sql`with p as materialized (select l.line_id ${candidates(false)} ${order} limit ${limit} offset ${offset})
    select l.line_id, l.application_id, a.application_code, a.status as app_status, a.branch_id, b.name as branch_name,
      c.customer_id, ${name('c')} as customer_name, c.idcard, c.phone_1 as phone, l.course_name, l.course_type, l.exam_date::text as exam_date,
      a.created_at, co.theory_hours as theory_required, co.practice_hours as practice_required,
      round(${theoryMinutes} / 60.0, 2)::float8 as theory_done, round(${practiceMinutes} / 60.0, 2)::float8 as practice_done,
      coalesce(h.theory, 0)::int as theory_recorded, coalesce(h.practice, 0)::int as practice_recorded,
      greatest(h.last_date, x.last_date)::text as last_date,
      ct.total::int as criteria_total, coalesce(r.done, 0)::int as criteria_done, coalesce(r.passed, 0)::int as criteria_passed,
      ${trainingStatus} as status,
      et.status as et_status, et.exam_date as et_date, et.theory_score as et_score, et.theory_total as et_total, et.n as et_n,
      ep.status as ep_status, ep.exam_date as ep_date, ep.theory_score as ep_score, ep.theory_total as ep_total, ep.n as ep_n,
      ${examStage} as exam_status
    from p join application_courses l on l.line_id = p.line_id
    join applications a on a.application_id = l.application_id
    join customers c on c.customer_id = a.customer_id
    join branches b on b.branch_id = a.branch_id
    join courses co on co.course_id = l.course_id
    ${trainingJoins(passLevel)}
    ${examJoins}
    ${order}`),
    counted,
  ]);
  return {
    total,
    rows: rowsOf<Record<string, any>>(page).map(
      (r) =>
        ({
          line_id: r.line_id,
          application_id: r.application_id,
          application_code: r.application_code,
          app_status: r.app_status,
          branch_id: r.branch_id,
          branch_name: r.branch_name,
          customer_id: r.customer_id,
          customer_name: r.customer_name,
          idcard: r.idcard,
          phone: r.phone,
          course_name: r.course_name,
          course_type: r.course_type,
          exam_date: r.exam_date,
          registered_at: new Date(r.created_at).toISOString(),
          theory_done: Number(r.theory_done),
          theory_required: r.theory_required,
          theory_recorded: r.theory_recorded,
          practice_done: Number(r.practice_done),
          practice_recorded: r.practice_recorded,
          practice_required: r.practice_required,
          criteria_total: r.criteria_total,
          criteria_done: r.criteria_done,
          criteria_passed: r.criteria_passed,
          last_date: r.last_date,
          status: r.status,
          theory_exam: examCell(r, 'et'),
          practical_exam: examCell(r, 'ep'),
          exam_status: r.exam_status,
        }) satisfies EvaluateManageRow,
    ),
  };
}
