/**
 * Which applications a list's filters pick, written once for two uses: as SQL with the values in it (a query-builder
 * query, built at each request) and as SQL with named placeholders (a named statement, built once per shape of the
 * filters: which of them are given, and how a text is matched). `value(name)` gives each value's SQL in both cases.
 */
import { sql, type SQL } from 'drizzle-orm';
import { phoneSearchDigits } from '@khabkhi/thai';
import { applications, applicationStats } from '../../db/schema/money.js';
import { assertBranch, type Actor } from '../../http/auth.js';
import { isAll } from '../../http/envelope.js';
import { branchFilter } from '../../http/tables.js';
import { STATUS } from './money.js';

export interface ListFilter {
  branch?: string;
  status?: string;
  type?: string;
  text?: string;
  owingOnly?: boolean;
  /** leave out cancelled applications (the exam screens: status ทั้งหมด means every live one) */
  live?: boolean;
  /** the text filter already resolved to ids (resolveText) */
  textIds?: number[];
  /** registered on these Bangkok days (the application list's date range; the dashboard's new registrations) */
  created?: { start?: string; end?: string };
}

/** What a typed text is matched as: its digits (an ID or phone number), a name, or a name or a document code. */
export type TextMatchKind = 'digits' | 'people' | 'peopleOrCode';
/** The values a text match binds: the prefix (lower case), the upper-case prefix (a passport) and the anywhere pattern. */
export type TextMatchValue = 'text_prefix' | 'text_upper' | 'text_anywhere';

/** How a text is matched, and the values it binds (LIKE patterns with its wildcards escaped). */
export function textMatchOf(text: string): { kind: TextMatchKind; values: Partial<Record<TextMatchValue, string>> } {
  const t = text.trim();
  const esc = (v: string) => v.replace(/[\\%_]/g, (c) => `\\${c}`);
  // an ID number typed with spaces or dashes, or a phone number however it is typed: its digits
  const digits = phoneSearchDigits(t) ?? t.replace(/[\s-]/g, '');
  if (/^\d+$/.test(digits)) return { kind: 'digits', values: { text_prefix: `${esc(digits)}%` } };
  const values = { text_prefix: `${esc(t.toLowerCase())}%`, text_upper: `${esc(t.toUpperCase())}%` };
  if (!/[A-Za-z0-9]/.test(t)) return { kind: 'people', values };
  return { kind: 'peopleOrCode', values: { ...values, text_anywhere: `%${esc(t)}%` } };
}

/**
 * The ids of the applications a text matches, as SQL whose values come from `value` (the values themselves, or a
 * named statement's placeholders): an ID or phone number from its start (two btree prefix lookups); a full name or
 * surname from its start, or a passport number; and, for a text with a Latin letter or a digit, a document code
 * anywhere in it — a union of index-friendly lookups instead of one OR across two tables.
 */
export function textMatchSql(kind: TextMatchKind, value: (name: TextMatchValue) => unknown): SQL {
  if (kind === 'digits')
    return sql`select a2.application_id from applications a2 where a2.customer_id in (
        select c.customer_id from customers c where c.idcard like ${value('text_prefix')} or c.phone_1 like ${value('text_prefix')})`;
  const people = sql`select a2.application_id from applications a2 where a2.customer_id in (
      select c.customer_id from customers c
      where lower(c.fname || ' ' || c.sname) like ${value('text_prefix')} or lower(c.sname) like ${value('text_prefix')} or c.idcard like ${value('text_upper')})`;
  if (kind === 'people') return people;
  return sql`${people} union all select a3.application_id from applications a3 where a3.application_code ilike ${value('text_anywhere')}`;
}

/** The applications whose code, or whose customer's name, ID number or phone, matches the text (textMatchSql). */
export function applicationIdsMatching(text: string): SQL {
  const m = textMatchOf(text);
  return textMatchSql(m.kind, (n) => m.values[n]);
}

/** Which filters a list request gives (each shape is one named statement). */
export type ListShape = {
  scope: boolean;
  branch: boolean;
  status: boolean;
  live: boolean;
  type: boolean;
  start: boolean;
  end: boolean;
  /** the text resolved to the ids it matches */
  ids: boolean;
  /** a text not resolved (it matched too many to list), by how it is matched */
  digits: boolean;
  people: boolean;
  peopleOrCode: boolean;
};

/** A list request: its shape and the values of the filters it gives (by placeholder name; `kind` always). */
export interface ListQuery {
  shape: ListShape;
  values: Record<string, unknown>;
}

