import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Envelope, Option, PayrollTableQuery, PayslipPdfBody, PayslipRow, TableEnvelope } from '@khabkhi/contracts';
import { registerDocumentType, signDocumentLink } from '../../documents/index.js';
import { actorOf, assertBranch } from '../../http/auth.js';
import { ok, pageOf, table } from '../../http/envelope.js';
import { badRequest, notFound } from '../../http/errors.js';
import { payslipsHtml, summaryHtml } from './document.js';
import {
  branchCode,
  currentPayslips,
  findPayrollRecord,
  findPayslip,
  getPayroll,
  hasCurrentPayslip,
  payslipBranch,
  schoolSettingsRow,
} from './repo.js';
import { payrollRows, getSheet } from './sheet.js';
import { payslipTable } from './lists.js';
import { type PayslipSnapshot } from './payslips.js';
import { tags } from './schemas.js';

/** Payslips and the month's summary: the documents, the list of issued payslips and their signed links. */
export function payslipRoutes(plain: FastifyInstance) {
  const app = plain.withTypeProvider<TypeBoxTypeProvider>();
  const db = () => app.deps.database.db;

  const school = async () => {
    const s = await schoolSettingsRow(db());
    return { name: s?.name ?? '', tax_id: s?.tax_id ?? '' };
  };
  registerDocumentType(plain, 'payslip', async (id) => {
    const s = await findPayslip(db(), id);
    if (!s) throw notFound('ไม่พบสลิปเงินเดือนนี้');
    const snap = s.snapshot as unknown as PayslipSnapshot;
    return {
      pdf: await app.documents.html(payslipsHtml(await school(), [{ ...snap, superseded: !s.is_current }])),
      filename: `สลิปเงินเดือน-${s.month}-${snap.employee.name}${s.version > 1 ? `-ฉบับที่${s.version}` : ''}.pdf`,
    };
  });
  registerDocumentType(plain, 'payslips', async (id) => {
    const list = await currentPayslips(db(), id);
    if (!list.length) throw notFound('ยังไม่มีสลิปเงินเดือนของรอบนี้');
    const code = await branchCode(db(), list[0]!.branch_id);
    return {
      pdf: await app.documents.html(
        payslipsHtml(
          await school(),
          list.map((s) => s.snapshot as unknown as PayslipSnapshot),
        ),
      ),
      filename: `สลิปเงินเดือน-${code}-${list[0]!.month}.pdf`,
    };
  });
  registerDocumentType(plain, 'payroll-summary', async (id) => {
    const p = await findPayrollRecord(db(), id);
    if (!p) throw notFound('ไม่พบรอบเงินเดือนนี้');
    const [row] = await payrollRows(db(), [p]);
    const sheet = await getSheet(
      db(),
      {
        userId: 0,
        username: '',
        roleId: 0,
        roleSlug: '',
        branchId: p.branch_id,
        familyId: '',
        abilities: [],
        branchScope: null,
      },
      String(p.branch_id),
      p.month,
    );
    const steps = [
      row!.submitted.by ? `ส่งตรวจโดย ${row!.submitted.by}` : '',
      row!.confirmed.by ? `ยืนยันโดย ${row!.confirmed.by}` : '',
      row!.approved.by ? `อนุมัติโดย ${row!.approved.by}` : '',
    ].filter(Boolean);
    const html = summaryHtml({
      school: (await school()).name,
      branch: row!.branch_name,
      month_name: row!.month_name,
      status_name: row!.status_name,
      lines: sheet.lines,
      totals: sheet.totals,
      steps,
    });
    return { pdf: await app.documents.html(html), filename: `สรุปเงินเดือน-${p.month}.pdf` };
  });

  app.get(
    '/payroll/payslip/gettable',
    {
      config: { auth: ['read', 'Payroll'] },
      schema: {
        tags,
        summary: 'Issued payslips (every version; the current one flagged)',
        querystring: PayrollTableQuery,
        response: {
          200: TableEnvelope(PayslipRow, Type.Object({ branch: Type.Array(Option), month: Type.Array(Option) })),
        },
      },
    },
    async (req) => {
      const { page, perPage, offset } = pageOf(req.query);
      const r = await payslipTable(db(), actorOf(req), req.query, perPage, offset);
      return table(r.rows, r.filter, page, perPage, r.total);
    },
  );

  app.post(
    '/payroll/payslip/pdf',
    {
      config: { auth: ['read', 'Payroll'] },
      schema: {
        tags,
        summary: 'Signed link (data.pdf) to one payslip, all payslips of a payroll, or the month’s summary',
        body: PayslipPdfBody,
        response: { 200: Envelope(Type.Object({ pdf: Type.String() })) },
      },
    },
    async (req) => {
      const actor = actorOf(req);
      const b = req.body;
      if (b.payslip_id) {
        const s = await payslipBranch(db(), b.payslip_id);
        if (!s) throw notFound('ไม่พบสลิปเงินเดือนนี้');
        assertBranch(actor, s.branch_id);
        return ok({ pdf: await signDocumentLink(app.deps.secret, { type: 'payslip', id: b.payslip_id }) });
      }
      if (!b.payroll_id) throw badRequest('สลิปเงินเดือน: ต้องระบุสลิปหรือรอบเงินเดือน');
      const p = await getPayroll(db(), actor, b.payroll_id);
      if (b.document !== 'summary') {
        if (!(await hasCurrentPayslip(db(), p.payroll_id)))
          throw badRequest('ยังไม่มีสลิปเงินเดือนของรอบนี้ สลิปออกเมื่อเงินเดือนได้รับอนุมัติ');
      }
      return ok({
        pdf: await signDocumentLink(app.deps.secret, {
          type: b.document === 'summary' ? 'payroll-summary' : 'payslips',
          id: p.payroll_id,
        }),
      });
    },
  );
}
