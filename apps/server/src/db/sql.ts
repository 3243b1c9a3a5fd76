/** Small SQL helpers shared by the modules. */
import { sql, type SQL } from 'drizzle-orm';

/** A timestamptz column as JavaScript's toISOString() writes it (UTC, milliseconds), for JSON built in SQL. */
export const isoTimestamp = (column: string): SQL =>
  sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

/** The rows of a `db.execute(sql…)` answer (node-postgres and PGlite both answer `{ rows }`). */
export const rowsOf = <T>(res: unknown): T[] => (res as { rows: T[] }).rows;

/**
 * A prepared query built once per connection object (the database or a transaction) and reused: drizzle builds
 * its SQL once, and node-postgres parses and plans it once per pooled connection.
 */
export function preparedPer<C extends object, Q>(build: (conn: C) => Q): (conn: C) => Q {
  const made = new WeakMap<C, Q>();
  return (conn) => {
    let q = made.get(conn);
    if (!q) made.set(conn, (q = build(conn)));
    return q;
  };
}
