/**
 * A lesson's life through the API: cancellation (free or charged, waived by a manager), no-show, check-in by card or by
 * hand, completion crediting the hours, theory classes with their seats, and the exam eligibility's training hours.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { addDays } from '@khabkhi/thai';
import type { Client, TestApp } from '../helpers.js';
import { moneySuite, type Catalog } from '../money/fixtures.js';
import { rows } from '../foundation/fixtures.js';
import { lineTrainingHours } from '../../src/modules/exams/training-hours.js';
import { DAY, lessonCount, register, setHours, setRules, slotNow, today, userId, vehicle } from './fixtures.js';

const suite = moneySuite();
let t: TestApp;
let cat: Catalog;
let admin: Client;
let malee: Client;
let somchai: Client;
let prasert: { id: number; idcard: string };
let car: number;

beforeAll(async () => {
  ({ t, cat } = suite);
  admin = await t.as('admin');
  malee = await t.as('malee');
  somchai = await t.as('somchai');
  prasert = await userId(t, 'prasert');
  await setRules(admin);
  await setHours(admin, cat.hq, prasert.id);
  await setHours(admin, cat.hq, (await userId(t, 'somchai')).id);
  car = await vehicle(t, cat.hq);
});

let slot = 0;
/** a fresh non-overlapping slot on `date` (08:00, 09:00, …) */
async function book(lineId: number, date = DAY, times?: { start_time: string; end_time: string }, vehicleId = car) {
  const h = 8 + (slot++ % 12);
  const r = await malee.post('/api/lesson/create', {
    line_id: lineId,
    instructor_id: prasert.id,
    vehicle_id: vehicleId,
    date,
    start_time: times?.start_time ?? `${String(h).padStart(2, '0')}:00`,
    end_time: times?.end_time ?? `${String(h).padStart(2, '0')}:45`,
  });
  expect(r.status, r.body.message).toBe(200);
  return r.body.data;
}
const hours = async (lineId: number) => (await malee.get(`/api/lesson/hours/${lineId}`)).body.data;

describe('cancel and no-show', () => {
  it('the school cancels free; the student early is free, late is charged; a manager waives with a reason', async () => {
    const s = await register(malee, cat.car, 'ยกเลิก');
    const a = await book(s.line_id, addDays(DAY, 1));
    const r1 = await malee.post('/api/lesson/cancel', { lesson_id: a.lesson_id, by: 'school', reason: 'ครูป่วย' });
    expect(r1.status, r1.body.message).toBe(200);
    expect(r1.body.data).toMatchObject({ state: 'cancelled', charged: false, cancel_by: 'school' });
    const b = await book(s.line_id, addDays(DAY, 1));
    const r2 = await malee.post('/api/lesson/cancel', { lesson_id: b.lesson_id, by: 'student', reason: 'ติดธุระ' });
    expect(r2.body.data.charged).toBe(false);
    // late: a lesson of yesterday (recorded after the fact) cancelled by the student now
    const c = await book(s.line_id, addDays(today, -1));
    const r3 = await malee.post('/api/lesson/cancel', { lesson_id: c.lesson_id, by: 'student', reason: 'ไม่มา' });
    expect(r3.status, r3.body.message).toBe(200);
    expect(r3.body.data.charged).toBe(true);
    expect(r3.body.message).toMatch(/หักชั่วโมงเรียน 45 นาที/);
    const h = await hours(s.line_id);
    expect(h.practice).toMatchObject({ included: 600, charged: 45, booked: 0, delivered: 0, remaining: 555 });
    // a cashier may not waive; a manager must give the reason
    const d = await book(s.line_id, addDays(today, -1));
    const denied = await malee.post('/api/lesson/cancel', {
      lesson_id: d.lesson_id,
      by: 'student',
      reason: 'ไม่มา',
      waive: true,
      waive_reason: 'ป่วย',
    });
    expect(denied.status).toBe(403);
    const noReason = await somchai.post('/api/lesson/cancel', {
      lesson_id: d.lesson_id,
      by: 'student',
      reason: 'ไม่มา',
      waive: true,
    });
    expect(noReason.status).toBe(400);
    expect(noReason.body.message).toMatch(/เหตุผลที่ยกเว้น/);
    const waived = await somchai.post('/api/lesson/cancel', {
      lesson_id: d.lesson_id,
      by: 'student',
      reason: 'ไม่มา',
      waive: true,
      waive_reason: 'มีใบรับรองแพทย์',
    });
    expect(waived.status, waived.body.message).toBe(200);
    expect(waived.body.data.charged).toBe(false);
    const again = await malee.post('/api/lesson/cancel', { lesson_id: d.lesson_id, by: 'school', reason: 'ซ้ำ' });
    expect(again.status).toBe(400);
    const [w] = await rows(t, sql`select waive_reason, waived_by from lessons where lesson_id = ${d.lesson_id}`);
    expect(w!.waive_reason).toBe('มีใบรับรองแพทย์');
  });

  it('a no-show is charged unless waived; not before the start', async () => {
    const s = await register(malee, cat.car, 'ขาดเรียน');
    const future = await book(s.line_id, addDays(DAY, 2));
    const early = await malee.post('/api/lesson/noshow', { lesson_id: future.lesson_id });
    expect(early.status).toBe(400);
    expect(early.body.message).toMatch(/ยังไม่ถึงเวลาเริ่มเรียน/);
    const past = await book(s.line_id, addDays(today, -2));
    const r = await malee.post('/api/lesson/noshow', { lesson_id: past.lesson_id });
    expect(r.status, r.body.message).toBe(200);
    expect(r.body.data).toMatchObject({ state: 'no_show', charged: true });
    const past2 = await book(s.line_id, addDays(today, -2));
    const w = await somchai.post('/api/lesson/noshow', {
      lesson_id: past2.lesson_id,
      waive: true,
      waive_reason: 'น้ำท่วม',
    });
    expect(w.body.data).toMatchObject({ state: 'no_show', charged: false });
    expect((await hours(s.line_id)).practice).toMatchObject({ charged: 45, booked: 45 });
  });
});

