/** The embedded database's part of the benchmark (BENCH_ONLY=pglite). */
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/connection.js';
import { seed } from '../src/db/seed.js';
import { generate, generateExams, PGLITE_SIZES } from './generate.js';
import { listRequests, pct, r2, timedGet, type Row } from './requests.js';

const ITER = Number(process.env.BENCH_ITER ?? 200);
const log = (s: string) => process.stdout.write(s + '\n');

/**
 * The embedded database: a three-branch school generated in an in-memory PGlite with the same SQL as the chain,
 * then each list request through Fastify (in-process), 200 runs after a warm-up. Target p95 ≤ 50 ms each.
 */
export async function pgliteBench(): Promise<Row[]> {
  const database = await openDatabase({});
  await seed(database.db, { adminPassword: 'bench-admin-password', demo: false });
  const adminId = (
    (await database.db.execute(sql`select user_id from users where username = 'admin'`)) as unknown as {
      rows: { user_id: number }[];
    }
  ).rows[0]!.user_id;
  log(
    `Generating the embedded school in PGlite (${PGLITE_SIZES.branches} branches, ${PGLITE_SIZES.customers.toLocaleString('en-US')} customers, ${PGLITE_SIZES.applications.toLocaleString('en-US')} applications, ~${(PGLITE_SIZES.applications * 2.5).toLocaleString('en-US')} payments)…`,
  );
  const t0 = Date.now();
  await generate(database, adminId, log, PGLITE_SIZES);
  await generateExams(database, adminId, log);
  log(`  generated in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
  const config = loadConfig({ LOG_LEVEL: 'silent', JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123' });
  const app = await buildApp({ config, database, secret: new TextEncoder().encode(config.jwtSecret), logger: false });
  await app.ready();
  const q = async <T>(text: string) => ((await database.db.execute(sql.raw(text))) as unknown as { rows: T[] }).rows;
  const [sample] = await q<{ idcard: string; phone_1: string; name: string }>(
    `select c.idcard, c.phone_1, c.fname || ' ' || c.sname as name from customers c where customer_id = 12345`,
  );
  const [{ m: month }] = (await q<{ m: string }>(
    `select to_char(date_trunc('month', now() at time zone 'Asia/Bangkok') - interval '1 month', 'YYYY-MM') as m`,
  )) as [{ m: string }];
  const [{ d: monthEnd }] = (await q<{ d: string }>(
    `select to_char((date_trunc('month', to_date('${month}', 'YYYY-MM')) + interval '1 month - 1 day'), 'YYYY-MM-DD') as d`,
  )) as [{ d: string }];
  const login = await app.inject({
    method: 'POST',
    url: '/api/user/login',
    payload: { username: 'admin', password: 'bench-admin-password' },
  });
  const auth = { authorization: `Bearer ${login.json().data.accessToken as string}` };
  const results: Row[] = [];
  for (const [name, url] of listRequests(sample!, month, monthEnd)) {
    let answered = '';
    for (let i = 0; i < 30; i++) {
      const r = await app.inject({ method: 'GET', url, headers: auth });
      if (r.statusCode !== 200) throw new Error(`${name}: ${r.statusCode} ${r.body}`);
      // a list answers its page in `data`; the calendar answers its events in `data.events`
      const data = (r.json() as { data?: unknown }).data;
      answered = Array.isArray(data)
        ? `${data.length} rows on the page`
        : `${((data as { events?: unknown[] } | undefined)?.events ?? []).length} events`;
    }
    const times: number[] = [];
    for (let i = 0; i < ITER; i++) {
      const t = performance.now();
      await timedGet(app, url, auth);
      times.push(performance.now() - t);
    }
    const row: Row = {
      name,
      p50_ms: r2(pct(times, 50)),
      p95_ms: r2(pct(times, 95)),
      sql_p50_ms: null,
      sql_p95_ms: null,
      ratio: null,
      per_s: null,
      note: answered,
    };
    results.push(row);
    log(`  PGlite ${name}: p50 ${row.p50_ms} ms, p95 ${row.p95_ms} ms (${row.note})`);
  }
  await app.close();
  await database.close();
  return results;
}
