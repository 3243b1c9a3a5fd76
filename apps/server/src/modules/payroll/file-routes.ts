import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Envelope } from '@khabkhi/contracts';
import { registerDocumentType, signDocumentLink } from '../../documents/index.js';
import { actorOf } from '../../http/auth.js';
import { ok } from '../../http/envelope.js';
import { badRequest, conflict, notFound } from '../../http/errors.js';
import { wht50Html } from './document.js';
import { bankCsv, pnd1Text, ssoText } from './files.js';
import { formatAddress } from '../customers/service.js';
import { fromSatang, toSatang, todayBangkok } from '@khabkhi/thai';
import { lastDayOf } from './common.js';
import { ratesFor } from './rates.js';
import {
  approvedLinesOfYear,
  branchOfUser,
  findBranch,
  findUser,
  getPayroll,
  linesWithUsers,
  schoolSettingsRow,
} from './repo.js';
import { tags } from './schemas.js';

/** The statutory files of a payroll and an employee's annual withholding certificate (50 ทวิ). */
export function fileRoutes(plain: FastifyInstance) {
  const app = plain.withTypeProvider<TypeBoxTypeProvider>();
  const db = () => app.deps.database.db;

  app.post(
    '/payroll/file',
    {
      config: { auth: ['read', 'Payroll'] },
      schema: {
        tags,
        summary:
          'Statutory file of a payroll past draft: the SSO contribution list สปส.1-10 (fixed-width text, TIS-620) or the ภ.ง.ด.1 lines (pipe-delimited UTF-8); base64 content',
        body: Type.Object(
          {
            payroll_id: Type.Integer({ minimum: 1, maximum: 2147483647 }),
            document: Type.Union([
              Type.Literal('sso'),
              Type.Literal('sso_xlsx'),
              Type.Literal('pnd1'),
              Type.Literal('bank'),
            ]),
          },
          { additionalProperties: false },
        ),
        response: {
          200: Envelope(
            Type.Object({
              filename: Type.String(),
              mime: Type.String(),
              content: Type.String(),
              records: Type.Integer(),
            }),
          ),
        },
      },
    },
    async (req) => {
      const p = await getPayroll(db(), actorOf(req), req.body.payroll_id);
      if (p.status === 'draft') throw conflict('ยังสร้างไฟล์นำส่งไม่ได้: เงินเดือนรอบนี้ยังเป็นฉบับร่าง ต้องส่งตรวจก่อน');
      const b = await findBranch(db(), p.branch_id);
      const s = await schoolSettingsRow(db());
      const rates = await ratesFor(db(), p.month);
      const rows = await linesWithUsers(db(), p.payroll_id);
      const lines = rows.map(({ l, u }) => ({
        idcard: u.idcard,
        prefix: u.prefix,
        fname: u.fname,
        sname: u.sname,
        sso_base: l.sso_base,
        sso_employee: l.sso_employee,
        sso_employer: l.sso_employer,
        salary: l.salary,
        income: l.income,
        tax: l.tax,
        address: [u.address, u.moo && `หมู่ ${u.moo}`, u.soi && `ซอย${u.soi}`, u.street && `ถนน${u.street}`]
          .filter(Boolean)
          .join(' '),
        subdistrict: u.subdistrict,
        district: u.district,
        province: u.province,
        postcode: u.postcode,
      }));
      // the SSO employer account: the school's 10-digit account is its tax ID's first 10 digits until a field of its own exists
      const head = {
        employer_account: (s?.tax_id ?? '').slice(0, 10),
        sso_branch: b!.is_head_office ? '000000' : b!.tax_branch_no,
        company: s?.name ?? '',
        month: p.month,
        pay_date: lastDayOf(p.month),
        rate_percent: (rates.sso.employee_bp / 100).toFixed(2),
        tax_id: s?.tax_id ?? '',
        tax_branch_no: b!.tax_branch_no,
      };
      const doc = req.body.document;
      if (doc === 'sso_xlsx') {
        // the rows of the SSO e-service's Excel upload; the web writes the workbook (sheet named by the 6-digit SSO branch)
        const insured = rows
          .filter(({ l }) => toSatang(l.sso_base) > 0)
          .map(({ l, u }) => ({
            idcard: u.idcard,
            prefix: u.prefix,
            fname: u.fname,
            sname: u.sname,
            wage: l.sso_base,
            contribution: l.sso_employee,
          }));
        const sheetName = head.sso_branch.replace(/\D/g, '').padStart(6, '0').slice(0, 6);
        return ok({
          filename: `สปส1-10-${b!.code}-${p.month}.xlsx`,
          mime: 'application/json',
          content: Buffer.from(JSON.stringify({ sheet: sheetName, rows: insured })).toString('base64'),
          records: insured.length,
        });
      }
      const f =
        doc === 'sso'
          ? ssoText(head, lines)
          : doc === 'pnd1'
            ? pnd1Text(head, lines)
            : bankCsv(
                rows.map(({ l, u }) => ({
                  bank: u.bank,
                  bank_acc: u.bank_acc,
                  name: `${u.prefix}${u.fname} ${u.sname}`,
                  net: l.net,
                  pay_type: u.salary_pay_type,
                })),
              );
      const name =
        doc === 'sso'
          ? `สปส1-10-${b!.code}-${p.month}.txt`
          : doc === 'pnd1'
            ? `ภงด1-${b!.code}-${p.month}.txt`
            : `โอนเงินเดือน-${b!.code}-${p.month}.csv`;
      const mime =
        doc === 'sso'
          ? 'text/plain; charset=TIS-620'
          : doc === 'pnd1'
            ? 'text/plain; charset=utf-8'
            : 'text/csv; charset=utf-8';
      return ok({ filename: name, mime, content: f.buffer.toString('base64'), records: f.records.length });
    },
  );

  /** One employee's approved payroll lines of a year (Common Era): income (salary + incomes), tax, social security. */
  const yearOf = async (userId: number, year: number) => {
    const rows = await approvedLinesOfYear(db(), userId, year);
    const sum = (f: (r: (typeof rows)[number]) => string[]) =>
      fromSatang(rows.reduce((a, r) => a + f(r).reduce((x, v) => x + toSatang(v), 0), 0));
    return {
      months: rows.length,
      income: sum((r) => [r.salary, r.income]),
      tax: sum((r) => [r.tax]),
      sso: sum((r) => [r.sso]),
    };
  };
  registerDocumentType(plain, 'wht50', async (id) => {
    const userId = Math.floor(id / 10000);
    const year = id % 10000;
    const u = await findUser(db(), userId);
    if (!u) throw notFound('ไม่พบพนักงานนี้');
    const s = await schoolSettingsRow(db());
    const y = await yearOf(userId, year);
    const html = wht50Html({
      payer: { name: s?.name ?? '', tax_id: s?.tax_id ?? '', address: s?.address ?? '' },
      payee: { name: `${u.prefix}${u.fname} ${u.sname}`, idcard: u.idcard, address: formatAddress(u) },
      year_be: year + 543,
      ...y,
      issued: todayBangkok(),
    });
    return { pdf: await app.documents.html(html), filename: `50ทวิ-${year + 543}-${u.fname}.pdf` };
  });

  app.post(
    '/payroll/certificate',
    {
      config: { auth: ['read', 'Payroll'] },
      schema: {
        tags,
        summary:
          'Signed link (data.pdf) to an employee’s annual withholding certificate (50 ทวิ) from the approved payrolls of a year',
        body: Type.Object(
          {
            user_id: Type.Integer({ minimum: 1, maximum: 2147483647 }),
            year: Type.Integer({ minimum: 2000, maximum: 2100 }),
          },
          { additionalProperties: false },
        ),
        response: {
          200: Envelope(
            Type.Object({
              pdf: Type.String(),
              months: Type.Integer(),
              income: Type.String(),
              tax: Type.String(),
              sso: Type.String(),
            }),
          ),
        },
      },
    },
    async (req) => {
      await branchOfUser(db(), actorOf(req), req.body.user_id);
      const y = await yearOf(req.body.user_id, req.body.year);
      if (!y.months) throw badRequest(`ยังไม่มีเงินเดือนที่อนุมัติแล้วของพนักงานนี้ในปี ${req.body.year + 543}`);
      return ok({
        pdf: await signDocumentLink(app.deps.secret, { type: 'wht50', id: req.body.user_id * 10000 + req.body.year }),
        ...y,
      });
    },
  );
}
