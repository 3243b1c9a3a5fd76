/**
 * Lessons under real concurrency (PostgreSQL only: PGlite runs one transaction at a time and would hide every race):
 * many bookings aimed at one instructor's, one vehicle's or one student's slots — one wins per slot, the rest a Thai
 * 409, none a 5xx, and no overlap left in the table; one line's hours never overbooked; a class never over its seats;
 * one arrival however many desks read the card at once.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { addDays } from '@khabkhi/thai';
import type { Call, Client, TestApp } from '../helpers.js';
import { customer, moneySuite, type Catalog } from '../money/fixtures.js';
import { rows } from '../foundation/fixtures.js';
import { DAY, register, setHours, setRules, slotNow, userId, vehicle } from './fixtures.js';

const onPostgres = Boolean(process.env.DATABASE_URL);
const suite = moneySuite();
let t: TestApp;
let cat: Catalog;
let admin: Client;
let malee: Client;
let teachers: number[];

beforeAll(async () => {
  ({ t, cat } = suite);
  if (!onPostgres) return;
  admin = await t.as('admin');
  malee = await t.as('malee');
  await setRules(admin);
  teachers = [];
  for (const u of ['prasert', 'somchai', 'malee', 'wanida', 'admin']) {
    const id = (await userId(t, u)).id;
    await setHours(admin, cat.hq, id);
    teachers.push(id);
  }
});

async function overlaps() {
  const [r] = await rows(
    t,
    sql`select count(*)::int as n from lessons a join lessons b on a.lesson_id < b.lesson_id
      and a.state in ('booked', 'checked_in', 'done') and b.state in ('booked', 'checked_in', 'done')
      and tstzrange(a.starts_at, a.ends_at) && tstzrange(b.starts_at, b.ends_at)
      and (a.instructor_id = b.instructor_id or a.vehicle_id = b.vehicle_id or a.customer_id = b.customer_id or a.room_id = b.room_id)`,
  );
  return r!.n as number;
}

function tally(calls: Call[]) {
  const by = (s: number) => calls.filter((c) => c.status === s).length;
  const fives = calls.filter((c) => c.status >= 500).map((c) => c.body.message);
  expect(fives).toEqual([]);
  for (const c of calls.filter((x) => x.status !== 200)) expect(c.body.message).toMatch(/[ก-๙]/);
  return { ok: by(200), conflict: by(409), bad: by(400) };
}

const book = (b: Record<string, unknown>) => malee.post('/api/lesson/create', b);

describe.skipIf(!onPostgres)('concurrent bookings on PostgreSQL', () => {
  it('20 bookings at 4 slots of one instructor (20 students, 20 cars): one wins per slot, 0 overlaps, 0 5xx', async () => {
    const date = addDays(DAY, 1);
    const lines: number[] = [];
    const cars: number[] = [];
    for (let i = 0; i < 20; i++) {
      lines.push((await register(malee, cat.car, `ครูเดียว${i}`)).line_id);
      cars.push(await vehicle(t, cat.hq));
    }
    const slots = [
      ['08:00', '09:00'],
      ['09:00', '10:00'],
      ['10:00', '11:00'],
      ['11:00', '12:00'],
    ];
    const calls = await Promise.all(
      lines.map((line_id, i) =>
        book({
          line_id,
          instructor_id: teachers[0],
          vehicle_id: cars[i],
          date,
          start_time: slots[i % 4]![0],
          end_time: slots[i % 4]![1],
        }),
      ),
    );
    const r = tally(calls);
    expect(r).toEqual({ ok: 4, conflict: 16, bad: 0 });
    const msg = calls.find((c) => c.status === 409)!.body.message;
    expect(msg).toMatch(/^ครูฝึก นายประเสริฐ ขับดี มีคาบเรียนของ .* อยู่แล้ว/);
    const won = await rows(
      t,
      sql`select count(*)::int as n from lessons where instructor_id = ${teachers[0]} and state = 'booked' and starts_at::date between ${date}::date - 1 and ${date}::date + 1`,
    );
    expect(won[0]!.n).toBe(4);
    expect(await overlaps()).toBe(0);
  });

  it('20 bookings of one vehicle at one slot (5 instructors, 20 students): exactly one wins', async () => {
    const date = addDays(DAY, 2);
    const car = await vehicle(t, cat.hq);
    const lines: number[] = [];
    for (let i = 0; i < 20; i++) lines.push((await register(malee, cat.car, `รถเดียว${i}`)).line_id);
    const calls = await Promise.all(
      lines.map((line_id, i) =>
        book({
          line_id,
          instructor_id: teachers[i % 5],
          vehicle_id: car,
          date,
          start_time: i % 2 ? '13:00' : '13:30',
          end_time: '14:30',
        }),
      ),
    );
    expect(tally(calls)).toEqual({ ok: 1, conflict: 19, bad: 0 });
    expect(await overlaps()).toBe(0);
  });

  it('20 bookings of one student across two course lines at one slot: exactly one wins', async () => {
    const date = addDays(DAY, 3);
    const r = await malee.post('/api/application/create', {
      customer: customer({ fname: 'สองหลักสูตร' }),
      courses: [{ course_id: cat.car }, { course_id: cat.moto }],
      other_fees: [],
      payment: { paid: '10000.50', pay_type: 'cash' },
    });
    expect(r.status, r.body.message).toBe(200);
    const [carLine, motoLine] = (r.body.data.application.courses as { line_id: number }[]).map((c) => c.line_id);
    const calls = await Promise.all(
      Array.from({ length: 20 }, async (_, i) => {
        const moto = i % 2 === 1;
        const v = await vehicle(t, cat.hq, { type: moto ? 'motorcycle' : 'car' });
        return book({
          line_id: moto ? motoLine : carLine,
          instructor_id: teachers[i % 5],
          vehicle_id: v,
          date,
          start_time: '15:00',
          end_time: '16:00',
        });
      }),
    );
    expect(tally(calls)).toEqual({ ok: 1, conflict: 19, bad: 0 });
    expect(await overlaps()).toBe(0);
  });

  it('20 bookings of one line with hours for 3 lessons: exactly 3 succeed', async () => {
    // 10 practice hours = 600 minutes: three lessons of 200 minutes
    const s = await register(malee, cat.car, 'สามคาบ');
    const car = await vehicle(t, cat.hq);
    const calls = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        book({
          line_id: s.line_id,
          instructor_id: teachers[0],
          vehicle_id: car,
          date: addDays(DAY, 20 + i),
          start_time: '08:00',
          end_time: '11:20',
        }),
      ),
    );
    expect(tally(calls)).toEqual({ ok: 3, conflict: 0, bad: 17 });
    expect(calls.find((c) => c.status === 400)!.body.message).toMatch(/ชั่วโมงเรียน: .*ไม่พอ/);
    const [n] = await rows(
      t,
      sql`select count(*)::int as n, sum(minutes)::int as m from lessons where line_id = ${s.line_id} and state = 'booked'`,
    );
    expect(n).toMatchObject({ n: 3, m: 600 });
  });

  it('20 enrolments into a class with 5 seats: exactly 5', async () => {
    const room = await admin.post('/api/lesson/room/create', { branch_id: cat.hq, name: 'ห้องแข่ง', capacity: 5 });
    expect(room.status, room.body.message).toBe(200);
    const c = await admin.post('/api/lesson/class/create', {
      branch_id: cat.hq,
      room_id: room.body.data.room_id,
      instructor_id: teachers[1],
      course_type: 'รถยนต์',
      date: addDays(DAY, 4),
      start_time: '09:00',
      end_time: '11:00',
    });
    expect(c.status, c.body.message).toBe(200);
    const lines: number[] = [];
    for (let i = 0; i < 20; i++) lines.push((await register(malee, cat.car, `ที่นั่ง${i}`)).line_id);
    const calls = await Promise.all(
      lines.map((line_id) =>
        malee.post('/api/lesson/class/enroll', { class_id: c.body.data.lesson_id, line_ids: [line_id] }),
      ),
    );
    expect(tally(calls)).toEqual({ ok: 5, conflict: 15, bad: 0 });
    const [k] = await rows(
      t,
      sql`select enrolled, (select count(*)::int from lessons s where s.class_id = c.lesson_id and s.state = 'booked') as seats from lessons c where lesson_id = ${c.body.data.lesson_id}`,
    );
    expect(k).toMatchObject({ enrolled: 5, seats: 5 });
  });

  it('10 desks reading one student’s card at once record one arrival', async () => {
    const s = await register(malee, cat.car, 'สิบโต๊ะ');
    const car = await vehicle(t, cat.hq);
    const l = await book({ line_id: s.line_id, instructor_id: teachers[4], vehicle_id: car, ...slotNow() });
    expect(l.status, l.body.message).toBe(200);
    const calls = await Promise.all(
      Array.from({ length: 10 }, () => malee.post('/api/lesson/checkin', { national_id: s.idcard, branch_id: cat.hq })),
    );
    expect(tally(calls)).toEqual({ ok: 10, conflict: 0, bad: 0 });
    expect(calls.filter((c) => c.body.data.already === false)).toHaveLength(1);
    const at = new Set(calls.map((c) => c.body.data.lesson.checked_in_at));
    expect(at.size).toBe(1);
    const [a] = await rows(
      t,
      sql`select count(*)::int as n from audit_log where entity = 'lesson' and entity_id = ${String(l.body.data.lesson_id)} and action = 'checkin'`,
    );
    expect(a!.n).toBe(1);
  });

  it('bookings of 8 students at the moment their registrations are refunded, 3 rounds: a refunded registration keeps no booked lesson, 0 5xx', async () => {
    const somchai = await t.as('somchai');
    const cars: number[] = [];
    for (let i = 0; i < 8; i++) cars.push(await vehicle(t, cat.hq));
    for (let round = 0; round < 3; round++) {
      const date = addDays(DAY, 10 + round);
      const students = [];
      for (let i = 0; i < 8; i++) students.push(await register(malee, cat.car, `คืนเงินพร้อมจอง${round}-${i}`));
      const calls = await Promise.all(
        students.flatMap((s, i) => [
          // two back-to-back hours each (the first five students in the morning, the rest after lunch)
          ...[0, 1].map((h) => {
            const start = (i < 5 ? 9 : 13) + h;
            return book({
              line_id: s.line_id,
              instructor_id: teachers[i % teachers.length],
              vehicle_id: cars[i],
              date,
              start_time: `${String(start).padStart(2, '0')}:00`,
              end_time: `${String(start + 1).padStart(2, '0')}:00`,
            });
          }),
          somchai.post('/api/application/refund', {
            application_id: s.application_id,
            note: 'พร้อมกันกับการจอง',
            value: '500',
            pay_type: 'cash',
          }),
        ]),
      );
      tally(calls);
      // every refund went through; whatever bookings won before it were cancelled by it, those after it refused
      const refunds = calls.filter((_, k) => k % 3 === 2);
      expect(refunds.map((c) => c.status)).toEqual(refunds.map(() => 200));
      const [held] = await rows(
        t,
        sql`select count(*)::int as n from lessons where state = 'booked'
          and line_id in (${sql.join(
            students.map((s) => sql`${s.line_id}`),
            sql`, `,
          )})`,
      );
      expect(held!.n).toBe(0);
    }
    expect(await overlaps()).toBe(0);
  });
});