/** A list request's shape and values; a branch outside the caller's scope is refused here (403). */
export function listQueryOf(actor: Actor, f: ListFilter, kind: string): ListQuery {
  const branchId = branchFilter(f.branch);
  if (branchId !== undefined) assertBranch(actor, branchId);
  const text = f.text?.trim();
  const match = text && !f.textIds ? textMatchOf(text) : undefined;
  const shape: ListShape = {
    scope: actor.branchScope !== null,
    branch: branchId !== undefined,
    status: !isAll(f.status),
    live: f.live === true,
    type: !isAll(f.type),
    start: !!f.created?.start,
    end: !!f.created?.end,
    ids: !!text && f.textIds !== undefined,
    digits: match?.kind === 'digits',
    people: match?.kind === 'people',
    peopleOrCode: match?.kind === 'peopleOrCode',
  };
  const values: Record<string, unknown> = { kind, ...match?.values };
  if (shape.scope) values.scope = actor.branchScope;
  if (shape.branch) values.branch = branchId;
  if (shape.status) values.status = f.status;
  if (shape.type) values.type = f.type;
  if (shape.start) values.start = f.created!.start;
  if (shape.end) values.end = f.created!.end;
  if (shape.ids) values.ids = f.textIds;
  return { shape, values };
}

/** How a value enters the SQL: a named statement's placeholder, or the value itself (as one parameter). */
export type ListValue = (name: string) => unknown;
export const placeholders: ListValue = (name) => sql.placeholder(name);
export const valuesOf =
  (q: ListQuery): ListValue =>
  (name) =>
    sql.param(q.values[name]);

const textKindOf = (s: ListShape): TextMatchKind | undefined =>
  s.digits ? 'digits' : s.people ? 'people' : s.peopleOrCode ? 'peopleOrCode' : undefined;

/** Whether the per-branch statistics can answer the shape's count and totals (no text, licence type or dates). */
export const statsAnswer = (s: ListShape): boolean => !s.ids && !textKindOf(s) && !s.type && !s.start && !s.end;

/** The conditions on a kind, branch and status, on the applications or on their per-branch statistics. */
function keyConditions(t: typeof applications | typeof applicationStats, s: ListShape, v: ListValue): SQL[] {
  return [
    sql`${t.kind} = ${v('kind')}`,
    s.scope ? sql`${t.branch_id} = any(${v('scope')}::int[])` : undefined,
    s.branch ? sql`${t.branch_id} = ${v('branch')}` : undefined,
    s.status ? sql`${t.status} = ${v('status')}` : undefined,
    s.live ? sql`${t.status} <> ${STATUS.cancelled}` : undefined,
  ].filter((c): c is SQL => c !== undefined);
}

/** The applications the shape's filters pick (the registration dates as instants on created_at's index). */
export function listConditions(s: ListShape, v: ListValue): SQL {
  const a = applications;
  const text = textKindOf(s);
  const conds = [
    ...keyConditions(a, s, v),
    s.start ? sql`${a.createdAt} >= (${v('start')}::date)::timestamp at time zone 'Asia/Bangkok'` : undefined,
    s.end ? sql`${a.createdAt} < (${v('end')}::date + 1)::timestamp at time zone 'Asia/Bangkok'` : undefined,
    s.type
      ? sql`exists (select 1 from application_courses l where l.application_id = ${a.application_id} and l.course_type = ${v('type')})`
      : undefined,
    s.ids ? sql`${a.application_id} = any(${v('ids')}::int[])` : undefined,
    text ? sql`${a.application_id} in (${textMatchSql(text, v)})` : undefined,
  ].filter((c): c is SQL => c !== undefined);
  return sql.join(conds, sql` and `);
}

/** The shape's conditions on the per-branch statistics (statsAnswer). */
export const statsConditions = (s: ListShape, v: ListValue): SQL =>
  sql.join(keyConditions(applicationStats, s, v), sql` and `);

/**
 * The ids of one page of the shape's applications, newest registration first (`limit` and `offset` are values too):
 * taken on the applications' indexes alone, or for a text resolved to ids from those few, so a page joins its
 * customers, branches and lines for its own rows only. `extra` narrows the applications further (a screen's filter).
 */
export function pageIdsSql(s: ListShape, v: ListValue, extra?: SQL): SQL {
  const where = extra ? sql`${listConditions(s, v)} and ${extra}` : listConditions(s, v);
  // a few matches: read by primary key, then sorted and paged. OFFSET 0 keeps the matching apart from the LIMIT,
  // which would otherwise tempt the planner to walk the date index past every non-match.
  if (s.ids)
    return sql`select m.application_id from (select application_id, created_at from applications where ${where} offset 0) m
      order by m.created_at desc, m.application_id desc limit ${v('limit')} offset ${v('offset')}`;
  return sql`select application_id from applications where ${where}
    order by created_at desc, application_id desc limit ${v('limit')} offset ${v('offset')}`;
}
