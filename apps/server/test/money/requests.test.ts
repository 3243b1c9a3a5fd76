import { beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../helpers.js';
import { customer, identityViolations, type Catalog, moneySuite } from './fixtures.js';

const suite = moneySuite();
let t: TestApp;
let cat: Catalog;
beforeAll(() => {
  ({ t, cat } = suite);
});

describe('void with approval (maker–checker)', () => {
  it('a cashier asks, she cannot approve herself, a manager approves: payment void, number kept, balance restored, totals follow', async () => {
    const malee = await t.as('malee');
    const somchai = await t.as('somchai');
    const a = (
      await malee.post('/api/application/create', {
        customer: customer(),
        courses: [{ course_id: cat.car }],
        other_fees: [],
        payment: { paid: '2000', pay_type: 'cash' },
      })
    ).body.data;
    const pay = a.application.payments[0];
    const before = (await malee.get('/api/payment/gettable')).body.totals;
    const req = await malee.post('/api/payment/request-delete', { payment_id: pay.payment_id, note: 'คีย์ยอดผิด' });
    expect(req.status, req.body.message).toBe(200);
    expect(req.body.data.status).toBe('pending');
    expect((await malee.post('/api/payment/request-delete', { payment_id: pay.payment_id, note: 'ซ้ำ' })).status).toBe(
      409,
    );
    const list = await somchai.get('/api/request/gettable', { status: 'รออนุมัติ' });
    const row = list.body.data.find((r: any) => r.request_id === req.body.data.request_id);
    expect(row).toMatchObject({
      status_name: 'รออนุมัติ',
      payment_code: pay.payment_code,
      can_approve: true,
      requested_by_name: expect.stringContaining('มาลี'),
    });
    expect(
      (await malee.post('/api/request/approve', { request_id: req.body.data.request_id, approve: true })).status,
    ).toBe(403);
    expect(
      (await (await t.as('anan')).post('/api/request/approve', { request_id: req.body.data.request_id, approve: true }))
        .status,
    ).toBe(403);
    const ok = await somchai.post('/api/request/approve', {
      request_id: req.body.data.request_id,
      approve: true,
      note: 'ตรวจแล้ว',
    });
    expect(ok.status, ok.body.message).toBe(200);
    const d = (await malee.get(`/api/application/get/${a.application.application_id}`)).body.data;
    expect(d).toMatchObject({ paid: '0', balance: '6500', status: 'ค้างชำระ' });
    expect(d.payments[0]).toMatchObject({ payment_code: pay.payment_code, is_void: true });
    const after = (await malee.get('/api/payment/gettable')).body.totals;
    expect(Number(after.cash)).toBeCloseTo(Number(before.cash) - 2000, 2);
    expect(Number(after.voided)).toBeCloseTo(Number(before.voided) + 2000, 2);
    const twice = await (
      await t.as('admin')
    ).post('/api/request/approve', { request_id: req.body.data.request_id, approve: true });
    expect(twice.status).toBe(409);
    expect(
      (await malee.post('/api/payment/request-delete', { payment_id: pay.payment_id, note: 'อีกครั้ง' })).status,
    ).toBe(400);
    expect(await identityViolations(t.db)).toEqual([]);
  });

  it('a rejected request moves no money; a reason is required; another branch cannot ask', async () => {
    const malee = await t.as('malee');
    const somchai = await t.as('somchai');
    const a = (
      await malee.post('/api/application/create', {
        customer: customer(),
        courses: [{ course_id: cat.car }],
        other_fees: [],
        payment: { paid: '100', pay_type: 'transfer' },
      })
    ).body.data;
    const pay = a.application.payments[0];
    expect((await malee.post('/api/payment/request-delete', { payment_id: pay.payment_id, note: '' })).status).toBe(
      400,
    );
    expect(
      (await (await t.as('suda')).post('/api/payment/request-delete', { payment_id: pay.payment_id, note: 'x' }))
        .status,
    ).toBe(403);
    const req = await malee.post('/api/payment/request-delete', { payment_id: pay.payment_id, note: 'ลองดู' });
    const no = await somchai.post('/api/request/approve', {
      request_id: req.body.data.request_id,
      approve: false,
      note: 'ยอดถูกต้องแล้ว',
    });
    expect(no.status).toBe(200);
    const d = (await malee.get(`/api/application/get/${a.application.application_id}`)).body.data;
    expect(d.paid).toBe('100');
    expect(d.payments[0].is_void).toBe(false);
    const rejected = await somchai.get('/api/request/gettable', { status: 'ไม่อนุมัติ' });
    expect(
      rejected.body.data.some(
        (r: any) => r.request_id === req.body.data.request_id && r.decision_note === 'ยอดถูกต้องแล้ว',
      ),
    ).toBe(true);
  });

  it('a payment already refunded cannot be voided into a negative paid', async () => {
    const malee = await t.as('malee');
    const somchai = await t.as('somchai');
    const a = (
      await malee.post('/api/application/create', {
        customer: customer(),
        courses: [{ course_id: cat.car }],
        other_fees: [],
        payment: { paid: '1000', pay_type: 'cash' },
      })
    ).body.data;
    await somchai.post('/api/application/refund', {
      application_id: a.application.application_id,
      note: 'คืน',
      value: '1000',
    });
    const req = await malee.post('/api/payment/request-delete', {
      payment_id: a.application.payments[0].payment_id,
      note: 'ผิด',
    });
    const r = await somchai.post('/api/request/approve', { request_id: req.body.data.request_id, approve: true });
    expect(r.status).toBe(400);
    expect(await identityViolations(t.db)).toEqual([]);
  });
});
