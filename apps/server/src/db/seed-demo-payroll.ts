/**
 * Payroll seed: the dated statutory tables (every database) and, for the demo school, three months of
 * payroll per branch — the two before this month approved with payslips, this month in draft (and one
 * branch's submitted) — so the payroll screens show rows on first start. Last month shows each case a school
 * meets: a joiner (from the 16th), a leaver (to the 20th, then deleted), a move between branches (on the 11th,
 * paid once by the new branch with the days at each), a day-wage worker, a bonus taxed at the margin and an
 * advance over the s.76 limits acknowledged by HR with part of it carried to this month as its own line.
 */
import { and, asc, desc, eq } from 'drizzle-orm';
import { makeThaiNationalId } from '@khabkhi/thai';
import type { Db } from './connection.js';
import { branches, roles, users } from './schema/core.js';
import { listPayroll } from './schema/catalog.js';
import { employeeBranches, payrollRates, payrollUserItems, payrolls } from './schema/payroll.js';
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

/**
 * This month's sheet of the last demo branch submitted (after the demo lessons: the submitted figures hold the
 * instructors' lesson pay as the drafts propose it). Only a draft never submitted.
 */
export async function seedPayrollSubmitted(db: Db) {
  const [b] = await db
    .select()
    .from(branches)
    .where(and(eq(branches.is_delete, false), eq(branches.is_demo, true)))
    .orderBy(desc(branches.branch_id))
    .limit(1);
  if (!b) return;
  const [p] = await db
    .select()
    .from(payrolls)
    .where(and(eq(payrolls.branch_id, b.branch_id), eq(payrolls.month, monthsBack(0))));
  if (!p || p.status !== 'draft' || p.submitted_at) return;
  const [hr] = await db.select().from(users).where(eq(users.username, 'wanida'));
  if (!hr) return;
  const [r] = await db.select().from(roles).where(eq(roles.role_id, hr.role_id));
  const actor: Actor = {
    userId: hr.user_id,
    username: hr.username,
    roleId: r!.role_id,
    roleSlug: r!.slug,
    branchId: hr.branch_id,
    familyId: '',
    abilities: r!.abilities,
    branchScope: null,
  };
  const svc = await import('../modules/payroll/service.js');
  await db.transaction((tx) => svc.submit(tx, actor, p.payroll_id, undefined, true));
}

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
  const bs = await db
    .select()
    .from(branches)
    .where(and(eq(branches.is_delete, false), eq(branches.is_demo, true)))
    .orderBy(asc(branches.branch_id));
  const cases = await payrollCases(db, bs, people, rs);
  people.push(...cases.added);
  const items = await db.select().from(listPayroll).where(eq(listPayroll.is_delete, false));
  const item = (category: string) => items.find((i) => i.category === category);
  const ot = item('overtime');
  const teach = item('teaching');
  const bonus = item('bonus');
  const advance = item('advance');
  const bonusOnce = item('irregular');
  // standing items: a diligence allowance for the cashiers (the instructors' teaching pay comes from their lessons)
  const instructors = people.filter((p) => p.position.startsWith('ครู'));
  if (bonus) {
    const cashiers = people.filter((p) => ['malee', 'suda', 'pimchanok'].includes(p.username));
    if (cashiers.length)
      await db
        .insert(payrollUserItems)
        .values(cashiers.map((c) => ({ user_id: c.user_id, list_payroll_id: bonus.list_payroll_id, value: '500' })));
  }
  const managerOf = (branchId: number) =>
    people.find((p) => p.branch_id === branchId && ['somchai', 'anan', 'napat'].includes(p.username))?.username ??
    'somchai';
  for (const [k, month] of [monthsBack(2), monthsBack(1), monthsBack(0)].entries()) {
    for (const b of bs) {
      const staff = people.filter((p) => p.branch_id === b.branch_id && Number(p.salary) > 0);
      if (!staff.length) continue;
      const lines: {
        user_id: number;
        items?: { list_payroll_id: number; value?: string; per_value?: string }[];
        end_date?: string;
        carry_advance?: string;
      }[] = staff
        .filter((p) => instructors.includes(p))
        .map((p, i) => ({
          user_id: p.user_id,
          items: [
            ...(ot ? [{ list_payroll_id: ot.list_payroll_id, per_value: String(6 + ((i + k) % 3) * 4) }] : []),
            // the months before the timetable: teaching hours typed; this month's come from the completed lessons
            // (the lesson pay proposal fills the draft's ค่าสอน column)
            ...(teach && k < 2 ? [{ list_payroll_id: teach.list_payroll_id, per_value: String(36 + k * 4) }] : []),
            // last month: an advance of 1,000 each; kittipong's 4,000 is over 10 % of his wage and 2,000 more is carried
            ...(advance && k === 1
              ? [{ list_payroll_id: advance.list_payroll_id, value: p.username === 'kittipong' ? '4000' : '1000' }]
              : []),
          ],
          ...(k === 1 && p.username === 'kittipong' ? { carry_advance: '2000' } : {}),
        }));
      if (k === 1) {
        // the leaver's last day; the bonus paid once (taxed at the margin)
        if (cases.leaver.branch_id === b.branch_id)
          lines.push({ user_id: cases.leaver.user_id, end_date: `${month}-20` });
        const paidBonus = people.find((p) => p.username === 'malee');
        if (bonusOnce && paidBonus?.branch_id === b.branch_id)
          lines.push({
            user_id: paidBonus.user_id,
            items: [{ list_payroll_id: bonusOnce.list_payroll_id, value: '10000' }],
          });
      }
      const hr = actor('wanida');
      // HR holds the written consent for the advance over the s.76 limits: acknowledged on save and submit
      await db.transaction((tx) => svc.saveSheet(tx, hr, b.branch_id, month, lines, undefined, true));
      const [p] = await db
        .select()
        .from(payrolls)
        .where(and(eq(payrolls.branch_id, b.branch_id), eq(payrolls.month, month)));
      // this month: drafts still being prepared; the last branch's is submitted once its lessons are in
      // (seedPayrollSubmitted)
      if (k === 2) continue;
      await db.transaction((tx) => svc.submit(tx, hr, p!.payroll_id, undefined, true));
      await db.transaction((tx) => svc.confirm(tx, actor(managerOf(b.branch_id)), p!.payroll_id));
      await db.transaction((tx) => svc.approve(tx, actor('admin'), p!.payroll_id));
    }
    // the leaver is gone after last month (deleted: their history and 50 ทวิ stay)
    if (k === 1)
      await db
        .update(users)
        .set({ is_delete: true, status: 'inactive' })
        .where(eq(users.user_id, cases.leaver.user_id));
  }
}

