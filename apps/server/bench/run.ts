/**
 * npm run bench — the money core measured on a chain-sized data set in PostgreSQL (not a test).
 * Builds (once) the database `khabkhi_bench` on the server of BENCH_DATABASE_URL / DATABASE_URL
 * (default postgres://postgres@127.0.0.1:5432/postgres), then measures each list request beside the raw SQL
 * it runs, paybalance throughput with 20 concurrent clients, and warm receipt PDFs. Then the embedded database
 * a single school runs on: a three-branch school generated in an in-memory PGlite (30,000 customers, 40,000
 * applications, 100,000 payments) and the same list requests on it.
 * Prints the tables and writes bench/results.json and docs/benchmarks.md (the date, the machine's cores, the database
 * server and every table: bench/report.ts). `--fresh` rebuilds the PostgreSQL data set.
 * BENCH_ONLY=lists|accounting|pay|pdf|exams|evaluations|lessons|dashboard runs one PostgreSQL part (nothing written); BENCH_ONLY=pglite runs the embedded part
 * alone and updates its section of results.json. BENCH_DB_NAME names another PostgreSQL database for the data set.
 * Exams: the data set has chain-size exam data (generateExams); exam/gettable for a day and a month,
 * exam/calendar for a month and exam/permission with a text search are measured beside their raw SQL, and 50
 * concurrent bookings onto one 30-seat session must book exactly 30.
 * Evaluations: the data set has chain-size training records (generateEvaluations); the evaluation list
 * (application/getforevaluateManage) page 1 with no filter and with each training status, for the chain and for one
 * branch, is measured beside its raw SQL, and the lines' stored training figures are checked against their evaluations.
 * Lessons (bench/lessons.ts): a year of lessons is added to the data set (idempotent, without a rebuild); the timetable of
 * a branch-week and the lessons list beside their raw SQL, booking with 20 concurrent clients at overlapping slots, the
 * chain's month of instructor pay lines and a branch's DLT monthly report (BENCH_ONLY=lessons).
 * BENCH_CHAIN_BRANCHES=n (with BENCH_DB_NAME) builds a small chain of n branches instead: a proof of the generators and
 * of the measurements on a small database, not the chain's figures.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/connection.js';
import { seed } from '../src/db/seed.js';
import { IDENTITY_VIOLATIONS_SQL, STATS_VIOLATIONS_SQL } from '../src/modules/applications/money.js';
import { payrollBench, type PayrollBenchRow } from './payroll.js';
import { writeDocs } from './report.js';
import { LINE_TRAINING_VIOLATIONS_SQL } from '../src/modules/evaluations/training.js';
import {
  generate,
  generateEvaluations,
  generateExams,
  generateFleet,
  generateVehicleChecks,
  PGLITE_SIZES,
  SIZES,
  type Sizes,
} from './generate.js';
import { generateLessons, LESSON_SIZES, lessonBench, lessonRequests, lessonSample } from './lessons.js';
import { concurrentBookings } from './exams.js';
import { pgliteBench } from './pglite.js';
import {
  dashboardRequests,
  evaluationRequests,
  examRequests,
  listRequests,
  pct,
  r2,
  timedGet,
  type Row,
} from './requests.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const base =
  process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DB_NAME = process.env.BENCH_DB_NAME ?? 'khabkhi_bench';
const fresh = process.argv.includes('--fresh');
const ITER = Number(process.env.BENCH_ITER ?? 200);
/** BENCH_ONLY=lists|pay|pdf runs one part (for profiling); the default runs all and writes results.json */
const ONLY = process.env.BENCH_ONLY ?? '';
const log = (s: string) => process.stdout.write(s + '\n');
const smallChain = Number(process.env.BENCH_CHAIN_BRANCHES ?? 0);
const CHAIN: Sizes = smallChain
  ? { branches: smallChain, customers: smallChain * 15_000, applications: smallChain * 20_000 }
  : SIZES;

function urlFor(db: string) {
  const u = new URL(base);
  u.pathname = `/${db}`;
  return u.toString();
}

async function ensureDataset() {
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  const exists = (await admin.query('select 1 from pg_database where datname = $1', [DB_NAME])).rowCount! > 0;
  let ready = false;
  if (exists && !fresh) {
    const c = new pg.Client({ connectionString: urlFor(DB_NAME) });
    await c.connect();
    try {
      const r = await c.query(
        `select (select count(*) from payments)::int as payments, (select count(*) from applications)::int as apps`,
      );
      ready = r.rows[0].apps >= CHAIN.applications && r.rows[0].payments >= CHAIN.applications * 2.25;
    } catch {
      ready = false;
    }
    await c.end();
  }
  if (!ready) {
    await admin.query(`drop database if exists ${DB_NAME} with (force)`);
    await admin.query(`create database ${DB_NAME}`);
  }
  await admin.end();
  return ready;
}

