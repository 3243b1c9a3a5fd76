/** The payroll computation against worked examples, to the satang (DOMAIN.md "Payroll"). */
import { describe, expect, it } from 'vitest';
import {
  annualTax,
  computeLine,
  daysInMonth,
  employedDays,
  inputProblem,
  NO_YTD,
  payProblem,
  periodsLeft,
  salaryOf,
  unrecordedPeriods,
  ssoContribution,
  type LineInput,
  type SsoRate,
  type TaxTable,
} from '../../src/modules/payroll/engine.js';
import { allowanceTotal } from '../../src/modules/payroll/allowances.js';

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

/** A full month of 30 days in January (12 periods left), nothing paid yet this year. */
const line = (over: Partial<LineInput>): LineInput => ({
  rate: B(30000),
  daily: false,
  daysWorked: 30,
  employed: 30,
  daysOfMonth: 30,
  extra: 0,
  items: [],
  periodsLeft: 12,
  ytd: NO_YTD,
  allowances: 0,
  ...over,
});
const item = (category: string, type: 'income' | 'deduction', value: number, per_value = 0, unit = 'บาท/เดือน') => ({
  type,
  category,
  condition: per_value ? 'multiply' : 'fill',
  unit,
  value,
  per_value,
});
const run = (over: Partial<LineInput>, s = SSO_2026) => computeLine(line(over), s, TAX);

describe('social security', () => {
  it('at the floor: a wage under 1,650 pays on 1,650 (82.50 → 83, the SSO rounds 50 satang up)', () => {
    expect(ssoContribution(B(1000), SSO_2026)).toEqual({ base: B(1650), employee: B(83), employer: B(83) });
    expect(ssoContribution(B(1650), SSO_2026).employee).toBe(B(83));
  });
  it('in between: 5 % rounded to whole baht (10,000 → 500, 617.25 → 617, 500.50 → 501, 649.95 → 650)', () => {
    expect(ssoContribution(B(10000), SSO_2026)).toEqual({ base: B(10000), employee: B(500), employer: B(500) });
    expect(ssoContribution(B(12345), SSO_2026).employee).toBe(B(617));
    expect(ssoContribution(B(10010), SSO_2026).employee).toBe(B(501));
    expect(ssoContribution(B(12999), SSO_2026).employee).toBe(B(650));
  });
  it('rounds once to the baht, never first to the satang: 1,669.90 × 5 % = 83.495 → 83 (not 83.50 → 84)', () => {
    expect(ssoContribution(166990, SSO_2026)).toEqual({ base: 166990, employee: B(83), employer: B(83) });
    // 83.50 exactly still rounds up: 1,670 × 5 %
    expect(ssoContribution(B(1670), SSO_2026).employee).toBe(B(84));
  });
  it('no wage, no contribution', () => {
    expect(ssoContribution(0, SSO_2026)).toEqual({ base: 0, employee: 0, employer: 0 });
  });
  it('at the ceiling of each period: 750 (until 2025), 875 (2026–2028), 1,000 (2029–2031), 1,150 (from 2032)', () => {
    expect(ssoContribution(B(30000), SSO_2025)).toEqual({ base: B(15000), employee: B(750), employer: B(750) });
    expect(ssoContribution(B(30000), SSO_2026)).toEqual({ base: B(17500), employee: B(875), employer: B(875) });
    expect(ssoContribution(B(30000), SSO_2029).employee).toBe(B(1000));
    expect(ssoContribution(B(30000), SSO_2032).employee).toBe(B(1150));
    expect(ssoContribution(B(16000), SSO_2025).employee).toBe(B(750));
    expect(ssoContribution(B(16000), SSO_2026).employee).toBe(B(800));
  });
  it('the base is the wage actually paid: absence 5 days × 300 off 10,000 → base 8,500 → 425 (tax base and pay too)', () => {
    const r = run({ rate: B(10000), items: [item('absence', 'deduction', B(300), 500, 'บาท/วัน')] });
    expect(r).toMatchObject({ salary: B(10000), absence: B(1500), gross: B(8500), sso_base: B(8500) });
    expect(r).toMatchObject({ sso_employee: B(425), sso_employer: B(425), tax: 0, net: B(8500 - 425) });
  });
  it('overtime and a bonus are not wages for social security; teaching pay and the extra pay are', () => {
    const r = run({
      rate: B(10000),
      extra: B(1000),
      items: [
        item('overtime', 'income', B(100), 1000, 'บาท/ชั่วโมง'),
        item('irregular', 'income', B(5000)),
        item('teaching', 'income', B(150), 1000, 'บาท/ชั่วโมง'),
      ],
    });
    // wage = 10,000 + 1,000 + 1,500 = 12,500 → 625
    expect(r).toMatchObject({
      extra: B(1000),
      income: B(1000 + 5000 + 1500),
      sso_base: B(12500),
      sso_employee: B(625),
    });
    expect(r.sso_wage).toBe(B(12500));
  });
  it('the line carries the wage actually paid before the floor and the ceiling (สปส.1-10): 30,000 / 1,000 / 8,500', () => {
    expect(run({ rate: B(30000) })).toMatchObject({ sso_wage: B(30000), sso_base: B(17500), sso_employee: B(875) });
    expect(run({ rate: B(1000) })).toMatchObject({ sso_wage: B(1000), sso_base: B(1650), sso_employee: B(83) });
    const absent = run({ rate: B(10000), items: [item('absence', 'deduction', B(300), 500, 'บาท/วัน')] });
    expect(absent).toMatchObject({ sso_wage: B(8500), sso_base: B(8500) });
    // absence never takes more than the salary earned: no negative wage, no contribution
    const away = run({ rate: B(1000), items: [item('absence', 'deduction', B(300), 500, 'บาท/วัน')] });
    expect(away).toMatchObject({ absence: B(1000), sso_wage: 0, sso_base: 0, sso_employee: 0 });
  });
});

