/** The pure parts of the fleet rules: months late, vehicle age, due states, the surcharge, fuel economy. */
import { describe, expect, it } from 'vitest';
import { computeFuel, averageKmPerLiter } from '../../src/modules/expenses/fuel.js';
import {
  dueItems,
  monthsLate,
  needsCheck,
  surcharge,
  yearsSince,
  type Rules,
} from '../../src/modules/vehicles/rules.js';

const rules: Rules = {
  rule_id: 1,
  effective_from: '2000-01-01',
  remind_days: 30,
  tax_late_rate: '1.00',
  tax_early_days: 90,
  car_check_age: 7,
  motorcycle_check_age: 5,
  created_by: null,
  createdAt: new Date(),
};
const car = {
  type: 'car',
  status: 'active',
  registration_date: '2019-11-24',
  purchase_date: null,
  noti_check: null,
  noti_compulsory: null,
  noti_insurance: null,
  noti_tax: null,
};

describe('fleet rules', () => {
  it('counts a part of a month as a month of late tax', () => {
    expect(monthsLate('2026-10-15', '2026-10-15')).toBe(0);
    expect(monthsLate('2026-10-15', '2026-10-16')).toBe(1);
    expect(monthsLate('2026-10-15', '2026-11-15')).toBe(1);
    expect(monthsLate('2026-10-15', '2026-11-16')).toBe(2);
    expect(monthsLate('2025-12-31', '2026-03-01')).toBe(3);
  });
  it('surcharge = months × rate of the last tax, in satang', () => {
    expect(surcharge('2026-09-01', '2026-11-24', rules, '1600')).toEqual({
      surcharge_months: 3,
      surcharge_rate: '1',
      surcharge_estimate: '48',
    });
    expect(
      surcharge('2026-09-01', '2026-11-24', { ...rules, tax_late_rate: '1.50' }, '1234.56').surcharge_estimate,
    ).toBe('55.56');
    expect(surcharge('2026-09-01', '2026-11-24', rules, null).surcharge_estimate).toBeNull();
  });
  it('a car of 7 years and a motorcycle of 5 need the ตรอ.; the age counts whole years', () => {
    expect(yearsSince('2019-11-24', '2026-11-23')).toBe(6);
    expect(yearsSince('2019-11-24', '2026-11-24')).toBe(7);
    expect(needsCheck(car, rules, '2026-11-23')).toBe(false);
    expect(needsCheck(car, rules, '2026-11-24')).toBe(true);
    expect(needsCheck({ ...car, type: 'motorcycle', registration_date: '2021-11-24' }, rules, '2026-11-24')).toBe(true);
    expect(needsCheck({ ...car, registration_date: null }, rules, '2026-11-24')).toBe(false);
  });
  it('due states: overdue, soon within the reminder days, ok; an old car’s ตรอ. falls due with its tax', () => {
    const items = dueItems(
      { ...car, noti_tax: '2026-12-01', noti_compulsory: '2026-11-01', noti_insurance: '2027-06-01' },
      rules,
      '2026-11-24',
    );
    expect(items.map((d) => [d.kind, d.state, d.days_left])).toEqual([
      ['tax', 'soon', 7],
      ['compulsory', 'overdue', -23],
      ['insurance', 'ok', 189],
      ['check', 'soon', 7],
    ]);
    expect(dueItems({ ...car, registration_date: '2024-01-01' }, rules, '2026-11-24').map((d) => d.kind)).toEqual([
      'tax',
      'compulsory',
      'insurance',
    ]);
  });
  it('km per litre at a full tank: km since the last full tank ÷ litres filled since it (a partial fill counts)', () => {
    const fills = computeFuel([
      { expenses_id: 1, date: '2026-11-01', mile: 1000, liters: '30', is_full_tank: true, value: '1050' },
      { expenses_id: 2, date: '2026-11-05', mile: 1200, liters: '10', is_full_tank: false, value: '350' },
      { expenses_id: 3, date: '2026-11-09', mile: 1450, liters: '20', is_full_tank: true, value: '700' },
      { expenses_id: 4, date: '2026-11-15', mile: 1800, liters: '29.17', is_full_tank: true, value: '1000' },
    ]);
    expect(fills.map((f) => f.km_per_liter)).toEqual([null, null, '15', '12']);
    expect(fills[2]!.baht_per_km).toBe('2.33');
    expect(averageKmPerLiter(fills)).toBe('13.52'); // 800 km ÷ 59.17 l
  });
});
