import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  EditPayTypeBody,
  EditPayTypeResult,
  Envelope,
  PaymentIdBody,
  PaymentQuery,
  PaymentTable,
  PdfLink,
  ApprovalRequest,
  VoidRequestBody,
  type TableQuery,
} from '@khabkhi/contracts';
import { actorOf, type Actor } from '../../http/auth.js';
import { ok, pageOf, table } from '../../http/envelope.js';
import { notFound } from '../../http/errors.js';
import { withAll } from '../../http/tables.js';
import { receiptLink } from '../applications/index.js';
import { editPayType, paymentScoped, paymentTable, rangeOf } from './service.js';
import { voidPayment } from './void.js';
import { fileRequest } from '../approvals/index.js';
import { liveBranchesInScope } from '../../http/branch.js';

const tags = ['payments'];

export default async function paymentRoutes(plain: FastifyInstance) {
  const app = plain.withTypeProvider<TypeBoxTypeProvider>();
  const db = () => app.deps.database.db;

  app.post(
    '/payment/pdf',
    {
      config: { auth: ['read', 'Payment'] },
      schema: {
        tags,
        summary: 'Signed link to a receipt (reprints are marked สำเนา)',
        body: PaymentIdBody,
        response: { 200: Envelope(PdfLink) },
      },
    },
    async (req) => {
      const id = req.body.payment_id;
      if (!(await paymentScoped(db(), actorOf(req), id))) throw notFound('ไม่พบรายการชำระเงินนี้');
      return ok({ pdf: await receiptLink(app, id, true) });
    },
  );

  async function history(actor: Actor, q: TableQuery, defaultRange: 'today' | 'month') {
    const { page, perPage, offset } = pageOf(q);
    const [{ rows, total, totals }, branches] = await Promise.all([
      paymentTable(db(), actor, q, perPage, offset, defaultRange),
      liveBranchesInScope(db(), actor),
    ]);
    return {
      ...table(
        rows,
        {
          branch: withAll(branches.map((b) => ({ value: b.branch_id, name: b.name }))),
          type: withAll([
            { value: 'cash', name: 'เงินสด' },
            { value: 'transfer', name: 'โอนเงิน' },
          ]),
          status: withAll([
            { value: 'valid', name: 'ปกติ' },
            { value: 'void', name: 'ยกเลิกแล้ว' },
          ]),
          range: rangeOf(q, defaultRange),
        },
        page,
        perPage,
        total,
      ),
      totals,
    };
  }

  app.get(
    '/payment/gettable',
    {
      config: { auth: ['read', 'Payment'] },
      schema: {
        tags,
        summary:
          'Payment history: every money entry in a date range (default: today) with totals by cash and transfer, refunds and voids',
        querystring: PaymentQuery,
        response: { 200: PaymentTable },
      },
    },
    async (req) => history(actorOf(req), req.query, 'today'),
  );

  app.get(
    '/application/getforpaymentHistory',
    {
      config: { auth: ['read', 'Payment'] },
      schema: {
        tags,
        summary: 'Payment history of applications (default: today), the same entries and totals as payment/gettable',
        querystring: PaymentQuery,
        response: { 200: PaymentTable },
      },
    },
    async (req) => history(actorOf(req), req.query, 'today'),
  );

  app.put(
    '/payment/edit-paytype',
    {
      config: { auth: ['update', 'Payment'] },
      schema: {
        tags,
        summary: 'Change a payment between cash and transfer (refused once its day is closed)',
        body: EditPayTypeBody,
        response: { 200: Envelope(EditPayTypeResult) },
      },
    },
    async (req) => {
      const r = await db().transaction((tx) => editPayType(tx, actorOf(req), req.body, req.id));
      return ok(
        { payment_id: r.payment_id, payment_code: r.payment_code, pay_type: r.pay_type },
        `เปลี่ยนประเภทการชำระของรายการ ${r.payment_code} เรียบร้อยแล้ว`,
      );
    },
  );

  app.get(
    '/payment/paybalance/gettable',
    {
      config: { auth: ['read', 'Payment'] },
      schema: {
        tags,
        summary: 'Payments in a date range (default: this month) with totals by cash and transfer',
        querystring: PaymentQuery,
        response: { 200: PaymentTable },
      },
    },
    async (req) => history(actorOf(req), req.query, 'month'),
  );

  // filing the void request: the approvals module's request of the kind this module registers (void.ts)
  app.post(
    '/payment/request-delete',
    {
      config: { auth: ['create', 'Request'] },
      schema: {
        tags: ['requests'],
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
}
