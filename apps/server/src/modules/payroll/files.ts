/**
 * Statutory files and the salary transfer lists of an approved payroll, from its stored lines, written through the
 * layouts kept as data in ./layouts (each with its source): the SSO contribution list สปส.1-10, the ภ.ง.ด.1 text
 * for RD Prep, the generic transfer CSV and the two banks' payroll uploads.
 *
 * A person goes into the SSO and ภ.ง.ด.1 files only with a 13-digit identification number that passes the
 * national ID check digit (Thai nationals, and foreign workers with the 13-digit number the Department of
 * Provincial Administration or the Department of Employment issues, which uses the same check digit). A passport
 * number, a number padded to 13 digits or 0000000000000 is refused: the file is not produced and the message names
 * the people to fix, because both offices key every line by that number and a wrong one credits nobody.
 */
import { isValidThaiNationalId, toSatang } from '@khabkhi/thai';
import { encode, render } from './layouts/layout.js';
import { SSO_PREFIX_CODES, sso110 } from './layouts/sso-1-10.js';
import { PND1_CONDITION_WITHHELD, PND1_INCOME_CODES, pnd1 } from './layouts/pnd1.js';
import { BANK_FILES } from './layouts/banks.js';

export { tis620 } from './layouts/layout.js';
export const PREFIX_CODES = SSO_PREFIX_CODES;

export interface FileLine {
  name: string;
  idcard: string;
  prefix: string;
  fname: string;
  sname: string;
  sso_base: string;
  /** the wage actually paid this month (before the SSO floor and ceiling), as the contribution list reports it */
  sso_wage: string;
  sso_employee: string;
  sso_employer: string;
  salary: string;
  income: string;
  tax: string;
}
export interface FileHead {
  employer_account: string;
  sso_branch: string;
  company: string;
  month: string;
  pay_date: string;
  rate_percent: string;
}

/** The people of a file whose identification number the offices would not take, as "name (number)". */
export function badIds(lines: { name: string; idcard: string }[]): string[] {
  return lines
    .filter((l) => !isValidThaiNationalId(l.idcard) || /^0{12}/.test(l.idcard))
    .map((l) => `${l.name} (${l.idcard || 'ไม่มีเลข'})`);
}

/** The people whose name prefix has no code in the SSO's list (003 นาย, 004 นางสาว, 005 นาง). */
export function badPrefixes(lines: { name: string; prefix: string }[]): string[] {
  return lines.filter((l) => !SSO_PREFIX_CODES[l.prefix]).map((l) => `${l.name} (${l.prefix || 'ไม่มีคำนำหน้า'})`);
}

const be = (iso: string) => Number(iso.slice(0, 4)) + 543;
/** DDMMYY with the Buddhist-era year. */
export const ddmmyyBE = (iso: string) => `${iso.slice(8, 10)}${iso.slice(5, 7)}${String(be(iso)).slice(-2)}`;
/** DDMMYYYY with the Buddhist-era year. */
export const ddmmyyyyBE = (iso: string) => `${iso.slice(8, 10)}${iso.slice(5, 7)}${be(iso)}`;

/** The people insured this month: a social security base above zero. */
export const insuredOf = <T extends { sso_base: string }>(lines: T[]) => lines.filter((l) => toSatang(l.sso_base) > 0);
/** The people paid this month: salary or other income above zero. */
export const paidOf = <T extends { salary: string; income: string }>(lines: T[]) =>
  lines.filter((l) => toSatang(l.salary) + toSatang(l.income) > 0);

/** สปส.1-10 text: the header record, then one detail record per insured person (sso-1-10.ts). */
export function ssoText(h: FileHead, lines: FileLine[]): { records: string[]; buffer: Buffer } {
  const insured = insuredOf(lines);
  const sum = (f: (l: FileLine) => string) => insured.reduce((a, l) => a + toSatang(f(l)), 0);
  const employee = sum((l) => l.sso_employee);
  const employer = sum((l) => l.sso_employer);
  const header = render(sso110.records.header, {
    employer_account: h.employer_account,
    sso_branch: h.sso_branch,
    pay_date: ddmmyyBE(h.pay_date),
    period: `${h.month.slice(5, 7)}${String(be(`${h.month}-01`)).slice(-2)}`,
    company: h.company,
    rate: toSatang(h.rate_percent),
    insured: insured.length,
    total_wages: sum((l) => l.sso_wage),
    total_contribution: employee + employer,
    employee_part: employee,
    employer_part: employer,
  });
  const details = insured.map((l) =>
    render(sso110.records.detail, {
      idcard: l.idcard,
      prefix: SSO_PREFIX_CODES[l.prefix] ?? '',
      fname: l.fname,
      sname: l.sname,
      wage: toSatang(l.sso_wage),
      contribution: toSatang(l.sso_employee),
    }),
  );
  const records = [header, ...details];
  return { records, buffer: encode(sso110, records) };
}

