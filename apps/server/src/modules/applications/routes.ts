import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Static } from 'typebox';
import {
  ApplicationDetail,
  ApplicationIdBody,
  ApplicationParams,
  ApplicationPaymentBody,
  ApplicationQuery,
  ApplicationTable,
  CheckPromotionBody,
  CheckPromotionResult,
  createBodies,
  CreateResult,
  DeleteApplicationBody,
  Envelope,
  OverdueTable,
  PayBody,
  PayResult,
  PdfLink,
  RefundBody,
  RefundResult,
  RegisterOptions,
  RegisterQuery,
  type TableQuery,
} from '@khabkhi/contracts';
import { formatBaht } from '@khabkhi/thai';
import { actorOf } from '../../http/auth.js';
import { ok, pageOf, table } from '../../http/envelope.js';
import { badRequest, notFound } from '../../http/errors.js';
import { CustomerInput } from '../customers/index.js';
import { applicationLink, receiptLink, registerMoneyDocuments } from './documents.js';
import { idempotent } from './idempotency.js';
import { owingByDefault } from './money.js';
import { applicationSummary, applicationTable, listFilterOptions, overdueTable, resolveText } from './lists.js';
import { checkPromotionForLine, registerOptions } from './register.js';
import { createApplication, type CreateInput } from './create.js';
import { deleteApplication, refundApplication, refundEntryOf } from './cancel.js';
import { getApplicationDetail } from './detail.js';
import { payBalance } from './pay.js';
import { type Kind } from './kinds.js';

const CreateBodies = createBodies(CustomerInput);
type CreateBody = Static<(typeof CreateBodies)[Kind]>;

/** Every kind's body as the service takes it: a request-fee application's lines are other-fee lines of the request kind. */
function toCreateInput(b: CreateBody): CreateInput {
  if ('request_fees' in b) {
    const { request_fees, ...rest } = b;
    return {
      ...rest,
      courses: [],
      other_fees: request_fees.map((l) => ({ other_fee_id: l.request_fee_id, date: l.date })),
    };
  }
  if ('courses' in b) return b;
  return { ...b, courses: [] };
}

export function idempotencyKeyOf(req: FastifyRequest): string | undefined {
  const k = req.headers['idempotency-key'];
  if (Array.isArray(k)) throw badRequest('Idempotency-Key: ส่งได้เพียงค่าเดียว');
  return k;
}

const NAMES: Record<Kind, { doc: string; prefix: string; tag: string }> = {
  course: { doc: 'ใบสมัคร', prefix: 'application', tag: 'applications' },
  fee: { doc: 'ใบค่าธรรมเนียม', prefix: 'applicationfee', tag: 'other-fee applications' },
  request: { doc: 'ใบคำร้อง', prefix: 'applicationrequest', tag: 'request-fee applications' },
};

