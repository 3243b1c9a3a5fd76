/** Reading lessons: the list with its filters, one lesson, a branch's instructors and a course line's hours ledger. */
import { sql, type SQL } from 'drizzle-orm';
import { addDays, formatThaiDate, todayBangkok } from '@khabkhi/thai';
import { LESSON_KIND_NAMES, LESSON_STATE_NAMES, type LessonTableQuery } from '@khabkhi/contracts';
import type { Conn } from '../../db/connection.js';
import { assertBranch, type Actor } from '../../http/auth.js';
import { liveBranchesInScope } from '../../http/branch.js';
import { isAll } from '../../http/envelope.js';
import { notFound } from '../../http/errors.js';
import { branchFilter, idFilter, withAll } from '../../http/tables.js';
import { staffOf } from '../employees/index.js';
import { lessonById, lessonRows, lineContext, lineMinutes, rowsOf } from './repo.js';
import { bangkokClock, bangkokInstant, hoursPart } from './rules.js';

/** The caller's branches as a condition on a column (none for head office). */
export function scopeSql(actor: Actor, column: SQL): SQL {
  if (actor.branchScope === null) return sql`true`;
  if (!actor.branchScope.length) return sql`false`;
  return sql`${column} in (${sql.join(actor.branchScope, sql`, `)})`;
}

const byName = (names: Record<string, string>) =>
  Object.fromEntries(Object.entries(names).map(([k, v]) => [v, k])) as Record<string, string>;
const STATE_BY_NAME = byName(LESSON_STATE_NAMES);
const KIND_BY_NAME = byName(LESSON_KIND_NAMES);

function tableWhere(actor: Actor, q: LessonTableQuery): SQL {
  const parts: SQL[] = [scopeSql(actor, sql`l.branch_id`)];
  const b = branchFilter(q.branch);
  if (b !== undefined) {
    if (b > 0) assertBranch(actor, b);
    parts.push(sql`l.branch_id = ${b}`);
  }
  if (!isAll(q.status)) parts.push(sql`l.state = ${STATE_BY_NAME[q.status!] ?? q.status}`);
  if (!isAll(q.kind)) parts.push(sql`l.kind = ${KIND_BY_NAME[q.kind!] ?? q.kind}`);
  if (!isAll(q.type)) parts.push(sql`l.course_type = ${q.type}`);
  if (!isAll(q.instructor)) parts.push(sql`coalesce(l.instructor_id, c.instructor_id) = ${idFilter(q.instructor)}`);
  if (!isAll(q.vehicle)) parts.push(sql`l.vehicle_id = ${idFilter(q.vehicle)}`);
  if (!isAll(q.customer)) parts.push(sql`l.customer_id = ${idFilter(q.customer)}`);
  if (!isAll(q.line)) parts.push(sql`l.line_id = ${idFilter(q.line)}`);
  // a theory class: the class row and its students' seats
  if (!isAll(q.class))
    parts.push(sql`(l.class_id = ${idFilter(q.class)} or (l.kind = 'class' and l.lesson_id = ${idFilter(q.class)}))`);
  if (q.start) parts.push(sql`l.starts_at >= ${bangkokInstant(q.start, '00:00').toISOString()}::timestamptz`);
  if (q.end) parts.push(sql`l.starts_at < ${bangkokInstant(addDays(q.end, 1), '00:00').toISOString()}::timestamptz`);
  const t = (q.text ?? '').trim();
  if (!isAll(t) && t) {
    const like = `%${t.replace(/[\\%_]/g, (x) => `\\${x}`)}%`;
    parts.push(sql`(cu.idcard like ${`${t}%`} or (cu.fname || ' ' || cu.sname) ilike ${like}
      or a.application_code ilike ${like} or (u.fname || ' ' || u.sname) ilike ${like} or v.no ilike ${like})`);
  }
  return sql.join(parts, sql` and `);
}

export async function lessonTable(conn: Conn, actor: Actor, q: LessonTableQuery, limit: number, offset: number) {
  const where = tableWhere(actor, q);
  const text = (q.text ?? '').trim();
  const byText = !isAll(text) && !!text;
  const [rows, [count]] = await Promise.all([
    lessonRows(conn, where, sql`l.starts_at desc, l.lesson_id desc`, limit, offset),
    rowsOf(
      conn,
      // counted on the lessons alone unless a filter names a joined table (the text, a seat's instructor)
      sql`select count(*)::int as n from lessons l
        ${byText || !isAll(q.instructor) ? sql`left join lessons c on c.lesson_id = l.class_id` : sql``}
        ${
          byText
            ? sql`left join applications a on a.application_id = l.application_id
        left join customers cu on cu.customer_id = l.customer_id
        left join users u on u.user_id = coalesce(l.instructor_id, c.instructor_id)
        left join vehicles v on v.vehicle_id = l.vehicle_id`
            : sql``
        } where ${where}`,
    ),
  ]);
  return { rows, total: Number(count!.n) };
}

