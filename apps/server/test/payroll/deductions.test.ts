/**
 * Deductions the Labour Protection Act s.76 limits: a sheet whose advances or other deductions exceed 10 % each or a
 * fifth together of a person's wage is saved or submitted only when a manager acknowledges it (kept on the month and
 * in the audit log); the unrecovered part of an advance is carried to next month's sheet as its own line.
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
const MONTH = now.toISOString().slice(0, 7);
const PREV = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)).toISOString().slice(0, 7);
let items: { list_payroll_id: number; category: string }[] = [];
const item = (category: string) => items.find((i) => i.category === category)!.list_payroll_id;

const rows = async <T>(q: ReturnType<typeof sql>) => {
  const r = (await t.db.execute(q)) as unknown as { rows?: T[] } & T[];
  return r.rows ?? r;
};
type Line = {
  user_id: number;
  user_name: string;
  net: string;
  deduction: string;
  warnings: string[];
  carry_advance: string;
  items: { list_payroll_id: number; name: string; value: string; amount: string }[];
};
const sheet = async (month: string) =>
  (await admin.get('/api/list-payrollList/list', { branch: bkn, month })).body.data as {
    payroll: { payroll_id: number; deductions_ack: { by: string | null; at: string | null } } | null;
    lines: Line[];
  };
const mine = async (month: string) => (await sheet(month)).lines.find((l) => l.user_id === uid)!;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.as('admin');
  wanida = await t.as('wanida');
  anan = await t.as('anan');
  const bs = (await admin.get('/api/branch/list')).body.data as { code: string; branch_id: number }[];
  bkn = bs.find((b) => b.code === 'BKN')!.branch_id;
  items = (await admin.get('/api/list-payroll/gettable', { per_page: 100 })).body.data;
  uid = (await rows<{ user_id: number }>(sql`select user_id from users where username = 'kittipong'`))[0]!.user_id;
  await t.db.execute(
    sql`update users set salary = 10000, extra_salary = 0, is_salary_daily = false, start_date = '2019-01-01' where user_id = ${uid}`,
  );
  await t.db.execute(sql`delete from payroll_user_items where user_id = ${uid}`);
});
afterAll(async () => {
  await t?.close();
});

describe(`s.76 deductions and carried advances (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('an advance of 3,000 on a wage of 10,000 is refused in Thai, naming the person, until a manager acknowledges it', async () => {
    const line = { user_id: uid, items: [{ list_payroll_id: item('advance'), value: '3000' }], carry_advance: '2000' };
    const r = await wanida.put('/api/list-payrollList/update', { branch_id: bkn, month: PREV, lines: [line] });
    expect(r.status).toBe(409);
    expect(r.body.message).toContain('นายกิตติพงษ์ พวงมาลัย');
    expect(r.body.message).toContain('มาตรา 76');
    expect(r.body.message).toContain('เกินหนึ่งในห้าของค่าจ้าง (2,000.00 บาท)');
    expect((r.body as { details?: unknown }).details).toEqual([
      { field: 'acknowledge_deductions', message: r.body.message },
    ]);
    // nothing was saved
    expect(await rows(sql`select 1 from payroll_lines where user_id = ${uid} and month = ${PREV}`)).toEqual([]);
    // a negative net is refused even when acknowledged
    const neg = await wanida.put('/api/list-payrollList/update', {
      branch_id: bkn,
      month: PREV,
      acknowledge_deductions: true,
      lines: [{ ...line, items: [{ list_payroll_id: item('advance'), value: '50000' }] }],
    });
    expect(neg.status).toBe(400);
    expect(neg.body.message).toContain('เงินสุทธิติดลบ');

    const ok = await wanida.put('/api/list-payrollList/update', {
      branch_id: bkn,
      month: PREV,
      acknowledge_deductions: true,
      lines: [line],
    });
    expect(ok.status).toBe(200);
    const l = await mine(PREV);
    // 10,000 − SSO 500 − tax 0 − advance 3,000
    expect(l).toMatchObject({ net: '6500', deduction: '3000', carry_advance: '2000' });
    expect(l.warnings).toHaveLength(2);
    const s = await sheet(PREV);
    expect(s.payroll!.deductions_ack.by).toContain('วนิดา');
    const audits = await rows<{ after: { people: { user_id: number; warnings: string[] }[]; step: string } }>(
      sql`select after from audit_log where entity = 'payroll' and action = 'acknowledge_deductions' and entity_id = ${String(s.payroll!.payroll_id)}`,
    );
    expect(audits).toHaveLength(1);
    expect(audits[0]!.after.step).toBe('save');
    expect(audits[0]!.after.people.map((p) => p.user_id)).toEqual([uid]);
  });

  it('submitting asks again; acknowledged, the month goes through to approval', async () => {
    const id = (await sheet(PREV)).payroll!.payroll_id;
    const r = await wanida.post('/api/payroll/submit', { payroll_id: id });
    expect(r.status).toBe(409);
    expect(r.body.message).toMatch(/^ส่งตรวจเงินเดือน.+นายกิตติพงษ์ พวงมาลัย/);
    expect((await wanida.post('/api/payroll/submit', { payroll_id: id, acknowledge_deductions: true })).status).toBe(
      200,
    );
    expect((await anan.post('/api/payroll/confirm', { payroll_id: id })).status).toBe(200);
    expect((await admin.post('/api/payroll/approve', { payroll_id: id })).status).toBe(200);
    const steps = await rows<{ n: number }>(
      sql`select count(*)::int as n from audit_log where entity = 'payroll' and action = 'acknowledge_deductions' and entity_id = ${String(id)}`,
    );
    expect(steps[0]!.n).toBe(2);
  });

  it('next month shows the 2,000 carried as its own line that says it comes from the month before', async () => {
    const l = await mine(MONTH);
    const carried = l.items.find((i) => i.list_payroll_id === item('advance_carried'))!;
    expect(carried).toMatchObject({ value: '2000', amount: '2000' });
    expect(carried.name).toMatch(/^เงินเบิกล่วงหน้ายกมาจากเดือน/);
    // 10,000 − SSO 500 − carried 2,000; 2,000 is a fifth of the wage (not over it) but over 10 % for one deduction
    expect(l).toMatchObject({ net: '7500', deduction: '2000', carry_advance: '0' });
    expect(l.warnings).toEqual(['มีรายการหักเกินร้อยละ 10 ของค่าจ้าง (1,000.00 บาท) ตาม พ.ร.บ.คุ้มครองแรงงาน มาตรา 76']);
    // saved with the acknowledgement, the carried line keeps its name on the stored sheet
    const save = await wanida.put('/api/list-payrollList/update', {
      branch_id: bkn,
      month: MONTH,
      acknowledge_deductions: true,
      lines: [],
    });
    expect(save.status).toBe(200);
    const names = await rows<{ name: string; amount: string }>(
      sql`select i.name, i.amount::text from payroll_line_items i join payroll_lines l on l.line_id = i.line_id where l.user_id = ${uid} and l.month = ${MONTH}`,
    );
    expect(names).toEqual([{ name: carried.name, amount: '2000.00' }]);
  });
});
