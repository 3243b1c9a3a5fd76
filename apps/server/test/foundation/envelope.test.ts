import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const webIndex = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../web/dist/index.html');
const STACK = /at [\w.<>]+ \(|\.(ts|js):\d+:\d+|node_modules|Error:/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function expectErrorEnvelope(
  r: { status: number; body: any; res: { body: string; headers: Record<string, unknown> } },
  status: number,
  message: string | RegExp,
) {
  expect(r.status).toBe(status);
  expect(r.res.headers['content-type']).toMatch(/^application\/json/);
  // bad input also names every invalid field in details ([{ field, message }])
  expect(
    Object.keys(r.body)
      .filter((k) => k !== 'details')
      .sort(),
  ).toEqual(['data', 'message', 'status']);
  if ('details' in r.body) for (const d of r.body.details) expect(Object.keys(d).sort()).toEqual(['field', 'message']);
  expect(r.body.status).toBe('error');
  expect(r.body.data).toBeNull();
  if (typeof message === 'string') expect(r.body.message).toBe(message);
  else expect(r.body.message).toMatch(message);
  expect(r.res.body).not.toMatch(STACK);
}

describe('system routes', () => {
  it('/api/health answers the envelope with the database kind', async () => {
    const r = await t.call('GET', '/api/health');
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ status: 'success', message: 'พร้อมใช้งาน', data: { database: t.kind, ok: true } });
  });

  it('an unknown /api path, or a known path with the wrong method, is a 404 envelope', async () => {
    const admin = await t.as('admin');
    for (const [m, u] of [
      ['GET', '/api/nothing-here'],
      ['GET', '/api'],
      ['POST', '/api/user/nothing'],
      ['GET', '/api/user/login'],
      ['DELETE', '/api/branch/gettable'],
    ] as const) {
      expectErrorEnvelope(await t.call(m, u), 404, 'ไม่พบที่อยู่ที่เรียก (ไม่มี API นี้)');
      expectErrorEnvelope(await admin.req(m, u), 404, 'ไม่พบที่อยู่ที่เรียก (ไม่มี API นี้)');
    }
    // a record that does not exist is a 404 too, with the thing named
    expectErrorEnvelope(await admin.get('/api/user/get/999999'), 404, 'ไม่พบพนักงานนี้');
    expectErrorEnvelope(await admin.get('/api/branch/get/999999'), 404, 'ไม่พบสาขานี้');
  });

  it('a non-API path serves the web app (SPA fallback), when the web app is built', async () => {
    // a POST to a page is never the app
    expectErrorEnvelope(await t.call('POST', '/employees'), 404, 'ไม่พบที่อยู่ที่เรียก (ไม่มี API นี้)');
    if (!fs.existsSync(webIndex)) return; // apps/web/dist not built in this checkout: nothing more to serve
    for (const page of ['/', '/login', '/employees/12', '/branches?page=2']) {
      const r = await t.call('GET', page);
      expect(r.status, page).toBe(200);
      expect(r.res.headers['content-type']).toMatch(/^text\/html/);
      expect(r.res.body).toContain('<html lang="th"');
    }
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(fs.readFileSync(webIndex, 'utf8'))?.[1];
    expect(script).toBeTruthy();
    const asset = await t.call('GET', script!);
    expect(asset.status).toBe(200);
    expect(asset.res.headers['content-type']).toMatch(/javascript/);
  });

  it('the OpenAPI document lists every /api route with its schema', async () => {
    const r = await t.call('GET', '/api/docs/json');
    expect(r.status).toBe(200);
    const doc = r.body as unknown as {
      openapi: string;
      info: { title: string };
      paths: Record<string, Record<string, any>>;
    };
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.info.title).toContain('Khabkhi');
    const missing = t.app.routeRules
      .map((rule) => [rule.url.replace(/:(\w+)/g, '{$1}'), rule.method.toLowerCase()] as const)
      .filter(([p, m]) => !doc.paths[p]?.[m]);
    expect(missing).toEqual([]);
    expect(t.app.routeRules.length).toBeGreaterThan(20);
    // the login body is described, and login needs no bearer token
    const loginOp = doc.paths['/api/user/login']!.post;
    expect(loginOp.security).toEqual([]);
    expect(Object.keys(loginOp.requestBody.content['application/json'].schema.properties).sort()).toEqual([
      'password',
      'username',
    ]);
    expect(doc.paths['/api/user/get/{id}']!.get.parameters[0]).toMatchObject({
      name: 'id',
      in: 'path',
      required: true,
    });
    const ui = await t.call('GET', '/api/docs');
    expect([200, 302]).toContain(ui.status);
  });
});

