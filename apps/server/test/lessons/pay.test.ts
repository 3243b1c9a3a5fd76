/**
 * Instructor pay from lessons: completed lesson hours at the instructor's dated rate become proposed rate × hours lines
 * on the payroll sheet of the month (one per rate), the lessons behind them are listed, and HR's edit stands.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Client, TestApp } from '../helpers.js';
import { moneySuite, type Catalog } from '../money/fixtures.js';
import { rows } from '../foundation/fixtures.js';
import { payGroups } from '../../src/modules/lessons/pay.js';
import { register, setHours, setRules, userId, vehicle } from './fixtures.js';

const suite = moneySuite();
let t: TestApp;
let cat: Catalog;
let admin: Client;
let prasert: { id: number; idcard: string };
let branch = 0;
let teaching = 0;

/** the month before this one (a payroll month may not be ahead; this one is free of the other tests' lessons) */
const now = new Date(Date.now() + 7 * 3600_000);
const prev = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
const MONTH = prev.toISOString().slice(0, 7);

/** a completed lesson written directly (booking in the past is refused by the API, rightly) */
async function done(lineId: number, date: string, from: string, to: string, kind = 'practice', state = 'done') {
  const [l] = await rows<{ application_id: number; customer_id: number }>(
    t,
    sql`select a.application_id, a.customer_id from application_courses l join applications a using (application_id) where l.line_id = ${lineId}`,
  );
  const mins = (Number(to.slice(0, 2)) - Number(from.slice(0, 2))) * 60 + Number(to.slice(3)) - Number(from.slice(3));
  await t.db.execute(
    sql`insert into lessons (branch_id, kind, state, starts_at, ends_at, minutes, course_type, line_id, application_id,
      customer_id, instructor_id, vehicle_id, created_by)
    values (${branch}, ${kind}, ${state}, ${`${date}T${from}:00+07:00`}, ${`${date}T${to}:00+07:00`}, ${mins}, 'รถยนต์',
      ${lineId}, ${l!.application_id}, ${l!.customer_id}, ${prasert.id}, ${car}, ${prasert.id})`,
  );
}
let car = 0;

beforeAll(async () => {
  ({ t, cat } = suite);
  admin = await t.as('admin');
  prasert = await userId(t, 'prasert');
  [{ branch }] = await rows<{ branch: number }>(
    t,
    sql`select branch_id as branch from users where user_id = ${prasert.id}`,
  );
  await setRules(admin);
  car = await vehicle(t, branch);
  // 150 an hour from the 1st, 200 from the 15th (a dated rate); theory at 120
  await setHours(admin, branch, prasert.id, undefined, {
    rates: [
      { course_type: 'รถยนต์', part: 'practice', rate: '150', valid_from: `${MONTH}-01` },
      { course_type: 'รถยนต์', part: 'practice', rate: '200', valid_from: `${MONTH}-15` },
    ],
  });
  const items = (await admin.get('/api/list-payroll/gettable', { per_page: 100 })).body.data;
  teaching = items.find((i: { category: string }) => i.category === 'teaching').list_payroll_id;
  const s = await register(admin, cat.car, 'ค่าสอน');
  // 3 hours before the 15th (2 + 1), 2 hours after; a no-show and a lesson of the next month are not paid
  await done(s.line_id, `${MONTH}-05`, '08:00', '10:00');
  await done(s.line_id, `${MONTH}-06`, '08:00', '09:00');
  await done(s.line_id, `${MONTH}-20`, '13:00', '15:00');
  await done(s.line_id, `${MONTH}-21`, '13:00', '15:00', 'practice', 'no_show');
  await done(s.line_id, `${now.toISOString().slice(0, 7)}-01`, '00:30', '02:30');
});

const sheetLine = async (c: Client) => {
  const r = await c.get('/api/list-payrollList/list', { branch, month: MONTH });
  expect(r.status, r.body.message).toBe(200);
  return r.body.data.lines.find((l: { user_id: number }) => l.user_id === prasert.id);
};
const teachingItems = (line: { items: { list_payroll_id: number; amount: string }[] }) =>
  line.items.filter((i) => i.list_payroll_id === teaching);

describe('instructor pay from lessons', () => {
  it('proposes one rate × hours line per rate on the sheet: 3 h × 150 = 450.00 and 2 h × 200 = 400.00', async () => {
    const line = await sheetLine(admin);
    expect(teachingItems(line)).toEqual([
      expect.objectContaining({ value: '150', per_value: '3', amount: '450' }),
      expect.objectContaining({ value: '200', per_value: '2', amount: '400' }),
    ]);
    // the two lines count in the month's income
    const others = line.items
      .filter((i: { type: string; list_payroll_id: number }) => i.type === 'income' && i.list_payroll_id !== teaching)
      .reduce((a: number, i: { amount: string }) => a + Math.round(Number(i.amount) * 100), 0);
    expect(Math.round(Number(line.income) * 100) - others - Math.round(Number(line.extra) * 100)).toBe(85000);
  });

  it('lists the lessons behind the figure for the sheet (lesson/pay)', async () => {
    const r = await admin.get('/api/lesson/pay', { branch_id: branch, month: MONTH, user_id: prasert.id });
    expect(r.status, r.body.message).toBe(200);
    const [p] = r.body.data;
    expect(p).toMatchObject({ user_id: prasert.id, minutes: 300, amount: '850', unrated: 0 });
    expect(p.lines).toEqual([
      expect.objectContaining({ rate: '150', hours: '3', amount: '450', lessons: 2 }),
      expect.objectContaining({ rate: '200', hours: '2', amount: '400', lessons: 1 }),
    ]);
    expect(
      p.lessons.map((l: { date: string; start_time: string; rate: string }) => [l.date, l.start_time, l.rate]),
    ).toEqual([
      [`${MONTH}-05`, '08:00', '150'],
      [`${MONTH}-06`, '08:00', '150'],
      [`${MONTH}-20`, '13:00', '200'],
    ]);
    // the branch list names the instructors with pay only
    const all = await admin.get('/api/lesson/pay', { branch_id: branch, month: MONTH });
    expect(all.body.data.map((x: { user_id: number }) => x.user_id)).toEqual([prasert.id]);
    // the chain read is one query and gives the same groups
    const chain = (await payGroups(t.db, MONTH, null)).filter((g) => g.user_id === prasert.id);
    expect(chain).toEqual([
      { user_id: prasert.id, rate: 15000, minutes: 180, lessons: 2 },
      { user_id: prasert.id, rate: 20000, minutes: 120, lessons: 1 },
    ]);
  });

  it('HR adjusts the proposal before submitting: the saved figure stands', async () => {
    const r = await admin.put('/api/list-payrollList/update', {
      branch_id: branch,
      month: MONTH,
      lines: [
        {
          user_id: prasert.id,
          items: [
            { list_payroll_id: teaching, value: '150', per_value: '3' },
            { list_payroll_id: teaching, value: '200', per_value: '2.5' },
          ],
        },
      ],
    });
    expect(r.status, r.body.message).toBe(200);
    const line = await sheetLine(admin);
    expect(teachingItems(line).map((i: { amount: string }) => i.amount)).toEqual(['450', '500']);
  });

  it('payroll does not import lessons (lessons registers its provider)', () => {
    const dir = new URL('../../src/modules/payroll/', import.meta.url);
    for (const f of readdirSync(dir).filter((x) => x.endsWith('.ts')))
      expect(readFileSync(new URL(f, dir), 'utf8'), f).not.toMatch(/from '\.\.\/lessons/);
  });
});
