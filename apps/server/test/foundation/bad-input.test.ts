import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../helpers.js';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t?.close(); });

const urlOf = (u: string) => u.replace(/:id\b/g, '1').replace(/:token\b/g, 'x').replace(/:user_id\b/g, '1');
const SKIP = new Set(['POST /api/user/logout']);

async function snapshot() {
  const r = await t.db.execute(sql`select (select count(*) from audit_log)::int as audit, (select count(*) from applications)::int as apps,
    (select count(*) from payments)::int as pays, (select count(*) from users)::int as users, (select count(*) from branches)::int as branches,
    (select count(*) from courses)::int as courses, (select md5(string_agg(row_to_json(s)::text, '')) from school_settings s) as settings`);
  return (r as unknown as { rows: unknown[] }).rows[0];
}

const BAD_BODIES: [string, unknown][] = [
  ['an unknown field', { __unknown_field__: 1 }],
  ['a JSON array', [1, 2, 3]],
  ['a JSON string', '"text"'],
  ['wrong types everywhere', { id: 'x', branch_id: 'one', paid: 12.5, name: 7, code: [], is_activate: 'yes', application_id: -1, payment_id: {}, customer: 'x', courses: 'x' }],
  ['an oversized string', { name: 'ก'.repeat(20_000), note: 'x'.repeat(20_000), code: 'A'.repeat(5000) }],
];

describe('malformed input on every mutating route', () => {
  for (const [what, body] of BAD_BODIES) {
    it(`${what}: a 4xx envelope with a Thai message, never a 500, nothing changed`, async () => {
      const admin = await t.as('admin');
      const before = await snapshot();
      const problems: string[] = [];
      for (const r of t.app.routeRules) {
        if (r.method === 'GET' || r.auth === 'public' || SKIP.has(`${r.method} ${r.url}`)) continue;
        const res = await admin.req(r.method, urlOf(r.url), typeof body === 'string' ? body : body, { 'content-type': 'application/json' });
        if (res.status < 400 || res.status >= 500) problems.push(`${r.method} ${r.url}: ${res.status} ${res.body.message}`);
        else if (res.body.status !== 'error' || !/[ก-๙]/.test(res.body.message) || /at .*\.ts:\d+/.test(res.body.message)) problems.push(`${r.method} ${r.url}: ${res.body.message}`);
      }
      expect(problems).toEqual([]);
      expect(await snapshot()).toEqual(before);
    });
  }

  it('malformed JSON and oversized bodies are refused with Thai envelopes', async () => {
    const admin = await t.as('admin');
    const bad = await admin.req('POST', '/api/course/create', '{"name": ', { 'content-type': 'application/json' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/JSON/);
    const big = await admin.req('POST', '/api/course/create', JSON.stringify({ name: 'x'.repeat(2_000_000) }), { 'content-type': 'application/json' });
    expect(big.status).toBe(413);
    expect(big.body.message).toMatch(/ใหญ่เกินไป/);
  });

  it('table queries with out-of-range paging or long text are 400, not 500', async () => {
    const admin = await t.as('admin');
    const tables = t.app.routeRules.filter((r) => r.method === 'GET' && r.url.endsWith('/gettable'));
    expect(tables.length).toBeGreaterThan(10);
    for (const r of tables) {
      for (const q of [{ per_page: 101 }, { page: 0 }, { text: 'x'.repeat(200) }, { per_page: 'abc' }]) {
        const res = await admin.get(r.url, q);
        expect(res.status, `${r.url} ${JSON.stringify(q)}`).toBe(400);
        expect(res.body.message).toMatch(/[ก-๙]/);
      }
    }
  });
});
