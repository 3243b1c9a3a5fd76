import { describe, expect, it } from 'vitest';
import { formatPhone, maskPhone, phoneDigits, phoneSearchDigits } from '../src/index.js';

describe('phone numbers', () => {
  it('keeps the digits however the number was typed', () => {
    expect(phoneDigits('081-234-5678')).toBe('0812345678');
    expect(phoneDigits(' 081 234 5678 ')).toBe('0812345678');
    expect(phoneDigits('(02) 123-4567')).toBe('021234567');
    expect(phoneDigits('+66 81 234 5678')).toBe('0812345678');
    expect(phoneDigits('+66-2-123-4567')).toBe('021234567');
    expect(phoneDigits('66812345678')).toBe('66812345678'); // no +: could be the start of an ID number
    expect(phoneDigits('1669')).toBe('1669');
    expect(phoneDigits('')).toBe('');
    expect(phoneDigits(null)).toBe('');
  });

  it('shows mobiles as 081-234-5678 and landlines as 02-xxx-xxxx or 0xx-xxx-xxx', () => {
    expect(formatPhone('0812345678')).toBe('081-234-5678');
    expect(formatPhone('081-234-5678')).toBe('081-234-5678');
    expect(formatPhone('021234567')).toBe('02-123-4567');
    expect(formatPhone('02-398-1234')).toBe('02-398-1234');
    expect(formatPhone('053210987')).toBe('053-210-987');
    expect(formatPhone('1669')).toBe('1669');
    expect(formatPhone('')).toBe('');
  });

  it('recognises a phone number (or its start) in search text and gives its digits', () => {
    expect(phoneSearchDigits('081-234-5678')).toBe('0812345678');
    expect(phoneSearchDigits('081 234')).toBe('081234');
    expect(phoneSearchDigits('0812345678')).toBe('0812345678');
    expect(phoneSearchDigits('สมชาย')).toBeNull();
    expect(phoneSearchDigits('AP-HQ-2569')).toBeNull();
    expect(phoneSearchDigits('08')).toBeNull();
  });

  it('masks all but the first group and the last four digits', () => {
    expect(maskPhone('0812345678')).toBe('081-xxx-5678');
    expect(maskPhone('021234567')).toBe('02-xxx-4567');
    expect(maskPhone('')).toBe('');
    expect(maskPhone('1669')).toBe('xxxx');
  });
});
