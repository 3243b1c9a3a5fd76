/** The resource registry is the one source of routes, menu and abilities; query keys come from factories. */
import { describe, expect, it } from 'vitest';
import { tableKeys } from '../src/api/queryKeys';
import { allowedNav, NAV, navEntryOf } from '../src/app/navigation';
import { RESOURCES } from '../src/app/registry';
import { applicationKeys } from '../src/features/applications/api';
import { paymentKeys } from '../src/features/payments/queries';

describe('resource registry', () => {
  it('has one route per path, and every menu entry is a route with an ability', () => {
    const paths = RESOURCES.map((r) => r.path);
    expect(new Set(paths).size).toBe(paths.length);
    for (const e of NAV) {
      const r = RESOURCES.find((x) => x.path === e.path);
      expect(r?.ability, e.path).toEqual(e.ability);
    }
    expect(NAV.map((e) => e.path)).toContain('/payments');
  });

  it('collects the menu from the features in one order, whatever order the features are listed in', () => {
    expect(NAV.map((e) => e.path)).toEqual([
      '/dashboard',
      '/compliance',
      '/applications/new',
      '/applications',
      '/overdue',
      '/payments',
      '/requests',
      '/cash-close',
      '/fee-applications',
      '/request-applications',
      '/paybalance',
      '/lessons/timetable',
      '/lessons',
      '/lessons/desk',
      '/lessons/classes',
      '/lessons/report',
      '/lessons/settings',
      '/exams/schedule',
      '/exams/calendar',
      '/exams/manage',
      '/exams/permissions',
      '/exams/history',
      '/courses',
      '/promotions',
      '/otherfees',
      '/evaluates',
      '/list-payroll',
      '/payroll',
      '/payroll/report',
      '/payroll/payslips',
      '/payroll/staff',
      '/list-expenses',
      '/accounting',
      '/vehicles',
      '/vehicle-expenses',
      '/vehicle-reminders',
      '/employees',
      '/branches',
      '/evaluations',
      '/vehicle-checks',
      '/audit',
      '/settings',
      '/reminders/log',
      '/reminders/settings',
    ]);
  });

  it('the menu follows the ability; a detail path belongs to its list', () => {
    const cashier = allowedNav([
      { action: 'read', subject: 'Application' },
      { action: 'create', subject: 'Application' },
      { action: 'read', subject: 'Payment' },
    ]);
    expect(cashier.map((e) => e.path)).toEqual(
      expect.arrayContaining(['/applications/new', '/applications', '/payments', '/cash-close']),
    );
    expect(cashier.map((e) => e.path)).not.toContain('/employees');
    expect(navEntryOf('/applications/12')?.path).toBe('/applications');
    expect(navEntryOf('/applications/new')?.path).toBe('/applications/new');
    expect(navEntryOf('/list-expenses/3')?.path).toBe('/list-expenses');
  });
});

describe('query keys', () => {
  it("a list's key starts with its table key, so invalidating the table refreshes every page and filter", () => {
    const key = tableKeys.list('/payment/gettable', { page: 2, status: 'void' });
    expect(key.slice(0, paymentKeys.table.length)).toEqual([...paymentKeys.table]);
    expect(applicationKeys.table).not.toEqual(applicationKeys.outstanding);
  });
});
