/**
 * A registration ended by a refund gives back the timetable its course line holds: its booked practical lessons and
 * its seat in a class are cancelled by the school, free of charge, with the reason and an audit row, in the refund's
 * transaction; the class counts one student fewer; a completed lesson stays; the freed slot can be booked again.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { addDays } from '@khabkhi/thai';
import type { Client, TestApp } from '../helpers.js';
import { moneySuite, type Catalog } from '../money/fixtures.js';
import { rows } from '../foundation/fixtures.js';
import { DAY, everyDay, register, setHours, setRules, userId, vehicle } from './fixtures.js';

const suite = moneySuite();
let t: TestApp;
let cat: Catalog;
let admin: Client;
let malee: Client;
let somchai: Client;
let prasert: number;
let car: number;

beforeAll(async () => {
  ({ t, cat } = suite);
  admin = await t.as('admin');
  malee = await t.as('malee');
  somchai = await t.as('somchai');
  prasert = (await userId(t, 'prasert')).id;
  await setRules(admin, { day_start: '07:00', day_end: '20:00' });
  await setHours(admin, cat.hq, prasert, everyDay('07:00', '20:00'));
  car = await vehicle(t, cat.hq);
});

const lesson = async (id: number) =>
  (
    await rows<{ state: string; cancel_by: string | null; cancel_reason: string; charged: boolean }>(
      t,
      sql`select state, cancel_by, cancel_reason, charged from lessons where lesson_id = ${id}`,
    )
  )[0]!;

describe('a refunded registration and its timetable', () => {
  it('a refund cancels the booked lessons and the class seat free of charge; a completed lesson stays; the slot is free again', async () => {
    const s = await register(malee, cat.car, 'คืนเงินคาบ');
    const book = (date: string, start_time: string, end_time: string, line_id = s.line_id) =>
      malee.post('/api/lesson/create', {
        line_id,
        instructor_id: prasert,
        vehicle_id: car,
        date,
        start_time,
        end_time,
      });
    const first = await book(DAY, '09:00', '10:00');
    const second = await book(addDays(DAY, 1), '09:00', '11:00');
    const done = await book(DAY, '13:00', '14:00');
    for (const r of [first, second, done]) expect(r.status, r.body.message).toBe(200);
    // a lesson already taught: completed straight in the table, as the desk's check-in and completion would leave it
    await t.db.execute(sql`update lessons set state = 'done' where lesson_id = ${done.body.data.lesson_id}`);

    const room = await admin.post('/api/lesson/room/create', { branch_id: cat.hq, name: 'ห้องคืนเงิน', capacity: 5 });
    expect(room.status, room.body.message).toBe(200);
    const c = await admin.post('/api/lesson/class/create', {
      branch_id: cat.hq,
      room_id: room.body.data.room_id,
      instructor_id: prasert,
      course_type: 'รถยนต์',
      date: addDays(DAY, 2),
      start_time: '13:00',
      end_time: '15:00',
    });
    expect(c.status, c.body.message).toBe(200);
    const classId = c.body.data.lesson_id as number;
    const e = await malee.post('/api/lesson/class/enroll', { class_id: classId, line_ids: [s.line_id] });
    expect(e.status, e.body.message).toBe(200);
    const [seat] = await rows<{ lesson_id: number }>(
      t,
      sql`select lesson_id from lessons where class_id = ${classId} and line_id = ${s.line_id}`,
    );

    const r = await somchai.post('/api/application/refund', {
      application_id: s.application_id,
      note: 'ผู้เรียนย้ายไปเรียนที่อื่น',
      value: '1000',
      pay_type: 'cash',
    });
    expect(r.status, r.body.message).toBe(200);

    for (const id of [first.body.data.lesson_id, second.body.data.lesson_id, seat!.lesson_id])
      expect(await lesson(id)).toEqual({
        state: 'cancelled',
        cancel_by: 'school',
        cancel_reason: 'คืนเงิน: ผู้เรียนย้ายไปเรียนที่อื่น',
        charged: false,
      });
    expect((await lesson(done.body.data.lesson_id)).state).toBe('done');
    const [k] = await rows<{ enrolled: number }>(t, sql`select enrolled from lessons where lesson_id = ${classId}`);
    expect(k!.enrolled).toBe(0);
    const audits = await rows<{ n: number }>(
      t,
      sql`select count(*)::int as n from audit_log where entity = 'lesson' and action = 'cancel'
        and entity_id in (${String(first.body.data.lesson_id)}, ${String(second.body.data.lesson_id)}, ${String(seat!.lesson_id)})`,
    );
    expect(audits[0]!.n).toBe(3);

    // the instructor and the car are free at that time again: another student takes the slot
    const other = await register(malee, cat.car, 'ได้คาบต่อ');
    const again = await book(DAY, '09:00', '10:00', other.line_id);
    expect(again.status, again.body.message).toBe(200);
  });
});
