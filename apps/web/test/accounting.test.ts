import { describe, expect, it } from 'vitest';
import { applicationPath, netLabel, reportBody } from '../src/features/accounting/rows';

describe('accounting screen helpers', () => {
  it('a payment row links to its own kind of application', () => {
    expect(applicationPath({ source: 'course', application_id: 7 })).toBe('/applications/7');
    expect(applicationPath({ source: 'fee', application_id: 8 })).toBe('/fee-applications/8');
    expect(applicationPath({ source: 'request', application_id: 9 })).toBe('/request-applications/9');
  });

  it('the report prints the branch and period on screen, else the month so far', () => {
    const range = { start: '2026-11-01', end: '2026-11-23' };
    expect(reportBody(new URLSearchParams(''), range)).toEqual({
      branch: 'ทั้งหมด',
      start: '2026-11-01',
      end: '2026-11-23',
    });
    expect(reportBody(new URLSearchParams('branch=2&start=2026-10-01&end=2026-10-31&tab=expenses'), range)).toEqual({
      branch: '2',
      start: '2026-10-01',
      end: '2026-10-31',
    });
  });

  it('a loss is named, not shown with a minus', () => {
    expect(netLabel('-752.50')).toEqual({ label: 'ขาดทุนสุทธิ', amount: '752.50', loss: true });
    expect(netLabel('100')).toEqual({ label: 'กำไรสุทธิ', amount: '100', loss: false });
  });
});
