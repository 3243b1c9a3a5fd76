/**
 * Payroll seed: the dated statutory tables (every database) and, for the demo school, three months of
 * payroll per branch — the two before this month approved with payslips, this month in draft (and one
 * branch's submitted) — so the payroll screens show rows on first start.
 */
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from './connection.js';
import { branches, roles, users } from './schema/core.js';
import { listPayroll } from './schema/catalog.js';
import { payrollRates, payrollUserItems, payrolls } from './schema/payroll.js';
import type { Actor } from '../http/auth.js';

/** Social security (s.33): 5 % + 5 % of the wage between 1,650 and the ceiling of the period (docs/domain.md). */
const SSO = [
  { valid_from: '1990-01-01', ceiling: '15000', note: 'เพดานค่าจ้าง 15,000 บาท (ถึงสิ้นปี 2568)' },
  { valid_from: '2026-01-01', ceiling: '17500', note: 'เพดานค่าจ้าง 17,500 บาท (2569–2571)' },
  { valid_from: '2029-01-01', ceiling: '20000', note: 'เพดานค่าจ้าง 20,000 บาท (2572–2574)' },
  { valid_from: '2032-01-01', ceiling: '23000', note: 'เพดานค่าจ้าง 23,000 บาท (ตั้งแต่ 2575)' },
];
/** Personal income tax on salary: expense 50 % capped at 100,000, personal allowance 60,000, the brackets of 2017 on. */
const TAX = {
  valid_from: '2017-01-01',
  params: {
    expense_rate: '50',
    expense_cap: '100000',
    personal_allowance: '60000',
    brackets: [
      { upto: '150000', rate: '0' },
      { upto: '300000', rate: '5' },
      { upto: '500000', rate: '10' },
      { upto: '750000', rate: '15' },
      { upto: '1000000', rate: '20' },
      { upto: '2000000', rate: '25' },
      { upto: '5000000', rate: '30' },
      { upto: null, rate: '35' },
    ],
  },
  note: 'ภาษีเงินได้บุคคลธรรมดา อัตราก้าวหน้า (ปีภาษี 2560 เป็นต้นไป)',
};

export async function seedPayrollRates(db: Db) {
  for (const s of SSO) {
    await db
      .insert(payrollRates)
      .values({
        kind: 'sso',
        valid_from: s.valid_from,
        note: s.note,
        params: { employee_rate: '5', employer_rate: '5', floor: '1650', ceiling: s.ceiling },
      })
      .onConflictDoNothing();
  }
  await db
    .insert(payrollRates)
    .values({ kind: 'tax', valid_from: TAX.valid_from, params: TAX.params, note: TAX.note })
    .onConflictDoNothing();
}

const monthsBack = (n: number) => {
  const now = new Date(Date.now() + 7 * 3600_000);
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - n, 1));
  return d.toISOString().slice(0, 7);
};

export async function seedPayroll(db: Db, opts: { demo: boolean }) {
  await seedPayrollRates(db);
  if (!opts.demo) return;
  const [any] = await db.select({ id: payrolls.payroll_id }).from(payrolls).limit(1);
  if (any) return;
  const svc = await import('../modules/payroll/service.js');
  const rs = await db.select().from(roles);
  const people = await db.select().from(users).where(eq(users.is_delete, false)).orderBy(asc(users.user_id));
  const actor = (username: string): Actor => {
    const u = people.find((p) => p.username === username)!;
    const r = rs.find((x) => x.role_id === u.role_id)!;
    return {
      userId: u.user_id,
      username,
      roleId: r.role_id,
      roleSlug: r.slug,
      branchId: u.branch_id,
      familyId: '',
      abilities: r.abilities,
      branchScope: null,
    };
  };
  if (!people.some((p) => p.username === 'wanida') || !people.some((p) => p.username === 'admin')) return;
  const items = await db.select().from(listPayroll).where(eq(listPayroll.is_delete, false));
  const item = (category: string) => items.find((i) => i.category === category);
  const ot = item('overtime');
  const teach = item('teaching');
  const bonus = item('bonus');
  const advance = item('advance');
  const bs = await db
    .select()
    .from(branches)
    .where(and(eq(branches.is_delete, false), eq(branches.is_demo, true)))
    .orderBy(asc(branches.branch_id));
  // standing items: a diligence allowance for the cashiers, teaching hours for the instructors
  const instructors = people.filter((p) => p.position.startsWith('ครู'));
  if (bonus) {
    const cashiers = people.filter((p) => ['malee', 'suda', 'pimchanok'].includes(p.username));
    if (cashiers.length)
      await db
        .insert(payrollUserItems)
        .values(cashiers.map((c) => ({ user_id: c.user_id, list_payroll_id: bonus.list_payroll_id, value: '500' })));
  }
  if (teach && instructors.length)
    await db
      .insert(payrollUserItems)
      .values(
        instructors.map((c) => ({ user_id: c.user_id, list_payroll_id: teach.list_payroll_id, per_value: '40' })),
      );
  const managerOf = (branchId: number) =>
    people.find((p) => p.branch_id === branchId && ['somchai', 'anan', 'napat'].includes(p.username))?.username ??
    'somchai';
  for (const [k, month] of [monthsBack(2), monthsBack(1), monthsBack(0)].entries()) {
    for (const [bi, b] of bs.entries()) {
      const staff = people.filter((p) => p.branch_id === b.branch_id && Number(p.salary) > 0);
      if (!staff.length) continue;
      const lines = staff
        .filter((p) => instructors.includes(p))
        .map((p, i) => ({
          user_id: p.user_id,
          items: [
            ...(ot ? [{ list_payroll_id: ot.list_payroll_id, per_value: String(6 + ((i + k) % 3) * 4) }] : []),
            ...(teach ? [{ list_payroll_id: teach.list_payroll_id, per_value: String(36 + k * 4) }] : []),
            ...(advance && k === 1 ? [{ list_payroll_id: advance.list_payroll_id, value: '1000' }] : []),
          ],
        }));
      const hr = actor('wanida');
      await db.transaction((tx) => svc.saveSheet(tx, hr, b.branch_id, month, lines));
      const [p] = await db
        .select()
        .from(payrolls)
        .where(and(eq(payrolls.branch_id, b.branch_id), eq(payrolls.month, month)));
      if (k === 2) {
        // this month: the last branch has been submitted, the others are drafts still being prepared
        if (bi === bs.length - 1) await db.transaction((tx) => svc.submit(tx, hr, p!.payroll_id));
        continue;
      }
      await db.transaction((tx) => svc.submit(tx, hr, p!.payroll_id));
      await db.transaction((tx) => svc.confirm(tx, actor(managerOf(b.branch_id)), p!.payroll_id));
      await db.transaction((tx) => svc.approve(tx, actor('admin'), p!.payroll_id));
    }
  }
}
