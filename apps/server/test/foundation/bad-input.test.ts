/**
 * Bad input: every mutating route refuses malformed, missing, wrong-type, oversized and unknown
 * values with a 4xx Thai envelope and leaves the database as it was. The foundation routes are
 * probed field by field, from the schemas the OpenAPI document publishes; every route of every
 * module gets the generic bad bodies.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { labelOf } from '@khabkhi/contracts';
import { createTestApp, type Call, type TestApp } from '../helpers.js';
import { rows } from './fixtures.js';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t?.close(); });

/** Row counts and a digest of the foundation tables, to prove a refused call changed nothing. */
async function snapshot() {
  const [r] = await rows(t, sql`select
    (select count(*) from audit_log)::int as audit, (select count(*) from login_attempts)::int as attempts,
    (select count(*) from refresh_tokens where revoked_at is null)::int as live_tokens, (select count(*) from files)::int as files,
    (select md5(coalesce(string_agg(row_to_json(u)::text, '' order by user_id), '')) from users u) as users,
    (select md5(coalesce(string_agg(row_to_json(b)::text, '' order by branch_id), '')) from branches b) as branches,
    (select md5(string_agg(row_to_json(s)::text, '')) from school_settings s) as settings,
    (select count(*) from applications)::int as apps, (select count(*) from payments)::int as pays, (select count(*) from courses)::int as courses`);
  return r;
}

