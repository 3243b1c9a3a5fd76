/**
 * Statutory files of an approved (or submitted) payroll, from its stored lines:
 * - the SSO contribution list สปส.1-10 as the e-service's fixed-width text: 135-character records in TIS-620,
 *   a header (type 1) and one detail (type 2) per insured person, amounts ×100 zero-padded (DOMAIN.md);
 * - the ภ.ง.ด.1 lines in the Revenue Department's pipe-delimited UTF-8 text with CRLF.
 * Layouts follow DOMAIN.md; check them against the offices' published specifications before filing.
 */
import { toSatang } from '@khabkhi/thai';

/** TIS-620: Thai U+0E01–U+0E5B are bytes 0xA1–0xFB; ASCII as is; anything else becomes '?'. */
export function tis620(s: string): Buffer {
  const out = Buffer.alloc(s.length);
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    out[i] = c < 0x80 ? c : c >= 0x0e01 && c <= 0x0e5b ? c - 0x0e00 + 0xa0 : 0x3f;
  }
  return out;
}

const text = (s: string, n: number) => [...s].slice(0, n).join('').padEnd(n, ' ');
const num = (v: number, n: number) =>
  String(Math.max(0, Math.round(v)))
    .padStart(n, '0')
    .slice(-n);
const amount = (baht: string, n: number) => num(toSatang(baht), n);
const digits = (s: string, n: number) => s.replace(/\D/g, '').padStart(n, '0').slice(0, n);
export const PREFIX_CODES: Record<string, string> = { นาย: '003', นางสาว: '004', นาง: '005' };

export interface FileLine {
  idcard: string;
  prefix: string;
  fname: string;
  sname: string;
  sso_base: string;
  sso_employee: string;
  sso_employer: string;
  salary: string;
  income: string;
  tax: string;
  address: string;
  subdistrict: string;
  district: string;
  province: string;
  postcode: string;
}
export interface FileHead {
  employer_account: string;
  sso_branch: string;
  company: string;
  month: string;
  pay_date: string;
  rate_percent: string;
  tax_id: string;
  tax_branch_no: string;
}

/** DDMMYY with the Buddhist-era year. */
const ddmmyyBE = (iso: string) =>
  `${iso.slice(8, 10)}${iso.slice(5, 7)}${String(Number(iso.slice(0, 4)) + 543).slice(-2)}`;

/** สปส.1-10 text: the header record, then one detail record per person with a wage; each 135 characters, CRLF. */
export function ssoText(h: FileHead, lines: FileLine[]): { records: string[]; buffer: Buffer } {
  const insured = lines.filter((l) => toSatang(l.sso_base) > 0);
  const wages = insured.reduce((a, l) => a + toSatang(l.sso_base), 0);
  const emp = insured.reduce((a, l) => a + toSatang(l.sso_employee), 0);
  const er = insured.reduce((a, l) => a + toSatang(l.sso_employer), 0);
  const period = `${h.month.slice(5, 7)}${String(Number(h.month.slice(0, 4)) + 543).slice(-2)}`;
  const header = [
    '1',
    digits(h.employer_account, 10),
    digits(h.sso_branch, 6),
    ddmmyyBE(h.pay_date),
    period,
    text(h.company, 45),
    num(toSatang(h.rate_percent), 4),
    num(insured.length, 6),
    num(wages, 15),
    num(emp + er, 14),
    num(emp, 12),
    num(er, 12),
  ].join('');
  const details = insured.map((l) =>
    [
      '2',
      digits(l.idcard, 13),
      PREFIX_CODES[l.prefix] ?? '000',
      text(l.fname, 30),
      text(l.sname, 35),
      amount(l.sso_base, 14),
      amount(l.sso_employee, 12),
      ' '.repeat(27),
    ].join(''),
  );
  const records = [header, ...details];
  return { records, buffer: Buffer.concat(records.map((r) => tis620(`${r}\r\n`))) };
}

/** ภ.ง.ด.1 lines: a header (H) and a detail (D) per employee paid, income type 40(1), withheld at source (condition 1). */
export function pnd1Text(h: FileHead, lines: FileLine[]): { records: string[]; buffer: Buffer } {
  const paid = lines.filter((l) => toSatang(l.salary) + toSatang(l.income) > 0);
  const money = (s: number) => (s / 100).toFixed(2);
  const payDate = `${h.pay_date.slice(8, 10)}${h.pay_date.slice(5, 7)}${Number(h.pay_date.slice(0, 4)) + 543}`;
  const total = paid.reduce((a, l) => a + toSatang(l.salary) + toSatang(l.income), 0);
  const tax = paid.reduce((a, l) => a + toSatang(l.tax), 0);
  const clean = (s: string) => s.replace(/[|\r\n]/g, ' ').trim();
  const header = [
    'H',
    digits(h.tax_id, 13),
    digits(h.tax_branch_no, 5),
    h.month.slice(5, 7),
    String(Number(h.month.slice(0, 4)) + 543),
    String(paid.length),
    money(total),
    money(tax),
  ].join('|');
  const details = paid.map((l, i) =>
    [
      'D',
      String(i + 1),
      digits(h.tax_branch_no, 5),
      digits(l.idcard, 13),
      clean(l.prefix),
      clean(l.fname),
      clean(l.sname),
      clean(l.address),
      clean(l.subdistrict),
      clean(l.district),
      clean(l.province),
      clean(l.postcode),
      payDate,
      '40(1)',
      money(toSatang(l.salary) + toSatang(l.income)),
      money(toSatang(l.tax)),
      '1',
    ].join('|'),
  );
  const records = [header, ...details];
  return { records, buffer: Buffer.from(records.map((r) => `${r}\r\n`).join(''), 'utf8') };
}

export interface BankLine {
  bank: string;
  bank_acc: string;
  name: string;
  net: string;
  pay_type: string;
}

/** The salary transfer list: employees paid by transfer, grouped by bank, as CSV (UTF-8 with BOM for Excel). */
export function bankCsv(lines: BankLine[]): { records: string[]; buffer: Buffer } {
  const q = (v: string) => `"${v.replace(/"/g, '""')}"`;
  const paid = lines
    .filter((l) => l.pay_type === 'transfer' && toSatang(l.net) > 0)
    .sort((a, b) => a.bank.localeCompare(b.bank, 'th') || a.name.localeCompare(b.name, 'th'));
  const records = ['ธนาคาร,เลขที่บัญชี,ชื่อบัญชี,จำนวนเงิน'];
  for (const bank of [...new Set(paid.map((l) => l.bank))]) {
    const mine = paid.filter((l) => l.bank === bank);
    for (const l of mine)
      records.push(
        [q(l.bank || 'ไม่ระบุธนาคาร'), q(`'${l.bank_acc}`), q(l.name), (toSatang(l.net) / 100).toFixed(2)].join(','),
      );
    records.push(
      [
        q(`รวม ${bank || 'ไม่ระบุธนาคาร'}`),
        '',
        q(`${mine.length} คน`),
        (mine.reduce((a, l) => a + toSatang(l.net), 0) / 100).toFixed(2),
      ].join(','),
    );
  }
  return { records, buffer: Buffer.from(`\ufeff${records.join('\r\n')}\r\n`, 'utf8') };
}
