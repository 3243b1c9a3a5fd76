/**
 * The exam schedule and history table's reads (exam/gettable). Each is a
 * named statement built once per shape of its filters (which of branch, status, kind, licence type, dates and text
 * are given, and whether the caller sees some branches only): the page's SQL is long, and building it with the query
 * builder at every request took a third of the request's CPU; the database parses each shape once per connection.
 */
import { sql, type SQL } from 'drizzle-orm';
import { namedShapes, isoTimestamp, rowsOf } from '../../db/sql.js';
import { branches, users } from '../../db/schema/core.js';
import { applicationCourses, applications, customers } from '../../db/schema/money.js';
import { examAttempts, examSessions } from '../../db/schema/exams.js';
import { textMatchOf, textMatchSql, type TextMatchKind } from '../applications/index.js';

/** The table's filters, resolved: codes and ids, undefined where the list shows all. */
export interface AttemptFilter {
  /** the caller's branches (null: every branch) */
  scope: number[] | null;
  branch?: number;
  /** a status code; undefined: every status but cancelled */
  status?: string;
  kind?: string;
  type?: string;
  /** one day (the list ordered by time), else a range (newest day first) */
  date?: string;
  start?: string;
  end?: string;
  text?: string;
}

type Shape = {
  scope: boolean;
  branch: boolean;
  status: boolean;
  kind: boolean;
  type: boolean;
  date: boolean;
  start: boolean;
  end: boolean;
  digits: boolean;
  people: boolean;
  peopleOrCode: boolean;
};

const textKind = (f: AttemptFilter): TextMatchKind | undefined =>
  f.text?.trim() ? textMatchOf(f.text).kind : undefined;

function shapeOf(f: AttemptFilter): Shape {
  const text = textKind(f);
  return {
    scope: f.scope !== null,
    branch: f.branch !== undefined,
    status: f.status !== undefined,
    kind: f.kind !== undefined,
    type: f.type !== undefined,
    date: f.date !== undefined,
    start: f.date === undefined && f.start !== undefined,
    end: f.date === undefined && f.end !== undefined,
    digits: text === 'digits',
    people: text === 'people',
    peopleOrCode: text === 'peopleOrCode',
  };
}

function valuesOf(f: AttemptFilter): Record<string, unknown> {
  const v: Record<string, unknown> = {};
  if (f.scope !== null) v.scope = f.scope;
  for (const k of ['branch', 'status', 'kind', 'type', 'date'] as const) if (f[k] !== undefined) v[k] = f[k];
  if (f.date === undefined) {
    if (f.start !== undefined) v.start = f.start;
    if (f.end !== undefined) v.end = f.end;
  }
  if (f.text?.trim()) Object.assign(v, textMatchOf(f.text).values);
  return v;
}

const p = (name: string) => sql.placeholder(name);
const textOf = (s: Shape): TextMatchKind | undefined =>
  s.digits ? 'digits' : s.people ? 'people' : s.peopleOrCode ? 'peopleOrCode' : undefined;

/** The attempts and their sessions in the shape's filters (every filter and sort key is on these two). */
function attemptsWhere(s: Shape): SQL {
  const text = textOf(s);
  return sql.join(
    [
      s.scope ? sql`${examAttempts.branch_id} = any(${p('scope')}::int[])` : undefined,
      s.branch ? sql`${examAttempts.branch_id} = ${p('branch')}` : undefined,
      s.status ? sql`${examAttempts.status} = ${p('status')}` : sql`${examAttempts.status} <> 'cancelled'`,
      s.kind ? sql`${examSessions.kind} = ${p('kind')}` : undefined,
      s.type ? sql`${examSessions.course_type} = ${p('type')}` : undefined,
      s.date ? sql`${examSessions.exam_date} = ${p('date')}` : undefined,
      s.start ? sql`${examSessions.exam_date} >= ${p('start')}` : undefined,
      s.end ? sql`${examSessions.exam_date} <= ${p('end')}` : undefined,
      text ? sql`${examAttempts.application_id} in (${textMatchSql(text, p)})` : undefined,
    ].filter((x): x is SQL => x !== undefined),
    sql` and `,
  );
}

