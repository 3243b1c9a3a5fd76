/**
 * Exam bookings under real concurrency: one live booking per course line and exam part (held by the database's partial
 * unique index), and booking, disabling, extending, changing the date and cancelling of one line serialised on the
 * line's row. PGlite runs one transaction at a time and would hide every race here, so these run on PostgreSQL only
 * (the PostgreSQL pass of the test run, DATABASE_URL set).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { addDays, todayBangkok } from '@khabkhi/thai';
import type { Client, TestApp } from '../helpers.js';
import { customer, moneySuite, type Catalog } from '../money/fixtures.js';

const onPostgres = Boolean(process.env.DATABASE_URL);
const suite = moneySuite();
let t: TestApp;
let cat: Catalog;
let admin: Client;
let malee: Client;
let somchai: Client;
const today = todayBangkok();
const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;

beforeAll(() => {
  ({ t, cat } = suite);
});

async function student(fname: string) {
  const r = await malee.post('/api/application/create', {
    customer: customer({ fname, birthday: '1999-01-15' }),
    courses: [{ course_id: cat.car }],
    other_fees: [],
    payment: { paid: '6500', pay_type: 'cash' },
  });
  expect(r.status, r.body.message).toBe(200);
  return r.body.data.application.courses[0].line_id as number;
}

async function session(capacity: number, day = 3, start = '09:00') {
  const r = await admin.post('/api/exam/session/create', {
    branch_id: cat.hq,
    exam_date: addDays(today, day),
    start_time: start,
    exam_kind: 'theory',
    course_type: 'รถยนต์',
    capacity,
  });
  expect(r.status, r.body.message).toBe(200);
  return r.body.data.session_id as number;
}

/** What must hold after any interleaving, read from the database itself. */
async function invariants() {
  const twice = rowsOf<{ line_id: number }>(
    await t.db.execute(sql`select line_id from exam_attempts where status = 'booked'
      group by line_id, kind having count(*) > 1`),
  );
  const disabledWithSeat = rowsOf<{ line_id: number }>(
    await t.db.execute(sql`select a.line_id from exam_attempts a join exam_permissions p on p.line_id = a.line_id
      where a.status = 'booked' and not p.is_active`),
  );
  const seats = rowsOf<{ session_id: number; booked: number; capacity: number; live: number }>(
    await t.db.execute(sql`select s.session_id, s.booked, s.capacity,
        (select count(*)::int from exam_attempts a where a.session_id = s.session_id and a.status <> 'cancelled') as live
      from exam_sessions s`),
  );
  expect(twice, 'a line holds two seats of one part').toEqual([]);
  expect(disabledWithSeat, 'a disabled permission holds a seat').toEqual([]);
  for (const s of seats) {
    expect(s.booked, `session ${s.session_id}: the count is the seats held (booked or with a result)`).toBe(s.live);
    expect(s.booked).toBeLessThanOrEqual(s.capacity);
  }
}

/** Every refusal is a Thai 4xx (a lost race is a 409 asking to try again), never a 500. */
function thaiRefusals(results: { status: number; body: { message: string } }[]) {
  for (const r of results.filter((x) => x.status !== 200)) {
    expect([400, 409], r.body.message).toContain(r.status);
    expect(r.body.message).toMatch(/[ก-๙]/);
  }
}

