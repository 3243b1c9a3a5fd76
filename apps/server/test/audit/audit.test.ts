import { beforeAll, describe, expect, it } from 'vitest';
import { todayBangkok, addDays } from '@khabkhi/thai';
import type { TestApp } from '../helpers.js';
import { customer, moneySuite, type Catalog } from '../money/fixtures.js';

const suite = moneySuite();
let t: TestApp;
let cat: Catalog;
let appId: number;
beforeAll(async () => {
  ({ t, cat } = suite);
  const malee = await t.as('malee');
  const r = await malee.post('/api/application/create', {
    customer: customer(),
    courses: [{ course_id: cat.car }],
    other_fees: [],
    payment: { paid: '1000', pay_type: 'cash' },
  });
  expect(r.status, r.body.message).toBe(200);
  appId = r.body.data.application.application_id;
  const pay = await malee.post(
    '/api/application/paybalance',
    { application_id: appId, paid: '500', pay_type: 'cash' },
    { 'idempotency-key': 'audit-test-1' },
  );
  expect(pay.status, pay.body.message).toBe(200);
  // a change at BKN the head office may see and HQ's manager may not
  const anan = await t.as('anan');
  expect(
    (await anan.post('/api/course/create', { name: 'หลักสูตรบางเขนเพื่อทดสอบประวัติ', price: '100', type: 'รถยนต์' })).status,
  ).toBe(200);
});

describe('audit/gettable', () => {
  it('owners see every branch, newest first, with who, branch, Thai entity and action names, before and after', async () => {
    const admin = await t.as('admin');
    const r = await admin.get('/api/audit/gettable', { per_page: 100 });
    expect(r.status, r.body.message).toBe(200);
    const course = r.body.data.find((x: any) => x.entity === 'course' && x.after?.name === 'หลักสูตรบางเขนเพื่อทดสอบประวัติ');
    expect(course).toMatchObject({
      entity_name: 'หลักสูตร',
      action: 'create',
      action_name: 'เพิ่ม',
      branch_name: 'สาขาบางเขน',
      before: null,
    });
    expect(course.user_name).toMatch(/\(anan\)$/);
    const ats = r.body.data.map((x: any) => x.at);
    expect([...ats].sort().reverse()).toEqual(ats);
    expect(r.body.filter.type).toContainEqual({ name: 'ใบสมัครเรียน', value: 'application' });
    expect(r.body.filter.status).toContainEqual({ name: 'คืนเงิน', value: 'refund' });
    expect(r.body.meta).toMatchObject({ page: 1, per_page: 100 });
  });

  it('filters by entity, action, user, branch and date range', async () => {
    const admin = await t.as('admin');
    const malee = (await admin.get('/api/user/gettable', { text: 'malee' })).body.data[0];
    const pays = await admin.get('/api/audit/gettable', { type: 'payment', status: 'create', user: malee.user_id });
    expect(pays.body.data.length).toBe(2);
    expect(pays.body.data.every((x: any) => x.entity === 'payment' && x.user_id === malee.user_id)).toBe(true);
    const bknId = (await admin.get('/api/branch/gettable', { text: 'BKN' })).body.data[0].branch_id;
    const bkn = await admin.get('/api/audit/gettable', { branch: bknId, per_page: 100 });
    expect(bkn.body.data.length).toBeGreaterThan(0);
    expect(bkn.body.data.every((x: any) => x.branch_id === bknId)).toBe(true);
    const today = todayBangkok();
    expect((await admin.get('/api/audit/gettable', { start: today, end: today })).body.meta.total).toBeGreaterThan(0);
    expect(
      (await admin.get('/api/audit/gettable', { start: addDays(today, 1), end: addDays(today, 2) })).body.meta.total,
    ).toBe(0);
    const bad = await admin.get('/api/audit/gettable', { start: '2026-02-31' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/วันเริ่มต้น: ไม่ใช่วันที่ที่มีอยู่จริง/);
  });

  it('a manager sees their branch only; a cashier may not open the audit log', async () => {
    const anan = await t.as('anan'); // BKN manager
    const r = await anan.get('/api/audit/gettable', { per_page: 100 });
    expect(r.status).toBe(200);
    expect(r.body.data.length).toBeGreaterThan(0);
    expect(r.body.data.every((x: any) => x.branch_name === 'สาขาบางเขน')).toBe(true);
    const hqId = (await (await t.as('admin')).get('/api/branch/gettable', { text: 'HQ' })).body.data[0].branch_id;
    expect((await anan.get('/api/audit/gettable', { branch: hqId })).status).toBe(403);
    expect((await (await t.as('malee')).get('/api/audit/gettable')).status).toBe(403);
  });
});

describe('audit/application/{id}', () => {
  it('an application shows its own history: created, then each payment, oldest first', async () => {
    const malee = await t.as('malee');
    const r = await malee.get(`/api/audit/application/${appId}`);
    expect(r.status, r.body.message).toBe(200);
    expect(r.body.data.map((x: any) => `${x.entity}:${x.action}`)).toEqual([
      'application:create',
      'payment:create',
      'payment:create',
    ]);
    expect(r.body.data[2].after.payment.amount).toBe('500');
    expect((await (await t.as('suda')).get(`/api/audit/application/${appId}`)).status).toBe(403);
    expect((await malee.get('/api/audit/application/999999')).status).toBe(404);
  });
});