describe('malformed requests', () => {
  it('malformed JSON is a 400 Thai envelope, on public and signed-in routes alike', async () => {
    const admin = await t.as('admin');
    for (const body of ['{"username": ', '{username: "a"}', "{'a':1}", '{"a":1}}']) {
      expectErrorEnvelope(
        await t.call('POST', '/api/user/login', body, { 'content-type': 'application/json' }),
        400,
        'ข้อมูลที่ส่งมาไม่ใช่ JSON ที่ถูกต้อง',
      );
      expectErrorEnvelope(
        await admin.req('POST', '/api/branch/create', body, { 'content-type': 'application/json' }),
        400,
        'ข้อมูลที่ส่งมาไม่ใช่ JSON ที่ถูกต้อง',
      );
    }
  });

  it('an empty JSON body, a body that is not an object, or a foreign content type is a 4xx Thai envelope', async () => {
    expectErrorEnvelope(
      await t.call('POST', '/api/user/login', '', { 'content-type': 'application/json' }),
      400,
      /ข้อมูล/,
    );
    expectErrorEnvelope(
      await t.call('POST', '/api/user/login', '[1,2]', { 'content-type': 'application/json' }),
      400,
      'ข้อมูลที่ส่งมาไม่ถูกต้อง (ต้องเป็น JSON ออบเจกต์)',
    );
    expectErrorEnvelope(
      await t.call('POST', '/api/user/login', 'null', { 'content-type': 'application/json' }),
      400,
      /ข้อมูล/,
    );
    expectErrorEnvelope(
      await t.call('POST', '/api/user/login', 'username=a&password=b', {
        'content-type': 'application/x-www-form-urlencoded',
      }),
      415,
      'ชนิดข้อมูลที่ส่งมาไม่รองรับ',
    );
    // plain text is read as a string, which is not the object the route takes
    expectErrorEnvelope(
      await t.call('POST', '/api/user/login', 'hello', { 'content-type': 'text/plain' }),
      400,
      'ข้อมูลที่ส่งมาไม่ถูกต้อง (ต้องเป็น JSON ออบเจกต์)',
    );
  });

  it('a body over 1 MB is a 413 Thai envelope', async () => {
    const admin = await t.as('admin');
    const big = JSON.stringify({ username: 'a', password: 'x'.repeat(1_100_000) });
    expectErrorEnvelope(await t.call('POST', '/api/user/login', big), 413, 'ข้อมูลที่ส่งมามีขนาดใหญ่เกินไป');
    expectErrorEnvelope(
      await admin.post('/api/branch/create', { code: 'BIG', name: 'ก'.repeat(400_000) }),
      413,
      'ข้อมูลที่ส่งมามีขนาดใหญ่เกินไป',
    );
    // just under the limit is read and then refused by the schema, naming the field
    const near = await admin.post('/api/branch/create', { code: 'BIG', name: 'x'.repeat(900_000) });
    expectErrorEnvelope(near, 400, 'ชื่อ: ยาวเกิน 150 ตัวอักษร');
  });

  it('an id out of the integer range in a URL or a list filter is a 4xx, never a 500', async () => {
    const admin = await t.as('admin');
    for (const u of [
      '/api/user/get/2147483648',
      '/api/branch/get/99999999999',
      '/api/user/get/1e3',
      '/api/user/get/-1',
      '/api/branch/get/abc',
    ]) {
      const r = await admin.get(u);
      expect(r.status, u).toBeGreaterThanOrEqual(400);
      expect(r.status, u).toBeLessThan(500);
      expect(r.body.message, u).toMatch(/[ก-๙]/);
    }
    for (const q of [{ branch: '99999999999' }, { type: '99999999999' }, { branch: '-3' }, { type: 'ครู' }]) {
      const r = await admin.get('/api/user/gettable', q);
      expect(r.status, JSON.stringify(q)).toBeLessThan(500);
      if (r.status === 200) expect(r.body.data).toEqual([]);
    }
  });
});

