/** The statutory deadlines from dated rules, and the iCalendar text (RFC 5545: CRLF, escaping, folding, UIDs). */
import { describe, expect, it } from 'vitest';
import { deadlinesBetween, MONTHLY_RULES, workingDayFrom } from '../../src/modules/compliance/deadlines.js';
import { buildCalendar, escapeText, fold, uidOf } from '../../src/modules/compliance/ical.js';

describe('statutory deadlines', () => {
  it('SSO by the 15th, ภ.ง.ด.1 by the 7th (paper) and the 15th (online) of the month after the wages', () => {
    const d = deadlinesBetween('2026-12-01', '2026-12-31');
    expect(d.map((x) => [x.kind, x.of, x.due])).toEqual([
      ['pnd1', '2026-11', '2026-12-07'],
      ['pnd1_efiling', '2026-11', '2026-12-15'],
      ['sso', '2026-11', '2026-12-15'],
    ]);
  });

  it('a deadline on a weekend moves to the Monday after, and the legal day is kept', () => {
    // 7 Nov 2026 is a Saturday, 15 Nov 2026 a Sunday
    expect(workingDayFrom('2026-11-07')).toBe('2026-11-09');
    expect(workingDayFrom('2026-11-15')).toBe('2026-11-16');
    const d = deadlinesBetween('2026-11-01', '2026-11-30');
    expect(d.find((x) => x.kind === 'pnd1')).toMatchObject({
      of: '2026-10',
      legal_due: '2026-11-07',
      due: '2026-11-09',
    });
    expect(d.find((x) => x.kind === 'sso')).toMatchObject({
      of: '2026-10',
      legal_due: '2026-11-15',
      due: '2026-11-16',
    });
  });

  it('50 ทวิ by 15 February of the year after; a new dated rule applies from its day on only', () => {
    const feb = deadlinesBetween('2027-02-01', '2027-02-28');
    expect(feb.find((x) => x.kind === 'wht50')).toMatchObject({ of: '2026', due: '2027-02-15' });
    const rules = [...MONTHLY_RULES, { ...MONTHLY_RULES.find((r) => r.kind === 'sso')!, from: '2027-03-01', day: 20 }];
    expect(deadlinesBetween('2027-02-01', '2027-02-28', rules).find((x) => x.kind === 'sso')!.due).toBe('2027-02-15');
    expect(deadlinesBetween('2027-03-01', '2027-03-31', rules).find((x) => x.kind === 'sso')!.due).toBe('2027-03-22');
  });
});

describe('iCalendar text', () => {
  it('escapes backslash, semicolon, comma and newlines in TEXT values', () => {
    expect(escapeText('a\\b;c,d\ne')).toBe('a\\\\b\\;c\\,d\\ne');
  });

  it('folds lines at 75 octets without splitting a Thai character', () => {
    const line = `SUMMARY:${'ภาษีรถประจำปี '.repeat(10)}`;
    const folded = fold(line);
    const parts = folded.split('\r\n');
    expect(parts.length).toBeGreaterThan(1);
    for (const p of parts) expect(Buffer.byteLength(p, 'utf8')).toBeLessThanOrEqual(75);
    expect(parts.slice(1).every((p) => p.startsWith(' '))).toBe(true);
    expect(parts.map((p, i) => (i ? p.slice(1) : p)).join('')).toBe(line);
  });

  it('a calendar: CRLF line ends only, one VEVENT per item, an all-day date, a stable UID', () => {
    const now = new Date('2026-11-26T05:00:00Z');
    const ev = {
      key: 'sso:2026-10',
      date: '2026-11-16',
      summary: 'สปส., ก; ข',
      description: 'บรรทัด 1\nบรรทัด 2',
      done: false,
    };
    const text = buildCalendar('ปฏิทิน', [ev], now);
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    const lines = text.split('\r\n');
    expect(lines[0]).toBe('BEGIN:VCALENDAR');
    expect(lines).toContain('VERSION:2.0');
    expect(lines).toContain('DTSTART;VALUE=DATE:20261116');
    expect(lines).toContain('DTEND;VALUE=DATE:20261117');
    expect(lines).toContain('DTSTAMP:20261126T050000Z');
    expect(lines).toContain('SUMMARY:สปส.\\, ก\\; ข');
    expect(lines).toContain('DESCRIPTION:บรรทัด 1\\nบรรทัด 2');
    expect(lines).toContain(`UID:${uidOf('sso:2026-10', 'khabkhi')}`);
    expect(uidOf('sso:2026-10', 'khabkhi')).toBe('sso=3a2026-10@khabkhi');
    // the same obligation, a later fetch and a changed state: the same UID
    const again = buildCalendar('ปฏิทิน', [{ ...ev, done: true }], new Date());
    expect(again).toContain('UID:sso=3a2026-10@khabkhi');
    expect(again).toContain('SUMMARY:✓ สปส.');
  });
});
