import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { Type } from 'typebox';
import { Id, IsoDate, TableQuery } from '@khabkhi/contracts';
import { todayBangkok } from '@khabkhi/thai';
import { branches, schoolSettings, users } from '../../db/schema/core.js';
import { cashCloses } from '../../db/schema/money.js';
import { registerDocumentType, signDocumentLink } from '../../documents/index.js';
import { actorOf } from '../../http/auth.js';
import { ok, pageOf, table } from '../../http/envelope.js';
import { badRequest, notFound } from '../../http/errors.js';
import { withAll } from '../../http/tables.js';
import { branchOptionsFor } from '../applications/service.js';
import { formatAddress } from '../customers/service.js';
import { cashCloseHtml } from './document.js';
import { closeDay, closeTable, getClose, reopenDay, type CloseTotals } from './service.js';

const tags = ['cash close'];
const Query = Type.Object({ branch: Type.Optional(Type.String({ maxLength: 20 })), date: Type.Optional(IsoDate()) }, { additionalProperties: false });

export default async function cashCloseRoutes(app: FastifyInstance) {
  const db = () => app.deps.database.db;

  registerDocumentType(app, 'cashclose', async (closeId) => {
    const [row] = await db().select({ c: cashCloses, by: users }).from(cashCloses).innerJoin(users, eq(users.user_id, cashCloses.closed_by)).where(eq(cashCloses.close_id, closeId));
    if (!row) throw notFound('ไม่พบการปิดยอดนี้');
    const [s] = await db().select().from(schoolSettings).where(eq(schoolSettings.id, 1));
    const [b] = await db().select().from(branches).where(eq(branches.branch_id, row.c.branch_id));
    const html = cashCloseHtml({
      school: s?.name ?? '', taxId: s?.tax_id ?? '', branch: b!.name, branchAddress: formatAddress(b!),
      totals: row.c.totals as CloseTotals, closedBy: `${row.by.prefix}${row.by.fname} ${row.by.sname}`, closedAt: row.c.createdAt.toISOString(),
      version: row.c.version, reopened: row.c.reopened_at ? { at: row.c.reopened_at.toISOString(), reason: row.c.reopen_reason } : null,
    });
    return { pdf: await app.documents.html(html, { format: 'a4' }), filename: `ปิดยอด-${b!.code}-${row.c.business_date}${row.c.version > 1 ? `-ฉบับที่${row.c.version}` : ''}.pdf` };
  });

  app.get('/cash-close/get', {
    config: { auth: ['read', 'Payment'] },
    schema: { tags, summary: 'The day’s cash and transfer totals of a branch, and whether the day is closed', querystring: Query },
  }, async (req) => {
    const actor = actorOf(req);
    const q = req.query as { branch?: string; date?: string };
    const branchId = q.branch && q.branch !== 'ทั้งหมด' ? Number(q.branch) : actor.branchId;
    if (!Number.isInteger(branchId) || branchId < 1) throw badRequest('สาขา: ไม่ถูกต้อง');
    return ok(await getClose(db(), actor, branchId, q.date ?? todayBangkok()));
  });

  app.post('/cash-close/close', {
    config: { auth: ['update', 'Payment'] },
    schema: { tags, summary: 'Close a branch’s day: its totals are frozen and its payments, refunds and voids are refused from then on', body: Type.Object({ branch_id: Id(), date: IsoDate() }, { additionalProperties: false }) },
  }, async (req) => {
    const b = req.body as { branch_id: number; date: string };
    const row = await db().transaction((tx) => closeDay(tx, actorOf(req), b.branch_id, b.date, req.id));
    return ok({ close_id: row.close_id, version: row.version, totals: row.totals, pdf: await signDocumentLink(app.deps.secret, { type: 'cashclose', id: row.close_id }) },
      row.version > 1 ? `ปิดยอดประจำวันเรียบร้อยแล้ว (รายงานฉบับที่ ${row.version})` : 'ปิดยอดประจำวันเรียบร้อยแล้ว');
  });

  app.post('/cash-close/reopen', {
    config: { auth: ['approve', 'Request'] },
    schema: {
      tags, summary: 'Reopen a closed day (a manager, with a reason; audited). Closing it again issues the next version of the report',
      body: Type.Object({ branch_id: Id(), date: IsoDate(), reason: Type.String({ minLength: 1, maxLength: 500 }) }, { additionalProperties: false }),
    },
  }, async (req) => {
    const b = req.body as { branch_id: number; date: string; reason: string };
    const row = await db().transaction((tx) => reopenDay(tx, actorOf(req), b.branch_id, b.date, b.reason, req.id));
    return ok({ close_id: row.close_id, version: row.version }, 'เปิดยอดประจำวันใหม่เรียบร้อยแล้ว เมื่อบันทึกรายการเสร็จให้ปิดยอดอีกครั้ง');
  });

  app.post('/cash-close/pdf', {
    config: { auth: ['read', 'Payment'] },
    schema: { tags, summary: 'Signed link to the printed cash close', body: Type.Object({ close_id: Id() }, { additionalProperties: false }) },
  }, async (req) => {
    const id = (req.body as { close_id: number }).close_id;
    const [c] = await db().select({ branch_id: cashCloses.branch_id, date: cashCloses.business_date }).from(cashCloses).where(eq(cashCloses.close_id, id));
    if (!c) throw notFound('ไม่พบการปิดยอดนี้');
    await getClose(db(), actorOf(req), c.branch_id, c.date);
    return ok({ pdf: await signDocumentLink(app.deps.secret, { type: 'cashclose', id }) });
  });

  app.get('/cash-close/gettable', {
    config: { auth: ['read', 'Payment'] },
    schema: { tags, summary: 'Closed days', querystring: TableQuery },
  }, async (req) => {
    const q = req.query as TableQuery;
    const { page, perPage, offset } = pageOf(q);
    const actor = actorOf(req);
    const { rows, total } = await closeTable(db(), actor, q, perPage, offset);
    return table(rows, { branch: withAll((await branchOptionsFor(db(), actor)).map((b) => ({ value: b.branch_id, name: b.name }))) }, page, perPage, total);
  });
}
