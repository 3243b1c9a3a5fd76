/** Who the sheet shows the workflow's buttons to: the school's setting of each step's roles. */
import { describe, expect, it } from 'vitest';
import { inRoles } from '../src/features/payroll/queries';

describe('a step’s roles on the payroll sheet', () => {
  it('no list: every role with the ability (the server still refuses the submitter)', () => {
    expect(inRoles([], 'manager', false)).toBe(true);
    expect(inRoles(undefined, 'cashier', false)).toBe(true);
  });

  it('a list: only its roles; "owner" covers whoever manages everything, under any role name', () => {
    expect(inRoles(['accountant'], 'accountant', false)).toBe(true);
    expect(inRoles(['accountant'], 'manager', false)).toBe(false);
    expect(inRoles(['owner'], 'manager', false)).toBe(false);
    expect(inRoles(['owner'], 'superuser', true)).toBe(true);
    expect(inRoles(['owner'], undefined, false)).toBe(false);
  });
});
