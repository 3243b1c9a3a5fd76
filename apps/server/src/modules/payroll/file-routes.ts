/** HTTP of the statutory files and the withholding certificates (the rules are in statutory.ts). */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Envelope } from '@khabkhi/contracts';
import { registerDocumentType, signDocumentLink } from '../../documents/index.js';
import { actorOf, assertBranch } from '../../http/auth.js';
import { ok } from '../../http/envelope.js';
import { badRequest, notFound } from '../../http/errors.js';
import { wht50Html } from './document.js';
import { branchOfUser, findBranch } from './repo.js';
import { certificateData, issueCertificate, paidByBranch, produceFile, yearOf } from './statutory.js';

const tags = ['payroll'];
const Year = Type.Integer({ minimum: 2000, maximum: 2100 });
const IdInt = Type.Integer({ minimum: 1, maximum: 2147483647 });
/** A document id packs an id and a year: id × 10000 + year. */
const pack = (id: number, year: number) => id * 10000 + year;
const unpack = (v: number) => ({ id: Math.floor(v / 10000), year: v % 10000 });

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
          'A file of an approved payroll, base64: the SSO contribution list สปส.1-10 (text, TIS-620, or the rows of its Excel sheet), the ภ.ง.ด.1 text for RD Prep (UTF-8), the generic transfer CSV, or a bank’s payroll upload (Krungthai, Bangkok Bank; with the school’s account there)',
        body: Type.Object(
          {
            payroll_id: IdInt,
            document: Type.Union([
              Type.Literal('sso'),
              Type.Literal('sso_xlsx'),
              Type.Literal('pnd1'),
              Type.Literal('bank'),
              Type.Literal('bank_ktb'),
              Type.Literal('bank_bbl'),
            ]),
            account: Type.Optional(Type.String({ maxLength: 20 })),
            company_id: Type.Optional(Type.String({ maxLength: 16 })),
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
      const f = await produceFile(db(), actorOf(req), req.body, req.id);
      return ok(
        { filename: f.filename, mime: f.mime, content: f.buffer.toString('base64'), records: f.records },
        f.message ?? 'สร้างไฟล์เรียบร้อยแล้ว',
      );
    },
  );

  registerDocumentType(plain, 'wht50', async (v) => {
    const { id, year } = unpack(v);
    const d = await certificateData(db(), id, year);
    return { pdf: await app.documents.html(wht50Html([d])), filename: `50ทวิ-${year + 543}-${d.number}.pdf` };
  });
  registerDocumentType(plain, 'wht50-branch', async (v) => {
    const { id, year } = unpack(v);
    const b = await findBranch(db(), id);
    if (!b) throw notFound('ไม่พบสาขานี้');
    const list = [];
    for (const userId of await paidByBranch(db(), id, year)) list.push(await certificateData(db(), userId, year));
    return {
      pdf: await app.documents.html(wht50Html(list)),
      filename: `50ทวิ-${year + 543}-${b.code}.pdf`,
    };
  });

  const Figures = {
    months: Type.Integer(),
    income: Type.String(),
    tax: Type.String(),
    sso: Type.String(),
  };

  app.post(
    '/payroll/certificate',
    {
      config: { auth: ['read', 'Payroll'] },
      schema: {
        tags,
        summary:
          'Signed link (data.pdf) to an employee’s — or a leaver’s — annual withholding certificate (50 ทวิ) from the approved payrolls of a year; the first request gives it its book and number (เล่มที่/เลขที่), kept for every reprint',
        body: Type.Object({ user_id: IdInt, year: Year }, { additionalProperties: false }),
        response: {
          200: Envelope(
            Type.Object({ pdf: Type.String(), book_no: Type.String(), number: Type.Integer(), ...Figures }),
          ),
        },
      },
    },
    async (req) => {
      const actor = actorOf(req);
      const { user_id, year } = req.body;
      // a leaver keeps their certificate: found even once deleted
      await branchOfUser(db(), actor, user_id, true);
      const y = await yearOf(db(), user_id, year);
      if (!y.months) throw badRequest(`ยังไม่มีเงินเดือนที่อนุมัติแล้วของพนักงานนี้ในปี ${year + 543}`);
      const c = await issueCertificate(db(), actor, user_id, year, req.id);
      return ok({
        pdf: await signDocumentLink(app.deps.secret, { type: 'wht50', id: pack(user_id, year) }),
        book_no: c.book_no,
        number: c.number,
        ...y,
      });
    },
  );

  app.post(
    '/payroll/certificates',
    {
      config: { auth: ['read', 'Payroll'] },
      schema: {
        tags,
        summary:
          'Signed link (data.pdf) to one PDF of a branch’s withholding certificates (50 ทวิ) of a year: everyone its approved payrolls paid, leavers included, each numbered',
        body: Type.Object({ branch_id: IdInt, year: Year }, { additionalProperties: false }),
        response: { 200: Envelope(Type.Object({ pdf: Type.String(), count: Type.Integer() })) },
      },
    },
    async (req) => {
      const actor = actorOf(req);
      const { branch_id, year } = req.body;
      const b = await findBranch(db(), branch_id);
      if (!b) throw notFound('ไม่พบสาขานี้');
      assertBranch(actor, branch_id);
      const people = await paidByBranch(db(), branch_id, year);
      if (!people.length) throw badRequest(`ยังไม่มีเงินเดือนที่อนุมัติแล้วของสาขานี้ในปี ${year + 543}`);
      for (const userId of people) await issueCertificate(db(), actor, userId, year, req.id);
      return ok({
        pdf: await signDocumentLink(app.deps.secret, { type: 'wht50-branch', id: pack(branch_id, year) }),
        count: people.length,
      });
    },
  );
}
