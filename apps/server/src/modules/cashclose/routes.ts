import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  CashCloseDay,
  CashCloseFilter,
  CashCloseQuery,
  CashCloseRow,
  CashCloseTableQuery,
  CloseBody,
  CloseIdBody,
  CloseResult,
  Envelope,
  PdfLink,
  ReopenBody,
  ReopenResult,
  TableEnvelope,
} from '@khabkhi/contracts';
import { todayBangkok } from '@khabkhi/thai';
import { registerDocumentType, signDocumentLink } from '../../documents/index.js';
import { actorOf } from '../../http/auth.js';
import { ok, pageOf, table } from '../../http/envelope.js';
import { badRequest } from '../../http/errors.js';
import { withAll } from '../../http/tables.js';
import { branchOptionsFor } from '../applications/lists.js';
import { formatAddress } from '../customers/service.js';
import { cashCloseHtml } from './document.js';
import { closeDay, closeForDocument, closeScoped, closeTable, getClose, reopenDay } from './service.js';

const tags = ['cash close'];

export default async function cashCloseRoutes(plain: FastifyInstance) {
  const app = plain.withTypeProvider<TypeBoxTypeProvider>();
  const db = () => app.deps.database.db;

  registerDocumentType(app, 'cashclose', async (closeId) => {
    const { close: c, closedBy: by, school: s, branch: b } = await closeForDocument(db(), closeId);
    const html = cashCloseHtml({
      school: s?.name ?? '',
      taxId: s?.tax_id ?? '',
      branch: b.name,
      branchAddress: formatAddress(b),
      totals: c.totals,
      closedBy: `${by.prefix}${by.fname} ${by.sname}`,
      closedAt: c.createdAt.toISOString(),
      version: c.version,
      reopened: c.reopened_at ? { at: c.reopened_at.toISOString(), reason: c.reopen_reason } : null,
    });
    return {
      pdf: await app.documents.html(html, { format: 'a4' }),
      filename: `ปิดยอด-${b.code}-${c.business_date}${c.version > 1 ? `-ฉบับที่${c.version}` : ''}.pdf`,
    };
  });

  app.get(
    '/cash-close/get',
    {
      config: { auth: ['read', 'Payment'] },
      schema: {
        tags,
        summary: 'The day’s cash and transfer totals of a branch, and whether the day is closed',
        querystring: CashCloseQuery,
        response: { 200: Envelope(CashCloseDay) },
      },
    },
    async (req) => {
      const actor = actorOf(req);
      const { branch, date } = req.query;
      const branchId = branch && branch !== 'ทั้งหมด' ? Number(branch) : actor.branchId;
      if (!Number.isInteger(branchId) || branchId < 1) throw badRequest('สาขา: ไม่ถูกต้อง');
      return ok(await getClose(db(), actor, branchId, date ?? todayBangkok()));
    },
  );

  app.post(
    '/cash-close/close',
    {
      config: { auth: ['update', 'Payment'] },
      schema: {
        tags,
        summary:
          'Close a branch’s day: its totals are frozen and its payments, refunds and voids are refused from then on',
        body: CloseBody,
        response: { 200: Envelope(CloseResult) },
      },
    },
    async (req) => {
      const row = await db().transaction((tx) => closeDay(tx, actorOf(req), req.body.branch_id, req.body.date, req.id));
      return ok(
        {
          close_id: row.close_id,
          version: row.version,
          totals: row.totals,
          pdf: await signDocumentLink(app.deps.secret, { type: 'cashclose', id: row.close_id }),
        },
        row.version > 1 ? `ปิดยอดประจำวันเรียบร้อยแล้ว (รายงานฉบับที่ ${row.version})` : 'ปิดยอดประจำวันเรียบร้อยแล้ว',
      );
    },
  );

  app.post(
    '/cash-close/reopen',
    {
      config: { auth: ['approve', 'Request'] },
      schema: {
        tags,
        summary:
          'Reopen a closed day (a manager, with a reason; audited). Closing it again issues the next version of the report',
        body: ReopenBody,
        response: { 200: Envelope(ReopenResult) },
      },
    },
    async (req) => {
      const { branch_id, date, reason } = req.body;
      const row = await db().transaction((tx) => reopenDay(tx, actorOf(req), branch_id, date, reason, req.id));
      return ok(
        { close_id: row.close_id, version: row.version },
        'เปิดยอดประจำวันใหม่เรียบร้อยแล้ว เมื่อบันทึกรายการเสร็จให้ปิดยอดอีกครั้ง',
      );
    },
  );

  app.post(
    '/cash-close/pdf',
    {
      config: { auth: ['read', 'Payment'] },
      schema: {
        tags,
        summary: 'Signed link to the printed cash close',
        body: CloseIdBody,
        response: { 200: Envelope(PdfLink) },
      },
    },
    async (req) => {
      await closeScoped(db(), actorOf(req), req.body.close_id);
      return ok({ pdf: await signDocumentLink(app.deps.secret, { type: 'cashclose', id: req.body.close_id }) });
    },
  );

  app.get(
    '/cash-close/gettable',
    {
      config: { auth: ['read', 'Payment'] },
      schema: {
        tags,
        summary: 'Closed days',
        querystring: CashCloseTableQuery,
        response: { 200: TableEnvelope(CashCloseRow, CashCloseFilter) },
      },
    },
    async (req) => {
      const { page, perPage, offset } = pageOf(req.query);
      const actor = actorOf(req);
      const { rows, total } = await closeTable(db(), actor, req.query, perPage, offset);
      return table(
        rows,
        { branch: withAll((await branchOptionsFor(db(), actor)).map((b) => ({ value: b.branch_id, name: b.name }))) },
        page,
        perPage,
        total,
      );
    },
  );
}
