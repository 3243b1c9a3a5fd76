/**
 * The lessons' documents: the DLT monthly training report (figures, PDF, Excel rows) counts completed lessons only,
 * by the Bangkok day they started, to the minute; an instructor's day sheet lists the day's lessons in time order.
 * Lessons are written straight into the table here (the booking rules have their own tests).
 */
import { execFileSync } from 'node:child_process';
import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { todayBangkok } from '@khabkhi/thai';
import type { Client, TestApp } from '../helpers.js';
import { customer, moneySuite, type Catalog } from '../money/fixtures.js';
import { rows } from '../foundation/fixtures.js';
import { lessons, vehicles } from '../../src/db/schema/index.js';

const suite = moneySuite();
let t: TestApp;
let cat: Catalog;
let somchai: Client;
let malee: Client;
let prasert: number;
let car: number;
const month = todayBangkok().slice(0, 7);
const [y, m] = month.split('-').map(Number) as [number, number];
const prevMonth = m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
/** a Bangkok wall-clock time as an instant */
const at = (day: string, hm: string) => new Date(`${day}T${hm}:00+07:00`);

async function registration(fname: string) {
  const r = await malee.post('/api/application/create', {
    customer: customer({ fname, birthday: '1999-01-15' }),
    courses: [{ course_id: cat.car }],
    other_fees: [],
    payment: { paid: '1000', pay_type: 'cash' },
  });
  expect(r.status, r.body.message).toBe(200);
  const a = r.body.data.application;
  return {
    application_id: a.application_id as number,
    line_id: a.courses[0].line_id as number,
    customer_id: a.customer_id as number,
  };
}

function lesson(
  s: { application_id: number; line_id: number; customer_id: number },
  startsAt: Date,
  minutes: number,
  state: string,
) {
  return {
    branch_id: cat.hq,
    kind: 'practice',
    state,
    starts_at: startsAt,
    ends_at: new Date(startsAt.getTime() + minutes * 60_000),
    minutes,
    course_type: 'รถยนต์',
    line_id: s.line_id,
    application_id: s.application_id,
    customer_id: s.customer_id,
    instructor_id: prasert,
    vehicle_id: car,
    charged: state === 'no_show',
    created_by: prasert,
  };
}

beforeAll(async () => {
  ({ t, cat } = suite);
  somchai = await t.as('somchai');
  malee = await t.as('malee');
  prasert = (await rows<{ id: number }>(t, sql`select user_id as id from users where username = 'prasert'`))[0]!.id;
  const [v] = await t.db
    .insert(vehicles)
    .values({ branch_id: cat.hq, no: 'ฝก 7777', province: 'กรุงเทพมหานคร', type: 'car' })
    .returning();
  car = v!.vehicle_id;
  const a = await registration('รายงานหนึ่ง');
  const b = await registration('รายงานสอง');
  const first = `${month}-01`;
  await t.db.insert(lessons).values([
    // this month: a's 90 and 120 minutes done, a no-show (not training), b's 60 minutes done at 00:30 on the 1st
    // (Bangkok: the 1st, though UTC says the last day of the month before)
    lesson(a, at(first, '08:00'), 90, 'done'),
    lesson(a, at(first, '10:00'), 120, 'done'),
    lesson(a, at(first, '13:00'), 60, 'no_show'),
    lesson(b, at(first, '00:30'), 60, 'done'),
    // last month: counted in a's total, not in the month
    lesson(a, at(`${prevMonth}-28`, '09:00'), 45, 'done'),
  ]);
  // a theory class this month with b seated and done
  const [cls] = await t.db
    .insert(lessons)
    .values({
      branch_id: cat.hq,
      kind: 'class',
      state: 'done',
      starts_at: at(first, '14:00'),
      ends_at: at(first, '16:30'),
      minutes: 150,
      course_type: 'รถยนต์',
      instructor_id: prasert,
      capacity: 20,
      enrolled: 1,
      created_by: prasert,
    })
    .returning();
  await t.db.insert(lessons).values({
    branch_id: cat.hq,
    kind: 'seat',
    state: 'done',
    starts_at: at(first, '14:00'),
    ends_at: at(first, '16:30'),
    minutes: 150,
    course_type: 'รถยนต์',
    line_id: b.line_id,
    application_id: b.application_id,
    customer_id: b.customer_id,
    class_id: cls!.lesson_id,
    created_by: prasert,
  });
});

