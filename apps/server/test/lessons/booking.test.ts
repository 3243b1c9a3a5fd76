/**
 * Booking and moving practical lessons through the API: every refusal is a 4xx with a Thai message naming the field
 * and what to do, and writes nothing; overlaps are refused by the database with the conflicting lesson named.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { addDays, formatThaiDate } from '@khabkhi/thai';
import type { Client, TestApp } from '../helpers.js';
import { moneySuite, type Catalog } from '../money/fixtures.js';
import { rows } from '../foundation/fixtures.js';
import { DAY, everyDay, lessonCount, register, setHours, setRules, today, userId, vehicle } from './fixtures.js';

const suite = moneySuite();
let t: TestApp;
let cat: Catalog;
let admin: Client;
let malee: Client;
let anan: Client;
let prasert: number;
let kittipong: number;
let car: number;

beforeAll(async () => {
  ({ t, cat } = suite);
  admin = await t.as('admin');
  malee = await t.as('malee');
  anan = await t.as('anan');
  prasert = (await userId(t, 'prasert')).id;
  kittipong = (await userId(t, 'kittipong')).id;
  await setRules(admin, { day_start: '07:00', day_end: '20:00' });
  await setHours(admin, cat.hq, prasert, everyDay('08:00', '17:00'));
  car = await vehicle(t, cat.hq);
});

const book = (c: Client, b: Record<string, unknown>) =>
  c.post('/api/lesson/create', {
    instructor_id: prasert,
    vehicle_id: car,
    date: DAY,
    start_time: '09:00',
    end_time: '10:00',
    ...b,
  });

/** refused with this status and a message matching `re`, and no lesson written */
async function refused(call: Promise<{ status: number; body: { message: string } }>, status: number, re: RegExp) {
  const before = await lessonCount(t);
  const r = await call;
  expect(r.status, r.body.message).toBe(status);
  expect(r.body.message).toMatch(re);
  expect(await lessonCount(t)).toBe(before);
}

