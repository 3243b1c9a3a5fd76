import pg from 'pg';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/connection.js';
const url = 'postgres://postgres@127.0.0.1:5432/khabkhi_bench';
const cap: { on: boolean; q: string[] } = { on: false, q: [] };
const database = await openDatabase({ databaseUrl: url, poolSize: 24, logger: { logQuery: (q) => { if (cap.on) cap.q.push(q); } } });
const config = loadConfig({ DATABASE_URL: url, LOG_LEVEL: 'silent', JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123' });
const app = await buildApp({ config, database, secret: new TextEncoder().encode(config.jwtSecret), logger: false });
await app.ready();
const pool = new pg.Pool({ connectionString: url, max: 2 });
const login = await app.inject({ method: 'POST', url: '/api/user/login', payload: { username: 'admin', password: 'bench-admin-password' } });
const auth = { authorization: `Bearer ${login.json().data.accessToken}` };
const owing = (await pool.query(`select application_id from applications where status = 'ค้างชำระ' and balance >= 100 order by random() limit 2000`)).rows.map((r) => r.application_id);
const pay = (i: number) => app.inject({ method: 'POST', url: '/api/application/paybalance', headers: { ...auth, 'idempotency-key': `probe-${Date.now()}-${i}` }, payload: { application_id: owing[i % owing.length], paid: '1', pay_type: i % 2 ? 'cash' : 'transfer' } });
await pay(0); await pay(1);
cap.on = true; const r = await pay(2); cap.on = false;
console.log('status', r.statusCode, 'queries', cap.q.length);
for (const q of cap.q) console.log('  -', q.replace(/\s+/g, ' ').slice(0, 140));
const N = Number(process.env.N ?? 600);
const waits = new Map<string, number>();
let sampling = true;
const sampler = (async () => {
  while (sampling) {
    const w = await pool.query(`select coalesce(wait_event_type,'cpu') || ':' || coalesce(wait_event,'') || ' ' || left(regexp_replace(query,'\\s+',' ','g'), 50) as k from pg_stat_activity where datname = 'khabkhi_bench' and state = 'active' and pid <> pg_backend_pid()`);
    for (const row of w.rows) waits.set(row.k, (waits.get(row.k) ?? 0) + 1);
    await new Promise((res) => setTimeout(res, 10));
  }
})();
let next = 0; const t0 = performance.now();
await Promise.all(Array.from({ length: 20 }, async () => { while (next < N) { const i = 10 + next++; const x = await pay(i); if (x.statusCode !== 200) console.log(x.body); } }));
const s = (performance.now() - t0) / 1000;
sampling = false; await sampler;
console.log(`${N} payments in ${s.toFixed(1)} s = ${(N / s).toFixed(1)}/s`);
for (const [k, v] of [...waits.entries()].sort((a, b) => b[1] - a[1]).slice(0, 15)) console.log(v, k);
await app.close(); await pool.end(); await database.close();
