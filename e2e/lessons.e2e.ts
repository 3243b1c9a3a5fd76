/**
 * The timetable in the browser: a manager books a student's practical lesson by clicking a free slot of the
 * instructor's column, checks the student in by hand (with a reason) and completes the lesson; the hours show on the
 * application. At the desk, the card reader (the real card agent with a simulated Thai ID card, as in idcard.e2e.ts)
 * checks in the student of the hour; once completed, the lesson is behind the instructor's pay line on the payroll
 * sheet. The timetable, the list and the desk are photographed at 1440×900, 1366×768 and 1024×768.
 */
import type http from 'node:http';
import { addDays, formatBaht, todayBangkok } from '@khabkhi/thai';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { createAgentServer } from '../apps/card-agent/src/server.js';
import { SAMPLE_CARD, SimulatedThaiIdCard } from '../apps/card-agent/src/simcard.js';
import type { CardSource, CardTransport, SourceStatus } from '../apps/card-agent/src/transport.js';
import { picture, shotsWanted, startE2E, type E2E } from './harness.js';
import { expect, login } from './helpers.js';

let e: E2E;
const today = todayBangkok();
/** the coming Sunday: the demo school teaches Monday to Saturday, so the test's bookings meet no demo lesson */
const tomorrow = addDays(today, 7 - new Date(`${today}T12:00:00+07:00`).getUTCDay());
let hq = 0;
let instructorName = '';
let car = { id: 0, name: '' };
let classId = 0;
let prasertId = 0;
/** the desk's lesson of this hour */
let deskLesson = { id: 0, start_time: '' };

/** the card in the desk's reader: the student's national ID on the sample card */
class Reader implements CardSource {
  cid = SAMPLE_CARD.cid;
  status(): SourceStatus {
    return { service: true, readers: [{ name: 'Virtual Reader 00', card: true }] };
  }
  async withCard<T>(fn: (card: CardTransport) => Promise<T>): Promise<T> {
    return fn(new SimulatedThaiIdCard({ ...SAMPLE_CARD, cid: this.cid }));
  }
  async close() {}
}
const reader = new Reader();
let agent: http.Server | undefined;
let lines: { line_id: number; application_id: number; customer_name: string; idcard: string; course_type: string }[] =
  [];

const pad = (n: number) => String(n).padStart(2, '0');
/** a 30-minute slot of today around now (Bangkok): what the desk finds "of the hour" */
function slotNow() {
  const p = new Date(Date.now() + 7 * 3600_000);
  const start = Math.min(Math.floor((p.getUTCHours() * 60 + p.getUTCMinutes()) / 15) * 15, 23 * 60 + 15);
  const clock = (m: number) => `${pad(Math.floor(m / 60))}:${pad(m % 60)}`;
  return { date: today, start_time: clock(start), end_time: clock(start + 30) };
}

