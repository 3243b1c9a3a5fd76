/**
 * The statutory files of an approved payroll (สปส.1-10, ภ.ง.ด.1, the transfer lists) and the withholding
 * certificates 50 ทวิ with their book and number. Files are produced only for an approved month, only with the
 * SSO's own numbers set, and only when every person carries an identification number the offices take; each
 * export is written to the audit log (it carries personal data).
 */
import { and, asc, eq, like, sql } from 'drizzle-orm';
import { formatAddress } from '../customers/index.js';
import { fromSatang, toSatang } from '@khabkhi/thai';
import type { Conn, Db } from '../../db/connection.js';
import { users } from '../../db/schema/core.js';
import { payrollCertificates } from '../../db/schema/certificates.js';
import { payrollLines, payrolls } from '../../db/schema/payroll.js';
import { audit } from '../../http/audit.js';
import type { Actor } from '../../http/auth.js';
import { badRequest, conflict, notFound } from '../../http/errors.js';
import {
  badIds,
  badPrefixes,
  bankCsv,
  bankSplit,
  bankText,
  insuredOf,
  paidOf,
  pnd1Text,
  ssoText,
  type BankKey,
} from './files.js';
import { BANK_FILES } from './layouts/banks.js';
import { lastDayOf } from './common.js';
import { ratesFor } from './rates.js';
import { approvedLinesOfYear, findBranch, getPayroll, linesWithUsers, schoolSettingsRow } from './repo.js';

export type FileKind = 'sso' | 'sso_xlsx' | 'pnd1' | 'bank' | 'bank_ktb' | 'bank_bbl';
export interface FileRequest {
  payroll_id: number;
  document: FileKind;
  /** the school's account at the bank (bank files) */
  account?: string;
  /** the company ID the bank gave the school (KTB) */
  company_id?: string;
}

const list = (names: string[]) => names.join(', ');

