import { describe, expect, it } from 'vitest';
import {
  BE_OFFSET,
  THAI_MONTHS,
  THAI_MONTHS_SHORT,
  THAI_WEEKDAYS,
  THAI_WEEKDAYS_SHORT,
  WEEKDAY_CODES,
  addDays,
  ageOn,
  bangkokDate,
  beYyyymmddToIso,
  buddhistYear,
  daysBetween,
  formatThaiDate,
  formatThaiDateLong,
  formatThaiDateTime,
  formatThaiTime,
  isIsoDate,
  toBuddhistYear,
  toCommonEraYear,
  todayBangkok,
  weekdayOf,
} from '../src/dates.js';

describe('environment', () => {
  it('runs far from Bangkok, so zone independence is really tested', () => {
    expect(process.env.TZ).toBe('America/Los_Angeles');
    expect(new Date('2026-01-01T00:00:00Z').getTimezoneOffset()).toBe(480);
  });
});

describe('names', () => {
  it('has the 12 Thai month names, full and short', () => {
    expect(THAI_MONTHS).toEqual([
      'มกราคม',
      'กุมภาพันธ์',
      'มีนาคม',
      'เมษายน',
      'พฤษภาคม',
      'มิถุนายน',
      'กรกฎาคม',
      'สิงหาคม',
      'กันยายน',
      'ตุลาคม',
      'พฤศจิกายน',
      'ธันวาคม',
    ]);
    expect(THAI_MONTHS_SHORT).toEqual([
      'ม.ค.',
      'ก.พ.',
      'มี.ค.',
      'เม.ย.',
      'พ.ค.',
      'มิ.ย.',
      'ก.ค.',
      'ส.ค.',
      'ก.ย.',
      'ต.ค.',
      'พ.ย.',
      'ธ.ค.',
    ]);
  });

  it('has weekday codes mon..sun with Thai names', () => {
    expect(WEEKDAY_CODES).toEqual(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun']);
    expect(WEEKDAY_CODES.map((c) => THAI_WEEKDAYS[c])).toEqual([
      'จันทร์',
      'อังคาร',
      'พุธ',
      'พฤหัสบดี',
      'ศุกร์',
      'เสาร์',
      'อาทิตย์',
    ]);
    expect(WEEKDAY_CODES.map((c) => THAI_WEEKDAYS_SHORT[c])).toEqual(['จ.', 'อ.', 'พ.', 'พฤ.', 'ศ.', 'ส.', 'อา.']);
  });
});

describe('Buddhist era', () => {
  it('is CE + 543', () => {
    expect(BE_OFFSET).toBe(543);
    expect(toBuddhistYear(2026)).toBe(2569);
    expect(toCommonEraYear(2569)).toBe(2026);
    expect(toCommonEraYear(2540)).toBe(1997);
  });

  it('buddhistYear of dates and instants', () => {
    expect(buddhistYear('2026-11-22')).toBe(2569);
    expect(buddhistYear('2026-01-01')).toBe(2569);
    // 31 Dec 2025 18:00 UTC is already 1 Jan 2026 01:00 in Bangkok
    expect(buddhistYear('2025-12-31T18:00:00Z')).toBe(2569);
    expect(buddhistYear(new Date('2025-12-31T16:59:59Z'))).toBe(2568);
    expect(buddhistYear(Date.UTC(2025, 11, 31, 17, 0, 0))).toBe(2569);
  });
});

describe('formatThaiDate / formatThaiDateLong', () => {
  it.each([
    ['2026-11-22', '22 พ.ย. 2569', '22 พฤศจิกายน 2569'],
    ['2026-01-01', '1 ม.ค. 2569', '1 มกราคม 2569'],
    ['2024-02-29', '29 ก.พ. 2567', '29 กุมภาพันธ์ 2567'],
    ['1997-01-15', '15 ม.ค. 2540', '15 มกราคม 2540'],
    ['2026-03-05', '5 มี.ค. 2569', '5 มีนาคม 2569'],
    ['2026-04-13', '13 เม.ย. 2569', '13 เมษายน 2569'],
    ['2026-05-31', '31 พ.ค. 2569', '31 พฤษภาคม 2569'],
    ['2026-06-30', '30 มิ.ย. 2569', '30 มิถุนายน 2569'],
    ['2026-07-28', '28 ก.ค. 2569', '28 กรกฎาคม 2569'],
    ['2026-08-12', '12 ส.ค. 2569', '12 สิงหาคม 2569'],
    ['2026-09-09', '9 ก.ย. 2569', '9 กันยายน 2569'],
    ['2026-10-23', '23 ต.ค. 2569', '23 ตุลาคม 2569'],
    ['2026-12-31', '31 ธ.ค. 2569', '31 ธันวาคม 2569'],
  ])('%s → %s / %s', (iso, short, long) => {
    expect(formatThaiDate(iso)).toBe(short);
    expect(formatThaiDateLong(iso)).toBe(long);
  });

  it('reads instants in Bangkok, not in the machine zone', () => {
    // 22 Nov 2026 20:00 UTC = 23 Nov 03:00 Bangkok = 22 Nov 12:00 Los Angeles
    expect(formatThaiDate('2026-11-22T20:00:00Z')).toBe('23 พ.ย. 2569');
    expect(formatThaiDate(new Date('2026-11-22T20:00:00Z'))).toBe('23 พ.ย. 2569');
    expect(formatThaiDateLong('2026-11-22T16:59:59.999Z')).toBe('22 พฤศจิกายน 2569');
    expect(formatThaiDateLong('2026-11-22T17:00:00Z')).toBe('23 พฤศจิกายน 2569');
  });

  it('is empty for missing values and throws on nonsense', () => {
    expect(formatThaiDate(null)).toBe('');
    expect(formatThaiDate(undefined)).toBe('');
    expect(formatThaiDate('')).toBe('');
    expect(formatThaiDateLong(null)).toBe('');
    expect(() => formatThaiDate('2026-02-30')).toThrow(RangeError);
    expect(() => formatThaiDate('2026-13-01')).toThrow(RangeError);
    expect(() => formatThaiDate('not a date')).toThrow(RangeError);
    expect(() => formatThaiDateLong(new Date(NaN))).toThrow(RangeError);
  });
});

describe('formatThaiDateTime / formatThaiTime', () => {
  it.each([
    ['2026-11-22T07:05:00Z', '22 พ.ย. 2569 14:05 น.', '14:05 น.'],
    ['2026-11-22T14:05:00+07:00', '22 พ.ย. 2569 14:05 น.', '14:05 น.'],
    ['2026-11-21T17:00:00Z', '22 พ.ย. 2569 00:00 น.', '00:00 น.'],
    ['2026-11-22T16:59:00Z', '22 พ.ย. 2569 23:59 น.', '23:59 น.'],
    ['2025-12-31T17:30:00.000Z', '1 ม.ค. 2569 00:30 น.', '00:30 น.'],
    ['2026-03-08T10:00:00Z', '8 มี.ค. 2569 17:00 น.', '17:00 น.'], // US DST starts this day
  ])('%s → %s', (ts, text, time) => {
    expect(formatThaiDateTime(ts)).toBe(text);
    expect(formatThaiDateTime(new Date(ts))).toBe(text);
    expect(formatThaiDateTime(new Date(ts).getTime())).toBe(text);
    expect(formatThaiTime(ts)).toBe(time);
  });

  it('is empty for missing values and throws on nonsense', () => {
    expect(formatThaiDateTime(null)).toBe('');
    expect(formatThaiDateTime('')).toBe('');
    expect(formatThaiTime(undefined)).toBe('');
    expect(() => formatThaiDateTime('yesterday')).toThrow(RangeError);
  });
});

describe('todayBangkok / bangkokDate', () => {
  it('gives the Bangkok calendar date', () => {
    expect(todayBangkok(new Date('2026-11-22T16:59:59Z'))).toBe('2026-11-22');
    expect(todayBangkok(new Date('2026-11-22T17:00:00Z'))).toBe('2026-11-23');
    expect(todayBangkok(new Date('2026-12-31T17:00:00Z'))).toBe('2027-01-01');
    expect(bangkokDate('2026-02-28T18:00:00Z')).toBe('2026-03-01');
    expect(bangkokDate(0)).toBe('1970-01-01');
  });

  it('reads every instant as the time zone database does, on both sides of 1 April 1920 (+6:42:04 before, +7 after)', () => {
    const tz = new Intl.DateTimeFormat('en-US', {
      timeZone: 'Asia/Bangkok',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    const expected = (t: number) => {
      const p = Object.fromEntries(tz.formatToParts(new Date(t)).map((x) => [x.type, x.value]));
      return {
        date: `${p.year}-${p.month}-${p.day}`,
        time: `${p.hour}:${p.minute} น.`,
      };
    };
    const switchAt = Date.UTC(1920, 2, 31, 17, 17, 56);
    const instants = [switchAt - 60_000, switchAt - 1, switchAt, switchAt + 1, Date.UTC(1900, 0, 1), 0];
    // every day boundary of two years around now and 5,000 random instants from 1900 to 2100
    for (let d = Date.UTC(2025, 0, 1, 16, 59); d < Date.UTC(2027, 0, 1); d += 86_400_000) instants.push(d, d + 60_000);
    let seed = 7;
    const random = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
    for (let i = 0; i < 5000; i++)
      instants.push(Math.floor(Date.UTC(1900, 0, 1) + random() * 200 * 365.25 * 86_400_000));
    for (const t of instants) {
      const e = expected(t);
      expect([t, bangkokDate(t), formatThaiTime(t)]).toEqual([t, e.date, e.time]);
    }
    expect(bangkokDate(switchAt - 1)).toBe('1920-03-31');
    expect(bangkokDate(switchAt)).toBe('1920-04-01');
  });

  it('defaults to now', () => {
    const today = todayBangkok();
    expect(isIsoDate(today)).toBe(true);
    const utcToday = new Date().toISOString().slice(0, 10);
    expect(Math.abs(daysBetween(utcToday, today))).toBeLessThanOrEqual(1);
  });
});

describe('beYyyymmddToIso', () => {
  it.each([
    ['25400115', '1997-01-15'],
    ['2540-01-15', '1997-01-15'],
    ['25691122', '2026-11-22'],
    ['25430229', '2000-02-29'], // 2000 is a leap year
    ['25671231', '2024-12-31'],
    [' 25400115 ', '1997-01-15'],
  ])('%j → %s', (be, iso) => {
    expect(beYyyymmddToIso(be)).toBe(iso);
  });

  it.each([
    '00000000',
    '2540-00-00',
    '25400000',
    '25400100',
    '25400015',
    '25401315',
    '25400230',
    '25440229', // 2001 is not a leap year
    '2540115',
    '254001150',
    '2540/01/15',
    'abcdefgh',
    '',
    '05430101',
  ])('%j → null', (be) => {
    expect(beYyyymmddToIso(be)).toBeNull();
  });
});

describe('ageOn', () => {
  it.each([
    ['2008-11-22', '2026-11-22', 18],
    ['2008-11-22', '2026-11-21', 17],
    ['2008-11-22', '2026-12-01', 18],
    ['2008-12-31', '2026-01-01', 17],
    ['2011-01-01', '2026-01-01', 15],
    ['2011-01-02', '2026-01-01', 14],
    ['2008-02-29', '2026-02-28', 17],
    ['2008-02-29', '2026-03-01', 18],
    ['2008-02-29', '2028-02-29', 20],
    ['2026-11-22', '2026-11-22', 0],
    ['2026-11-23', '2026-11-22', -1],
  ])('born %s, on %s: %i', (birthday, on, age) => {
    expect(ageOn(birthday, on)).toBe(age);
  });

  it('rejects invalid dates', () => {
    expect(() => ageOn('2008-02-30', '2026-01-01')).toThrow(RangeError);
    expect(() => ageOn('2008-01-01', '26-01-01')).toThrow(RangeError);
  });
});

describe('weekdayOf', () => {
  it.each([
    ['2026-11-22', 'sun'],
    ['2026-11-23', 'mon'],
    ['2026-11-24', 'tue'],
    ['2026-11-25', 'wed'],
    ['2026-11-26', 'thu'],
    ['2026-11-27', 'fri'],
    ['2026-11-28', 'sat'],
    ['2000-01-01', 'sat'],
    ['1997-01-15', 'wed'],
  ])('%s is %s', (iso, code) => {
    expect(weekdayOf(iso)).toBe(code);
  });

  it('names the weekday in Thai', () => {
    expect(THAI_WEEKDAYS[weekdayOf('2026-11-22')]).toBe('อาทิตย์');
  });
});

describe('isIsoDate / addDays / daysBetween', () => {
  it('validates calendar dates', () => {
    expect(isIsoDate('2026-11-22')).toBe(true);
    expect(isIsoDate('2024-02-29')).toBe(true);
    expect(isIsoDate('2026-02-29')).toBe(false);
    expect(isIsoDate('1900-02-29')).toBe(false);
    expect(isIsoDate('2026-11-22T00:00:00Z')).toBe(false);
    expect(isIsoDate('2026-1-2')).toBe(false);
    expect(isIsoDate(20261122)).toBe(false);
  });

  it('adds days across months, years and leap days', () => {
    expect(addDays('2026-11-22', 1)).toBe('2026-11-23');
    expect(addDays('2026-11-30', 1)).toBe('2026-12-01');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2026-11-22', 90)).toBe('2027-02-20');
    expect(addDays('2026-11-22', 0)).toBe('2026-11-22');
    expect(() => addDays('2026-11-22', 1.5)).toThrow(RangeError);
  });

  it('counts days between dates', () => {
    expect(daysBetween('2026-11-22', '2026-11-23')).toBe(1);
    expect(daysBetween('2026-11-23', '2026-11-22')).toBe(-1);
    expect(daysBetween('2024-01-01', '2025-01-01')).toBe(366);
    expect(daysBetween('2026-03-01', '2026-03-31')).toBe(30);
  });
});

describe('typed Buddhist-era dates and birthdays that cannot be right', () => {
  it('reads a BE year and catches a CE year typed into a BE field, offering the conversion', async () => {
    const { parseBeTyped } = await import('../src/index.js');
    expect(parseBeTyped('15/03/2545')).toEqual({ iso: '2002-03-15' });
    expect(parseBeTyped('15/03/2002')).toEqual({
      ceYear: 2002,
      suggestedIso: '2002-03-15',
      suggestedText: '15/03/2545',
    });
    expect(parseBeTyped('1/1/2570')).toEqual({ iso: '2027-01-01' });
    expect(parseBeTyped('29/02/2001')).toBeNull();
    expect(parseBeTyped('29/02/2567')).toEqual({ iso: '2024-02-29' });
    expect(parseBeTyped('15/03/25')).toBeNull();
    expect(parseBeTyped('abc')).toBeNull();
  });

  it('a future birthday, or one 567 years ago, is not a birthday', async () => {
    const { birthdayProblem } = await import('../src/index.js');
    expect(birthdayProblem('2027-01-01', '2026-11-23')).toBe('วันเกิดต้องไม่เป็นวันในอนาคต');
    expect(birthdayProblem('1459-03-15', '2026-11-23')).toMatch(/อายุเกิน 120 ปี/);
    expect(birthdayProblem('2002-03-15', '2026-11-23')).toBeNull();
    expect(birthdayProblem(null, '2026-11-23')).toBeNull();
  });
});