describe('check-in and completion', () => {
  it('by the card at the desk: one arrival, the second read answers it; the instructor’s card marks the instructor', async () => {
    const s = await register(malee, cat.car, 'มาเรียน');
    const l = await book(s.line_id, today, slotNow());
    const first = await malee.post('/api/lesson/checkin', { national_id: s.idcard, branch_id: cat.hq });
    expect(first.status, first.body.message).toBe(200);
    expect(first.body.data).toMatchObject({
      who: 'student',
      already: false,
      lesson: { lesson_id: l.lesson_id, state: 'checked_in', checkin_method: 'card' },
    });
    const second = await malee.post('/api/lesson/checkin', { national_id: s.idcard, branch_id: cat.hq });
    expect(second.status).toBe(200);
    expect(second.body.data.already).toBe(true);
    expect(second.body.data.lesson.checked_in_at).toBe(first.body.data.lesson.checked_in_at);
    const teacher = await malee.post('/api/lesson/checkin', { national_id: prasert.idcard, branch_id: cat.hq });
    expect(teacher.status, teacher.body.message).toBe(200);
    expect(teacher.body.data.who).toBe('instructor');
    expect(teacher.body.data.lesson.instructor_checked_in_at).not.toBeNull();
    const [n] = await rows(
      t,
      sql`select count(*)::int as n from audit_log where entity = 'lesson' and entity_id = ${String(l.lesson_id)} and action = 'checkin'`,
    );
    expect(n!.n).toBe(1);
    // a card with no lesson of the hour here
    const none = await malee.post('/api/lesson/checkin', { national_id: '1101700203451', branch_id: cat.hq });
    expect(none.status).toBe(404);
    expect(none.body.message).toMatch(/ไม่พบคาบเรียนของผู้ถือบัตรนี้/);
    const bad = await malee.post('/api/lesson/checkin', { national_id: '12345', branch_id: cat.hq });
    expect(bad.status).toBe(400);

    // completion credits the hours; the exam eligibility counts them with the hours typed on evaluations
    const done = await malee.post('/api/lesson/complete', { lesson_id: l.lesson_id, note: 'ขับได้ดี' });
    expect(done.status, done.body.message).toBe(200);
    expect(done.body.data.state).toBe('done');
    expect((await hours(s.line_id)).practice).toMatchObject({ delivered: 30, remaining: 570 });
    expect(await lineTrainingHours(t.db, s.line_id)).toEqual({ theory: 0, practice: 0.5, total: 0.5 });
  });

  it('by hand: needs a reason (audited); completion needs the arrival first', async () => {
    const s = await register(malee, cat.car, 'บันทึกเอง');
    const l = await book(s.line_id, addDays(DAY, 3));
    const noArrival = await malee.post('/api/lesson/complete', { lesson_id: l.lesson_id });
    expect(noArrival.status).toBe(400);
    expect(noArrival.body.message).toMatch(/ยังไม่ได้บันทึกการมาเรียน/);
    const noReason = await malee.post('/api/lesson/checkin', { lesson_id: l.lesson_id });
    expect(noReason.status).toBe(400);
    expect(noReason.body.message).toMatch(/เหตุผล/);
    const r = await malee.post('/api/lesson/checkin', { lesson_id: l.lesson_id, reason: 'เครื่องอ่านบัตรเสีย' });
    expect(r.status, r.body.message).toBe(200);
    expect(r.body.data.lesson.checkin_method).toBe('manual');
    const [a] = await rows(
      t,
      sql`select after from audit_log where entity = 'lesson' and entity_id = ${String(l.lesson_id)} and action = 'checkin'`,
    );
    expect(JSON.stringify(a!.after)).toContain('เครื่องอ่านบัตรเสีย');
    const done = await malee.post('/api/lesson/complete', { lesson_id: l.lesson_id });
    expect(done.status, done.body.message).toBe(200);
    const twice = await malee.post('/api/lesson/complete', { lesson_id: l.lesson_id });
    expect(twice.status).toBe(400);
  });
});