/** a field is named by its Thai label only; a key the API does not know is quoted as sent */
const named = (field: string) => (labelOf(field) === field ? `ช่องข้อมูล "${field}"` : labelOf(field));
const THAI = /[ก-๙]/;
const STACK = /at [\w.<>]+ \(|\.(ts|js):\d+:\d+/;

type Schema = { type?: string; anyOf?: Schema[]; maxLength?: number; minLength?: number; maximum?: number; minimum?: number; maxItems?: number; pattern?: string; format?: string; enum?: unknown[]; nullable?: boolean; items?: Schema };

function wrongType(s: Schema): unknown {
  if (s.anyOf) return { an: 'object' };
  switch (s.type) {
    case 'string': return 12345;
    case 'integer': case 'number': return 'abc';
    case 'boolean': return 'yes';
    case 'array': return 'mon';
    default: return [];
  }
}
/** A value too big for the field, or undefined when the field has no size bound. */
function oversized(s: Schema): unknown {
  const str = s.anyOf?.find((x) => x.type === 'string' && (x.maxLength || x.format)) ?? s;
  if (str.type === 'string') {
    if (str.maxLength) return 'ก'.repeat(str.maxLength + 1);
    if (str.pattern || str.format) return '9'.repeat(5000);
    return undefined;
  }
  if (s.type === 'integer') return s.maximum !== undefined ? s.maximum + 1 : 2147483648;
  if (s.type === 'array' && s.maxItems !== undefined) return Array.from({ length: s.maxItems + 1 }, (_, i) => (s.items?.anyOf?.[i % (s.items.anyOf.length)] as { enum?: unknown[] })?.enum?.[0] ?? i);
  return undefined;
}

describe('foundation routes, field by field', () => {
  let doc: { paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: { properties: Record<string, Schema>; required?: string[] } }> } }>> };
  let ids: Record<string, number> = {};
  beforeAll(async () => {
    doc = (await t.call('GET', '/api/docs/json')).body as never;
    const admin = await t.as('admin');
    for (const b of (await admin.get('/api/branch/list')).body.data) ids[`branch_${b.code}`] = b.branch_id;
    for (const r of (await admin.get('/api/user/listforregister')).body.data.role) ids[`role_${r.slug}`] = r.role_id;
    for (const u of (await admin.get('/api/user/gettable', { per_page: 100 })).body.data) ids[`user_${u.username}`] = u.user_id;
  });

  /** A valid body for each mutating foundation route: each case below breaks exactly one field of it. */
  const valid = (): Record<string, [string, Record<string, unknown>, 'admin' | 'public']> => ({
    'POST /api/user/register': ['POST', { username: 'bad_input_user', password: 'valid-pass-1', role_id: ids.role_cashier, branch_id: ids.branch_HQ, fname: 'ทดสอบ' }, 'admin'],
    'PUT /api/user/update': ['PUT', { user_id: ids.user_malee, role_id: ids.role_cashier, branch_id: ids.branch_HQ, fname: 'มาลี' }, 'admin'],
    'DELETE /api/user/delete': ['DELETE', { user_id: ids.user_thanawat }, 'admin'],
    'PUT /api/user/profile': ['PUT', { nickname: 'แอดมิน' }, 'admin'],
    'POST /api/user/change-password': ['POST', { old_password: 'admin-test-pass', new_password: 'admin-new-pass-1' }, 'admin'],
    'POST /api/branch/create': ['POST', { code: 'BADIN', name: 'สาขาทดสอบ' }, 'admin'],
    'PUT /api/branch/update': ['PUT', { branch_id: ids.branch_BKN, code: 'BKN', name: 'สาขาบางเขน' }, 'admin'],
    'DELETE /api/branch/delete': ['DELETE', { branch_id: ids.branch_CNX }, 'admin'],
    'PUT /api/settings/update': ['PUT', { name: 'โรงเรียน', tax_id: '0105562012345', vat_mode: 'exempt', promptpay_id: '0812345678', card_agent_port: 8189 }, 'admin'],
    'POST /api/user/login': ['POST', { username: 'malee', password: 'khabkhi-demo' }, 'public'],
    'POST /api/user/refresh': ['POST', { refreshToken: 'not-a-real-token' }, 'public'],
    'POST /api/user/logout': ['POST', { refreshToken: 'not-a-real-token' }, 'public'],
  });

  it('every mutating foundation route has a valid template here', () => {
    const mutating = t.app.routeRules.filter((r) => r.method !== 'GET' && /^\/api\/(user|branch|settings)\//.test(r.url)).map((r) => `${r.method} ${r.url}`).sort();
    expect(mutating).toEqual(Object.keys(valid()).sort());
  });

  it('missing, wrong-type, oversized and unknown fields: 400, a Thai message naming the field, nothing changed', async () => {
    const admin = await t.as('admin');
    const before = await snapshot();
    const problems: string[] = [];
    let probes = 0;
    for (const [route, [method, body, who]] of Object.entries(valid())) {
      const url = route.split(' ')[1]!;
      const schema = doc.paths[url]![method.toLowerCase()]!.requestBody!.content['application/json']!.schema;
      const send = (b: unknown): Promise<Call> => (who === 'public' ? t.call(method, url, b) : admin.req(method, url, b));
      const expectField = async (what: string, b: unknown, field: string) => {
        probes++;
        const r = await send(b);
        const ok = r.status === 400 && r.body.status === 'error' && r.body.data === null && r.body.message.startsWith(`${named(field)}: `) && THAI.test(r.body.message) && !STACK.test(r.res.body);
        if (!ok) problems.push(`${route} ${what} ${field}: ${r.status} ${r.body.message}`);
      };
      for (const field of schema.required ?? []) {
        const { [field]: _gone, ...rest } = body;
        await expectField('missing', rest, field);
      }
      for (const [field, s] of Object.entries(schema.properties)) {
        await expectField('wrong type', { ...body, [field]: wrongType(s) }, field);
        // every text field has a bound, so an oversized value is always refused before it reaches the database
        const strings = [s, ...(s.anyOf ?? [])].filter((x) => x.type === 'string');
        for (const x of strings) if (!(x.maxLength || x.pattern || x.format || x.enum)) problems.push(`${route} ${field}: a string without a length bound`);
        const big = oversized(s);
        if (big !== undefined) await expectField('oversized', { ...body, [field]: big }, field);
        if (s.type === 'integer') for (const v of [0, -1, 1.5]) if ((s.minimum ?? 1) > v || !Number.isInteger(v)) await expectField(`integer ${v}`, { ...body, [field]: v }, field);
        const takesNull = s.nullable || s.anyOf?.some((x) => x.type === 'null' || x.nullable);
        if (!takesNull) await expectField('null', { ...body, [field]: null }, field);
      }
      await expectField('unknown', { ...body, zz_unknown_field: 'x' }, 'zz_unknown_field');
      await expectField('unknown', { ...body, is_admin: true }, 'is_admin');
    }
    expect(problems).toEqual([]);
    expect(probes).toBeGreaterThan(300);
    expect(await snapshot()).toEqual(before);
  });

  it('ids in the URL that are not positive 32-bit integers are 400 with a Thai message', async () => {
    const admin = await t.as('admin');
    for (const base of ['/api/user/get/', '/api/branch/get/']) {
      for (const v of ['abc', '0', '-1', '1.5', '2147483648', '%00']) {
        const r = await admin.get(base + v);
        expect(r.status, base + v).toBe(400);
        expect(r.body.message, base + v).toMatch(/^รหัสรายการ: /);
      }
    }
    const f = await admin.get('/api/files/not-a-uuid');
    expect(f.status).toBe(400);
    expect(f.body.message).toBe('รหัสรายการ: รูปแบบไม่ถูกต้อง');
  });

  it('table query parameters are bounded: per_page ≤ 100, page ≥ 1, text ≤ 100 characters, no unknown parameters', async () => {
    const admin = await t.as('admin');
    const cases: [Record<string, unknown>, string][] = [
      [{ per_page: 101 }, 'จำนวนต่อหน้า: ต้องไม่เกิน 100'],
      [{ per_page: 0 }, 'จำนวนต่อหน้า: ต้องไม่น้อยกว่า 1'],
      [{ per_page: 'abc' }, 'จำนวนต่อหน้า: ชนิดข้อมูลไม่ถูกต้อง (ต้องเป็นจำนวนเต็ม)'],
      [{ page: 0 }, 'หน้า: ต้องไม่น้อยกว่า 1'],
      [{ page: -5 }, 'หน้า: ต้องไม่น้อยกว่า 1'],
      [{ page: 1.5 }, 'หน้า: ชนิดข้อมูลไม่ถูกต้อง (ต้องเป็นจำนวนเต็ม)'],
      [{ text: 'ก'.repeat(101) }, 'คำค้นหา: ยาวเกิน 100 ตัวอักษร'],
      [{ status: 'x'.repeat(51) }, 'สถานะ: ยาวเกิน 50 ตัวอักษร'],
      [{ sort: 'name; drop table users' }, 'ช่องข้อมูล "sort": ไม่ใช่ช่องข้อมูลที่ระบบรู้จัก'],
    ];
    for (const url of ['/api/user/gettable', '/api/branch/gettable']) {
      for (const [q, message] of cases) {
        const r = await admin.get(url, q);
        expect({ status: r.status, message: r.body.message }, `${url} ${JSON.stringify(q).slice(0, 60)}`).toEqual({ status: 400, message });
      }
      expect((await admin.get(url, { per_page: 100, page: 1 })).status).toBe(200);
      // a page past the end is an empty page, not an error
      const far = await admin.get(url, { page: 999 });
      expect(far.status).toBe(200);
      expect(far.body.data).toEqual([]);
    }
    // text is data, never SQL or a pattern
    for (const text of ["' or 1=1 --", '%', '_', '\\', 'ก%ข']) {
      const r = await admin.get('/api/user/gettable', { text });
      expect(r.status, text).toBe(200);
      expect(r.body.data, text).toEqual([]);
    }
  });
});

