/**
 * PostgreSQL restarts under the built server. While it is stopped the health check answers 503 and the server
 * process stays up; when it is back the server serves again without a restart. Then PostgreSQL is restarted
 * while cashiers keep taking payments: afterwards every payment answered 200 is in the database with its
 * amount, and the money identities and the per-branch totals hold.
 * Stops the PostgreSQL server of this machine: scripts/test.sh runs it alone, after every other suite.
 */
import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import fs from 'node:fs';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDENTITY_VIOLATIONS_SQL, STATS_VIOLATIONS_SQL } from '../src/modules/applications/money.js';
import { api, createDatabase, login, startServer, type ServerProcess } from './server-process.js';

const version = fs.readdirSync('/etc/postgresql')[0]!;
const cluster = (action: 'stop' | 'start' | 'restart') =>
  execFileSync('pg_ctlcluster', ['--skip-systemctl-redirect', version, 'main', action], { stdio: 'pipe' });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function waitFor(what: string, ms: number, ok: () => Promise<boolean>) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await ok().catch(() => false)) return;
    await sleep(100);
  }
  throw new Error(`timed out waiting for ${what}`);
}

let db: Awaited<ReturnType<typeof createDatabase>>;
let server: ServerProcess;

beforeAll(async () => {
  db = await createDatabase();
  server = await startServer(db.url, { SEED_DEMO: '1' });
});
afterAll(async () => {
  // whatever happened, leave PostgreSQL running for whoever comes next
  try {
    execFileSync('pg_isready', ['-h', '127.0.0.1', '-q']);
  } catch {
    cluster('start');
  }
  await server?.stop();
  await db?.drop();
});

describe('PostgreSQL restart', () => {
  it('health answers 503 while PostgreSQL is down and 200 when it is back, without restarting the server', async () => {
    expect((await api(`${server.url}/api/health`, 'GET')).status).toBe(200);
    cluster('stop');
    try {
      const down = await api(`${server.url}/api/health`, 'GET');
      expect(down.status).toBe(503);
      expect(down.body).toMatchObject({ status: 'error', data: { ok: false } });
      // a request needing the database answers in the Thai envelope, not a hang or a crash
      const login = await api(`${server.url}/api/user/login`, 'POST', { username: 'malee', password: 'khabkhi-demo' });
      expect(login.status).toBe(503);
      expect(login.body.status).toBe('error');
      expect(server.child.exitCode).toBeNull();
    } finally {
      cluster('start');
    }
    await waitFor(
      'health 200 after the start',
      30_000,
      async () => (await api(`${server.url}/api/health`, 'GET')).status === 200,
    );
    expect(server.child.exitCode).toBeNull();
  });

  it('loses no acknowledged payment when PostgreSQL restarts under payment load', async () => {
    const cashiers = await Promise.all(['malee', 'suda', 'pimchanok'].map((u) => login(server.url, u, 'khabkhi-demo')));
    const c = new pg.Client({ connectionString: db.url });
    await c.connect();
    const owing = (
      await c.query(`select a.application_id, a.branch_id, u.username from applications a
      join users u on u.branch_id = a.branch_id and u.username in ('malee', 'suda', 'pimchanok')
      where a.kind = 'course' and a.balance >= 100 and not exists (select 1 from payments p where p.application_id = a.application_id and p.kind = 'refund')
      order by a.application_id`)
    ).rows as { application_id: number; username: string }[];
    const before = (await c.query('select count(*)::int as n, coalesce(sum(amount), 0)::numeric as s from payments'))
      .rows[0];
    await c.end();
    expect(owing.length).toBeGreaterThan(2);
    const tokenOf = new Map(['malee', 'suda', 'pimchanok'].map((u, i) => [u, cashiers[i]!]));

    const acknowledged: { payment_id: number; application_id: number; amount: string }[] = [];
    const failed: number[] = [];
    const refusals = new Set<string>();
    let stop = false;
    let n = 0;
    const worker = async () => {
      while (!stop) {
        const target = owing[n++ % owing.length]!;
        const r = await api(
          `${server.url}/api/application/paybalance`,
          'POST',
          { application_id: target.application_id, paid: '1.00', pay_type: n % 2 ? 'cash' : 'transfer' },
          { authorization: `Bearer ${tokenOf.get(target.username)}`, 'idempotency-key': randomUUID() },
        ).catch(() => ({ status: 0, body: null }));
        if (r.status === 200)
          acknowledged.push({
            payment_id: r.body.data.payment.payment_id,
            application_id: target.application_id,
            amount: r.body.data.payment.paid,
          });
        else {
          failed.push(r.status);
          refusals.add(`${r.status} ${r.body?.message}`);
        }
      }
    };
    const workers = Array.from({ length: 8 }, worker);
    await waitFor('payments before the restart', 30_000, async () => acknowledged.length >= 50);
    const beforeRestart = acknowledged.length;
    // asynchronously: the cashiers keep paying while PostgreSQL goes down and comes back
    await promisify(execFile)('pg_ctlcluster', ['--skip-systemctl-redirect', version, 'main', 'restart']);
    const afterRestartMark = acknowledged.length;
    // keep paying until the server has taken payments again for a while
    await waitFor('payments after the restart', 60_000, async () => acknowledged.length >= afterRestartMark + 100);
    stop = true;
    await Promise.all(workers);

    expect(beforeRestart).toBeGreaterThanOrEqual(50);
    expect(failed.length, 'requests in flight or sent while PostgreSQL was down').toBeGreaterThan(0);
    expect(acknowledged.length).toBeGreaterThanOrEqual(afterRestartMark + 100);
    expect(server.child.exitCode).toBeNull();
    expect((await api(`${server.url}/api/health`, 'GET')).status).toBe(200);
    // answers that were not 200 were refusals of the moment (503 while down), never a crash of the server
    expect(
      failed.every((s) => s === 503),
      [...refusals].join(' | '),
    ).toBe(true);

    const pool = new pg.Pool({ connectionString: db.url, max: 2 });
    try {
      const ids = acknowledged.map((a) => a.payment_id);
      const stored = (
        await pool.query(
          'select payment_id, application_id, amount::text as amount, is_void from payments where payment_id = any($1::int[])',
          [ids],
        )
      ).rows as { payment_id: number; application_id: number; amount: string; is_void: boolean }[];
      const byId = new Map(stored.map((r) => [r.payment_id, r]));
      const missing = acknowledged.filter((a) => !byId.has(a.payment_id));
      expect(missing, 'acknowledged payments missing from the database').toEqual([]);
      for (const a of acknowledged) {
        const r = byId.get(a.payment_id)!;
        expect(r.application_id).toBe(a.application_id);
        expect(r.amount).toBe('1.00');
        expect(r.is_void).toBe(false);
      }
      const after = (await pool.query('select count(*)::int as n from payments')).rows[0].n as number;
      expect(after).toBeGreaterThanOrEqual(before.n + acknowledged.length);
      const d = drizzle(pool);
      expect((await d.execute(IDENTITY_VIOLATIONS_SQL)).rows).toEqual([]);
      expect((await d.execute(STATS_VIOLATIONS_SQL)).rows).toEqual([]);
    } finally {
      await pool.end();
    }
    console.log(
      `payments acknowledged: ${acknowledged.length} (${beforeRestart} before the restart); refused during it: ${failed.length} (${[...new Set(failed)].join(', ')})`,
    );
  });
});
