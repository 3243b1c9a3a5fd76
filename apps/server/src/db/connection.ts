import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema/index.js';

export type Schema = typeof schema;
/** One database interface whether the driver is node-postgres or PGlite. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Either the database or an open transaction: repos accept both. */
export type Conn = Db | Tx;

export interface Database {
  db: Db;
  kind: 'postgres' | 'pglite';
  /**
   * Runs fn while this process holds the startup lock: a PostgreSQL advisory lock shared by every server copy on
   * the database (migrations and the first-start seed run under it, so several copies may start at once on an
   * empty database); on PGlite (one process) fn simply runs.
   */
  exclusive<T>(fn: () => Promise<T>): Promise<T>;
  /** runs SQL text that may hold several statements, without parameters (the benchmark's data generator) */
  exec(sqlText: string): Promise<void>;
  /** where connection errors of the pool go (a lost connection is logged, never fatal); the server sets its logger */
  onError: (err: Error) => void;
  /** PGlite only: the whole data directory as a tar (the tests keep a migrated, seeded copy to start from) */
  dump?(): Promise<Blob>;
  close(): Promise<void>;
}

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** pg_advisory_lock key of the startup lock (migrations and first-start seed): any fixed number of this app's own */
export const STARTUP_LOCK_KEY = 0x6b68616b; // 'khak'

export interface OpenOptions {
  databaseUrl?: string;
  /** PGlite data directory; undefined = in memory */
  dataDir?: string;
  /** PGlite only: start from this tar of a data directory (made by `dump`) instead of an empty database */
  loadDataDir?: Blob;
  poolSize?: number;
  /** PostgreSQL: per-statement time limit in ms (0 or undefined = none) */
  statementTimeoutMs?: number;
  /** PostgreSQL: lock wait limit in ms (0 or undefined = none) */
  lockTimeoutMs?: number;
  /** drizzle query logger (the benchmark captures the SQL a request runs) */
  logger?: { logQuery(query: string, params: unknown[]): void };
}

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.databaseUrl) {
    const pg = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    // numeric → string (default), int8 → number for counts
    pg.default.types.setTypeParser(20, (v: string) => Number(v));
    const pool = new pg.default.Pool({
      connectionString: opts.databaseUrl,
      max: opts.poolSize ?? 10,
      // a dead server must not hang a request: the connect fails and the request answers (health: 503)
      connectionTimeoutMillis: 5000,
      statement_timeout: opts.statementTimeoutMs || undefined,
      lock_timeout: opts.lockTimeoutMs || undefined,
    });
    const database: Database = {
      db: drizzle(pool, { schema, logger: opts.logger }) as unknown as Db,
      kind: 'postgres',
      onError: (err) => console.error(`database connection error: ${err.message}`),
      async exclusive(fn) {
        // its own connection, without the pool's time limits (a migration may build an index for minutes)
        const client = new pg.default.Client({ connectionString: opts.databaseUrl });
        client.on('error', (err) => database.onError(err));
        await client.connect();
        try {
          await client.query('select pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
          return await fn();
        } finally {
          await client.query('select pg_advisory_unlock($1)', [STARTUP_LOCK_KEY]).catch(() => {});
          await client.end().catch(() => {});
        }
      },
      async exec(sqlText) {
        await pool.query(sqlText);
      },
      close: () => pool.end(),
    };
    // A PostgreSQL restart closes every connection: idle ones report on the pool, checked-out ones on the client.
    // Without listeners that event would end the process; with them the broken connection is dropped
    // (node-postgres never returns an unqueryable client to the pool) and the next request opens a new one.
    pool.on('error', (err) => database.onError(err));
    pool.on('connect', (client) => client.on('error', (err) => database.onError(err)));
    await database.exclusive(async () => {
      const client = new pg.default.Client({ connectionString: opts.databaseUrl });
      await client.connect();
      try {
        await migrate(drizzle(client), { migrationsFolder });
      } finally {
        await client.end();
      }
    });
    return database;
  }
  const { PGlite } = await import('@electric-sql/pglite');
  // btree_gist: the lessons' exclusion constraints (an integer "=" beside a time range "&&" in one GiST index)
  const { btree_gist } = await import('@electric-sql/pglite/contrib/btree_gist');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  if (opts.dataDir) fs.mkdirSync(opts.dataDir, { recursive: true });
  const client = new PGlite({
    ...(opts.dataDir ? { dataDir: path.join(opts.dataDir, 'pglite') } : {}),
    ...(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {}),
    parsers: { 20: (v: string) => Number(v) },
    extensions: { btree_gist },
  });
  await client.waitReady;
  const db = drizzle(client, { schema, logger: opts.logger }) as unknown as Db;
  await migrate(drizzle(client), { migrationsFolder });
  return {
    db,
    kind: 'pglite',
    exclusive: (fn) => fn(),
    onError: () => {},
    dump: () => client.dumpDataDir('none'),
    close: () => client.close(),
    async exec(sqlText) {
      await client.exec(sqlText);
    },
  };
}
