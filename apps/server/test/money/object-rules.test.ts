/**
 * Object-level rules hold on every path: what one route refuses, another route that touches the same
 * record refuses too. Each case is another branch's record reached through a route other than its own
 * (a customer through the registration form, an application through a request fee, a payment through
 * a void request, a promotion through a registration, a course moved by its branch_id, …): refused, and
 * nothing written.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Client, TestApp } from '../helpers.js';
import { PNG, upload } from '../foundation/fixtures.js';
import { counts, customer, moneySuite, type Catalog } from './fixtures.js';

const suite = moneySuite();
let t: TestApp;
let cat: Catalog;
beforeAll(() => {
  ({ t, cat } = suite);
});

const one = async <T = Record<string, any>>(q: ReturnType<typeof sql>) =>
  ((await t.db.execute(q)) as unknown as { rows: T[] }).rows[0]!;
/** everything a refused call must leave as it was: the money counts, the audit log, the catalog and the customers */
async function state() {
  return {
    ...(await counts(t.db)),
    ...(await one(sql`select (select count(*)::int from audit_log) as audit, (select count(*)::int from money_requests) as requests,
      (select count(*)::int from cash_closes) as closes, (select count(*)::int from users) as users,
      (select md5(coalesce(string_agg(row_to_json(c)::text, '' order by course_id), '')) from courses c) as courses,
      (select md5(coalesce(string_agg(row_to_json(p)::text, '' order by payment_id), '')) from payments p) as payment_rows,
      (select md5(coalesce(string_agg(row_to_json(c)::text, '' order by customer_id), '')) from customers c) as customer_rows`)),
  };
}

async function refused(
  what: string,
  call: () => Promise<{ status: number; body: { status: string; message: string } }>,
  status = 403,
  message?: RegExp,
) {
  const before = await state();
  const r = await call();
  expect({ what, status: r.status, envelope: r.body.status }, r.body.message).toEqual({
    what,
    status,
    envelope: 'error',
  });
  expect(r.body.message, what).toMatch(message ?? /[ก-๙]/);
  expect(await state(), what).toEqual(before);
}

const storedCustomer = (id: number) =>
  one<{ phone_1: string; fname: string; address: string }>(
    sql`select phone_1, fname, address from customers where customer_id = ${id}`,
  );
const customerUpdates = async (id: number) =>
  (
    await one<{ n: number }>(
      sql`select count(*)::int as n from audit_log where entity = 'customer' and entity_id = ${String(id)} and action = 'update'`,
    )
  ).n;

