import { describe, expect, it } from 'vitest';
import {
  MAX_SATANG,
  MONEY_PATTERN,
  SIGNED_MONEY_PATTERN,
  formatBaht,
  fromSatang,
  isMoneyString,
  isSignedMoneyString,
  mulSatang,
  parseMoney,
  percentOf,
  sumSatang,
  toSatang,
} from '../src/money.js';

describe('toSatang / parseMoney', () => {
  it.each([
    ['1500', 150000],
    ['1500.5', 150050],
    ['1500.50', 150050],
    ['1500.05', 150005],
    ['0', 0],
    ['0.00', 0],
    ['0.01', 1],
    ['0.1', 10],
    ['0.29', 29], // 0.29 * 100 = 28.999999999999996 in floats
    ['1.15', 115],
    ['4.35', 435],
    ['1005.99', 100599],
    ['001500', 150000],
    [' 1500.50 ', 150050],
    ['999999999999.99', 99_999_999_999_999],
  ])('%j → %i satang', (input, satang) => {
    expect(toSatang(input)).toBe(satang);
    expect(parseMoney(input)).toBe(satang);
  });

  it.each([
    [1500, 150000],
    [1500.5, 150050],
    [0.29, 29],
    [19.99, 1999],
    [0, 0],
    [-0, 0],
  ])('number %d → %i satang', (input, satang) => {
    expect(toSatang(input)).toBe(satang);
  });

  it.each([
    '',
    ' ',
    '.5',
    '1500.',
    '1500.505',
    '1.001',
    '1e3',
    '1,500',
    '+5',
    'abc',
    '12 34',
    '0x10',
    '1000000000000', // 13 integer digits: numeric(14,2) cannot hold it
    'NaN',
    'Infinity',
    '-1',
  ])('rejects %j', (input) => {
    expect(parseMoney(input)).toBeNull();
    expect(() => toSatang(input)).toThrow(RangeError);
  });

  it.each([0.1 + 0.2, 1.005, NaN, Infinity, -Infinity, 1e21, 1e-7])('rejects the number %d', (input) => {
    expect(parseMoney(input)).toBeNull();
    expect(() => toSatang(input)).toThrow(RangeError);
  });

  it('accepts negatives only when asked', () => {
    expect(parseMoney('-20.25')).toBeNull();
    expect(parseMoney('-20.25', { allowNegative: true })).toBe(-2025);
    expect(toSatang('-0.5', { allowNegative: true })).toBe(-50);
    expect(toSatang(-20.25, { allowNegative: true })).toBe(-2025);
    expect(Object.is(toSatang('-0', { allowNegative: true }), 0)).toBe(true);
    expect(Object.is(toSatang('-0.00', { allowNegative: true }), 0)).toBe(true);
  });

  it('accepts thousands separators only when asked', () => {
    expect(parseMoney('1,500.50')).toBeNull();
    expect(parseMoney('1,500.50', { allowGrouping: true })).toBe(150050);
    expect(parseMoney('1,234,567', { allowGrouping: true })).toBe(123456700);
    expect(parseMoney('1500.50', { allowGrouping: true })).toBe(150050);
    expect(parseMoney('-1,000', { allowGrouping: true, allowNegative: true })).toBe(-100000);
    expect(parseMoney('1,50', { allowGrouping: true })).toBeNull();
    expect(parseMoney('15,00.00', { allowGrouping: true })).toBeNull();
    expect(parseMoney(',100', { allowGrouping: true })).toBeNull();
  });

  it('MAX_SATANG is the numeric(14,2) ceiling and a safe integer', () => {
    expect(MAX_SATANG).toBe(toSatang('999999999999.99'));
    expect(Number.isSafeInteger(MAX_SATANG)).toBe(true);
  });
});

describe('fromSatang', () => {
  it.each([
    [150000, '1500'],
    [150050, '1500.50'],
    [150005, '1500.05'],
    [0, '0'],
    [1, '0.01'],
    [50, '0.50'],
    [-2025, '-20.25'],
    [-50, '-0.50'],
    [-100, '-1'],
    [99_999_999_999_999, '999999999999.99'],
  ])('%i → %j', (satang, text) => {
    expect(fromSatang(satang)).toBe(text);
  });

  it('round-trips every satang value of the first 100 baht', () => {
    for (let s = 0; s <= 10000; s++) {
      const text = fromSatang(s);
      expect(isMoneyString(text)).toBe(true);
      expect(toSatang(text)).toBe(s);
    }
  });

  it.each([1.5, NaN, Infinity, 2 ** 53])('rejects %d', (n) => {
    expect(() => fromSatang(n)).toThrow(RangeError);
  });
});

