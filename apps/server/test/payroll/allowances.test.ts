/**
 * ล.ย.01 allowances: HR records what an employee declared, from a date; the month's withholding uses them to the
 * satang; a removed declaration no longer counts. Every change is audited.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type Client, type TestApp } from '../helpers.js';

let t: TestApp;
let admin: Client;
let wanida: Client;
let suda: Client;
let bkn = 0;
let uid = 0;
const MONTH = new Date(Date.now() + 7 * 3600_000).toISOString().slice(0, 7);

const rows = async <T>(q: ReturnType<typeof sql>) => {
  const r = (await t.db.execute(q)) as unknown as { rows?: T[] } & T[];
  return r.rows ?? r;
};
const taxOf = async () =>
  (
    (await admin.get('/api/list-payrollList/list', { branch: bkn, month: MONTH })).body.data as {
      lines: { user_id: number; tax: string }[];
    }
  ).lines.find((l) => l.user_id === uid)!.tax;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.as('admin');
  wanida = await t.as('wanida');
  suda = await t.as('suda');
  const bs = (await admin.get('/api/branch/list')).body.data as { code: string; branch_id: number }[];
  bkn = bs.find((b) => b.code === 'BKN')!.branch_id;
  uid = (await rows<{ user_id: number }>(sql`select user_id from users where username = 'kittipong'`))[0]!.user_id;
  await t.db.execute(
    sql`update users set salary = 30000, extra_salary = 0, is_salary_daily = false, start_date = '2019-01-01' where user_id = ${uid}`,
  );
  await t.db.execute(sql`delete from payroll_user_items where user_id = ${uid}`);
});
afterAll(async () => {
  await t?.close();
});

describe(`ล.ย.01 allowances (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('a life-insurance premium of 20,000 a year lowers 30,000 a month’s withholding from 164.58 to 81.25', async () => {
    // the year: 360,000 − 100,000 expense − 60,000 personal − 10,500 SSO = 189,500 → 1,975.00 → 164.58 a month
    expect(await taxOf()).toBe('164.58');
    const r = await wanida.post('/api/payroll/allowance/create', {
      user_id: uid,
      kind: 'life_insurance',
      amount: '20000',
      valid_from: `${MONTH}-01`,
      note: 'กรมธรรม์เลขที่ 123',
    });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({
      total: '20000',
      rows: [{ kind: 'life_insurance', kind_name: 'เบี้ยประกันชีวิต', amount: '20000', value: '20000' }],
    });
    expect(r.body.data.kinds.find((k: { value: string }) => k.value === 'spouse')).toMatchObject({
      name: 'คู่สมรสไม่มีเงินได้',
      per: '60000',
      max_count: 1,
      cap: null,
    });
    // 189,500 − 20,000 = 169,500 → 5 % of 19,500 = 975.00 → 81.25 a month
    expect(await taxOf()).toBe('81.25');
  });

  it('a count beyond the kind, an unknown kind or an amount of zero is a Thai 400 naming the field; a cashier may not', async () => {
    const base = { user_id: uid, valid_from: `${MONTH}-01` };
    const a = await wanida.post('/api/payroll/allowance/create', { ...base, kind: 'spouse', count: 2 });
    expect(a.status).toBe(400);
    expect(a.body.message).toBe('จำนวน (คู่สมรสไม่มีเงินได้): ต้องเป็น 1 ถึง 1');
    const b = await wanida.post('/api/payroll/allowance/create', { ...base, kind: 'yacht' });
    expect(b.status).toBe(400);
    expect(b.body.message).toContain('ประเภทค่าลดหย่อน');
    const c = await wanida.post('/api/payroll/allowance/create', { ...base, kind: 'provident_fund', amount: '0' });
    expect(c.status).toBe(400);
    expect(c.body.message).toContain('จำนวนเงินต่อปี');
    expect((await suda.post('/api/payroll/allowance/create', { ...base, kind: 'spouse', count: 1 })).status).toBe(403);
    expect(
      await rows(sql`select 1 from payroll_allowances where user_id = ${uid} and kind <> 'life_insurance'`),
    ).toEqual([]);
  });

  it('removed, the declaration no longer counts; both changes are in the audit log', async () => {
    const list = await wanida.get('/api/payroll/allowance/list', { user: uid });
    const id = list.body.data.rows[0].allowance_id as number;
    const d = await wanida.del(`/api/payroll/allowance/${id}`);
    expect(d.status).toBe(200);
    expect(d.body.data).toMatchObject({ rows: [], total: '0' });
    expect(await taxOf()).toBe('164.58');
    const audits = await rows<{ action: string }>(
      sql`select action from audit_log where entity = 'payroll_allowance' and entity_id = ${String(id)} order by id`,
    );
    expect(audits.map((a) => a.action)).toEqual(['create', 'delete']);
  });
});