describe.skipIf(!onPostgres)(
  'exam bookings under concurrency (PostgreSQL only: PGlite runs one transaction at a time)',
  () => {
    beforeAll(async () => {
      admin = await t.as('admin');
      malee = await t.as('malee');
      somchai = await t.as('somchai');
    });

    it('24 simultaneous bookings of one course line onto 4 sessions of the same part leave it exactly one seat, 5 times over', async () => {
      for (let round = 0; round < 5; round++) {
        const sessions = await Promise.all([1, 2, 3, 4].map((i) => session(30, 2 + round, `0${i + 5}:00`)));
        const line = await student(`จองซ้ำ${round}`);
        const results = await Promise.all(
          Array.from({ length: 24 }, (_, i) =>
            (i % 2 ? malee : admin).post('/api/exam/book', { session_id: sessions[i % 4], line_id: line }),
          ),
        );
        expect(results.filter((r) => r.status === 200)).toHaveLength(1);
        thaiRefusals(results);
        const held = rowsOf<{ n: number }>(
          await t.db.execute(
            sql`select count(*)::int as n from exam_attempts where line_id = ${line} and status = 'booked'`,
          ),
        );
        expect(held[0]!.n).toBe(1);
        await invariants();
      }
    });

    it('the database refuses a second live booking of one line and part even when written past the rules', async () => {
      const [s1, s2] = [await session(5, 9, '09:00'), await session(5, 9, '13:00')];
      const line = await student('ข้ามกฎ');
      expect((await malee.post('/api/exam/book', { session_id: s1, line_id: line })).status).toBe(200);
      const [a] = rowsOf<{ application_id: number; customer_id: number; branch_id: number }>(
        await t.db.execute(
          sql`select application_id, customer_id, branch_id from exam_attempts where line_id = ${line} and status = 'booked'`,
        ),
      );
      await expect(
        t.db
          .execute(sql`insert into exam_attempts (session_id, line_id, application_id, customer_id, branch_id, booked_by)
        values (${s2}, ${line}, ${a!.application_id}, ${a!.customer_id}, ${a!.branch_id}, 1)`),
      ).rejects.toThrow();
    });

    it('bookings, disabling, extending, changes of date and cancellations of the same lines at once: no disabled seat, no double seat, no overbooking, 4 times over', async () => {
      for (let round = 0; round < 4; round++) {
        const small = await session(3, 12 + round, '09:00');
        const other = await session(3, 12 + round, '13:00');
        const lines = await Promise.all([0, 1, 2, 3, 4].map((i) => student(`ชน${round}-${i}`)));
        // two lines already hold a seat: they can be moved and cancelled while others book
        const first = await malee.post('/api/exam/book', { session_id: small, line_id: lines[0] });
        const second = await malee.post('/api/exam/book', { session_id: small, line_id: lines[1] });
        expect(first.status, first.body.message).toBe(200);
        expect(second.status, second.body.message).toBe(200);
        const calls: Promise<{ status: number; body: { message: string } }>[] = [];
        for (const [i, line] of lines.entries()) {
          const by = i % 2 ? malee : admin;
          calls.push(by.post('/api/exam/book', { session_id: small, line_id: line }));
          calls.push(by.post('/api/exam/book', { session_id: other, line_id: line }));
          calls.push(admin.post('/api/exam/disable', { line_id: line, reason: 'ทดสอบพร้อมกัน' }));
          calls.push(
            by.post('/api/exam/extend', {
              line_id: line,
              permission_date: addDays(today, 200 + round),
              reason: 'ต่อพร้อมกัน',
            }),
          );
          calls.push(by.post('/api/exam/changedate', { line_id: line, session_id: other, reason: 'ย้ายพร้อมกัน' }));
        }
        calls.push(malee.post('/api/exam/cancel', { attempt_id: first.body.data.attempt_id, reason: 'ยกเลิกพร้อมกัน' }));
        calls.push(malee.post('/api/exam/cancel', { attempt_id: second.body.data.attempt_id, reason: 'ยกเลิกพร้อมกัน' }));
        const results = await Promise.all(calls);
        expect(results.length).toBeGreaterThanOrEqual(20);
        thaiRefusals(results);
        await invariants();
      }
    });

    it('results recorded while the same lines are disabled, cancelled and moved: a recorded result is never cancelled, 3 times over', async () => {
      for (let round = 0; round < 3; round++) {
        // today's session (results are recorded from the exam day) and a later one to move to
        const s = await session(30, 0, `1${round}:00`);
        const later = await session(30, 30 + round, '09:00');
        const lines = await Promise.all(Array.from({ length: 10 }, (_, i) => student(`ผล${round}-${i}`)));
        const attempts: number[] = [];
        for (const line of lines) {
          const b = await malee.post('/api/exam/book', { session_id: s, line_id: line });
          expect(b.status, b.body.message).toBe(200);
          attempts.push(b.body.data.attempt_id);
        }
        const calls: Promise<{ status: number; body: { message: string } }>[] = [];
        for (const [i, line] of lines.entries()) {
          const by = i % 2 ? malee : admin;
          calls.push(
            by.post('/api/exam/result', { session_id: s, results: [{ attempt_id: attempts[i], theory_score: 45 }] }),
          );
          calls.push(
            i % 3 === 0
              ? admin.post('/api/exam/disable', { line_id: line, reason: 'ระงับขณะบันทึกผล' })
              : i % 3 === 1
                ? by.post('/api/exam/cancel', { attempt_id: attempts[i], reason: 'ยกเลิกขณะบันทึกผล' })
                : by.post('/api/exam/changedate', { line_id: line, session_id: later, reason: 'ย้ายขณะบันทึกผล' }),
          );
        }
        const results = await Promise.all(calls);
        expect(results.length).toBeGreaterThanOrEqual(20);
        thaiRefusals(results);
        const overwritten = rowsOf<{ attempt_id: number }>(
          await t.db.execute(
            sql`select attempt_id from exam_attempts where recorded_at is not null and status = 'cancelled'`,
          ),
        );
        expect(overwritten, 'a recorded result was cancelled afterwards').toEqual([]);
        const seats = rowsOf<{ booked: number; held: number }>(
          await t.db.execute(sql`select s.booked,
              (select count(*)::int from exam_attempts a where a.session_id = s.session_id and a.status <> 'cancelled') as held
            from exam_sessions s where s.session_id = ${s}`),
        );
        expect(seats[0]!.booked, 'the seat count is the seats held (booked or with a result)').toBe(seats[0]!.held);
      }
    });

    it('bookings of several lines sent with the refunds of their registrations: no refunded registration keeps a seat, the counts hold, 3 times over', async () => {
      for (let round = 0; round < 3; round++) {
        const [s1, s2] = [await session(30, 40 + round, '09:00'), await session(30, 40 + round, '13:00')];
        const lines = await Promise.all(Array.from({ length: 8 }, (_, i) => student(`คืนพร้อมจอง${round}-${i}`)));
        const apps = rowsOf<{ line_id: number; application_id: number }>(
          await t.db.execute(
            sql`select line_id, application_id from application_courses where line_id in ${sql.raw(`(${lines.join(',')})`)}`,
          ),
        );
        const appOf = new Map(apps.map((a) => [a.line_id, a.application_id]));
        // two lines already hold a seat when the rush starts
        for (const line of lines.slice(0, 2)) {
          const b = await malee.post('/api/exam/book', { session_id: s1, line_id: line });
          expect(b.status, b.body.message).toBe(200);
        }
        const calls: Promise<{ status: number; body: { message: string } }>[] = [];
        const refunds: Promise<{ status: number; body: { message: string } }>[] = [];
        for (const [i, line] of lines.entries()) {
          const by = i % 2 ? malee : admin;
          calls.push(by.post('/api/exam/book', { session_id: i % 3 ? s1 : s2, line_id: line }));
          const refund = somchai.post('/api/application/refund', {
            application_id: appOf.get(line),
            note: 'คืนเงินพร้อมการจอง',
            value: i % 2 ? '1000' : '6500', // partial and full: both end the registration
            pay_type: 'cash',
          });
          refunds.push(refund);
          calls.push(refund);
          calls.push(by.post('/api/exam/book', { session_id: i % 3 ? s2 : s1, line_id: line }));
        }
        const results = await Promise.all(calls);
        expect(results.length).toBeGreaterThanOrEqual(20);
        thaiRefusals(results);
        // a deadlock (40P01) is answered as this 409: none here, and every refund goes through
        const deadlocked = results.filter((r) => r.body.message === 'มีการบันทึกข้อมูลเดียวกันพร้อมกัน กรุณาลองใหม่อีกครั้ง');
        expect(deadlocked, 'a deadlock').toEqual([]);
        for (const r of await Promise.all(refunds)) expect(r.status, r.body.message).toBe(200);
        const kept = rowsOf<{ attempt_id: number }>(
          await t.db.execute(sql`select x.attempt_id from exam_attempts x join applications a using (application_id)
            where x.status = 'booked' and (a.refunded > 0 or a.is_delete)`),
        );
        expect(kept, 'an ended registration holds a seat').toEqual([]);
        await invariants();
      }
    });

    it('40 students rushing the last 5 seats of a session book exactly 5', async () => {
      const s = await session(5, 20);
      const lines: number[] = [];
      for (let i = 0; i < 40; i++) lines.push(await student(`ที่นั่ง${i}`));
      const results = await Promise.all(
        lines.map((line, i) => (i % 2 ? malee : admin).post('/api/exam/book', { session_id: s, line_id: line })),
      );
      expect(results.filter((r) => r.status === 200)).toHaveLength(5);
      thaiRefusals(results);
      await invariants();
    });
  },
);
