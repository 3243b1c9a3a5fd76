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
  close(): Promise<void>;
}

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export interface OpenOptions {
  databaseUrl?: string;
  /** PGlite data directory; undefined = in memory */
  dataDir?: string;
  poolSize?: number;
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
    const pool = new pg.default.Pool({ connectionString: opts.databaseUrl, max: opts.poolSize ?? 10 });
    const db = drizzle(pool, { schema, logger: opts.logger }) as unknown as Db;
    await migrate(drizzle(pool), { migrationsFolder });
    await postgresOnlyIndexes(pool);
    return { db, kind: 'postgres', close: () => pool.end() };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  if (opts.dataDir) fs.mkdirSync(opts.dataDir, { recursive: true });
  const client = new PGlite(opts.dataDir ? path.join(opts.dataDir, 'pglite') : undefined, {
    parsers: { 20: (v: string) => Number(v) },
  });
  await client.waitReady;
  const db = drizzle(client, { schema, logger: opts.logger }) as unknown as Db;
  await migrate(drizzle(client), { migrationsFolder });
  return { db, kind: 'pglite', close: () => client.close() };
}

/**
 * Trigram indexes for free-text search on large tables. PostgreSQL only: PGlite 0.5 does not ship a
 * loadable pg_trgm, and a single school on PGlite is small enough for sequential scans.
 * Idempotent; run after the migrations on every start.
 */
async function postgresOnlyIndexes(pool: { query(sql: string): Promise<unknown> }) {
  try {
    await pool.query('create extension if not exists pg_trgm');
  } catch {
    return; // extension not installed on this server: search still works, only slower
  }
  const stmts = [
    `create index if not exists customers_name_trgm on customers using gin ((fname || ' ' || sname) gin_trgm_ops)`,
    `create index if not exists customers_idcard_trgm on customers using gin (idcard gin_trgm_ops)`,
    `create index if not exists customers_phone_trgm on customers using gin (phone_1 gin_trgm_ops)`,
    `create index if not exists applications_code_trgm on applications using gin (application_code gin_trgm_ops)`,
  ];
  for (const s of stmts) await pool.query(s);
}
