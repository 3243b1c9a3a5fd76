/**
 * Bad input: every route refuses malformed, missing, wrong-type, oversized, null, NUL-carrying and
 * unknown values with a 4xx Thai envelope that names the field in Thai, and leaves the database as it
 * was. The probes are GENERATED from the route registry's own request schemas (body, query, path), so
 * a route is covered the day it is added; the failures raised before the routes (an undecodable URL,
 * an overlong path parameter, oversized headers, a broken multipart body) are probed here too.
 */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { fieldLabels, labelOf } from '@khabkhi/contracts';
import { createTestApp, type Call, type Client, type TestApp } from '../helpers.js';
import { rows } from './fixtures.js';
import {
  fieldsOf,
  fillUrl,
  leafOf,
  lineOf,
  nonNull,
  objectsOf,
  oversized,
  pool,
  REMOVE,
  sample,
  setAt,
  takesNull,
  wrongType,
  type Json,
} from './schemas.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    extend: (app, db) => {
      // PostgreSQL data exceptions (class 22) raised by a query: the error handler's mapping, probed directly
      for (const [name, q] of [
        ['division', sql`select 1 / 0`],
        ['cast', sql`select 'x'::int`],
        ['date', sql`select '2026-02-30'::date`],
      ] as const) {
        app.get(`/api/zz-test/pg22/${name}`, { config: { auth: 'public' } }, async () => db.execute(q));
      }
    },
  });
});
afterAll(async () => {
  await t?.close();
});

/** Row count and content digest of every table: a refused call changes none of them. */
async function snapshot() {
  const tables = (
    await rows<{ t: string }>(
      t,
      sql`select table_name as t from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' and table_name not like '%migrations%' order by 1`,
    )
  ).map((r) => r.t);
  const parts = tables.map((name) =>
    sql.raw(
      `(select count(*)::text || ':' || coalesce(md5(string_agg(x::text, '|' order by x::text)), '') from "${name}" x) as "${name}"`,
    ),
  );
  const [r] = await rows(t, sql`select ${sql.join(parts, sql`, `)}`);
  return r!;
}

