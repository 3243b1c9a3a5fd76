/**
 * A fresh database migrated up to (not including) one migration, for testing what that migration does to rows
 * already there — on PostgreSQL when DATABASE_URL is set (a database of its own), else on an in-memory PGlite.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { migrationsFolder } from '../src/db/connection.js';
import { createPgDatabase } from './helpers.js';

export interface MigrationDb {
  exec(sql: string): Promise<void>;
  rows<T = Record<string, unknown>>(sql: string): Promise<T[]>;
  /** runs the remaining migrations (the one under test and any after it) */
  migrateAll(): Promise<void>;
  close(): Promise<void>;
}

export async function databaseBefore(tagSuffix: string): Promise<MigrationDb> {
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
    entries: { tag: string }[];
  };
  const at = journal.entries.findIndex((e) => e.tag.endsWith(tagSuffix));
  if (at <= 0) throw new Error(`no migration *${tagSuffix}`);
  const before = fs.mkdtempSync(path.join(os.tmpdir(), 'khabkhi-mig-'));
  fs.mkdirSync(path.join(before, 'meta'));
  fs.writeFileSync(
    path.join(before, 'meta/_journal.json'),
    JSON.stringify({ ...journal, entries: journal.entries.slice(0, at) }),
  );
  for (const e of journal.entries.slice(0, at))
    fs.copyFileSync(path.join(migrationsFolder, `${e.tag}.sql`), path.join(before, `${e.tag}.sql`));
  const cleanup = () => fs.rmSync(before, { recursive: true, force: true });
  const baseUrl = process.env.DATABASE_URL?.trim();
  if (baseUrl) {
    const pg = (await import('pg')).default;
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    const made = await createPgDatabase(baseUrl);
    const pool = new pg.Pool({ connectionString: made.url, max: 2 });
    await migrate(drizzle(pool), { migrationsFolder: before });
    return {
      exec: async (sql) => {
        await pool.query(sql);
      },
      rows: async (sql) => (await pool.query(sql)).rows,
      migrateAll: () => migrate(drizzle(pool), { migrationsFolder }),
      close: async () => {
        await pool.end();
        await made.drop();
        cleanup();
      },
    };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const { btree_gist } = await import('@electric-sql/pglite/contrib/btree_gist');
  const client = new PGlite({ extensions: { btree_gist } });
  await migrate(drizzle(client), { migrationsFolder: before });
  return {
    exec: async (sql) => {
      await client.exec(sql);
    },
    rows: async (sql) => (await client.query(sql)).rows as never,
    migrateAll: () => migrate(drizzle(client), { migrationsFolder }),
    close: async () => {
      await client.close();
      cleanup();
    },
  };
}
