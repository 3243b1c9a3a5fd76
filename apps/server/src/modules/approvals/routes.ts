import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  ApprovalFilter,
  ApprovalQuery,
  ApprovalRequest,
  ApprovalRow,
  DecideBody,
  Envelope,
  PendingCount,
  TableEnvelope,
  VoidRequestBody,
} from '@khabkhi/contracts';
import { actorOf } from '../../http/auth.js';
import { ok, pageOf, table } from '../../http/envelope.js';
import { withAll } from '../../http/tables.js';
import { branchOptionsFor } from '../applications/lists.js';
import { voidPayment } from '../payments/void.js';
import { decideRequest, fileRequest, pendingCount, REQUEST_STATUS, requestTable } from './service.js';

const tags = ['requests'];

/** The maker–checker routes: filing (per kind), deciding, the list and the menu badge (README "Approvals"). */
export default async function requestRoutes(plain: FastifyInstance) {
  const app = plain.withTypeProvider<TypeBoxTypeProvider>();
  const db = () => app.deps.database.db;

  app.post(
    '/payment/request-delete',
    {
      config: { auth: ['create', 'Request'] },
      schema: {
        tags,
        summary: 'Ask to void a wrong payment (a second person approves)',
        body: VoidRequestBody,
        response: { 200: Envelope(ApprovalRequest) },
      },
    },
    async (req) => {
      const r = await db().transaction((tx) =>
        fileRequest(tx, actorOf(req), voidPayment.kind, req.body.payment_id, req.body.note, req.id),
      );
      return ok(r, 'ส่งคำขอยกเลิกรายการชำระเรียบร้อยแล้ว รอผู้มีสิทธิ์อนุมัติ');
    },
  );

  app.post(
    '/request/approve',
    {
      config: { auth: ['approve', 'Request'] },
      schema: {
        tags,
        summary:
          'Approve or reject a request of any kind (never by its requester); an approval applies it in the same transaction',
        body: DecideBody,
        response: { 200: Envelope(ApprovalRequest) },
      },
    },
    async (req) => {
      const { request, kind } = await db().transaction((tx) => decideRequest(tx, actorOf(req), req.body, req.id));
      return ok(request, req.body.approve ? (kind.approvedMessage ?? 'อนุมัติคำขอเรียบร้อยแล้ว') : 'ไม่อนุมัติคำขอเรียบร้อยแล้ว');
    },
  );

  app.get(
    '/request/pending-count',
    {
      config: { auth: ['read', 'Request'] },
      schema: {
        tags,
        summary: 'How many requests wait for this user to approve (the menu badge)',
        response: { 200: Envelope(PendingCount) },
      },
    },
    async (req) => ok({ pending: await pendingCount(db(), actorOf(req)) }),
  );

  app.get(
    '/request/gettable',
    {
      config: { auth: ['read', 'Request'] },
      schema: {
        tags,
        summary: 'Requests of every kind (status defaults to รออนุมัติ; ทั้งหมด for every request)',
        querystring: ApprovalQuery,
        response: { 200: TableEnvelope(ApprovalRow, ApprovalFilter) },
      },
    },
    async (req) => {
      const { page, perPage, offset } = pageOf(req.query);
      const actor = actorOf(req);
      const { rows, total } = await requestTable(db(), actor, req.query, perPage, offset);
      return table(
        rows,
        {
          branch: withAll((await branchOptionsFor(db(), actor)).map((b) => ({ value: b.branch_id, name: b.name }))),
          status: withAll(Object.entries(REQUEST_STATUS).map(([value, name]) => ({ name, value }))),
        },
        page,
        perPage,
        total,
      );
    },
  );
}