/** The money routes every kind of application has: create, get, tables, paybalance, refund, delete, documents. */
function kindRoutes(plain: FastifyInstance, kind: Kind) {
  const app = plain.withTypeProvider<TypeBoxTypeProvider>();
  const db = () => app.deps.database.db;
  const { doc, prefix, tag } = NAMES[kind];
  const tags = [tag];

  async function scoped(req: FastifyRequest, id: number) {
    const d = await getApplicationDetail(db(), actorOf(req), id);
    if (d.kind !== kind) throw notFound(`ไม่พบ${doc}นี้`);
    return d;
  }

  app.post(
    `/${prefix}/create`,
    {
      config: { auth: ['create', 'Application'] },
      schema: {
        tags,
        summary: `Create a ${tag.replace(/s$/, '')} with an optional first payment (Idempotency-Key supported)`,
        body: CreateBodies[kind],
        response: { 200: Envelope(CreateResult) },
      },
    },
    async (req) => {
      const actor = actorOf(req);
      const body: CreateBody = req.body;
      // the transaction records and remembers ids only; the answer is read after the commit (locks held briefly)
      const { value: ids } = await idempotent(db(), actor.userId, idempotencyKeyOf(req), `${prefix}/create`, (tx) =>
        createApplication(tx, actor, toCreateInput(body), req.id, kind),
      );
      const application = await getApplicationDetail(db(), actor, ids.applicationId);
      return ok(
        {
          application,
          payment_id: ids.paymentId,
          createStatus: true,
          pdf: ids.paymentId ? await receiptLink(app, ids.paymentId, false) : null,
          application_pdf: await applicationLink(app, application.application_id),
        },
        `บันทึก${doc}เลขที่ ${application.application_code} เรียบร้อยแล้ว`,
      );
    },
  );

  app.get(
    `/${prefix}/get/:id`,
    {
      config: { auth: ['read', 'Application'] },
      schema: {
        tags,
        summary: `One ${tag.replace(/s$/, '')} with customer, lines and payments`,
        params: ApplicationParams,
        response: { 200: Envelope(ApplicationDetail) },
      },
    },
    async (req) => ok(await scoped(req, req.params.id)),
  );

  app.get(
    `/${prefix}/gettable`,
    {
      config: { auth: ['read', 'Application'] },
      schema: { tags, summary: `${tag} list`, querystring: ApplicationQuery, response: { 200: ApplicationTable } },
    },
    async (req) => {
      // start/end: the registration date (Bangkok days)
      const created = { start: req.query.start || undefined, end: req.query.end || undefined };
      const q = await resolveText(db(), { ...req.query, created });
      const { page, perPage, offset } = pageOf(req.query);
      const actor = actorOf(req);
      const [rows, filter, { total, totals }] = await Promise.all([
        applicationTable(db(), actor, q, perPage, offset, kind),
        listFilterOptions(db(), actor),
        applicationSummary(db(), actor, q, kind),
      ]);
      // an other-fee application answers in SPEC §3's names too (the web links by application_id)
      const shaped =
        kind === 'fee'
          ? rows.map((r) => ({
              ...r,
              application_other_fee_id: r.application_id,
              application_other_fee_code: r.application_code,
            }))
          : rows;
      return { ...table(shaped, filter, page, perPage, total), totals };
    },
  );

  app.post(
    `/${prefix}/paybalance`,
    {
      config: { auth: ['create', 'Payment'] },
      schema: {
        tags,
        summary: 'Take a payment on the balance (Idempotency-Key supported)',
        body: PayBody,
        response: { 200: Envelope(PayResult) },
      },
    },
    async (req) => {
      const actor = actorOf(req);
      const { value: ids } = await idempotent(
        db(),
        actor.userId,
        idempotencyKeyOf(req),
        `${prefix}/paybalance`,
        (tx, claim) => payBalance(tx, actor, req.body, req.id, kind, claim),
        { claimsItself: true },
      );
      const application = await getApplicationDetail(db(), actor, ids.applicationId);
      const payment = application.payments.find((p) => p.payment_id === ids.paymentId)!;
      return ok(
        { application, payment, createStatus: true, pdf: await receiptLink(app, payment.payment_id, false) },
        `รับชำระ ${formatBaht(payment.paid)} บาท ใบเสร็จเลขที่ ${payment.payment_code} เรียบร้อยแล้ว`,
      );
    },
  );

  app.post(
    `/${prefix}/refund`,
    {
      config: { auth: ['update', 'Payment'] },
      schema: {
        tags,
        summary: 'Refund: a new negative money entry with its reason (Idempotency-Key supported)',
        body: RefundBody,
        response: { 200: Envelope(RefundResult) },
      },
    },
    async (req) => {
      const actor = actorOf(req);
      const { value: ids } = await idempotent(db(), actor.userId, idempotencyKeyOf(req), `${prefix}/refund`, (tx) =>
        refundApplication(tx, actor, req.body, kind, req.id),
      );
      const application = await getApplicationDetail(db(), actor, ids.applicationId);
      const payment = application.payments.find((p) => p.payment_id === ids.paymentId)!;
      return ok(
        { application, payment, mode: 'refund', pdf: await receiptLink(app, payment.payment_id, false) },
        `คืนเงิน ${formatBaht(payment.paid.replace('-', ''))} บาท เลขที่ ${payment.payment_code} เรียบร้อยแล้ว`,
      );
    },
  );

  app.route({
    // SPEC §7 lists application/delete and applicationfee/delete as POST; DELETE stays for every kind
    method: kind === 'request' ? ['DELETE'] : ['DELETE', 'POST'],
    url: `/${prefix}/delete`,
    config: { auth: ['delete', 'Application'] },
    schema: {
      tags,
      summary: 'Cancel while nothing is paid (stays visible as ยกเลิก)',
      body: DeleteApplicationBody,
      response: { 200: Envelope(ApplicationDetail) },
    },
    handler: async (req) => {
      const actor = actorOf(req);
      const { application_id, note } = req.body;
      await db().transaction((tx) => deleteApplication(tx, actor, application_id, kind, (note ?? '').trim(), req.id));
      return ok(await getApplicationDetail(db(), actor, application_id), `ยกเลิก${doc}เรียบร้อยแล้ว`);
    },
  });

  app.post(
    `/${prefix}/pdf`,
    {
      config: { auth: ['read', 'Application'] },
      schema: {
        tags,
        summary: 'Signed link to the form PDF',
        body: ApplicationIdBody,
        response: { 200: Envelope(PdfLink) },
      },
    },
    async (req) => {
      await scoped(req, req.body.application_id);
      return ok({ pdf: await applicationLink(app, req.body.application_id) });
    },
  );

  app.post(
    `/${prefix}/pdfpayment`,
    {
      config: { auth: ['read', 'Payment'] },
      schema: {
        tags,
        summary: 'Signed link to a receipt of this application (the latest payment by default)',
        body: ApplicationPaymentBody,
        response: { 200: Envelope(PdfLink) },
      },
    },
    async (req) => {
      const { application_id, payment_id } = req.body;
      const d = await scoped(req, application_id);
      const p = payment_id
        ? d.payments.find((x) => x.payment_id === payment_id)
        : [...d.payments].reverse().find((x) => x.kind === 'payment');
      if (!p) throw badRequest(payment_id ? 'ไม่พบรายการชำระเงินนี้ในใบสมัคร' : `${doc}นี้ยังไม่มีการชำระเงิน`);
      return ok({ pdf: await receiptLink(app, p.payment_id, true) });
    },
  );
}

