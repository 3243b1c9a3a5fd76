/**
 * Hours beyond the package: a request fee marked as lesson hours (part and hours), sold through the request application
 * of the student's registration, adds bookable hours to the course line once paid; the hours ledger shows them.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Client, TestApp } from '../helpers.js';
import { moneySuite, type Catalog } from '../money/fixtures.js';
import { DAY, register, setHours, setRules, userId, vehicle } from './fixtures.js';

const suite = moneySuite();
let t: TestApp;
let cat: Catalog;
let admin: Client;
let malee: Client;
let prasert = 0;
let car = 0;

beforeAll(async () => {
  ({ t, cat } = suite);
  admin = await t.as('admin');
  malee = await t.as('malee');
  prasert = (await userId(t, 'prasert')).id;
  await setRules(admin);
  await setHours(admin, cat.hq, prasert);
  car = await vehicle(t, cat.hq);
  // a package of one practice hour, so the extra hours are what makes the next booking possible
  await t.db.execute(sql`update courses set practice_hours = 1 where course_id = ${cat.car}`);
});

const book = (lineId: number, start: string, end: string) =>
  malee.post('/api/lesson/create', {
    line_id: lineId,
    instructor_id: prasert,
    vehicle_id: car,
    date: DAY,
    start_time: start,
    end_time: end,
  });

describe('extra lesson hours through a request fee', () => {
  it('a request fee of 2 practice hours, once paid, adds 2 bookable hours to the line (hours ledger)', async () => {
    const bad = await admin.post('/api/otherfee/create', {
      branch_id: cat.hq,
      name: 'ชั่วโมงเพิ่มไม่ครบ',
      price: '900',
      is_request_fee: true,
      lesson_part: 'practice',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/ชั่วโมงเรียนเพิ่ม/);
    const notRequest = await admin.post('/api/otherfee/create', {
      branch_id: cat.hq,
      name: 'ชั่วโมงเพิ่มแบบค่าธรรมเนียม',
      price: '900',
      lesson_part: 'practice',
      lesson_hours: 2,
    });
    expect(notRequest.status).toBe(400);
    expect(notRequest.body.message).toMatch(/เฉพาะค่าคำร้อง/);
    const f = await admin.post('/api/otherfee/create', {
      branch_id: cat.hq,
      name: 'ชั่วโมงขับเพิ่ม 2 ชั่วโมง',
      price: '900',
      is_request_fee: true,
      lesson_part: 'practice',
      lesson_hours: 2,
    });
    expect(f.status, f.body.message).toBe(200);
    expect(f.body.data).toMatchObject({ lesson_part: 'practice', lesson_hours: 2 });

    const s = await register(malee, cat.car, 'ชั่วโมงเพิ่ม');
    expect((await book(s.line_id, '08:00', '09:00')).status).toBe(200);
    const full = await book(s.line_id, '10:00', '11:00');
    expect(full.status).toBe(400);
    expect(full.body.message).toMatch(/ให้ซื้อชั่วโมงเพิ่มก่อนจอง/);

    const rq = await malee.post('/api/applicationrequest/create', {
      application_id: s.application_id,
      request_fees: [{ request_fee_id: f.body.data.other_fee_id }],
    });
    expect(rq.status, rq.body.message).toBe(200);
    const hours = async () => (await malee.get(`/api/lesson/hours/${s.line_id}`)).body.data.practice;
    // not paid yet: nothing added
    expect(await hours()).toMatchObject({ included: 60, extra: 0, booked: 60, remaining: 0 });
    expect((await book(s.line_id, '10:00', '11:00')).status).toBe(400);
    const pay = await malee.post('/api/applicationrequest/paybalance', {
      application_id: rq.body.data.application.application_id,
      paid: '900',
      pay_type: 'cash',
    });
    expect(pay.status, pay.body.message).toBe(200);
    expect(await hours()).toMatchObject({ included: 60, extra: 120, booked: 60, remaining: 120 });
    const more = await book(s.line_id, '10:00', '11:30');
    expect(more.status, more.body.message).toBe(200);
    expect(await hours()).toMatchObject({ extra: 120, booked: 150, remaining: 30 });
  });
});
