/**
 * Reading and setting up the timetable through the API: the lessons list and its filters, one lesson, the branch
 * timetable by instructor and by vehicle, a line's hours, instructor availability, classrooms and the lesson rules.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { addDays } from '@khabkhi/thai';
import type { Client, TestApp } from '../helpers.js';
import { moneySuite, type Catalog } from '../money/fixtures.js';
import { rows } from '../foundation/fixtures.js';
import { DAY, everyDay, register, setHours, setRules, today, userId, vehicle } from './fixtures.js';

const suite = moneySuite();
let t: TestApp;
let cat: Catalog;
let admin: Client;
let malee: Client;
let anan: Client;
let kittipong: Client;
let prasert: number;
let car: number;
let lessonId: number;
let student: Awaited<ReturnType<typeof register>>;

beforeAll(async () => {
  ({ t, cat } = suite);
  admin = await t.as('admin');
  malee = await t.as('malee');
  anan = await t.as('anan');
  kittipong = await t.as('kittipong');
  prasert = (await userId(t, 'prasert')).id;
  await setRules(admin);
  await setHours(admin, cat.hq, prasert, everyDay('08:00', '18:00'), {
    leave: [{ date: addDays(DAY, 1), reason: 'ลากิจ' }],
    rates: [{ course_type: 'รถยนต์', part: 'practice', rate: '150.50', valid_from: '2026-01-01' }],
  });
  car = await vehicle(t, cat.hq);
  student = await register(malee, cat.car, 'รายการ');
  const r = await malee.post('/api/lesson/create', {
    line_id: student.line_id,
    instructor_id: prasert,
    vehicle_id: car,
    date: DAY,
    start_time: '10:00',
    end_time: '11:30',
  });
  expect(r.status, r.body.message).toBe(200);
  lessonId = r.body.data.lesson_id;
});

describe('lists', () => {
  it('lesson/gettable: the envelope with meta and filters; each filter narrows; another branch sees none of it', async () => {
    const r = await malee.get('/api/lesson/gettable', { per_page: 10 });
    expect(r.status, r.body.message).toBe(200);
    expect(r.body.meta).toMatchObject({ page: 1, per_page: 10, total: 1 });
    expect(r.body.filter.status[0]).toEqual({ name: 'ทั้งหมด', value: 'ทั้งหมด' });
    // instructor and vehicle are dropdowns of the branch's own, and recent theory classes a third
    expect(r.body.filter.instructor).toContainEqual({ name: 'นายประเสริฐ ขับดี', value: prasert });
    expect(r.body.filter.vehicle.map((o: { value: unknown }) => o.value)).toContain(car);
    expect(r.body.filter.class[0]).toEqual({ name: 'ทั้งหมด', value: 'ทั้งหมด' });
    expect(
      (await anan.get('/api/lesson/gettable')).body.filter.vehicle.map((o: { value: unknown }) => o.value),
    ).not.toContain(car);
    expect(r.body.data[0]).toMatchObject({ lesson_id: lessonId, customer_name: student.name, minutes: 90 });
    for (const [q, n] of [
      [{ status: 'จองแล้ว' }, 1],
      [{ status: 'done' }, 0],
      [{ kind: 'ภาคปฏิบัติ' }, 1],
      [{ instructor: String(prasert) }, 1],
      [{ vehicle: String(car) }, 1],
      [{ vehicle: 'abc' }, 0],
      [{ class: String(lessonId) }, 0],
      [{ line: String(student.line_id) }, 1],
      [{ start: DAY, end: DAY }, 1],
      [{ start: addDays(DAY, 1) }, 0],
      [{ text: 'รายการ' }, 1],
      [{ text: student.idcard.slice(0, 6) }, 1],
      [{ text: 'ไม่มีใคร' }, 0],
      [{ branch: String(cat.hq) }, 1],
      [{ branch: String(cat.bkn) }, 0],
    ] as const) {
      const x = await malee.get('/api/lesson/gettable', q);
      expect(x.status, `${JSON.stringify(q)} ${x.body.message}`).toBe(200);
      expect(x.body.meta.total, JSON.stringify(q)).toBe(n);
    }
    expect((await anan.get('/api/lesson/gettable')).body.meta.total).toBe(0);
    expect((await anan.get('/api/lesson/gettable', { branch: String(cat.hq) })).status).toBe(403);
  });

  it('lesson/get: one lesson; another branch is refused; a missing one is 404', async () => {
    const r = await malee.get(`/api/lesson/get/${lessonId}`);
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({
      lesson_id: lessonId,
      start_time: '10:00',
      end_time: '11:30',
      branch_name: expect.any(String),
    });
    expect((await anan.get(`/api/lesson/get/${lessonId}`)).status).toBe(403);
    expect((await malee.get('/api/lesson/get/99999999')).status).toBe(404);
  });

  it('lesson/timetable by instructor: hours per day without the leave day, the leave, the period’s lessons', async () => {
    const r = await malee.get('/api/lesson/timetable', { branch_id: cat.hq, date_from: DAY, date_to: addDays(DAY, 6) });
    expect(r.status, r.body.message).toBe(200);
    expect(r.body.data).toMatchObject({ resource: 'instructor', day_start: '00:00', day_end: '23:59' });
    const p = r.body.data.resources.find((x: { id: number }) => x.id === prasert);
    expect(p).toMatchObject({
      name: 'นายประเสริฐ ขับดี',
      unavailable: '',
      leave: [{ date: addDays(DAY, 1), reason: 'ลากิจ' }],
    });
    expect(p.hours).toHaveLength(6);
    expect(p.hours[0]).toEqual({ date: DAY, start_time: '08:00', end_time: '18:00' });
    // the grid's fields alone (the rest is lesson/get's), column by column, its names once per id
    expect(r.body.data.lessons).toEqual({
      lesson_id: [lessonId],
      kind: ['practice'],
      state: ['booked'],
      date: [DAY],
      start_time: ['10:00'],
      end_time: ['11:30'],
      course_type: ['รถยนต์'],
      customer_id: [expect.any(Number)],
      instructor_id: [prasert],
      vehicle_id: [car],
      teacher_id: [prasert],
      room_name: [''],
      capacity: [null],
      enrolled: [0],
    });
    expect(r.body.data.names).toEqual({
      customers: [{ id: r.body.data.lessons.customer_id[0], name: student.name }],
      instructors: [{ id: prasert, name: 'นายประเสริฐ ขับดี' }],
      vehicles: [{ id: car, name: expect.stringMatching(/^9กก \d+ กรุงเทพมหานคร$/) }],
    });
    const far = await malee.get('/api/lesson/timetable', {
      branch_id: cat.hq,
      date_from: DAY,
      date_to: addDays(DAY, 60),
    });
    expect(far.status).toBe(400);
    const back = await malee.get('/api/lesson/timetable', {
      branch_id: cat.hq,
      date_from: DAY,
      date_to: addDays(DAY, -1),
    });
    expect(back.status).toBe(400);
    expect((await anan.get('/api/lesson/timetable', { branch_id: cat.hq, date_from: DAY, date_to: DAY })).status).toBe(
      403,
    );
  });

  it('lesson/timetable by vehicle: a car under repair or whose tax or พ.ร.บ. lapses in the period says why', async () => {
    const repair = await vehicle(t, cat.hq, { status: 'repair' });
    const taxed = await vehicle(t, cat.hq, { noti_tax: addDays(DAY, 2) });
    const sold = await vehicle(t, cat.hq, { status: 'sold' });
    const r = await malee.get('/api/lesson/timetable', {
      branch_id: cat.hq,
      date_from: DAY,
      date_to: addDays(DAY, 6),
      resource: 'vehicle',
    });
    expect(r.status, r.body.message).toBe(200);
    const by = new Map(r.body.data.resources.map((v: { id: number }) => [v.id, v]));
    expect(by.get(car)).toMatchObject({ unavailable: '', detail: 'รถยนต์' });
    expect((by.get(repair) as { unavailable: string }).unavailable).toMatch(/ซ่อม/);
    expect((by.get(taxed) as { unavailable: string }).unavailable).toMatch(/ภาษี/);
    expect(by.has(sold)).toBe(false);
  });

  it('lesson/timetable: a class with its room and seats, its seat named by the class’s instructor, without a column of its own', async () => {
    const room = await admin.post('/api/lesson/room/create', { branch_id: cat.hq, name: 'ห้องทฤษฎี', capacity: 10 });
    expect(room.status, room.body.message).toBe(200);
    const day = addDays(DAY, 2);
    const cls = await admin.post('/api/lesson/class/create', {
      branch_id: cat.hq,
      room_id: room.body.data.room_id,
      instructor_id: prasert,
      course_type: 'รถยนต์',
      date: day,
      start_time: '13:00',
      end_time: '15:00',
    });
    expect(cls.status, cls.body.message).toBe(200);
    const classId = cls.body.data.lesson_id as number;
    const e = await malee.post('/api/lesson/class/enroll', { class_id: classId, line_ids: [student.line_id] });
    expect(e.status, e.body.message).toBe(200);
    try {
      for (const resource of ['instructor', 'vehicle']) {
        const r = await malee.get('/api/lesson/timetable', {
          branch_id: cat.hq,
          date_from: day,
          date_to: day,
          resource,
        });
        expect(r.status, r.body.message).toBe(200);
        // the class, then its seat (same start; the class was made first)
        const l = r.body.data.lessons;
        const at = (i: number) =>
          Object.fromEntries(Object.keys(l).map((k) => [k, l[k][i]])) as Record<string, unknown> & {
            customer_id: number;
          };
        expect(l.lesson_id).toHaveLength(2);
        const [c, seat] = [at(0), at(1)];
        expect(c).toMatchObject({
          lesson_id: classId,
          kind: 'class',
          customer_id: null,
          instructor_id: prasert,
          vehicle_id: null,
          teacher_id: prasert,
          room_name: 'ห้องทฤษฎี',
          capacity: 10,
          enrolled: 1,
          start_time: '13:00',
          end_time: '15:00',
        });
        expect(seat).toMatchObject({
          kind: 'seat',
          instructor_id: null,
          vehicle_id: null,
          teacher_id: prasert,
          room_name: '',
          date: day,
          start_time: '13:00',
        });
        expect(r.body.data.names).toMatchObject({
          customers: [{ id: seat.customer_id, name: student.name }],
          instructors: [{ id: prasert, name: 'นายประเสริฐ ขับดี' }],
          vehicles: [],
        });
      }
    } finally {
      await admin.post('/api/lesson/cancel', { lesson_id: classId, by: 'school', reason: 'เลื่อน' });
    }
  });

  it('lesson/hours: included, booked and remaining per part in minutes, with hours typed on evaluations shown apart', async () => {
    const r = await malee.get(`/api/lesson/hours/${student.line_id}`);
    expect(r.status, r.body.message).toBe(200);
    expect(r.body.data).toMatchObject({
      line_id: student.line_id,
      course_type: 'รถยนต์',
      practice: { included: 600, extra: 0, booked: 90, delivered: 0, charged: 0, remaining: 510, recorded: 0 },
      theory: { included: 300, remaining: 300 },
    });
    expect((await anan.get(`/api/lesson/hours/${student.line_id}`)).status).toBe(403);
    expect((await malee.get('/api/lesson/hours/99999999')).status).toBe(404);
  });
});

describe('setup', () => {
  it('lesson/availability: hours, leave and rates of the branch’s instructors; update replaces them in one go', async () => {
    const r = await malee.get('/api/lesson/availability', { branch_id: cat.hq, date_from: DAY });
    expect(r.status, r.body.message).toBe(200);
    const p = r.body.data.find((x: { instructor_id: number }) => x.instructor_id === prasert);
    expect(p.hours).toHaveLength(7);
    expect(p.rates).toEqual([{ course_type: 'รถยนต์', part: 'practice', rate: '150.50', valid_from: '2026-01-01' }]);
    // a cashier may read but not change it
    const denied = await malee.put('/api/lesson/availability/update', {
      branch_id: cat.hq,
      instructor_id: prasert,
      hours: [],
    });
    expect(denied.status).toBe(403);
    const overlapping = await admin.put('/api/lesson/availability/update', {
      branch_id: cat.hq,
      instructor_id: prasert,
      hours: [
        { weekday: 1, start_time: '08:00', end_time: '12:00' },
        { weekday: 1, start_time: '11:00', end_time: '15:00' },
      ],
    });
    expect(overlapping.status).toBe(400);
    expect(overlapping.body.message).toMatch(/ซ้อนกับช่วง 08:00–12:00/);
    const backwards = await admin.put('/api/lesson/availability/update', {
      branch_id: cat.hq,
      instructor_id: prasert,
      hours: [{ weekday: 2, start_time: '12:00', end_time: '08:00' }],
    });
    expect(backwards.status).toBe(400);
    const badType = await admin.put('/api/lesson/availability/update', {
      branch_id: cat.hq,
      instructor_id: prasert,
      hours: [],
      rates: [{ course_type: 'เรือ', part: 'theory', rate: '100', valid_from: '2026-01-01' }],
    });
    expect(badType.status).toBe(400);
    const after = await rows(t, sql`select count(*)::int as n from instructor_hours where user_id = ${prasert}`);
    expect(after[0]!.n).toBe(7); // nothing written by the refusals
    const ok = await admin.put('/api/lesson/availability/update', {
      branch_id: cat.hq,
      instructor_id: prasert,
      hours: [
        { weekday: 1, start_time: '13:00', end_time: '17:00' },
        { weekday: 1, start_time: '08:00', end_time: '12:00' },
      ],
      leave: [],
      rates: [{ course_type: 'รถยนต์', part: 'theory', rate: '120', valid_from: '2026-06-01' }],
    });
    expect(ok.status, ok.body.message).toBe(200);
    expect(ok.body.data.hours.map((h: { start_time: string }) => h.start_time)).toEqual(['08:00', '13:00']);
    expect(ok.body.data.leave).toEqual([]);
    // a dated rate before today is history: kept although this save did not send it
    expect(ok.body.data.rates).toEqual([
      { course_type: 'รถยนต์', part: 'practice', rate: '150.50', valid_from: '2026-01-01' },
      { course_type: 'รถยนต์', part: 'theory', rate: '120', valid_from: '2026-06-01' },
    ]);
    const [a] = await rows(t, sql`select count(*)::int as n from audit_log where entity = 'instructor_availability'`);
    expect(a!.n).toBeGreaterThanOrEqual(2);
    expect(
      (await anan.put('/api/lesson/availability/update', { branch_id: cat.hq, instructor_id: prasert, hours: [] }))
        .status,
    ).toBe(403);
  });

  it('an update of the weekly hours keeps leave and dated rates; a save of the screen keeps past leave and past rates', async () => {
    const past = addDays(today, -30);
    await t.db.execute(sql`insert into instructor_leave (user_id, date, reason) values (${prasert}, ${past}, 'ลาป่วย')`);
    const base = { branch_id: cat.hq, instructor_id: prasert };
    const set = await admin.put('/api/lesson/availability/update', {
      ...base,
      hours: [{ weekday: 1, start_time: '08:00', end_time: '17:00' }],
      leave: [{ date: DAY, reason: 'ลากิจ' }],
      rates: [
        { course_type: 'รถยนต์', part: 'practice', rate: '150', valid_from: '2026-01-01' },
        { course_type: 'รถยนต์', part: 'practice', rate: '180', valid_from: addDays(today, 5) },
      ],
    });
    expect(set.status, set.body.message).toBe(200);
    const leaveOf = async () =>
      (await rows(t, sql`select date::text as d from instructor_leave where user_id = ${prasert} order by date`)).map(
        (r) => String(r.d).slice(0, 10),
      );
    const ratesOf = async () =>
      (
        await rows(
          t,
          sql`select rate::text as r, valid_from::text as f from instructor_rates where user_id = ${prasert} and part = 'practice' order by valid_from`,
        )
      ).map((r) => [Number(r.r), String(r.f).slice(0, 10)]);
    expect(await leaveOf()).toEqual([past, DAY]);
    // the weekly hours alone: leave and rates stay as they were
    const hoursOnly = await admin.put('/api/lesson/availability/update', { ...base, hours: everyDay() });
    expect(hoursOnly.status, hoursOnly.body.message).toBe(200);
    expect(await leaveOf()).toEqual([past, DAY]);
    expect(await ratesOf()).toEqual([
      [150, '2026-01-01'],
      [180, addDays(today, 5)],
    ]);
    // the screen sends what it shows (leave from today, no rate): the upcoming ones go, the past ones stay
    const cleared = await admin.put('/api/lesson/availability/update', {
      ...base,
      hours: everyDay(),
      leave: [],
      rates: [],
    });
    expect(cleared.status, cleared.body.message).toBe(200);
    expect(await leaveOf()).toEqual([past]);
    expect(await ratesOf()).toEqual([[150, '2026-01-01']]);
    // a past rate sent with a new amount is corrected, not doubled
    await admin.put('/api/lesson/availability/update', {
      ...base,
      hours: everyDay(),
      rates: [{ course_type: 'รถยนต์', part: 'practice', rate: '155', valid_from: '2026-01-01' }],
    });
    expect(await ratesOf()).toEqual([[155, '2026-01-01']]);
  });

  it('rooms: create, list, rename, a duplicate name refused, delete hides it (audited); a room with a class ahead stays', async () => {
    await setHours(admin, cat.hq, prasert);
    const c = await admin.post('/api/lesson/room/create', { branch_id: cat.hq, name: 'ห้องใหญ่', capacity: 40 });
    expect(c.status, c.body.message).toBe(200);
    const dup = await admin.post('/api/lesson/room/create', { branch_id: cat.hq, name: 'ห้องใหญ่', capacity: 10 });
    expect(dup.status).toBe(400);
    expect(dup.body.message).toMatch(/ชื่อห้อง/);
    const u = await admin.put('/api/lesson/room/update', {
      room_id: c.body.data.room_id,
      branch_id: cat.hq,
      name: 'ห้องประชุม',
      capacity: 30,
    });
    expect(u.status, u.body.message).toBe(200);
    expect(u.body.data).toMatchObject({ name: 'ห้องประชุม', capacity: 30 });
    const list = await malee.get('/api/lesson/room/getall', { branch_id: cat.hq });
    expect(list.body.data.map((r: { name: string }) => r.name)).toContain('ห้องประชุม');
    expect(
      (await malee.post('/api/lesson/room/create', { branch_id: cat.hq, name: 'ห้องเล็ก', capacity: 5 })).status,
    ).toBe(403);
    expect((await anan.get('/api/lesson/room/getall', { branch_id: cat.hq })).status).toBe(403);
    const cls = await admin.post('/api/lesson/class/create', {
      branch_id: cat.hq,
      room_id: c.body.data.room_id,
      instructor_id: prasert,
      course_type: 'รถยนต์',
      date: addDays(DAY, 7),
      start_time: '13:00',
      end_time: '15:00',
    });
    expect(cls.status, cls.body.message).toBe(200);
    // the class is offered by the lesson list's class filter, which shows the class (and its seats)
    const list2 = await malee.get('/api/lesson/gettable', { class: String(cls.body.data.lesson_id) });
    expect(list2.body.filter.class.map((o: { value: unknown }) => o.value)).toContain(cls.body.data.lesson_id);
    expect(list2.body.data.map((l: { lesson_id: number }) => l.lesson_id)).toEqual([cls.body.data.lesson_id]);
    const busy = await admin.del('/api/lesson/room/delete', { room_id: c.body.data.room_id });
    expect(busy.status).toBe(400);
    await admin.post('/api/lesson/cancel', { lesson_id: cls.body.data.lesson_id, by: 'school', reason: 'เลื่อน' });
    const del = await admin.del('/api/lesson/room/delete', { room_id: c.body.data.room_id });
    expect(del.status, del.body.message).toBe(200);
    const again = await malee.get('/api/lesson/room/getall', { branch_id: cat.hq });
    expect(again.body.data.map((r: { name: string }) => r.name)).not.toContain('ห้องประชุม');
    const [a] = await rows(
      t,
      sql`select count(*)::int as n from audit_log where entity = 'lesson_room' and action = 'delete'`,
    );
    expect(a!.n).toBe(1);
  });

  it('lesson/setting: read by staff, changed by a manager; the day must end after it starts', async () => {
    const r = await kittipong.get('/api/lesson/setting');
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ free_cancel_hours: 24, day_start: '00:00' });
    const body = {
      free_cancel_hours: 12,
      min_paid_percent: 30,
      day_start: '07:30',
      day_end: '19:00',
      max_practice_minutes: 120,
      max_class_minutes: 360,
    };
    expect((await malee.put('/api/lesson/setting/update', body)).status).toBe(403);
    const bad = await admin.put('/api/lesson/setting/update', { ...body, day_end: '07:00' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/เวลาเลิกเรียน/);
    const ok = await admin.put('/api/lesson/setting/update', body);
    expect(ok.status, ok.body.message).toBe(200);
    expect(ok.body.data).toEqual(body);
    const huge = await admin.put('/api/lesson/setting/update', { ...body, free_cancel_hours: 1e12 });
    expect(huge.status).toBe(400);
  });
});
