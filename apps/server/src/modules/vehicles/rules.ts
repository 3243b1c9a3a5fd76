/**
 * The fleet's dated rules and what they say about one vehicle: which legal dates are due, the ตรอ. age, the late-tax
 * surcharge. Figures come from fleet_rules (the row in force on the day), never from code.
 */
import { desc, lte, sql } from 'drizzle-orm';
import { addDays, daysBetween, fromSatang, percentOf, toSatang } from '@khabkhi/thai';
import { DUE_KINDS, type DueKind } from '@khabkhi/contracts';
import type { Conn } from '../../db/connection.js';
import { fleetRules } from '../../db/schema/fleet.js';

export type Rules = typeof fleetRules.$inferSelect;

/** The rules in force on a day (the migration seeds one from 2000-01-01). */
export async function rulesOn(conn: Conn, day: string): Promise<Rules> {
  const [r] = await conn
    .select()
    .from(fleetRules)
    .where(lte(fleetRules.effective_from, day))
    .orderBy(desc(fleetRules.effective_from))
    .limit(1);
  if (r) return r;
  const [first] = await conn.select().from(fleetRules).orderBy(fleetRules.effective_from).limit(1);
  if (!first) throw new Error('fleet_rules is empty (migration 0012 seeds it)');
  return first;
}

export async function rulesHistory(conn: Conn) {
  return conn.select().from(fleetRules).orderBy(desc(fleetRules.effective_from));
}

export const rulesToApi = (r: Rules) => ({
  effective_from: r.effective_from,
  remind_days: r.remind_days,
  tax_late_rate: fromSatang(toSatang(r.tax_late_rate)),
  tax_early_days: r.tax_early_days,
  car_check_age: r.car_check_age,
  motorcycle_check_age: r.motorcycle_check_age,
});

/** Whole years from a date to today. */
export function yearsSince(from: string | null, today: string): number | null {
  if (!from) return null;
  const [y1, m1, d1] = from.split('-').map(Number) as [number, number, number];
  const [y2, m2, d2] = today.split('-').map(Number) as [number, number, number];
  return y2 - y1 - (m2 < m1 || (m2 === m1 && d2 < d1) ? 1 : 0);
}

export interface VehicleDates {
  type: string;
  status: string;
  registration_date: string | null;
  purchase_date: string | null;
  noti_check: string | null;
  noti_compulsory: string | null;
  noti_insurance: string | null;
  noti_tax: string | null;
}

export function ageOf(v: VehicleDates, today: string) {
  return yearsSince(v.registration_date ?? v.purchase_date, today);
}

export function needsCheck(v: VehicleDates, rules: Rules, today: string): boolean {
  const age = ageOf(v, today);
  if (age === null) return false;
  return age >= (v.type === 'motorcycle' ? rules.motorcycle_check_age : rules.car_check_age);
}

/** Months (a part of a month counts as one) between a due date and today, for the late-tax surcharge. */
export function monthsLate(due: string, today: string): number {
  if (today <= due) return 0;
  const [y1, m1, d1] = due.split('-').map(Number) as [number, number, number];
  const [y2, m2, d2] = today.split('-').map(Number) as [number, number, number];
  let months = (y2 - y1) * 12 + (m2 - m1);
  if (d2 > d1) months += 1;
  return Math.max(1, months);
}

export interface DueItem {
  kind: DueKind;
  kind_name: string;
  due: string | null;
  days_left: number | null;
  /** 'overdue' | 'soon' | 'ok' | 'none' */
  state: string;
}

export function dueItems(v: VehicleDates, rules: Rules, today: string): DueItem[] {
  const old = needsCheck(v, rules, today);
  return (
    DUE_KINDS
      // ตรอ. concerns only a vehicle old enough (or one whose date was recorded anyway)
      .filter((k) => k.kind !== 'check' || old || v.noti_check !== null)
      .map((k) => {
        // an old vehicle without a ตรอ. date needs one before its tax: it is due with the tax
        const due = k.kind === 'check' && v.noti_check === null ? v.noti_tax : v[k.column];
        const days = due === null ? null : daysBetween(today, due);
        const state =
          due === null ? 'none' : days! < 0 ? 'overdue' : due <= addDays(today, rules.remind_days) ? 'soon' : 'ok';
        return { kind: k.kind, kind_name: k.name, due, days_left: days, state };
      })
  );
}

/** The late-tax surcharge estimate: months × rate of the last tax paid (null when none was recorded). */
export function surcharge(due: string, today: string, rules: Rules, lastTax: string | null) {
  const months = monthsLate(due, today);
  const ratePct = fromSatang(toSatang(rules.tax_late_rate) * months);
  return {
    surcharge_months: months,
    surcharge_rate: fromSatang(toSatang(rules.tax_late_rate)),
    surcharge_estimate: lastTax === null ? null : fromSatang(percentOf(toSatang(lastTax), ratePct)),
  };
}

export const lastTaxSql = sql`(select e.value from expenses e where e.vehicle_id = vehicles.vehicle_id and e.renew_kind = 'tax' and not e.is_delete order by e.date desc, e.expenses_id desc limit 1)`;
