import { describe, expect, it } from 'vitest';
import {
  formatNationalId,
  isValidThaiNationalId,
  makeThaiNationalId,
  normalizeNationalId,
  thaiNationalIdCheckDigit,
} from '../src/nationalId.js';

// Independent restatement of the rule in docs/domain.md, for cross-checking.
function referenceCheck(first12: string): number {
  const sum = [...first12].reduce((acc, ch, i) => acc + Number(ch) * (13 - i), 0);
  return (11 - (sum % 11)) % 10;
}

describe('thaiNationalIdCheckDigit', () => {
  it.each([
    ['123456789012', 1], // Σ = 352, 352 mod 11 = 0 → (11 − 0) mod 10 = 1
    ['110170020703', 0], // Σ = 144, 144 mod 11 = 1 → 10 mod 10 = 0
    ['310050338947', 5], // Σ = 237, 237 mod 11 = 6 → 5
    ['000000000000', 1], // Σ = 0 → 11 mod 10 = 1
    ['999999999999', 4], // Σ = 810, 810 mod 11 = 7 → 4
    ['100000000000', 9], // Σ = 13, 13 mod 11 = 2 → 9
  ])('%s → %i', (first12, digit) => {
    expect(thaiNationalIdCheckDigit(first12)).toBe(digit);
  });

  it('agrees with the reference rule on many prefixes', () => {
    let seed = 12345;
    for (let n = 0; n < 2000; n++) {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      const prefix = String(seed).padStart(12, '0').slice(-12);
      expect(thaiNationalIdCheckDigit(prefix)).toBe(referenceCheck(prefix));
    }
  });

  it.each(['12345678901', '1234567890123', '12345678901a', ''])('rejects %j', (bad) => {
    expect(() => thaiNationalIdCheckDigit(bad)).toThrow(RangeError);
  });
});

describe('isValidThaiNationalId', () => {
  it.each(['1234567890121', '1101700207030', '3100503389475', '0000000000001', '9999999999994'])(
    '%s is valid',
    (id) => {
      expect(isValidThaiNationalId(id)).toBe(true);
    },
  );

  it.each([
    '1234567890122', // wrong check digit
    '1234567890120',
    '1101700207031',
    '3100503389474',
    '123456789012', // 12 digits
    '12345678901210', // 14 digits
    '1-2345-67890-12-1', // not normalised
    '1234567890121 ',
    'A234567890121',
    '',
  ])('%j is invalid', (id) => {
    expect(isValidThaiNationalId(id)).toBe(false);
  });

  it('is false for non-strings', () => {
    expect(isValidThaiNationalId(1234567890121)).toBe(false);
    expect(isValidThaiNationalId(null)).toBe(false);
    expect(isValidThaiNationalId(undefined)).toBe(false);
  });

  it('rejects every wrong check digit', () => {
    for (const first12 of ['123456789012', '110170020703', '310050338947']) {
      const good = thaiNationalIdCheckDigit(first12);
      for (let d = 0; d <= 9; d++) expect(isValidThaiNationalId(first12 + d)).toBe(d === good);
    }
  });
});

describe('normalizeNationalId / formatNationalId', () => {
  it('strips spaces and dashes only', () => {
    expect(normalizeNationalId('1-2345-67890-12-1')).toBe('1234567890121');
    expect(normalizeNationalId(' 1 2345 67890 12 1 ')).toBe('1234567890121');
    expect(normalizeNationalId('1–2345–67890–12–1')).toBe('1234567890121'); // en dashes
    expect(normalizeNationalId('AB-123 456')).toBe('AB123456');
  });

  it('formats 1-4-5-2-1', () => {
    expect(formatNationalId('1234567890121')).toBe('1-2345-67890-12-1');
    expect(formatNationalId('1 2345 67890 12 1')).toBe('1-2345-67890-12-1');
    expect(formatNationalId('1-2345-67890-12-1')).toBe('1-2345-67890-12-1');
  });

  it('leaves other identifiers (passports) unchanged', () => {
    expect(formatNationalId('AA1234567')).toBe('AA1234567');
    expect(formatNationalId('123456789012')).toBe('123456789012');
  });
});

describe('makeThaiNationalId', () => {
  it('appends the check digit', () => {
    expect(makeThaiNationalId('123456789012')).toBe('1234567890121');
    expect(makeThaiNationalId('110170020703')).toBe('1101700207030');
  });

  it('always makes valid ids', () => {
    for (let i = 0; i < 500; i++) {
      const id = makeThaiNationalId(String(110000000000 + i * 7919));
      expect(id).toHaveLength(13);
      expect(isValidThaiNationalId(id)).toBe(true);
    }
  });

  it('rejects a prefix that is not 12 digits', () => {
    expect(() => makeThaiNationalId('12345')).toThrow(RangeError);
  });
});