describe('lesson/create', () => {
  it('books a practical lesson and answers it with its names and Bangkok times', async () => {
    const s = await register(malee, cat.car, 'เอ');
    const r = await book(malee, { line_id: s.line_id, pickup: 'หน้าโรงเรียน' });
    expect(r.status, r.body.message).toBe(200);
    const l = r.body.data;
    expect(l).toMatchObject({
      kind: 'practice',
      state: 'booked',
      date: DAY,
      start_time: '09:00',
      end_time: '10:00',
      minutes: 60,
      course_type: 'รถยนต์',
      line_id: s.line_id,
      customer_name: s.name,
      instructor_name: 'นายประเสริฐ ขับดี',
      pickup: 'หน้าโรงเรียน',
    });
    expect(l.starts_at).toBe(new Date(`${DAY}T02:00:00Z`).toISOString());
    const [a] = await rows(
      t,
      sql`select count(*)::int as n from audit_log where entity = 'lesson' and entity_id = ${String(l.lesson_id)}`,
    );
    expect(a!.n).toBe(1);
  });

  it('refuses bad times: end before start, outside the school day, longer than allowed, 30 February, nothing written', async () => {
    const s = await register(malee, cat.car, 'บี');
    await refused(
      book(malee, { line_id: s.line_id, start_time: '10:00', end_time: '09:00' }),
      400,
      /เวลาสิ้นสุด: ต้องหลังเวลาเริ่ม/,
    );
    await refused(
      book(malee, { line_id: s.line_id, start_time: '19:30', end_time: '20:30' }),
      400,
      /เวลาทำการของโรงเรียน 07:00–20:00/,
    );
    await refused(
      book(malee, { line_id: s.line_id, start_time: '08:00', end_time: '12:15' }),
      400,
      /ยาวได้ไม่เกิน 4 ชั่วโมง/,
    );
    await refused(book(malee, { line_id: s.line_id, date: '2027-02-30' }), 400, /วัน/);
    await refused(book(malee, { line_id: s.line_id, start_time: '24:00' }), 400, /เวลา/);
  });

  it('refuses NUL characters and huge numbers with a Thai 400', async () => {
    const s = await register(malee, cat.car, 'ซี');
    await refused(book(malee, { line_id: s.line_id, note: 'a\u0000b' }), 400, /[ก-๙]/);
    await refused(book(malee, { line_id: 99999999999999 }), 400, /[ก-๙]/);
    await refused(book(malee, { line_id: s.line_id, vehicle_id: 1e300 }), 400, /[ก-๙]/);
  });

  it('refuses the instructor: no hours at all, outside the hours, on leave, of another branch', async () => {
    const s = await register(malee, cat.car, 'ดี');
    const wanida = (await userId(t, 'wanida')).id;
    await refused(book(malee, { line_id: s.line_id, instructor_id: wanida }), 400, /ยังไม่ได้กำหนดเวลาทำงานของครูฝึก/);
    await refused(
      book(malee, { line_id: s.line_id, start_time: '16:30', end_time: '17:30' }),
      400,
      /ทำงานวัน.*08:00–17:00/,
    );
    await setHours(admin, cat.hq, prasert, everyDay('08:00', '17:00'), {
      leave: [{ date: addDays(DAY, 1), reason: 'ลาพักร้อน' }],
    });
    await refused(book(malee, { line_id: s.line_id, date: addDays(DAY, 1) }), 400, /ลางาน.*ลาพักร้อน/);
    await setHours(admin, cat.bkn, kittipong);
    await refused(book(malee, { line_id: s.line_id, instructor_id: kittipong }), 400, /ครูฝึก: ไม่พบครูฝึกนี้ในสาขา/);
  });

  it('refuses the vehicle: another branch, under repair, wrong type, tax or พ.ร.บ. lapsed before the day', async () => {
    const s = await register(malee, cat.car, 'อี');
    await refused(book(malee, { line_id: s.line_id, vehicle_id: await vehicle(t, cat.bkn) }), 400, /รถ: .*สาขาอื่น/);
    await refused(
      book(malee, { line_id: s.line_id, vehicle_id: await vehicle(t, cat.hq, { status: 'repair' }) }),
      400,
      /ซ่อม/,
    );
    await refused(
      book(malee, { line_id: s.line_id, vehicle_id: await vehicle(t, cat.hq, { type: 'motorcycle' }) }),
      400,
      /เป็นรถจักรยานยนต์ แต่หลักสูตรเป็นรถยนต์/,
    );
    const tax = addDays(DAY, -1);
    await refused(
      book(malee, { line_id: s.line_id, vehicle_id: await vehicle(t, cat.hq, { noti_tax: tax }) }),
      400,
      new RegExp(`ภาษีรถ.*${formatThaiDate(tax)}`),
    );
    await refused(
      book(malee, { line_id: s.line_id, vehicle_id: await vehicle(t, cat.hq, { noti_compulsory: tax }) }),
      400,
      /พ.ร.บ./,
    );
    // the day the tax is due is still fine
    const r = await book(malee, {
      line_id: s.line_id,
      vehicle_id: await vehicle(t, cat.hq, { noti_tax: DAY }),
      start_time: '13:00',
      end_time: '14:00',
    });
    expect(r.status, r.body.message).toBe(200);
  });

  it('refuses the course line: ended by a refund, of another branch, hours used up, paid share below the rule', async () => {
    const s = await register(malee, cat.car, 'เอฟ');
    const somchai = await t.as('somchai');
    const rf = await somchai.post('/api/application/refund', {
      application_id: s.application_id,
      note: 'ขอยกเลิก',
      value: '1000',
      pay_type: 'cash',
    });
    expect(rf.status, rf.body.message).toBe(200);
    await refused(book(malee, { line_id: s.line_id }), 400, /คืนเงินบางส่วนแล้ว/);

    const other = await register(malee, cat.car, 'จี');
    await refused(book(anan, { line_id: other.line_id }), 403, /สิทธิ์/);
    await refused(book(malee, { line_id: 999999 }), 404, /ไม่พบหลักสูตร/);

    // 10 practice hours: 2 × 4 h + 2 h fit, a further 15 minutes do not
    const h = await register(malee, cat.car, 'เอช');
    for (const [date, start, end] of [
      [addDays(DAY, 2), '08:00', '12:00'],
      [addDays(DAY, 3), '08:00', '12:00'],
      [addDays(DAY, 4), '08:00', '10:00'],
    ] as const) {
      const r = await book(malee, { line_id: h.line_id, date, start_time: start, end_time: end });
      expect(r.status, r.body.message).toBe(200);
    }
    await refused(
      book(malee, { line_id: h.line_id, date: addDays(DAY, 5), start_time: '08:00', end_time: '08:15' }),
      400,
      /ชั่วโมงเรียน: .*เหลือชั่วโมงภาคปฏิบัติ 0 นาที ไม่พอ/,
    );

    await setRules(admin, { day_start: '07:00', day_end: '20:00', min_paid_percent: 50 });
    const p = await register(malee, cat.car, 'ไอ', '1000');
    await refused(book(malee, { line_id: p.line_id, date: addDays(DAY, 6) }), 400, /ชำระแล้ว 15% .*อย่างน้อย 50%/);
    await setRules(admin, { day_start: '07:00', day_end: '20:00', min_paid_percent: 0 });
    const ok = await book(malee, { line_id: p.line_id, date: addDays(DAY, 6) });
    expect(ok.status, ok.body.message).toBe(200);
  });

  it('refuses overlaps by the database and names the lesson already there: instructor, vehicle, student', async () => {
    const date = addDays(DAY, 7);
    const a = await register(malee, cat.car, 'เจ');
    const b = await register(malee, cat.car, 'เค');
    const first = await book(malee, { line_id: a.line_id, date });
    expect(first.status, first.body.message).toBe(200);
    const slot = `09:00–10:00 น. วันที่ ${formatThaiDate(date)}`;
    const car2 = await vehicle(t, cat.hq);
    await refused(
      book(malee, { line_id: b.line_id, date, vehicle_id: car2, start_time: '09:30', end_time: '10:30' }),
      409,
      new RegExp(`ครูฝึก นายประเสริฐ ขับดี มีคาบเรียนของ ${a.name} ${slot} อยู่แล้ว`),
    );
    await setHours(admin, cat.hq, (await userId(t, 'somchai')).id);
    const somchai = (await userId(t, 'somchai')).id;
    await refused(
      book(malee, { line_id: b.line_id, date, instructor_id: somchai }),
      409,
      new RegExp(`รถ .* มีคาบเรียนของ ${a.name} ${slot}`),
    );
    await refused(
      book(malee, {
        line_id: a.line_id,
        date,
        instructor_id: somchai,
        vehicle_id: car2,
        start_time: '09:45',
        end_time: '11:00',
      }),
      409,
      new RegExp(`ผู้เรียน ${a.name} มีคาบเรียนของ ${a.name}`),
    );
    // back to back is no overlap
    const next = await book(malee, { line_id: b.line_id, date, start_time: '10:00', end_time: '11:00' });
    expect(next.status, next.body.message).toBe(200);
  });
});

