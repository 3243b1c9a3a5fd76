/** The demo school's exams: every exam screen shows rows on first start. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import fastJson from 'fast-json-stringify';
import { Type } from 'typebox';
import { CalendarEvent, Envelope } from '@khabkhi/contracts';
import { addDays, todayBangkok } from '@khabkhi/thai';
import { createTestApp, type TestApp } from '../helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ demoMoney: true });
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('demo exams', () => {
  it('today’s schedule, the history, the calendar, permissions (expiring, disabled, with history), manage exam and the home page have rows', async () => {
    const today = todayBangkok();
    for (const user of ['admin', 'malee', 'suda']) {
      const c = await t.as(user);
      const schedule = await c.get('/api/exam/gettable', { date: today });
      expect(schedule.body.data.length, `${user} schedule`).toBeGreaterThan(0);
      const history = await c.get('/api/exam/gettable', { start: addDays(today, -30), end: today, status: 'สอบไม่ผ่าน' });
      expect(history.body.data[0], `${user} history`).toMatchObject({ theory_score: 42, theory_total: 50 });
      const cal = await c.get('/api/exam/calendar', { start: addDays(today, -10), end: addDays(today, 20) });
      expect(cal.body.data.events.length).toBeGreaterThan(5);
      const expiring = await c.get('/api/exam/permission', { status: 'ใกล้หมดอายุ' });
      expect(expiring.body.data.length, `${user} expiring`).toBeGreaterThan(0);
      const manage = await c.get('/api/application/getformanageExam', { status: 'ค้างชำระ' });
      expect(manage.body.data.length, `${user} manage`).toBeGreaterThan(0);
      const home = (await c.get('/api/exam/home')).body.data;
      expect(home.today.length).toBeGreaterThan(0);
      expect(home.expiring.length).toBeGreaterThan(0);
    }
    const admin = await t.as('admin');
    // a week across branches in slots: the same sessions, seats and bookings, fewer boxes
    const week = { start: addDays(today, -3), end: addDays(today, 3) };
    const sessions = (await admin.get('/api/exam/calendar', week)).body.data.events;
    const slots = (await admin.get('/api/exam/calendar', { ...week, group: 'slot' })).body.data.events;
    const sum = (xs: any[], k: string) => xs.reduce((n, x) => n + x.extendedProps[k], 0);
    expect(slots.length).toBeLessThan(sessions.length);
    expect(sum(slots, 'sessions')).toBe(sessions.length);
    for (const k of ['capacity', 'booked', 'passed', 'failed']) expect(sum(slots, k), k).toBe(sum(sessions, k));
    const shared = slots.find((x: any) => x.extendedProps.sessions > 1);
    expect(shared.extendedProps).toMatchObject({ session_id: null, branch_id: null });
    expect(shared.title).toMatch(/^\d\d:\d\d ภาค(ทฤษฎี|ปฏิบัติ) .+ · \d+ สาขา( \d+ รอบ)? \(\d+\/\d+\)$/);
    const single = slots.find((x: any) => x.extendedProps.sessions === 1);
    if (single) expect(sessions.map((x: any) => x.id)).toContain(single.id);
    const disabled = await admin.get('/api/exam/permission', { status: 'ระงับ' });
    expect(disabled.body.data.length).toBeGreaterThan(0);
    const detail = (await admin.get(`/api/exam/permission/${disabled.body.data[0].application_id}`)).body.data;
    expect(detail.lines[0].history[0]).toMatchObject({
      action: 'disable',
      reason: expect.stringContaining('ขาดการติดต่อ'),
    });
    const seats = await admin.get('/api/exam/session/list', { start: today });
    for (const s of seats.body.data) expect(s.booked).toBe(s.students.length);
  });

  it('the calendar’s answers are the bytes its response schema’s serializer would write: sessions, slots, days, one branch’s staff', async () => {
    // the route writes its answers with JSON.stringify (writtenAsBuilt): the same keys, order and types as the schema
    const write = fastJson(Envelope(Type.Object({ events: Type.Array(CalendarEvent) })) as object);
    const today = todayBangkok();
    const week = `start=${addDays(today, -3)}&end=${addDays(today, 3)}`;
    const asked: [string, string][] = [
      ['admin', week],
      ['admin', `${week}&group=slot`],
      ['admin', `start=${addDays(today, -10)}&end=${addDays(today, 20)}&group=day`],
      ['suda', week],
      ['suda', `${week}&group=slot`],
    ];
    for (const [user, q] of asked) {
      const c = await t.as(user);
      const r = await t.app.inject({
        method: 'GET',
        url: `/api/exam/calendar?${q}`,
        headers: { authorization: `Bearer ${c.token}` },
      });
      expect(r.statusCode, `${user} ${q}`).toBe(200);
      expect(r.json().data.events.length, `${user} ${q}`).toBeGreaterThan(1);
      expect(r.body, `${user} ${q}`).toBe(write(r.json()));
    }
  });

  it('the calendar’s filters: a branch, a kind, a licence type, each alone and together, and the caller’s branches', async () => {
    const today = todayBangkok();
    const range = { start: addDays(today, -10), end: addDays(today, 20) };
    const admin = await t.as('admin');
    const all = (await admin.get('/api/exam/calendar', range)).body.data.events.map((e: any) => e.extendedProps);
    const branchIds = [...new Set(all.map((e: any) => e.branch_id))] as number[];
    expect(branchIds.length).toBeGreaterThan(1);
    const pick = async (c: Awaited<ReturnType<typeof t.as>>, q: Record<string, string | number>, group?: string) => {
      const r = await c.get('/api/exam/calendar', { ...range, ...q, ...(group ? { group } : {}) });
      expect(r.status, r.body.message).toBe(200);
      return r.body.data.events.map((e: any) => e.extendedProps);
    };
    const ids = (xs: any[]) => xs.map((x) => x.session_id).sort((a, b) => a - b);
    const one = branchIds[0]!;
    expect(ids(await pick(admin, { branch: one }))).toEqual(ids(all.filter((e: any) => e.branch_id === one)));
    expect(ids(await pick(admin, { exam_kind: 'ภาคทฤษฎี' }))).toEqual(ids(all.filter((e: any) => e.kind === 'theory')));
    const type = all[0].course_type as string;
    expect(ids(await pick(admin, { type }))).toEqual(ids(all.filter((e: any) => e.course_type === type)));
    const together = all.filter((e: any) => e.branch_id === one && e.kind === 'practical' && e.course_type === type);
    expect(together.length).toBeGreaterThan(0);
    expect(ids(await pick(admin, { branch: one, exam_kind: 'ภาคปฏิบัติ', type }))).toEqual(ids(together));
    // the days of the same filters count the same sessions
    const days = await pick(admin, { branch: one, exam_kind: 'ภาคปฏิบัติ', type }, 'day');
    expect(days.reduce((n: number, d: any) => n + d.sessions, 0)).toBe(together.length);
    // a branch's staff see their branch's sessions only, and are refused another branch's
    const suda = await t.as('suda');
    const hers = await pick(suda, {});
    const scope = [...new Set(hers.map((e: any) => e.branch_id))];
    expect(scope.length).toBeGreaterThan(0);
    expect(ids(hers)).toEqual(ids(all.filter((e: any) => scope.includes(e.branch_id))));
    const slots = await pick(suda, {}, 'slot');
    expect(slots.reduce((n: number, d: any) => n + d.sessions, 0)).toBe(hers.length);
    const other = branchIds.find((b) => !scope.includes(b))!;
    expect((await suda.get('/api/exam/calendar', { ...range, branch: other })).status).toBe(403);
  });

  it('every course line of the demo has its permission row: the registration day + the setting, its passed flag kept', async () => {
    const rows = async (q: ReturnType<typeof sql>) => (await t.db.execute(q)) as unknown as { rows: any[] };
    const [missing] = (
      await rows(sql`select count(*)::int as n from application_courses l
        where not exists (select 1 from exam_permissions p where p.line_id = l.line_id)`)
    ).rows;
    expect(missing.n).toBe(0);
    // an unchanged permission runs from the (back-dated) registration day; the passed flag is the practical's result
    const [wrong] = (
      await rows(sql`select count(*) filter (where p.permission_date <> (a.created_at at time zone 'Asia/Bangkok')::date + s.exam_permission_days
            and not exists (select 1 from exam_permission_history h where h.line_id = p.line_id)) ::int as dates,
          count(*) filter (where p.passed <> exists (select 1 from exam_attempts x join exam_sessions xs on xs.session_id = x.session_id
            where x.line_id = p.line_id and x.status = 'passed' and xs.kind = 'practical'))::int as passed,
          count(*) filter (where p.passed)::int as done
        from exam_permissions p join applications a on a.application_id = p.application_id cross join school_settings s`)
    ).rows;
    expect(wrong).toMatchObject({ dates: 0, passed: 0 });
    expect(wrong.done).toBeGreaterThan(0);
  });
});
