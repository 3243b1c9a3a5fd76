/**
 * A registration ended by a refund (full or partial) or by its cancellation gives back the exam seats its course lines
 * hold, in the same transaction: each booked attempt is cancelled with the reason, its session counts one seat less,
 * and an audit row says so. An attempt whose result is recorded stays as it is.
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
});

async function registration(fname: string, paid: string | null) {
  const r = await malee.post('/api/application/create', {
    customer: customer({ fname, birthday: '1999-01-15' }),
    courses: [{ course_id: cat.car }],
    other_fees: [],
    payment: paid ? { paid, pay_type: 'cash' } : null,
  });
  expect(r.status, r.body.message).toBe(200);
  const a = r.body.data.application;
  return { application_id: a.application_id as number, line_id: a.courses[0].line_id as number };
}

async function session(kind: 'theory' | 'practical', day: number, start = '09:00') {
  const r = await admin.post('/api/exam/session/create', {
    branch_id: cat.hq,
    exam_date: addDays(today, day),
    start_time: start,
    exam_kind: kind,
    course_type: 'รถยนต์',
    capacity: 10,
  });
  expect(r.status, r.body.message).toBe(200);
  return r.body.data.session_id as number;
}

async function book(sessionId: number, lineId: number) {
  const r = await malee.post('/api/exam/book', { session_id: sessionId, line_id: lineId });
  expect(r.status, r.body.message).toBe(200);
  return r.body.data.attempt_id as number;
}

async function refund(applicationId: number, value: string) {
  const r = await somchai.post('/api/application/refund', {
    application_id: applicationId,
    note: 'ผู้เรียนย้ายไปเรียนที่อื่น',
    value,
    pay_type: 'cash',
  });
  expect(r.status, r.body.message).toBe(200);
}

const attempt = async (id: number) =>
  (
    await rows<{ status: string; note: string | null; recorded_at: string | null }>(
      t,
      sql`select status, note, recorded_at::text from exam_attempts where attempt_id = ${id}`,
    )
  )[0]!;
const booked = async (sessionId: number) =>
  (await rows<{ booked: number }>(t, sql`select booked from exam_sessions where session_id = ${sessionId}`))[0]!.booked;
const cancelAudit = async (attemptId: number) =>
  rows<{ after: { status: string; reason: string }; user_id: number }>(
    t,
    sql`select after, user_id from audit_log where entity = 'exam_attempt' and action = 'cancel' and entity_id = ${String(attemptId)}`,
  );

describe('a registration ended gives back its exam seats', () => {
  it('a full refund cancels the booked theory seat: the session counts one less, with the reason and an audit row', async () => {
    const s = await session('theory', 5);
    const p = await registration('คืนเต็มคืนที่นั่ง', '6500');
    const a = await book(s, p.line_id);
    expect(await booked(s)).toBe(1);

    await refund(p.application_id, '6500');

    expect(await attempt(a)).toMatchObject({ status: 'cancelled', note: 'คืนเงิน: ผู้เรียนย้ายไปเรียนที่อื่น' });
    expect(await booked(s)).toBe(0);
    const logged = await cancelAudit(a);
    expect(logged).toHaveLength(1);
    expect(logged[0]!.after).toEqual({ status: 'cancelled', reason: 'คืนเงิน: ผู้เรียนย้ายไปเรียนที่อื่น' });
    // the seat is free again for another student
    const other = await registration('ได้ที่นั่งต่อ', '6500');
    await book(s, other.line_id);
    expect(await booked(s)).toBe(1);
  });

  it('a partial refund cancels the booked practical seat and leaves the recorded theory result as it is', async () => {
    const theory = await session('theory', 0, '08:00'); // today's: its result can be recorded
    const practical = await session('practical', 6);
    const p = await registration('คืนบางส่วนคืนที่นั่ง', '6500');
    const th = await book(theory, p.line_id);
    const rec = await malee.post('/api/exam/result', {
      session_id: theory,
      results: [{ attempt_id: th, theory_score: 45 }],
    });
    expect(rec.status, rec.body.message).toBe(200);
    const pr = await book(practical, p.line_id);
    const before = await attempt(th);
    expect(before.status).toBe('passed');
    expect([await booked(theory), await booked(practical)]).toEqual([1, 1]);

    await refund(p.application_id, '1000');

    expect(await attempt(pr)).toMatchObject({ status: 'cancelled', note: 'คืนเงิน: ผู้เรียนย้ายไปเรียนที่อื่น' });
    expect(await booked(practical)).toBe(0);
    expect(await cancelAudit(pr)).toHaveLength(1);
    // the recorded theory result: untouched, still holding its seat
    expect(await attempt(th)).toEqual(before);
    expect(await booked(theory)).toBe(1);
    expect(await cancelAudit(th)).toEqual([]);
  });

  it('a cancelled registration (nothing paid) gives back its seat too', async () => {
    await t.db.update(schoolSettings).set({ exam_needs_full_payment: false }).where(eq(schoolSettings.id, 1));
    try {
      const s = await session('theory', 7);
      const p = await registration('ยกเลิกคืนที่นั่ง', null);
      const a = await book(s, p.line_id);
      const r = await somchai.post('/api/application/delete', { application_id: p.application_id, note: 'ไม่มาเรียน' });
      expect(r.status, r.body.message).toBe(200);
      expect(await attempt(a)).toMatchObject({ status: 'cancelled', note: 'ยกเลิกใบสมัคร: ไม่มาเรียน' });
      expect(await booked(s)).toBe(0);
      expect(await cancelAudit(a)).toHaveLength(1);
    } finally {
      await t.db.update(schoolSettings).set({ exam_needs_full_payment: true }).where(eq(schoolSettings.id, 1));
    }
  });
});
