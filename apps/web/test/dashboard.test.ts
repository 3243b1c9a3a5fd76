import { describe, expect, it } from 'vitest';
import {
  changeText,
  hoursText,
  hrefOf,
  passRate,
  percentChange,
  seatShare,
  shortBranch,
} from '../src/features/dashboard/format';
import { landingPath } from '../src/features/auth/landing';

describe('dashboard helpers', () => {
  it('per cent change against last month, one decimal; none without a base', () => {
    expect(percentChange('1500', '1000')).toBe(50);
    expect(percentChange('900', '1000')).toBe(-10);
    expect(percentChange('1000.50', '1000')).toBe(0.1);
    expect(percentChange(1, 3)).toBe(-66.7);
    expect(percentChange('100', '0')).toBeNull();
    expect(percentChange('-100', '-200')).toBe(50);
    expect(changeText(12.5)).toBe('+12.5%');
    expect(changeText(-3)).toBe('−3%');
    expect(changeText(0)).toBe('0%');
    expect(changeText(null)).toBe('ไม่มีฐานเปรียบเทียบ');
  });

  it('pass rate and seat share as whole per cents', () => {
    expect(passRate(2, 3)).toBe(67);
    expect(passRate(0, 0)).toBeNull();
    expect(seatShare(6, 360)).toBe(2);
    expect(seatShare(0, 0)).toBe(0);
    expect(seatShare(12, 10)).toBe(100);
  });

  it('a tile link keeps its filters in the URL', () => {
    expect(hrefOf({ path: '/accounting', query: { branch: '2', start: '2026-11-01', end: '2026-11-26' } })).toBe(
      '/accounting?branch=2&start=2026-11-01&end=2026-11-26',
    );
    expect(hrefOf({ path: '/overdue', query: { status: 'ค้างชำระ' } })).toBe(
      `/overdue?status=${encodeURIComponent('ค้างชำระ').replace(/%20/g, '+')}`,
    );
    expect(hrefOf({ path: '/vehicle-reminders', query: {} })).toBe('/vehicle-reminders');
  });

  it('minutes as hours', () => {
    expect(hoursText(90)).toBe('1.5');
    expect(hoursText(600)).toBe('10');
    expect(hoursText(0)).toBe('0');
  });

  it('branch names on the chart without the word สาขา or a note in brackets', () => {
    expect(shortBranch('สาขาบางเขน')).toBe('บางเขน');
    expect(shortBranch('สำนักงานใหญ่ (บางนา)')).toBe('สำนักงานใหญ่');
  });

  it('owners and managers land on the dashboard, the counter on its home page, a page asked for first', () => {
    const owner = [{ action: 'manage', subject: 'all' }];
    const manager = [{ action: 'manage', subject: 'Accounting' }];
    const cashier = [
      { action: 'read', subject: 'Payment' },
      { action: 'create', subject: 'Payment' },
    ];
    expect(landingPath(owner, '/')).toBe('/dashboard');
    expect(landingPath(manager, undefined)).toBe('/dashboard');
    expect(landingPath(cashier, '/')).toBe('/');
    expect(landingPath(cashier, '/login')).toBe('/');
    expect(landingPath(owner, '/applications?branch=2')).toBe('/applications?branch=2');
  });
});
