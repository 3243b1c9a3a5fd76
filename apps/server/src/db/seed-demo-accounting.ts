/**
 * Demo other incomes (SPEC other_income): a few a month at each branch over the last four months, so the accounting
 * screens show rows, a column per day or month and an "other income" slice on first start. Payments and refunds
 * come from the demo money; expenses from the fleet's demo seed.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import { addDays, todayBangkok } from '@khabkhi/thai';
import type { Db } from './connection.js';
import { branches, roles, users } from './schema/core.js';
import { otherIncomes } from './schema/fleet.js';

const ITEMS: [string, string, 'cash' | 'transfer', string][] = [
  ['ค่าเช่าสนามฝึกวันอาทิตย์', 'ให้บริษัทขนส่งเช่าสนามฝึกอบรมพนักงานขับรถ', 'transfer', '1200'],
  ['ขายหนังสือคู่มือสอบใบขับขี่', 'คู่มือเตรียมสอบ 12 เล่ม', 'cash', '480'],
  ['ขายเศษวัสดุและยางเก่า', 'ยางรถฝึกเก่า 8 เส้น', 'cash', '360.50'],
  ['ค่าอบรมขับขี่ปลอดภัยให้หน่วยงาน', 'อบรมพนักงานโรงงาน 1 วัน', 'transfer', '2500'],
  ['ค่าเช่าที่จอดรถ', 'ค่าเช่ารายเดือน', 'cash', '800'],
];

export async function seedDemoAccounting(db: Db) {
  const [{ n }] = (await db.select({ n: sql<number>`count(*)::int` }).from(otherIncomes)) as [{ n: number }];
  if (n > 0) return;
  const today = todayBangkok();
  const all = await db.select().from(branches).where(eq(branches.is_delete, false)).orderBy(asc(branches.branch_id));
  const values: (typeof otherIncomes.$inferInsert)[] = [];
  for (const [bi, b] of all.entries()) {
    const [staff] = await db
      .select({ id: users.user_id })
      .from(users)
      .innerJoin(roles, eq(roles.role_id, users.role_id))
      .where(and(eq(users.branch_id, b.branch_id), eq(roles.slug, 'manager')))
      .limit(1);
    const [anyone] = staff
      ? [staff]
      : await db.select({ id: users.user_id }).from(users).where(eq(users.username, 'admin'));
    if (!anyone) continue;
    // every 12 days over 120 days (today included at the first branch), item by item
    for (let k = 0, d = bi * 2; d <= 120; k++, d += 12) {
      const [name, detail, pay_type, value] = ITEMS[(k + bi) % ITEMS.length]!;
      values.push({
        branch_id: b.branch_id,
        date: addDays(today, -d),
        name,
        detail,
        pay_type,
        value,
        created_by: anyone.id,
      });
    }
  }
  if (values.length) await db.insert(otherIncomes).values(values);
}
