import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { buddhistYear, todayBangkok } from '@khabkhi/thai';
import type { TestApp } from '../helpers.js';
import { counts, customer, identityViolations, newIdcard, type Catalog, moneySuite } from './fixtures.js';

const suite = moneySuite();
const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;
const be = buddhistYear(todayBangkok());
let t: TestApp;
let cat: Catalog;
beforeAll(() => {
  ({ t, cat } = suite);
});

const body = (over: Record<string, unknown> = {}) => ({
  customer: customer(),
  courses: [{ course_id: cat.car }],
  other_fees: [{ other_fee_id: cat.rent }, { other_fee_id: cat.medical }],
  ...over,
});

describe('application/create', () => {
  it('registers with a promotion, two fees and a cash deposit: prices from the catalog, money identities, receipt number', async () => {
    const malee = await t.as('malee');
    const r = await malee.post(
      '/api/application/create',
      body({
        courses: [
          {
            course_id: cat.car,
            promotion_code: cat.promo.pct10.toLowerCase(),
            discount: '650',
            exam_date: '2026-12-20',
          },
        ],
        payment: { paid: '3000', pay_type: 'cash', note: 'มัดจำ' },
      }),
    );
    expect(r.status, r.body.message).toBe(200);
    const a = r.body.data.application;
    expect(a.application_code).toBe(`AP-HQ-${be}-000001`);
    expect(a.total).toBe('7120.75'); // 6500 + 500 + 120.75
    expect(a.discount).toBe('650'); // 10% of 6500
    expect(a.net).toBe('6470.75');
    expect(a.paid).toBe('3000');
    expect(a.balance).toBe('3470.75');
    expect(a.status).toBe('ค้างชำระ');
    expect(a.courses[0]).toMatchObject({
      cost: '6500',
      discount: '650',
      promotion_code: cat.promo.pct10,
      exam_date: '2026-12-20',
      course_type: 'รถยนต์',
    });
    expect(a.other_fees.map((f: any) => f.cost)).toEqual(['500', '120.75']);
    expect(a.payments).toHaveLength(1);
    expect(a.payments[0]).toMatchObject({
      payment_code: `RC-HQ-${be}-000001`,
      pay_type: 'cash',
      paid: '3000',
      note: 'มัดจำ',
      kind: 'payment',
    });
    expect(a.customer).toMatchObject({ fname: 'สมหญิง', sname: 'ใจดี', age: expect.any(Number) });
    expect(r.body.data.pdf).toMatch(/^\/api\/documents\//);
    expect(r.body.data.application_pdf).toMatch(/^\/api\/documents\//);
    expect(r.body.message).toContain(a.application_code);
    expect(await identityViolations(t.db)).toEqual([]);
  });

  it('without a payment: balance = net, no receipt, no pdf', async () => {
    const r = await (await t.as('malee')).post('/api/application/create', body({ other_fees: [] }));
    expect(r.status, r.body.message).toBe(200);
    expect(r.body.data.application).toMatchObject({
      total: '6500',
      discount: '0',
      net: '6500',
      paid: '0',
      balance: '6500',
      status: 'ค้างชำระ',
      payments: [],
    });
    expect(r.body.data.pdf).toBeNull();
  });

  it('keeps the prices it was registered at: a later price change alters neither its lines, its balance nor its next receipt', async () => {
    const malee = await t.as('malee');
    const created = await malee.post('/api/application/create', body({ payment: { paid: '1000', pay_type: 'cash' } }));
    expect(created.status, created.body.message).toBe(200);
    const id = created.body.data.application.application_id;
    const somchai = await t.as('somchai');
    expect((await somchai.put('/api/course/update', { course_id: cat.car, price: '7900' })).status).toBe(200);
    expect((await somchai.put('/api/otherfee/update', { other_fee_id: cat.rent, price: '800' })).status).toBe(200);
    const after = (await malee.get(`/api/application/get/${id}`)).body.data;
    expect(after.courses.map((c: any) => c.cost)).toEqual(['6500']);
    expect(after.other_fees.map((f: any) => f.cost)).toEqual(['500', '120.75']);
    expect(after).toMatchObject({ total: '7120.75', net: '7120.75', paid: '1000', balance: '6120.75' });
    const paid = await malee.post('/api/application/paybalance', {
      application_id: id,
      paid: '6120.75',
      pay_type: 'transfer',
    });
    expect(paid.status, paid.body.message).toBe(200);
    expect(paid.body.data.application).toMatchObject({ balance: '0', status: 'ชำระครบ' });
    const [receipt] = rowsOf<{ snapshot: any }>(
      await t.db.execute(sql`select snapshot from receipts where payment_id = ${paid.body.data.payment.payment_id}`),
    );
    expect(receipt!.snapshot.items.map((i: any) => i.amount)).toEqual(['6500', '500', '120.75']);
    expect(receipt!.snapshot.totals).toMatchObject({
      total: '7120.75',
      paid_before: '1000',
      amount: '6120.75',
      balance_after: '0',
    });
    // the catalog's new prices are what a new registration gets
    const next = await malee.post('/api/application/create', body());
    expect(next.body.data.application.courses[0].cost).toBe('7900');
    expect(next.body.data.application.other_fees[0].cost).toBe('800');
    await somchai.put('/api/course/update', { course_id: cat.car, price: '6500' });
    await somchai.put('/api/otherfee/update', { other_fee_id: cat.rent, price: '500' });
    expect(await identityViolations(t.db)).toEqual([]);
  });

  it('full payment by transfer → ชำระครบ; a fixed-amount promotion', async () => {
    const r = await (
      await t.as('malee')
    ).post(
      '/api/application/create',
      body({
        courses: [{ course_id: cat.car, promotion_code: cat.promo.fixed500, discount: '500' }],
        other_fees: [],
        payment: { paid: '6000', pay_type: 'transfer' },
      }),
    );
    expect(r.status, r.body.message).toBe(200);
    expect(r.body.data.application).toMatchObject({
      discount: '500',
      net: '6000',
      paid: '6000',
      balance: '0',
      status: 'ชำระครบ',
    });
  });

  it('a returning customer is found by ID, updated, not duplicated', async () => {
    const malee = await t.as('malee');
    const idcard = newIdcard();
    const first = await malee.post(
      '/api/application/create',
      body({ customer: customer({ idcard, phone_1: '0811111111' }), other_fees: [] }),
    );
    expect(first.status).toBe(200);
    const check = await malee.get('/api/customer/check', { idcard });
    expect(check.status).toBe(200);
    expect(check.body.status).toBe('success');
    expect(check.body.data).toMatchObject({
      idcard,
      fname: 'สมหญิง',
      phone_1: '0811111111',
      customer_id: first.body.data.application.customer_id,
    });
    const before = await counts(t.db);
    const second = await malee.post(
      '/api/application/create',
      body({
        customer: customer({ idcard, phone_1: '0899999999', customer_id: check.body.data.customer_id }),
        courses: [{ course_id: cat.moto }],
        other_fees: [],
      }),
    );
    expect(second.status, second.body.message).toBe(200);
    expect(second.body.data.application.customer_id).toBe(first.body.data.application.customer_id);
    expect(second.body.data.application.customer.phone_1).toBe('0899999999');
    expect((await counts(t.db)).customers).toBe(before.customers);
  });

  it('customer/check answers a Thai 404 for an unknown or malformed ID', async () => {
    const malee = await t.as('malee');
    const r = await malee.get('/api/customer/check', { idcard: newIdcard() });
    expect(r.status).toBe(404);
    expect(r.body).toMatchObject({ status: 'error', message: 'ไม่พบข้อมูลลูกค้า' });
    expect((await malee.get('/api/customer/check', { idcard: '123' })).status).toBe(404);
  });

  it('a foreigner registers with a passport number', async () => {
    const r = await (
      await t.as('malee')
    ).post(
      '/api/application/create',
      body({
        customer: customer({ is_foreigner: true, idcard: 'aa1234567', prefix: 'Mr.', fname: 'John', sname: 'Smith' }),
        other_fees: [],
      }),
    );
    expect(r.status, r.body.message).toBe(200);
    expect(r.body.data.application.customer.idcard).toBe('AA1234567');
    const check = await (await t.as('malee')).get('/api/customer/check', { idcard: 'AA1234567', is_foreigner: true });
    expect(check.status).toBe(200);
  });

  const rejects: [string, () => Record<string, unknown>, number, RegExp][] = [
    [
      'a wrong national-ID checksum',
      () => body({ customer: customer({ idcard: '1234567890123' }) }),
      400,
      /เลขบัตรประชาชน/,
    ],
    ['no course line', () => body({ courses: [] }), 400, /อย่างน้อย 1 หลักสูตร/],
    ['an inactive course', () => body({ courses: [{ course_id: cat.carInactive }] }), 400, /ปิดใช้งาน/],
    ['another branch’s course', () => body({ courses: [{ course_id: cat.bknCar }] }), 400, /ไม่ได้เปิดสอนที่สำนักงานใหญ่/],
    ['a course that does not exist', () => body({ courses: [{ course_id: 999999 }] }), 400, /ไม่พบหลักสูตร/],
    ['a request fee as an other fee', () => body({ other_fees: [{ other_fee_id: cat.requestFee }] }), 400, /ค่าคำร้อง/],
    [
      'an expired promotion',
      () => body({ courses: [{ course_id: cat.car, promotion_code: cat.promo.expired }] }),
      400,
      /หมดอายุ|สิ้นสุด/,
    ],
    [
      'a promotion not started',
      () => body({ courses: [{ course_id: cat.car, promotion_code: cat.promo.future }] }),
      400,
      /ยังไม่ถึง|เริ่ม/,
    ],
    [
      'a promotion for another course type',
      () => body({ courses: [{ course_id: cat.car, promotion_code: cat.promo.motoOnly }] }),
      400,
      /ประเภท/,
    ],
    [
      'an inactive promotion',
      () => body({ courses: [{ course_id: cat.car, promotion_code: cat.promo.inactive }] }),
      400,
      /ปิด/,
    ],
    ['an unknown promotion', () => body({ courses: [{ course_id: cat.car, promotion_code: 'NOPE' }] }), 400, /ไม่พบ/],
    ['a payment above net', () => body({ payment: { paid: '99999', pay_type: 'cash' } }), 400, /มากกว่ายอดสุทธิ/],
    ['a zero payment', () => body({ payment: { paid: '0', pay_type: 'cash' } }), 400, /มากกว่า 0/],
    ['a negative payment', () => body({ payment: { paid: '-5', pay_type: 'cash' } }), 400, /ยอดชำระ|การชำระเงิน/],
    ['three decimals', () => body({ payment: { paid: '10.005', pay_type: 'cash' } }), 400, /ยอดชำระ|การชำระเงิน/],
    ['a float payment', () => body({ payment: { paid: 100, pay_type: 'cash' } }), 400, /ยอดชำระ|การชำระเงิน/],
    ['an unknown pay type', () => body({ payment: { paid: '100', pay_type: 'card' } }), 400, /ประเภทการชำระ/],
    ['a cost sent by the client', () => body({ courses: [{ course_id: cat.car, cost: '1' }] }), 400, /cost|ราคา/],
    ['an unknown field', () => ({ ...body(), hacked: true }), 400, /hacked/],
    [
      'a missing customer',
      () => {
        const b = body();
        delete (b as any).customer;
        return b;
      },
      400,
      /customer|ลูกค้า/,
    ],
    ['a future birthday', () => body({ customer: customer({ birthday: '2999-01-01' }) }), 400, /วันเกิด/],
    [
      'an impossible exam date',
      () => body({ courses: [{ course_id: cat.car, exam_date: '2026-02-30' }] }),
      400,
      /^วันสอบ รายการที่ 1: ไม่ใช่วันที่ที่มีอยู่จริง/,
    ],
    ['an oversized name', () => body({ customer: customer({ fname: 'ก'.repeat(500) }) }), 400, /ชื่อ/],
  ];
  for (const [what, make, status, message] of rejects) {
    it(`refuses ${what} with a Thai ${status} and writes nothing`, async () => {
      const before = await counts(t.db);
      const r = await (await t.as('malee')).post('/api/application/create', make());
      expect(r.status).toBe(status);
      expect(r.body.status).toBe('error');
      expect(r.body.message).toMatch(message);
      expect(await counts(t.db)).toEqual(before);
    });
  }

  it('a promotion limited to one use is used once; the second registration is refused and nothing is written', async () => {
    const malee = await t.as('malee');
    const ok = await malee.post(
      '/api/application/create',
      body({ courses: [{ course_id: cat.car, promotion_code: cat.promo.once, discount: '325' }], other_fees: [] }),
    );
    expect(ok.status, ok.body.message).toBe(200);
    const before = await counts(t.db);
    const again = await malee.post(
      '/api/application/create',
      body({ courses: [{ course_id: cat.car, promotion_code: cat.promo.once, discount: '325' }], other_fees: [] }),
    );
    expect(again.status).toBe(400);
    expect(again.body.message).toMatch(/ครบ/);
    expect(await counts(t.db)).toEqual(before);
  });

  it('guards: an instructor cannot register; a BKN cashier cannot register at HQ nor read an HQ application', async () => {
    const created = await (await t.as('malee')).post('/api/application/create', body({ other_fees: [] }));
    const id = created.body.data.application.application_id;
    expect((await (await t.as('prasert')).post('/api/application/create', body())).status).toBe(403);
    const suda = await t.as('suda');
    expect((await suda.post('/api/application/create', body({ branch_id: cat.hq }))).status).toBe(403);
    expect((await suda.get(`/api/application/get/${id}`)).status).toBe(403);
    expect(
      (await suda.post('/api/application/paybalance', { application_id: id, paid: '1', pay_type: 'cash' })).status,
    ).toBe(403);
    expect((await suda.post('/api/application/pdf', { application_id: id })).status).toBe(403);
    const own = await suda.post(
      '/api/application/create',
      body({ courses: [{ course_id: cat.bknCar }], other_fees: [] }),
    );
    expect(own.status, own.body.message).toBe(200);
    expect(own.body.data.application.application_code).toMatch(new RegExp(`^AP-BKN-${be}-\\d{6}$`));
    const list = await suda.get('/api/application/gettable', { per_page: 100 });
    expect(list.body.data.every((row: any) => row.branch_id === cat.bkn)).toBe(true);
    expect((await suda.get('/api/application/gettable', { branch: cat.hq })).status).toBe(403);
  });
});

describe('checkpromotion', () => {
  it('answers the discount for the line, capped at the cost', async () => {
    const malee = await t.as('malee');
    const r = await malee.post('/api/application/checkpromotion', {
      index: 2,
      code: cat.promo.pct10,
      course_id: cat.moto,
    });
    expect(r.status, r.body.message).toBe(200);
    expect(r.body.data).toMatchObject({ index: 2, discount: '350.05', code: cat.promo.pct10 });
    const bad = await malee.post('/api/application/checkpromotion', {
      index: 0,
      code: cat.promo.expired,
      course_id: cat.car,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.status).toBe('error');
  });
});

describe('lists', () => {
  it('gettable filters by status, type and text, with Thai filter options', async () => {
    const malee = await t.as('malee');
    const idcard = newIdcard();
    await malee.post(
      '/api/application/create',
      body({
        customer: customer({ idcard, fname: 'ค้นหาเจอ', phone_1: '0867776655' }),
        courses: [{ course_id: cat.moto }],
        other_fees: [],
      }),
    );
    const all = await malee.get('/api/application/gettable', { per_page: 100 });
    expect(all.status).toBe(200);
    expect(all.body.filter.status[0]).toEqual({ name: 'ทั้งหมด', value: 'ทั้งหมด' });
    expect(all.body.filter.status).toContainEqual({ name: 'ค้างชำระ', value: 'ค้างชำระ' });
    expect(all.body.filter.branch[0]).toMatchObject({ value: 'ทั้งหมด' });
    expect(all.body.meta).toMatchObject({ page: 1, per_page: 100 });
    for (const text of ['ค้นหาเจอ', idcard, '0867776655']) {
      const r = await malee.get('/api/application/gettable', { text });
      expect(r.body.data.length, text).toBe(1);
      expect(r.body.data[0].course_names).toContain('หลักสูตรรถจักรยานยนต์');
    }
    const paidUp = await malee.get('/api/application/gettable', { status: 'ชำระครบ', per_page: 100 });
    expect(paidUp.body.data.length).toBeGreaterThan(0);
    expect(paidUp.body.data.every((r: any) => r.status === 'ชำระครบ' && r.balance === '0')).toBe(true);
    const moto = await malee.get('/api/application/gettable', { type: 'รถจักรยานยนต์', per_page: 100 });
    expect(moto.body.data.every((r: any) => r.course_names.includes('จักรยานยนต์'))).toBe(true);
    expect((await malee.get('/api/application/gettable', { per_page: 101 })).status).toBe(400);
  });

  it('getforregister offers the branch’s active courses and fees, pay types and the card agent port', async () => {
    const r = await (await t.as('malee')).get('/api/application/getforregister');
    expect(r.status).toBe(200);
    expect(r.body.data.courses.some((c: any) => c.course_id === cat.car && c.price === '6500')).toBe(true);
    expect(r.body.data.courses.some((c: any) => c.course_id === cat.carInactive)).toBe(false);
    expect(r.body.data.courses.some((c: any) => c.course_id === cat.bknCar)).toBe(false);
    expect(r.body.data.other_fees.some((f: any) => f.other_fee_id === cat.requestFee)).toBe(false);
    expect(r.body.data.request_fees.some((f: any) => f.other_fee_id === cat.requestFee)).toBe(true);
    expect(r.body.data.pay_types).toEqual([
      { value: 'cash', name: 'เงินสด' },
      { value: 'transfer', name: 'โอนเงิน' },
    ]);
    expect(r.body.data.card_agent_port).toBe(8189);
  });

  it('customer/updateprofile changes the profile and keeps the identity unique', async () => {
    const malee = await t.as('malee');
    const a = await malee.post('/api/application/create', body({ other_fees: [] }));
    const c = a.body.data.application.customer;
    const { age, name, branch_id, createdAt, updatedAt, ...fields } = c;
    const r = await malee.put('/api/customer/updateprofile', { ...fields, phone_1: '0822222222' });
    expect(r.status, r.body.message).toBe(200);
    expect(r.body.data.phone_1).toBe('0822222222');
    const other = await malee.post('/api/application/create', body({ other_fees: [] }));
    const dup = await malee.put('/api/customer/updateprofile', {
      ...fields,
      idcard: other.body.data.application.customer.idcard,
    });
    expect(dup.status).toBe(409);
    const suda = await t.as('suda');
    expect((await suda.put('/api/customer/updateprofile', { ...fields })).status).toBe(403);
  });
});