const baht = (satang: number) => (satang / 100).toFixed(2);

/** ภ.ง.ด.1 text: one line per person paid this month, income type 40(1) กรณีทั่วไป, withheld at source (pnd1.ts). */
export function pnd1Text(h: Pick<FileHead, 'pay_date'>, lines: FileLine[]): { records: string[]; buffer: Buffer } {
  const records = paidOf(lines).map((l, i) =>
    render(pnd1.records.detail, {
      income_code: PND1_INCOME_CODES.salary,
      seq: i + 1,
      idcard: l.idcard,
      prefix: l.prefix,
      fname: l.fname,
      sname: l.sname,
      pay_date: ddmmyyyyBE(h.pay_date),
      amount: baht(toSatang(l.salary) + toSatang(l.income)),
      tax: baht(toSatang(l.tax)),
      condition: PND1_CONDITION_WITHHELD,
    }),
  );
  return { records, buffer: encode(pnd1, records) };
}

export interface BankLine {
  bank: string;
  bank_acc: string;
  name: string;
  net: string;
  pay_type: string;
}

/** The people paid by transfer with something to transfer. */
const transfers = (lines: BankLine[]) => lines.filter((l) => l.pay_type === 'transfer' && toSatang(l.net) > 0);

/** The salary transfer list: employees paid by transfer, grouped by bank, as CSV (UTF-8 with BOM for Excel). */
export function bankCsv(lines: BankLine[]): { records: string[]; buffer: Buffer } {
  const q = (v: string) => `"${v.replace(/"/g, '""')}"`;
  const paid = transfers(lines).sort(
    (a, b) => a.bank.localeCompare(b.bank, 'th') || a.name.localeCompare(b.name, 'th'),
  );
  const records = ['ธนาคาร,เลขที่บัญชี,ชื่อบัญชี,จำนวนเงิน'];
  for (const bank of [...new Set(paid.map((l) => l.bank))]) {
    const mine = paid.filter((l) => l.bank === bank);
    for (const l of mine)
      records.push([q(l.bank || 'ไม่ระบุธนาคาร'), q(`'${l.bank_acc}`), q(l.name), baht(toSatang(l.net))].join(','));
    records.push(
      [
        q(`รวม ${bank || 'ไม่ระบุธนาคาร'}`),
        '',
        q(`${mine.length} คน`),
        baht(mine.reduce((a, l) => a + toSatang(l.net), 0)),
      ].join(','),
    );
  }
  return { records, buffer: Buffer.from(`\ufeff${records.join('\r\n')}\r\n`, 'utf8') };
}

export type BankKey = keyof typeof BANK_FILES;
export interface BankHead {
  /** the school's account at the bank, digits */
  account: string;
  /** the company ID the bank gave the school (KTB) */
  company_id: string;
  company: string;
  pay_date: string;
}

/** The bank's own accounts among the transfers, and the people whose account there is not its digits. */
export function bankSplit(key: BankKey, lines: BankLine[]) {
  const f = BANK_FILES[key];
  const mine = transfers(lines).filter((l) => l.bank === f.bank);
  const digits = (s: string) => s.replace(/[\s-]/g, '');
  return {
    mine: mine.map((l) => ({ ...l, bank_acc: digits(l.bank_acc) })),
    others: transfers(lines).length - mine.length,
    bad: mine
      .filter((l) => !new RegExp(`^\\d{${f.accountDigits}}$`).test(digits(l.bank_acc)))
      .map((l) => `${l.name} (${l.bank_acc || 'ไม่มีเลขบัญชี'})`),
  };
}

/** A bank's payroll upload (banks.ts) for the transfers to accounts at that bank. */
export function bankText(key: BankKey, h: BankHead, lines: BankLine[]): { records: string[]; buffer: Buffer } {
  const { layout } = BANK_FILES[key];
  const mine = bankSplit(key, lines).mine;
  const total = mine.reduce((a, l) => a + toSatang(l.net), 0);
  const ce = `${h.pay_date.slice(8, 10)}${h.pay_date.slice(5, 7)}${h.pay_date.slice(0, 4)}`;
  const date = key === 'bbl' ? `${ce.slice(0, 4)}${ce.slice(6)}` : ce;
  const header = render(layout.records.header, {
    count: mine.length,
    total,
    date,
    company_id: h.company_id,
    from_account: h.account,
    company: h.company,
  });
  const details = mine.map((l, i) =>
    render(layout.records.detail, {
      seq: i + 2,
      ref: i + 1,
      to_account: l.bank_acc,
      from_account: h.account,
      date,
      amount: toSatang(l.net),
      receiver_name: l.name,
      sender_name: h.company,
      name: l.name,
    }),
  );
  const trailer = layout.records.trailer
    ? [render(layout.records.trailer, { seq: mine.length + 2, from_account: h.account, count: mine.length, total })]
    : [];
  const records = [header, ...details, ...trailer];
  return { records, buffer: encode(layout, records) };
}
