import { describe, expect, it } from 'vitest';
import { buildChart, bucketsOf, periodOf } from '../../src/modules/accounting/chart.js';

describe('accounting chart aggregation', () => {
  it('a month is per day with no gaps; sums are exact in satang; refunds lower the day and appear as a negative slice', () => {
    const c = buildChart(
      { start: '2026-11-01', end: '2026-11-30' },
      {
        incomeDays: [
          { date: '2026-11-03', value: '0.10' },
          { date: '2026-11-03', value: '0.20' },
          { date: '2026-11-05', value: '-500' },
          { date: '2026-11-05', value: '1500.50' },
        ],
        expenseDays: [
          { date: '2026-11-03', value: '99.99' },
          { date: '2026-11-30', value: '0.01' },
        ],
        incomeSources: [
          { key: 'course', value: '1500.50' },
          { key: 'other', value: '0.10' },
          { key: 'other', value: '0.20' },
          { key: 'refund', value: '-500' },
        ],
        expenseCategories: [
          { key: '1', name: 'น้ำมัน', value: '0.01' },
          { key: '2', name: 'ซ่อมบำรุง', value: '99.99' },
        ],
      },
    );
    expect(c.period).toBe('day');
    expect(c.income_column).toHaveLength(30);
    expect(c.income_column[2]).toEqual({ key: '2026-11-03', label: '3 พ.ย.', income: '0.30', expenses: '99.99' });
    expect(c.income_column[4]!.income).toBe('1000.50');
    expect(c.total_income).toBe('1000.80');
    expect(c.total_expenses).toBe('100');
    expect(c.net).toBe('900.80');
    expect(c.income_donut).toEqual([
      { key: 'course', name: 'ค่าหลักสูตร', value: '1500.50' },
      { key: 'other', name: 'รายรับอื่น', value: '0.30' },
      { key: 'refund', name: 'คืนเงิน', value: '-500' },
    ]);
    // the donut's slices add up to the total
    expect(c.income_donut.reduce((s, x) => s + Math.round(Number(x.value) * 100), 0)).toBe(100080);
    expect(c.expenses_donut.map((x) => x.name)).toEqual(['ซ่อมบำรุง', 'น้ำมัน']);
  });

  it('a long range is per month (Buddhist-era labels), across the year end', () => {
    expect(periodOf('2026-01-01', '2026-03-03')).toBe('day');
    expect(periodOf('2026-01-01', '2026-03-04')).toBe('month');
    const b = bucketsOf('2025-11-15', '2026-02-10');
    expect(b).toEqual({ period: 'month', keys: ['2025-11', '2025-12', '2026-01', '2026-02'] });
    const c = buildChart(
      { start: '2025-11-15', end: '2026-02-10' },
      {
        incomeDays: [
          { date: '2025-11-20', value: '100' },
          { date: '2025-11-21', value: '50.25' },
          { date: '2026-02-01', value: '7' },
        ],
        expenseDays: [],
        incomeSources: [],
        expenseCategories: [],
      },
    );
    expect(c.income_column.map((p) => [p.label, p.income])).toEqual([
      ['พ.ย. 68', '150.25'],
      ['ธ.ค. 68', '0'],
      ['ม.ค. 69', '0'],
      ['ก.พ. 69', '7'],
    ]);
    expect(c.total_income).toBe('157.25');
  });
});