describe('a customer record changes only for a user who may edit that customer', () => {
  let hqCustomer: ReturnType<typeof customer> & { customer_id: number };
  let suda: Client;
  beforeAll(async () => {
    suda = await t.as('suda');
    const c = customer({ phone_1: '0811111111', fname: 'ลูกค้าสำนักงานใหญ่' });
    const r = await (
      await t.as('malee')
    ).post('/api/application/create', { customer: c, courses: [{ course_id: cat.car }], other_fees: [] });
    expect(r.status, r.body.message).toBe(200);
    hqCustomer = { ...c, customer_id: r.body.data.application.customer.customer_id };
  });

  it('another branch’s cashier: updateprofile refuses, and application/create registers her without touching the stored record', async () => {
    const changed = { ...hqCustomer, phone_1: '0899999999', fname: 'ชื่อที่ถูกแก้', address: 'ที่อยู่ใหม่' };
    await refused('updateprofile of an HQ customer', () => suda.put('/api/customer/updateprofile', changed));
    const auditsBefore = await customerUpdates(hqCustomer.customer_id);
    const unchanged = { phone_1: '0811111111', fname: 'ลูกค้าสำนักงานใหญ่', address: hqCustomer.address };

    // the same change through the registration forms (without and with the customer_id the form keeps):
    // each document is made for the customer as stored, and the customer stays as stored
    const { customer_id: _id, ...form } = changed;
    const r = await suda.post('/api/application/create', {
      customer: form,
      courses: [{ course_id: cat.bknCar }],
      other_fees: [],
    });
    expect(r.status, r.body.message).toBe(200);
    expect(r.body.data.application.customer).toMatchObject({ customer_id: hqCustomer.customer_id, ...unchanged });
    expect(await storedCustomer(hqCustomer.customer_id)).toEqual(unchanged);
    expect(await customerUpdates(hqCustomer.customer_id)).toBe(auditsBefore);
  });

  it('once the customer studies at her branch, both paths let her edit (one rule, asked by both)', async () => {
    const r = await suda.post('/api/applicationfee/create', {
      customer: { ...hqCustomer, phone_1: '0866666666' },
      other_fees: [{ other_fee_id: cat.bknFee }],
    });
    expect(r.status, r.body.message).toBe(200);
    expect((await storedCustomer(hqCustomer.customer_id)).phone_1).toBe('0866666666');
    const p = await suda.put('/api/customer/updateprofile', { ...hqCustomer, phone_1: '0877777777' });
    expect(p.status, p.body.message).toBe(200);
    expect((await storedCustomer(hqCustomer.customer_id)).phone_1).toBe('0877777777');
    // an instructor of the head office reads customers but may edit none, on either path
    await refused('updateprofile by an instructor', () =>
      t.as('prasert').then((c) => c.put('/api/customer/updateprofile', { ...hqCustomer, phone_1: '0800000000' })),
    );
  });

  it('the head office’s cashier, who may edit the customer, updates it through either path', async () => {
    const malee = await t.as('malee');
    const { customer_id: _id, ...form } = hqCustomer;
    const r = await malee.post('/api/application/create', {
      customer: { ...form, phone_1: '0822222222' },
      courses: [{ course_id: cat.car }],
      other_fees: [],
    });
    expect(r.status, r.body.message).toBe(200);
    expect((await storedCustomer(hqCustomer.customer_id)).phone_1).toBe('0822222222');
    const p = await malee.put('/api/customer/updateprofile', { ...hqCustomer, phone_1: '0833333333' });
    expect(p.status, p.body.message).toBe(200);
    expect((await storedCustomer(hqCustomer.customer_id)).phone_1).toBe('0833333333');
  });

  it('a customer of the cashier’s own branch is updated by her registration, as before', async () => {
    const c = customer({ phone_1: '0844444444' });
    expect(
      (
        await suda.post('/api/application/create', {
          customer: c,
          courses: [{ course_id: cat.bknCar }],
          other_fees: [],
        })
      ).status,
    ).toBe(200);
    const r = await suda.post('/api/application/create', {
      customer: { ...c, phone_1: '0855555555' },
      courses: [{ course_id: cat.bknCar }],
      other_fees: [],
    });
    expect(r.status, r.body.message).toBe(200);
    expect(r.body.data.application.customer.phone_1).toBe('0855555555');
  });

  it('a customer_id that is not the customer of the identity typed is refused', async () => {
    const other = customer();
    await refused(
      'customer_id of another person',
      () =>
        suda.post('/api/application/create', {
          customer: { ...other, customer_id: hqCustomer.customer_id },
          courses: [{ course_id: cat.bknCar }],
          other_fees: [],
        }),
      400,
      /^เลขบัตรประชาชน: ไม่ตรงกับลูกค้าที่เลือก/,
    );
  });
});

