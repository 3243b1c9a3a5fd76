import { beforeAll, describe, expect, it } from 'vitest';
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

async function paidApplication(cash: string, transfer?: string) {
  const malee = await t.as('malee');
  const r = await malee.post('/api/application/create', {
    customer: customer(),
    courses: [{ course_id: cat.car }],
    other_fees: [],
    payment: { paid: cash, pay_type: 'cash' },
  });
  expect(r.status, r.body.message).toBe(200);
  if (transfer) {
    const p = await malee.post('/api/application/paybalance', {
      application_id: r.body.data.application.application_id,
      paid: transfer,
      pay_type: 'transfer',
    });
    expect(p.status).toBe(200);
  }
  return r.body.data.application.application_id as number;
}

describe('application/refund', () => {
  it('a partial refund is a new negative entry with its own number; status คืนเงินบางส่วน; no more payments', async () => {
    const somchai = await t.as('somchai');
    const id = await paidApplication('3000', '1000');
    const r = await somchai.post('/api/application/refund', {
      application_id: id,
      note: 'ผู้เรียนย้ายไปต่างจังหวัด',
      value: '500',
      pay_type: 'cash',
    });
    expect(r.status, r.body.message).toBe(200);
    expect(r.body.data.mode).toBe('refund');
    expect(r.body.data.payment).toMatchObject({
      kind: 'refund',
      paid: '-500',
      pay_type: 'cash',
      note: 'ผู้เรียนย้ายไปต่างจังหวัด',
    });
    expect(r.body.data.payment.payment_code).toMatch(new RegExp(`^RF-HQ-${be}-\\d{6}$`));
    expect(r.body.data.pdf).toMatch(/^\/api\/documents\//);
    expect(r.body.data.application).toMatchObject({
      paid: '3500',
      refunded: '500',
      balance: '3000',
      status: 'คืนเงินบางส่วน',
    });
    expect(r.body.data.application.payments).toHaveLength(3);
    const more = await (
      await t.as('malee')
    ).post('/api/application/paybalance', { application_id: id, paid: '10', pay_type: 'cash' });
    expect(more.status).toBe(400);
    expect(await identityViolations(t.db)).toEqual([]);
  });

  it('refunding everything gives คืนเงิน; more than paid, or more than paid by that type, is refused and writes nothing', async () => {
    const somchai = await t.as('somchai');
    const id = await paidApplication('2000', '1000');
    const before = await counts(t.db);
    const tooMuch = await somchai.post('/api/application/refund', { application_id: id, note: 'ผิด', value: '3000.01' });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.message).toMatch(/มากกว่ายอดที่ชำระไว้ 3,000.00 บาท/);
    const byType = await somchai.post('/api/application/refund', {
      application_id: id,
      note: 'ผิด',
      value: '1500',
      pay_type: 'transfer',
    });
    expect(byType.status).toBe(400);
    expect(byType.body.message).toMatch(/โอนเงิน/);
    const noReason = await somchai.post('/api/application/refund', { application_id: id, note: '', value: '10' });
    expect(noReason.status).toBe(400);
    expect(await counts(t.db)).toEqual(before);
    await somchai.post('/api/application/refund', {
      application_id: id,
      note: 'ยกเลิกเรียน',
      value: '2000',
      pay_type: 'cash',
    });
    const all = await somchai.post('/api/application/refund', {
      application_id: id,
      note: 'ยกเลิกเรียน',
      value: '1000',
      pay_type: 'transfer',
    });
    expect(all.body.data.application).toMatchObject({ paid: '0', refunded: '3000', status: 'คืนเงิน' });
    const none = await somchai.post('/api/application/refund', { application_id: id, note: 'อีก', value: '1' });
    expect(none.status).toBe(400);
  });

  it('a cashier may not refund; a BKN manager may not refund an HQ application', async () => {
    const id = await paidApplication('1000');
    expect(
      (await (await t.as('malee')).post('/api/application/refund', { application_id: id, note: 'x', value: '1' }))
        .status,
    ).toBe(403);
    expect(
      (await (await t.as('anan')).post('/api/application/refund', { application_id: id, note: 'x', value: '1' }))
        .status,
    ).toBe(403);
  });

  it('20 concurrent refunds of 100 on 1,000 paid never refund more than paid', async () => {
    const somchai = await t.as('somchai');
    const admin = await t.as('admin');
    const id = await paidApplication('1000');
    const rs = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        (i % 2 ? somchai : admin).post('/api/application/refund', {
          application_id: id,
          note: `คืน ${i}`,
          value: '100',
          pay_type: 'cash',
        }),
      ),
    );
    expect(rs.filter((r) => r.status === 200)).toHaveLength(10);
    const d = (await somchai.get(`/api/application/get/${id}`)).body.data;
    expect(d).toMatchObject({ paid: '0', refunded: '1000', status: 'คืนเงิน' });
    expect(await identityViolations(t.db)).toEqual([]);
  });
});