const resultsFile = path.join(here, 'results.json');

async function main() {
  // payroll: its own chain database; BENCH_ONLY=payroll runs it alone
  let payroll: PayrollBenchRow[] | null = null;
  if (!ONLY || ONLY === 'payroll') {
    payroll = await payrollBench(base, log);
    log(`\nPayroll\n| measurement | p50 ms | max/p95 ms | target | note |\n|---|---:|---:|---|---|`);
    for (const r of payroll) log(`| ${r.name} | ${r.p50_ms} | ${r.p95_ms} | ${r.target} | ${r.note} |`);
    if (ONLY) return;
  }
  let pgResults: Row[] | null = null;
  if (ONLY !== 'pglite') pgResults = await postgresBench();
  let embedded: Row[] | null = null;
  if (!ONLY || ONLY === 'pglite') embedded = await pgliteBench();
  if (ONLY && ONLY !== 'pglite') {
    if (pgResults)
      for (const r of pgResults)
        log(
          `| ${r.name} | ${r.p50_ms || ''} | ${r.p95_ms || ''} | ${r.sql_p50_ms ?? ''} | ${r.ratio ?? ''} | ${r.per_s ?? ''} | ${r.note ?? ''} |`,
        );
    return;
  }
  const previous = fs.existsSync(resultsFile) ? JSON.parse(fs.readFileSync(resultsFile, 'utf8')) : {};
  const out = pgResults
    ? { at: new Date().toISOString(), database: 'PostgreSQL', sizes: SIZES, results: pgResults }
    : { at: previous.at, database: previous.database, sizes: previous.sizes, results: previous.results };
  const pglite = {
    at: new Date().toISOString(),
    database: 'PGlite (embedded, in memory)',
    sizes: { ...PGLITE_SIZES, payments: Math.round(PGLITE_SIZES.applications * 2.5) },
    results: embedded,
  };
  const payrollPart = payroll
    ? { at: new Date().toISOString(), rows: payroll }
    : (previous.payroll_part as { at: string; rows: PayrollBenchRow[] } | undefined);
  fs.writeFileSync(
    resultsFile,
    JSON.stringify({ ...out, pglite, payroll: payrollPart?.rows ?? null, payroll_part: payrollPart }, null, 2) + '\n',
  );
  await writeDocs({ baseUrl: base, dbName: DB_NAME, iter: ITER, file: docsFile }, out, pglite, payrollPart);
  for (const [title, rows] of [
    ['PostgreSQL', pgResults],
    ['PGlite', embedded],
  ] as const) {
    if (!rows) continue;
    log(
      `\n${title}\n| measurement | p50 ms | p95 ms | raw SQL p50 ms | ratio | per s | note |\n|---|---:|---:|---:|---:|---:|---|`,
    );
    for (const r of rows)
      log(
        `| ${r.name} | ${r.p50_ms || ''} | ${r.p95_ms || ''} | ${r.sql_p50_ms ?? ''} | ${r.ratio ?? ''} | ${r.per_s ?? ''} | ${r.note ?? ''} |`,
      );
  }
  log(`\nwritten ${path.relative(process.cwd(), resultsFile)}`);
}

const docsFile = path.resolve(here, '../../../docs/benchmarks.md');

