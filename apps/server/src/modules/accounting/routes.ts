import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  AccountingQuery,
  Envelope,
  ExpenseTable,
  Income,
  IncomeBody,
  IncomeDeleteBody,
  IncomeParams,
  IncomeTable,
  IncomeUpdateBody,
  PrintBody,
  ProfitLoss,
  ProfitLossQuery,
  UploadedFile,
} from '@khabkhi/contracts';
import { registerDocumentType, signDocumentLink } from '../../documents/index.js';
import { actorOf } from '../../http/auth.js';
import { metaOf, ok, pageOf } from '../../http/envelope.js';
import { badRequest, notFound } from '../../http/errors.js';
import { acceptUpload } from '../files/upload.js';
import { findReport, printReport, reportHtml } from './report.js';
import { createIncome, deleteIncome, getIncome, refusePaymentRow, updateIncome } from './income.js';
import { expenseTable, incomeTable, rangeOf } from './lists.js';
import { profitLoss } from './profitloss.js';
import { branchFilter } from '../../http/tables.js';
import { assertBranch } from '../../http/auth.js';

const tags = ['accounting'];

/** Update and delete also take payment_id, only to answer why a payment's income row is read-only here. */
const UpdateBody = Type.Object(
  {
    ...IncomeUpdateBody.properties,
    income_id: Type.Optional(IncomeUpdateBody.properties.income_id),
    payment_id: Type.Optional(Type.Integer({ minimum: 1, maximum: 2147483647 })),
  },
  { additionalProperties: false },
);
const DeleteBody = Type.Object(
  {
    income_id: Type.Optional(IncomeDeleteBody.properties.income_id),
    payment_id: Type.Optional(Type.Integer({ minimum: 1, maximum: 2147483647 })),
  },
  { additionalProperties: false },
);

