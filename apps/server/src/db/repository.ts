/**
 * A generic repository over one Drizzle table with a soft-delete flag: find, insert, update, soft delete,
 * a page of rows (with the branch's name when the table has a branch) and a count. Typed by the table: rows
 * are the table's select model, so callers (the CRUD factory, a feature's repo.ts) read real column types.
 * The values written come from a route's validated body (its schema is the list's fields), given as a record.
 */
import { and, eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Conn } from './connection.js';
import { branches } from './schema/core.js';

/** A table the repository works on: a soft-delete flag; `branch_id` when rows belong to a branch. */
export type SoftDeleteTable = PgTable & { is_delete: PgColumn };

export type RowOf<T extends SoftDeleteTable> = T['$inferSelect'];
/** A row of a page: the table's row and, for a table with a branch, the branch's name. */
export type PageRow<T extends SoftDeleteTable> = RowOf<T> & { branch_name?: string | null };

export interface PageOptions {
  where?: SQL;
  order: (SQL | PgColumn)[];
  limit: number;
  offset: number;
}

export interface Repository<T extends SoftDeleteTable> {
  readonly table: T;
  /** the primary key column */
  readonly id: PgColumn;
  /** a live (not deleted) row; `lock` takes it FOR UPDATE */
  find(conn: Conn, id: number, lock?: boolean): Promise<RowOf<T> | undefined>;
  /** a row whether deleted or not */
  get(conn: Conn, id: number): Promise<RowOf<T> | undefined>;
  insert(conn: Conn, values: Record<string, unknown>): Promise<RowOf<T>>;
  /** changes the given columns (and updatedAt when the table has it); the row after */
  update(conn: Conn, id: number, set: Record<string, unknown>): Promise<RowOf<T>>;
  softDelete(conn: Conn, id: number): Promise<void>;
  page(conn: Conn, opts: PageOptions): Promise<PageRow<T>[]>;
  count(conn: Conn, where?: SQL): Promise<number>;
}

function columnNamesOf(table: PgTable): Set<string> {
  return new Set(Object.keys(getTableColumns(table)));
}

export function repository<T extends SoftDeleteTable>(table: T, idColumn: PgColumn): Repository<T> {
  const columns = columnNamesOf(table);
  const hasUpdatedAt = columns.has('updatedAt');
  const branchColumn = (getTableColumns(table) as Record<string, PgColumn>).branch_id;
  /** only the table's own columns are written (a body may carry keys saved elsewhere, e.g. branch_prices) */
  const own = (values: Record<string, unknown>) =>
    Object.fromEntries(Object.entries(values).filter(([k]) => columns.has(k)));
  // Drizzle cannot relate a generic table's insert model to a record: the one conversion of this file, to the
  // table's own insert/select types (the values were validated by the route's schema built from the same fields)
  type Insert = T['$inferInsert'];
  const rowsOf = (rows: unknown) => rows as RowOf<T>[];

  return {
    table,
    id: idColumn,
    async find(conn, id, lock = false) {
      const q = conn
        .select()
        .from(table as PgTable)
        .where(and(eq(idColumn, id), eq(table.is_delete, false)));
      return rowsOf(lock ? await q.for('update') : await q)[0];
    },
    async get(conn, id) {
      return rowsOf(
        await conn
          .select()
          .from(table as PgTable)
          .where(eq(idColumn, id)),
      )[0];
    },
    async insert(conn, values) {
      const [row] = rowsOf(
        await conn
          .insert(table)
          .values(own(values) as Insert)
          .returning(),
      );
      return row!;
    },
    async update(conn, id, set) {
      const changes = { ...own(set), ...(hasUpdatedAt ? { updatedAt: new Date() } : {}) };
      const [row] = rowsOf(
        await conn
          .update(table)
          .set(changes as Partial<Insert>)
          .where(eq(idColumn, id))
          .returning(),
      );
      return row!;
    },
    async softDelete(conn, id) {
      await conn
        .update(table)
        .set({ is_delete: true, ...(hasUpdatedAt ? { updatedAt: new Date() } : {}) } as Partial<Insert>)
        .where(eq(idColumn, id));
    },
    async page(conn, { where, order, limit, offset }) {
      if (!branchColumn) {
        return rowsOf(
          await conn
            .select()
            .from(table as PgTable)
            .where(where)
            .orderBy(...order)
            .limit(limit)
            .offset(offset),
        );
      }
      const rows = await conn
        .select({ row: getTableColumns(table), branch_name: branches.name })
        .from(table as PgTable)
        .leftJoin(branches, eq(branches.branch_id, branchColumn))
        .where(where)
        .orderBy(...order)
        .limit(limit)
        .offset(offset);
      return rows.map((r) => ({ ...(r.row as RowOf<T>), branch_name: r.branch_name }));
    },
    async count(conn, where) {
      const [r] = await conn
        .select({ n: sql<number>`count(*)::int` })
        .from(table as PgTable)
        .where(where);
      return r?.n ?? 0;
    },
  };
}
