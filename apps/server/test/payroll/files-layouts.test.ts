/** The file layouts kept as data: every field's column, width and padding, one test per field, against a sample record. */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { render, tiles, type FixedRecord, type Values } from '../../src/modules/payroll/layouts/layout.js';
import { sso110 } from '../../src/modules/payroll/layouts/sso-1-10.js';
import { pnd1 } from '../../src/modules/payroll/layouts/pnd1.js';
import { BANK_FILES } from '../../src/modules/payroll/layouts/banks.js';

/** name → [1-based start, length, the field as rendered from the sample] */
type Expected = Record<string, [number, number, string]>;

function fieldByField(title: string, r: FixedRecord, sample: Values, expected: Expected) {
  describe(title, () => {
    const line = render(r, sample);
    it(`is ${r.width} characters and its fields tile it`, () => {
      expect([...line].length).toBe(r.width);
      expect(tiles(r)).toBe(true);
      expect(r.fields.map((f) => f.name)).toEqual(Object.keys(expected));
    });
    for (const [name, [start, length, text]] of Object.entries(expected))
      it(`${name}: columns ${start}–${start + length - 1}`, () => {
        const f = r.fields.find((x) => x.name === name)!;
        expect([f.start, f.length]).toEqual([start, length]);
        expect([...line].slice(start - 1, start - 1 + length).join('')).toBe(text);
      });
  });
}

fieldByField(
  'สปส.1-10 header',
  sso110.records.header,
  {
    employer_account: '1012345678',
    sso_branch: '000001',
    pay_date: '301169',
    period: '1169',
    company: 'โรงเรียนสอนขับรถ',
    rate: 500,
    insured: 2,
    total_wages: 2750000,
    total_contribution: 275000,
    employee_part: 137500,
    employer_part: 137500,
  },
  {
    type: [1, 1, '1'],
    employer_account: [2, 10, '1012345678'],
    sso_branch: [12, 6, '000001'],
    pay_date: [18, 6, '301169'],
    period: [24, 4, '1169'],
    company: [28, 45, 'โรงเรียนสอนขับรถ'.padEnd(45, ' ')],
    rate: [73, 4, '0500'],
    insured: [77, 6, '000002'],
    total_wages: [83, 15, '000000002750000'],
    total_contribution: [98, 14, '00000000275000'],
    employee_part: [112, 12, '000000137500'],
    employer_part: [124, 12, '000000137500'],
  },
);

fieldByField(
  'สปส.1-10 detail',
  sso110.records.detail,
  // the wage actually paid (30,000), not the capped base; the contribution is on the capped base (17,500 × 5 %)
  { idcard: '1101700203451', prefix: '003', fname: 'กิตติพงษ์', sname: 'พวงมาลัย', wage: 3000000, contribution: 87500 },
  {
    type: [1, 1, '2'],
    idcard: [2, 13, '1101700203451'],
    prefix: [15, 3, '003'],
    fname: [18, 30, 'กิตติพงษ์'.padEnd(30, ' ')],
    sname: [48, 35, 'พวงมาลัย'.padEnd(35, ' ')],
    wage: [83, 14, '00000003000000'],
    contribution: [97, 12, '000000087500'],
    filler: [109, 27, ' '.repeat(27)],
  },
);

describe('ภ.ง.ด.1 detail (pipe-delimited)', () => {
  const sample = {
    income_code: '401N',
    seq: 1,
    idcard: '1101700203451',
    prefix: 'นาย',
    fname: 'กิตติ|พงษ์',
    sname: 'พวงมาลัย',
    pay_date: '30112569',
    amount: '31200.00',
    tax: '224.58',
    condition: '1',
  };
  const cols = render(pnd1.records.detail, sample).split('|');
  const expected: [string, string][] = [
    ['income_code', '401N'],
    ['seq', '1'],
    ['idcard', '1101700203451'],
    ['prefix', 'นาย'],
    ['fname', 'กิตติ พงษ์'],
    ['sname', 'พวงมาลัย'],
    ['pay_date', '30112569'],
    ['amount', '31200.00'],
    ['tax', '224.58'],
    ['condition', '1'],
  ];
  it('has ten columns separated by |, in the order RD Prep maps', () => {
    expect(pnd1.records.detail.separator).toBe('|');
    expect(pnd1.records.detail.fields.map((f) => f.name)).toEqual(expected.map(([n]) => n));
    expect(cols.length).toBe(10);
    expect([pnd1.encoding, pnd1.lineEnd]).toEqual(['UTF-8', '\r\n']);
  });
  expected.forEach(([name, value], i) =>
    it(`${name}: column ${i + 1}`, () => {
      expect(cols[i]).toBe(value);
    }),
  );
});