async function postgresBench(): Promise<Row[]> {
  const reused = await ensureDataset();
  const capture: { on: boolean; queries: { q: string; p: unknown[] }[] } = { on: false, queries: [] };
  // statements the server prepares (named) are replayed prepared too: the same statements, executed the same way
  const preparedNames = new Map<string, string>();
  const clientQuery = pg.Client.prototype.query as (...a: unknown[]) => unknown;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const c = args[0] as { name?: string; text?: string } | undefined;
    if (capture.on && c && typeof c === 'object' && c.name && c.text) preparedNames.set(c.text, c.name);
    return clientQuery.apply(this, args);
  } as typeof pg.Client.prototype.query;
  const database = await openDatabase({
    databaseUrl: urlFor(DB_NAME),
    poolSize: 24,
    logger: {
      logQuery: (q, p) => {
        if (capture.on) capture.queries.push({ q, p });
      },
    },
  });
  await seed(database.db, { adminPassword: 'bench-admin-password', demo: false });
  if (!reused) {
    log(
      `Generating the data set in ${DB_NAME} (${CHAIN.branches} branches, ${CHAIN.customers.toLocaleString()} customers, ${CHAIN.applications.toLocaleString()} applications, ~${(CHAIN.applications * 2.5).toLocaleString()} payments)…`,
    );
    const c = new pg.Client({ connectionString: urlFor(DB_NAME) });
    await c.connect();
    const t0 = Date.now();
    const adminId = (await c.query(`select user_id from users where username = 'admin'`)).rows[0].user_id as number;
    await generate({ exec: (q) => c.query(q) }, adminId, log, CHAIN);
    await c.end();
    log(`  generated in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
  } else {
    log(`Reusing the data set in ${DB_NAME} (run with --fresh to rebuild)`);
  }
  {
    const c = new pg.Client({ connectionString: urlFor(DB_NAME) });
    await c.connect();
    const adminId = (await c.query(`select user_id from users where username = 'admin'`)).rows[0].user_id as number;
    await generateExams({ exec: (q) => c.query(q) }, adminId, log);
    await generateEvaluations({ exec: (q) => c.query(q) }, adminId, log);
    if ((await c.query('select count(*)::int as n from vehicles')).rows[0].n < 400) {
      await generateFleet({ exec: (q) => c.query(q) }, adminId, log);
    }
    await generateVehicleChecks({ exec: (q) => c.query(q) }, adminId, log);
    await generateLessons({ exec: (q) => c.query(q) }, adminId, log, {
      ...LESSON_SIZES,
      branches: Math.min(LESSON_SIZES.branches, CHAIN.branches),
    });
    await c.end();
  }
  const config = loadConfig({
    DATABASE_URL: urlFor(DB_NAME),
    LOG_LEVEL: 'silent',
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
  });
  const app = await buildApp({ config, database, secret: new TextEncoder().encode(config.jwtSecret), logger: false });
  await app.ready();
  const pool = new pg.Pool({ connectionString: urlFor(DB_NAME), max: 4 });

  const login = await app.inject({
    method: 'POST',
    url: '/api/user/login',
    payload: { username: 'admin', password: 'bench-admin-password' },
  });
  const token = login.json().data.accessToken as string;
  const auth = { authorization: `Bearer ${token}` };
  const get = (url: string) => app.inject({ method: 'GET', url, headers: auth });

  const sample = (
    await pool.query(
      `select c.idcard, c.phone_1, c.fname || ' ' || c.sname as name from customers c
        where customer_id = (select least(123457, max(customer_id)) from customers)`,
    )
  ).rows[0];
  const month = (
    await pool.query(
      `select to_char(date_trunc('month', now() at time zone 'Asia/Bangkok') - interval '1 month', 'YYYY-MM') as m`,
    )
  ).rows[0].m as string;
  const monthEnd = (
    await pool.query(
      `select to_char((date_trunc('month', to_date($1, 'YYYY-MM')) + interval '1 month - 1 day'), 'YYYY-MM-DD') as d`,
      [month],
    )
  ).rows[0].d as string;
  const lists = listRequests(sample, month, monthEnd);
  // accounting: a month and a year (the twelve months to the end of last month) across all branches
  const yearStart = (
    await pool.query(`select to_char(to_date($1, 'YYYY-MM') - interval '11 months', 'YYYY-MM-DD') as d`, [month])
  ).rows[0].d as string;
  const ninetyStart = (
    await pool.query(`select to_char(to_date($1, 'YYYY-MM-DD') - 89, 'YYYY-MM-DD') as d`, [monthEnd])
  ).rows[0].d as string;
  const accounting: [string, string][] = [
    ['accounting/incometable + chart, one month', `/api/accounting/incometable?start=${month}-01&end=${monthEnd}`],
    ['accounting/incometable + chart, one year', `/api/accounting/incometable?start=${yearStart}&end=${monthEnd}`],
    ['accounting/expensestable + chart, one month', `/api/accounting/expensestable?start=${month}-01&end=${monthEnd}`],
    ['accounting/expensestable + chart, one year', `/api/accounting/expensestable?start=${yearStart}&end=${monthEnd}`],
    ['accounting/profitloss, one year', `/api/accounting/profitloss?start=${yearStart}&end=${monthEnd}`],
    ['vehicle/expenses/gettable, one month', `/api/vehicle/expenses/gettable?start=${month}-01&end=${monthEnd}`],
    [
      'vehicle/expenses/gettable, 90 days (the screen’s default)',
      `/api/vehicle/expenses/gettable?start=${ninetyStart}&end=${monthEnd}`,
    ],
    ['vehicle/expenses/gettable, one year', `/api/vehicle/expenses/gettable?start=${yearStart}&end=${monthEnd}`],
    ['vehicle/expenses/gettable, all two years', '/api/vehicle/expenses/gettable?page=1&per_page=10'],
  ];

  const results: Row[] = [];
  const evaluations = evaluationRequests();
  const lessonsAt = await lessonSample(pool);
  const lessonLists = lessonRequests(lessonsAt);
  const measured = !ONLY
    ? [...lists, ...evaluations, ...accounting, ...lessonLists, ...dashboardRequests()]
    : ONLY === 'lessons'
      ? lessonLists
      : ONLY === 'dashboard'
        ? dashboardRequests()
        : ONLY === 'evaluations'
          ? evaluations
          : ONLY === 'lists'
            ? lists
            : ONLY === 'accounting'
              ? accounting
              : ONLY === 'exams'
                ? examRequests(sample, month, monthEnd)
                : [];
  for (const [name, url] of measured) {
    // warm-up: the JIT, the pools' connections and the caches, for both the request and its raw SQL; a request that
    // takes over a quarter of a second is measured 20 times instead of ITER (the row's note says so)
    const first = performance.now();
    const r0 = await get(url);
    if (r0.statusCode !== 200) throw new Error(`${name}: ${r0.statusCode} ${r0.body}`);
    const slow = performance.now() - first > 250;
    const iter = slow ? 20 : ITER;
    for (let i = 0; i < (slow ? 3 : 60); i++) {
      const r = await get(url);
      if (r.statusCode !== 200) throw new Error(`${name}: ${r.statusCode} ${r.body}`);
    }
    capture.queries = [];
    capture.on = true;
    await get(url);
    capture.on = false;
    const queries = capture.queries.slice();
    const runRaw = async () => {
      for (const { q, p } of queries) {
        const name = preparedNames.get(q);
        await pool.query(name ? { name, text: q, values: p as unknown[] } : { text: q, values: p as unknown[] });
      }
    };
    for (let i = 0; i < (slow ? 3 : 20); i++) await runRaw();
    const api: number[] = [];
    const raw: number[] = [];
    for (let i = 0; i < iter; i++) {
      let t0 = performance.now();
      await timedGet(app, url, auth);
      api.push(performance.now() - t0);
      t0 = performance.now();
      await runRaw();
      raw.push(performance.now() - t0);
    }
    const row = {
      name,
      p50_ms: r2(pct(api, 50)),
      p95_ms: r2(pct(api, 95)),
      sql_p50_ms: r2(pct(raw, 50)),
      sql_p95_ms: r2(pct(raw, 95)),
      ratio: r2(pct(api, 50) / pct(raw, 50)),
      per_s: null,
      note: `${queries.length} queries${queries.some((x) => preparedNames.has(x.q)) ? ` (${queries.filter((x) => preparedNames.has(x.q)).length} prepared)` : ''}${slow ? `, ${iter} runs` : ''}`,
    };
    results.push(row);
    log(
      `  ${name}: p50 ${row.p50_ms} ms, p95 ${row.p95_ms} ms, SQL p50 ${row.sql_p50_ms} ms, SQL p95 ${row.sql_p95_ms} ms (${row.note}), ratio ${row.ratio}`,
    );
  }

  // paybalance throughput: 20 concurrent clients paying 1 baht on owing applications
  const owing = (
    await pool.query(
      `select application_id from applications where status = 'ค้างชำระ' and balance >= 100 order by random() limit 4000`,
    )
  ).rows.map((r) => r.application_id as number);
  if (!ONLY || ONLY === 'pay') {
    const TOTAL = Number(process.env.BENCH_PAYMENTS ?? 4000);
    let next = 0;
    let failures = 0;
    const t0 = performance.now();
    await Promise.all(
      Array.from({ length: 20 }, async () => {
        while (next < TOTAL) {
          const i = next++;
          const r = await app.inject({
            method: 'POST',
            url: '/api/application/paybalance',
            headers: { ...auth, 'idempotency-key': `bench-${Date.now()}-${i}` },
            payload: { application_id: owing[i % owing.length], paid: '1', pay_type: i % 2 ? 'cash' : 'transfer' },
          });
          if (r.statusCode !== 200) failures++;
        }
      }),
    );
    const seconds = (performance.now() - t0) / 1000;
    const violations = ((await database.db.execute(IDENTITY_VIOLATIONS_SQL)) as unknown as { rows: unknown[] }).rows
      .length;
    const statsOff = ((await database.db.execute(STATS_VIOLATIONS_SQL)) as unknown as { rows: unknown[] }).rows.length;
    const gaps = (
      await pool.query(`select count(*)::int as n from (select right(payment_code, 6)::int - lag(right(payment_code, 6)::int) over (partition by branch_id, split_part(payment_code, '-', 3) order by payment_code) as d
                                    from payments where payment_code not like '%-H%') x where d <> 1`)
    ).rows[0].n as number;
    results.push({
      name: 'paybalance, 20 concurrent clients',
      p50_ms: 0,
      p95_ms: 0,
      sql_p50_ms: null,
      sql_p95_ms: null,
      ratio: null,
      per_s: r2(TOTAL / seconds),
      note: `${TOTAL} payments, ${failures} failed, ${violations} identity violations, ${statsOff} branch totals off, ${gaps} receipt-number gaps`,
    });
    log(
      `  paybalance: ${r2(TOTAL / seconds)} payments/s (${TOTAL} in ${seconds.toFixed(1)} s), failures ${failures}, identity violations ${violations}, branch totals off ${statsOff}, number gaps ${gaps}`,
    );
  }

  if (!ONLY || ONLY === 'exams') results.push(await concurrentBookings(app, auth, pool));

  if (!ONLY || ONLY === 'lessons')
    results.push(...(await lessonBench((o) => app.inject({ ...o, headers: auth }), database.db, pool, log, lessonsAt)));

  if (!ONLY || ONLY === 'evaluations') {
    // the figures kept at commit against the evaluations they come from (none may differ)
    const t = performance.now();
    const off = ((await database.db.execute(LINE_TRAINING_VIOLATIONS_SQL)) as unknown as { rows: unknown[] }).rows
      .length;
    const lines = (await pool.query('select count(*)::int as n from line_training')).rows[0].n as number;
    results.push({
      name: 'stored training figures checked against the evaluations',
      p50_ms: r2(performance.now() - t),
      p95_ms: 0,
      sql_p50_ms: null,
      sql_p95_ms: null,
      ratio: null,
      per_s: null,
      note: `${lines} lines stored, ${off} differ`,
    });
    log(`  stored training figures: ${lines} lines, ${off} differ`);
  }

  if (!ONLY || ONLY === 'pdf') {
    // receipt PDF, warm: the copy of a fresh receipt rendered through the document link
    const pay = await app.inject({
      method: 'POST',
      url: '/api/application/paybalance',
      headers: auth,
      payload: { application_id: owing[0], paid: '1', pay_type: 'cash' },
    });
    const paymentId = pay.json().data.payment.payment_id as number;
    const link = async () =>
      (
        await app.inject({ method: 'POST', url: '/api/payment/pdf', headers: auth, payload: { payment_id: paymentId } })
      ).json().data.pdf as string;
    const coldT = performance.now();
    const first = await app.inject({ method: 'GET', url: await link() });
    const cold = performance.now() - coldT;
    if (first.statusCode !== 200) throw new Error(`receipt: ${first.statusCode} ${first.body.slice(0, 200)}`);
    const pdfTimes: number[] = [];
    for (let i = 0; i < 40; i++) {
      const url = await link();
      const t = performance.now();
      const r = await app.inject({ method: 'GET', url });
      pdfTimes.push(performance.now() - t);
      if (r.headers['content-type'] !== 'application/pdf') throw new Error('receipt is not a PDF');
    }
    results.push({
      name: 'receipt PDF (warm)',
      p50_ms: r2(pct(pdfTimes.slice(5), 50)),
      p95_ms: r2(pct(pdfTimes.slice(5), 95)),
      sql_p50_ms: null,
      sql_p95_ms: null,
      ratio: null,
      per_s: null,
      note: `cold first render ${Math.round(cold)} ms`,
    });
    log(
      `  receipt PDF warm: p50 ${r2(pct(pdfTimes.slice(5), 50))} ms, p95 ${r2(pct(pdfTimes.slice(5), 95))} ms (cold ${Math.round(cold)} ms)`,
    );
  }

  await app.close();
  await pool.end();
  await database.close();
  return results;
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
