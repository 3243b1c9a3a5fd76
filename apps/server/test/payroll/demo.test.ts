/**
 * The demo school's payroll: last month is approved on every branch and shows each case a school meets — a joiner,
 * a leaver, a move between branches paid once, a day-wage worker, a bonus and an advance (over the s.76 limits,
 * acknowledged, part carried to this month as its own line).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Client, type TestApp } from '../helpers.js';

let t: TestApp;
let admin: Client;
const now = new Date(Date.now() + 7 * 3600_000);
const MONTH = now.toISOString().slice(0, 7);
const MONTH_DAY = now.toISOString().slice(8, 10);
const PREV = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)).toISOString().slice(0, 7);
type Line = {
  user_name: string;
  is_daily: boolean;
  employed_days: number;
  days_of_month: number;
  end_date: string | null;
  branch_days: string;
  irregular: string;
  carry_advance: string;
  warnings: string[];
  net: string;
  items: { name: string; amount: string }[];
};
type Sheet = { payroll: { status: string; deductions_ack: { by: string | null } } | null; lines: Line[] };

beforeAll(async () => {
  t = await createTestApp({ demoMoney: true });
  admin = await t.as('admin');
});
afterAll(async () => {
  await t?.close();
});

describe('the demo payroll month', () => {
  it('last month is approved everywhere and shows a joiner, a leaver, a move, a day wage, a bonus and an advance', async () => {
    const bs = (await admin.get('/api/branch/list')).body.data as { branch_id: number }[];
    const sheets: Sheet[] = [];
    for (const b of bs) {
      const r = await admin.get('/api/list-payrollList/list', { branch: b.branch_id, month: PREV });
      expect(r.status, r.body.message).toBe(200);
      if (r.body.data.lines.length) sheets.push(r.body.data);
    }
    expect(sheets.length).toBeGreaterThan(1);
    for (const s of sheets) expect(s.payroll?.status).toBe('approved');
    const lines = sheets.flatMap((s) => s.lines);
    const who = (name: string) => lines.filter((l) => l.user_name.includes(name));
    // one pay per person, whatever the branches
    for (const l of lines) expect(lines.filter((x) => x.user_name === l.user_name)).toHaveLength(1);
    expect(who('จินตนา')[0]).toMatchObject({ employed_days: expect.any(Number) });
    expect(who('จินตนา')[0]!.employed_days).toBe(who('จินตนา')[0]!.days_of_month - 15);
    expect(who('ปรีชา')[0]!.end_date).toBe(`${PREV}-20`);
    expect(who('วิชัย')[0]!.branch_days).toMatch(/ 1–10 .+ · .+ 11–\d+ /);
    expect(who('สมเกียรติ')[0]!.is_daily).toBe(true);
    expect(who('มาลี')[0]!.irregular).toBe('10000');
    const kitti = who('กิตติพงษ์')[0]!;
    expect(kitti.carry_advance).toBe('2000');
    expect(kitti.warnings.length).toBeGreaterThan(0);
    expect(sheets.some((s) => s.payroll?.deductions_ack.by)).toBe(true);
    for (const l of lines) expect(Number(l.net)).toBeGreaterThan(0);
  });

  it('this month: the leaver is gone and the carried advance is its own line', async () => {
    const bs = (await admin.get('/api/branch/list')).body.data as { branch_id: number }[];
    const lines: Line[] = [];
    for (const b of bs)
      lines.push(
        ...(await admin.get('/api/list-payrollList/list', { branch: b.branch_id, month: MONTH })).body.data.lines,
      );
    expect(lines.some((l) => l.user_name.includes('ปรีชา'))).toBe(false);
    const kitti = lines.find((l) => l.user_name.includes('กิตติพงษ์'))!;
    expect(kitti.items.find((i) => i.name.startsWith('เงินเบิกล่วงหน้ายกมาจากเดือน'))?.amount).toBe('2000');
  });

  it('this month: each instructor’s teaching pay is the lesson pay of their completed lessons, drafts and the submitted sheet alike', async () => {
    const bs = (await admin.get('/api/branch/list')).body.data as { branch_id: number }[];
    let paid = 0;
    const states = new Set<string>();
    for (const b of bs) {
      const sheet = (await admin.get('/api/list-payrollList/list', { branch: b.branch_id, month: MONTH })).body
        .data as {
        payroll: { status: string } | null;
        items: { list_payroll_id: number; category?: string }[];
        lines: { user_id: number; items: { list_payroll_id: number; amount: string }[] }[];
      };
      const col = sheet.items.find((c) => c.category === 'teaching')!;
      const pay = (await admin.get('/api/lesson/pay', { branch_id: b.branch_id, month: MONTH })).body.data as {
        user_id: number;
        lines: { amount: string }[];
      }[];
      for (const line of sheet.lines) {
        const teaching = line.items
          .filter((i) => i.list_payroll_id === col.list_payroll_id && Number(i.amount) !== 0)
          .map((i) => i.amount);
        const lessons = pay.find((p) => p.user_id === line.user_id)?.lines.map((l) => l.amount) ?? [];
        expect(teaching, `user ${line.user_id}`).toEqual(lessons);
        if (lessons.length) {
          paid++;
          states.add(sheet.payroll?.status ?? '');
        }
      }
    }
    // the demo's past week of lessons lies in this month from the 8th on
    if (Number(MONTH_DAY) >= 8) {
      expect(paid).toBeGreaterThan(0);
      expect([...states].sort()).toEqual(['draft', 'submitted']);
    }
  });
});
