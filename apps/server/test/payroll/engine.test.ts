/** The payroll computation against worked examples, to the satang (DOMAIN.md "Payroll"). */
import { describe, expect, it } from 'vitest';
import {
  annualTax,
  computeLine,
  daysInMonth,
  employedDays,
  monthlyWithholding,
  salaryOf,
  ssoContribution,
  type SsoRate,
  type TaxTable,
} from '../../src/modules/payroll/engine.js';

const B = (baht: number) => Math.round(baht * 100);
const sso = (ceiling: number): SsoRate => ({ employee_bp: 500, employer_bp: 500, floor: B(1650), ceiling: B(ceiling) });
const SSO_2025 = sso(15000);
const SSO_2026 = sso(17500);
const SSO_2029 = sso(20000);
const SSO_2032 = sso(23000);
const TAX: TaxTable = {
  expense_bp: 5000,
  expense_cap: B(100000),
  personal_allowance: B(60000),
  brackets: [
    [150000, 0],
    [300000, 500],
    [500000, 1000],
    [750000, 1500],
    [1000000, 2000],
    [2000000, 2500],
    [5000000, 3000],
    [null, 3500],
  ].map(([u, r]) => ({ upto: u === null ? null : B(u as number), rate_bp: r as number })),
};

describe('social security', () => {
  it('at the floor: a wage under 1,650 pays on 1,650 (82.50 → 83, the SSO rounds 50 satang up)', () => {
    expect(ssoContribution(B(1000), SSO_2026)).toEqual({ base: B(1650), employee: B(83), employer: B(83) });
    expect(ssoContribution(B(1650), SSO_2026).employee).toBe(B(83));
  });
  it('in between: 5 % rounded to whole baht (617.25 → 617, 500.50 → 501, 649.95 → 650)', () => {
    expect(ssoContribution(B(12345), SSO_2026).employee).toBe(B(617));
    expect(ssoContribution(B(10010), SSO_2026).employee).toBe(B(501));
    expect(ssoContribution(B(12999), SSO_2026).employee).toBe(B(650));
  });
  it('no wage, no contribution', () => {
    expect(ssoContribution(0, SSO_2026)).toEqual({ base: 0, employee: 0, employer: 0 });
  });
  it('at the ceiling of each period: 750 (until 2025), 875 (2026–2028), 1,000 (2029–2031), 1,150 (from 2032)', () => {
    expect(ssoContribution(B(30000), SSO_2025)).toEqual({ base: B(15000), employee: B(750), employer: B(750) });
    expect(ssoContribution(B(30000), SSO_2026)).toEqual({ base: B(17500), employee: B(875), employer: B(875) });
    expect(ssoContribution(B(30000), SSO_2029).employee).toBe(B(1000));
    expect(ssoContribution(B(30000), SSO_2032).employee).toBe(B(1150));
    // a wage between the old and the new ceiling: December 2025 capped at 15,000, January 2026 pays on all 16,000
    expect(ssoContribution(B(16000), SSO_2025).employee).toBe(B(750));
    expect(ssoContribution(B(16000), SSO_2026).employee).toBe(B(800));
  });
});

describe('withholding tax (annualised)', () => {
  const monthly = (salary: number, ssoRate = SSO_2026) =>
    monthlyWithholding(B(salary), ssoContribution(B(salary), ssoRate).employee, TAX);
  it('30,000 a month → 189,500 taxable → 1,975 a year → 164.58 a month (DOMAIN.md)', () => {
    expect(monthly(30000)).toEqual({ taxable: B(189500), annual: B(1975), monthly: 16458 });
  });
  it('15,000 a month pays none', () => {
    expect(monthly(15000)).toEqual({ taxable: B(21000), annual: 0, monthly: 0 });
  });
  it('50,000 → 429,500 taxable → 20,450 a year → 1,704.17', () => {
    expect(monthly(50000)).toEqual({ taxable: B(429500), annual: B(20450), monthly: 170417 });
  });
  it('100,000 → 1,029,500 taxable → 122,375 a year → 10,197.92', () => {
    expect(monthly(100000)).toEqual({ taxable: B(1029500), annual: B(122375), monthly: 1019792 });
  });
  it('200,000 → 2,229,500 taxable → 433,850 a year → 36,154.17', () => {
    expect(monthly(200000)).toEqual({ taxable: B(2229500), annual: B(433850), monthly: 3615417 });
  });
  it('brackets: nothing up to 150,000; the top rate above 5 million', () => {
    expect(annualTax(B(150000), TAX)).toBe(0);
    expect(annualTax(B(150001), TAX)).toBe(5);
    expect(annualTax(B(6000000), TAX)).toBe(B(1265000 + 350000));
  });
});