describe('application/delete', () => {
  it('cancels an unpaid application (it stays visible as ยกเลิก, its promotion use is given back) and refuses a paid one', async () => {
    const somchai = await t.as('somchai');
    const malee = await t.as('malee');
    const unpaid = await malee.post('/api/application/create', {
      customer: customer(),
      courses: [{ course_id: cat.car, promotion_code: cat.promo.once, discount: '325' }],
      other_fees: [],
    });
    expect(unpaid.status, unpaid.body.message).toBe(200);
    const id = unpaid.body.data.application.application_id;
    expect((await malee.del('/api/application/delete', { application_id: id })).status).toBe(403);
    const del = await somchai.del('/api/application/delete', { application_id: id, note: 'สมัครซ้ำ' });
    expect(del.status, del.body.message).toBe(200);
    expect(del.body.data).toMatchObject({ status: 'ยกเลิก', is_delete: true });
    const list = await somchai.get('/api/application/gettable', { status: 'ยกเลิก' });
    expect(list.body.data.some((r: any) => r.application_id === id)).toBe(true);
    const again = await malee.post('/api/application/create', {
      customer: customer(),
      courses: [{ course_id: cat.car, promotion_code: cat.promo.once, discount: '325' }],
      other_fees: [],
    });
    expect(again.status, again.body.message).toBe(200);
    expect(
      (await malee.post('/api/application/paybalance', { application_id: id, paid: '1', pay_type: 'cash' })).status,
    ).toBe(400);
    const paid = await paidApplication('100');
    const refused = await somchai.del('/api/application/delete', { application_id: paid });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/คืนเงินหรือขอยกเลิกรายการชำระก่อน/);
  });
  it('POST application/delete and POST applicationfee/delete, as SPEC §7 lists them, cancel like DELETE', async () => {
    const somchai = await t.as('somchai');
    const malee = await t.as('malee');
    const course = await malee.post('/api/application/create', {
      customer: customer(),
      courses: [{ course_id: cat.car }],
      other_fees: [],
    });
    const fee = await malee.post('/api/applicationfee/create', {
      customer: customer(),
      other_fees: [{ other_fee_id: cat.rent }],
    });
    expect([course.status, fee.status]).toEqual([200, 200]);
    expect(
      (await malee.post('/api/application/delete', { application_id: course.body.data.application.application_id }))
        .status,
    ).toBe(403);
    const a = await somchai.post('/api/application/delete', {
      application_id: course.body.data.application.application_id,
      note: 'ลูกค้าขอยกเลิก',
    });
    expect(a.status, a.body.message).toBe(200);
    expect(a.body.data).toMatchObject({ status: 'ยกเลิก', is_delete: true });
    const f = await somchai.post('/api/applicationfee/delete', {
      application_id: fee.body.data.application.application_id,
    });
    expect(f.status, f.body.message).toBe(200);
    expect(f.body.data).toMatchObject({ status: 'ยกเลิก', is_delete: true });
    // a course application is not cancelled through the other-fee path
    const other = await malee.post('/api/application/create', {
      customer: customer(),
      courses: [{ course_id: cat.car }],
      other_fees: [],
    });
    expect(
      (await somchai.post('/api/applicationfee/delete', { application_id: other.body.data.application.application_id }))
        .status,
    ).toBe(404);
  });
});
