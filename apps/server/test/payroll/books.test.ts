/**
 * The wage a month is built on and what it books: the employee's extra pay is on the sheet, the SSO base is the wage
 * actually paid (never the employee's sso_salary above it), absence lowers the SSO base, the tax base and the booked
 * expense, and an approved month books exactly its sheet, per branch, to the satang.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type Client, type TestApp } from '../helpers.js';

let t: TestApp;
let admin: Client;
let wanida: Client;
let anan: Client;
let bkn = 0;
let uid = 0;
const now = new Date(Date.now() + 7 * 3600_000);
const PREV = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)).toISOString().slice(0, 7);
let absence = 0;

const rows = async <T>(q: ReturnType<typeof sql>) => {
  const r = (await t.db.execute(q)) as unknown as { rows?: T[] } & T[];
  return r.rows ?? r;
};
const satang = (v: string) => Math.round(Number(v) * 100);
type Line = Record<'salary' | 'extra' | 'income' | 'absence' | 'sso_base' | 'sso_employee' | 'sso_employer', string> & {
  user_id: number;
  tax: string;
  net: string;
};

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.as('admin');
  wanida = await t.as('wanida');
  anan = await t.as('anan');
  const bs = (await admin.get('/api/branch/list')).body.data as { code: string; branch_id: number }[];
  bkn = bs.find((b) => b.code === 'BKN')!.branch_id;
  const items = (await admin.get('/api/list-payroll/gettable', { per_page: 100 })).body.data as {
    list_payroll_id: number;
    category: string;
  }[];
  absence = items.find((i) => i.category === 'absence')!.list_payroll_id;
  uid = (await rows<{ user_id: number }>(sql`select user_id from users where username = 'kittipong'`))[0]!.user_id;
  // 10,000 a month and 1,000 extra pay; an SSO salary of 17,500 typed on the employee record, above the real wage
  await t.db.execute(
    sql`update users set salary = 10000, extra_salary = 1000, sso_salary = 17500, is_salary_daily = false, salary_pay_type = 'cash', start_date = '2019-01-01' where user_id = ${uid}`,
  );
  await t.db.execute(sql`delete from payroll_user_items where user_id = ${uid}`);
});
afterAll(async () => {
  await t?.close();
});

describe(`the wage of the month and its books (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('10,000 + 1,000 extra − 2 days absent × 300: SSO on 10,400 → 520 (not 875 on the sso_salary), tax 0, net 9,880', async () => {
    const r = await wanida.put('/api/list-payrollList/update', {
      branch_id: bkn,
      month: PREV,
      acknowledge_deductions: true,
      lines: [{ user_id: uid, items: [{ list_payroll_id: absence, per_value: '2' }] }],
    });
    expect(r.status, r.body.message).toBe(200);
    const l = (r.body.data.lines as Line[]).find((x) => x.user_id === uid)!;
    expect(l).toMatchObject({
      salary: '10000',
      extra: '1000',
      income: '1000',
      absence: '600',
      sso_base: '10400',
      sso_employee: '520',
      sso_employer: '520',
      tax: '0',
      net: '9880',
    });
  });

  it('approved, the month books each person’s wage net of absence (cash here) and the employer’s SSO: the sheet, to the satang', async () => {
    const id = (await wanida.get('/api/payroll/gettable', { branch: bkn, month: PREV })).body.data[0].payroll_id;
    const sub = await wanida.post('/api/payroll/submit', { payroll_id: id, acknowledge_deductions: true });
    expect(sub.status, sub.body.message).toBe(200);
    expect((await anan.post('/api/payroll/confirm', { payroll_id: id })).status).toBe(200);
    expect((await admin.post('/api/payroll/approve', { payroll_id: id })).status).toBe(200);
    const booked = await rows<{ user_id: number | null; value: string; pay_type: string; branch_id: number }>(
      sql`select user_id, value::text, pay_type, branch_id from expenses where payroll_id = ${id} and not is_delete order by expenses_id`,
    );
    // kittipong: 10,000 + 1,000 − 600 = 10,400.00, paid in cash
    expect(booked.filter((e) => e.user_id === uid)).toEqual([
      { user_id: uid, value: '10400.00', pay_type: 'cash', branch_id: bkn },
    ]);
    // the whole branch: each line's salary + incomes − absence, and one line of the employer's SSO
    const lines = (await admin.get('/api/list-payrollList/list', { branch: bkn, month: PREV })).body.data
      .lines as Line[];
    const wages = lines.reduce((a, x) => a + satang(x.salary) + satang(x.income) - satang(x.absence), 0);
    const er = lines.reduce((a, x) => a + satang(x.sso_employer), 0);
    const pay = booked.filter((e) => e.user_id !== null);
    expect(pay).toHaveLength(lines.length);
    expect(pay.reduce((a, e) => a + satang(e.value), 0)).toBe(wages);
    expect(booked.filter((e) => e.user_id === null).map((e) => satang(e.value))).toEqual([er]);
    expect(new Set(booked.map((e) => e.branch_id))).toEqual(new Set([bkn]));
  });
});
