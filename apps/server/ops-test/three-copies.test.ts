/**
 * Three copies of the built server start at the same moment on one empty PostgreSQL database (as behind a
 * load balancer after a deploy): all three serve, the migrations ran once, and the first-start seed made one
 * admin, one head office and one token secret (a token from one copy is accepted by the others).
 * No demo school: DATABASE_URL without SEED_DEMO starts an empty school.
 */
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_PASSWORD,
  api,
  createDatabase,
  login,
  serverDir,
  startServer,
  type ServerProcess,
} from './server-process.js';

let db: Awaited<ReturnType<typeof createDatabase>>;
let copies: ServerProcess[] = [];

beforeAll(async () => {
  db = await createDatabase();
});
afterAll(async () => {
  await Promise.all(copies.map((c) => c.stop()));
  await db?.drop();
});

describe('three copies on an empty database', () => {
  it('start together, each serves, and the database was migrated and seeded once', async () => {
    const started = await Promise.allSettled([startServer(db.url), startServer(db.url), startServer(db.url)]);
    copies = started.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
    for (const r of started) if (r.status === 'rejected') throw r.reason;
    for (const c of copies) {
      const health = await api(`${c.url}/api/health`, 'GET');
      expect(health.status, c.output()).toBe(200);
      expect(health.body.data).toEqual({ database: 'postgres', ok: true });
    }
    // a token from one copy works on every copy: one secret, created once
    const token = await login(copies[0]!.url, 'admin', ADMIN_PASSWORD);
    for (const c of copies) {
      const r = await api(`${c.url}/api/branch/list`, 'GET', undefined, { authorization: `Bearer ${token}` });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
    }
    const me = await api(`${copies[2]!.url}/api/user/login`, 'POST', { username: 'admin', password: ADMIN_PASSWORD });
    expect(me.body.data.userData.demo).toBe(false);

    const journal = JSON.parse(
      fs.readFileSync(path.join(serverDir, 'src/db/migrations/meta/_journal.json'), 'utf8'),
    ) as { entries: unknown[] };
    const c = new pg.Client({ connectionString: db.url });
    await c.connect();
    const one = async (q: string) => (await c.query(q)).rows[0].n as number;
    expect(await one('select count(*)::int as n from drizzle.__drizzle_migrations')).toBe(journal.entries.length);
    expect(await one(`select count(*)::int as n from users where username = 'admin'`)).toBe(1);
    expect(await one('select count(*)::int as n from users')).toBe(1);
    expect(await one('select count(*)::int as n from branches')).toBe(1);
    expect(await one('select count(*)::int as n from app_secrets')).toBe(1);
    expect(await one('select count(*)::int as n from applications')).toBe(0);
    // every index from the migrations, the trigram ones included (this server has pg_trgm)
    const trgm = (await c.query(`select indexname from pg_indexes where indexname like '%_trgm' order by 1`)).rows.map(
      (r) => r.indexname,
    );
    expect(trgm).toEqual([
      'applications_code_trgm',
      'customers_idcard_trgm',
      'customers_name_trgm',
      'customers_phone_trgm',
    ]);
    await c.end();
    for (const s of copies) expect(s.child.exitCode).toBeNull();
  });
});