describe('the DLT monthly training report', () => {
  it('counts completed lessons of the month per student, type, instructor and vehicle, to the minute', async () => {
    const r = await somchai.post('/api/lesson/report/pdf', { branch_id: cat.hq, month });
    expect(r.status, r.body.message).toBe(200);
    const rep = r.body.data.report;
    expect(rep.students).toHaveLength(2);
    const a = rep.students.find((s: any) => s.customer_name.includes('รายงานหนึ่ง'));
    const b = rep.students.find((s: any) => s.customer_name.includes('รายงานสอง'));
    expect(a).toMatchObject({ practice_minutes: 210, practice_total: 255, theory_minutes: 0, theory_total: 0 });
    expect(b).toMatchObject({ practice_minutes: 60, practice_total: 60, theory_minutes: 150, theory_total: 150 });
    expect(rep.types).toEqual([{ course_type: 'รถยนต์', students: 2, theory_minutes: 150, practice_minutes: 270 }]);
    expect(rep.instructors).toHaveLength(1);
    // three practice lessons and the class; two students in practice, one seated in the class
    expect(rep.instructors[0]).toMatchObject({ lessons: 4, practice_minutes: 270, theory_minutes: 150, students: 3 });
    expect(rep.vehicles).toEqual([
      expect.objectContaining({ plate: 'ฝก 7777 กรุงเทพมหานคร', lessons: 3, practice_minutes: 270 }),
    ]);
    expect(rep.totals).toEqual({ students: 2, theory_minutes: 150, practice_minutes: 270, lessons: 4 });

    const pdf = await t.app.inject({ method: 'GET', url: r.body.data.pdf });
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = execFileSync('pdftotext', ['-layout', '-', '-'], { input: pdf.rawPayload }).toString('utf8');
    expect(text).toContain('รายงานผลการฝึกอบรมประจำเดือน');
    expect(text).toContain(String(y + 543));
    expect(text).toMatch(/3\.5\s*\/\s*4\.25/); // a: 210 minutes this month, 255 in all
    expect(text).toContain('ฝก 7777');
  }, 60_000);

  it('gives the same figures as Excel sheets with Thai headers and hours as numbers', async () => {
    const r = await somchai.post('/api/lesson/report/excel', { branch_id: cat.hq, month });
    expect(r.status, r.body.message).toBe(200);
    const sheets = r.body.data.sheets;
    expect(sheets.map((s: any) => s.sheet)).toEqual(['ผู้เข้ารับการอบรม', 'สรุปตามประเภทรถ', 'ครูฝึก', 'รถที่ใช้ฝึก']);
    expect(sheets[1].rows).toEqual([['รถยนต์', 2, 2.5, 4.5]]);
    expect(r.body.data.filename).toMatch(/\.xlsx$/);
  });

  it('a month with no lessons is an empty report; a month to come, a Buddhist-era year, another branch are refused in Thai', async () => {
    const empty = await somchai.post('/api/lesson/report/excel', { branch_id: cat.hq, month: '2020-01' });
    expect(empty.status).toBe(200);
    expect(empty.body.data.sheets[0].rows).toEqual([]);
    const next = m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
    const future = await somchai.post('/api/lesson/report/pdf', { branch_id: cat.hq, month: next });
    expect(future.status).toBe(400);
    expect(future.body.message).toContain('ยังมาไม่ถึง');
    const be = await somchai.post('/api/lesson/report/pdf', { branch_id: cat.hq, month: `${y + 543}-01` });
    expect(be.status).toBe(400);
    const anan = await t.as('anan'); // the manager of another branch
    const other = await anan.post('/api/lesson/report/pdf', { branch_id: cat.hq, month });
    expect(other.status).toBe(403);
  });
});

describe('the instructor’s day sheet', () => {
  it('lists the day’s lessons and classes in time order, with the class’s students, as a PDF', async () => {
    const r = await somchai.post('/api/lesson/daysheet/pdf', { instructor_id: prasert, date: `${month}-01` });
    expect(r.status, r.body.message).toBe(200);
    // 00:30, 08:00, 10:00, 13:00 (the no-show stays on the sheet), 14:00 class
    expect(r.body.data.lessons).toBe(5);
    const pdf = await t.app.inject({ method: 'GET', url: r.body.data.pdf });
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = execFileSync('pdftotext', ['-layout', '-', '-'], { input: pdf.rawPayload }).toString('utf8');
    expect(text).toContain('ตารางสอนประจำวัน');
    expect(text.indexOf('00:30')).toBeLessThan(text.indexOf('08:00'));
    expect(text.indexOf('10:00')).toBeLessThan(text.indexOf('14:00'));
    expect(text).toContain('ขาดเรียน');
    expect(text).toContain('ชั้นเรียนภาคทฤษฎี');
  }, 60_000);

  it('refuses an unknown instructor and one of a branch out of scope', async () => {
    const none = await somchai.post('/api/lesson/daysheet/pdf', { instructor_id: 999999, date: `${month}-01` });
    expect(none.status).toBe(404);
    const anan = await t.as('anan');
    const other = await anan.post('/api/lesson/daysheet/pdf', { instructor_id: prasert, date: `${month}-01` });
    expect(other.status).toBe(403);
  });
});