beforeAll(async () => {
  e = await startE2E({ demoMoney: true });
  const admin = await e.app.as('admin');
  // the card agent on a free port, named in the school's settings
  agent = createAgentServer({ origins: [e.baseUrl], readTimeoutMs: 5000 }, reader);
  await new Promise<void>((r) => agent!.listen(0, '127.0.0.1', r));
  const settings = (await admin.get('/api/settings/get')).body.data;
  const { updatedAt: _u, id: _i, ...fields } = settings;
  const port = (agent.address() as { port: number }).port;
  const set = await admin.put('/api/settings/update', { ...fields, card_agent_port: port });
  expect(set.status, set.body.message).toBe(200);
  const branches = (await admin.get('/api/branch/list')).body.data as { branch_id: number; is_head_office: boolean }[];
  hq = branches.find((b) => b.is_head_office)!.branch_id;
  const rules = await admin.put('/api/lesson/setting/update', {
    free_cancel_hours: 24,
    min_paid_percent: 0,
    // the whole day while the fixtures are booked (the desk's lesson is of this hour, whenever the test runs)
    day_start: '00:00',
    day_end: '23:59',
    max_practice_minutes: 240,
    max_class_minutes: 420,
  });
  expect(rules.status, rules.body.message).toBe(200);
  const av = (await admin.get(`/api/lesson/availability?branch_id=${hq}`)).body.data as {
    instructor_id: number;
    name: string;
  }[];
  const prasert = av.find((i) => i.name.includes('ประเสริฐ'))!;
  instructorName = prasert.name;
  prasertId = prasert.instructor_id;
  const every = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start_time: '00:00', end_time: '23:59' }));
  for (const who of av) {
    const r = await admin.put('/api/lesson/availability/update', {
      branch_id: hq,
      instructor_id: who.instructor_id,
      hours: who.instructor_id === prasert.instructor_id ? every : every.slice(1, 6),
      rates: [{ course_type: 'รถยนต์', part: 'practice', rate: '150', valid_from: addDays(today, -30) }],
    });
    expect(r.status, r.body.message).toBe(200);
  }
  const tt = (
    await admin.get(`/api/lesson/timetable?branch_id=${hq}&date_from=${today}&date_to=${today}&resource=vehicle`)
  ).body.data as { resources: { id: number; name: string; detail: string; unavailable: string }[] };
  const v = tt.resources.find((r) => !r.unavailable && /car|รถยนต์/.test(r.detail))!;
  car = { id: v.id, name: v.name };
  lines = (await admin.get(`/api/application/getforevaluateManage?branch=${hq}&per_page=100`)).body.data;
  // the course lines that can be booked (a refunded or ended registration is refused): probe with a booking the
  // school then cancels (free)
  const bookable: typeof lines = [];
  for (const [i, l] of lines.filter((x) => x.course_type === 'รถยนต์').entries()) {
    const r = await admin.post('/api/lesson/create', {
      line_id: l.line_id,
      instructor_id: prasert.instructor_id,
      vehicle_id: car.id,
      date: addDays(tomorrow, 7),
      start_time: `${pad(7 + i)}:00`,
      end_time: `${pad(7 + i)}:30`,
    });
    if (r.status !== 200) continue;
    bookable.push(l);
    const c = await admin.post('/api/lesson/cancel', {
      lesson_id: r.body.data.lesson_id,
      by: 'school',
      reason: 'ทดลองจอง',
    });
    expect(c.status, c.body.message).toBe(200);
  }
  lines = bookable;
  expect(lines.length).toBeGreaterThanOrEqual(2);
  // the demo school's own lessons of this hour (done, booked) would hold the instructor, the car or the student:
  // they go, so that the desk's lesson of the hour can be booked whenever the test runs
  await e.app.db.execute(
    sql`delete from lessons where kind <> 'class' and tstzrange(starts_at, ends_at) && tstzrange(now() - interval '2 hours', now() + interval '2 hours')`,
  );
  await e.app.db.execute(
    sql`delete from lessons l where kind = 'class' and tstzrange(starts_at, ends_at) && tstzrange(now() - interval '2 hours', now() + interval '2 hours') and not exists (select 1 from lessons s where s.class_id = l.lesson_id)`,
  );
  // a couple of lessons so the screens have rows: two on Sunday, one of this hour for the desk
  for (const [i, at] of [
    [1, { date: tomorrow, start_time: '08:00', end_time: '09:00' }],
    [1, { date: tomorrow, start_time: '13:00', end_time: '14:30' }],
    [1, slotNow()],
  ] as const) {
    const r = await admin.post('/api/lesson/create', {
      line_id: lines[i]!.line_id,
      instructor_id: prasert.instructor_id,
      vehicle_id: car.id,
      ...at,
      pickup: 'หน้าโรงเรียน',
    });
    expect(r.status, r.body.message).toBe(200);
    if (at.date === today) deskLesson = { id: r.body.data.lesson_id, start_time: at.start_time };
  }
  // a room and a theory class of tomorrow with one student
  const room = await admin.post('/api/lesson/room/create', { branch_id: hq, name: 'ห้องเรียน 1', capacity: 30 });
  expect(room.status, room.body.message).toBe(200);
  const cls = await admin.post('/api/lesson/class/create', {
    branch_id: hq,
    room_id: room.body.data.room_id,
    instructor_id: prasert.instructor_id,
    course_type: 'รถยนต์',
    date: tomorrow,
    start_time: '15:00',
    end_time: '17:00',
  });
  expect(cls.status, cls.body.message).toBe(200);
  classId = cls.body.data.lesson_id;
  const enr = await admin.post('/api/lesson/class/enroll', { class_id: classId, line_ids: [lines[1]!.line_id] });
  expect(enr.status, enr.body.message).toBe(200);
  // the timetable then shows the school's day
  const day = await admin.put('/api/lesson/setting/update', {
    free_cancel_hours: 24,
    min_paid_percent: 0,
    day_start: '07:00',
    day_end: '19:00',
    max_practice_minutes: 240,
    max_class_minutes: 420,
  });
  expect(day.status, day.body.message).toBe(200);
});
afterAll(async () => {
  agent?.close();
  await e?.close();
});

