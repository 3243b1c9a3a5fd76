/**
 * The training hours the evaluation list, the student's evaluation page and the exam rule read: the completed lessons
 * of the timetable, plus the hours typed on evaluations before the lessons module (recorded history, shown apart).
 * The figures kept at commit (line_training) follow each completion and equal their recomputation.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { addDays } from '@khabkhi/thai';
import type { Client, TestApp } from '../helpers.js';
import { moneySuite, type Catalog } from '../money/fixtures.js';
import { rows } from '../foundation/fixtures.js';
import { lineTrainingHours } from '../../src/modules/exams/training-hours.js';
import { LINE_TRAINING_VIOLATIONS_SQL } from '../../src/modules/evaluations/training.js';
import { DAY, register, setHours, setRules, today, userId, vehicle } from './fixtures.js';

const suite = moneySuite();
let t: TestApp;
let cat: Catalog;
let admin: Client;
let malee: Client;
let prasert: number;
let car: number;

beforeAll(async () => {
  ({ t, cat } = suite);
  admin = await t.as('admin');
  malee = await t.as('malee');
  prasert = (await userId(t, 'prasert')).id;
  await setRules(admin);
  await setHours(admin, cat.hq, prasert);
  car = await vehicle(t, cat.hq);
});

/** Books, checks in by hand and completes a practical lesson of the line. */
async function teach(lineId: number, date: string, start: string, end: string) {
  const b = await malee.post('/api/lesson/create', {
    line_id: lineId,
    instructor_id: prasert,
    vehicle_id: car,
    date,
    start_time: start,
    end_time: end,
  });
  expect(b.status, b.body.message).toBe(200);
  const id = b.body.data.lesson_id as number;
  const c = await malee.post('/api/lesson/checkin', { lesson_id: id, reason: 'ครูยืนยันการมาเรียน' });
  expect(c.status, c.body.message).toBe(200);
  const d = await malee.post('/api/lesson/complete', { lesson_id: id });
  expect(d.status, d.body.message).toBe(200);
  return id;
}

/** The line's row of the evaluation list (searched by the student's name), and with a status filter. */
async function row(name: string, lineId: number, status?: string) {
  const r = await admin.get('/api/application/getforevaluateManage', {
    text: name,
    per_page: 100,
    ...(status ? { status } : {}),
  });
  expect(r.status, r.body.message).toBe(200);
  expect(r.body.meta.total).toBe(r.body.data.length);
  return r.body.data.find((x: { line_id: number }) => x.line_id === lineId);
}

const student = async (s: { application_id: number; line_id: number }) => {
  const r = await admin.get('/api/evaluate/student', { line_id: s.line_id });
  expect(r.status, r.body.message).toBe(200);
  return r.body.data;
};

const stored = async (lineId: number) =>
  (
    await rows(
      t,
      sql`select theory_hours, practice_hours, lesson_theory_minutes, lesson_practice_minutes, evaluations,
        last_date::text as last_date from line_training where line_id = ${lineId}`,
    )
  )[0];

