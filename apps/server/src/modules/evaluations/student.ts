/** A course line's evaluation as the student screen and the certificate show it: criteria, sessions, hours, exams. */
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { EXAM_KIND_NAMES, EXAM_STATUS_NAMES } from '@khabkhi/contracts';
import type { Conn } from '../../db/connection.js';
import { users } from '../../db/schema/core.js';
import { evaluates } from '../../db/schema/catalog.js';
import { evaluationResults, studentEvaluations } from '../../db/schema/evaluations.js';
import { lessons } from '../../db/schema/lessons.js';
import { assertBranch, type Actor } from '../../http/auth.js';
import { badRequest, notFound } from '../../http/errors.js';
import { examKindsOf, lineAttempts } from '../exams/index.js';
import { staffOf } from '../employees/index.js';
import { applicationOf, criteriaOf, EVAL_STATUS, evaluationSettingsOf, lineOf } from './repo.js';
import { CATEGORY_NAMES, lineIn } from './record.js';
import { rowsOf } from '../../db/sql.js';

const EXAM_KINDS = ['theory', 'practical'] as const;

/**
 * The exam results of a course line for the certificate: every kind the school examines for the licence type (the
 * kinds of its exam sessions of that type; both theory and practical while it has none) must have a passed attempt.
 */
async function lineExams(db: Conn, lineId: number, courseType: string) {
  const [attempts, kinds] = await Promise.all([lineAttempts(db, lineId), examKindsOf(db, courseType)]);
  const required = EXAM_KINDS.filter((k) => !kinds.length || kinds.includes(k));
  const results = required.map((kind) => {
    const mine = attempts.filter((a) => a.kind === kind); // newest first
    const passed = mine.find((a) => a.status === 'passed');
    const last = passed ?? mine[0];
    return {
      kind,
      kind_name: EXAM_KIND_NAMES[kind] ?? kind,
      passed: !!passed,
      status: last?.status ?? null,
      status_name: last ? (EXAM_STATUS_NAMES[last.status] ?? last.status) : 'ยังไม่ได้สอบ',
      exam_date: last?.exam_date ?? null,
      attempts: mine.length,
    };
  });
  const missing = results.filter((r) => !r.passed).map((r) => `ยังไม่ผ่านการสอบ${r.kind_name}`);
  return { results, passed: missing.length === 0, missing };
}

/** Minutes ÷ 60 to two places (a 90-minute lesson is 1.5 hours). */
const toHours = (minutes: number) => Math.round((minutes / 60) * 100) / 100;

/**
 * The minutes of a course line's completed lessons: its theory-class seats and practical lessons. The lessons table
 * is read here directly (the shared schema), so evaluations does not import the lessons module (which imports it).
 */
async function doneLessonMinutes(db: Conn, lineId: number) {
  const [r] = await db
    .select({
      theory: sql<number>`coalesce(sum(${lessons.minutes}) filter (where ${lessons.kind} = 'seat'), 0)::int`,
      practice: sql<number>`coalesce(sum(${lessons.minutes}) filter (where ${lessons.kind} = 'practice'), 0)::int`,
      lessons: sql<number>`count(*)::int`,
    })
    .from(lessons)
    .where(and(eq(lessons.line_id, lineId), eq(lessons.state, 'done')));
  return { theory: Number(r?.theory ?? 0), practice: Number(r?.practice ?? 0), lessons: Number(r?.lessons ?? 0) };
}

