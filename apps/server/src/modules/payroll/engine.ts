/**
 * The payroll computation of one person's month, pure and in integer satang. Rates are parameters (rows of
 * the dated tables payroll_rates), never constants here: the caller picks the row valid for the month.
 * Social security: sso.ts; withholding tax: tax.ts; ล.ย.01 allowances: allowances.ts.
 */
import { ssoContribution, type SsoRate } from './sso.js';
import { divRound, withholding, type TaxTable, type YearToDate } from './tax.js';

export { contributionOf, ssoContribution, type SsoRate } from './sso.js';
export { annualTax, divRound, NO_YTD, withholding, yearTax, type TaxTable, type YearToDate } from './tax.js';

/** The largest amount one line may carry (100,000,000 baht): far above any wage, far below numeric(14,2). */
export const MAX_AMOUNT = 10_000_000_000;

/** Days of a month 'YYYY-MM'. */
export function daysInMonth(month: string): number {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 0)).getUTCDate();
}

/**
 * The days of the month an employee was employed: from the start date (if it falls in the month) to the
 * end date (if it falls in the month), inclusive. 0 when the employment does not touch the month.
 */
export function employedDays(month: string, start: string | null, end: string | null): number {
  const n = daysInMonth(month);
  const first = `${month}-01`;
  const last = `${month}-${String(n).padStart(2, '0')}`;
  if (start && start > last) return 0;
  if (end && end < first) return 0;
  const from = start && start > first ? Number(start.slice(8, 10)) : 1;
  const to = end && end < last ? Number(end.slice(8, 10)) : n;
  return Math.max(0, to - from + 1);
}

/** The salary of the month: a day wage × days worked, or the monthly salary pro rata to the days employed. */
export function salaryOf(p: {
  rate: number;
  daily: boolean;
  daysWorked: number;
  employed: number;
  daysOfMonth: number;
}): number {
  if (p.daily) return p.rate * p.daysWorked;
  if (p.employed >= p.daysOfMonth) return p.rate;
  return divRound(p.rate * p.employed, p.daysOfMonth);
}

/** A payroll item's amount: 'fill' = the amount typed; otherwise rate × quantity (quantity in hundredths, e.g. 2.5 h = 250). */
export function itemAmount(condition: string, valueSatang: number, perValueHundredths: number): number {
  if (condition === 'fill') return valueSatang;
  return divRound(valueSatang * perValueHundredths, 100);
}

/**
 * How each item category counts. `wage`: part of the wage ("ค่าจ้าง") the social security is computed on;
 * `irregular`: taxed at the margin in the month paid (tax.ts); `absence`: wages not earned (no work, no pay),
 * which lowers the wage, the tax base and the expense; `limited`: a deduction from wages the Labour Protection
 * Act s.76 limits (each 10 %, together 20 % of the wages due, unless the employee consents in writing).
 */
export const CATEGORY_RULES: Record<string, { wage?: true; irregular?: true; absence?: true; limited?: true }> = {
  teaching: { wage: true },
  commission: { wage: true },
  bonus: {},
  overtime: {},
  other_income: {},
  irregular: { irregular: true },
  absence: { absence: true },
  advance: { limited: true },
  advance_carried: { limited: true },
  other_deduction: { limited: true },
};

export interface ItemInput {
  type: 'income' | 'deduction';
  category: string;
  condition: string;
  /** unit label of the rate: บาท/ชั่วโมง and บาท/วัน bound the quantity */
  unit: string;
  value: number;
  per_value: number;
}

export interface LineInput {
  rate: number;
  daily: boolean;
  daysWorked: number;
  employed: number;
  daysOfMonth: number;
  /** the employee's fixed monthly extra pay (เงินเพิ่ม), pro rata to the days employed like the salary */
  extra: number;
  items: ItemInput[];
  /** pay periods left in the year, this one included (13 − month; 1 in the leaving month) */
  periodsLeft: number;
  /** employed months of the year before this one with no recorded pay (tax.ts) */
  periodsUnrecorded?: number;
  ytd: YearToDate;
  /** the year's ล.ย.01 allowances, capped */
  allowances: number;
}

export interface LineResult {
  salary: number;
  extra: number;
  /** incomes (items), regular and irregular */
  income: number;
  irregular: number;
  /** all item deductions, absence included */
  deduction: number;
  absence: number;
  /** taxable pay of the month: salary + extra + incomes − absence */
  gross: number;
  /** the wage actually paid that the social security is computed on (salary + extra + teaching/commission pay −
   *  absence), before the floor and the ceiling: what the สปส.1-10 reports */
  sso_wage: number;
  sso_base: number;
  sso_employee: number;
  sso_employer: number;
  tax: number;
  irregular_tax: number;
  net: number;
  item_amounts: number[];
  /** s.76 warnings (Thai), for the manager to acknowledge */
  warnings: string[];
}

