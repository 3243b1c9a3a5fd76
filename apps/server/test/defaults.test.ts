/**
 * Production-safe defaults: the demo school only where it belongs (embedded database, or SEED_DEMO=1), a demo
 * school that says it is one, time limits on every PostgreSQL statement and lock wait, and every index from a
 * migration (the trigram ones where pg_trgm exists; PGlite migrates without them).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.js';
import { createTestApp, type TestApp } from './helpers.js';

const rows = async <T>(t: TestApp, q: ReturnType<typeof sql>) =>
  ((await t.db.execute(q)) as unknown as { rows: T[] }).rows;

describe('configuration defaults', () => {
  it('seeds the demo school by default only on the embedded database', () => {
    expect(loadConfig({}).seedDemo).toBe(true);
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db' }).seedDemo).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db', SEED_DEMO: '1' }).seedDemo).toBe(true);
    expect(loadConfig({ SEED_DEMO: '0' }).seedDemo).toBe(false);
  });

  it('sets statement and lock time limits, configurable', () => {
    expect(loadConfig({})).toMatchObject({ statementTimeoutMs: 30_000, lockTimeoutMs: 10_000, poolSize: 10 });
    expect(loadConfig({ STATEMENT_TIMEOUT_MS: '0', LOCK_TIMEOUT_MS: '2500', DATABASE_POOL_SIZE: '30' })).toMatchObject({
      statementTimeoutMs: 0,
      lockTimeoutMs: 2500,
      poolSize: 30,
    });
    expect(() => loadConfig({ LOCK_TIMEOUT_MS: 'soon' })).toThrow(ConfigError);
  });
});

describe('a demo school and a real one', () => {
  let demo: TestApp;
  let real: TestApp;
  beforeAll(async () => {
    [demo, real] = await Promise.all([createTestApp({ demo: true }), createTestApp({ demo: false })]);
  });
  afterAll(async () => {
    await Promise.all([demo?.close(), real?.close()]);
  });

  it('tells the signed-in user that the demo school is a demo (the web shows a banner), and a real school is not', async () => {
    expect((await demo.login('malee')).userData.demo).toBe(true);
    expect((await demo.login('admin')).userData.demo).toBe(true);
    expect((await real.login('admin')).userData.demo).toBe(false);
    const refreshed = await demo.call('POST', '/api/user/refresh', {
      refreshToken: (await demo.login('suda')).refreshToken,
    });
    expect(refreshed.body.data.userData.demo).toBe(true);
  });

  it('ran every migration; trigram indexes exactly where pg_trgm exists; PostgreSQL statements under time limits', async () => {
    const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), '../src/db/migrations');
    const journal = JSON.parse(fs.readFileSync(path.join(dir, 'meta/_journal.json'), 'utf8')) as { entries: unknown[] };
    const [m] = await rows<{ n: number }>(real, sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
    expect(m!.n).toBe(journal.entries.length);
    const trgm = (
      await rows<{ indexname: string }>(
        real,
        sql`select indexname from pg_indexes where indexname like '%_trgm' order by 1`,
      )
    ).map((r) => r.indexname);
    const [ext] = await rows<{ n: number }>(
      real,
      sql`select count(*)::int as n from pg_extension where extname = 'pg_trgm'`,
    );
    if (real.kind === 'postgres') {
      expect(ext!.n).toBe(1);
      expect(trgm).toEqual([
        'applications_code_trgm',
        'customers_idcard_trgm',
        'customers_name_trgm',
        'customers_phone_trgm',
      ]);
      // and every statement of the pool runs under the time limits
      const [st] = await rows<{ statement_timeout: string }>(real, sql`show statement_timeout`);
      const [lt] = await rows<{ lock_timeout: string }>(real, sql`show lock_timeout`);
      expect([st!.statement_timeout, lt!.lock_timeout]).toEqual(['30s', '10s']);
    } else {
      expect(ext!.n).toBe(0);
      expect(trgm).toEqual([]);
    }
  });
});
