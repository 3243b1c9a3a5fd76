import { and, or, ilike, like, sql, type SQL, type AnyColumn } from 'drizzle-orm';
import { phoneSearchDigits } from '@khabkhi/thai';
import { ALL, isAll } from './envelope.js';

export type Opt = { name: string; value: string | number | boolean };

/** Dropdown options with the Thai "all" first, as every list filter starts. */
export const withAll = (opts: Opt[]): Opt[] => [{ name: ALL, value: ALL }, ...opts];

/** Options whose value is the name itself (course types, Thai statuses): the list filters take only {name, value}. */
export const namedOptions = (names: readonly string[]): Opt[] => names.map((n) => ({ name: n, value: n }));

/**
 * ILIKE over several columns; % and _ typed by the user are taken literally. Text that looks like a phone
 * number ("081-234-5678") also matches the digits-only phone columns by its digits.
 */
export function textSearch(
  text: string | undefined,
  columns: (AnyColumn | SQL)[],
  phoneColumns: AnyColumn[] = [],
): SQL | undefined {
  if (isAll(text)) return undefined;
  const t = text!.trim();
  if (!t) return undefined;
  const pattern = `%${t.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const digits = phoneColumns.length ? phoneSearchDigits(t) : null;
  return or(
    ...columns.map((c) => ilike(c as AnyColumn, pattern)),
    ...(digits ? phoneColumns.map((c) => like(c, `%${digits}%`)) : []),
  );
}

export function allOf(...conds: (SQL | undefined)[]): SQL | undefined {
  const list = conds.filter((c): c is SQL => c !== undefined);
  return list.length ? and(...list) : undefined;
}

/** A branch filter value from the query ("ทั้งหมด" or an id); a non-number is a 400 upstream. */
export function branchFilter(v: string | undefined): number | undefined {
  if (isAll(v)) return undefined;
  return idFilter(v);
}

/** An id typed into a filter: a positive 32-bit integer, or -1 (matches nothing) for anything else. */
export function idFilter(v: string | undefined): number {
  const n = Number(v);
  return Number.isInteger(n) && n > 0 && n <= 2147483647 ? n : -1;
}

export const nowSql = sql`now()`;