/** a field is named by its Thai label only; a key the API does not know is quoted as sent */
const named = (field: string) => (labelOf(field) === field ? `ช่องข้อมูล "${field}"` : labelOf(field));
const THAI = /[ก-๙]/;
const STACK = /at [\w.<>]+ \(|\.(ts|js):\d+:\d+/;
/** the English key in brackets after the Thai label ("วันสิ้นสุด (end):") */
const ENGLISH_KEY = /[ก-๙] \([a-z_]+[\w.[\]]*\)/;
const NUL = 'ab\u0000cd';

const routes = () => t.app.routeRules.filter((r) => !r.url.startsWith('/api/zz-test/'));
const bodyRoutes = () =>
  routes().filter((r) => r.method !== 'GET' && nonNull((r.schema.body ?? {}) as Json).type === 'object');

describe('every route, field by field, generated from the route registry', () => {
  let admin: Client;
  beforeAll(async () => {
    admin = await t.as('admin');
  });

  const send = (r: { method: string; url: string; auth: unknown }, url: string, body?: unknown): Promise<Call> =>
    r.auth === 'public' ? t.call(r.method, url, body) : admin.req(r.method, url, body);
  /** the message opens with the field's Thai name (and its list line), in Thai, without the English key */
  const namesField = (c: Call, path: string[]) => {
    const line = lineOf(path);
    const name = named(leafOf(path));
    return (
      c.status === 400 &&
      c.body.status === 'error' &&
      c.body.data === null &&
      THAI.test(c.body.message) &&
      !STACK.test(c.res.body) &&
      !ENGLISH_KEY.test(c.body.message) &&
      (c.body.message.startsWith(`${name}: `) ||
        (line !== undefined && c.body.message.startsWith(`${name} รายการที่ ${line}: `)))
    );
  };

  it('every request property has a Thai label (packages/contracts labels.ts)', () => {
    const missing = new Set<string>();
    for (const r of routes()) {
      for (const s of [r.schema.body, r.schema.querystring, r.schema.params]) {
        if (!s) continue;
        for (const f of fieldsOf(s as Json))
          if (!fieldLabels[leafOf(f.path)]) missing.add(`${leafOf(f.path)} (${r.method} ${r.url})`);
      }
    }
    expect([...missing]).toEqual([]);
  });

  it('bodies: each field missing, of the wrong type, oversized, null, holding NUL, or an unknown field beside it → 400 naming it in Thai; nothing written', async () => {
    const before = await snapshot();
    const problems: string[] = [];
    let probes = 0;
    const covered = new Set<string>();
    const tasks: (() => Promise<void>)[] = [];
    for (const r of bodyRoutes()) {
      const schema = r.schema.body as Json;
      const params = Object.fromEntries(
        Object.keys((r.schema.params as Json | undefined)?.properties ?? {}).map((k) => [k, 1]),
      );
      const url = fillUrl(r.url, params);
      const base = sample(schema);
      covered.add(`${r.method} ${r.url}`);
      const probe = async (what: string, body: unknown, path: string[]) => {
        probes++;
        tasks.push(async () => {
          const c = await send(r, url, body);
          if (!namesField(c, path))
            problems.push(`${r.method} ${r.url} ${what} ${path.join('.')}: ${c.status} ${c.body.message}`);
        });
      };
      for (const f of fieldsOf(schema)) {
        const s = nonNull(f.schema);
        const value = f.path.reduce<any>((o, k) => o?.[k], base);
        if (f.required) await probe('missing', setAt(base, f.path, REMOVE), f.path);
        await probe('wrong type', setAt(base, f.path, wrongType(f.schema)), f.path);
        const big = oversized(f.schema, value);
        if (big !== undefined) await probe('oversized', setAt(base, f.path, big), f.path);
        if (!takesNull(f.schema)) await probe('null', setAt(base, f.path, null), f.path);
        if (s.type === 'string') {
          await probe('NUL', setAt(base, f.path, NUL), f.path);
          // every text field has a bound, so an oversized value is refused before it reaches the database
          if (!(s.maxLength || s.pattern || s.format || s.enum || s.const !== undefined || s.anyOf))
            problems.push(`${r.method} ${r.url} ${f.path.join('.')}: a string without a length bound`);
        }
        if (s.type === 'integer') {
          for (const v of [0, -1, 1.5])
            if ((s.minimum ?? 1) > v || !Number.isInteger(v))
              await probe(`integer ${v}`, setAt(base, f.path, v), f.path);
        }
      }
      for (const o of objectsOf(schema)) {
        await probe('unknown field', setAt(base, [...o, 'zz_unknown_field'], 'x'), [...o, 'zz_unknown_field']);
        await probe('NUL in a key', setAt(base, [...o, 'a\u0000b'], 'x'), [...o, 'ab']);
      }
    }
    await pool(tasks);
    expect(problems).toEqual([]);
    // the foundation, money and catalog routes are all here (a route without a body schema would be missing)
    for (const must of [
      'POST /api/user/register',
      'POST /api/application/create',
      'POST /api/applicationrequest/create',
      'PUT /api/customer/updateprofile',
      'POST /api/course/create',
      'POST /api/cash-close/close',
      'POST /api/request/approve',
    ]) {
      expect(covered.has(must), must).toBe(true);
    }
    expect(probes).toBeGreaterThan(1500);
    expect(await snapshot()).toEqual(before);
    // ~14 s alone; it grows with every route and its fields, and the shared 2-core machine triples it under load
  }, 180_000);

  it('query strings and path parameters: wrong type, oversized, NUL, unknown or missing → 400 naming them in Thai', async () => {
    const problems: string[] = [];
    const tasks: (() => Promise<void>)[] = [];
    let probes = 0;
    const qs = (q: Record<string, unknown>) => {
      const p = new URLSearchParams();
      for (const [k, v] of Object.entries(q)) if (v !== undefined) p.set(k, String(v));
      return p.toString();
    };
    for (const r of routes()) {
      const params = (r.schema.params as Json | undefined) ?? { type: 'object', properties: {} };
      const query = r.schema.querystring as Json | undefined;
      const baseParams = sample(params) as Record<string, unknown>;
      const baseQuery = (query ? sample(query) : {}) as Record<string, unknown>;
      const probe = async (what: string, p: Record<string, unknown>, q: Record<string, unknown>, field: string) => {
        probes++;
        tasks.push(async () => {
          const c = await send(
            r,
            `${fillUrl(r.url, p)}${Object.keys(q).length ? `?${qs(q)}` : ''}`,
            r.method === 'GET' ? undefined : {},
          );
          if (!namesField(c, [field]))
            problems.push(`${r.method} ${r.url} ${what} ${field}: ${c.status} ${c.body.message}`);
        });
      };
      for (const [k, s0] of Object.entries(params.properties ?? {})) {
        const s = nonNull(s0);
        const bad = s.type === 'integer' ? ['abc', 0, -1, 1.5, 2147483648] : s.format ? ['not-valid'] : [];
        for (const v of bad) await probe(`param ${v}`, { ...baseParams, [k]: v }, baseQuery, k);
        await probe('param NUL', { ...baseParams, [k]: 'a\u0000' }, baseQuery, k);
      }
      if (!query) continue;
      for (const [k, s0] of Object.entries(query.properties ?? {})) {
        const s = nonNull(s0);
        if ((query.required ?? []).includes(k)) await probe('missing', baseParams, { ...baseQuery, [k]: undefined }, k);
        if (s.type === 'integer' || s.type === 'boolean')
          await probe('wrong type', baseParams, { ...baseQuery, [k]: 'abc' }, k);
        const big = oversized(s0, baseQuery[k]);
        if (big !== undefined) await probe('oversized', baseParams, { ...baseQuery, [k]: big }, k);
        await probe('NUL', baseParams, { ...baseQuery, [k]: NUL }, k);
      }
      await probe('unknown', baseParams, { ...baseQuery, zz_unknown: '1' }, 'zz_unknown');
    }
    await pool(tasks);
    expect(problems).toEqual([]);
    expect(probes).toBeGreaterThan(300);
  });

  it("dates that do not exist are a Thai 400 on every date field, from the schema's date format", async () => {
    const problems: string[] = [];
    let probes = 0;
    for (const r of bodyRoutes()) {
      const base = sample(r.schema.body as Json);
      for (const f of fieldsOf(r.schema.body as Json)) {
        if (nonNull(f.schema).format !== 'date') continue;
        for (const v of [
          '2026-02-30',
          '2026-13-01',
          '2025-02-29',
          '2026-00-10',
          '2026-04-31',
          '26-01-01',
          '2026-1-5',
        ]) {
          probes++;
          const c = await send(r, fillUrl(r.url, { id: 1 }), setAt(base, f.path, v));
          if (!namesField(c, f.path) || !c.body.message.includes('ไม่ใช่วันที่ที่มีอยู่จริง'))
            problems.push(`${r.method} ${r.url} ${f.path.join('.')}=${v}: ${c.status} ${c.body.message}`);
        }
      }
    }
    for (const url of ['/api/payment/gettable', '/api/cash-close/gettable', '/api/cash-close/get']) {
      for (const [k, v] of [
        ['start', '2026-02-30'],
        ['end', '2026-13-01'],
        ['date', '2026-02-29'],
      ]) {
        if (url === '/api/cash-close/get' ? k !== 'date' : k === 'date') continue;
        probes++;
        const c = await admin.get(url, { [k]: v });
        if (c.status !== 400 || !c.body.message.startsWith(`${labelOf(k)}: ไม่ใช่วันที่ที่มีอยู่จริง`))
          problems.push(`${url} ${k}=${v}: ${c.status} ${c.body.message}`);
      }
    }
    expect(problems).toEqual([]);
    expect(probes).toBeGreaterThan(50);
    // a real leap day is a date
    expect((await admin.get('/api/payment/gettable', { start: '2024-02-29', end: '2024-03-01' })).status).toBe(200);
  });
});

describe('failures before the routes and below the database answer in the Thai envelope', () => {
  const envelope = (c: { status: number; body: unknown }, status: number) => {
    expect(c.status).toBe(status);
    expect(c.body).toMatchObject({ status: 'error', data: null, message: expect.stringMatching(THAI) });
  };

  it('an undecodable URL and an overlong path parameter', async () => {
    const admin = await t.as('admin');
    envelope(await admin.get('/api/branch/get/%E0%A4%A'), 400);
    envelope(await t.call('GET', '/api/user/get/%E0%A4%A'), 400);
    envelope(await admin.get(`/api/branch/get/${'1'.repeat(1200)}`), 414);
    envelope(await t.call('GET', `/api/documents/${'x'.repeat(1200)}`), 414);
  });

  it('a multipart body without a boundary, cut short or empty is a 400 on the upload route', async () => {
    const admin = await t.as('admin');
    const files = async () => (await rows<{ n: number }>(t, sql`select count(*)::int as n from files`))[0]!.n;
    const before = await files();
    const bodies: [string, string][] = [
      ['multipart/form-data', 'garbage'],
      [
        'multipart/form-data; boundary=xx',
        '--xx\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG',
      ],
      ['multipart/form-data; boundary=xx', 'nothing that looks like a part'],
      ['multipart/form-data; boundary=xx', '--xx--\r\n'],
    ];
    for (const [type, payload] of bodies) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/files/upload',
        payload,
        headers: { 'content-type': type, authorization: `Bearer ${admin.token}` },
      });
      envelope({ status: res.statusCode, body: res.json() }, 400);
    }
    expect(await files()).toBe(before);
  });

  it('PostgreSQL data exceptions (class 22) are a Thai 400, not a 500', async () => {
    for (const name of ['division', 'cast', 'date']) envelope(await t.call('GET', `/api/zz-test/pg22/${name}`), 400);
  });

  it('oversized headers or request line, over a real socket: the Thai envelope, then the connection closes', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const port = Number(new URL(address).port);
      const raw = (request: string) =>
        new Promise<string>((resolve, reject) => {
          const socket = net.connect(port, '127.0.0.1', () => socket.write(request));
          let data = '';
          socket.on('data', (d) => {
            data += d.toString('utf8');
          });
          socket.on('end', () => resolve(data));
          socket.on('close', () => resolve(data));
          socket.on('error', reject);
        });
      const parse = (answer: string) => {
        const [head, body] = answer.split('\r\n\r\n');
        return { status: Number(/^HTTP\/1\.1 (\d+)/.exec(head ?? '')?.[1]), body: JSON.parse(body ?? 'null') };
      };
      envelope(parse(await raw(`GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`)), 431);
      envelope(
        parse(await raw(`GET /api/branch/gettable?text=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`)),
        431,
      );
      envelope(parse(await raw('THIS IS NOT HTTP\r\n\r\n')), 400);
    } finally {
      await t.app.server.close();
    }
  });
});

