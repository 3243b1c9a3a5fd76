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

/**
 * A named statement whose SQL is built once: `build` writes it with `sql.placeholder(name)` for each value, and each
 * run gives the values by name. node-postgres parses it once per pooled connection and the server may keep its plan
 * (an unnamed statement is parsed and planned at every call); the SQL text is built from drizzle's pieces at the
 * first run only. The name stands for that one text. PGlite runs it as it runs any query.
 * (drizzle's execute has no name and takes no placeholders; this is what its query builders do when prepared.)
 */
export function namedStatement(
  name: string,
  build: () => SQL,
): (conn: object, values: Record<string, unknown>) => Promise<unknown> {
  const run = prepareNamed(name, build, false);
  return (conn, values) => run(conn, values);
}

/**
 * namedStatement answering its rows as arrays (the columns in the order the SQL names them): the driver builds no
 * object per row, which is most of the cost of reading some thousands of rows to write them out column by column.
 */
export function namedArrays(
  name: string,
  build: () => SQL,
): (conn: object, values: Record<string, unknown>) => Promise<unknown[][]> {
  const run = prepareNamed(name, build, true);
  return (conn, values) => run(conn, values) as Promise<unknown[][]>;
}

function prepareNamed(name: string, build: () => SQL, arrays: boolean) {
  let query: unknown;
  // drizzle runs a prepared query in row-array mode when it has a result mapper; this one keeps the arrays
  const keepArrays = arrays ? (rows: unknown[]) => rows : undefined;
  return (conn: object, values: Record<string, unknown>): Promise<unknown> => {
    const c = conn as {
      dialect: { sqlToQuery(q: SQL): unknown };
      session: {
        prepareQuery(
          q: unknown,
          fields: undefined,
          name: string,
          arrayMode: boolean,
          mapper?: (rows: unknown[]) => unknown,
        ): {
          execute(values: Record<string, unknown>): Promise<unknown>;
        };
      };
    };
    query ??= c.dialect.sqlToQuery(build());
    return c.session.prepareQuery(query, undefined, name, arrays, keepArrays).execute(values);
  };
}

/**
 * A prepared query built once and run on the connection given at each call (the database or a transaction): drizzle
 * binds a prepared query to the connection it was built on, so one prepared inside a transaction was built again for
 * every transaction (the payment's locking read: its SQL rebuilt at every payment). The first call builds it; each
 * call answers a copy of it bound to `conn`'s client. This relies on drizzle's prepared queries keeping their driver
 * client in `client` and on a connection's session keeping it in `session.client` (node-postgres and PGlite both do;
 * the money tests run through it on both databases).
 */
export function preparedAnywhere<C extends object, Q extends object>(build: (conn: C) => Q): (conn: C) => Q {
  let made: Q | undefined;
  return (conn) => {
    made ??= build(conn);
    const client = (conn as { session?: { client?: unknown } }).session?.client;
    if (client === undefined) throw new Error('preparedAnywhere: the connection has no session client');
    return Object.assign(Object.create(Object.getPrototypeOf(made) as object) as Q, made, { client });
  };
}

/**
 * namedStatement for a query whose optional filters give it a few shapes: `build(shape)` writes one shape's SQL, and
 * each shape is built once, under `name` followed by the flags it has set. A shape is a record of flags.
 */
export function namedShapes<S extends Record<string, boolean>>(
  name: string,
  build: (shape: S) => SQL,
): (conn: object, shape: S, values: Record<string, unknown>) => Promise<unknown> {
  const byKey = new Map<string, ReturnType<typeof namedStatement>>();
  return (conn, shape, values) => {
    const key = Object.keys(shape)
      .filter((k) => shape[k])
      .sort()
      .join('_');
    let run = byKey.get(key);
    if (!run) byKey.set(key, (run = namedStatement(key ? `${name}_${key}` : name, () => build(shape))));
    return run(conn, values);
  };
}
