import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { todayBangkok, toSatang } from '@khabkhi/thai';
import { createTestApp, type TestApp } from '../helpers.js';
import { customer, makeCatalog, type Catalog } from './fixtures.js';

let t: TestApp;
let cat: Catalog;

const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;
const S = (v: string) => toSatang(v, { allowNegative: true });

beforeAll(async () => {
  t = await createTestApp();
  cat = await makeCatalog(t.db);
  // a generated day of business: registrations, payments, refunds and a void, at HQ and BKN
  const malee = await t.as('malee');
  const suda = await t.as('suda');
  const somchai = await t.as('somchai');
  for (let i = 0; i < 12; i++) {
    const who = i % 3 === 2 ? suda : malee;
    const course = i % 3 === 2 ? cat.bknCar : i % 2 ? cat.car : cat.moto;
    const r = await who.post('/api/application/create', {
      customer: customer(),
      courses: [{ course_id: course }],
      other_fees: [],
      payment: i % 4 === 3 ? null : { paid: String(500 + i * 111.25), pay_type: i % 2 ? 'cash' : 'transfer' },
    });
    expect(r.status, r.body.message).toBe(200);
    const id = r.body.data.application.application_id;
    if (i % 5 === 0)
      await who.post('/api/application/paybalance', { application_id: id, paid: '250.50', pay_type: 'cash' });
    if (i === 4)
      await somchai.post('/api/application/refund', {
        application_id: id,
        note: 'คืนบางส่วน',
        value: '100',
        pay_type: 'transfer',
      });
    if (i === 6) {
      const q = await malee.post('/api/payment/request-delete', {
        payment_id: r.body.data.application.payments[0].payment_id,
        note: 'ผิดพลาด',
      });
      await somchai.post('/api/request/approve', { request_id: q.body.data.request_id, approve: true });
    }
  }
});
afterAll(async () => {
  await t?.close();
});

describe('payment history', () => {
  it('defaults to today and its totals equal the sums of the entries, by SQL', async () => {
    const admin = await t.as('admin');
    const r = await admin.get('/api/payment/gettable', { per_page: 100 });
    expect(r.status, r.body.message).toBe(200);
    expect(r.body.filter.range).toEqual({ start: todayBangkok(), end: todayBangkok() });
    const [db] = rowsOf<Record<string, string>>(
      await t.db.execute(sql`select
      coalesce(sum(amount) filter (where pay_type = 'cash' and not is_void), 0)::text as cash,
      coalesce(sum(amount) filter (where pay_type = 'transfer' and not is_void), 0)::text as transfer,
      coalesce(sum(amount) filter (where kind = 'payment' and not is_void), 0)::text as received,
      coalesce(-sum(amount) filter (where kind = 'refund' and not is_void), 0)::text as refunds,
      coalesce(sum(amount) filter (where is_void), 0)::text as voided, count(*)::int as n
      from payments where business_date = ${todayBangkok()}`),
    );
    for (const k of ['cash', 'transfer', 'received', 'refunds', 'voided'])
      expect(S(r.body.totals[k]), k).toBe(S(db![k]!));
    expect(S(r.body.totals.total)).toBe(S(db!.cash!) + S(db!.transfer!));
    expect(r.body.meta.total).toBe(Number(db!.n));
    expect(r.body.data.some((x: any) => x.kind === 'refund' && x.paid.startsWith('-'))).toBe(true);
    expect(r.body.data.some((x: any) => x.is_void)).toBe(true);
    const same = await admin.get('/api/application/getforpaymentHistory', { per_page: 100 });
    expect(same.body.totals).toEqual(r.body.totals);
  });

  it('a branch user sees only their branch’s entries and totals', async () => {
    const suda = await t.as('suda');
    const r = await suda.get('/api/payment/gettable', { per_page: 100 });
    expect(r.body.data.length).toBeGreaterThan(0);
    expect(r.body.data.every((x: any) => x.branch_name === 'สาขาบางเขน')).toBe(true);
    const [db] = rowsOf<{ cash: string }>(
      await t.db.execute(
        sql`select coalesce(sum(amount) filter (where pay_type = 'cash' and not is_void), 0)::text as cash from payments where branch_id = ${cat.bkn}`,
      ),
    );
    expect(S(r.body.totals.cash)).toBe(S(db!.cash));
  });
});

