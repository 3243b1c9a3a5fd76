/**
 * Withholding tax on employment income (ภ.ง.ด.1, Revenue Code s.50(1)), pure and in integer satang.
 *
 * The legal method this follows (Revenue Department, Departmental Instruction ท.ป.4/2528 on withholding from
 * s.40(1) income, and its published examples):
 * - Regular income is annualised over the pay periods the person receives in the calendar year: the income
 *   already paid this year, plus this month's, plus this month's full-month pay for each month left. A person
 *   who joins in October is annualised over October–December (3 periods), not 12.
 * - From that estimate: less the expense deduction (50 % capped at 100,000), the personal allowance, the
 *   social security paid and expected this year and the allowances the employee declared on ล.ย.01; the
 *   progressive brackets give the year's tax.
 * - Cumulative: the tax still due for the year (year's tax − tax already withheld this year) is spread evenly
 *   over the periods left, this one included. The last period of the year — December, or the month the
 *   person leaves — has one period left, so it withholds exactly the rest: the year's withholding equals
 *   the year's tax (true-up). When more was withheld than the year's tax, the month withholds nothing; the
 *   excess is refunded by the Revenue Department on the employee's own return (ภ.ง.ด.90/91).
 * - Irregular income (a bonus, a one-off payment) is taxed as the tax on the year with it minus the tax on the
 *   year without it, in the month it is paid — never annualised × 12.
 */

/** Amounts in satang; rates in basis points; the last bracket has upto null. */
export interface TaxTable {
  expense_bp: number;
  expense_cap: number;
  personal_allowance: number;
  brackets: { upto: number | null; rate_bp: number }[];
}

/** Half-up division of integers (a / b rounded to the nearest integer, .5 away from zero). */
export function divRound(a: number, b: number): number {
  if (a < 0) return -divRound(-a, b);
  return Math.floor((2 * a + b) / (2 * b));
}

/** Annual tax (satang) on a net taxable income (satang), bracket by bracket, rounded half-up to the satang. */
export function annualTax(taxable: number, t: TaxTable): number {
  let scaled = 0; // satang × 10000
  let lower = 0;
  for (const b of t.brackets) {
    const top = b.upto ?? Number.MAX_SAFE_INTEGER;
    if (taxable > lower) scaled += (Math.min(taxable, top) - lower) * b.rate_bp;
    lower = top;
    if (taxable <= top) break;
  }
  return divRound(scaled, 10000);
}

/** Net taxable income of a year: income less the expense deduction, the personal allowance, SSO and declared allowances. */
export function taxableOf(income: number, deductions: { sso: number; allowances: number }, t: TaxTable): number {
  if (income <= 0) return 0;
  const expense = Math.min(divRound(income * t.expense_bp, 10000), t.expense_cap);
  return Math.max(0, income - expense - t.personal_allowance - deductions.sso - deductions.allowances);
}

/** Tax of a year's income. */
export function yearTax(income: number, deductions: { sso: number; allowances: number }, t: TaxTable): number {
  return annualTax(taxableOf(income, deductions, t), t);
}

/** What this year has already paid and withheld for the person, before this month (satang). */
export interface YearToDate {
  /** regular taxable income paid (salary, extra pay, regular allowances, less absence deductions) */
  regular: number;
  /** irregular taxable income paid (bonuses, one-off payments) */
  irregular: number;
  /** tax withheld */
  tax: number;
  /** employee's social security paid */
  sso: number;
  /** the months paid (recorded here) */
  periods: number;
}
export const NO_YTD: YearToDate = { regular: 0, irregular: 0, tax: 0, sso: 0, periods: 0 };

export interface WithholdingInput {
  /** this month's regular taxable income */
  regular: number;
  /** this month's irregular taxable income */
  irregular: number;
  /** this month's employee social security */
  sso: number;
  /** the regular income of a full month from next month on (no absence, full salary) and its social security */
  nextMonthly: number;
  nextSso: number;
  /** pay periods left in the year, this one included: 13 − month, or 1 in the month the person leaves */
  periodsLeft: number;
  /** months of this year the person was employed before this one that have no recorded pay (before the school
   *  kept its payroll here): assumed paid like a full month now and withheld at this month's rate */
  periodsUnrecorded?: number;
  ytd: YearToDate;
  /** the year's ล.ย.01 allowances, already capped (allowances.ts) */
  allowances: number;
}

export interface Withholding {
  /** the year's income estimated without this month's irregular income, and its tax */
  estimate: number;
  yearTax: number;
  /** the tax on this month's irregular income: tax(year with it) − tax(year without it) */
  irregularTax: number;
  /** the month's withholding: the regular part spread over the periods left, plus the irregular part */
  tax: number;
}

/** The month's withholding by the cumulative method with irregular income taxed at the margin (see the head comment). */
export function withholding(w: WithholdingInput, t: TaxTable): Withholding {
  const unrecorded = Math.max(0, w.periodsUnrecorded ?? 0);
  const left = Math.max(1, w.periodsLeft) + unrecorded;
  const future = left - 1;
  const regularYear = w.ytd.regular + w.regular + w.nextMonthly * future;
  const withoutThis = regularYear + w.ytd.irregular;
  const d = { sso: w.ytd.sso + w.sso + w.nextSso * future, allowances: w.allowances };
  const base = yearTax(withoutThis, d, t);
  const irregularTax = w.irregular > 0 ? yearTax(withoutThis + w.irregular, d, t) - base : 0;
  const regularTax = Math.max(0, divRound(base - w.ytd.tax, left));
  return { estimate: withoutThis, yearTax: base, irregularTax, tax: regularTax + irregularTax };
}