type Person = typeof users.$inferSelect;

/**
 * The demo's payroll-only employees (no sign-in): a joiner from last month's 16th, a leaver to its 20th, a person
 * moved from the head office to the next branch on its 11th and a day-wage worker paid in cash.
 */
async function payrollCases(
  db: Db,
  bs: (typeof branches.$inferSelect)[],
  people: Person[],
  rs: (typeof roles.$inferSelect)[],
) {
  const hq = bs[0]!;
  const next = bs[1] ?? hq;
  const last = bs[bs.length - 1]!;
  const m1 = monthsBack(1);
  const role = rs.find((r) => r.slug === 'cashier') ?? rs[rs.length - 1]!;
  const hash = people[0]!.password_hash;
  const one = async (
    username: string,
    branch: number,
    [prefix, fname, sname, position]: [string, string, string, string],
    pay: { salary: string; daily?: boolean; start: string; cash?: boolean },
    n: number,
  ) => {
    const [u] = await db
      .insert(users)
      .values({
        username,
        password_hash: `!${hash}`,
        role_id: role.role_id,
        branch_id: branch,
        prefix,
        fname,
        sname,
        position,
        department: 'ปฏิบัติการ',
        idcard: makeThaiNationalId(`31009${String(70000 + n * 1234).padStart(7, '0')}`),
        start_date: pay.start,
        salary: pay.salary,
        is_salary_daily: pay.daily ?? false,
        employee_type: pay.daily ? 'daily' : 'monthly',
        salary_pay_type: pay.cash ? 'cash' : 'transfer',
        bank: pay.cash ? '' : 'ธนาคารกรุงไทย',
        bank_acc: pay.cash ? '' : `987-6-5${String(4000 + n)}-${n}`,
        day_off: ['sun'],
        is_demo: true,
      })
      .returning();
    return u!;
  };
  const joiner = await one(
    'hr-jintana',
    next.branch_id,
    ['นางสาว', 'จินตนา', 'ใจงาม', 'เจ้าหน้าที่ทะเบียน'],
    { salary: '18000', start: `${m1}-16` },
    1,
  );
  const leaver = await one(
    'hr-preecha',
    last.branch_id,
    ['นาย', 'ปรีชา', 'ลาออก', 'พนักงานขับรถรับส่ง'],
    { salary: '16000', start: '2020-06-01' },
    2,
  );
  const daily = await one(
    'hr-somkiat',
    hq.branch_id,
    ['นาย', 'สมเกียรติ', 'ดูแลสนาม', 'พนักงานดูแลสนามฝึก (รายวัน)'],
    { salary: '400', daily: true, start: '2022-03-01', cash: true },
    3,
  );
  const mover = await one(
    'hr-wichai',
    hq.branch_id,
    ['นาย', 'วิชัย', 'ย้ายสาขา', 'เจ้าหน้าที่ธุรการ'],
    { salary: '20000', start: '2021-01-01' },
    4,
  );
  // moved to the next branch on the 11th of last month (the trigger also records today's change)
  await db
    .insert(employeeBranches)
    .values({ user_id: mover.user_id, branch_id: next.branch_id, valid_from: `${m1}-11` });
  const [moved] = await db
    .update(users)
    .set({ branch_id: next.branch_id })
    .where(eq(users.user_id, mover.user_id))
    .returning();
  return { added: [joiner, leaver, daily, moved!], leaver };
}