async function shots(page: Page, name: string) {
  if (!shotsWanted) return;
  await page.setViewportSize({ width: 1440, height: 900 });
  await picture(page, `${name}-1440`);
  await e.shot(page, name);
}

describe('lessons', () => {
  it('books from a free slot of the timetable, checks in, completes, and the hours show on the application', async () => {
    const page = await e.page();
    await login(e, page, 'somchai');
    await page.goto(`${e.baseUrl}/lessons/timetable?branch=${hq}&date=${tomorrow}`);
    const header = page.locator('.rbc-row-resource .rbc-header', { hasText: instructorName }).first();
    await header.waitFor();
    await page.locator('.rbc-event').first().waitFor();
    await shots(page, 'lessons-timetable-day');

    // a free slot at 10:00 in the instructor's column
    const label = page.locator('.rbc-time-gutter .rbc-label', { hasText: /^10:00$/ });
    await label.scrollIntoViewIfNeeded();
    const lb = (await label.boundingBox())!;
    const hb = (await header.boundingBox())!;
    await page.mouse.click(hb.x + hb.width / 2, lb.y + 6);
    const dialog = page.locator('.ant-modal', { hasText: 'จองคาบเรียนภาคปฏิบัติ' });
    await dialog.waitFor();
    const student = lines[0]!;
    const admin = await e.app.as('admin');
    const deliveredBefore = (await admin.get(`/api/lesson/hours/${student.line_id}`)).body.data.practice
      .delivered as number;
    await dialog.getByTestId('booking-line').click();
    await page.keyboard.type(student.customer_name.split(' ')[0]!.replace(/^(นาย|นางสาว|นาง)/, ''));
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: student.customer_name })
      .first()
      .click();
    await dialog.getByTestId('hours-table').waitFor();
    // typed and picked with Enter, as at the counter: a click on an option while antd still opens the list can miss
    await dialog.getByTestId('booking-vehicle').click();
    await page.keyboard.type(car.name);
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: car.name }).first().waitFor();
    await page.keyboard.press('Enter');
    await expect
      .poll(() =>
        dialog
          .locator('.ant-form-item')
          .filter({ has: page.getByTestId('booking-vehicle') })
          .innerText(),
      )
      .toContain(car.name);
    // every list closed (two can be leaving at once: a strict locator would refuse the pair)
    await expect.poll(() => page.locator('.ant-select-dropdown:visible').count()).toBe(0);
    await e.shot(page, 'lessons-booking-dialog');
    await dialog.getByTestId('booking-save').click();
    await Promise.race([
      dialog.waitFor({ state: 'hidden' }),
      dialog
        .getByTestId('booking-error')
        .waitFor()
        .then(async () => {
          throw new Error(`booking refused: ${await dialog.getByTestId('booking-error').innerText()}`);
        }),
    ]);
    const ev = page.locator('.rbc-event', { hasText: student.customer_name });
    await ev.waitFor();

    // the drawer: check in by hand with a reason, then complete
    await ev.click();
    const drawer = page.getByTestId('lesson-drawer');
    await drawer.getByTestId('lesson-checkin').click();
    await page.getByTestId('action-reason').fill('ผู้เรียนลืมบัตรประชาชน');
    await page.getByTestId('action-ok').click();
    await expect.poll(() => drawer.getByTestId('lesson-state').innerText()).toBe('มาเรียนแล้ว');
    await drawer.getByTestId('lesson-complete').click();
    await page.getByTestId('action-ok').click();
    await expect.poll(() => drawer.getByTestId('lesson-state').innerText()).toBe('เรียนจบ');
    await e.shot(page, 'lessons-drawer-done');

    // the application shows the hours delivered and the lesson
    await page.goto(`${e.baseUrl}/applications/${student.application_id}`);
    const section = page.getByTestId('application-lessons');
    await section.waitFor();
    // one more hour delivered than before (the demo school's line may have lessons of its own)
    const delivered = (await admin.get(`/api/lesson/hours/${student.line_id}`)).body.data.practice.delivered as number;
    expect(delivered).toBe(deliveredBefore + 60);
    const shown = `${Math.floor(delivered / 60)} ชม.${delivered % 60 ? ` ${delivered % 60} นาที` : ''}`;
    await expect.poll(() => section.getByTestId('hours-table').innerText()).toContain(shown);
    await section.locator('.ant-collapse-header').first().click();
    await section.getByText('เรียนจบ').first().waitFor();
    await section.scrollIntoViewIfNeeded();
    await picture(page, 'lessons-application');
  });

  it('the desk checks in the student of the hour by the card reader; the list and week view show the lessons', async () => {
    const page = await e.page();
    await login(e, page, 'somchai');
    await page.goto(`${e.baseUrl}/lessons/desk?branch=${hq}`);
    await page.locator('.ant-table-row').first().waitFor();
    // the student's card in the reader: อ่านบัตรประชาชน finds the lesson of the hour and records the arrival
    reader.cid = lines[1]!.idcard;
    await page.getByRole('button', { name: 'อ่านบัตรประชาชน' }).click();
    await expect.poll(() => page.getByTestId('desk-arrived').innerText()).toContain('มาถึงแล้ว');
    await expect.poll(() => page.getByTestId('desk-arrived').innerText()).toContain(lines[1]!.customer_name);
    await shots(page, 'lessons-desk');
    // the same card again: recorded once, said so
    await page.getByRole('button', { name: 'อ่านบัตรประชาชน' }).click();
    await expect.poll(() => page.getByTestId('desk-arrived').innerText()).toContain('เช็กอินไว้แล้ว');
    // a typed ID of nobody's lesson: the Thai refusal
    await page.getByTestId('desk-idcard').locator('input').fill(lines[0]!.idcard);
    await page.getByTestId('desk-idcard').locator('input').press('Enter');
    await expect.poll(() => page.getByTestId('desk-refusal').innerText()).toMatch(/ไม่พบคาบเรียน/);

    await page.goto(`${e.baseUrl}/lessons?branch=${hq}`);
    await page.locator('.ant-table-row').first().waitFor();
    await shots(page, 'lessons-list');

    // drag a lesson onto another of the same instructor: refused in Thai, it stays; onto a free hour: moved
    await page.goto(`${e.baseUrl}/lessons/timetable?branch=${hq}&date=${tomorrow}`);
    const moving = page.locator('.rbc-event', { hasText: '13:00–14:30' });
    await moving.waitFor();
    const dragTo = async (clock: string) => {
      const box = (await moving.boundingBox())!;
      const label = (await page
        .locator('.rbc-time-gutter .rbc-label', { hasText: new RegExp(`^${clock}$`) })
        .boundingBox())!;
      await page.mouse.move(box.x + box.width / 2, box.y + 10);
      await page.mouse.down();
      for (let i = 1; i <= 8; i++)
        await page.mouse.move(box.x + box.width / 2, box.y + 10 + ((label.y + 4 - box.y) * i) / 8);
      await page.mouse.up();
    };
    await dragTo('08:00');
    await expect.poll(() => page.locator('.ant-message').innerText()).toMatch(/ครูฝึก|ซ้อน|ทับ|ไม่ว่าง/);
    await e.shot(page, 'lessons-drag-refused');
    await expect.poll(() => moving.count()).toBe(1);
    await dragTo('11:00');
    await page.locator('.rbc-event', { hasText: '11:00–12:30' }).waitFor();

    // the week: each lesson named from the answer's names (the student, the car), the class with its room and seats
    await page.goto(`${e.baseUrl}/lessons/timetable?branch=${hq}&date=${tomorrow}&view=week`);
    await page.locator('.rbc-event', { hasText: 'ห้องเรียน 1 · 1/30 ที่นั่ง' }).waitFor();
    await page
      .locator('.rbc-event', { hasText: lines[1]!.customer_name })
      .filter({ hasText: car.name })
      .first()
      .waitFor();
    await shots(page, 'lessons-timetable-week');
    // the cars' day: a lesson names its instructor
    await page.goto(`${e.baseUrl}/lessons/timetable?branch=${hq}&date=${tomorrow}&resource=vehicle`);
    await page
      .locator('.rbc-event', { hasText: lines[1]!.customer_name })
      .filter({ hasText: instructorName })
      .first()
      .waitFor();
    await shots(page, 'lessons-timetable-vehicles');

    await page.goto(`${e.baseUrl}/lessons/classes?branch=${hq}`);
    await page.locator('.ant-table-row').first().waitFor();
    await shots(page, 'lessons-classes');
    await page.goto(`${e.baseUrl}/lessons/classes/${classId}`);
    await page.getByText(lines[1]!.customer_name).first().waitFor();
    await shots(page, 'lessons-class-roster');
    await page.goto(`${e.baseUrl}/lessons/settings?branch=${hq}`);
    await page.getByText('เวลาทำงานประจำสัปดาห์').waitFor();
    await shots(page, 'lessons-settings');

    // the month's DLT training report: the demo school's completed lessons of this month, by licence type
    const admin = await e.app.as('admin');
    const month = today.slice(0, 7);
    const sheets = (await admin.post('/api/lesson/report/excel', { branch_id: hq, month })).body.data.sheets as {
      rows: unknown[][];
    }[];
    await page.goto(`${e.baseUrl}/lessons/report?branch=${hq}&month=${month}`);
    const types = page.locator('.ant-card').filter({ hasText: 'สรุปตามประเภทรถ' });
    await types.waitFor();
    if (sheets[1]!.rows.length) {
      await expect.poll(() => types.locator('.ant-table-row').count()).toBe(sheets[1]!.rows.length);
    } else {
      await types.getByText('ไม่มีรายการในเดือนนี้').waitFor();
    }
    await shots(page, 'lessons-report');
  });

  it('the completed lesson of the desk is behind the instructor’s pay line on the payroll sheet', async () => {
    const admin = await e.app.as('admin');
    const done = await admin.post('/api/lesson/complete', { lesson_id: deskLesson.id });
    expect(done.status, done.body.message).toBe(200);
    const month = today.slice(0, 7);
    const pay = (await admin.get('/api/lesson/pay', { branch_id: hq, month, user_id: prasertId })).body.data[0] as {
      amount: string;
      lessons: { lesson_id: number }[];
    };
    expect(pay.lessons.map((l) => l.lesson_id)).toContain(deskLesson.id);
    const page = await e.page();
    await login(e, page, 'admin');
    await page.goto(`${e.baseUrl}/payroll/sheet?branch=${hq}&month=${month}`);
    const link = page.getByTestId(`lesson-pay-${prasertId}`);
    await link.waitFor();
    const figure = formatBaht(pay.amount);
    await expect.poll(() => link.innerText()).toContain(figure);
    await shots(page, 'lessons-payroll-sheet');
    await link.click();
    const drawer = page.getByTestId('lesson-pay-drawer');
    await drawer.waitFor();
    await expect.poll(() => drawer.innerText()).toContain(`${deskLesson.start_time}–`);
    await expect.poll(() => drawer.innerText()).toContain(lines[1]!.customer_name);
    await e.shot(page, 'lessons-pay-drawer');
    // the draft's teaching column takes the lines (one per rate), and saving stores them
    await drawer.getByTestId('lesson-pay-use').click();
    await drawer.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'บันทึกและคำนวณ' }).click();
    const teachingAmounts = async () => {
      const sheet = (await admin.get('/api/list-payrollList/list', { branch: hq, month })).body.data as {
        items: { list_payroll_id: number; category?: string }[];
        lines: { user_id: number; items: { list_payroll_id: number; amount: string }[] }[];
      };
      const col = sheet.items.find((c) => c.category === 'teaching')!;
      const line = sheet.lines.find((l) => l.user_id === prasertId)!;
      return line.items.filter((i) => i.list_payroll_id === col.list_payroll_id).map((i) => i.amount);
    };
    const expected = (pay as unknown as { lines: { amount: string }[] }).lines.map((l) => l.amount);
    await expect.poll(teachingAmounts).toEqual(expected);
    await e.shot(page, 'lessons-payroll-sheet-taken');
  });
});
