/**
 * The owner's cockpit: every figure equals the total of the list it opens, asked with the same filters (to the
 * satang), for every branch and for all of them; the branch scope of a manager; a cashier refused; a branch out of
 * scope and a Buddhist-era date refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { FIRST_RESULT_VIOLATIONS_SQL } from '../../src/modules/exams/repo.js';
import { addDays, todayBangkok, toSatang } from '@khabkhi/thai';
import { createTestApp, type Client, type TestApp } from '../helpers.js';
import { rows } from '../foundation/fixtures.js';

let t: TestApp;
let admin: Client;
const today = todayBangkok();
const S = (v: string | number) => toSatang(String(v), { allowNegative: true });

beforeAll(async () => {
  t = await createTestApp({ demo: true, demoMoney: true });
  admin = await t.as('admin');
}, 180_000);
afterAll(async () => {
  await t?.close();
});

async function summary(c: Client, q: Record<string, unknown> = {}) {
  const r = await c.get('/api/dashboard/summary', q);
  expect(r.status, r.body.message).toBe(200);
  return r.body.data;
}

/** The accounting income list's total (net, refunds subtracted) and refund slice for a branch, period and pay type. */
async function incomeList(branch: number | undefined, range: { start: string; end: string }, type?: string) {
  const r = await admin.get('/api/accounting/incometable', { branch, start: range.start, end: range.end, type });
  expect(r.status, r.body.message).toBe(200);
  const refund = r.body.chart.income_donut.find((s: { key: string }) => s.key === 'refund');
  return { net: S(r.body.chart.total_income), refunds: S(refund?.value ?? '0') };
}