describe('formatBaht', () => {
  it.each<[number | string, string]>([
    [150000, '1,500.00'],
    [150050, '1,500.50'],
    [0, '0.00'],
    [5, '0.05'],
    [99900, '999.00'],
    [100000, '1,000.00'],
    [123456789, '1,234,567.89'],
    [100000000000, '1,000,000,000.00'],
    [-2025, '-20.25'],
    [-12345600, '-123,456.00'],
    ['1500', '1,500.00'],
    ['1500.5', '1,500.50'],
    ['0', '0.00'],
    ['-20.25', '-20.25'],
    ['1234567.8', '1,234,567.80'],
  ])('%j → %j', (value, text) => {
    expect(formatBaht(value)).toBe(text);
  });

  it('rejects bad input', () => {
    expect(() => formatBaht('12.345')).toThrow(RangeError);
    expect(() => formatBaht(1.5)).toThrow(RangeError);
  });
});

describe('sumSatang', () => {
  it('adds integers exactly', () => {
    expect(sumSatang([])).toBe(0);
    expect(sumSatang([10, 20])).toBe(30); // 0.10 + 0.20 baht = 0.30 exactly
    expect(sumSatang([150000, 50, -2025])).toBe(148025);
    expect(sumSatang(new Set([1, 2, 3]))).toBe(6);
  });

  it('rejects non-integers and overflow', () => {
    expect(() => sumSatang([1, 0.5])).toThrow(RangeError);
    expect(() => sumSatang([Number.MAX_SAFE_INTEGER, 1])).toThrow(RangeError);
  });
});

describe('percentOf', () => {
  it.each<[number, number | string, number]>([
    [150000, 10, 15000],
    [105, 10, 11], // 10.5 → 11 (half up)
    [104, 10, 10], // 10.4 → 10
    [1001, 50, 501], // 500.5 → 501
    [150050, 12.5, 18756], // 18756.25
    [150050, '12.5', 18756],
    [333, 33.33, 111], // 110.9889
    [1, 50, 1], // 0.5 → 1
    [1, 49.99, 0],
    [0, 15, 0],
    [150000, 0, 0],
    [150000, 100, 150000],
    [250000, 7, 17500],
    [1, 7.5, 0], // 0.075 → 0
    [10, 5, 1], // 0.5 → 1
    [990, 0.1, 1], // 0.99 → 1
    [5, 0.1, 0], // 0.005 → 0
    [-105, 10, -11], // half away from zero
    [99_999_999_999_999, 100, 99_999_999_999_999],
  ])('%i × %s%% = %i', (satang, percent, expected) => {
    expect(percentOf(satang, percent)).toBe(expected);
  });

  it('is exact where floats are not', () => {
    // 1.15 baht × 50% = 57.5 satang: in floats 115 * 0.5 is fine, but 0.575 * 100 is 57.49999…
    expect(percentOf(115, 50)).toBe(58);
    // 2.675 is 2.67499999… as a float; here 535 × 0.5% is exactly 2.675 → 3
    expect(percentOf(535, 0.5)).toBe(3);
  });

  it('rejects bad percents and amounts', () => {
    expect(() => percentOf(100, '10%')).toThrow(RangeError);
    expect(() => percentOf(100, NaN)).toThrow(RangeError);
    expect(() => percentOf(100, 1e21)).toThrow(RangeError);
    expect(() => percentOf(1.5, 10)).toThrow(RangeError);
  });
});

describe('mulSatang', () => {
  it.each<[number, number | string, number]>([
    [15050, 1.5, 22575],
    [15050, 2, 30100],
    [10001, 0.5, 5001], // 5000.5 → 5001
    [333, '1.333', 444], // 443.889
    [100, 0, 0],
    [-10001, 0.5, -5001],
  ])('%i × %s = %i', (satang, factor, expected) => {
    expect(mulSatang(satang, factor)).toBe(expected);
  });

  it('rejects a result outside safe integers', () => {
    expect(() => mulSatang(Number.MAX_SAFE_INTEGER, 2)).toThrow(RangeError);
  });
});

describe('patterns', () => {
  it('MONEY_PATTERN is the documented string', () => {
    expect(MONEY_PATTERN).toBe('^\\d{1,12}(\\.\\d{1,2})?$');
    expect(SIGNED_MONEY_PATTERN).toBe('^-?\\d{1,12}(\\.\\d{1,2})?$');
  });

  it.each([
    ['1500', true, true],
    ['1500.5', true, true],
    ['1500.50', true, true],
    ['0', true, true],
    ['999999999999.99', true, true],
    ['-20.25', false, true],
    ['1500.505', false, false],
    ['1,500', false, false],
    ['1500.', false, false],
    ['', false, false],
    ['1000000000000', false, false],
  ])('%j: money %s, signed %s', (s, unsigned, signed) => {
    expect(isMoneyString(s)).toBe(unsigned);
    expect(new RegExp(MONEY_PATTERN).test(s)).toBe(unsigned);
    expect(isSignedMoneyString(s)).toBe(signed);
    expect(new RegExp(SIGNED_MONEY_PATTERN).test(s)).toBe(signed);
  });

  it('rejects non-strings', () => {
    expect(isMoneyString(1500)).toBe(false);
    expect(isMoneyString(null)).toBe(false);
    expect(isSignedMoneyString(undefined)).toBe(false);
  });
});
