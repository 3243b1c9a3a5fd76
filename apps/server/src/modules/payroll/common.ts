/** Payroll's shared helpers: money and quantities in satang, month names, the locked message. */
import { daysInMonth } from './engine.js';
import { THAI_MONTHS, fromSatang, toSatang } from '@khabkhi/thai';
import { PAYROLL_STATE_NAMES, type PayrollState, type SheetLine } from '@khabkhi/contracts';
import { users } from '../../db/schema/core.js';
import { payrolls } from '../../db/schema/payroll.js';

/** Item categories the server computes itself: they are never typed into a sheet. */
export const COMPUTED_CATEGORIES = ['salary', 'social_security', 'withholding_tax'];
export const S = (v: string | number | null | undefined) => toSatang(String(v ?? '0'), { allowNegative: true });
export const M = (satang: number) => fromSatang(satang);
/** '2.50' → 250 hundredths */
export const Q = (v: string | null | undefined) => Math.round(S(v ?? '0'));
export const qText = (h: number) => fromSatang(h);

export const monthName = (month: string) => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return `${THAI_MONTHS[m - 1]} ${y + 543}`;
};
export const lastDayOf = (month: string) => `${month}-${String(daysInMonth(month)).padStart(2, '0')}`;
export const currentMonth = () => new Date(Date.now() + 7 * 3600_000).toISOString().slice(0, 7);
export const fullName = (u: { prefix: string; fname: string; sname: string }) =>
  `${u.prefix}${u.fname} ${u.sname}`.trim();

export type PayrollRecord = typeof payrolls.$inferSelect;

export type UserRecord = typeof users.$inferSelect;

export const monthOk = (m: string | undefined) => (m && /^\d{4}-(0[1-9]|1[0-2])$/.test(m) ? m : undefined);

export const lockedMessage = (p: PayrollRecord) =>
  p.status === 'approved'
    ? `เงินเดือนเดือน${monthName(p.month)} ได้รับอนุมัติแล้วและถูกล็อก แก้ไขไม่ได้ เจ้าของกิจการต้องเปิดรอบใหม่พร้อมระบุเหตุผลก่อน`
    : `เงินเดือนเดือน${monthName(p.month)} อยู่ในสถานะ "${PAYROLL_STATE_NAMES[p.status as PayrollState]}" แก้ไขได้เฉพาะฉบับร่าง`;

export function totalsOf(lines: SheetLine[]) {
  const sum = (k: keyof SheetLine) => M(lines.reduce((a, l) => a + S(l[k] as string), 0));
  return {
    salary: sum('salary'),
    income: sum('income'),
    deduction: sum('deduction'),
    sso_employee: sum('sso_employee'),
    sso_employer: sum('sso_employer'),
    tax: sum('tax'),
    net: sum('net'),
  };
}

/** A sheet line as computed, with the daily rate it was computed at. */
export interface ComputedLine extends SheetLine {
  _rate: number;
}
