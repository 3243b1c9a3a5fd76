import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { buddhistYear, todayBangkok } from '@khabkhi/thai';
import type { TestApp } from '../helpers.js';
import { counts, customer, identityViolations, type Catalog, moneySuite } from './fixtures.js';

const suite = moneySuite();
const be = buddhistYear(todayBangkok());
let t: TestApp;
let cat: Catalog;
beforeAll(() => {
  ({ t, cat } = suite);
});

async function register(paid?: string) {
  const r = await (
    await t.as('malee')
  ).post('/api/application/create', {
    customer: customer(),
    courses: [{ course_id: cat.car }],
    other_fees: [{ other_fee_id: cat.rent }],
    payment: paid ? { paid, pay_type: 'cash' } : null,
  });
  expect(r.status, r.body.message).toBe(200);
  return r.body.data.application;
}

describe('application/paybalance', () => {
  it('takes the balance in two payments with consecutive receipt numbers, then refuses more', async () => {
    const malee = await t.as('malee');
    const a = await register('3000'); // net 7000
    const p1 = await malee.post('/api/application/paybalance', {
      application_id: a.application_id,
      paid: '1000.50',
      pay_type: 'transfer',
      note: 'โอนผ่านพร้อมเพย์',
    });
    expect(p1.status, p1.body.message).toBe(200);
    expect(p1.body.data.application).toMatchObject({ paid: '4000.50', balance: '2999.50', status: 'ค้างชำระ' });
    expect(p1.body.data.payment).toMatchObject({ pay_type: 'transfer', paid: '1000.50' });
    expect(p1.body.data.pdf).toMatch(/^\/api\/documents\//);
    const n1 = Number(p1.body.data.payment.payment_code.slice(-6));
    const over = await malee.post('/api/application/paybalance', {
      application_id: a.application_id,
      paid: '2999.51',
      pay_type: 'cash',
    });
    expect(over.status).toBe(400);
    expect(over.body.message).toMatch(/มากกว่ายอดคงเหลือ 2,999.50 บาท/);
    const p2 = await malee.post('/api/application/paybalance', {
      application_id: a.application_id,
      paid: '2999.50',
      pay_type: 'cash',
    });
    expect(p2.status).toBe(200);
    expect(p2.body.data.application).toMatchObject({ paid: '7000', balance: '0', status: 'ชำระครบ' });
    expect(p2.body.data.payment.payment_code).toBe(`RC-HQ-${be}-${String(n1 + 1).padStart(6, '0')}`);
    const more = await malee.post('/api/application/paybalance', {
      application_id: a.application_id,
      paid: '1',
      pay_type: 'cash',
    });
    expect(more.status).toBe(400);
    expect(more.body.message).toMatch(/ชำระครบแล้ว/);
    expect(await identityViolations(t.db)).toEqual([]);
  });

  it('bad input changes nothing', async () => {
    const malee = await t.as('malee');
    const a = await register();
    const before = await counts(t.db);
    for (const b of [
      { application_id: a.application_id, paid: '0', pay_type: 'cash' },
      { application_id: a.application_id, paid: 'abc', pay_type: 'cash' },
      { application_id: a.application_id, paid: '10', pay_type: 'cheque' },
      { application_id: a.application_id, paid: '10' },
      { application_id: 999999, paid: '10', pay_type: 'cash' },
      { application_id: a.application_id, paid: '10', pay_type: 'cash', extra: 1 },
      { application_id: 'x', paid: '10', pay_type: 'cash' },
    ]) {
      const r = await malee.post('/api/application/paybalance', b);
      expect([400, 404]).toContain(r.status);
      expect(r.body.status).toBe('error');
      expect(r.body.message).toMatch(/[ก-๙]/);
    }
    expect(await counts(t.db)).toEqual(before);
  });

  it('a repeated Idempotency-Key returns the first answer and records once', async () => {
    const malee = await t.as('malee');
    const a = await register();
    const key = randomUUID();
    const first = await malee.post(
      '/api/application/paybalance',
      { application_id: a.application_id, paid: '100', pay_type: 'cash' },
      { 'idempotency-key': key },
    );
    expect(first.status).toBe(200);
    const before = await counts(t.db);
    const again = await malee.post(
      '/api/application/paybalance',
      { application_id: a.application_id, paid: '100', pay_type: 'cash' },
      { 'idempotency-key': key },
    );
    expect(again.status).toBe(200);
    expect(again.body.data.payment.payment_id).toBe(first.body.data.payment.payment_id);
    expect(again.body.data.application.paid).toBe('100');
    expect(await counts(t.db)).toEqual(before);
    const elsewhere = await malee.post(
      '/api/application/create',
      { customer: customer(), courses: [{ course_id: cat.car }], other_fees: [] },
      { 'idempotency-key': key },
    );
    expect(elsewhere.status).toBe(409);
    expect(
      (
        await malee.post(
          '/api/application/paybalance',
          { application_id: a.application_id, paid: '1', pay_type: 'cash' },
          { 'idempotency-key': 'short' },
        )
      ).status,
    ).toBe(400);
  });

  it('a repeated key whose first call paid the whole balance answers the first payment, not "paid in full" — also when sent at once', async () => {
    const malee = await t.as('malee');
    const a = await register(); // balance 7000
    const key = randomUUID();
    const pay = () =>
      malee.post(
        '/api/application/paybalance',
        { application_id: a.application_id, paid: '7000', pay_type: 'transfer' },
        { 'idempotency-key': key },
      );
    const all = await Promise.all(Array.from({ length: 8 }, pay));
    expect(all.map((r) => r.status)).toEqual(Array(8).fill(200));
    expect(new Set(all.map((r) => r.body.data.payment.payment_id)).size).toBe(1);
    const later = await pay();
    expect(later.status, later.body.message).toBe(200);
    expect(later.body.data.payment.payment_id).toBe(all[0]!.body.data.payment.payment_id);
    const detail = (await malee.get(`/api/application/get/${a.application_id}`)).body.data;
    expect(detail.payments).toHaveLength(1);
    expect(detail).toMatchObject({ paid: '7000', balance: '0', status: 'ชำระครบ' });
    // without the key, the same request is refused in Thai and writes nothing
    const before = await counts(t.db);
    const plain = await malee.post('/api/application/paybalance', {
      application_id: a.application_id,
      paid: '7000',
      pay_type: 'transfer',
    });
    expect(plain.status).toBe(400);
    expect(plain.body.message).toBe('ใบสมัครนี้ชำระครบแล้ว ไม่มียอดคงเหลือ');
    expect(await counts(t.db)).toEqual(before);
    expect(await identityViolations(t.db)).toEqual([]);
  });

  it('a repeated Idempotency-Key on create registers once', async () => {
    const malee = await t.as('malee');
    const key = randomUUID();
    const b = {
      customer: customer(),
      courses: [{ course_id: cat.car }],
      other_fees: [],
      payment: { paid: '500', pay_type: 'cash' },
    };
    const r1 = await malee.post('/api/application/create', b, { 'idempotency-key': key });
    const before = await counts(t.db);
    const r2 = await malee.post('/api/application/create', b, { 'idempotency-key': key });
    expect(r2.body.data.application.application_id).toBe(r1.body.data.application.application_id);
    expect(await counts(t.db)).toEqual(before);
  });
});

describe('pay-balance lists', () => {
  it('getforoutstandingBalance defaults to ค้างชำระ and its totals equal the payments of the filtered rows', async () => {
    const malee = await t.as('malee');
    const a = await register('2000');
    await malee.post('/api/application/paybalance', {
      application_id: a.application_id,
      paid: '700.25',
      pay_type: 'transfer',
    });
    const r = await malee.get('/api/application/getforoutstandingBalance', { per_page: 100 });
    expect(r.status).toBe(200);
    expect(r.body.data.length).toBeGreaterThan(0);
    expect(r.body.data.every((row: any) => row.status === 'ค้างชำระ')).toBe(true);
    const rows = r.body.data as any[];
    const sum = (k: string) => rows.reduce((s, row) => s + Math.round(Number(row[k]) * 100), 0);
    expect(Math.round(Number(r.body.totals.balance) * 100)).toBe(sum('balance'));
    expect(Math.round(Number(r.body.totals.paid) * 100)).toBe(sum('paid'));
    expect(Math.round((Number(r.body.totals.cash) + Number(r.body.totals.transfer)) * 100)).toBe(sum('paid'));
    const all = await malee.get('/api/application/getforoutstandingBalance', { status: 'ทั้งหมด', per_page: 100 });
    expect(all.body.meta.total).toBeGreaterThanOrEqual(r.body.meta.total);
  });

  it('payment/paybalance/gettable lists this month’s payments with totals by pay type; reprint links', async () => {
    const malee = await t.as('malee');
    const r = await malee.get('/api/payment/paybalance/gettable', { per_page: 100 });
    expect(r.status, r.body.message).toBe(200);
    const rows = r.body.data as any[];
    expect(rows.length).toBeGreaterThan(0);
    const cash = rows.filter((x) => x.pay_type === 'cash').reduce((s, x) => s + Math.round(Number(x.paid) * 100), 0);
    const transfer = rows
      .filter((x) => x.pay_type === 'transfer')
      .reduce((s, x) => s + Math.round(Number(x.paid) * 100), 0);
    expect(Math.round(Number(r.body.totals.cash) * 100)).toBe(cash);
    expect(Math.round(Number(r.body.totals.transfer) * 100)).toBe(transfer);
    expect(rows[0]).toMatchObject({
      pay_type_name: expect.stringMatching(/เงินสด|โอนเงิน/),
      created_by_name: expect.any(String),
    });
    const onlyCash = await malee.get('/api/payment/paybalance/gettable', { type: 'cash', per_page: 100 });
    expect(onlyCash.body.data.every((x: any) => x.pay_type === 'cash')).toBe(true);
    expect((await malee.get('/api/payment/paybalance/gettable', { start: '2026-13-01' })).status).toBe(400);
    expect(
      (await malee.get('/api/payment/paybalance/gettable', { start: '2026-11-10', end: '2026-11-01' })).status,
    ).toBe(400);
    const reprint = await malee.post('/api/payment/pdf', { payment_id: rows[0].payment_id });
    expect(reprint.status).toBe(200);
    expect(reprint.body.data.pdf).toMatch(/^\/api\/documents\//);
    const suda = await t.as('suda');
    expect((await suda.post('/api/payment/pdf', { payment_id: rows[0].payment_id })).status).toBe(403);
  });
  it('past receipt 999,999 of a year the number grows a digit instead of repeating one', async () => {
    const malee = await t.as('malee');
    const a = await register();
    await t.db.execute(
      sql`update doc_sequences set last_no = 999998 where branch_id = ${cat.hq} and series = 'RC' and be_year = ${be}`,
    );
    const codes: string[] = [];
    for (const paid of ['1', '2']) {
      const r = await malee.post('/api/application/paybalance', {
        application_id: a.application_id,
        paid,
        pay_type: 'cash',
      });
      expect(r.status, r.body.message).toBe(200);
      codes.push(r.body.data.payment.payment_code);
    }
    expect(codes).toEqual([`RC-HQ-${be}-999999`, `RC-HQ-${be}-1000000`]);
    expect(await identityViolations(t.db)).toEqual([]);
  });
});
