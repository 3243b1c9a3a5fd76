/**
 * Payroll benchmark: a chain of 20 branches × 60 employees in its own PostgreSQL database
 * (khabkhi_bench_payroll, rebuilt each run). Measures computing and saving one month for the whole chain,
 * the payslip PDF of one branch-month (60 payslips) and the payroll lists through Fastify.
 */
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/connection.js';
import { seed } from '../src/db/seed.js';
import type { Actor } from '../src/http/auth.js';
import { approve, confirm, saveSheet, submit } from '../src/modules/payroll/service.js';

const BRANCHES = 20;
const PER_BRANCH = 60;
const MONTH = '2026-11';
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
};
const r2 = (n: number) => Math.round(n * 100) / 100;

export interface PayrollBenchRow {
  name: string;
  p50_ms: number;
  p95_ms: number;
  target: string;
  note: string;
}

export async function payrollBench(base: string, log: (s: string) => void): Promise<PayrollBenchRow[]> {
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query('drop database if exists khabkhi_bench_payroll with (force)');
  await admin.query('create database khabkhi_bench_payroll');
  await admin.end();
  const u = new URL(base);
  u.pathname = '/khabkhi_bench_payroll';
  const database = await openDatabase({ databaseUrl: u.toString(), poolSize: 10 });
  await seed(database.db, { adminPassword: 'bench-admin-password', demo: false });
  const db = database.db;
  log(`Payroll: generating ${BRANCHES} branches × ${PER_BRANCH} employees…`);
  await db.execute(
    sql`insert into branches (code, name, parent_id) select 'PB' || g, 'สาขาทดสอบ ' || g, 1 from generate_series(1, ${BRANCHES}) g`,
  );
  await db.execute(sql`insert into users (username, password_hash, role_id, branch_id, prefix, fname, sname, position, salary, is_salary_daily, start_date, idcard)
    select 'pb' || b.branch_id || '_' || g, 'x', (select role_id from roles where slug = 'instructor'), b.branch_id, 'นาย', 'พนักงาน' || g, 'สาขา' || b.code, 'ครูฝึก',
      case when g % 10 = 0 then 450 else 15000 + (g * 317) % 40000 end, g % 10 = 0, '2020-01-01', lpad((b.branch_id * 1000 + g)::text, 13, '1')
    from branches b cross join generate_series(1, ${PER_BRANCH}) g where b.code like 'PB%'`);
  const ot = (
    (await db.execute(
      sql`select list_payroll_id as id from list_payroll where category = 'overtime' limit 1`,
    )) as unknown as { rows: { id: number }[] }
  ).rows[0]!.id;
  await db.execute(
    sql`insert into payroll_user_items (user_id, list_payroll_id, per_value) select user_id, ${ot}, 8 from users where username like 'pb%' and user_id % 3 = 0`,
  );
  const ids = (
    (await db.execute(sql`select branch_id from branches where code like 'PB%' order by branch_id`)) as unknown as {
      rows: { branch_id: number }[];
    }
  ).rows.map((r) => r.branch_id);
  const roles = (
    (await db.execute(sql`select role_id, slug, abilities from roles`)) as unknown as {
      rows: { role_id: number; slug: string; abilities: Actor['abilities'] }[];
    }
  ).rows;
  const actor = (slug: string, userId: number): Actor => {
    const r = roles.find((x) => x.slug === slug)!;
    return {
      userId,
      username: slug,
      roleId: r.role_id,
      roleSlug: slug,
      branchId: 1,
      familyId: '',
      abilities: r.abilities,
      branchScope: null,
    };
  };
  const adminId = (
    (await db.execute(sql`select user_id from users where username = 'admin'`)) as unknown as {
      rows: { user_id: number }[];
    }
  ).rows[0]!.user_id;
  const someone = (
    (await db.execute(
      sql`select user_id from users where username like 'pb%' order by user_id limit 2`,
    )) as unknown as { rows: { user_id: number }[] }
  ).rows.map((r) => r.user_id);
  const hr = actor('accountant', someone[0]!);
  const mgr = actor('manager', someone[1]!);
  const owner = actor('owner', adminId);
  const rows: PayrollBenchRow[] = [];

  // one month for the whole chain: every branch computed and saved (one transaction each), three runs
  const chain: number[] = [];
  for (let run = 0; run < 3; run++) {
    const t0 = performance.now();
    for (const b of ids) await db.transaction((tx) => saveSheet(tx, hr, b, MONTH, []));
    chain.push(performance.now() - t0);
  }
  rows.push({
    name: `compute + save a month, ${BRANCHES} branches × ${PER_BRANCH} employees`,
    p50_ms: r2(pct(chain, 50)),
    p95_ms: r2(Math.max(...chain)),
    target: '≤ 2000 ms',
    note: `${chain.length} runs`,
  });
  log(`  chain month: ${chain.map((x) => Math.round(x)).join(', ')} ms`);

  // approve the first branch-month, then its payslips as one PDF
  const [p] = (
    (await db.execute(
      sql`select payroll_id from payrolls where branch_id = ${ids[0]!} and month = ${MONTH}`,
    )) as unknown as { rows: { payroll_id: number }[] }
  ).rows;
  await db.transaction((tx) => submit(tx, hr, p!.payroll_id));
  await db.transaction((tx) => confirm(tx, mgr, p!.payroll_id));
  const tA = performance.now();
  await db.transaction((tx) => approve(tx, owner, p!.payroll_id));
  const approveMs = performance.now() - tA;

  const config = loadConfig({
    LOG_LEVEL: 'silent',
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
    DATABASE_URL: u.toString(),
  });
  const app = await buildApp({
    config,
    database,
    secret: new TextEncoder().encode(config.jwtSecret),
    logger: { level: 'silent' },
  });
  await app.ready();
  const login = await app.inject({
    method: 'POST',
    url: '/api/user/login',
    payload: { username: 'admin', password: 'bench-admin-password' },
  });
  const auth = { authorization: `Bearer ${login.json().data.accessToken}` };
  const link = async () =>
    (
      await app.inject({
        method: 'POST',
        url: '/api/payroll/payslip/pdf',
        headers: auth,
        payload: { payroll_id: p!.payroll_id },
      })
    ).json().data.pdf as string;
  const pdfTimes: number[] = [];
  let pages = 0;
  for (let i = 0; i < 6; i++) {
    const url = await link();
    const t = performance.now();
    const r = await app.inject({ method: 'GET', url });
    pdfTimes.push(performance.now() - t);
    if (r.headers['content-type'] !== 'application/pdf')
      throw new Error(`payslips: ${r.statusCode} ${r.body.slice(0, 200)}`);
    pages = (r.rawPayload.toString('latin1').match(/\/Type\s*\/Page[^s]/g) ?? []).length;
  }
  rows.push({
    name: `payslip PDF of one branch-month (${PER_BRANCH} payslips)`,
    p50_ms: r2(pct(pdfTimes.slice(1), 50)),
    p95_ms: r2(Math.max(...pdfTimes.slice(1))),
    target: '≤ 3000 ms',
    note: `cold first ${Math.round(pdfTimes[0]!)} ms, ${pages} pages; approval with payslips issued ${Math.round(approveMs)} ms`,
  });
  log(`  payslips PDF: ${pdfTimes.map((x) => Math.round(x)).join(', ')} ms (${pages} pages)`);

  for (const [name, url] of [
    ['payroll/gettable', '/api/payroll/gettable?page=1&per_page=10'],
    ['list-payrollReport/list (month, all branches)', `/api/list-payrollReport/list?month=${MONTH}&page=1&per_page=20`],
    [
      'list-payrollReport/list (one branch)',
      `/api/list-payrollReport/list?month=${MONTH}&branch=${ids[3]}&page=2&per_page=20`,
    ],
    ['payroll/payslip/gettable', `/api/payroll/payslip/gettable?month=${MONTH}`],
  ] as const) {
    for (let i = 0; i < 20; i++) await app.inject({ method: 'GET', url, headers: auth });
    const xs: number[] = [];
    for (let i = 0; i < 200; i++) {
      const t = performance.now();
      const r = await app.inject({ method: 'GET', url, headers: auth });
      xs.push(performance.now() - t);
      if (r.statusCode !== 200) throw new Error(`${url}: ${r.statusCode} ${r.body.slice(0, 200)}`);
    }
    rows.push({ name, p50_ms: r2(pct(xs, 50)), p95_ms: r2(pct(xs, 95)), target: 'p95 ≤ 50 ms', note: '200 runs' });
    log(`  ${name}: p50 ${r2(pct(xs, 50))} ms, p95 ${r2(pct(xs, 95))} ms`);
  }
  await app.close();
  await database.close();
  return rows;
}
