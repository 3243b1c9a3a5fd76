import { describe, expect, it } from 'vitest';
import { crc16CcittFalse, crc16Hex, isPromptPayId, parsePromptPayId, promptPayPayload } from '../src/promptpay.js';

/** Independent bit-by-bit CRC-16/CCITT-FALSE (the implementation under test is table-driven). */
function referenceCrc(text: string): string {
  let crc = 0xffff;
  for (let i = 0; i < text.length; i++) {
    crc ^= text.charCodeAt(i) << 8;
    for (let b = 0; b < 8; b++) {
      crc = crc & 0x8000 ? (crc << 1) ^ 0x1021 : crc << 1;
      crc &= 0xffff;
    }
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

/** Minimal EMV TLV reader (tag 2 digits, length 2 digits). */
function parseTlv(s: string): Map<string, string> {
  const out = new Map<string, string>();
  let i = 0;
  while (i < s.length) {
    const tag = s.slice(i, i + 2);
    const len = Number(s.slice(i + 2, i + 4));
    out.set(tag, s.slice(i + 4, i + 4 + len));
    i += 4 + len;
  }
  expect(i).toBe(s.length);
  return out;
}

// Published payloads (identical to the MIT promptpay-qr library's output for the same input).
const KNOWN: [string, number | undefined, string][] = [
  ['0812345678', undefined, '00020101021129370016A000000677010111011300668123456785802TH530376463045D82'],
  ['0812345678', 50000, '00020101021229370016A000000677010111011300668123456785802TH53037645406500.00630416BF'],
  ['0812345678', 13000, '00020101021229370016A000000677010111011300668123456785802TH53037645406130.00630496CE'],
  ['0812345678', 123450, '00020101021229370016A000000677010111011300668123456785802TH530376454071234.50630414B2'],
  ['081-234-5678', 1, '00020101021229370016A000000677010111011300668123456785802TH530376454040.01630437B6'],
  ['1101700207030', undefined, '00020101021129370016A000000677010111021311017002070305802TH530376463048372'],
  ['1101700207030', 69000, '00020101021229370016A000000677010111021311017002070305802TH53037645406690.0063044A89'],
  ['3100503389475', 9999999, '00020101021229370016A000000677010111021331005033894755802TH5303764540899999.9963041120'],
];

describe('CRC-16/CCITT-FALSE', () => {
  it('has the published check value for "123456789"', () => {
    expect(crc16CcittFalse('123456789')).toBe(0x29b1);
    expect(crc16Hex('123456789')).toBe('29B1');
    expect(referenceCrc('123456789')).toBe('29B1');
  });

  it('is 0xFFFF for the empty string (init value, no xor-out)', () => {
    expect(crc16CcittFalse('')).toBe(0xffff);
  });

  it('pads to 4 uppercase hex digits', () => {
    for (const s of ['A', 'PromptPay', '6304', 'TH764', 'x'.repeat(100)]) {
      expect(crc16Hex(s)).toMatch(/^[0-9A-F]{4}$/);
      expect(crc16Hex(s)).toBe(referenceCrc(s));
    }
  });

  it('agrees with the bitwise reference on many strings', () => {
    let s = '';
    for (let i = 0; i < 300; i++) {
      s += String.fromCharCode(32 + ((i * 37) % 95));
      expect(crc16Hex(s)).toBe(referenceCrc(s));
    }
  });
});

describe('promptPayPayload', () => {
  it('builds the well-known static payload for 0812345678', () => {
    const payload = promptPayPayload({ id: '0812345678' });
    const body = '00020101021129370016A000000677010111011300668123456785802TH53037646304';
    expect(payload.startsWith(body)).toBe(true);
    expect(payload).toHaveLength(body.length + 4);
    expect(payload.slice(-4)).toBe(referenceCrc(body));
    expect(payload).toBe(`${body}5D82`);
  });

  it.each(KNOWN)('%s amount %s satang', (id, amountSatang, expected) => {
    const payload = promptPayPayload(amountSatang === undefined ? { id } : { id, amountSatang });
    expect(payload).toBe(expected);
    expect(payload.slice(-4)).toBe(referenceCrc(payload.slice(0, -4)));
  });

  it('has the EMV structure', () => {
    const tlv = parseTlv(promptPayPayload({ id: '0812345678', amountSatang: 150050 }));
    expect([...tlv.keys()]).toEqual(['00', '01', '29', '58', '53', '54', '63']);
    expect(tlv.get('00')).toBe('01');
    expect(tlv.get('01')).toBe('12');
    expect(tlv.get('58')).toBe('TH');
    expect(tlv.get('53')).toBe('764');
    expect(tlv.get('54')).toBe('1500.50');
    const merchant = parseTlv(tlv.get('29')!);
    expect(merchant.get('00')).toBe('A000000677010111');
    expect(merchant.get('01')).toBe('0066812345678');

    const stat = parseTlv(promptPayPayload({ id: '0812345678' }));
    expect(stat.get('01')).toBe('11');
    expect(stat.has('54')).toBe(false);
  });

  it('formats amounts with two decimals', () => {
    const amount = (satang: number) => parseTlv(promptPayPayload({ id: '0812345678', amountSatang: satang })).get('54');
    expect(amount(1)).toBe('0.01');
    expect(amount(50)).toBe('0.50');
    expect(amount(100)).toBe('1.00');
    expect(amount(150000)).toBe('1500.00');
    expect(amount(123456789)).toBe('1234567.89');
  });

  it('puts a 13-digit id under sub-tag 02 and a 15-digit e-wallet under 03', () => {
    const id = parseTlv(parseTlv(promptPayPayload({ id: '1234567890121' })).get('29')!);
    expect(id.get('02')).toBe('1234567890121');
    expect(id.has('01')).toBe(false);
    const wallet = promptPayPayload({ id: '123456789012345', amountSatang: 10000 });
    const body = [
      '000201',
      '010212',
      '2939',
      '0016A000000677010111',
      '0315123456789012345',
      '5802TH',
      '5303764',
      '5406100.00',
      '6304',
    ].join('');
    expect(wallet).toBe(body + referenceCrc(body));
    expect(parseTlv(parseTlv(wallet).get('29')!).get('03')).toBe('123456789012345');
  });

  it('accepts phone numbers in international form', () => {
    const expected = KNOWN[1][2];
    expect(promptPayPayload({ id: '+66812345678', amountSatang: 50000 })).toBe(expected);
    expect(promptPayPayload({ id: '+66 81 234 5678', amountSatang: 50000 })).toBe(expected);
    expect(promptPayPayload({ id: '66812345678', amountSatang: 50000 })).toBe(expected);
    expect(promptPayPayload({ id: ' 081 234 5678 ', amountSatang: 50000 })).toBe(expected);
  });

  it.each([
    '',
    '812345678',
    '08123456789',
    '123456789012',
    '12345678901234',
    '+6681234567',
    '+0812345678',
    'abc',
    '0012345678',
  ])('rejects the id %j', (id) => {
    expect(() => promptPayPayload({ id })).toThrow(RangeError);
    expect(isPromptPayId(id)).toBe(false);
  });

  it.each([0, -100, 1.5, NaN, Infinity])('rejects the amount %d', (amountSatang) => {
    expect(() => promptPayPayload({ id: '0812345678', amountSatang })).toThrow(RangeError);
  });

  it('rejects an amount longer than tag 54 allows', () => {
    expect(() => promptPayPayload({ id: '0812345678', amountSatang: 1_000_000_000_000 })).toThrow(RangeError);
    expect(parseTlv(promptPayPayload({ id: '0812345678', amountSatang: 999_999_999_999 })).get('54')).toBe(
      '9999999999.99',
    );
  });
});

describe('parsePromptPayId', () => {
  it('classifies ids', () => {
    expect(parsePromptPayId('081-234-5678')).toEqual({ kind: 'phone', value: '0812345678' });
    expect(parsePromptPayId('+66812345678')).toEqual({ kind: 'phone', value: '0812345678' });
    expect(parsePromptPayId('1-2345-67890-12-1')).toEqual({ kind: 'nationalId', value: '1234567890121' });
    expect(parsePromptPayId('123456789012345')).toEqual({ kind: 'eWallet', value: '123456789012345' });
    expect(parsePromptPayId('02-123-4567')).toBeNull(); // a landline has 9 digits
  });
});