describe('training hours from completed lessons', () => {
  it('hours typed on an evaluation stay as recorded history; a 90-minute lesson adds 1.5 hours beside them', async () => {
    const s = await register(malee, cat.car, 'ชั่วโมงเดิม');
    const typed = await admin.post('/api/evaluate/record', {
      application_id: s.application_id,
      line_id: s.line_id,
      date: today,
      instructor_id: prasert,
      theory_hours: 2,
      practice_hours: 1,
      results: [],
    });
    expect(typed.status, typed.body.message).toBe(200);
    expect(await row('ชั่วโมงเดิม', s.line_id)).toMatchObject({
      theory_done: 2,
      theory_recorded: 2,
      practice_done: 1,
      practice_recorded: 1,
      status: 'กำลังอบรม',
      last_date: today,
    });

    await teach(s.line_id, DAY, '08:00', '09:30');
    // typed 1 hour + the lesson's 90 minutes; the typed part is still named
    expect(await row('ชั่วโมงเดิม', s.line_id)).toMatchObject({
      theory_done: 2,
      theory_recorded: 2,
      practice_done: 2.5,
      practice_recorded: 1,
      status: 'กำลังอบรม',
      last_date: DAY,
    });
    expect((await student(s)).hours).toEqual({
      theory_done: 2,
      theory_required: 5,
      theory_recorded: 2,
      practice_done: 2.5,
      practice_required: 10,
      practice_recorded: 1,
    });
    expect(await stored(s.line_id)).toEqual({
      theory_hours: 2,
      practice_hours: 1,
      lesson_theory_minutes: 0,
      lesson_practice_minutes: 90,
      evaluations: 1,
      last_date: DAY,
    });
    // the exam rule's minimum hours reads the same figure
    expect(await lineTrainingHours(t.db, s.line_id)).toEqual({ theory: 2, practice: 2.5, total: 4.5 });
    expect(await rows(t, LINE_TRAINING_VIOLATIONS_SQL)).toEqual([]);
  });

  it('a line taught by lessons only: not started → in training → completed on 5 theory and 10 practice hours', async () => {
    const s = await register(malee, cat.car, 'เรียนตามตาราง');
    expect(await row('เรียนตามตาราง', s.line_id, 'ยังไม่เริ่มอบรม')).toMatchObject({ theory_done: 0, practice_done: 0 });

    // 4 + 4 + 2 hours of driving on three days
    await teach(s.line_id, addDays(DAY, 1), '08:00', '12:00');
    expect(await row('เรียนตามตาราง', s.line_id, 'ยังไม่เริ่มอบรม')).toBeUndefined();
    expect(await row('เรียนตามตาราง', s.line_id, 'กำลังอบรม')).toMatchObject({
      practice_done: 4,
      practice_recorded: 0,
      theory_recorded: 0,
      last_date: addDays(DAY, 1),
    });
    await teach(s.line_id, addDays(DAY, 2), '08:00', '12:00');
    await teach(s.line_id, addDays(DAY, 3), '13:00', '15:00');

    // 5 hours of theory in a class: the seat checked in, the class completed
    const room = await admin.post('/api/lesson/room/create', { branch_id: cat.hq, name: 'ห้องทฤษฎี', capacity: 5 });
    expect(room.status, room.body.message).toBe(200);
    const c = await admin.post('/api/lesson/class/create', {
      branch_id: cat.hq,
      room_id: room.body.data.room_id,
      instructor_id: prasert,
      course_type: 'รถยนต์',
      date: addDays(DAY, 4),
      start_time: '08:00',
      end_time: '13:00',
    });
    expect(c.status, c.body.message).toBe(200);
    const e = await malee.post('/api/lesson/class/enroll', { class_id: c.body.data.lesson_id, line_ids: [s.line_id] });
    expect(e.status, e.body.message).toBe(200);
    const seat = (e.body.data.seat_ids as number[])[0];
    expect((await malee.post('/api/lesson/checkin', { lesson_id: seat, reason: 'ลงชื่อในห้องเรียน' })).status).toBe(200);
    const done = await admin.post('/api/lesson/complete', { lesson_id: c.body.data.lesson_id });
    expect(done.status, done.body.message).toBe(200);

    // the hours are complete; the criteria are not evaluated yet
    expect(await row('เรียนตามตาราง', s.line_id, 'กำลังอบรม')).toMatchObject({
      theory_done: 5,
      practice_done: 10,
      last_date: addDays(DAY, 4),
    });
    expect(await stored(s.line_id)).toMatchObject({
      theory_hours: 0,
      practice_hours: 0,
      lesson_theory_minutes: 300,
      lesson_practice_minutes: 600,
      evaluations: 0,
    });
    expect((await student(s)).missing).toEqual([expect.stringMatching(/^ยังไม่ได้ประเมิน \d+ หัวข้อ$/)]);

    // every criterion passed (levels, no hours typed): training complete on the lessons' hours
    const criteria = await rows<{ id: number }>(
      t,
      sql`select evaluate_id as id from evaluates where type = 'รถยนต์' and not is_delete and is_activate`,
    );
    const levels = await admin.post('/api/evaluate/record', {
      application_id: s.application_id,
      line_id: s.line_id,
      date: today,
      instructor_id: prasert,
      results: criteria.map((x) => ({ evaluate_id: x.id, level: 3 })),
    });
    expect(levels.status, levels.body.message).toBe(200);
    expect(await row('เรียนตามตาราง', s.line_id, 'อบรมครบ')).toMatchObject({
      theory_done: 5,
      practice_done: 10,
      theory_recorded: 0,
      practice_recorded: 0,
      status: 'อบรมครบ',
    });
    expect(await row('เรียนตามตาราง', s.line_id, 'กำลังอบรม')).toBeUndefined();
    expect((await student(s)).completed).toBe(true);
    expect(await lineTrainingHours(t.db, s.line_id)).toEqual({ theory: 5, practice: 10, total: 15 });
    expect(await rows(t, LINE_TRAINING_VIOLATIONS_SQL)).toEqual([]);
  });
});
