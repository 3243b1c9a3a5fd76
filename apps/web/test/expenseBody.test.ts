import { describe, expect, it } from 'vitest';
import { expenseBody } from '../src/features/expenses/expenseBody';

const base = { branch_id: 1, list_expenses_id: 7, date: '2026-11-24', pay_type: 'cash' as const, value: '1200' };

describe('the expense dialog’s request', () => {
  it('a fuel fill of a vehicle: mileage, litres as a decimal string, full tank, bills in order', () => {
    expect(
      expenseBody(
        {
          ...base,
          mile: 10500,
          liters: 50,
          is_full_tank: true,
          files: [
            { file_id: 'a', file_type: 'image' },
            { file_id: 'b', file_type: 'pdf' },
          ],
        },
        3,
      ),
    ).toEqual({
      ...base,
      detail: '',
      vehicle_id: 3,
      user_id: null,
      mile: 10500,
      liters: '50',
      is_full_tank: true,
      renew_kind: null,
      renew_until: null,
      files: ['a', 'b'],
    });
    expect(expenseBody({ ...base, vehicle_id: 4, liters: 40.5 }).liters).toBe('40.50');
  });
  it('without a vehicle the vehicle’s fields are not sent, and a new due date only goes with a renewal kind', () => {
    const b = expenseBody({
      ...base,
      mile: 5,
      liters: 3,
      is_full_tank: true,
      renew_kind: 'tax',
      renew_until: '2027-01-01',
    });
    expect(b).toMatchObject({
      vehicle_id: null,
      mile: null,
      liters: null,
      is_full_tank: false,
      renew_kind: null,
      renew_until: null,
    });
    expect(expenseBody({ ...base, renew_until: '2027-01-01' }, 3).renew_until).toBeNull();
    expect(expenseBody({ ...base, renew_kind: 'compulsory', renew_until: '2027-12-04' }, 3)).toMatchObject({
      renew_kind: 'compulsory',
      renew_until: '2027-12-04',
    });
  });
  it('a manager’s reason to go past the renewal rules goes with a renewal only, trimmed; an empty one is not sent', () => {
    const renewal = { ...base, renew_kind: 'tax', renew_until: '2027-12-04' };
    expect(expenseBody({ ...renewal, rule_override_reason: '  ย้ายรถไปสาขาอื่น ' }, 3).rule_override_reason).toBe(
      'ย้ายรถไปสาขาอื่น',
    );
    expect(expenseBody({ ...renewal, rule_override_reason: '  ' }, 3)).not.toHaveProperty('rule_override_reason');
    expect(expenseBody({ ...base, rule_override_reason: 'x' }, 3)).not.toHaveProperty('rule_override_reason');
  });
});