describe('dashboard/summary', () => {
  it('every branch and all of them: each figure equals the list it opens', async () => {
    const all = await summary(admin);
    // the demo school has something on every tile
    expect(all.exams.sessions).toBeGreaterThan(0);
    expect(all.registrations.owing_count).toBeGreaterThan(0);
    expect(all.vehicles.total).toBeGreaterThan(0);
    expect(all.cash_close.total).toBeGreaterThan(0);
    expect(all.pass_rate.total.theory_sat).toBeGreaterThan(0);
    expect(all.date).toBe(today);
    expect(all.branches.length).toBeGreaterThanOrEqual(3);
    const scopes: (number | undefined)[] = [undefined, ...all.branches.map((b: { value: number }) => b.value)];
    let sawMoney = false;
    for (const branch of scopes) {
      const d = branch === undefined ? all : await summary(admin, { branch });
      expect(d.branch_id).toBe(branch ?? null);

      // takings: today, the month and the same days of last month, net / cash / transfer / refunds
      for (const p of [d.takings.today, d.takings.month]) {
        for (const [range, money] of [
          [{ start: p.start, end: p.end }, p.current],
          [{ start: p.previous_start, end: p.previous_end }, p.previous],
        ] as const) {
          const list = await incomeList(branch, range);
          expect(S(money.net), `net ${branch} ${range.start}`).toBe(list.net);
          expect(S(money.refunds)).toBe(list.refunds);
          expect(S(money.net_cash)).toBe((await incomeList(branch, range, 'cash')).net);
          expect(S(money.net_transfer)).toBe((await incomeList(branch, range, 'transfer')).net);
          expect(S(money.cash_in) + S(money.transfer_in) + S(money.refunds)).toBe(S(money.net));
          if (S(money.net) !== 0) sawMoney = true;
        }
      }
      expect(d.takings.month.link).toEqual({
        path: '/accounting',
        query: { ...(branch ? { branch: String(branch) } : {}), start: d.takings.month.start, end: today },
      });
      // per branch: the branch's own list
      for (const b of d.takings.branches) {
        expect(S(b.month.net)).toBe((await incomeList(b.branch_id, d.takings.month)).net);
      }

      // registrations of the day and the month: the application list with the registration date range
      for (const [n, l] of [
        [d.registrations.today, d.registrations.today_link],
        [d.registrations.month, d.registrations.month_link],
      ] as const) {
        expect(l.path).toBe('/applications');
        const r = await admin.get('/api/application/gettable', l.query);
        expect(r.status, r.body.message).toBe(200);
        expect(n).toBe(r.body.meta.total);
      }
      // …and the registration date range means the Bangkok day of the registration
      const [plainMonth] = await rows<{ n: number }>(
        t,
        sql`select count(*)::int as n from applications a where a.kind = 'course'
          and (a.created_at at time zone 'Asia/Bangkok')::date between ${d.takings.month.start}::date and ${today}::date
          and (${branch ?? null}::int is null or a.branch_id = ${branch ?? null}::int)`,
      );
      expect(d.registrations.month).toBe(plainMonth!.n);
      // owing: the overdue list (status ค้างชำระ), its count and balance
      const o = await admin.get('/api/application/getforoverdue', d.registrations.owing_link.query);
      expect(o.status).toBe(200);
      expect(d.registrations.owing_count).toBe(o.body.meta.total);
      expect(S(d.registrations.owing_balance)).toBe(S(o.body.totals.balance));

      // exam sessions of the next 14 days: the sessions list of the same range, seats taken and capacity
      const s = await admin.get('/api/exam/session/list', { branch, start: d.exams.start, end: d.exams.end });
      expect(s.status, s.body.message).toBe(200);
      expect(d.exams.end).toBe(addDays(today, 13));
      expect(d.exams.sessions).toBe(s.body.data.length);
      expect(d.exams.booked).toBe(s.body.data.reduce((n: number, x: { booked: number }) => n + x.booked, 0));
      expect(d.exams.seats).toBe(s.body.data.reduce((n: number, x: { capacity: number }) => n + x.capacity, 0));

      // vehicles with a date due: the reminders list
      const v = await admin.get('/api/vehicle/reminders', d.vehicles.link.query);
      expect(v.status).toBe(200);
      expect(d.vehicles.total).toBe(v.body.data.length);
      expect(d.vehicles.overdue).toBe(v.body.data.filter((x: { overdue: boolean }) => x.overdue).length);

      // payroll of the month: the payroll list's state of each branch
      for (const pb of d.payroll.branches) {
        const pl = await admin.get('/api/payroll/gettable', pb.link.query);
        expect(pl.status, pl.body.message).toBe(200);
        const row = pl.body.data.find((x: { branch_id: number }) => x.branch_id === pb.branch_id);
        expect(pb.status).toBe(row?.status ?? 'none');
        if (row) expect(S(pb.net)).toBe(S(row.net));
      }

      // days without a close: each is a day of payments the cash close shows open
      for (const day of d.cash_close.days) {
        const c = await admin.get('/api/cash-close/get', day.link.query);
        expect(c.status, c.body.message).toBe(200);
        expect(c.body.data.closed).toBeNull();
        expect(c.body.data.receipts + c.body.data.refund_count).toBeGreaterThan(0);
      }
    }
    expect(sawMoney).toBe(true);
  }, 300_000);

  it('days without a close: a closed day drops out, and the count is every open day of payments', async () => {
    const before = await summary(admin);
    const plain = await rows<{ n: number }>(
      t,
      sql`select count(*)::int as n from (select distinct p.branch_id, p.business_date from payments p
        where not p.is_void and p.business_date between ${addDays(today, -14)}::date and ${addDays(today, -1)}::date
          and not exists (select 1 from cash_closes c where c.branch_id = p.branch_id
            and c.business_date = p.business_date and c.reopened_at is null)) x`,
    );
    expect(before.cash_close.total).toBe(plain[0]!.n);
    const first = before.cash_close.days[0];
    if (!first) return;
    const c = await admin.post('/api/cash-close/close', { branch_id: first.branch_id, date: first.date });
    expect(c.status, c.body.message).toBe(200);
    const after = await summary(admin);
    expect(after.cash_close.total).toBe(before.cash_close.total - 1);
    expect(after.cash_close.days).not.toContainEqual(
      expect.objectContaining({ branch_id: first.branch_id, date: first.date }),
    );
  });

  it('first-attempt pass rate: the first result of each course line and part in the last 90 days', async () => {
    const d = await summary(admin);
    const plain = await rows<{ kind: string; sat: number; passed: number }>(
      t,
      sql`select kind, count(*)::int as sat, (count(*) filter (where status = 'passed'))::int as passed from (
        select a.kind, a.status, s.exam_date, row_number() over (partition by a.line_id, a.kind order by s.exam_date, a.attempt_id) as k
        from exam_attempts a join exam_sessions s on s.session_id = a.session_id
        where a.status in ('passed', 'failed')) x
        where k = 1 and exam_date between ${addDays(today, -89)}::date and ${today}::date group by kind`,
    );
    const of = (k: string) => plain.find((r) => r.kind === k) ?? { sat: 0, passed: 0 };
    expect(of('theory').sat + of('practical').sat).toBeGreaterThan(0);
    // the flags the dashboard counts, kept by the database as the demo's results were written
    expect(await rows(t, sql.raw(FIRST_RESULT_VIOLATIONS_SQL))).toEqual([]);
    expect(d.pass_rate.total.theory_sat).toBe(of('theory').sat);
    expect(d.pass_rate.total.theory_passed).toBe(of('theory').passed);
    expect(d.pass_rate.total.practical_sat).toBe(of('practical').sat);
    expect(d.pass_rate.total.practical_passed).toBe(of('practical').passed);
    const byBranch = d.pass_rate.branches.reduce((n: number, b: { theory_sat: number }) => n + b.theory_sat, 0);
    const byExaminer = d.pass_rate.examiners.reduce((n: number, b: { theory_sat: number }) => n + b.theory_sat, 0);
    expect(byBranch).toBe(d.pass_rate.total.theory_sat);
    expect(byExaminer).toBe(d.pass_rate.total.theory_sat);
  });

  it('lesson utilisation of the week: live lesson minutes per instructor and vehicle against their hours', async () => {
    const d = await summary(admin);
    expect(d.lessons).toBeDefined();
    const plain = await rows<{ id: number; m: number }>(
      t,
      sql`select instructor_id as id, sum(minutes)::int as m from lessons
        where state in ('booked', 'checked_in', 'done') and instructor_id is not null
          and (starts_at at time zone 'Asia/Bangkok')::date between ${d.lessons.start}::date and ${d.lessons.end}::date
        group by 1`,
    );
    for (const r of plain) {
      const row = d.lessons.instructors.find((x: { key: string }) => x.key === String(r.id));
      expect(row?.booked_minutes, `instructor ${r.id}`).toBe(r.m);
    }
    const hours = await rows<{ id: number; m: number }>(
      t,
      sql`select user_id as id, sum(extract(epoch from (end_time::time - start_time::time)) / 60)::int as m
        from instructor_hours group by 1`,
    );
    for (const h of hours) {
      const row = d.lessons.instructors.find((x: { key: string }) => x.key === String(h.id));
      expect(row?.available_minutes).toBe(h.m);
    }
    expect(plain.length + hours.length).toBeGreaterThan(0);
    const cars = await rows<{ m: number }>(
      t,
      sql`select coalesce(sum(minutes), 0)::int as m from lessons where state in ('booked', 'checked_in', 'done')
        and vehicle_id is not null
        and (starts_at at time zone 'Asia/Bangkok')::date between ${d.lessons.start}::date and ${d.lessons.end}::date`,
    );
    expect(d.lessons.vehicles.reduce((n: number, v: { booked_minutes: number }) => n + v.booked_minutes, 0)).toBe(
      cars[0]!.m,
    );
  });

  it('a manager sees their branch only; a branch out of scope is refused; a cashier is refused', async () => {
    const [b1] = await rows<{ id: number }>(t, sql`select branch_id as id from users where username = 'anan'`);
    const [b2] = await rows<{ id: number }>(t, sql`select branch_id as id from users where username = 'napat'`);
    const anan = await t.as('anan');
    const d = await summary(anan);
    expect(d.branches.map((b: { value: number }) => b.value)).toEqual([b1!.id]);
    expect(d.takings.branches.map((b: { branch_id: number }) => b.branch_id)).toEqual([b1!.id]);
    expect((await summary(anan, { branch: b1!.id })).branch_id).toBe(b1!.id);
    // the manager's figures are their branch's
    const own = await summary(admin, { branch: b1!.id });
    expect(d.takings.month.current).toEqual(own.takings.month.current);
    expect(d.registrations.owing_count).toBe(own.registrations.owing_count);

    const out = await anan.get('/api/dashboard/summary', { branch: b2!.id });
    expect(out.status).toBe(403);
    expect((await (await t.as('suda')).get('/api/dashboard/summary')).status).toBe(403);
    expect((await (await t.as('malee')).get('/api/dashboard/summary')).status).toBe(403);
  });

  it('a Buddhist-era date, a day to come and an unknown branch are refused in Thai', async () => {
    const be = await admin.get('/api/dashboard/summary', {
      date: `${Number(today.slice(0, 4)) + 543}${today.slice(4)}`,
    });
    expect(be.status).toBe(400);
    expect(be.body.message).toMatch(/วันที่/);
    const future = await admin.get('/api/dashboard/summary', { date: addDays(today, 1) });
    expect(future.status).toBe(400);
    expect(future.body.message).toMatch(/วันที่/);
    const gone = await admin.get('/api/dashboard/summary', { branch: 999999 });
    expect(gone.status).toBe(400);
    expect(gone.body.message).toMatch(/สาขา/);
  });
});