describe('overdue', () => {
  it('defaults to ค้างชำระ, oldest first, with days owed, and totals equal the rows by SQL', async () => {
    const somchai = await t.as('somchai');
    const r = await somchai.get('/api/application/getforoverdue', { per_page: 100 });
    expect(r.status, r.body.message).toBe(200);
    expect(r.body.data.length).toBeGreaterThan(0);
    expect(
      r.body.data.every(
        (x: any) => x.status === 'ค้างชำระ' && S(x.balance) > 0 && x.days === 0 && x.exam_passed === false,
      ),
    ).toBe(true);
    const [db] = rowsOf<{ balance: string; paid: string; cash: string }>(
      await t.db.execute(sql`select coalesce(sum(balance), 0)::text as balance, coalesce(sum(paid), 0)::text as paid,
      coalesce(sum(paid_cash), 0)::text as cash from applications where status = 'ค้างชำระ' and kind = 'course' and branch_id in (${cat.hq}, ${cat.bkn}, ${cat.cnx})`),
    );
    expect(S(r.body.totals.balance)).toBe(S(db!.balance));
    expect(S(r.body.totals.paid)).toBe(S(db!.paid));
    expect(S(r.body.totals.cash)).toBe(S(db!.cash));
    const times = r.body.data.map((x: any) => x.createdAt);
    expect([...times].sort()).toEqual(times);
  });
});