describe('theory classes', () => {
  it('a class in a room: enrolment up to the capacity, same licence type, cancelling or moving it takes the seats along', async () => {
    const room = await admin.post('/api/lesson/room/create', { branch_id: cat.hq, name: 'ห้อง 1', capacity: 3 });
    expect(room.status, room.body.message).toBe(200);
    const date = addDays(DAY, 4);
    const mk = (b: Record<string, unknown> = {}) =>
      admin.post('/api/lesson/class/create', {
        branch_id: cat.hq,
        room_id: room.body.data.room_id,
        instructor_id: prasert.id,
        course_type: 'รถยนต์',
        date,
        start_time: '13:00',
        end_time: '15:00',
        ...b,
      });
    const tooBig = await mk({ capacity: 4 });
    expect(tooBig.status).toBe(400);
    const c = await mk();
    expect(c.status, c.body.message).toBe(200);
    expect(c.body.data).toMatchObject({ kind: 'class', capacity: 3, enrolled: 0, room_name: 'ห้อง 1' });
    const clash = await mk({ start_time: '14:00', end_time: '16:00', instructor_id: (await userId(t, 'somchai')).id });
    expect(clash.status).toBe(409);
    expect(clash.body.message).toMatch(/ห้อง ห้อง 1 มีชั้นเรียนภาคทฤษฎีรถยนต์/);

    const students = [];
    for (const n of ['ทฤษฎีหนึ่ง', 'ทฤษฎีสอง', 'ทฤษฎีสาม', 'ทฤษฎีสี่']) students.push(await register(malee, cat.car, n));
    const moto = await register(malee, cat.moto, 'มอไซค์', '3500.50');
    const wrong = await malee.post('/api/lesson/class/enroll', {
      class_id: c.body.data.lesson_id,
      line_ids: [moto.line_id],
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toMatch(/ชั้นเรียนนี้สำหรับรถยนต์/);
    const e = await malee.post('/api/lesson/class/enroll', {
      class_id: c.body.data.lesson_id,
      line_ids: students.slice(0, 3).map((s) => s.line_id),
    });
    expect(e.status, e.body.message).toBe(200);
    expect(e.body.data).toMatchObject({ enrolled: 3, capacity: 3 });
    const full = await malee.post('/api/lesson/class/enroll', {
      class_id: c.body.data.lesson_id,
      line_ids: [students[3]!.line_id],
    });
    expect(full.status).toBe(409);
    expect(full.body.message).toMatch(/เหลือ 0 ที่นั่ง/);
    expect((await hours(students[0]!.line_id)).theory).toMatchObject({ included: 300, booked: 120, remaining: 180 });

    // a student already in a practical lesson at the time cannot take a seat (the database refuses it)
    const busy = students[3]!;
    const c2 = await mk({ start_time: '16:00', end_time: '17:00', instructor_id: (await userId(t, 'somchai')).id });
    await book(busy.line_id, date, { start_time: '16:30', end_time: '17:15' });
    const overlap = await malee.post('/api/lesson/class/enroll', {
      class_id: c2.body.data.lesson_id,
      line_ids: [busy.line_id],
    });
    expect(overlap.status).toBe(409);
    expect(overlap.body.message).toContain(`ผู้เรียน ${busy.name} มีคาบเรียนของ ${busy.name}`);

    // moving the class moves its seats
    const mv = await admin.put('/api/lesson/update', {
      lesson_id: c.body.data.lesson_id,
      start_time: '09:00',
      end_time: '11:00',
    });
    expect(mv.status, mv.body.message).toBe(200);
    const seats = await rows(t, sql`select starts_at from lessons where class_id = ${c.body.data.lesson_id}`);
    expect(seats.map((s) => new Date(s.starts_at).toISOString())).toEqual(Array(3).fill(mv.body.data.starts_at));

    // a seat cancelled by the school frees its place; cancelling the class cancels the rest, not charged
    const seatIds = e.body.data.seat_ids as number[];
    const one = await malee.post('/api/lesson/cancel', { lesson_id: seatIds[0], by: 'school', reason: 'ย้ายรอบ' });
    expect(one.status, one.body.message).toBe(200);
    expect((await malee.get(`/api/lesson/get/${c.body.data.lesson_id}`)).body.data.enrolled).toBe(2);
    const all = await admin.post('/api/lesson/cancel', {
      lesson_id: c.body.data.lesson_id,
      by: 'school',
      reason: 'ห้องปิดซ่อม',
    });
    expect(all.status, all.body.message).toBe(200);
    expect(all.body.message).toMatch(/ที่นั่งของผู้เรียน 2 คน/);
    const states = await rows(t, sql`select state, charged from lessons where class_id = ${c.body.data.lesson_id}`);
    expect(states.every((s) => s.state === 'cancelled' && s.charged === false)).toBe(true);
  });

  it('completing a class completes its present seats and marks the absent as charged no-shows; hours reach the exam rule', async () => {
    const room = await admin.post('/api/lesson/room/create', { branch_id: cat.hq, name: 'ห้อง 2', capacity: 10 });
    const c = await admin.post('/api/lesson/class/create', {
      branch_id: cat.hq,
      room_id: room.body.data.room_id,
      instructor_id: (await userId(t, 'somchai')).id,
      course_type: 'รถยนต์',
      ...slotNow(),
    });
    expect(c.status, c.body.message).toBe(200);
    const here = await register(malee, cat.car, 'มาเรียนทฤษฎี');
    const away = await register(malee, cat.car, 'ไม่มาทฤษฎี');
    const e = await malee.post('/api/lesson/class/enroll', {
      class_id: c.body.data.lesson_id,
      line_ids: [here.line_id, away.line_id],
    });
    expect(e.status, e.body.message).toBe(200);
    const ci = await malee.post('/api/lesson/checkin', { national_id: here.idcard, branch_id: cat.hq });
    expect(ci.status, ci.body.message).toBe(200);
    expect(ci.body.data.lesson.kind).toBe('seat');
    const done = await admin.post('/api/lesson/complete', { lesson_id: c.body.data.lesson_id });
    expect(done.status, done.body.message).toBe(200);
    expect(done.body.message).toMatch(/เรียนจบ 1 คน ขาดเรียน 1 คน/);
    expect((await hours(here.line_id)).theory).toMatchObject({ delivered: 30, remaining: 270 });
    expect((await hours(away.line_id)).theory).toMatchObject({ charged: 30, remaining: 270, delivered: 0 });
    expect((await lineTrainingHours(t.db, here.line_id)).theory).toBe(0.5);
  });
});

describe('bad input writes nothing', () => {
  it('NUL, huge numbers and unknown fields on every write route', async () => {
    const before = await lessonCount(t);
    for (const [url, body] of [
      ['/api/lesson/cancel', { lesson_id: 1, by: 'student', reason: 'x\u0000' }],
      ['/api/lesson/noshow', { lesson_id: 2 ** 40 }],
      ['/api/lesson/checkin', { national_id: '1'.repeat(13), branch_id: 1e20 }],
      ['/api/lesson/complete', { lesson_id: 1, results: [{ evaluate_id: 1, level: 1e9 }] }],
      ['/api/lesson/class/enroll', { class_id: 1, line_ids: [] }],
      [
        '/api/lesson/class/create',
        {
          branch_id: 1,
          room_id: 1,
          instructor_id: 1,
          course_type: 'รถยนต์',
          date: '2026-02-30',
          start_time: '09:00',
          end_time: '10:00',
        },
      ],
    ] as const) {
      const r = await admin.post(url, body);
      expect(r.status, `${url} ${r.body.message}`).toBe(400);
      expect(r.body.message).toMatch(/[ก-๙]/);
    }
    expect(await lessonCount(t)).toBe(before);
  });
});