export default async function applicationRoutes(plain: FastifyInstance) {
  const app = plain.withTypeProvider<TypeBoxTypeProvider>();
  const db = () => app.deps.database.db;
  const tags = ['applications'];
  registerMoneyDocuments(app);
  kindRoutes(app, 'course');
  kindRoutes(app, 'fee');
  kindRoutes(app, 'request');

  app.post(
    '/application/checkpromotion',
    {
      config: { auth: ['read', 'Application'] },
      schema: {
        tags,
        summary: 'Check a promotion code for one course line',
        body: CheckPromotionBody,
        response: { 200: Envelope(CheckPromotionResult) },
      },
    },
    async (req) => {
      const d = await checkPromotionForLine(db(), actorOf(req), req.body);
      return ok(d, `ใช้รหัสส่วนลด ${d.code} ได้ ลด ${formatBaht(d.discount)} บาท`);
    },
  );

  /** The owing lists: status defaults to ค้างชำระ, totals by cash and transfer over the whole filtered result. */
  async function owing<R>(
    actor: ReturnType<typeof actorOf>,
    query: TableQuery,
    rowsOf: (q: TableQuery, perPage: number, offset: number) => Promise<R[]>,
  ) {
    const q0 = owingByDefault(query);
    const { page, perPage, offset } = pageOf(q0);
    const q = await resolveText(db(), q0);
    const [rows, filter, { total, totals }] = await Promise.all([
      rowsOf(q, perPage, offset),
      listFilterOptions(db(), actor),
      applicationSummary(db(), actor, q),
    ]);
    return { ...table(rows, filter, page, perPage, total), totals };
  }

  app.get(
    '/application/getforoutstandingBalance',
    {
      config: { auth: ['read', 'Application'] },
      schema: {
        tags,
        summary: 'Pay-balance list (status defaults to ค้างชำระ) with totals by cash and transfer',
        querystring: ApplicationQuery,
        response: { 200: ApplicationTable },
      },
    },
    async (req) => {
      const actor = actorOf(req);
      return owing(actor, req.query, (q, perPage, offset) => applicationTable(db(), actor, q, perPage, offset));
    },
  );

  app.get(
    '/application/getforoverdue',
    {
      config: { auth: ['read', 'Application'] },
      schema: {
        tags,
        summary: 'Overdue balances (status defaults to ค้างชำระ), oldest first, with days owed and totals',
        querystring: ApplicationQuery,
        response: { 200: OverdueTable },
      },
    },
    async (req) => {
      const actor = actorOf(req);
      return owing(actor, req.query, (q, perPage, offset) => overdueTable(db(), actor, q, perPage, offset));
    },
  );

  app.get(
    '/application/getforregister',
    {
      config: { auth: ['create', 'Application'] },
      schema: {
        tags,
        summary: 'Options of the registration form',
        querystring: RegisterQuery,
        response: { 200: Envelope(RegisterOptions) },
      },
    },
    async (req) => ok(await registerOptions(db(), actorOf(req), req.query.branch)),
  );

  app.post(
    '/request/refund/pdf',
    {
      config: { auth: ['read', 'Payment'] },
      schema: {
        tags,
        summary: 'Signed link to the refund slip of an application (the latest refund by default)',
        body: ApplicationPaymentBody,
        response: { 200: Envelope(PdfLink) },
      },
    },
    async (req) => {
      const id = await refundEntryOf(db(), actorOf(req), req.body.application_id, req.body.payment_id);
      return ok({ pdf: await receiptLink(app, id, true) });
    },
  );
}