describe('foundation routes: ids and table queries', () => {
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
        expect({ status: r.status, message: r.body.message }, `${url} ${JSON.stringify(q).slice(0, 60)}`).toEqual({
          status: 400,
          message,
        });
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
// ---------------------------------------------------------------------------------------------
// Every mutating route of every module: generic bad bodies

const urlOf = (u: string) =>
  u
    .replace(/:id\b/g, '1')
    .replace(/:token\b/g, 'x')
    .replace(/:user_id\b/g, '1');
const SKIP = new Set(['POST /api/user/logout']); // takes an empty body by design (the bearer header is enough)

const BAD_BODIES: [string, unknown][] = [
  ['an unknown field', { __unknown_field__: 1 }],
  ['a JSON array', [1, 2, 3]],
  ['a JSON string', '"text"'],
  [
    'wrong types everywhere',
    {
      id: 'x',
      branch_id: 'one',
      paid: 12.5,
      name: 7,
      code: [],
      is_activate: 'yes',
      application_id: -1,
      payment_id: {},
      customer: 'x',
      courses: 'x',
    },
  ],
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
        if (res.status < 400 || res.status >= 500)
          problems.push(`${r.method} ${r.url}: ${res.status} ${res.body.message}`);
        else if (res.body.status !== 'error' || !THAI.test(res.body.message) || STACK.test(res.res.body))
          problems.push(`${r.method} ${r.url}: ${res.body.message}`);
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
    const big = await admin.req('POST', '/api/course/create', JSON.stringify({ name: 'x'.repeat(2_000_000) }), {
      'content-type': 'application/json',
    });
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
