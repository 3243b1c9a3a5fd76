/**
 * The demo school of `npm start`: every kind of application at every branch (course registrations, other-fee
 * and request-fee applications, so each list shows rows on first start), payments dated within their
 * applications' lives and in the order of their numbers, receipts issued when they were paid, and every money
 * identity intact.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoTimeline } from '../src/db/seed-demo-money.js';
import { IDENTITY_VIOLATIONS_SQL, STATS_VIOLATIONS_SQL } from '../src/modules/applications/money.js';
import { createTestApp, type TestApp } from './helpers.js';

let t: TestApp;
const rows = async <T>(q: ReturnType<typeof sql>) => ((await t.db.execute(q)) as unknown as { rows: T[] }).rows;

beforeAll(async () => {
  t = await createTestApp({ demoMoney: true });
});
afterAll(async () => {
  await t?.close();
});

describe('demo school', () => {
  it('has course, other-fee and request-fee applications at every branch, shown by their lists', async () => {
    const kinds = await rows<{ branch_id: number; kind: string; n: number }>(sql`
      select b.branch_id, k.kind, (select count(*)::int from applications a where a.branch_id = b.branch_id and a.kind = k.kind) as n
      from branches b cross join (values ('course'), ('fee'), ('request')) k(kind) order by 1, 2`);
    expect(kinds.length).toBe(9);
    for (const k of kinds) expect(k.n, `${k.kind} at branch ${k.branch_id}`).toBeGreaterThan(0);
    const malee = await t.as('malee');
    for (const list of [
      '/api/application/gettable',
      '/api/applicationfee/gettable',
      '/api/applicationrequest/gettable',
    ]) {
      const r = await malee.get(list);
      expect(r.status).toBe(200);
      expect(r.body.data.length, list).toBeGreaterThan(0);
    }
    // other-fee applications paid in full and in part
    const admin = await t.as('admin');
    expect((await admin.get('/api/applicationfee/gettable', { status: 'ค้างชำระ' })).body.data.length).toBeGreaterThan(
      0,
    );
    expect((await admin.get('/api/applicationfee/gettable', { status: 'ชำระครบ' })).body.data.length).toBeGreaterThan(
      0,
    );
  });

  it("dates every payment within its application's life, in number order, with its receipt issued then", async () => {
    const outside = await rows<{ payment_code: string }>(sql`
      select p.payment_code from payments p join applications a using (application_id)
      where p.created_at < a.created_at or p.created_at > now()
         or p.business_date <> (p.created_at at time zone 'Asia/Bangkok')::date`);
    expect(outside).toEqual([]);
    // none paid "today" for an application made weeks ago: the oldest registration's money is weeks old
    const [oldest] = await rows<{ age_days: number; paid_age_days: number }>(sql`
      select extract(day from now() - a.created_at)::int as age_days, extract(day from now() - min(p.created_at))::int as paid_age_days
      from applications a join payments p using (application_id) group by a.application_id order by a.created_at limit 1`);
    expect(oldest!.age_days).toBeGreaterThanOrEqual(30);
    expect(oldest!.paid_age_days).toBeGreaterThanOrEqual(30);
    // and each branch took money today, so the daily cash close has entries on first start
    const today = await rows<{ branch_id: number; n: number }>(sql`
      select b.branch_id, (select count(*)::int from payments p where p.branch_id = b.branch_id
                             and p.business_date = (now() at time zone 'Asia/Bangkok')::date) as n from branches b`);
    for (const b of today) expect(b.n, `payments today at branch ${b.branch_id}`).toBeGreaterThan(0);
    const disorder = await rows<{ payment_code: string }>(sql`
      select payment_code from (select payment_code, created_at, lag(created_at) over (partition by branch_id, kind order by payment_code) as before
                                from payments) x where created_at < before`);
    expect(disorder).toEqual([]);
    const receiptsOff = await rows<{ payment_id: number }>(sql`
      select r.payment_id from receipts r join payments p using (payment_id)
      where (r.snapshot->>'issued_at')::timestamptz <> p.created_at or r.created_at <> p.created_at`);
    expect(receiptsOff).toEqual([]);
    const appsInOrder = await rows<{ application_code: string }>(sql`
      select application_code from (select application_code, created_at, lag(created_at) over (partition by branch_id, kind order by application_code) as before
                                    from applications) x where created_at < before`);
    expect(appsInOrder).toEqual([]);
  });

  it('keeps every money identity and the per-branch totals', async () => {
    expect(await rows(IDENTITY_VIOLATIONS_SQL)).toEqual([]);
    expect(await rows(STATS_VIOLATIONS_SQL)).toEqual([]);
  });

  it('spreads the timeline over the last weeks, never into last year', () => {
    const mid = demoTimeline(18, new Date('2026-11-23T12:00:00Z'));
    expect(mid[0]!.toISOString().slice(0, 10)).toBe('2026-09-24');
    expect(mid[17]!.getTime()).toBeLessThan(Date.parse('2026-11-21T12:00:00Z'));
    const early = demoTimeline(18, new Date('2026-01-10T03:00:00Z'));
    // 1 January 2026 00:00 in Bangkok is 31 December 2025 17:00 UTC
    expect(early[0]!.getTime()).toBeGreaterThanOrEqual(Date.parse('2025-12-31T17:00:00Z'));
    for (let i = 1; i < early.length; i++) expect(early[i]!.getTime()).toBeGreaterThan(early[i - 1]!.getTime());
  });
});
