import fs from 'node:fs';
import pg from 'pg';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/connection.js';
const url = 'postgres://postgres@127.0.0.1:5432/khabkhi_bench';
const cap: { on: boolean; q: { q: string; p: unknown[] }[] } = { on: false, q: [] };
const database = await openDatabase({ databaseUrl: url, poolSize: 4, logger: { logQuery: (q, p) => { if (cap.on) cap.q.push({ q, p }); } } });
const config = loadConfig({ DATABASE_URL: url, LOG_LEVEL: 'silent', JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123' });
const app = await buildApp({ config, database, secret: new TextEncoder().encode(config.jwtSecret), logger: false });
await app.ready();
const login = await app.inject({ method: 'POST', url: '/api/user/login', payload: { username: 'admin', password: 'bench-admin-password' } });
const auth = { authorization: `Bearer ${login.json().data.accessToken}` };
const c = new pg.Client({ connectionString: url }); await c.connect();
const method = process.env.METHOD ?? 'GET';
const target = process.argv[2]!;
const body = process.argv[3] ? JSON.parse(process.argv[3]) : undefined;
for (let i = 0; i < 3; i++) await app.inject({ method: method as 'GET', url: target, headers: { ...auth, 'idempotency-key': `x-${Date.now()}-${i}` }, payload: body });
cap.on = true;
const t = performance.now();
const r = await app.inject({ method: method as 'GET', url: target, headers: { ...auth, 'idempotency-key': `x-${Date.now()}-z` }, payload: body });
const ms = performance.now() - t;
cap.on = false;
console.log('status', r.statusCode, 'request ms', ms.toFixed(1), 'queries', cap.q.length);
const out: string[] = [];
for (const { q, p } of cap.q) {
  if (/^(begin|commit|rollback)/i.test(q.trim())) continue;
  await c.query('begin');
  try {
    await c.query({ text: 'explain (analyze, buffers) ' + q, values: p as unknown[] });
    await c.query('rollback'); await c.query('begin');
    const e = await c.query({ text: 'explain (analyze, buffers) ' + q, values: p as unknown[] });
    const plan = e.rows.map((x) => x['QUERY PLAN']).join('\n');
    const time = /Execution Time: ([\d.]+)/.exec(plan)?.[1];
    const planning = /Planning Time: ([\d.]+)/.exec(plan)?.[1];
    const bufs = /Buffers: shared hit=(\d+)/.exec(plan)?.[1];
    console.log(`-- exec ${time} ms, plan ${planning} ms, top buffers ${bufs}: ${q.replace(/\s+/g, ' ').slice(0, 110)}`);
    out.push(q + '\n' + JSON.stringify(p) + '\n' + plan + '\n');
  } catch (err) { console.log('-- explain failed', (err as Error).message.slice(0, 100), q.replace(/\s+/g, ' ').slice(0, 80)); }
  await c.query('rollback');
}
fs.writeFileSync(process.env.OUT ?? '/tmp/probe/plan.txt', out.join('\n==========\n'));
await c.end(); await app.close(); await database.close();