/** One day: by start time; a range: the newest day first. Ties by session, then attempt. */
const orderOf = (s: Shape): SQL =>
  s.date
    ? sql`${examSessions.start_time}, ${examSessions.session_id}, ${examAttempts.attempt_id}`
    : sql`${examSessions.exam_date} desc, ${examSessions.start_time}, ${examSessions.session_id}, ${examAttempts.attempt_id}`;

const attemptsJoined = sql`${examAttempts} join ${examSessions} on ${examSessions.session_id} = ${examAttempts.session_id}`;

/**
 * One page: its ids are chosen on the attempts and their sessions alone, then only those rows are joined to the
 * customer, application, line, branch and recorder.
 */
const page = namedShapes<Shape>(
  'exam_table_page',
  (s) => sql`select ${examAttempts.attempt_id} as attempt_id, ${examAttempts.session_id} as session_id,
      ${examAttempts.line_id} as line_id, ${examAttempts.application_id} as application_id,
      ${applications.application_code} as application_code, ${examAttempts.customer_id} as customer_id,
      trim(${customers.prefix} || ${customers.fname} || ' ' || ${customers.sname}) as customer_name,
      ${customers.idcard} as idcard, ${customers.phone_1} as phone_1, ${applicationCourses.course_name} as course_name,
      ${examSessions.course_type} as course_type, ${examSessions.exam_date}::text as exam_date,
      ${examSessions.start_time} as start_time, ${examSessions.kind} as kind, ${examAttempts.branch_id} as branch_id,
      ${branches.name} as branch_name, ${examAttempts.status} as status, ${examAttempts.theory_score} as theory_score,
      ${examAttempts.theory_total} as theory_total, ${examAttempts.practical} as practical,
      ${examSessions.place} as place, ${examSessions.examiner} as examiner, ${examAttempts.note} as note,
      ${isoTimestamp('"exam_attempts"."recorded_at"')} as recorded_at,
      coalesce(trim(${users.fname} || ' ' || ${users.sname}), '') as recorded_by_name
      from ${attemptsJoined}
      join ${applications} on ${applications.application_id} = ${examAttempts.application_id}
      join ${customers} on ${customers.customer_id} = ${examAttempts.customer_id}
      join ${applicationCourses} on ${applicationCourses.line_id} = ${examAttempts.line_id}
      join ${branches} on ${branches.branch_id} = ${examAttempts.branch_id}
      left join ${users} on ${users.user_id} = ${examAttempts.recorded_by}
      where ${examAttempts.attempt_id} in (
        select ${examAttempts.attempt_id} from ${attemptsJoined} where ${attemptsWhere(s)}
        order by ${orderOf(s)} limit ${p('limit')} offset ${p('offset')})
      order by ${orderOf(s)}`,
);

/** How many attempts the filters hold. */
const count = namedShapes<Shape>(
  'exam_table_count',
  (s) => sql`select count(*)::int as n from ${attemptsJoined} where ${attemptsWhere(s)}`,
);

/** An attempt as the table shows it (before its Thai names are added). */
export interface AttemptTableRow {
  attempt_id: number;
  session_id: number;
  line_id: number;
  application_id: number;
  application_code: string;
  customer_id: number;
  customer_name: string;
  idcard: string;
  phone_1: string;
  course_name: string;
  course_type: string;
  exam_date: string;
  start_time: string;
  kind: string;
  branch_id: number;
  branch_name: string;
  status: string;
  theory_score: number | null;
  theory_total: number | null;
  practical: unknown;
  place: string;
  examiner: string;
  note: string;
  recorded_at: string | null;
  recorded_by_name: string;
}

/** One page of the table and the filtered count (two statements side by side). */
export async function attemptTablePage(conn: object, f: AttemptFilter, limit: number, offset: number) {
  const shape = shapeOf(f);
  const values = valuesOf(f);
  const [rows, counted] = await Promise.all([
    page(conn, shape, { ...values, limit, offset }),
    count(conn, shape, values),
  ]);
  return { rows: rowsOf<AttemptTableRow>(rows), total: rowsOf<{ n: number }>(counted)[0]?.n ?? 0 };
}
