import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { TestApp } from '../helpers.js';
import { counts, customer, identityViolations, type Catalog, moneySuite } from './fixtures.js';
import { promotions } from '../../src/db/schema/catalog.js';
import { todayBangkok, addDays } from '@khabkhi/thai';

const suite = moneySuite();
let t: TestApp;
let cat: Catalog;
beforeAll(() => {
  ({ t, cat } = suite);
});

const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;

describe(`concurrency (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('50 simultaneous paybalance calls never pay more than net, and receipt numbers stay unbroken', async () => {
    const malee = await t.as('malee');
    const somchai = await t.as('somchai');
    const a = (
      await malee.post('/api/application/create', {
        customer: customer(),
        courses: [{ course_id: cat.car }],
        other_fees: [],
      })
    ).body.data.application; // net 6500
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        (i % 2 ? malee : somchai).post('/api/application/paybalance', {
          application_id: a.application_id,
          paid: '200',
          pay_type: i % 3 ? 'cash' : 'transfer',
        }),
      ),
    );
    const okCount = results.filter((r) => r.status === 200).length;
    expect(okCount).toBe(32); // 32 × 200 = 6400 ≤ 6500 < 33 × 200
    expect(
      results.filter((r) => r.status !== 200).every((r) => r.status === 400 && /มากกว่ายอดคงเหลือ/.test(r.body.message)),
    ).toBe(true);
    const detail = (await malee.get(`/api/application/get/${a.application_id}`)).body.data;
    expect(detail).toMatchObject({ paid: '6400', balance: '100', status: 'ค้างชำระ' });
    const numbers = rowsOf<{ n: number }>(
      await t.db.execute(
        sql`select right(payment_code, 6)::int as n from payments where branch_id = ${cat.hq} and kind = 'payment' order by 1`,
      ),
    ).map((r) => r.n);
    expect(numbers).toEqual(Array.from({ length: numbers.length }, (_, i) => i + 1));
    expect(await identityViolations(t.db)).toEqual([]);
  });

  it('the same Idempotency-Key sent 10 times at once records one payment', async () => {
    const malee = await t.as('malee');
    const a = (
      await malee.post('/api/application/create', {
        customer: customer(),
        courses: [{ course_id: cat.car }],
        other_fees: [],
      })
    ).body.data.application;
    const key = randomUUID();
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        malee.post(
          '/api/application/paybalance',
          { application_id: a.application_id, paid: '100', pay_type: 'cash' },
          { 'idempotency-key': key },
        ),
      ),
    );
    const ok = results.filter((r) => r.status === 200);
    expect(ok.length).toBeGreaterThan(0);
    expect(new Set(ok.map((r) => r.body.data.payment.payment_id)).size).toBe(1);
    expect(results.every((r) => r.status === 200 || r.status === 409)).toBe(true);
    const detail = (await malee.get(`/api/application/get/${a.application_id}`)).body.data;
    expect(detail.payments).toHaveLength(1);
    expect(detail.paid).toBe('100');
  });

  it('a promotion limited to 3 uses is used exactly 3 times by 12 simultaneous registrations', async () => {
    const today = todayBangkok();
    await t.db.insert(promotions).values({
      branch_id: cat.hq,
      code: 'RUSH3',
      name: 'สามคนแรก',
      type: 'ทั้งหมด',
      type_discount: 'amount',
      value: '1000',
      start: addDays(today, -1),
      end: addDays(today, 1),
      is_unlimit: false,
      limit: 3,
    });
    const malee = await t.as('malee');
    const before = await counts(t.db);
    const results = await Promise.all(
      Array.from({ length: 12 }, () =>
        malee.post('/api/application/create', {
          customer: customer(),
          courses: [{ course_id: cat.car, promotion_code: 'RUSH3', discount: '1000' }],
          other_fees: [],
        }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(3);
    expect(
      results
        .filter((r) => r.status !== 200)
        .every((r) => r.status >= 400 && r.status < 500 && /ครบ/.test(r.body.message)),
    ).toBe(true);
    const [p] = rowsOf<{ usage: number; uses: number }>(
      await t.db.execute(
        sql`select usage, (select count(*)::int from promotion_usages u where u.promotion_id = p.promotion_id) as uses from promotions p where code = 'RUSH3'`,
      ),
    );
    expect(p).toEqual({ usage: 3, uses: 3 });
    expect((await counts(t.db)).applications).toBe(before.applications + 3);
  });

  it('16 simultaneous registrations of two course lines keep the permission counts (branch, end date, state) equal to the permissions', async () => {
    const malee = await t.as('malee');
    const results = await Promise.all(
      Array.from({ length: 16 }, () =>
        malee.post('/api/application/create', {
          customer: customer(),
          courses: [{ course_id: cat.car }, { course_id: cat.moto }],
          other_fees: [],
        }),
      ),
    );
    for (const r of results) expect(r.status, r.body.message).toBe(200);
    const off = rowsOf<{ branch_id: number }>(
      await t.db.execute(sql`select coalesce(p.branch_id, c.branch_id) as branch_id from
        (select branch_id, permission_date, passed, is_active, count(*)::int as n from exam_permissions group by 1, 2, 3, 4) p
        full join exam_permission_counts c using (branch_id, permission_date, passed, is_active)
        where coalesce(p.n, 0) <> coalesce(c.n, 0)`),
    );
    expect(off).toEqual([]);
    const [{ n }] = rowsOf<{ n: number }>(
      await t.db
        .execute(sql`select count(*)::int as n from exam_permissions p join applications a using (application_id)
        where a.application_id in (select application_id from applications order by application_id desc limit 16)`),
    );
    expect(n).toBe(32);
  });
});