describe('withholding tax', () => {
  it('30,000 a month from January → 189,500 taxable → 1,975 a year → 164.58 a month (DOMAIN.md)', () => {
    expect(run({}).tax).toBe(16458);
  });
  it('the other months spread what is left of the year and December trues up to the year’s tax exactly', () => {
    let ytd = { ...NO_YTD };
    const taxes: number[] = [];
    for (let m = 1; m <= 12; m++) {
      const r = run({ periodsLeft: 13 - m, ytd });
      taxes.push(r.tax);
      ytd = {
        regular: ytd.regular + r.gross,
        irregular: 0,
        tax: ytd.tax + r.tax,
        sso: ytd.sso + r.sso_employee,
        periods: m,
      };
    }
    // each month withholds (1,975.00 − withheld so far) / months left, to the satang: the satang the earlier
    // months rounded away come back in May, July, September and November, and December withholds the rest
    expect(taxes).toEqual([16458, 16458, 16458, 16458, 16459, 16458, 16459, 16458, 16459, 16458, 16459, 16458]);
    expect(ytd.tax).toBe(B(1975));
  });
  it('a bonus is taxed as tax(year with it) − tax(year without it): 30,000 + 30,000 bonus in January → 1,664.58', () => {
    // year without the bonus: 360,000 − 100,000 expense − 60,000 personal − 10,500 SSO = 189,500 → 1,975.00;
    //   the regular part of January: 1,975.00 / 12 = 164.583… → 164.58
    // year with it: 390,000 − 100,000 − 60,000 − 10,500 = 219,500 → 7,500 + 5 % × 69,500 = … 3,475.00
    //   (0–150,000: 0; 150,000–219,500: 5 % of 69,500 = 3,475.00); the bonus's tax: 3,475.00 − 1,975.00 = 1,500.00
    // January withholds 164.58 + 1,500.00 = 1,664.58 (the annualised method wrongly gave 2,910.42)
    const r = run({ items: [item('irregular', 'income', B(30000))] });
    expect(r).toMatchObject({ gross: B(60000), irregular: B(30000), irregular_tax: B(1500), tax: 166458 });
    expect(r.net).toBe(B(60000) - B(875) - 166458);
  });
  it('a bonus later in the year counts in the months after it: February withholds (3,475 − 1,664.58) / 11', () => {
    const ytd = { regular: B(30000), irregular: B(30000), tax: 166458, sso: B(875), periods: 1 };
    // (347,500 − 166,458) / 11 = 16,458.36… → 164.58
    expect(run({ periodsLeft: 11, ytd }).tax).toBe(16458);
  });
  it('a joiner in October is annualised over October–December: 50,000 × 3 = 150,000 → no tax (not 1,704.17)', () => {
    // 150,000 − 75,000 expense − 60,000 personal − 2,625 SSO = 12,375 taxable → 0
    expect(run({ rate: B(50000), periodsLeft: periodsLeft('2026-10', false) }).tax).toBe(0);
    // the annualised-by-12 figure for comparison: 50,000 in January → 1,704.17
    expect(run({ rate: B(50000) }).tax).toBe(170417);
  });
  it('the leaving month trues up: left in June after 5 months of 100,000 withheld at the 12-month rate', () => {
    // withheld Jan–May: 5 × 10,197.92 = 50,989.60 on 500,000; June pays 100,000 and is the last period
    // year: 600,000 − 100,000 − 60,000 − 5 × 875 − 875 (5,250) = 434,750 → 7,500 + 13,475 = 20,975.00
    const ytd = { regular: B(500000), irregular: 0, tax: 5 * 1019792, sso: B(5 * 875), periods: 5 };
    const r = run({ rate: B(100000), periodsLeft: periodsLeft('2026-06', true), ytd });
    // over-withheld (50,989.60 > 20,975.00): nothing more is withheld; the Revenue Department refunds the rest
    expect(r.tax).toBe(0);
    // under-withheld: a salary rise in June to 200,000 after 5 months of 10,000 withholding nothing
    const low = { regular: B(50000), irregular: 0, tax: 0, sso: B(2500), periods: 5 };
    const r2 = run({ rate: B(200000), periodsLeft: 1, ytd: low });
    // 250,000 − 100,000 − 60,000 − 3,375 = 86,625 taxable → below 150,000: nothing
    expect(r2.tax).toBe(0);
    const r3 = run({ rate: B(600000), periodsLeft: 1, ytd: low });
    // 650,000 − 100,000 − 60,000 − 3,375 = 486,625 → 7,500 + 10 % × 186,625 = 26,162.50
    expect(r3.tax).toBe(2616250);
  });
  it('months before the payroll was kept here count as paid at this month’s rate: November, employed since 2020 → 164.58', () => {
    // January–October unrecorded (10), November and December left (2): 30,000 × 12 → 1,975.00 / 12 = 164.58
    const unrecorded = unrecordedPeriods('2026-11', '2020-03-01', 0);
    expect(unrecorded).toBe(10);
    expect(run({ periodsLeft: periodsLeft('2026-11', false), periodsUnrecorded: unrecorded }).tax).toBe(16458);
    // a joiner of 1 October has no unrecorded month; one of 16 October neither
    expect(unrecordedPeriods('2026-11', '2026-10-16', 1)).toBe(0);
    expect(unrecordedPeriods('2026-10', '2026-10-01', 0)).toBe(0);
  });
  it('the ล.ย.01 allowances lower the year’s tax: spouse 60,000 + 2 children 60,000 on 50,000 a month', () => {
    const allowances = allowanceTotal([
      { kind: 'spouse', count: 1, amount: 0 },
      { kind: 'child', count: 2, amount: 0 },
      { kind: 'life_insurance', count: 0, amount: B(90000) },
      { kind: 'health_insurance', count: 0, amount: B(30000) },
    ]);
    // 60,000 + 60,000 + min(90,000 + min(30,000, 25,000), 100,000) = 220,000
    expect(allowances).toBe(B(220000));
    // 600,000 − 100,000 − 60,000 − 10,500 − 220,000 = 209,500 → 2,975.00 → 247.92 a month
    expect(run({ rate: B(50000), allowances }).tax).toBe(24792);
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
    const r = run({ daysWorked: 15, employed: 15, periodsLeft: 2 });
    expect(r).toMatchObject({ salary: B(15000), sso_employee: B(750), sso_employer: B(750), tax: 0, net: B(14250) });
  });
  it('pro rata rounds to the satang: 25,000 for 10 of 31 days = 8,064.52', () => {
    expect(salaryOf({ rate: B(25000), daily: false, daysWorked: 10, employed: 10, daysOfMonth: 31 })).toBe(806452);
  });
  it('a daily employee: 450 × 22 days = 9,900, SSO 495', () => {
    const r = run({ rate: B(450), daily: true, daysWorked: 22 });
    expect(r).toMatchObject({ salary: B(9900), sso_employee: B(495), tax: 0, net: B(9405) });
  });
  it('the extra pay is pro rata like the salary: 1,200 for 15 of 30 days = 600', () => {
    const r = run({ rate: B(20000), extra: B(1200), daysWorked: 15, employed: 15, periodsLeft: 2 });
    expect(r).toMatchObject({
      salary: B(10000),
      extra: B(600),
      gross: B(10600),
      sso_base: B(10600),
      sso_employee: B(530),
    });
  });
  it('a full month of 30,000 with overtime 10.5 h × 100 and an advance of 1,000: incomes taxed, SSO on the salary', () => {
    const r = run({
      items: [item('overtime', 'income', B(100), 1050, 'บาท/ชั่วโมง'), item('advance', 'deduction', B(1000))],
    });
    // 31,050 × 12 = 372,600 − 100,000 − 60,000 − 10,500 = 202,100 → 2,605 a year → 217.08
    expect(r).toMatchObject({ salary: B(30000), income: B(1050), deduction: B(1000), sso_employee: B(875) });
    expect(r).toMatchObject({ tax: 21708, net: B(31050 - 1000 - 875) - 21708, warnings: [] });
    expect(r.item_amounts).toEqual([B(1050), B(1000)]);
  });
});