/** One file of an approved payroll, as base64 with its name, type and record count; audited. */
export async function produceFile(db: Db, actor: Actor, b: FileRequest, reqId?: string) {
  const p = await getPayroll(db, actor, b.payroll_id);
  if (p.status !== 'approved')
    throw conflict('ยังสร้างไฟล์นำส่งและรายการโอนเงินไม่ได้: เงินเดือนรอบนี้ยังไม่ได้รับอนุมัติ (ไฟล์ออกได้เฉพาะเดือนที่อนุมัติแล้ว)');
  const branch = (await findBranch(db, p.branch_id))!;
  const s = await schoolSettingsRow(db);
  const rows = await linesWithUsers(db, p.payroll_id);
  const payDate = lastDayOf(p.month);
  const lines = rows.map(({ l, u }) => ({
    name: `${u.prefix}${u.fname} ${u.sname}`.trim(),
    idcard: u.idcard,
    prefix: u.prefix,
    fname: u.fname,
    sname: u.sname,
    sso_base: l.sso_base,
    // the wage actually paid (ค่าจ้างที่จ่ายจริง) as the engine computed and stored it with the line: the file of an
    // approved month reads what was approved, never a figure worked out again from today's catalogue
    sso_wage: l.sso_wage,
    sso_employee: l.sso_employee,
    sso_employer: l.sso_employer,
    salary: l.salary,
    income: l.income,
    tax: l.tax,
  }));
  const doc = b.document;
  let out: { filename: string; mime: string; buffer: Buffer; records: number; message?: string };
  if (doc === 'sso' || doc === 'sso_xlsx') {
    const missing = [
      !s?.sso_account && 'เลขที่บัญชีนายจ้าง (ประกันสังคม) 10 หลัก ที่เมนูตั้งค่า > ข้อมูลโรงเรียน',
      !branch.sso_branch_no && `เลขที่สาขา (ประกันสังคม) 6 หลัก ของสาขา${branch.name} ที่เมนูสาขา > แก้ไขสาขา`,
    ].filter(Boolean);
    if (missing.length) throw badRequest(`ยังสร้างไฟล์ สปส.1-10 ไม่ได้: กรุณาระบุ${missing.join(' และ ')}`);
    const insured = insuredOf(lines);
    const ids = badIds(insured);
    if (ids.length)
      throw badRequest(
        `ยังสร้างไฟล์ สปส.1-10 ไม่ได้: เลขประจำตัวประชาชนของ ${list(ids)} ไม่ถูกต้อง (ต้องเป็นเลข 13 หลักที่ทางราชการออกให้ คนต่างด้าวใช้เลข 13 หลักของกรมการจัดหางานหรือสำนักงานประกันสังคม ไม่ใช่เลขหนังสือเดินทาง) กรุณาแก้ไขที่ข้อมูลพนักงาน`,
      );
    const prefixes = badPrefixes(insured);
    if (prefixes.length)
      throw badRequest(
        `ยังสร้างไฟล์ สปส.1-10 ไม่ได้: คำนำหน้าชื่อของ ${list(prefixes)} ไม่มีรหัสในแบบ สปส.1-10 (ใช้ได้ นาย นาง นางสาว) กรุณาแก้ไขที่ข้อมูลพนักงาน`,
      );
    if (doc === 'sso_xlsx') {
      // the rows of the SSO e-service's Excel upload; the web writes the workbook (sheet named by the 6-digit SSO branch)
      const rowsOut = insured.map((l) => ({
        idcard: l.idcard,
        prefix: l.prefix,
        fname: l.fname,
        sname: l.sname,
        wage: l.sso_wage,
        contribution: l.sso_employee,
      }));
      out = {
        filename: `สปส1-10-${branch.code}-${p.month}.xlsx`,
        mime: 'application/json',
        buffer: Buffer.from(JSON.stringify({ sheet: branch.sso_branch_no, rows: rowsOut })),
        records: rowsOut.length,
      };
    } else {
      const rates = await ratesFor(db, p.month);
      const f = ssoText(
        {
          employer_account: s!.sso_account,
          sso_branch: branch.sso_branch_no,
          company: s?.name ?? '',
          month: p.month,
          pay_date: payDate,
          rate_percent: (rates.sso.employee_bp / 100).toFixed(2),
        },
        lines,
      );
      out = {
        filename: `สปส1-10-${branch.code}-${p.month}.txt`,
        mime: 'text/plain; charset=TIS-620',
        buffer: f.buffer,
        records: f.records.length,
      };
    }
  } else if (doc === 'pnd1') {
    const ids = badIds(paidOf(lines));
    if (ids.length)
      throw badRequest(
        `ยังสร้างไฟล์ ภ.ง.ด.1 ไม่ได้: เลขประจำตัวผู้เสียภาษีของ ${list(ids)} ไม่ถูกต้อง (ต้องเป็นเลข 13 หลักที่ทางราชการออกให้ คนต่างด้าวใช้เลขประจำตัวผู้เสียภาษีอากร 13 หลักจากกรมสรรพากร ไม่ใช่เลขหนังสือเดินทาง) กรุณาแก้ไขที่ข้อมูลพนักงาน`,
      );
    const f = pnd1Text({ pay_date: payDate }, lines);
    out = {
      filename: `ภงด1-${branch.code}-${p.month}.txt`,
      mime: 'text/plain; charset=utf-8',
      buffer: f.buffer,
      records: f.records.length,
    };
  } else {
    const bankLines = rows.map(({ l, u }) => ({
      bank: u.bank,
      bank_acc: u.bank_acc,
      name: `${u.prefix}${u.fname} ${u.sname}`,
      net: l.net,
      pay_type: u.salary_pay_type,
    }));
    if (doc === 'bank') {
      const f = bankCsv(bankLines);
      out = {
        filename: `โอนเงินเดือน-${branch.code}-${p.month}.csv`,
        mime: 'text/csv; charset=utf-8',
        buffer: f.buffer,
        records: f.records.length,
      };
    } else {
      const key: BankKey = doc === 'bank_ktb' ? 'ktb' : 'bbl';
      const bank = BANK_FILES[key];
      const account = (b.account ?? '').replace(/[\s-]/g, '');
      if (!new RegExp(`^\\d{${bank.accountDigits}}$`).test(account))
        throw badRequest(`เลขที่บัญชีของโรงเรียนที่${bank.bank}: ต้องเป็นตัวเลข ${bank.accountDigits} หลัก`);
      const companyId = (b.company_id ?? '').trim();
      if (key === 'ktb' && !companyId) throw badRequest('รหัสบริษัท (Company ID) ที่ธนาคารกรุงไทยให้ไว้: ต้องระบุ');
      const split = bankSplit(key, bankLines);
      if (split.bad.length)
        throw badRequest(
          `ยังสร้างไฟล์โอนเงิน${bank.bank}ไม่ได้: เลขที่บัญชีของ ${list(split.bad)} ต้องเป็นตัวเลข ${bank.accountDigits} หลัก กรุณาแก้ไขที่ข้อมูลพนักงาน`,
        );
      if (!split.mine.length) throw badRequest(`ไม่มีพนักงานที่รับเงินเดือนโอนเข้าบัญชี${bank.bank}ในรอบนี้`);
      const f = bankText(key, { account, company_id: companyId, company: s?.name ?? '', pay_date: payDate }, bankLines);
      out = {
        filename: `โอนเงินเดือน-${key.toUpperCase()}-${branch.code}-${p.month}.txt`,
        mime: 'text/plain; charset=TIS-620',
        buffer: f.buffer,
        records: f.records.length,
        message: split.others
          ? `สร้างไฟล์แล้ว ${split.mine.length} คน (อีก ${split.others} คนมีบัญชีธนาคารอื่น ใช้รายการโอนเงินทั่วไป)`
          : undefined,
      };
    }
  }
  await audit(
    db,
    actor,
    {
      entity: 'payroll',
      entityId: p.payroll_id,
      action: 'export',
      branchId: p.branch_id,
      after: { document: doc, filename: out.filename, records: out.records },
    },
    reqId,
  );
  return out;
}

