import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { addDays, todayBangkok } from '@khabkhi/thai';
import { auditLog } from '../../src/db/schema/core.js';
import type { TestApp } from '../helpers.js';
import { counts, customer, moneySuite, type Catalog } from '../money/fixtures.js';

const suite = moneySuite();
let t: TestApp;
let cat: Catalog;
beforeAll(() => {
  ({ t, cat } = suite);
});

describe('customer privacy across branches', () => {
  const c = customer({
    fname: 'ความลับ',
    phone_1: '081-234-5678',
    birthday: '1999-04-13',
    address: '12/3',
    subdistrict: 'จอมพล',
  });
  let customerId: number;

  beforeAll(async () => {
    const r = await (
      await t.as('malee')
    ).post('/api/application/create', { customer: c, courses: [{ course_id: cat.car }], other_fees: [] });
    expect(r.status, r.body.message).toBe(200);
    customerId = r.body.data.application.customer_id;
  });

  it('another branch typing the ID number sees the name, a masked phone and the branch — no address, birthday or phone', async () => {
    const suda = await t.as('suda'); // cashier at BKN
    const r = await suda.get('/api/customer/check', { idcard: c.idcard });
    expect(r.status, r.body.message).toBe(200);
    expect(r.body.data).toEqual({
      limited: true,
      customer_id: customerId,
      is_foreigner: false,
      idcard: c.idcard,
      prefix: 'นางสาว',
      fname: 'ความลับ',
      sname: 'ใจดี',
      name: 'นางสาวความลับ ใจดี',
      phone_masked: '081-xxx-5678',
      branch_name: expect.stringContaining('สำนักงานใหญ่'),
    });
    expect(JSON.stringify(r.body)).not.toContain('0812345678');
    expect(JSON.stringify(r.body)).not.toContain('จอมพล');
    expect(r.body.message).toMatch(/ตรวจบัตรประชาชน/);
  });

  it('the branch that registered the customer and the head office see the whole record', async () => {
    for (const u of ['malee', 'admin']) {
      const r = await (await t.as(u)).get('/api/customer/check', { idcard: c.idcard });
      expect(r.body.data, u).toMatchObject({
        limited: false,
        phone_1: '0812345678',
        birthday: '1999-04-13',
        address: '12/3',
        subdistrict: 'จอมพล',
      });
    }
  });

  it('a wrong birthday is refused and audited; the birthday on the ID card releases the record, audited', async () => {
    const suda = await t.as('suda');
    const wrong = await suda.post('/api/customer/confirm', { idcard: c.idcard, birthday: '1999-04-14' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('วันเกิด: ไม่ตรงกับข้อมูลลูกค้า กรุณาตรวจบัตรประชาชนของลูกค้าอีกครั้ง');
    const right = await suda.post('/api/customer/confirm', { idcard: c.idcard, birthday: '1999-04-13' });
    expect(right.status, right.body.message).toBe(200);
    expect(right.body.data).toMatchObject({ limited: false, phone_1: '0812345678', address: '12/3' });
    const rows = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'customer'), eq(auditLog.entity_id, String(customerId))));
    expect(rows.map((r) => r.action)).toEqual(expect.arrayContaining(['confirm-refused', 'confirm']));
  });

  it('five wrong birthdays in a row stop the guessing (429) even with the right one afterwards', async () => {
    const anan = await t.as('anan'); // manager at BKN
    for (let i = 0; i < 5; i++)
      expect(
        (await anan.post('/api/customer/confirm', { idcard: c.idcard, birthday: `1990-01-0${i + 1}` })).status,
      ).toBe(400);
    const blocked = await anan.post('/api/customer/confirm', { idcard: c.idcard, birthday: '1999-04-13' });
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toMatch(/เกิน 5 ครั้ง/);
  });

  it('once the customer registers at the other branch, that branch sees the whole record; blank fields did not wipe it', async () => {
    const suda = await t.as('suda');
    // registered from the limited view: only the names typed, address, birthday and phone left blank
    const blank = customer({
      idcard: c.idcard,
      fname: c.fname,
      birthday: null,
      address: '',
      moo: '',
      soi: '',
      street: '',
      subdistrict: '',
      district: '',
      province: '',
      postcode: '',
      phone_1: '',
    });
    const r = await suda.post('/api/application/create', {
      customer: blank,
      courses: [{ course_id: cat.bknCar }],
      other_fees: [],
    });
    expect(r.status, r.body.message).toBe(200);
    expect((await suda.get('/api/customer/check', { idcard: c.idcard })).body.data).toMatchObject({
      limited: false,
      address: '12/3',
      subdistrict: 'จอมพล',
      phone_1: '0812345678',
      birthday: '1999-04-13',
    });
  });
});

describe('inputs that cannot be right', () => {
  it('a birthday in the future is refused with a Thai message and nothing is written', async () => {
    const malee = await t.as('malee');
    const before = await counts(t.db);
    const r = await malee.post('/api/application/create', {
      customer: customer({ birthday: addDays(todayBangkok(), 1) }),
      courses: [{ course_id: cat.car }],
      other_fees: [],
    });
    expect(r.status).toBe(400);
    expect(r.body.message).toMatch(/วันเกิด.*ต้องไม่เป็นวันในอนาคต/);
    expect(await counts(t.db)).toEqual(before);
  });

  it('a name longer than 100 characters is refused, not cut', async () => {
    const r = await (
      await t.as('malee')
    ).post('/api/application/create', {
      customer: customer({ fname: 'ก'.repeat(101) }),
      courses: [{ course_id: cat.car }],
      other_fees: [],
    });
    expect(r.status).toBe(400);
    expect(r.body.message).toMatch(/ชื่อ/);
  });

  it('minimum ages per course type are settings: 18 for a car and 15 for a motorcycle, changed by the head office only', async () => {
    const admin = await t.as('admin');
    const list = await admin.get('/api/course/type/list');
    expect(list.body.data).toEqual(
      expect.arrayContaining([
        { name: 'รถยนต์', min_age: 18 },
        { name: 'รถจักรยานยนต์', min_age: 15 },
      ]),
    );
    const opts = await (await t.as('malee')).get('/api/application/getforregister');
    expect(opts.body.data.min_ages).toMatchObject({ รถยนต์: 18, รถจักรยานยนต์: 15 });
    expect((await (await t.as('anan')).put('/api/course/type/update', { name: 'รถยนต์', min_age: 17 })).status).toBe(
      403,
    );
    const up = await admin.put('/api/course/type/update', { name: 'รถจักรยานยนต์', min_age: 16 });
    expect(up.status, up.body.message).toBe(200);
    expect(up.body.data).toContainEqual({ name: 'รถจักรยานยนต์', min_age: 16 });
    expect((await admin.put('/api/course/type/update', { name: 'รถจักรยานยนต์', min_age: -1 })).status).toBe(400);
  });

  it('the photo size limit the web shows is the server’s UPLOAD_MAX_BYTES', async () => {
    const r = await (await t.as('malee')).get('/api/files/limits');
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual({ upload_max_bytes: t.config.uploadMaxBytes });
    expect((await t.call('GET', '/api/files/limits')).status).toBe(401);
  });
});