describe('lesson/update', () => {
  it('moves and reassigns a booked lesson; a move onto a taken slot is refused naming it, nothing changed', async () => {
    const date = addDays(DAY, 8);
    const a = await register(malee, cat.car, 'แอล');
    const b = await register(malee, cat.car, 'เอ็ม');
    const la = (await book(malee, { line_id: a.line_id, date })).body.data;
    const lb = (await book(malee, { line_id: b.line_id, date, start_time: '11:00', end_time: '12:00' })).body.data;
    const moved = await malee.put('/api/lesson/update', {
      lesson_id: lb.lesson_id,
      start_time: '13:00',
      end_time: '14:30',
      note: 'ย้ายตามผู้เรียน',
    });
    expect(moved.status, moved.body.message).toBe(200);
    expect(moved.body.data).toMatchObject({ start_time: '13:00', end_time: '14:30', minutes: 90, note: 'ย้ายตามผู้เรียน' });
    const clash = await malee.put('/api/lesson/update', {
      lesson_id: lb.lesson_id,
      start_time: '09:30',
      end_time: '10:00',
    });
    expect(clash.status).toBe(409);
    expect(clash.body.message).toContain(`มีคาบเรียนของ ${a.name}`);
    const [still] = await rows(t, sql`select minutes from lessons where lesson_id = ${lb.lesson_id}`);
    expect(still!.minutes).toBe(90);
    // the same refusals as booking
    const bad = await malee.put('/api/lesson/update', {
      lesson_id: la.lesson_id,
      start_time: '18:00',
      end_time: '19:00',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/ทำงานวัน/);
    const wrong = await malee.put('/api/lesson/update', {
      lesson_id: la.lesson_id,
      vehicle_id: await vehicle(t, cat.hq, { type: 'motorcycle' }),
    });
    expect(wrong.status).toBe(400);
    const gone = await malee.put('/api/lesson/update', { lesson_id: 99999999 });
    expect(gone.status).toBe(404);
  });
});

export { today };