/** The list's dropdowns: branches, states, kinds, the instructors and vehicles of the user's branches, recent classes. */
export async function lessonFilterOptions(conn: Conn, actor: Actor) {
  const branches = await liveBranchesInScope(conn, actor);
  // one after the other: the connection may be a transaction's single client
  const instructors = await rowsOf(
    conn,
    sql`select u.user_id as value, trim(u.prefix || u.fname || ' ' || u.sname) as name from users u
      where not u.is_delete and (exists (select 1 from roles r where r.role_id = u.role_id and r.slug = 'instructor')
        or exists (select 1 from instructor_hours h where h.user_id = u.user_id and ${scopeSql(actor, sql`h.branch_id`)}))
        and (${scopeSql(actor, sql`u.branch_id`)} or exists (select 1 from instructor_hours h where h.user_id = u.user_id
          and ${scopeSql(actor, sql`h.branch_id`)}))
      order by u.fname, u.sname`,
  );
  const vehicles = await rowsOf(
    conn,
    sql`select vehicle_id as value, no || ' ' || province as name from vehicles
      where not is_delete and ${scopeSql(actor, sql`branch_id`)} order by no`,
  );
  const today = todayBangkok();
  const classes = await rowsOf(
    conn,
    sql`select l.lesson_id, l.starts_at, l.course_type, coalesce(r.name, '') as room from lessons l
      left join lesson_rooms r on r.room_id = l.room_id
      where l.kind = 'class' and ${scopeSql(actor, sql`l.branch_id`)}
        and l.starts_at >= ${bangkokInstant(addDays(today, -30), '00:00').toISOString()}::timestamptz
        and l.starts_at < ${bangkokInstant(addDays(today, 60), '00:00').toISOString()}::timestamptz
      order by l.starts_at desc limit 200`,
  );
  return {
    branch: withAll(branches.map((b) => ({ name: b.name, value: b.branch_id }))),
    status: withAll(Object.entries(LESSON_STATE_NAMES).map(([value, name]) => ({ name, value }))),
    kind: withAll(Object.entries(LESSON_KIND_NAMES).map(([value, name]) => ({ name, value }))),
    instructor: withAll(instructors.map((r) => ({ name: String(r.name), value: Number(r.value) }))),
    vehicle: withAll(vehicles.map((r) => ({ name: String(r.name), value: Number(r.value) }))),
    class: withAll(
      classes.map((r) => {
        const at = bangkokClock(new Date(String(r.starts_at)));
        return {
          name: `${formatThaiDate(at.date)} ${at.time} น. ${r.course_type}${r.room ? ` ${r.room}` : ''}`,
          value: Number(r.lesson_id),
        };
      }),
    ),
  };
}

export async function lessonGet(conn: Conn, actor: Actor, id: number) {
  const l = await lessonById(conn, id);
  if (!l) throw notFound('ไม่พบคาบเรียนนี้');
  assertBranch(actor, l.branch_id);
  return l;
}

/** The instructors of a branch: its staff (and head office's) with the instructor role or hours at the branch. */
export async function branchInstructors(conn: Conn, branchId: number) {
  const staff = await staffOf(conn, branchId);
  const teach = new Set(
    (
      await rowsOf(
        conn,
        sql`select u.user_id from users u join roles r on r.role_id = u.role_id
          where r.slug = 'instructor' and u.branch_id = ${branchId}
        union select user_id from instructor_hours where branch_id = ${branchId}`,
      )
    ).map((r) => Number(r.user_id)),
  );
  return staff.filter((s) => teach.has(s.user_id));
}

/** lesson/hours: minutes included, booked, delivered, charged and remaining per part, and the hours typed on evaluations. */
export async function lineHours(conn: Conn, actor: Actor, lineId: number) {
  const line = await lineContext(conn, lineId);
  if (!line) throw notFound('ไม่พบหลักสูตรนี้ในใบสมัคร');
  assertBranch(actor, line.branch_id);
  const m = await lineMinutes(conn, lineId);
  return {
    line_id: lineId,
    course_name: line.course_name,
    course_type: line.course_type,
    theory: hoursPart({ included: line.theory_hours * 60, ...m.theory }),
    practice: hoursPart({ included: line.practice_hours * 60, ...m.practice }),
  };
}
