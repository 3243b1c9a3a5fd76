import { describe, expect, it } from 'vitest';
import { previewLine } from '../src/features/payroll/preview';
import type { SheetLine } from '../src/features/payroll/queries';

const line = (over: Partial<SheetLine> = {}): SheetLine => ({
  user_id: 1,
  user_name: 'ก',
  position: '',
  branch_id: 1,
  branch_name: '',
  is_daily: false,
  rate: '30000',
  days_worked: 30,
  employed_days: 30,
  days_of_month: 30,
  end_date: null,
  start_date: null,
  salary: '30000',
  income: '0',
  deduction: '0',
  sso_wage: '30000.00',
  sso_base: '17500',
  sso_employee: '875',
  sso_employer: '875',
  tax: '164.58',
  net: '28960.42',
  note: '',
  payslip_id: null,
  extra: '0',
  irregular: '0',
  absence: '0',
  carry_advance: '0',
  branch_days: '',
  warnings: [],
  items: [
    {
      list_payroll_id: 1,
      name: 'ค่าล่วงเวลา',
      type: 'income',
      condition: 'multiply',
      value: '100',
      per_value: '0',
      amount: '0',
      title_value: 'บาท/ชั่วโมง',
    },
    {
      list_payroll_id: 2,
      name: 'เงินเบิกล่วงหน้า',
      type: 'deduction',
      condition: 'fill',
      value: '0',
      per_value: '0',
      amount: '0',
      title_value: '',
    },
  ],
  ...over,
});

describe('payroll sheet preview', () => {
  it('rate × quantity and fill amounts change the net; SSO and tax stay the server’s until saved', () => {
    const l = line();
    const p = previewLine({
      ...l,
      items: [
        { ...l.items[0]!, per_value: '10.5' },
        { ...l.items[1]!, value: '1000' },
      ],
    });
    expect(p).toMatchObject({ income: '1050.00', deduction: '1000.00', net: '29010.42' });
    expect(p.items.map((i) => i.amount)).toEqual(['1050.00', '1000.00']);
  });
  it('a daily employee’s salary follows the days typed', () => {
    const p = previewLine(
      line({ is_daily: true, rate: '450', days_worked: 22, salary: '0', sso_employee: '495', tax: '0' }),
    );
    expect(p).toMatchObject({ salary: '9900.00', net: '9405.00' });
  });
});
