/**
 * The API contract (README "The contract"): every route declares the schema of what it answers, an answer
 * never carries a key its schema leaves out (the serializer would drop it without a word), and bad input
 * names every invalid field in `details` as well as in the Thai message.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Type } from 'typebox';
import { Envelope } from '@khabkhi/contracts';
import { createTestApp, type TestApp } from '../helpers.js';
import { undeclaredKeys } from '../../src/http/responses.js';
import { validatorCompiler } from '../../src/http/validation.js';
import { AppError } from '../../src/http/errors.js';

/**
 * Routes of modules not yet moved to the typed contract: each is taken off this
 * list as its module declares its response schemas. The test fails for a route missing here, and for a route
 * listed here that has its schema now (so the list only shrinks).
 */
const PENDING_RESPONSE_SCHEMA: string[] = [];
/** "/api/payment/gettable" → "payment" */
const groupOf = (url: string) => url.split('/')[2]!;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    extend: (app) => {
      const leaky = Envelope(Type.Object({ id: Type.Integer() }));
      app.get('/api/zz-test/leaky', { config: { auth: 'public' }, schema: { response: { 200: leaky } } }, async () => ({
        status: 'success',
        message: 'ok',
        data: { id: 1, password_hash: 'x' },
      }));
      app.get('/api/zz-test/tight', { config: { auth: 'public' }, schema: { response: { 200: leaky } } }, async () => ({
        status: 'success',
        message: 'ok',
        data: { id: 1 },
      }));
    },
  });
});
afterAll(async () => {
  await t?.close();
});

const routes = () => t.app.routeRules.filter((r) => !r.url.startsWith('/api/zz-test/'));
const has200 = (r: { schema: { response?: Record<string, unknown> } }) =>
  Boolean(r.schema.response?.['200'] ?? r.schema.response?.['2xx']);

describe('every route declares its response', () => {
  it('each /api route of the route registry has a response schema for 200', () => {
    const missing = routes()
      .filter((r) => !has200(r) && !PENDING_RESPONSE_SCHEMA.includes(groupOf(r.url)))
      .map((r) => `${r.method} ${r.url}`);
    expect(missing).toEqual([]);
    // a pending group whose routes all declare their responses now: take it off PENDING_RESPONSE_SCHEMA
    const done = PENDING_RESPONSE_SCHEMA.filter((g) =>
      routes()
        .filter((r) => groupOf(r.url) === g)
        .every(has200),
    );
    expect(done).toEqual([]);
  });

  it('each /api route declares the error envelope, and the OpenAPI document shows both', async () => {
    expect(
      routes()
        .filter((r) => !r.schema.response?.['4xx'])
        .map((r) => `${r.method} ${r.url}`),
    ).toEqual([]);
    const doc = (await t.call('GET', '/api/docs/json')).body as unknown as {
      paths: Record<string, Record<string, { responses: Record<string, any> }>>;
    };
    const audit = doc.paths['/api/audit/gettable']!.get!.responses;
    expect(Object.keys(audit['200'].content['application/json'].schema.properties).sort()).toEqual([
      'data',
      'filter',
      'message',
      'meta',
      'status',
    ]);
    expect(Object.keys((audit['4XX'] ?? audit['4xx']).content['application/json'].schema.properties).sort()).toEqual([
      'data',
      'details',
      'message',
      'status',
    ]);
  });
});

describe('an answer never carries a key its schema does not declare', () => {
  it('undeclaredKeys finds keys outside the schema, in nested objects, lists and unions', () => {
    const Row = Type.Object({
      id: Type.Integer(),
      tags: Type.Array(Type.Object({ name: Type.String() })),
      extra: Type.Union([Type.Null(), Type.Object({ a: Type.String() })]),
    });
    expect(
      undeclaredKeys(Envelope(Type.Array(Row)), {
        status: 'success',
        message: '',
        data: [{ id: 1, tags: [{ name: 'x' }], extra: null }],
      }),
    ).toEqual([]);
    expect(
      undeclaredKeys(Envelope(Type.Array(Row)), {
        status: 'success',
        message: '',
        data: [{ id: 1, secret: 's', tags: [{ name: 'x', pw: 1 }], extra: { a: 'x', b: 2 } }],
      }),
    ).toEqual(['data[0].secret', 'data[0].tags[0].pw', 'data[0].extra.b']);
    expect(undeclaredKeys(Type.Record(Type.String(), Type.Integer()), { a: 1, b: 2 })).toEqual([]);
    expect(undeclaredKeys(Type.Unknown(), { anything: 1 })).toEqual([]);
  });

  it('in tests a handler answering an undeclared key fails with a 500 that names the key', async () => {
    expect(t.config.checkResponses).toBe(true);
    const r = await t.call('GET', '/api/zz-test/leaky');
    expect(r.status).toBe(500);
    expect(r.body.message).toContain('data.password_hash');
    expect((await t.call('GET', '/api/zz-test/tight')).body).toEqual({
      status: 'success',
      message: 'ok',
      data: { id: 1 },
    });
  });
});

describe('bad input names every invalid field in details', () => {
  it('each invalid field once, by its API path, with its Thai label in the message; the message is the first', async () => {
    const admin = await t.as('admin');
    const r = await admin.post('/api/branch/create', { code: '', name: 'x'.repeat(300), phone_1: 12, unknown_key: 1 });
    expect(r.status).toBe(400);
    const details = (r.body as unknown as { details: { field: string; message: string }[] }).details;
    expect(details.map((d) => d.field).sort()).toEqual(['code', 'name', 'phone_1', 'unknown_key'].sort());
    expect(details.find((d) => d.field === 'name')!.message).toBe('ชื่อ: ยาวเกิน 150 ตัวอักษร');
    expect(details.find((d) => d.field === 'phone_1')!.message).toMatch(/^เบอร์โทรศัพท์ 1: ชนิดข้อมูลไม่ถูกต้อง/);
    expect(details.find((d) => d.field === 'unknown_key')!.message).toBe('ช่องข้อมูล "unknown_key": ไม่ใช่ช่องข้อมูลที่ระบบรู้จัก');
    expect(details.map((d) => d.message)).toContain(r.body.message);
  });

  it('a field inside a list is named by its path and its line; a union is one complaint', () => {
    const schema = Type.Object({
      courses: Type.Array(
        Type.Object({ exam_date: Type.String({ format: 'date' }), cost: Type.String({ minLength: 1 }) }),
      ),
      vat_mode: Type.Union([Type.Literal('exempt'), Type.Literal('vat7')]),
    });
    const validate = validatorCompiler({ schema, httpPart: 'body', method: 'POST', url: '/x' }) as (d: unknown) => {
      error?: AppError;
    };
    const { error } = validate({
      courses: [
        { exam_date: '2026-01-01', cost: '1' },
        { exam_date: '2026-02-30', cost: '' },
      ],
      vat_mode: 'x',
    });
    expect(error!.details).toEqual([
      { field: 'courses.1.exam_date', message: expect.stringMatching(/^วันสอบ รายการที่ 2: ไม่ใช่วันที่ที่มีอยู่จริง/) },
      { field: 'courses.1.cost', message: 'ราคา รายการที่ 2: ต้องระบุ' },
      { field: 'vat_mode', message: 'การคิดภาษีมูลค่าเพิ่ม: ต้องเป็นค่าใดค่าหนึ่งใน: exempt, vat7' },
    ]);
    expect(error!.message).toBe(error!.details![0]!.message);
  });
});