/** evaluate/student: a course line's criteria with their current level, its sessions, hours and whether training is complete. */
export async function studentEvaluation(db: Conn, actor: Actor | null, lineId: number) {
  const line = await lineOf(db, lineId);
  if (!line) throw notFound('ไม่พบรายการหลักสูตรนี้');
  const a = await applicationOf(db, line.application_id);
  if (!a || a.kind !== 'course') throw notFound('ไม่พบใบสมัครเรียนนี้');
  if (actor) assertBranch(actor, a.branch_id);
  const s = await evaluationSettingsOf(db);
  const levelName = new Map(s.levels.map((l) => [l.value, l.name]));
  const [criteria, sessions, staff, head] = await Promise.all([
    criteriaOf(db, line.course_type),
    db
      .select({
        e: studentEvaluations,
        instructor_name: sql<string>`${users.prefix} || ${users.fname} || ' ' || ${users.sname}`,
        created_by_name: sql<string>`(select u2.fname || ' ' || u2.sname from users u2 where u2.user_id = ${studentEvaluations.created_by})`,
      })
      .from(studentEvaluations)
      .innerJoin(users, eq(users.user_id, studentEvaluations.instructor_id))
      .where(and(eq(studentEvaluations.line_id, lineId), eq(studentEvaluations.is_delete, false)))
      .orderBy(desc(studentEvaluations.date), desc(studentEvaluations.evaluation_id)),
    staffOf(db, a.branch_id),
    db.execute(sql`select c.idcard, c.customer_id, b.name as branch_name from applications a join customers c on c.customer_id = a.customer_id
      join branches b on b.branch_id = a.branch_id where a.application_id = ${a.application_id}`),
  ]);
  const h = rowsOf<{ idcard: string; customer_id: number; branch_name: string }>(head)[0]!;
  const ids = sessions.map((x) => x.e.evaluation_id);
  const results = ids.length
    ? await db
        .select({
          evaluation_id: evaluationResults.evaluation_id,
          evaluate_id: evaluationResults.evaluate_id,
          level: evaluationResults.level,
          title: evaluates.title,
          category: evaluates.category,
        })
        .from(evaluationResults)
        .innerJoin(evaluates, eq(evaluates.evaluate_id, evaluationResults.evaluate_id))
        .where(inArray(evaluationResults.evaluation_id, ids))
        .orderBy(asc(evaluates.sort), asc(evaluates.evaluate_id))
    : [];
  const evaluations = sessions.map(({ e, instructor_name, created_by_name }) => ({
    evaluation_id: e.evaluation_id,
    date: e.date,
    instructor_id: e.instructor_id,
    instructor_name,
    theory_hours: e.theory_hours,
    practice_hours: e.practice_hours,
    note: e.note,
    created_by_name: created_by_name ?? '',
    results: results
      .filter((r) => r.evaluation_id === e.evaluation_id)
      .map((r) => ({
        evaluate_id: r.evaluate_id,
        title: r.title,
        category: r.category,
        level: r.level,
        level_name: levelName.get(r.level) ?? String(r.level),
        passed: r.level >= s.pass_level,
      })),
  }));
  // sessions are newest first: a criterion's current level is the first result met
  const state = criteria.map((c) => {
    const hit = evaluations.find((ev) => ev.results.some((r) => r.evaluate_id === c.evaluate_id));
    const r = hit?.results.find((x) => x.evaluate_id === c.evaluate_id);
    return {
      evaluate_id: c.evaluate_id,
      title: c.title,
      category: c.category,
      category_name: CATEGORY_NAMES[c.category] ?? c.category,
      level: r?.level ?? null,
      level_name: r ? r.level_name : 'ยังไม่ประเมิน',
      passed: !!r && r.passed,
      date: hit?.date ?? null,
      instructor_name: hit?.instructor_name ?? '',
    };
  });
  // done = the completed lessons + the hours typed on evaluations before the lessons module (recorded history)
  const taught = await doneLessonMinutes(db, lineId);
  const theoryRecorded = evaluations.reduce((n, e) => n + e.theory_hours, 0);
  const practiceRecorded = evaluations.reduce((n, e) => n + e.practice_hours, 0);
  const hours = {
    theory_done: toHours(theoryRecorded * 60 + taught.theory),
    theory_required: line.theory_required,
    theory_recorded: theoryRecorded,
    practice_done: toHours(practiceRecorded * 60 + taught.practice),
    practice_required: line.practice_required,
    practice_recorded: practiceRecorded,
  };
  const missing: string[] = [];
  if (hours.theory_done < hours.theory_required)
    missing.push(`ชั่วโมงทฤษฎี ${hours.theory_done}/${hours.theory_required} ชั่วโมง`);
  if (hours.practice_done < hours.practice_required)
    missing.push(`ชั่วโมงปฏิบัติ ${hours.practice_done}/${hours.practice_required} ชั่วโมง`);
  const notYet = state.filter((c) => c.level === null).length;
  if (notYet) missing.push(`ยังไม่ได้ประเมิน ${notYet} หัวข้อ`);
  const below = state.filter((c) => c.level !== null && !c.passed);
  if (below.length) missing.push(`ยังไม่ผ่านเกณฑ์ ${below.length} หัวข้อ (${below.map((c) => c.title).join(', ')})`);
  const started = evaluations.length > 0 || taught.lessons > 0;
  if (!started && !missing.length) missing.push('ยังไม่มีการบันทึกผลการอบรม');
  const completed = missing.length === 0;
  const exams = await lineExams(db, line.line_id, line.course_type);
  return {
    line_id: line.line_id,
    application_id: a.application_id,
    application_code: a.application_code,
    app_status: a.status,
    branch_id: a.branch_id,
    branch_name: h.branch_name,
    customer_id: h.customer_id,
    customer_name: a.customer_name,
    idcard: h.idcard,
    course_id: line.course_id,
    course_name: line.course_name,
    course_type: line.course_type,
    exam_date: line.exam_date,
    registered_at: a.createdAt.toISOString(),
    hours,
    criteria: state,
    evaluations,
    levels: s.levels.map((l) => ({ ...l, pass: l.value >= s.pass_level })),
    pass_level: s.pass_level,
    instructors: staff.map((u) => ({ value: u.user_id, name: u.position ? `${u.name} (${u.position})` : u.name })),
    completed,
    missing,
    exams,
    certificate_ready: completed && exams.passed,
    status: completed ? EVAL_STATUS.completed : started ? EVAL_STATUS.training : EVAL_STATUS.notStarted,
  };
}

/** A course line named with its application: the application's branch is checked first, then the line is in it. */
export async function studentOfApplication(db: Conn, actor: Actor | null, applicationId: number, lineId: number) {
  const a = await applicationOf(db, applicationId);
  if (!a || a.kind !== 'course') throw notFound('ไม่พบใบสมัครเรียนนี้');
  if (actor) assertBranch(actor, a.branch_id);
  await lineIn(db, applicationId, lineId);
  return studentEvaluation(db, actor, lineId);
}

/**
 * The certificate is issued only for a completed training whose student passed the exams of the course line
 * (lineExams); the refusal says what is missing, training first, then the exams.
 */
export async function certificateData(db: Conn, actor: Actor | null, applicationId: number, lineId: number) {
  const d = await studentOfApplication(db, actor, applicationId, lineId);
  if (!d.certificate_ready)
    throw badRequest(`ยังออกใบรับรองผลการอบรมไม่ได้: ${[...d.missing, ...d.exams.missing].join(', ')}`);
  return d;
}
