import { describe, expect, it } from 'vitest';
import { moneyFromTyped } from '../src/components/MoneyInput';
import { promotionState } from '../src/features/catalog/promotionState';
import { scopeFromRecord, scopeToBody } from '../src/features/catalog/scope';

describe('catalog forms', () => {
  it('a cleared optional money field is no amount, not "" (which the server refused as รูปแบบไม่ถูกต้อง)', () => {
    expect(moneyFromTyped('')).toBeUndefined();
    expect(moneyFromTyped('  ')).toBeUndefined();
    expect(moneyFromTyped('1,500.50')).toBe('1500.50');
  });

  it('an expired, not yet started or used-up promotion is not tagged เปิดใช้งาน', () => {
    const p = { is_activate: true, start: '2026-01-01', end: '2026-03-31', is_unlimit: true, limit: 0, usage: 0 };
    expect(promotionState(p, '2026-11-23')).toEqual({ label: 'หมดอายุ', color: 'red' });
    expect(promotionState(p, '2025-12-31').label).toBe('ยังไม่เริ่ม');
    expect(promotionState(p, '2026-02-01').label).toBe('เปิดใช้งาน');
    expect(promotionState({ ...p, is_unlimit: false, limit: 5, usage: 5 }, '2026-02-01').label).toBe('ใช้ครบสิทธิ์');
    expect(promotionState({ ...p, is_activate: false }, '2026-02-01').label).toBe('ปิดใช้งาน');
  });

  it('school-wide, chosen branches or one branch become branch_id / branch_ids / branch_prices', () => {
    expect(scopeToBody({ scope: 'all', branch_prices: [{ branch_id: 3, price: '5900' }, {}] }, true)).toEqual({
      branch_id: null,
      branch_ids: null,
      branch_prices: [{ branch_id: 3, price: '5900' }],
    });
    expect(scopeToBody({ scope: 'some', branch_ids: [1, 2] }, false)).toEqual({ branch_id: null, branch_ids: [1, 2] });
    expect(scopeToBody({ scope: 'branch', branch_id: 2, branch_ids: [1] }, true)).toEqual({
      branch_id: 2,
      branch_ids: null,
      branch_prices: [],
    });
    expect(
      scopeFromRecord({ branch_id: null, branch_ids: null, branch_prices: [{ branch_id: 3, price: '5900' }] }),
    ).toEqual({ scope: 'all', branch_id: undefined, branch_ids: [], branch_prices: [{ branch_id: 3, price: '5900' }] });
    expect(scopeFromRecord({ branch_id: 2, branch_ids: null }).scope).toBe('branch');
    expect(scopeFromRecord({ branch_id: null, branch_ids: [1] }).scope).toBe('some');
  });
});
