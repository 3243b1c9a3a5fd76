/**
 * A registration ended by a refund (full or partial) or cancelled: its lines can no longer book a session, change the
 * exam date or extend the permission (not even with a request fee), and the refusal names the real reason.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { addDays, todayBangkok } from '@khabkhi/thai';
import { schoolSettings } from '../../src/db/schema/core.js';
import type { Client, TestApp } from '../helpers.js';
import { customer, moneySuite, type Catalog } from '../money/fixtures.js';
import { rows } from '../foundation/fixtures.js';

const suite = moneySuite();
let t: TestApp;
let cat: Catalog;
let admin: Client;
let malee: Client;
let somchai: Client;
const today = todayBangkok();

beforeAll(async () => {
  ({ t, cat } = suite);
  admin = await t.as('admin');
  malee = await t.as('malee');
  somchai = await t.as('somchai');
  await t.db.update(schoolSettings).set({ exam_extend_fee_id: cat.requestFee }).where(eq(schoolSettings.id, 1));
});

async function registration(fname: string, paid: string) {
  const r = await malee.post('/api/application/create', {
    customer: customer({ fname, birthday: '1999-01-15' }),
    courses: [{ course_id: cat.car }],
    other_fees: [],
    payment: { paid, pay_type: 'cash' },
  });
  expect(r.status, r.body.message).toBe(200);
  const a = r.body.data.application;
  return { application_id: a.application_id as number, line_id: a.courses[0].line_id as number };
}

async function refund(applicationId: number, value: string) {
  const r = await somchai.post('/api/application/refund', {
    application_id: applicationId,
    note: 'ผู้เรียนขอยกเลิก',
    value,
    pay_type: 'cash',
  });
  expect(r.status, r.body.message).toBe(200);
}

async function theorySession() {
  const r = await admin.post('/api/exam/session/create', {
    branch_id: cat.hq,
    exam_date: addDays(today, 4),
    start_time: '09:00',
    exam_kind: 'theory',
    course_type: 'รถยนต์',
    capacity: 10,
  });
  expect(r.status, r.body.message).toBe(200);
  return r.body.data.session_id as number;
}

const requestApplications = async () =>
  (await rows<{ n: number }>(t, sql`select count(*)::int as n from applications where kind = 'request'`))[0]!.n;
const permissionOf = async (lineId: number) =>
  (
    await rows<{ permission_date: string; is_active: boolean }>(
      t,
      sql`select permission_date::text, is_active from exam_permissions where line_id = ${lineId}`,
    )
  )[0];

describe('a registration ended by a refund', () => {
  it('after a partial refund, booking, changing the date and extending (with a request fee) are refused in Thai naming the refund, and nothing is written', async () => {
    const s = await theorySession();
    const p = await registration('คืนบางส่วน', '5000'); // net 6500: 1,500.00 was still owed
    await refund(p.application_id, '500');
    const requestsBefore = await requestApplications();
    const permissionBefore = await permissionOf(p.line_id);

    const booked = await malee.post('/api/exam/book', { session_id: s, line_id: p.line_id });
    expect(booked.status).toBe(400);
    expect(booked.body.message).toContain('คืนเงินบางส่วนแล้ว');
    expect(booked.body.message).toContain('การคืนเงินทำให้การสมัครสิ้นสุด จองรอบสอบไม่ได้');
    expect(booked.body.message).not.toContain('ค้างชำระ');

    const extended = await malee.post('/api/exam/extend', {
      line_id: p.line_id,
      permission_date: addDays(today, 200),
      reason: 'ขอต่ออายุ',
      request_fee: true,
    });
    expect(extended.status).toBe(400);
    expect(extended.body.message).toContain('คืนเงินบางส่วนแล้ว');
    expect(extended.body.message).toContain('ต่ออายุสิทธิ์สอบไม่ได้');

    const moved = await malee.post('/api/exam/changedate', {
      line_id: p.line_id,
      exam_date: addDays(today, 6),
      reason: 'ขอเลื่อน',
      request_fee: true,
    });
    expect(moved.status).toBe(400);
    expect(moved.body.message).toContain('เปลี่ยนวันสอบไม่ได้');

    expect(await requestApplications()).toBe(requestsBefore);
    expect(await permissionOf(p.line_id)).toEqual(permissionBefore);
    expect((await rows(t, sql`select 1 from exam_attempts where line_id = ${p.line_id}`)).length, 'no seat taken').toBe(
      0,
    );
  });

  it('paid in full, then partly refunded: the booking refusal names the refund, not a balance owed', async () => {
    const s = await theorySession();
    const p = await registration('ครบแล้วคืนบางส่วน', '6500'); // nothing owed before the refund
    await refund(p.application_id, '1000');
    const booked = await malee.post('/api/exam/book', { session_id: s, line_id: p.line_id });
    expect(booked.status).toBe(400);
    expect(booked.body.message).toContain('คืนเงินบางส่วนแล้ว การคืนเงินทำให้การสมัครสิ้นสุด จองรอบสอบไม่ได้');
    expect(booked.body.message).not.toContain('ค้างชำระ');
    expect(booked.body.message).not.toContain('ชำระครบก่อนสอบ');
  });

  it('after a full refund, the same three are refused saying the registration was refunded', async () => {
    const s = await theorySession();
    const p = await registration('คืนเต็ม', '6500');
    await refund(p.application_id, '6500');
    const booked = await malee.post('/api/exam/book', { session_id: s, line_id: p.line_id });
    expect(booked.status).toBe(400);
    expect(booked.body.message).toContain('คืนเงินแล้ว การคืนเงินทำให้การสมัครสิ้นสุด จองรอบสอบไม่ได้');
    const extended = await malee.post('/api/exam/extend', {
      line_id: p.line_id,
      permission_date: addDays(today, 200),
      reason: 'ขอต่ออายุ',
      request_fee: true,
    });
    expect(extended.status).toBe(400);
    expect(extended.body.message).toContain('คืนเงินแล้ว');
    const moved = await malee.post('/api/exam/changedate', {
      line_id: p.line_id,
      exam_date: addDays(today, 6),
      reason: 'ขอเลื่อน',
    });
    expect(moved.status).toBe(400);
    expect(moved.body.message).toContain('คืนเงินแล้ว');
  });

  it('a live registration still owing is refused for the payment, with the amount owed', async () => {
    const s = await theorySession();
    const p = await registration('ยังค้าง', '5000');
    const booked = await malee.post('/api/exam/book', { session_id: s, line_id: p.line_id });
    expect(booked.status).toBe(400);
    expect(booked.body.message).toContain('ยังค้างชำระ 1,500.00 บาท');
  });
});
