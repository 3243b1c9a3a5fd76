/**
 * Every money route declares its 200 answer (packages/contracts). Fastify serializes through that schema, so a
 * field the schema forgets would silently vanish and a wrong type would be coerced: here each route's answer on the
 * wire is compared with what its handler returned (recorded before serialization). Run on the demo school's money
 * (registrations, fee and request applications, voids) plus a flow through every write.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayBangkok } from '@khabkhi/thai';
import { createTestApp, type Client, type TestApp } from '../helpers.js';
import { customer, makeCatalog, type Catalog } from './fixtures.js';

let t: TestApp;
let cat: Catalog;
let raw: unknown;
beforeAll(async () => {
  t = await createTestApp({
    demoMoney: true,
    extend: (app) =>
      app.addHook('preSerialization', async (_req, _reply, payload) => {
        raw = payload;
        return payload;
      }),
  });
  cat = await makeCatalog(t.db);
});
afterAll(async () => {
  await t?.close();
});

const seen = new Set<string>();
/** the call answers 200 and the wire equals the handler's object (as JSON would write it) */
async function same(c: Client, method: 'get' | 'post' | 'put' | 'del', url: string, arg?: Record<string, unknown>) {
  raw = undefined;
  const r = await (method === 'get' ? c.get(url, arg) : c[method](url, arg));
  expect(r.status, `${url}: ${r.body.message}`).toBe(200);
  expect(r.body, url).toEqual(JSON.parse(JSON.stringify(raw)));
  seen.add(url.replace(/\/\d+$/, '/:id'));
  return r.body;
}

describe('money routes answer exactly their declared response schemas', () => {
  it('lists and single records on the demo school', async () => {
    const somchai = await t.as('somchai');
    for (const p of ['application', 'applicationfee', 'applicationrequest']) {
      const list = await same(somchai, 'get', `/api/${p}/gettable`, { per_page: 20 });
      expect(list.data.length, p).toBeGreaterThan(0);
      await same(somchai, 'get', `/api/${p}/get/${list.data[0].application_id}`);
    }
    await same(somchai, 'get', '/api/application/getforoutstandingBalance', { per_page: 50 });
    await same(somchai, 'get', '/api/application/getforoverdue', { per_page: 50 });
    await same(somchai, 'get', '/api/application/getforregister');
    const start = '2020-01-01';
    const pays = await same(somchai, 'get', '/api/payment/gettable', { start, per_page: 100 });
    expect(pays.data.length).toBeGreaterThan(0);
    await same(somchai, 'get', '/api/application/getforpaymentHistory', { start, per_page: 100 });
    await same(somchai, 'get', '/api/payment/paybalance/gettable', { start, per_page: 100 });
    const reqs = await same(somchai, 'get', '/api/request/gettable', { status: 'ทั้งหมด' });
    expect(reqs.data.length).toBeGreaterThan(0);
    await same(somchai, 'get', '/api/request/pending-count');
    await same(somchai, 'get', '/api/cash-close/get');
    await same(somchai, 'get', '/api/cash-close/gettable');
  });

  it('every write of the counter and the manager', async () => {
    const malee = await t.as('malee');
    const somchai = await t.as('somchai');
    await same(malee, 'post', '/api/application/checkpromotion', {
      index: 0,
      code: cat.promo.pct10,
      course_id: cat.car,
    });
    const a = (
      await same(malee, 'post', '/api/application/create', {
        customer: customer(),
        courses: [{ course_id: cat.car }],
        other_fees: [{ other_fee_id: cat.rent }],
        payment: {
          paid: '1000',
          pay_type: 'transfer',
          transfer_bank: 'กสิกรไทย',
          transfer_at: '2026-01-15T10:30:00+07:00',
          transfer_ref: 'X1',
        },
      })
    ).data.application;
    const id = a.application_id;
    await same(malee, 'post', '/api/application/paybalance', { application_id: id, paid: '500', pay_type: 'cash' });
    await same(malee, 'post', '/api/application/pdf', { application_id: id });
    await same(malee, 'post', '/api/application/pdfpayment', { application_id: id });
    const pay = (await same(malee, 'get', `/api/application/get/${id}`)).data.payments[1];
    await same(malee, 'post', '/api/payment/pdf', { payment_id: pay.payment_id });
    await same(somchai, 'put', '/api/payment/edit-paytype', { payment_id: pay.payment_id, pay_type: 'transfer' });
    const rq = await same(malee, 'post', '/api/payment/request-delete', { payment_id: pay.payment_id, note: 'คีย์ผิด' });
    await same(somchai, 'post', '/api/request/approve', { request_id: rq.data.request_id, approve: true });
    await same(somchai, 'post', '/api/application/refund', {
      application_id: id,
      note: 'ย้ายไปเรียนที่อื่น',
      value: '200',
      pay_type: 'transfer',
    });
    await same(somchai, 'post', '/api/request/refund/pdf', { application_id: id });
    const fee = (
      await same(malee, 'post', '/api/applicationfee/create', {
        customer: customer(),
        other_fees: [{ other_fee_id: cat.medical }],
      })
    ).data.application;
    await same(somchai, 'post', '/api/applicationfee/delete', { application_id: fee.application_id, note: 'ไม่ใช้แล้ว' });
    await same(malee, 'post', '/api/applicationrequest/create', {
      application_id: id,
      request_fees: [{ request_fee_id: cat.requestFee }],
      payment: { paid: '200', pay_type: 'cash' },
    });
    const day = await same(somchai, 'post', '/api/cash-close/close', { branch_id: cat.hq, date: todayBangkok() });
    await same(somchai, 'post', '/api/cash-close/pdf', { close_id: day.data.close_id });
    await same(somchai, 'get', '/api/cash-close/get', { branch: String(cat.hq) });
    await same(somchai, 'post', '/api/cash-close/reopen', {
      branch_id: cat.hq,
      date: todayBangkok(),
      reason: 'ลืมบันทึกรายการ',
    });
    await same(somchai, 'get', '/api/cash-close/get', { branch: String(cat.hq) });
    await same(somchai, 'get', '/api/cash-close/gettable');
  });

  it('covered every route of the money modules', () => {
    // 3 kinds × (create, get, gettable, paybalance, refund, delete, pdf, pdfpayment) are one code path each: one kind's are enough
    expect(seen.size).toBeGreaterThanOrEqual(33);
  });
});