const ktb = BANK_FILES.ktb.layout.records;
fieldByField(
  'Krungthai header',
  ktb.header,
  { count: 2, total: 5500050, date: '30112026', company_id: 'KHABKHI01' },
  {
    type: [1, 3, '101'],
    batch: [4, 6, '000001'],
    bank: [10, 3, '006'],
    count: [13, 7, '0000002'],
    total: [20, 19, '0000000000005500050'],
    date: [39, 8, '30112026'],
    kind: [47, 1, 'C'],
    receiver_no: [48, 8, '00000000'],
    company_id: [56, 16, 'KHABKHI01'.padEnd(16, ' ')],
    filler: [72, 427, ' '.repeat(427)],
  },
);
fieldByField(
  'Krungthai detail',
  ktb.detail,
  {
    to_account: '1234567890',
    from_account: '9876543210',
    date: '30112026',
    amount: 2895792,
    receiver_name: 'นายกิตติพงษ์ พวงมาลัย',
    sender_name: 'โรงเรียนสอนขับรถ',
    ref: 1,
  },
  {
    type: [1, 3, '102'],
    batch: [4, 6, '000001'],
    to_bank: [10, 3, '006'],
    to_branch: [13, 4, '0000'],
    to_account: [17, 11, '01234567890'],
    from_bank: [28, 3, '006'],
    from_branch: [31, 4, '0000'],
    from_account: [35, 11, '09876543210'],
    date: [46, 8, '30112026'],
    service: [54, 2, '02'],
    clearing: [56, 2, '00'],
    amount: [58, 17, '00000000002895792'],
    receiver_info: [75, 8, ' '.repeat(8)],
    receiver_id: [83, 10, '0000000000'],
    receiver_name: [93, 100, 'นายกิตติพงษ์ พวงมาลัย'.padEnd(100, ' ')],
    sender_name: [193, 100, 'โรงเรียนสอนขับรถ'.padEnd(100, ' ')],
    other: [293, 100, ' '.repeat(100)],
    ref: [393, 6, '000001'],
    notify: [399, 2, '09'],
    email: [401, 40, ' '.repeat(40)],
    sms: [441, 20, ' '.repeat(20)],
    reserve: [461, 4, '0000'],
    filler: [465, 34, ' '.repeat(34)],
  },
);

const bbl = BANK_FILES.bbl.layout.records;
fieldByField(
  'Bangkok Bank header',
  bbl.header,
  { from_account: '1234567890', company: 'โรงเรียนสอนขับรถ', date: '301126' },
  {
    type: [1, 1, 'H'],
    seq: [2, 6, '000001'],
    bank: [8, 3, '002'],
    from_account: [11, 10, '1234567890'],
    company: [21, 25, 'โรงเรียนสอนขับรถ'.padEnd(25, ' ')],
    date: [46, 6, '301126'],
    filler: [52, 77, '0'.repeat(77)],
  },
);
fieldByField(
  'Bangkok Bank detail',
  bbl.detail,
  { seq: 2, to_account: '0011223344', amount: 2895792, name: 'นายกิตติพงษ์ พวงมาลัย' },
  {
    type: [1, 1, 'D'],
    seq: [2, 6, '000002'],
    bank: [8, 3, '002'],
    to_account: [11, 10, '0011223344'],
    kind: [21, 1, 'C'],
    amount: [22, 10, '0002895792'],
    service: [32, 3, '029'],
    reserve: [35, 59, '0'.repeat(59)],
    name: [94, 35, 'นายกิตติพงษ์ พวงมาลัย'.padEnd(35, ' ')],
  },
);
fieldByField(
  'Bangkok Bank trailer',
  bbl.trailer!,
  { seq: 3, from_account: '1234567890', count: 1, total: 2895792 },
  {
    type: [1, 1, 'T'],
    seq: [2, 6, '000003'],
    bank: [8, 3, '002'],
    from_account: [11, 10, '1234567890'],
    count: [21, 27, `${'0'.repeat(26)}1`],
    total: [48, 13, '0000002895792'],
    filler: [61, 68, '0'.repeat(68)],
  },
);

describe('every layout names its source and what is not confirmed', () => {
  const domain = readFileSync(fileURLToPath(new URL('../../../../docs/domain.md', import.meta.url)), 'utf8');
  it.each([sso110, pnd1, BANK_FILES.ktb.layout, BANK_FILES.bbl.layout])('$name', (l) => {
    expect(l.source).toMatch(/read 2026-11-25/);
    // checked again against more public sources on this date (none of them the office's or bank's own)
    expect(l.source).toMatch(/2026-11-26/);
    expect(l.unconfirmed).toBeDefined();
    // a source outside the project, written in the docs as the layout states it
    expect(l.source).not.toMatch(/docs\//);
    expect(domain).toContain(l.source);
  });
});
