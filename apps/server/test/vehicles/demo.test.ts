/** The demo school's fleet: rows in every vehicle list, reminders of every kind, fuel economy and expenses for the charts. */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { formatBaht } from '@khabkhi/thai';
import { createTestApp, type TestApp } from '../helpers.js';
import { decodePngGrey } from '../../src/lib/png.js';
import { beDate, composeBill, layoutBill, repairItems, type DemoBill } from '../../src/db/demo-bills.js';

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

it('the latest fuel fill and repair at every branch come with a photo of their bill, printed with their own numbers', async () => {
  const admin = await t.as('admin');
  const latest = (
    (await t.db.execute(sql`
      select distinct on (e.branch_id, l.name) e.expenses_id, l.name, b.code, v.no, v.province, v.type
      from expenses e join list_expenses l using (list_expenses_id) join branches b on b.branch_id = e.branch_id
      join vehicles v on v.vehicle_id = e.vehicle_id
      where l.name in ('น้ำมันรถฝึก (เติมประจำสัปดาห์)', 'ซ่อมบำรุงรถฝึก')
      order by e.branch_id, l.name, e.date desc, e.expenses_id desc`)) as unknown as {
      rows: { expenses_id: number; name: string; code: string; no: string; province: string; type: string }[];
    }
  ).rows;
  expect(latest).toHaveLength(6);
  for (const x of latest) {
    const e = (await admin.get(`/api/expenses/get/${x.expenses_id}`)).body.data;
    expect(e.files).toHaveLength(1);
    expect(e.files[0]).toMatchObject({ file_type: 'image', mime: 'image/png' });
    const f = await admin.get(`/api/files/${e.files[0].file_id}`);
    expect(f.status).toBe(200);
    expect(f.res.headers['content-type']).toBe('image/png');
    expect(decodePngGrey(f.res.rawPayload).width).toBe(600);
    expect(f.res.rawPayload.length).toBe(e.files[0].size);
    // the picture is exactly the bill laid out from the expense as the API shows it (its date, litres, amount)
    const moto = x.type === 'motorcycle';
    const common = { branch: x.code, date: e.date, plate: x.no, province: x.province, payType: e.pay_type };
    const bill: DemoBill =
      x.name === 'ซ่อมบำรุงรถฝึก'
        ? {
            ...common,
            kind: 'repair',
            mile: e.mile,
            items: repairItems(moto, e.value),
            value: e.value,
            seq: e.expenses_id,
          }
        : {
            ...common,
            kind: 'fuel',
            fuel: moto ? 'แก๊สโซฮอล์ 91' : 'แก๊สโซฮอล์ 95',
            liters: e.liters,
            price: /([\d.]+) บาท\/ลิตร/.exec(e.detail)![1]!,
            value: e.value,
            seq: e.expenses_id,
          };
    expect(composeBill(bill).equals(f.res.rawPayload)).toBe(true);
    const texts = layoutBill(bill).ops.flatMap((o) => (o.kind === 'text' ? [o.text] : []));
    expect(texts).toContain(`วันที่ ${beDate(e.date)}`);
    expect(texts.some((s) => s.includes(formatBaht(e.value)))).toBe(true);
  }
}, 60_000);