describe('another branch’s records through other routes', () => {
  let hqApp: number;
  let hqPayment: number;
  let hqRequest: number;
  beforeAll(async () => {
    const malee = await t.as('malee');
    const r = await malee.post('/api/application/create', {
      customer: customer(),
      courses: [{ course_id: cat.car }],
      other_fees: [],
      payment: { paid: '1000', pay_type: 'cash' },
    });
    expect(r.status, r.body.message).toBe(200);
    hqApp = r.body.data.application.application_id;
    hqPayment = r.body.data.payment_id;
    const second = await malee.post('/api/application/paybalance', {
      application_id: hqApp,
      paid: '500',
      pay_type: 'cash',
    });
    expect(second.status, second.body.message).toBe(200);
    const req = await malee.post('/api/payment/request-delete', {
      payment_id: second.body.data.payment.payment_id,
      note: 'บันทึกผิด',
    });
    expect(req.status, req.body.message).toBe(200);
    hqRequest = req.body.data.request_id;
  });

  it('the money routes refuse an HQ application, payment or request to BKN staff, whichever route names it', async () => {
    const suda = await t.as('suda');
    const anan = await t.as('anan');
    await refused('create at another branch by branch_id', () =>
      suda.post('/api/application/create', {
        branch_id: cat.hq,
        customer: customer(),
        courses: [{ course_id: cat.car }],
        other_fees: [],
      }),
    );
    await refused('a fee application at another branch by branch_id', () =>
      suda.post('/api/applicationfee/create', {
        branch_id: cat.hq,
        customer: customer(),
        other_fees: [{ other_fee_id: cat.rent }],
      }),
    );
    await refused('a request fee on another branch’s registration', () =>
      suda.post('/api/applicationrequest/create', {
        application_id: hqApp,
        request_fees: [{ request_fee_id: cat.requestFee }],
      }),
    );
    await refused('a payment on another branch’s application', () =>
      suda.post('/api/application/paybalance', { application_id: hqApp, paid: '100', pay_type: 'cash' }),
    );
    await refused('a refund on another branch’s application', () =>
      anan.post('/api/application/refund', { application_id: hqApp, value: '100', note: 'คืน' }),
    );
    await refused('cancelling another branch’s application', () =>
      anan.del('/api/application/delete', { application_id: hqApp }),
    );
    await refused('cancelling it by POST', () => anan.post('/api/application/delete', { application_id: hqApp }));
    await refused('its receipt link', () =>
      suda.post('/api/application/pdfpayment', { application_id: hqApp, payment_id: hqPayment }),
    );
    await refused('a receipt by payment id', () => suda.post('/api/payment/pdf', { payment_id: hqPayment }));
    await refused('a void request for another branch’s payment', () =>
      suda.post('/api/payment/request-delete', { payment_id: hqPayment, note: 'ผิด' }),
    );
    await refused('a pay-type edit of another branch’s payment', () =>
      anan.put('/api/payment/edit-paytype', { payment_id: hqPayment, pay_type: 'transfer' }),
    );
    await refused('approving another branch’s request', () =>
      anan.post('/api/request/approve', { request_id: hqRequest, approve: true }),
    );
    await refused('closing another branch’s day', () =>
      anan.post('/api/cash-close/close', { branch_id: cat.hq, date: '2026-01-05' }),
    );
  });

  it('the catalog: another branch’s promotion code, course, or a record moved to another branch by its branch_id', async () => {
    const suda = await t.as('suda');
    const anan = await t.as('anan');
    await refused(
      'an HQ promotion code on a BKN registration',
      () =>
        suda.post('/api/application/create', {
          customer: customer(),
          courses: [{ course_id: cat.bknCar, promotion_code: cat.promo.pct10 }],
          other_fees: [],
        }),
      400,
      /ไม่พบรหัสส่วนลด .* ของสาขานี้/,
    );
    await refused('checking a code at another branch', () =>
      suda.post('/api/application/checkpromotion', {
        index: 0,
        code: cat.promo.pct10,
        course_id: cat.car,
        branch_id: cat.hq,
      }),
    );
    await refused('checking a code on another branch’s course', () =>
      suda.post('/api/application/checkpromotion', { index: 0, code: cat.promo.pct10, course_id: cat.car }),
    );
    await refused(
      'an HQ course on a BKN registration',
      () =>
        suda.post('/api/application/create', {
          customer: customer(),
          courses: [{ course_id: cat.car }],
          other_fees: [],
        }),
      400,
      /ไม่ได้เปิดสอนที่สำนักงานใหญ่|ไม่ได้เปิดสอนที่สาขาบางเขน/,
    );
    await refused(
      'an HQ fee on a BKN fee application',
      () => suda.post('/api/applicationfee/create', { customer: customer(), other_fees: [{ other_fee_id: cat.rent }] }),
      400,
      /ไม่ได้เปิดที่สาขาบางเขน/,
    );
    await refused('editing an HQ course', () => anan.put('/api/course/update', { course_id: cat.car, price: '1' }));
    await refused('moving a BKN course to HQ', () =>
      anan.put('/api/course/update', { course_id: cat.bknCar, branch_id: cat.hq }),
    );
    await refused('creating a course at HQ', () =>
      anan.post('/api/course/create', { branch_id: cat.hq, name: 'หลักสูตรแอบสร้าง', price: '1', type: 'รถยนต์' }),
    );
  });

  it('an employee photo uploaded at another branch cannot be attached by a BKN manager', async () => {
    const photo = (await upload(t, (await t.as('malee')).token, PNG)).body.data.file_id as string;
    const anan = await t.as('anan');
    const role = (await anan.get('/api/user/listforregister')).body.data.role.find(
      (r: { slug: string }) => r.slug === 'cashier',
    ).role_id;
    await refused(
      'another branch’s photo',
      () =>
        anan.post('/api/user/register', {
          username: 'photo_thief',
          password: 'photo-thief-1',
          role_id: role,
          branch_id: cat.bkn,
          fname: 'ทดสอบ',
          photo,
        }),
      403,
      /^รูปถ่าย: /,
    );
  });
});