describe('headers', () => {
  it("every response carries an x-request-id: the caller's when well-formed, otherwise a new UUID", async () => {
    const mine = await t.call('GET', '/api/health', undefined, { 'x-request-id': 'counter-pc-7-abc123' });
    expect(mine.res.headers['x-request-id']).toBe('counter-pc-7-abc123');
    for (const [m, u] of [
      ['GET', '/api/health'],
      ['GET', '/api/nothing'],
      ['GET', '/api/user/me'],
      ['POST', '/api/user/login'],
    ] as const) {
      const r = await t.call(
        m,
        u,
        m === 'POST' ? '{bad' : undefined,
        m === 'POST' ? { 'content-type': 'application/json' } : {},
      );
      expect(String(r.res.headers['x-request-id']), `${m} ${u}`).toMatch(UUID);
    }
    const a = await t.call('GET', '/api/health');
    const b = await t.call('GET', '/api/health');
    expect(a.res.headers['x-request-id']).not.toBe(b.res.headers['x-request-id']);
    for (const bad of ['short', 'has spaces in it', '<script>alert(1)</script>', 'x'.repeat(65)]) {
      const r = await t.call('GET', '/api/health', undefined, { 'x-request-id': bad });
      expect(String(r.res.headers['x-request-id'])).toMatch(UUID);
    }
  });

  it('a Thai answer travels as its UTF-8 bytes: Content-Length counts bytes, the body decodes to the same JSON', async () => {
    // answers are handed to the socket as bytes (one encoding, no second pass to measure a string): over a real
    // socket the length must still be the bytes' and the text must arrive whole
    const admin = await t.as('admin');
    const viaInject = await admin.get('/api/branch/list');
    expect(viaInject.status).toBe(200);
    expect(viaInject.res.body).toMatch(/[\u0E00-\u0E7F]/);
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    for (const [url, headers] of [
      ['/api/branch/list', { authorization: `Bearer ${admin.token}` }],
      ['/api/branch/list', {}],
    ] as const) {
      const res = await fetch(address + url, { headers });
      const bytes = Buffer.from(await res.arrayBuffer());
      expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(Number(res.headers.get('content-length'))).toBe(bytes.length);
      const text = bytes.toString('utf8');
      expect(bytes.length).toBeGreaterThan(text.length); // Thai letters: three bytes each
      if (headers.authorization) expect(text).toBe(viaInject.res.body);
      else expect(JSON.parse(text)).toMatchObject({ status: 'error', message: 'กรุณาเข้าสู่ระบบ', data: null });
      expect(res.headers.get('x-request-id')).toMatch(UUID);
    }
  });

  it('security headers are set and CORS is closed by default', async () => {
    const r = await t.call('GET', '/api/health', undefined, { origin: 'https://evil.example' });
    expect(r.res.headers['x-content-type-options']).toBe('nosniff');
    expect(String(r.res.headers['content-security-policy'])).toContain("default-src 'self'");
    expect(r.res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(r.res.headers['strict-transport-security']).toBeDefined();
    expect(r.res.headers['access-control-allow-origin']).toBeUndefined();
    const pre = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/user/login',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(pre.headers['access-control-allow-origin']).toBeUndefined();
  });
});
