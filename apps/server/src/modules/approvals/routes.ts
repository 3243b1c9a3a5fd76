import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { Id, TableQuery, Text } from '@khabkhi/contracts';
import { actorOf } from '../../http/auth.js';
import { ok, pageOf, table } from '../../http/envelope.js';
import { withAll } from '../../http/tables.js';
import { branchOptionsFor } from '../applications/service.js';
import { decide, pendingCount, REQUEST_STATUS, requestTable, requestVoid } from './service.js';

const tags = ['requests'];

export default async function requestRoutes(app: FastifyInstance) {
  const db = () => app.deps.database.db;

  app.post('/payment/request-delete', {
    config: { auth: ['create', 'Request'] },
    schema: { tags, summary: 'Ask to void a wrong payment (a second person approves)', body: Type.Object({ payment_id: Id(), note: Type.String({ minLength: 1, maxLength: 500 }) }, { additionalProperties: false }) },
  }, async (req) => {
    const r = await db().transaction((tx) => requestVoid(tx, actorOf(req), req.body as never, req.id));
    return ok({ ...r, value: r.value }, 'ส่งคำขอยกเลิกรายการชำระเรียบร้อยแล้ว รอผู้มีสิทธิ์อนุมัติ');
  });

  app.post('/request/approve', {
    config: { auth: ['approve', 'Request'] },
    schema: { tags, summary: 'Approve or reject a request (never by its requester)', body: Type.Object({ request_id: Id(), approve: Type.Boolean(), note: Type.Optional(Text(500)) }, { additionalProperties: false }) },
  }, async (req) => {
    const b = req.body as { approve: boolean };
    const r = await db().transaction((tx) => decide(tx, actorOf(req), req.body as never, req.id));
    return ok(r, b.approve ? 'อนุมัติคำขอเรียบร้อยแล้ว รายการชำระถูกยกเลิกและยอดคงเหลือถูกปรับแล้ว' : 'ไม่อนุมัติคำขอเรียบร้อยแล้ว');
  });

  app.get('/request/pending-count', {
    config: { auth: ['read', 'Request'] },
    schema: { tags, summary: 'How many requests wait for this user to approve (the menu badge)' },
  }, async (req) => ok({ pending: await pendingCount(db(), actorOf(req)) }));

  app.get('/request/gettable', {
    config: { auth: ['read', 'Request'] },
    schema: { tags, summary: 'Requests (status defaults to รออนุมัติ; ทั้งหมด for every request)', querystring: TableQuery },
  }, async (req) => {
    const q = req.query as TableQuery;
    const { page, perPage, offset } = pageOf(q);
    const actor = actorOf(req);
    const { rows, total } = await requestTable(db(), actor, q, perPage, offset);
    return table(rows, {
      branch: withAll((await branchOptionsFor(db(), actor)).map((b) => ({ value: b.branch_id, name: b.name }))),
      status: withAll(Object.entries(REQUEST_STATUS).map(([value, name]) => ({ name, value }))),
    }, page, perPage, total);
  });
}