// ---------------------------------------------------------------------------------------------
// Every mutating route of every module: generic bad bodies

const urlOf = (u: string) => u.replace(/:id\b/g, '1').replace(/:token\b/g, 'x').replace(/:user_id\b/g, '1');
const SKIP = new Set(['POST /api/user/logout']); // takes an empty body by design (the bearer header is enough)

const BAD_BODIES: [string, unknown][] = [
  ['an unknown field', { __unknown_field__: 1 }],
  ['a JSON array', [1, 2, 3]],
  ['a JSON string', '"text"'],
  ['wrong types everywhere', { id: 'x', branch_id: 'one', paid: 12.5, name: 7, code: [], is_activate: 'yes', application_id: -1, payment_id: {}, customer: 'x', courses: 'x' }],
  ['an oversized string', { name: 'ก'.repeat(20_000), note: 'x'.repeat(20_000), code: 'A'.repeat(5000) }],
];

describe('malformed input on every mutating route of every module', () => {
  for (const [what, body] of BAD_BODIES) {
    it(`${what}: a 4xx envelope with a Thai message, never a 500, nothing changed`, async () => {
      const admin = await t.as('admin');
      const before = await snapshot();
      const problems: string[] = [];
      for (const r of t.app.routeRules) {
        if (r.method === 'GET' || r.auth === 'public' || SKIP.has(`${r.method} ${r.url}`)) continue;
        const res = await admin.req(r.method, urlOf(r.url), body, { 'content-type': 'application/json' });
        if (res.status < 400 || res.status >= 500) problems.push(`${r.method} ${r.url}: ${res.status} ${res.body.message}`);
        else if (res.body.status !== 'error' || !THAI.test(res.body.message) || STACK.test(res.res.body)) problems.push(`${r.method} ${r.url}: ${res.body.message}`);
      }
      expect(problems).toEqual([]);
      expect(await snapshot()).toEqual(before);
    });
  }

  it('malformed JSON and oversized bodies are refused with Thai envelopes', async () => {
    const admin = await t.as('admin');
    const bad = await admin.req('POST', '/api/course/create', '{"name": ', { 'content-type': 'application/json' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('ข้อมูลที่ส่งมาไม่ใช่ JSON ที่ถูกต้อง');
    const big = await admin.req('POST', '/api/course/create', JSON.stringify({ name: 'x'.repeat(2_000_000) }), { 'content-type': 'application/json' });
    expect(big.status).toBe(413);
    expect(big.body.message).toBe('ข้อมูลที่ส่งมามีขนาดใหญ่เกินไป');
  });

  it('every table endpoint answers 400, not 500, to out-of-range paging or long text', async () => {
    const admin = await t.as('admin');
    const tables = t.app.routeRules.filter((r) => r.method === 'GET' && r.url.endsWith('/gettable'));
    expect(tables.length).toBeGreaterThan(10);
    for (const r of tables) {
      for (const q of [{ per_page: 101 }, { page: 0 }, { text: 'x'.repeat(200) }, { per_page: 'abc' }]) {
        const res = await admin.get(r.url, q);
        expect(res.status, `${r.url} ${JSON.stringify(q)}`).toBe(400);
        expect(res.body.message).toMatch(THAI);
      }
    }
  });
});
