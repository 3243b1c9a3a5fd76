/**
 * The per-day income and expense totals (income_days, expense_days) are kept by triggers in the money's own
 * transaction. Property-style: a few seeded random sequences of payments, refunds, voids, pay-type changes, moved
 * days, other incomes and expenses (created, changed, deleted; several in one transaction, some rolled back), and
 * after each sequence the totals equal the sums of the rows they summarise, key by key; and the charts read from
 * them equal the charts read from the rows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { addDays, todayBangkok } from '@khabkhi/thai';
import { createTestApp, type Client, type TestApp } from '../helpers.js';
import { rows } from '../foundation/fixtures.js';
import { customer, makeCatalog, type Catalog } from '../money/fixtures.js';
import {
  DAYS_VIOLATIONS_SQL,
  expenseAggregates,
  expenseAggregatesRaw,
  incomeAggregates,
  incomeAggregatesRaw,
} from '../../src/modules/accounting/repo.js';

let t: TestApp;
let cat: Catalog;
let admin: Client;
const today = todayBangkok();

beforeAll(async () => {
  t = await createTestApp();
  cat = await makeCatalog(t.db);
  admin = await t.as('admin');
});
afterAll(async () => {
  await t?.close();
});

/** mulberry32: a small seeded generator, so a failing sequence can be replayed. */
function rng(seed: number) {
  let a = seed;
  return () => {
    a |= 0;
    a = (a + 0x6d2b79f5) | 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

describe('income_days and expense_days', () => {
  it('equal the sums of the payments, other incomes and expenses after random sequences of changes', async () => {
    const malee = await t.as('malee');
    const apps: number[] = [];
    for (const body of [
      {
        customer: customer(),
        courses: [{ course_id: cat.car }],
        other_fees: [],
        payment: { paid: '1000', pay_type: 'cash' },
      },
      {
        customer: customer(),
        courses: [{ course_id: cat.moto }],
        other_fees: [],
        payment: { paid: '500.50', pay_type: 'transfer' },
      },
    ]) {
      const r = await malee.post('/api/application/create', body);
      expect(r.status, r.body.message).toBe(200);
      apps.push(r.body.data.application.application_id);
    }
    const fee = await malee.post('/api/applicationfee/create', {
      customer: customer(),
      other_fees: [{ other_fee_id: cat.medical }],
      payment: { paid: '120.75', pay_type: 'cash' },
    });
    expect(fee.status, fee.body.message).toBe(200);
    apps.push(fee.body.data.application.application_id);
    expect(await rows(t, DAYS_VIOLATIONS_SQL)).toEqual([]);

    const [u] = await rows<{ id: number }>(t, sql`select user_id as id from users where username = 'admin'`);
    const items = (
      await rows<{ id: number }>(
        t,
        sql`select list_expenses_id as id from list_expenses where not is_delete order by 1 limit 4`,
      )
    ).map((x) => x.id);
    const branchesOf = [cat.hq, cat.bkn];
    let code = 0;
    for (const seed of [1, 7, 42, 2026]) {
      const r = rng(seed);
      const pick = <T>(xs: T[]) => xs[Math.floor(r() * xs.length)]!;
      const money = () => (1 + Math.floor(r() * 500000) / 100).toFixed(2);
      const day = () => addDays(today, -Math.floor(r() * 40));
      const pay = () => (r() < 0.5 ? 'cash' : 'transfer');
      for (let txn = 0; txn < 12; txn++) {
        const rollback = r() < 0.15;
        await t.db
          .transaction(async (tx) => {
            for (let op = 0, n = 1 + Math.floor(r() * 4); op < n; op++) {
              const k = r();
              const ids = async (table: 'payments' | 'other_incomes' | 'expenses') =>
                (
                  (await tx.execute(
                    sql`select ${sql.raw(table === 'payments' ? 'payment_id' : table === 'other_incomes' ? 'income_id' : 'expenses_id')} as id from ${sql.raw(table)}`,
                  )) as unknown as { rows: { id: number }[] }
                ).rows.map((x) => x.id);
              if (k < 0.2) {
                const refund = r() < 0.3;
                await tx.execute(sql`insert into payments (application_id, branch_id, kind, payment_code, pay_type, amount, business_date, created_by)
                values (${pick(apps)}, ${pick(branchesOf)}, ${refund ? 'refund' : 'payment'}, ${`T${seed}-${code++}`}, ${pay()}, ${refund ? `-${money()}` : money()}::numeric, ${day()}::date, ${u!.id})`);
              } else if (k < 0.3) {
                await tx.execute(
                  sql`update payments set is_void = not is_void where payment_id = ${pick(await ids('payments'))}`,
                );
              } else if (k < 0.4) {
                await tx.execute(
                  sql`update payments set pay_type = case when pay_type = 'cash' then 'transfer' else 'cash' end where payment_id = ${pick(await ids('payments'))}`,
                );
              } else if (k < 0.45) {
                await tx.execute(
                  sql`update payments set business_date = ${day()}::date, branch_id = ${pick(branchesOf)} where payment_id = ${pick(await ids('payments'))}`,
                );
              } else if (k < 0.55) {
                await tx.execute(
                  sql`insert into other_incomes (branch_id, date, name, pay_type, value, created_by) values (${pick(branchesOf)}, ${day()}::date, 'รายรับสุ่ม', ${pay()}, ${money()}::numeric, ${u!.id})`,
                );
              } else if (k < 0.65) {
                const all = await ids('other_incomes');
                if (all.length)
                  await tx.execute(
                    sql`update other_incomes set ${r() < 0.5 ? sql`is_delete = not is_delete` : sql`value = ${money()}::numeric, pay_type = ${pay()}, date = ${day()}::date`} where income_id = ${pick(all)}`,
                  );
              } else if (k < 0.8) {
                await tx.execute(
                  sql`insert into expenses (branch_id, list_expenses_id, date, detail, pay_type, value, created_by) values (${pick(branchesOf)}, ${pick(items)}, ${day()}::date, 'สุ่ม', ${pay()}, ${money()}::numeric, ${u!.id})`,
                );
              } else if (k < 0.95) {
                const all = await ids('expenses');
                if (all.length)
                  await tx.execute(
                    sql`update expenses set ${r() < 0.4 ? sql`is_delete = not is_delete` : sql`value = ${money()}::numeric, pay_type = ${pay()}, list_expenses_id = ${pick(items)}, date = ${day()}::date`} where expenses_id = ${pick(all)}`,
                  );
              } else {
                const all = await ids('expenses');
                if (all.length)
                  await tx.execute(
                    sql`delete from expenses where expenses_id = ${pick(all)} and not exists (select 1 from accounting_files f where f.expenses_id = expenses.expenses_id)`,
                  );
              }
            }
            if (rollback) tx.rollback();
          })
          .catch((e: unknown) => {
            if (!rollback) throw e;
          });
      }
      expect(await rows(t, DAYS_VIOLATIONS_SQL), `seed ${seed}`).toEqual([]);
    }

    // the charts read from the per-day totals equal those read from the rows, for every filter they serve
    const actor = { userId: u!.id, branchId: cat.hq, branchScope: null } as never;
    const range = { start: addDays(today, -45), end: today };
    for (const w of [
      { range },
      { range, branchId: cat.bkn },
      { range, payType: 'cash' },
      { range, source: 'course' },
      { range, source: 'other', payType: 'transfer' },
    ]) {
      const [a, b] = [await incomeAggregates(t.db, actor, w), await incomeAggregatesRaw(t.db, actor, w)];
      const sum = (xs: { value: string }[]) => xs.reduce((s, x) => s + Math.round(Number(x.value) * 100), 0);
      expect(sum(a.days)).toBe(sum(b.days));
      expect(a.count).toBe(b.count);
      for (const key of ['course', 'fee', 'other', 'refund'])
        expect(sum(a.sources.filter((s) => s.key === key))).toBe(sum(b.sources.filter((s) => s.key === key)));
    }
    for (const w of [
      { range },
      { range, branchId: cat.hq, payType: 'transfer' },
      { range, listExpensesId: items[0] },
    ]) {
      const [a, b] = [await expenseAggregates(t.db, actor, w), await expenseAggregatesRaw(t.db, actor, w)];
      expect(a.count).toBe(b.count);
      expect(
        a.categories.map((c) => [c.key, c.values.reduce((s, v) => s + Math.round(Number(v) * 100), 0)]).sort(),
      ).toEqual(b.categories.map((c) => [c.key, c.values.reduce((s, v) => s + Math.round(Number(v) * 100), 0)]).sort());
    }
    expect((await admin.get('/api/accounting/incometable', { start: range.start, end: today })).status).toBe(200);
    // the sequences did reach the tables, and a single satang off is seen
    expect((await rows(t, sql`select 1 from income_days`)).length).toBeGreaterThan(20);
    expect((await rows(t, sql`select 1 from expense_days`)).length).toBeGreaterThan(10);
    await t.db.execute(
      sql`update expense_days set value = value + 0.01 where (branch_id, date, list_expenses_id, pay_type) = (select branch_id, date, list_expenses_id, pay_type from expense_days limit 1)`,
    );
    expect(await rows(t, DAYS_VIOLATIONS_SQL)).toHaveLength(1);
  });
});
