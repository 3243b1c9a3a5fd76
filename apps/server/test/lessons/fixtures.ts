/** What the lessons tests share: registrations, vehicles, instructors with hours, slots of the Bangkok day. */
import { expect } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { addDays, todayBangkok } from '@khabkhi/thai';
import { users } from '../../src/db/schema/core.js';
import { vehicles } from '../../src/db/schema/fleet.js';
import type { Client, TestApp } from '../helpers.js';
import { customer, type Catalog } from '../money/fixtures.js';

export const today = todayBangkok();
/** a working day ahead (the school works every day in these tests) */
export const DAY = addDays(today, 10);

export async function userId(t: TestApp, username: string) {
  const [u] = await t.db
    .select({ id: users.user_id, idcard: users.idcard })
    .from(users)
    .where(eq(users.username, username));
  return u!;
}

let plate = 1000;
export async function vehicle(t: TestApp, branchId: number, v: Partial<typeof vehicles.$inferInsert> = {}) {
  const [r] = await t.db
    .insert(vehicles)
    .values({
      branch_id: branchId,
      no: `9กก ${++plate}`,
      province: 'กรุงเทพมหานคร',
      type: 'car',
      status: 'active',
      noti_tax: addDays(today, 300),
      noti_compulsory: addDays(today, 300),
      ...v,
    })
    .returning();
  return r!.vehicle_id;
}

/** A registration of one course (car by default) at the client's branch; `paid` of its price. */
export async function register(c: Client, courseId: number, fname: string, paid = '6500') {
  const cu = customer({ fname });
  const r = await c.post('/api/application/create', {
    customer: cu,
    courses: [{ course_id: courseId }],
    other_fees: [],
    payment: { paid, pay_type: 'cash' },
  });
  expect(r.status, r.body.message).toBe(200);
  const a = r.body.data.application;
  return {
    application_id: a.application_id as number,
    line_id: a.courses[0].line_id as number,
    idcard: cu.idcard as string,
    name: `${cu.prefix}${fname} ${cu.sname}`,
  };
}

export const everyDay = (start = '00:00', end = '23:59') =>
  [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start_time: start, end_time: end }));

export async function setHours(
  admin: Client,
  branchId: number,
  instructorId: number,
  hours = everyDay(),
  extra: Record<string, unknown> = {},
) {
  const r = await admin.put('/api/lesson/availability/update', {
    branch_id: branchId,
    instructor_id: instructorId,
    hours,
    ...extra,
  });
  expect(r.status, r.body.message).toBe(200);
  return r.body.data;
}

export async function setRules(admin: Client, rules: Record<string, unknown> = {}) {
  const r = await admin.put('/api/lesson/setting/update', {
    free_cancel_hours: 24,
    min_paid_percent: 0,
    day_start: '00:00',
    day_end: '23:59',
    max_practice_minutes: 240,
    max_class_minutes: 420,
    ...rules,
  });
  expect(r.status, r.body.message).toBe(200);
}

const pad = (n: number) => String(n).padStart(2, '0');
export const clock = (minutes: number) => `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;

/** A 30-minute slot of today around now (Bangkok), inside the day: what the desk's card reader finds "of the hour". */
export function slotNow(): { date: string; start_time: string; end_time: string } {
  const p = new Date(Date.now() + 7 * 3600_000);
  const now = p.getUTCHours() * 60 + p.getUTCMinutes();
  const start = Math.min(Math.floor(now / 15) * 15, 23 * 60 + 15);
  return { date: today, start_time: clock(start), end_time: clock(start + 30) };
}

export async function lessonCount(t: TestApp) {
  const r = (await t.db.execute(sql`select count(*)::int as n from lessons`)) as unknown as { rows: { n: number }[] };
  return r.rows[0]!.n;
}

export type { Catalog };