describe('what a line may hold', () => {
  it('a day-wage joiner on the 16th cannot have worked 31 days', () => {
    expect(inputProblem(line({ rate: B(450), daily: true, daysWorked: 31, employed: 16, daysOfMonth: 31 }))).toBe(
      'จำนวนวันทำงาน 31 วัน เกินจำนวนวันที่เป็นพนักงานในเดือนนี้ (16 วัน)',
    );
    expect(inputProblem(line({ rate: B(450), daily: true, daysWorked: 16, employed: 16, daysOfMonth: 31 }))).toBeNull();
  });
  it('hours are bounded by what the month holds: 999,999.99 h of overtime is refused, 720 h in 30 days is not', () => {
    const ot = (h: number) => line({ items: [item('overtime', 'income', B(100), B(h), 'บาท/ชั่วโมง')] });
    expect(inputProblem(ot(999999.99), ['ค่าล่วงเวลา'])).toBe(
      'ค่าล่วงเวลา: จำนวน 999999.99 ชั่วโมง เกินกว่าที่ 30 วันของเดือนนี้มีได้ (720 ชั่วโมง)',
    );
    expect(inputProblem(ot(720))).toBeNull();
    const absent = line({ items: [item('absence', 'deduction', B(300), B(31), 'บาท/วัน')] });
    expect(inputProblem(absent, ['ขาดงาน'])).toBe('ขาดงาน: จำนวน 31 วัน เกินจำนวนวันที่เป็นพนักงานในเดือนนี้ (30 วัน)');
  });
  it('a rate × quantity that would overflow is refused in Thai', () => {
    const big = line({ items: [item('commission', 'income', B(99_999_999), B(5000), 'บาท/คน')] });
    expect(inputProblem(big, ['ค่าคอมมิชชั่น'])).toBe(
      'ค่าคอมมิชชั่น: อัตรา × จำนวน สูงเกินกว่าที่ระบบรับได้ (ไม่เกิน 100,000,000.00 บาท)',
    );
  });
  it('net pay is never below zero: an advance of 50,000 on 10,000 is refused', () => {
    const r = run({ rate: B(10000), items: [item('advance', 'deduction', B(50000))] });
    expect(r.net).toBe(B(10000 - 50000 - 500));
    expect(payProblem(r)).toBe(
      'เงินสุทธิติดลบ (-40,500.00 บาท) รายการหักมากกว่าเงินที่ได้รับ ลดรายการหักหรือยกยอดเงินเบิกล่วงหน้าไปเดือนถัดไป',
    );
    expect(payProblem(run({}))).toBeNull();
  });
  it('s.76: a deduction over 10 % of the wages due, or all of them over a fifth, is a warning', () => {
    expect(run({ rate: B(10000), items: [item('advance', 'deduction', B(1000))] }).warnings).toEqual([]);
    const r = run({
      rate: B(10000),
      items: [item('advance', 'deduction', B(1500)), item('other_deduction', 'deduction', B(600))],
    });
    expect(r.warnings).toEqual([
      'มีรายการหักเกินร้อยละ 10 ของค่าจ้าง (1,000.00 บาท) ตาม พ.ร.บ.คุ้มครองแรงงาน มาตรา 76',
      'รายการหักรวม 2,100.00 บาท เกินหนึ่งในห้าของค่าจ้าง (2,000.00 บาท) ตาม พ.ร.บ.คุ้มครองแรงงาน มาตรา 76 ต้องมีหนังสือยินยอมของลูกจ้าง',
    ]);
    // absence is wages not earned, not a deduction s.76 limits
    expect(run({ rate: B(10000), items: [item('absence', 'deduction', B(300), 1000, 'บาท/วัน')] }).warnings).toEqual([]);
  });
});
