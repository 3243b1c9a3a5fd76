/** The demo school's fleet: rows in every vehicle list, reminders of every kind, fuel economy and expenses for the charts. */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ demoMoney: true });
}, 180_000);
afterAll(async () => {
  await t?.close();
});

it('vehicles at every branch, one overdue tax with its surcharge, an old car needing ตรอ., km per litre, vehicle expenses', async () => {
  const admin = await t.as('admin');
  const v = await admin.get('/api/vehicle/gettable', { per_page: 100 });
  expect(new Set(v.body.data.map((x: any) => x.branch_id)).size).toBe(3);
  const r = (await admin.get('/api/vehicle/reminders')).body.data;
  const tax = r.find((x: any) => x.kind === 'tax' && x.overdue);
  expect(tax).toMatchObject({ surcharge_months: 1, surcharge_estimate: '16' });
  expect(r.some((x: any) => x.kind === 'check' && x.needs_check)).toBe(true);
  expect(r.filter((x: any) => !x.overdue).length).toBeGreaterThan(3);
  const car = v.body.data.find((x: any) => x.no === '1กข 1234');
  const g = (await admin.get(`/api/vehicle/get/${car.vehicle_id}`)).body.data;
  expect(Number(g.km_per_liter)).toBeGreaterThan(11);
  expect(g.odometer.length).toBeGreaterThan(15);
  const e = await admin.get('/api/vehicle/expenses/gettable', { per_page: 100 });
  expect(e.body.meta.total).toBeGreaterThan(100);
  const exam = await admin.get('/api/vehicle/expenses/gettable', { per_page: 100, text: '5กง 2468' });
  expect(exam.body.data.some((x: any) => x.renew_kind === 'compulsory')).toBe(true);
  // the branch manager sees their own branch only
  const anan = await t.as('anan');
  expect((await anan.get('/api/vehicle/reminders')).body.data.every((x: any) => x.branch === 'สาขาบางเขน')).toBe(true);
}, 60_000);