export default async function accountingRoutes(plain: FastifyInstance) {
  const app = plain.withTypeProvider<TypeBoxTypeProvider>();
  const db = () => app.deps.database.db;

  registerDocumentType(plain, 'accounting-report', async (id) => {
    const s = await findReport(db(), id);
    if (!s) throw notFound('ไม่พบรายงานนี้');
    return {
      pdf: await app.documents.html(reportHtml(s), { format: 'a4' }),
      filename: `รายงานรายรับรายจ่าย-${s.range.start}-${s.range.end}.pdf`,
    };
  });

  app.post(
    '/income/create',
    {
      config: { auth: ['create', 'Accounting'] },
      schema: {
        tags,
        summary: 'Record an other income (not a payment of an application), with photos or PDFs attached',
        body: IncomeBody,
        response: { 200: Envelope(Income) },
      },
    },
    async (req) => {
      const row = await db().transaction((tx) => createIncome(tx, actorOf(req), req.body, req.id));
      return ok(row, `บันทึกรายรับ "${row.name}" เรียบร้อยแล้ว`);
    },
  );

  app.put(
    '/income/update',
    {
      config: { auth: ['update', 'Accounting'] },
      schema: {
        tags,
        summary: 'Change an other income (refused on a day closed by the cash close; a payment’s row is read-only)',
        body: UpdateBody,
        response: { 200: Envelope(Income) },
      },
    },
    async (req) => {
      const b = req.body;
      if (b.payment_id !== undefined) await refusePaymentRow(db(), actorOf(req), b.payment_id);
      if (b.income_id === undefined) throw badRequest('รายการรายรับ: ต้องระบุ');
      const row = await db().transaction((tx) =>
        updateIncome(tx, actorOf(req), { ...b, income_id: b.income_id! }, req.id),
      );
      return ok(row, `แก้ไขรายรับ "${row.name}" เรียบร้อยแล้ว`);
    },
  );

  app.delete(
    '/income/delete',
    {
      config: { auth: ['delete', 'Accounting'] },
      schema: {
        tags,
        summary: 'Delete an other income (soft, audited; refused on a closed day; a payment’s row is read-only)',
        body: DeleteBody,
        response: { 200: Envelope(Type.Object({ income_id: Type.Integer(), name: Type.String() })) },
      },
    },
    async (req) => {
      const b = req.body;
      if (b.payment_id !== undefined) await refusePaymentRow(db(), actorOf(req), b.payment_id);
      if (b.income_id === undefined) throw badRequest('รายการรายรับ: ต้องระบุ');
      const r = await db().transaction((tx) => deleteIncome(tx, actorOf(req), b.income_id!, req.id));
      return ok(r, `ลบรายรับ "${r.name}" เรียบร้อยแล้ว`);
    },
  );

  app.get(
    '/income/get/:id',
    {
      config: { auth: ['read', 'Accounting'] },
      schema: {
        tags,
        summary: 'One other income with its attachments',
        params: IncomeParams,
        response: { 200: Envelope(Income) },
      },
    },
    async (req) => ok(await getIncome(db(), actorOf(req), req.params.id)),
  );

  app.get(
    '/accounting/incometable',
    {
      config: { auth: ['read', 'Accounting'] },
      schema: {
        tags,
        summary:
          'Income of a period (default this month): payments and refunds of applications (read-only) and other incomes, with the chart',
        querystring: AccountingQuery,
        response: { 200: IncomeTable },
      },
    },
    async (req) => {
      const { page, perPage, offset } = pageOf(req.query);
      const r = await incomeTable(db(), actorOf(req), req.query, perPage, offset);
      return {
        status: 'success' as const,
        message: 'สำเร็จ',
        data: r.data,
        filter: r.filter,
        meta: metaOf(page, perPage, r.total),
        chart: r.chart,
      };
    },
  );

  app.get(
    '/accounting/expensestable',
    {
      config: { auth: ['read', 'Accounting'] },
      schema: {
        tags,
        summary:
          'Expenses of a period (default this month) with their item, category, vehicle and employee, with the chart',
        querystring: AccountingQuery,
        response: { 200: ExpenseTable },
      },
    },
    async (req) => {
      const { page, perPage, offset } = pageOf(req.query);
      const r = await expenseTable(db(), actorOf(req), req.query, perPage, offset);
      return {
        status: 'success' as const,
        message: 'สำเร็จ',
        data: r.data,
        filter: r.filter,
        meta: metaOf(page, perPage, r.total),
        chart: r.chart,
      };
    },
  );

  app.get(
    '/accounting/profitloss',
    {
      config: { auth: ['read', 'Accounting'] },
      schema: {
        tags,
        summary:
          'Profit and loss per month of a period (default this year): income by source, expenses by category, totals and net',
        querystring: ProfitLossQuery,
        response: { 200: ProfitLoss },
      },
    },
    async (req) => ({
      status: 'success' as const,
      message: 'สำเร็จ',
      ...(await profitLoss(db(), actorOf(req), req.query)),
    }),
  );

  app.post(
    '/accounting/printpdf',
    {
      config: { auth: ['read', 'Accounting'] },
      schema: {
        tags,
        summary: 'The income and expense report of the filtered period (Thai, A4): a signed link in data.pdf',
        body: PrintBody,
        response: { 200: Envelope(Type.Object({ pdf: Type.String() })) },
      },
    },
    async (req) => {
      const actor = actorOf(req);
      const range = rangeOf(req.body);
      const branchId = branchFilter(req.body.branch);
      if (branchId !== undefined) assertBranch(actor, branchId);
      const id = await printReport(db(), actor, range, branchId, req.id);
      return ok({ pdf: await signDocumentLink(app.deps.secret, { type: 'accounting-report', id }) });
    },
  );

  app.post(
    '/accounting/upload',
    {
      config: { auth: ['create', 'Accounting'] },
      schema: {
        tags,
        summary: 'Upload a bill or slip for an accounting record: JPEG, PNG or PDF (multipart field "file")',
        consumes: ['multipart/form-data'],
        response: { 200: Envelope(UploadedFile) },
      },
    },
    async (req) =>
      ok(
        await acceptUpload(req, actorOf(req), { types: ['image', 'pdf'], label: 'ไฟล์', kind: 'accounting' }),
        'อัปโหลดไฟล์เรียบร้อยแล้ว',
      ),
  );
}