describe('daily cash close', () => {
  it('shows the day, closes it once, locks pay-type edits, prints', async () => {
    const somchai = await t.as('somchai');
    const malee = await t.as('malee');
    const day = await somchai.get('/api/cash-close/get');
    expect(day.status, day.body.message).toBe(200);
    const [db] = rowsOf<{ cash: string; n: number }>(
      await t.db
        .execute(sql`select coalesce(sum(amount) filter (where kind = 'payment' and pay_type = 'cash' and not is_void), 0)::text as cash,
      (count(*) filter (where kind = 'payment'))::int as n from payments where branch_id = ${cat.hq} and business_date = ${todayBangkok()}`),
    );
    expect(S(day.body.data.cash_in)).toBe(S(db!.cash));
    expect(day.body.data.receipts).toBe(db!.n);
    expect(day.body.data.first_receipt).toMatch(/^RC-HQ-/);
    expect(day.body.data.closed).toBeNull();
    const pay = (await malee.get('/api/payment/gettable', { per_page: 1, type: 'cash', status: 'valid' })).body.data[0];
    expect(
      (await malee.put('/api/payment/edit-paytype', { payment_id: pay.payment_id, pay_type: 'transfer' })).status,
    ).toBe(403);
    const edit = await somchai.put('/api/payment/edit-paytype', { payment_id: pay.payment_id, pay_type: 'transfer' });
    expect(edit.status, edit.body.message).toBe(200);
    expect(
      (await somchai.put('/api/payment/edit-paytype', { payment_id: pay.payment_id, pay_type: 'cash' })).status,
    ).toBe(200);
    expect((await malee.post('/api/cash-close/close', { branch_id: cat.hq, date: todayBangkok() })).status).toBe(403);
    const close = await somchai.post('/api/cash-close/close', { branch_id: cat.hq, date: todayBangkok() });
    expect(close.status, close.body.message).toBe(200);
    expect(close.body.data.pdf).toMatch(/^\/api\/documents\//);
    expect((await somchai.post('/api/cash-close/close', { branch_id: cat.hq, date: todayBangkok() })).status).toBe(409);
    const locked = await somchai.put('/api/payment/edit-paytype', { payment_id: pay.payment_id, pay_type: 'transfer' });
    expect(locked.status).toBe(409);
    expect(locked.body.message).toMatch(/ปิดยอด/);
    expect((await somchai.get('/api/cash-close/get')).body.data.closed).toMatchObject({
      close_id: close.body.data.close_id,
    });
    expect((await somchai.post('/api/cash-close/close', { branch_id: cat.hq, date: '2999-01-01' })).status).toBe(400);
    expect(
      (await (await t.as('anan')).post('/api/cash-close/close', { branch_id: cat.hq, date: todayBangkok() })).status,
    ).toBe(403);
    const list = await somchai.get('/api/cash-close/gettable');
    expect(list.body.data[0]).toMatchObject({ business_date: todayBangkok(), branch_name: expect.any(String) });
    // the day takes money again only after a manager reopens it with a reason (the tests below pay at HQ today)
    expect(
      (
        await somchai.post('/api/cash-close/reopen', {
          branch_id: cat.hq,
          date: todayBangkok(),
          reason: 'ทดสอบเปิดยอดใหม่',
        })
      ).status,
    ).toBe(200);
  });
});

describe('other-fee and request-fee applications', () => {
  it('sell fees without a course, and a request tied to a registration, with the same money rules', async () => {
    const malee = await t.as('malee');
    const fee = await malee.post('/api/applicationfee/create', {
      customer: customer(),
      other_fees: [{ other_fee_id: cat.medical }, { other_fee_id: cat.rent }],
      payment: { paid: '620.75', pay_type: 'cash' },
    });
    expect(fee.status, fee.body.message).toBe(200);
    expect(fee.body.data.application).toMatchObject({ kind: 'fee', total: '620.75', balance: '0', status: 'ชำระครบ' });
    expect(fee.body.data.application.application_code).toMatch(/^OF-HQ-/);
    expect((await malee.post('/api/applicationfee/create', { customer: customer(), other_fees: [] })).status).toBe(400);
    expect(
      (
        await malee.post('/api/applicationfee/create', {
          customer: customer(),
          other_fees: [{ other_fee_id: cat.requestFee }],
        })
      ).status,
    ).toBe(400);
    const reg = await malee.post('/api/application/create', {
      customer: customer(),
      courses: [{ course_id: cat.car }],
      other_fees: [],
    });
    const rq = await malee.post('/api/applicationrequest/create', {
      application_id: reg.body.data.application.application_id,
      request_fees: [{ request_fee_id: cat.requestFee }],
    });
    expect(rq.status, rq.body.message).toBe(200);
    expect(rq.body.data.application).toMatchObject({
      kind: 'request',
      total: '200',
      related_application_code: reg.body.data.application.application_code,
      customer_id: reg.body.data.application.customer_id,
    });
    expect(rq.body.data.application.request_fees[0]).toMatchObject({ request_fee_id: cat.requestFee, cost: '200' });
    expect(rq.body.data.application.courses[0].course_id).toBe(cat.car);
    const pay = await malee.post('/api/applicationrequest/paybalance', {
      application_id: rq.body.data.application.application_id,
      paid: '200',
      pay_type: 'transfer',
    });
    expect(pay.status, pay.body.message).toBe(200);
    expect(pay.body.data.application.status).toBe('ชำระครบ');
    expect(
      (
        await malee.post('/api/applicationfee/paybalance', {
          application_id: rq.body.data.application.application_id,
          paid: '1',
          pay_type: 'cash',
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await malee.post('/api/applicationrequest/create', {
          application_id: reg.body.data.application.application_id,
          request_fees: [{ request_fee_id: cat.medical }],
        })
      ).status,
    ).toBe(400);
    const fees = await malee.get('/api/applicationfee/gettable');
    expect(fees.body.data.every((x: any) => x.application_code.startsWith('OF-'))).toBe(true);
    expect((await malee.get(`/api/application/get/${fee.body.data.application.application_id}`)).status).toBe(404);
    expect((await malee.get(`/api/applicationfee/get/${fee.body.data.application.application_id}`)).status).toBe(200);
    expect((await malee.get(`/api/applicationrequest/get/${fee.body.data.application.application_id}`)).status).toBe(
      404,
    );
  });
});

describe('the demo school of npm start', () => {
  it('seeds registrations, payments, a refund and a void request that keep every identity', async () => {
    const { createTestApp: make } = await import('../helpers.js');
    const { identityViolations } = await import('./fixtures.js');
    const demo = await make({ demoMoney: true });
    try {
      const admin = await demo.as('admin');
      const apps = await admin.get('/api/application/gettable', { per_page: 100 });
      expect(apps.body.meta.total).toBe(12);
      const codes = apps.body.data
        .filter((a: any) => a.branch_name.includes('สำนักงานใหญ่'))
        .map((a: any) => a.application_code);
      expect([...codes].reverse()).toEqual([...codes].sort()); // newest first = highest number first
      expect((await admin.get('/api/request/gettable', { status: 'รออนุมัติ' })).body.meta.total).toBeGreaterThan(0);
      expect(
        (await admin.get('/api/payment/gettable', { per_page: 100 })).body.data.some((p: any) => p.kind === 'refund'),
      ).toBe(true);
      expect(await identityViolations(demo.db)).toEqual([]);
    } finally {
      await demo.close();
    }
  });
});
