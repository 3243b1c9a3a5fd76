/**
 * accounting/profitloss: income − expenses per month, by source and by category. Its totals are the income and
 * expense tables' totals for the same period and branch, to the satang — per month and for the whole period.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { addDays, todayBangkok, toSatang } from '@khabkhi/thai';
import { createTestApp, type Client, type TestApp } from '../helpers.js';
import { rows } from '../foundation/fixtures.js';
import { customer, makeCatalog, type Catalog } from '../money/fixtures.js';

let t: TestApp;
let cat: Catalog;
let admin: Client;
const today = todayBangkok();
const month = today.slice(0, 7);
const lastMonthDay = addDays(`${month}-01`, -3);
const S = (v: string) => toSatang(v, { allowNegative: true });

beforeAll(async () => {
  t = await createTestApp();
  cat = await makeCatalog(t.db);
  admin = await t.as('admin');
});
afterAll(async () => {
  await t?.close();
});

describe('accounting/profitloss', () => {
  it('per month and in total equals the income and expense tables of the same period, to the satang', async () => {
    const malee = await t.as('malee');
    const app = await malee.post('/api/application/create', {
      customer: customer(),
      courses: [{ course_id: cat.car }],
      other_fees: [],
      payment: { paid: '4000.33', pay_type: 'cash' },
    });
    expect(app.status, app.body.message).toBe(200);
    const appId = app.body.data.application.application_id;
    expect(
      (await malee.post('/api/application/paybalance', { application_id: appId, paid: '999.99', pay_type: 'transfer' }))
        .status,
    ).toBe(200);
    const fee = await malee.post('/api/applicationfee/create', {
      customer: customer(),
      other_fees: [{ other_fee_id: cat.medical }],
      payment: { paid: '80.5', pay_type: 'cash' },
    });
    expect(fee.status, fee.body.message).toBe(200);
    // the first payment belongs to last month (as if received then)
    await t.db.execute(
      sql`update payments set business_date = ${lastMonthDay}::date where payment_id = ${app.body.data.payment_id}`,
    );
    const refund = await (
      await t.as('somchai')
    ).post('/api/application/refund', { application_id: appId, note: 'ย้ายที่อยู่', value: '300.10', pay_type: 'cash' });
    expect(refund.status, refund.body.message).toBe(200);
    expect(
      (
        await admin.post('/api/income/create', {
          branch_id: cat.hq,
          date: lastMonthDay,
          name: 'ให้เช่าสนาม',
          pay_type: 'cash',
          value: '1500.25',
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await admin.post('/api/income/create', {
          branch_id: cat.bkn,
          date: today,
          name: 'ขายคู่มือ',
          pay_type: 'cash',
          value: '45',
        })
      ).status,
    ).toBe(200);
    const items = await rows<{ id: number }>(
      t,
      sql`select list_expenses_id as id from list_expenses where branch_id = ${cat.hq} and not is_delete order by 1`,
    );
    const [u] = await rows<{ id: number }>(t, sql`select user_id as id from users where username = 'somchai'`);
    await t.db
      .execute(sql`insert into expenses (branch_id, list_expenses_id, date, detail, pay_type, value, created_by) values
      (${cat.hq}, ${items[0]!.id}, ${today}, 'น้ำมัน', 'cash', '1200.45', ${u!.id}),
      (${cat.hq}, ${items[1]!.id}, ${lastMonthDay}, 'ค่าไฟ', 'transfer', '3400.10', ${u!.id}),
      (${cat.bkn}, ${items[0]!.id}, ${today}, 'น้ำมันบางเขน', 'cash', '700', ${u!.id}),
      (${cat.hq}, ${items[0]!.id}, ${today}, 'ลบแล้ว', 'cash', '999', ${u!.id})`);
    await t.db.execute(sql`update expenses set is_delete = true where detail = 'ลบแล้ว'`);

    const start = `${lastMonthDay.slice(0, 7)}-01`;
    for (const branch of ['ทั้งหมด', String(cat.hq), String(cat.bkn)]) {
      const pl = await admin.get('/api/accounting/profitloss', { branch, start, end: today });
      expect(pl.status, pl.body.message).toBe(200);
      expect(pl.body.data.map((r: any) => r.key)).toEqual([lastMonthDay.slice(0, 7), month]);
      expect(pl.body.filter.range).toEqual({ start, end: today });
      let ti = 0;
      let te = 0;
      for (const r of pl.body.data) {
        const q = { branch, start: r.start, end: r.end };
        const inc = (await admin.get('/api/accounting/incometable', q)).body.chart;
        const exp = (await admin.get('/api/accounting/expensestable', q)).body.chart;
        expect(r.total_income).toBe(inc.total_income);
        expect(r.total_expenses).toBe(exp.total_expenses);
        expect(S(r.net)).toBe(S(inc.total_income) - S(exp.total_expenses));
        // by source and by category, as the donuts say
        for (const s of inc.income_donut) expect(r.income[s.key]).toBe(s.value);
        for (const c of exp.expenses_donut) expect(r.expenses[c.key]).toBe(c.value);
        expect(Object.values(r.income).reduce((a: number, v: any) => a + S(v), 0)).toBe(S(r.total_income));
        expect(Object.values(r.expenses).reduce((a: number, v: any) => a + S(v), 0)).toBe(S(r.total_expenses));
        ti += S(r.total_income);
        te += S(r.total_expenses);
      }
      const whole = { branch, start, end: today };
      const inc = (await admin.get('/api/accounting/incometable', whole)).body.chart;
      const exp = (await admin.get('/api/accounting/expensestable', whole)).body.chart;
      expect(pl.body.totals.total_income).toBe(inc.total_income);
      expect(pl.body.totals.total_expenses).toBe(exp.total_expenses);
      expect(pl.body.totals.net).toBe(inc.net);
      expect(S(pl.body.totals.total_income)).toBe(ti);
      expect(S(pl.body.totals.total_expenses)).toBe(te);
    }
    const hq = (await admin.get('/api/accounting/profitloss', { branch: String(cat.hq), start, end: today }))
      .body as any;
    const last = hq.data[0];
    expect(last.income.other).toBe('1500.25');
    expect(last.income.course).toBe('4000.33');
    expect(last.total_expenses).toBe('3400.10');
    expect(hq.data[1].income.refund).toBe('-300.10');
    expect(hq.columns.income.map((c: any) => c.name)).toEqual([
      'ค่าหลักสูตร',
      'ค่าธรรมเนียมอื่น',
      'ค่าคำร้อง',
      'รายรับอื่น',
      'คืนเงิน',
    ]);
    expect(hq.columns.expenses.length).toBeGreaterThanOrEqual(1);
    expect(last.label).toMatch(/^[ก-๙.]+ 25\d\d$/);
  });

  it('defaults to this year; refuses a bad period in Thai; keeps to the branch scope', async () => {
    const r = await admin.get('/api/accounting/profitloss');
    expect(r.status).toBe(200);
    expect(r.body.filter.range).toEqual({ start: `${today.slice(0, 4)}-01-01`, end: today });
    expect(r.body.data).toHaveLength(Number(month.slice(5)));
    const bad = await admin.get('/api/accounting/profitloss', { start: today, end: addDays(today, -1) });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('วันสิ้นสุด: ต้องไม่ก่อนวันเริ่มต้น');
    const anan = await t.as('anan');
    expect((await anan.get('/api/accounting/profitloss', { branch: String(cat.hq) })).status).toBe(403);
    const own = await anan.get('/api/accounting/profitloss');
    expect(own.body.filter.branch.map((b: any) => b.value)).toEqual(['ทั้งหมด', cat.bkn]);
    expect((await (await t.as('malee')).get('/api/accounting/profitloss')).status).toBe(403);
  });
});