const baht = (satang: number) =>
  (satang / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/**
 * What is wrong with a line's input, in Thai (without the person's name; the caller adds it), or null:
 * days worked beyond the days employed, quantities beyond what the month holds, amounts that would overflow.
 */
export function inputProblem(l: LineInput, itemNames: string[] = []): string | null {
  if (l.daysWorked < 0) return 'จำนวนวันทำงานต้องไม่ติดลบ';
  if (l.daily && l.daysWorked > l.employed)
    return `จำนวนวันทำงาน ${l.daysWorked} วัน เกินจำนวนวันที่เป็นพนักงานในเดือนนี้ (${l.employed} วัน)`;
  if (l.rate > MAX_AMOUNT || l.extra > MAX_AMOUNT) return 'อัตราค่าจ้างสูงเกินกว่าที่ระบบรับได้';
  for (const [k, i] of l.items.entries()) {
    const name = itemNames[k] ?? 'รายการ';
    if (i.value < 0 || i.per_value < 0) return `${name}: ต้องไม่ติดลบ`;
    if (i.value > MAX_AMOUNT) return `${name}: จำนวนเงินสูงเกินกว่าที่ระบบรับได้ (ไม่เกิน ${baht(MAX_AMOUNT)} บาท)`;
    if (i.condition === 'fill') continue;
    const days = l.employed * 100;
    if (i.unit === 'บาท/วัน' && i.per_value > days)
      return `${name}: จำนวน ${i.per_value / 100} วัน เกินจำนวนวันที่เป็นพนักงานในเดือนนี้ (${l.employed} วัน)`;
    if (i.unit === 'บาท/ชั่วโมง' && i.per_value > days * 24)
      return `${name}: จำนวน ${i.per_value / 100} ชั่วโมง เกินกว่าที่ ${l.employed} วันของเดือนนี้มีได้ (${l.employed * 24} ชั่วโมง)`;
    if (i.per_value > 9_999_999_999 || itemAmount(i.condition, i.value, i.per_value) > MAX_AMOUNT)
      return `${name}: อัตรา × จำนวน สูงเกินกว่าที่ระบบรับได้ (ไม่เกิน ${baht(MAX_AMOUNT)} บาท)`;
  }
  return null;
}

/** One person's month (the caller has checked inputProblem). */
export function computeLine(l: LineInput, sso: SsoRate, tax: TaxTable): LineResult {
  const salary = salaryOf(l);
  const extra = l.daily || l.employed >= l.daysOfMonth ? l.extra : divRound(l.extra * l.employed, l.daysOfMonth);
  const item_amounts = l.items.map((i) => itemAmount(i.condition, i.value, i.per_value));
  let income = 0;
  let irregular = 0;
  let wageIncome = 0;
  let deduction = 0;
  let absence = 0;
  const limited: number[] = [];
  l.items.forEach((i, k) => {
    const a = item_amounts[k]!;
    const rule = CATEGORY_RULES[i.category] ?? {};
    if (i.type === 'income') {
      income += a;
      if (rule.irregular) irregular += a;
      if (rule.wage) wageIncome += a;
    } else {
      deduction += a;
      if (rule.absence) absence += a;
      else if (rule.limited || !CATEGORY_RULES[i.category]) limited.push(a);
    }
  });
  // absence lowers what was earned; it cannot take more than the salary and extra pay earned
  absence = Math.min(absence, salary + extra);
  const gross = salary + extra + income - absence;
  const ssoWage = salary + extra + wageIncome - absence;
  const s = ssoContribution(ssoWage, sso);
  // next months: a full month of salary (a day-wage worker: as this month), extra pay and this month's regular incomes
  const fullPay = (l.daily ? salary : l.rate) + l.extra + (income - irregular);
  const next = ssoContribution((l.daily ? salary : l.rate) + l.extra + wageIncome, sso);
  const w = withholding(
    {
      regular: gross - irregular,
      irregular,
      sso: s.employee,
      nextMonthly: fullPay,
      nextSso: next.employee,
      periodsLeft: l.periodsLeft,
      periodsUnrecorded: l.periodsUnrecorded ?? 0,
      ytd: l.ytd,
      allowances: l.allowances,
    },
    tax,
  );
  const otherDeductions = deduction - absence;
  const net = gross - otherDeductions - s.employee - w.tax;
  // s.76: each limited deduction ≤ 10 %, together ≤ 20 % of the wages due on the pay date
  const warnings: string[] = [];
  const due = gross;
  const total = limited.reduce((a, b) => a + b, 0);
  if (limited.some((a) => a * 10 > due))
    warnings.push(`มีรายการหักเกินร้อยละ 10 ของค่าจ้าง (${baht(divRound(due, 10))} บาท) ตาม พ.ร.บ.คุ้มครองแรงงาน มาตรา 76`);
  if (total * 5 > due)
    warnings.push(
      `รายการหักรวม ${baht(total)} บาท เกินหนึ่งในห้าของค่าจ้าง (${baht(divRound(due, 5))} บาท) ตาม พ.ร.บ.คุ้มครองแรงงาน มาตรา 76 ต้องมีหนังสือยินยอมของลูกจ้าง`,
    );
  return {
    salary,
    extra,
    income,
    irregular,
    deduction,
    absence,
    gross,
    sso_wage: ssoWage,
    sso_base: s.base,
    sso_employee: s.employee,
    sso_employer: s.employer,
    tax: w.tax,
    irregular_tax: w.irregularTax,
    net,
    item_amounts,
    warnings,
  };
}

/** Pay periods left in a year from month 'YYYY-MM' (this one included); 1 when the person leaves in the month. */
export function periodsLeft(month: string, leavesThisMonth: boolean): number {
  return leavesThisMonth ? 1 : 13 - Number(month.slice(5, 7));
}

/**
 * Employed months of the year before `month` without recorded pay: from January (or the start month) up to the
 * month before, less the months recorded.
 */
export function unrecordedPeriods(month: string, start: string | null, recorded: number): number {
  const m = Number(month.slice(5, 7));
  const from = start && start.slice(0, 4) === month.slice(0, 4) ? Number(start.slice(5, 7)) : 1;
  return Math.max(0, m - from - recorded);
}

/** Why a computed line cannot be paid (Thai, without the name), or null: net pay is never below zero. */
export function payProblem(r: { net: number }): string | null {
  if (r.net < 0)
    return `เงินสุทธิติดลบ (${baht(r.net)} บาท) รายการหักมากกว่าเงินที่ได้รับ ลดรายการหักหรือยกยอดเงินเบิกล่วงหน้าไปเดือนถัดไป`;
  return null;
}
