/**
 * A migrated, seeded database for a test, started from a copy instead of migrating and seeding each time.
 *
 * Migrating forty migrations and seeding the demo school (with its password hashes) takes 5–8 s per test file on the
 * 2-core CI machine; a copy takes well under a second. The first test file of a run that needs a given seed builds it
 * once and keeps it:
 * - PGlite: a tar of the data directory in the system's temporary folder (PGlite's dumpDataDir / loadDataDir);
 * - PostgreSQL: a template database `khabkhi_tpl_<key>`, cloned with CREATE DATABASE … TEMPLATE.
 * The key is a hash of the server's source (migrations and seeds included), the seed options and the current hour in
 * Bangkok (the demo school's dates are relative to today): any change to the code or the clock builds a new copy.
 * Every test still gets its own database; nothing is shared between tests but the starting point.
 */
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type pg from 'pg';
import { openDatabase, type Database } from '../src/db/connection.js';
import { seed, type SeedOptions } from '../src/db/seed.js';

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const sources = [path.join(serverRoot, 'src'), path.resolve(serverRoot, '../../packages/thai/src')];

let sourceHash: string | undefined;
function hashSources(): string {
  if (sourceHash) return sourceHash;
  const h = createHash('sha256');
  const walk = (dir: string) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else {
        h.update(p);
        h.update(fs.readFileSync(p));
      }
    }
  };
  for (const s of sources) if (fs.existsSync(s)) walk(s);
  sourceHash = h.digest('hex');
  return sourceHash;
}

export function seedKey(opts: SeedOptions): string {
  const hour = new Date(Date.now() + 7 * 3600_000).toISOString().slice(0, 13); // Bangkok, UTC+7
  const h = createHash('sha256');
  h.update(hashSources());
  h.update(JSON.stringify({ demo: opts.demo, demoMoney: opts.demoMoney ?? false, admin: opts.adminPassword, hour }));
  return h.digest('hex').slice(0, 16);
}

export interface DatabaseOptions {
  poolSize: number;
  statementTimeoutMs?: number;
  lockTimeoutMs?: number;
}

/** PGlite in memory, loaded from the kept tar of this seed (built on first use). */
export async function seededPglite(seedOpts: SeedOptions, dbOpts: DatabaseOptions): Promise<Database> {
  const dir = path.join(os.tmpdir(), 'khabkhi-test-databases');
  const file = path.join(dir, `${seedKey(seedOpts)}.tar`);
  if (fs.existsSync(file)) {
    return openDatabase({ ...dbOpts, loadDataDir: new Blob([fs.readFileSync(file)]) });
  }
  const database = await openDatabase(dbOpts);
  await seed(database.db, seedOpts);
  const tar = Buffer.from(await (await database.dump!()).arrayBuffer());
  fs.mkdirSync(dir, { recursive: true });
  // written aside and renamed: a test file starting at the same moment reads a whole tar or none
  const tmp = `${file}.${randomBytes(4).toString('hex')}`;
  fs.writeFileSync(tmp, tar);
  fs.renameSync(tmp, file);
  for (const old of fs.readdirSync(dir)) {
    const p = path.join(dir, old);
    if (old.endsWith('.tar') && p !== file && Date.now() - fs.statSync(p).mtimeMs > 3 * 3600_000) {
      fs.rmSync(p, { force: true });
    }
  }
  return database;
}

async function adminClient(baseUrl: string): Promise<pg.Client> {
  const pg = await import('pg');
  const c = new pg.default.Client({ connectionString: baseUrl });
  await c.connect();
  return c;
}

function withName(baseUrl: string, name: string): string {
  const u = new URL(baseUrl);
  u.pathname = `/${name}`;
  return u.toString();
}

const code = (e: unknown) => (e as { code?: string }).code;

/**
 * A new database `name` on the server of baseUrl, cloned from the template of this seed (built on first use: a
 * database migrated and seeded under a temporary name, then renamed; of two test files building it at once, one
 * rename wins and the other drops its copy).
 */
export async function createSeededPgDatabase(baseUrl: string, name: string, seedOpts: SeedOptions): Promise<void> {
  const template = `khabkhi_tpl_${Math.floor(Date.now() / 3600_000)}_${seedKey(seedOpts)}`;
  for (let attempt = 0; ; attempt++) {
    const admin = await adminClient(baseUrl);
    try {
      await admin.query(`create database ${name} template ${template}`);
      return;
    } catch (e) {
      // 3D000: no template yet; 55006: the template is still being renamed or cloned by another file
      if (attempt >= 40 || (code(e) !== '3D000' && code(e) !== '55006')) throw e;
      if (code(e) === '55006') {
        await new Promise((r) => setTimeout(r, 250));
        continue;
      }
    } finally {
      await admin.end();
    }
    await buildTemplate(baseUrl, template, seedOpts);
  }
}

/**
 * Renames the finished copy `building` to `template`; when another test file renamed its copy first, this one is
 * dropped and theirs is used. PostgreSQL reports that loss as 42P04 (duplicate database) when it sees the other name
 * before renaming, or as 23505 on pg_database's name index when both renames run at the same instant.
 * Answers whether this copy became the template.
 */
export async function renameOrDiscard(admin: pg.Client, building: string, template: string): Promise<boolean> {
  try {
    await admin.query(`alter database ${building} rename to ${template}`);
    return true;
  } catch (e) {
    if (code(e) !== '42P04' && code(e) !== '23505') throw e;
    await admin.query(`drop database if exists ${building} with (force)`);
    return false;
  }
}

async function buildTemplate(baseUrl: string, template: string, seedOpts: SeedOptions): Promise<void> {
  const building = `${template}_b${randomBytes(3).toString('hex')}`;
  const admin = await adminClient(baseUrl);
  try {
    await admin.query(`create database ${building}`);
    const database = await openDatabase({ databaseUrl: withName(baseUrl, building), poolSize: 2 });
    try {
      await seed(database.db, seedOpts);
    } finally {
      await database.close();
    }
    await renameOrDiscard(admin, building, template);
    // templates (and copies left by a killed run) made more than three hours ago: dropped
    const now = Math.floor(Date.now() / 3600_000);
    const all = await admin.query<{ datname: string }>(
      `select datname from pg_database where datname like 'khabkhi\\_tpl\\_%'`,
    );
    for (const { datname } of all.rows) {
      const hour = Number(/^khabkhi_tpl_(\d+)_/.exec(datname)?.[1]);
      if (hour < now - 3) await admin.query(`drop database if exists ${datname} with (force)`).catch(() => {});
    }
  } finally {
    await admin.end();
  }
}