describe('salary of the month', () => {
  it('days of the month and employment days', () => {
    expect(daysInMonth('2026-02')).toBe(28);
    expect(daysInMonth('2028-02')).toBe(29);
    expect(daysInMonth('2026-11')).toBe(30);
    expect(employedDays('2026-11', '2020-01-01', null)).toBe(30);
    expect(employedDays('2026-11', '2026-11-16', null)).toBe(15);
    expect(employedDays('2026-11', null, '2026-11-10')).toBe(10);
    expect(employedDays('2026-11', '2026-12-01', null)).toBe(0);
  });
  it('a joiner on 16 November is paid 15/30 of the salary: 30,000 → 15,000, with SSO 750 and no tax', () => {
    const r = computeLine(
      { rate: B(30000), daily: false, daysWorked: 15, employed: 15, daysOfMonth: 30, ssoSalary: 0, items: [] },
      SSO_2026,
      TAX,
    );
    expect(r).toMatchObject({ salary: B(15000), sso_employee: B(750), sso_employer: B(750), tax: 0, net: B(14250) });
  });
  it('pro rata rounds to the satang: 25,000 for 10 of 31 days = 8,064.52', () => {
    expect(salaryOf({ rate: B(25000), daily: false, daysWorked: 10, employed: 10, daysOfMonth: 31 })).toBe(806452);
  });
  it('a daily employee: 450 × 22 days = 9,900, SSO 495', () => {
    const r = computeLine(
      { rate: B(450), daily: true, daysWorked: 22, employed: 30, daysOfMonth: 30, ssoSalary: 0, items: [] },
      SSO_2026,
      TAX,
    );
    expect(r).toMatchObject({ salary: B(9900), sso_employee: B(495), tax: 0, net: B(9405) });
  });
  it('a full month of 30,000 with overtime 10.5 h × 100 and an advance of 1,000: incomes taxed, SSO on the salary', () => {
    const r = computeLine(
      {
        rate: B(30000),
        daily: false,
        daysWorked: 30,
        employed: 30,
        daysOfMonth: 30,
        ssoSalary: 0,
        items: [
          { type: 'income', condition: 'multiply', value: B(100), per_value: 1050 },
          { type: 'deduction', condition: 'fill', value: B(1000), per_value: 0 },
        ],
      },
      SSO_2026,
      TAX,
    );
    // 31,050 × 12 = 372,600 − 100,000 − 60,000 − 10,500 = 202,100 → 2,605 a year → 217.08
    expect(r).toMatchObject({
      salary: B(30000),
      income: B(1050),
      deduction: B(1000),
      sso_employee: B(875),
      tax: 21708,
      net: B(31050 - 1000 - 875) - 21708,
    });
    expect(r.item_amounts).toEqual([B(1050), B(1000)]);
  });
  it('the SSO base set on the employee is used for a full month', () => {
    const r = computeLine(
      { rate: B(30000), daily: false, daysWorked: 30, employed: 30, daysOfMonth: 30, ssoSalary: B(10000), items: [] },
      SSO_2026,
      TAX,
    );
    expect(r.sso_employee).toBe(B(500));
  });
});