// ---- 50 ทวิ ---------------------------------------------------------------------------------------

/** One employee's approved payroll lines of a year (Common Era): income (salary + incomes), tax, social security. */
export async function yearOf(conn: Conn, userId: number, year: number) {
  const rows = await approvedLinesOfYear(conn, userId, year);
  const sum = (f: (r: (typeof rows)[number]) => string[]) =>
    fromSatang(rows.reduce((a, r) => a + f(r).reduce((x, v) => x + toSatang(v), 0), 0));
  return {
    months: rows.length,
    income: sum((r) => [r.salary, r.income]),
    tax: sum((r) => [r.tax]),
    sso: sum((r) => [r.sso]),
  };
}

/** The book of a tax year's certificates: its Buddhist year. */
export const bookOf = (year: number) => String(year + 543);

/**
 * The certificate of a person and year: the stored one, or a new one with the next number of the year's book.
 * Two issues at once: the unique indexes (person and year; book and number) refuse the second insert, which
 * then reads the winner's row or takes the next number.
 */
export async function issueCertificate(db: Db, actor: Actor, userId: number, year: number, reqId?: string) {
  const book = bookOf(year);
  const mine = and(eq(payrollCertificates.user_id, userId), eq(payrollCertificates.year, year));
  for (let attempt = 0; attempt < 8; attempt++) {
    const [have] = await db.select().from(payrollCertificates).where(mine);
    if (have) return have;
    const row = await db.transaction(async (tx) => {
      const [{ next }] = (await tx
        .select({ next: sql<number>`coalesce(max(${payrollCertificates.number}), 0)::int + 1` })
        .from(payrollCertificates)
        .where(eq(payrollCertificates.book_no, book))) as [{ next: number }];
      const [made] = await tx
        .insert(payrollCertificates)
        .values({ user_id: userId, year, book_no: book, number: next, issued_by: actor.userId })
        .onConflictDoNothing()
        .returning();
      if (made)
        await audit(
          tx,
          actor,
          { entity: 'payroll_certificate', entityId: made.certificate_id, action: 'create', after: made },
          reqId,
        );
      return made;
    });
    if (row) return row;
  }
  throw conflict('มีการออกหนังสือรับรองพร้อมกันหลายรายการ กรุณาลองใหม่อีกครั้ง');
}

/** The stored certificate of a person and year, if issued. */
export async function storedCertificate(conn: Conn, userId: number, year: number) {
  const [c] = await conn
    .select()
    .from(payrollCertificates)
    .where(and(eq(payrollCertificates.user_id, userId), eq(payrollCertificates.year, year)));
  return c;
}

/** The people paid by a branch's approved payrolls in a year (leavers included), by name. */
export async function paidByBranch(conn: Conn, branchId: number, year: number) {
  const rows = await conn
    .selectDistinct({ user_id: users.user_id, fname: users.fname, sname: users.sname })
    .from(payrollLines)
    .innerJoin(payrolls, eq(payrolls.payroll_id, payrollLines.payroll_id))
    .innerJoin(users, eq(users.user_id, payrollLines.user_id))
    .where(and(eq(payrolls.branch_id, branchId), eq(payrolls.status, 'approved'), like(payrolls.month, `${year}-%`)))
    .orderBy(asc(users.fname), asc(users.sname), asc(users.user_id));
  return rows.map((r) => r.user_id);
}

/** What a certificate prints: payer, payee, the year's figures, its book and number. */
export async function certificateData(conn: Conn, userId: number, year: number) {
  const [u] = await conn.select().from(users).where(eq(users.user_id, userId));
  if (!u) throw notFound('ไม่พบพนักงานนี้');
  const s = await schoolSettingsRow(conn);
  const c = await storedCertificate(conn, userId, year);
  if (!c) throw notFound('ยังไม่ได้ออกหนังสือรับรองการหักภาษีฉบับนี้');
  return {
    payer: { name: s?.name ?? '', tax_id: s?.tax_id ?? '', address: s?.address ?? '' },
    payee: { name: `${u.prefix}${u.fname} ${u.sname}`, idcard: u.idcard, address: formatAddress(u) },
    year_be: year + 543,
    book_no: c.book_no,
    number: c.number,
    ...(await yearOf(conn, userId, year)),
    // the first issue's date in Bangkok
    issued: new Date(c.createdAt.getTime() + 7 * 3600_000).toISOString().slice(0, 10),
  };
}
