/**
 * npm run bench:accounting -w apps/server — the accounting tables with their chart, measured beside the raw SQL of
 * their aggregation. On the embedded database by default (the bench's three-branch PGlite school, ~100,000 payments,
 * plus other incomes and expenses generated here); with BENCH_PG=1 on the chain-sized PostgreSQL `khabkhi_bench`
 * built by `npm run bench` (its migrations are brought up to date; other incomes and expenses added once).
 * Prints a table; writes nothing else.
 */
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openDatabase, type Database } from '../src/db/connection.js';
import { seed } from '../src/db/seed.js';
import { generate, PGLITE_SIZES } from './generate.js';

const ITER = Number(process.env.BENCH_ITER ?? 100);
const log = (s: string) => process.stdout.write(s + '\n');
const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;
const r2 = (n: number) => Math.round(n * 100) / 100;

async function extras(database: Database, adminId: number) {
  const q = async <T>(text: string) => ((await database.db.execute(sql.raw(text))) as unknown as { rows: T[] }).rows;
  const [{ n }] = (await q<{ n: number }>('select count(*)::int as n from expenses')) as [{ n: number }];
  if (n > 0) return;
  const t0 = Date.now();
  // about two years, like the payments: other incomes every few hours per branch, expenses a few times a day per branch
  await database.exec(`
    insert into list_expenses (branch_id, name, category_id)
      select b.branch_id, c.name, c.category_id from branches b cross join expense_categories c
      where c.parent_id is not null and not exists (select 1 from list_expenses x where x.branch_id = b.branch_id);
    insert into other_incomes (branch_id, date, name, detail, pay_type, value, created_by)
      select b.branch_id, (now() at time zone 'Asia/Bangkok')::date - (i % 730), 'รายรับอื่น ' || (i % 5), '', case when i % 2 = 0 then 'cash' else 'transfer' end, 100 + (i % 50) * 10.25, ${adminId}
      from branches b cross join generate_series(1, 2000) i;
    insert into expenses (branch_id, list_expenses_id, date, detail, pay_type, value, created_by)
      select b.branch_id, le.list_expenses_id, (now() at time zone 'Asia/Bangkok')::date - (i % 730), 'ค่าใช้จ่าย ' || i, case when i % 3 = 0 then 'transfer' else 'cash' end, 50 + (i % 90) * 12.5, ${adminId}
      from branches b cross join generate_series(1, 10000) i
      cross join lateral (select list_expenses_id from list_expenses x where x.branch_id = b.branch_id order by list_expenses_id offset (i % 20) limit 1) le;
    analyze list_expenses; analyze other_incomes; analyze expenses;`);
  log(`  other incomes and expenses added (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
}

async function main() {
  const pgUrl = process.env.BENCH_PG
    ? (() => {
        const u = new URL(
          process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
        );
        u.pathname = '/khabkhi_bench';
        return u.toString();
      })()
    : undefined;
  const database = await openDatabase({ databaseUrl: pgUrl });
  await seed(database.db, { adminPassword: 'bench-admin-password', demo: false });
  const q = async <T>(text: string) => ((await database.db.execute(sql.raw(text))) as unknown as { rows: T[] }).rows;
  const adminId = (await q<{ user_id: number }>(`select user_id from users where username = 'admin'`))[0]!.user_id;
  if (!pgUrl) {
    log('Generating the embedded school in PGlite…');
    await generate(database, adminId, log, PGLITE_SIZES);
  }
  await extras(database, adminId);
  const config = loadConfig({ LOG_LEVEL: 'silent', JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123' });
  const app = await buildApp({ config, database, secret: new TextEncoder().encode(config.jwtSecret), logger: false });
  await app.ready();
  const login = await app.inject({
    method: 'POST',
    url: '/api/user/login',
    payload: { username: 'admin', password: 'bench-admin-password' },
  });
  const auth = { authorization: `Bearer ${login.json().data.accessToken as string}` };
  const [{ m, ms, me, ys }] = (await q<{
    m: string;
    ms: string;
    me: string;
    ys: string;
  }>(`select to_char(d, 'YYYY-MM') as m, to_char(d, 'YYYY-MM-DD') as ms,
    to_char(d + interval '1 month - 1 day', 'YYYY-MM-DD') as me, to_char(d - interval '11 months', 'YYYY-MM-DD') as ys
    from (select date_trunc('month', now() at time zone 'Asia/Bangkok') - interval '1 month' as d) x`)) as [
    { m: string; ms: string; me: string; ys: string },
  ];
  const [{ n: payments }] = (await q<{ n: number }>('select count(*)::int as n from payments')) as [{ n: number }];
  log(
    `\n${pgUrl ? 'PostgreSQL khabkhi_bench' : 'PGlite'}: ${payments.toLocaleString('en-US')} payments; month ${m}; year ${ys} … ${me}; ${ITER} runs each`,
  );
  const rawIncome = (s: string, e: string) => `select d, sum(v) from (
      select p.business_date as d, a.kind, p.kind as pk, sum(p.amount) as v from payments p join applications a on a.application_id = p.application_id
      where not p.is_void and p.business_date between '${s}' and '${e}' group by 1, 2, 3
      union all select o.date, 'other', 'other', sum(o.value) from other_incomes o where not o.is_delete and o.date between '${s}' and '${e}' group by 1) x group by 1`;
  const rawExpenses = (
    s: string,
    e: string,
  ) => `select e.date, le.category_id, sum(e.value) from expenses e join list_expenses le on le.list_expenses_id = e.list_expenses_id
      where not e.is_delete and e.date between '${s}' and '${e}' group by 1, 2`;
  const cases: [string, string, string][] = [
    [
      'accounting/incometable + chart, one month, all branches',
      `/api/accounting/incometable?start=${ms}&end=${me}`,
      `${rawIncome(ms, me)}; ${rawExpenses(ms, me)}`,
    ],
    [
      'accounting/incometable + chart, one year, all branches',
      `/api/accounting/incometable?start=${ys}&end=${me}`,
      `${rawIncome(ys, me)}; ${rawExpenses(ys, me)}`,
    ],
    [
      'accounting/expensestable + chart, one month',
      `/api/accounting/expensestable?start=${ms}&end=${me}`,
      `${rawIncome(ms, me)}; ${rawExpenses(ms, me)}`,
    ],
    [
      'accounting/expensestable + chart, one year',
      `/api/accounting/expensestable?start=${ys}&end=${me}`,
      `${rawIncome(ys, me)}; ${rawExpenses(ys, me)}`,
    ],
  ];
  log(
    '| measurement | p50 ms | p95 ms | raw SQL p50 ms | raw SQL p95 ms | ratio (p95) |\n|---|---:|---:|---:|---:|---:|',
  );
  for (const [name, url, raw] of cases) {
    for (let i = 0; i < 10; i++) {
      const r = await app.inject({ method: 'GET', url, headers: auth });
      if (r.statusCode !== 200) throw new Error(`${name}: ${r.statusCode} ${r.body}`);
    }
    const times: number[] = [];
    for (let i = 0; i < ITER; i++) {
      const t = performance.now();
      await app.inject({ method: 'GET', url, headers: auth });
      times.push(performance.now() - t);
    }
    const rawTimes: number[] = [];
    for (let i = 0; i < ITER; i++) {
      const t = performance.now();
      for (const part of raw.split('; ')) await database.db.execute(sql.raw(part));
      rawTimes.push(performance.now() - t);
    }
    log(
      `| ${name} | ${r2(pct(times, 50))} | ${r2(pct(times, 95))} | ${r2(pct(rawTimes, 50))} | ${r2(pct(rawTimes, 95))} | ${r2(pct(times, 95) / pct(rawTimes, 95))} |`,
    );
  }
  await app.close();
  await database.close().catch(() => {});
}

void main().then(
  () => process.exit(0),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
