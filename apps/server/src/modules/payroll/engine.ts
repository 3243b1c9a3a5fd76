/**
 * The payroll computation, pure and in integer satang. Rates are parameters (rows of the dated
 * tables payroll_rates), never constants here: the service picks the row valid for the month.
 */

/** Social security (s.33) of one period: rates in basis points (500 = 5 %), floor and ceiling of the wage in satang. */
export interface SsoRate {
  employee_bp: number;
  employer_bp: number;
  floor: number;
  ceiling: number;
}
/** Withholding tax on salary (annualised method). Amounts in satang; rates in basis points; the last bracket has upto null. */
export interface TaxTable {
  expense_bp: number;
  expense_cap: number;
  personal_allowance: number;
  brackets: { upto: number | null; rate_bp: number }[];
}

/** Half-up division of non-negative integers (a / b rounded to the nearest integer, .5 up). */
export function divRound(a: number, b: number): number {
  if (a < 0) return -divRound(-a, b);
  return Math.floor((2 * a + b) / (2 * b));
}

/** The SSO rounds a contribution to whole baht: 50 satang or more up, less down. */
export function roundToBaht(satang: number): number {
  return divRound(satang, 100) * 100;
}

/** Employee's and employer's contribution on a month's wage (satang). No wage, no contribution. */
export function ssoContribution(wage: number, r: SsoRate): { base: number; employee: number; employer: number } {
  if (wage <= 0) return { base: 0, employee: 0, employer: 0 };
  const base = Math.min(Math.max(wage, r.floor), r.ceiling);
  return {
    base,
    employee: roundToBaht(divRound(base * r.employee_bp, 10000)),
    employer: roundToBaht(divRound(base * r.employer_bp, 10000)),
  };
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

/**
 * Withholding of one month by the annualised method (DOMAIN.md): the month's taxable income × 12, less the
 * expense deduction (a share capped), the personal allowance and the year's social security; tax by brackets; ÷ 12.
 */
export function monthlyWithholding(
  monthlyIncome: number,
  monthlySso: number,
  t: TaxTable,
): { taxable: number; annual: number; monthly: number } {
  if (monthlyIncome <= 0) return { taxable: 0, annual: 0, monthly: 0 };
  const annualIncome = monthlyIncome * 12;
  const expense = Math.min(divRound(annualIncome * t.expense_bp, 10000), t.expense_cap);
  const taxable = Math.max(0, annualIncome - expense - t.personal_allowance - monthlySso * 12);
  const annual = annualTax(taxable, t);
  return { taxable, annual, monthly: divRound(annual, 12) };
}

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

export interface LineInput {
  rate: number;
  daily: boolean;
  daysWorked: number;
  employed: number;
  daysOfMonth: number;
  /** the SSO wage base set on the employee (0 = the salary paid) */
  ssoSalary: number;
  items: { type: 'income' | 'deduction'; condition: string; value: number; per_value: number }[];
}
export interface LineResult {
  salary: number;
  income: number;
  deduction: number;
  gross: number;
  sso_base: number;
  sso_employee: number;
  sso_employer: number;
  tax: number;
  net: number;
  item_amounts: number[];
}

/** One employee's month. Incomes are taxable; social security is on the salary paid (or the SSO base set, capped by it). */
export function computeLine(l: LineInput, sso: SsoRate, tax: TaxTable): LineResult {
  const salary = salaryOf(l);
  const item_amounts = l.items.map((i) => itemAmount(i.condition, i.value, i.per_value));
  let income = 0;
  let deduction = 0;
  l.items.forEach((i, k) => {
    if (i.type === 'income') income += item_amounts[k]!;
    else deduction += item_amounts[k]!;
  });
  const ssoWage = l.ssoSalary > 0 && !l.daily && l.employed >= l.daysOfMonth ? l.ssoSalary : salary;
  const s = ssoContribution(ssoWage, sso);
  const gross = salary + income;
  const t = monthlyWithholding(gross, s.employee, tax);
  return {
    salary,
    income,
    deduction,
    gross,
    sso_base: s.base,
    sso_employee: s.employee,
    sso_employer: s.employer,
    tax: t.monthly,
    net: gross - deduction - s.employee - t.monthly,
    item_amounts,
  };
}
