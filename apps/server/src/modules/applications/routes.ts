import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, desc, eq } from 'drizzle-orm';
import { Type, type TSchema } from 'typebox';
import { Id, IsoDate, Money, Nullable, TableQuery, Text } from '@khabkhi/contracts';
import { formatBaht } from '@khabkhi/thai';
import { applications, payments } from '../../db/schema/money.js';
import { actorOf, assertBranch } from '../../http/auth.js';
import { ok, pageOf, table } from '../../http/envelope.js';
import { badRequest, notFound } from '../../http/errors.js';
import { CustomerInput } from '../customers/schemas.js';
import { applicationLink, receiptLink, registerMoneyDocuments } from './documents.js';
import { idempotent } from './idempotency.js';
import { STATUS } from './money.js';
import {
  applicationSummary, applicationTable, checkPromotionForLine, createApplication, deleteApplication, listFilterOptions,
  getApplicationDetail, overdueTable, payBalance, refundApplication, registerOptions, resolveText, type CreateInput, type Kind,
} from './service.js';

export const PayType = Type.Union([Type.Literal('cash'), Type.Literal('transfer')]);
/** A transfer's details (optional in the API; the counter's form asks for them with โอนเงิน) */
const TransferFields = {
  transfer_bank: Type.Optional(Text(50)), transfer_at: Type.Optional(Nullable(Type.String({ format: 'date-time', maxLength: 40 }))),
  transfer_ref: Type.Optional(Text(50)), transfer_slip: Type.Optional(Nullable(Type.String({ format: 'uuid' }))),
};
const Payment = Type.Optional(Nullable(Type.Object({ paid: Money(), pay_type: PayType, note: Type.Optional(Text(500)), ...TransferFields }, { additionalProperties: false })));
const FeeLine = Type.Object({ other_fee_id: Id(), date: Type.Optional(Nullable(IsoDate())) }, { additionalProperties: false });
const RequestFeeLine = Type.Object({ request_fee_id: Id(), date: Type.Optional(Nullable(IsoDate())) }, { additionalProperties: false });

const CreateBodies: Record<Kind, TSchema> = {
  course: Type.Object({
    branch_id: Type.Optional(Id()),
    customer: CustomerInput,
    courses: Type.Array(Type.Object({
      course_id: Id(), promotion_code: Type.Optional(Text(50)), discount: Type.Optional(Money()), exam_date: Type.Optional(Nullable(IsoDate())),
    }, { additionalProperties: false }), { maxItems: 20 }),
    other_fees: Type.Array(FeeLine, { maxItems: 20 }),
    payment: Payment,
    note: Type.Optional(Text(500)),
  }, { additionalProperties: false }),
  fee: Type.Object({
    branch_id: Type.Optional(Id()), customer: CustomerInput, other_fees: Type.Array(FeeLine, { maxItems: 20 }), payment: Payment, note: Type.Optional(Text(500)),
  }, { additionalProperties: false }),
  request: Type.Object({
    application_id: Id(), request_fees: Type.Array(RequestFeeLine, { maxItems: 20 }), payment: Payment, note: Type.Optional(Text(500)),
  }, { additionalProperties: false }),
};

function toCreateInput(kind: Kind, b: any): CreateInput {
  if (kind === 'course') return b;
  if (kind === 'fee') return { ...b, courses: [] };
  const { request_fees, ...rest } = b;
  return { ...rest, courses: [], other_fees: request_fees.map((l: { request_fee_id: number; date?: string | null }) => ({ other_fee_id: l.request_fee_id, date: l.date })) };
}

const PayBody = Type.Object({ application_id: Id(), paid: Money(), pay_type: PayType, note: Type.Optional(Text(500)), ...TransferFields }, { additionalProperties: false });
const RefundBody = Type.Object({ application_id: Id(), note: Type.String({ minLength: 1, maxLength: 500 }), value: Money(), pay_type: Type.Optional(PayType) }, { additionalProperties: false });
const DeleteBody = Type.Object({ application_id: Id(), note: Type.Optional(Text(500)) }, { additionalProperties: false });
const CheckBody = Type.Object({
  index: Type.Integer({ minimum: 0, maximum: 100 }), code: Type.String({ minLength: 1, maxLength: 50 }), course_id: Id(), branch_id: Type.Optional(Id()),
}, { additionalProperties: false });

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
function kindRoutes(app: FastifyInstance, kind: Kind) {
  const db = () => app.deps.database.db;
  const { doc, prefix, tag } = NAMES[kind];
  const tags = [tag];

  async function scoped(req: FastifyRequest, id: number) {
    const d = await getApplicationDetail(db(), actorOf(req), id);
    if (d.kind !== kind) throw notFound(`ไม่พบ${doc}นี้`);
    return d;
  }

  app.post(`/${prefix}/create`, {
    config: { auth: ['create', 'Application'] },
    schema: { tags, summary: `Create a ${tag.replace(/s$/, '')} with an optional first payment (Idempotency-Key supported)`, body: CreateBodies[kind] },
  }, async (req) => {
    const actor = actorOf(req);
    // the transaction records and remembers ids only; the answer is read after the commit (locks held briefly)
    const { value: ids } = await idempotent(db(), actor.userId, idempotencyKeyOf(req), `${prefix}/create`,
      (tx) => createApplication(tx, actor, toCreateInput(kind, req.body), req.id, kind));
    const value = { application: await getApplicationDetail(db(), actor, ids.applicationId), payment_id: ids.paymentId };
    return ok({
      ...value,
      createStatus: true,
      pdf: value.payment_id ? await receiptLink(app, value.payment_id, false) : null,
      application_pdf: await applicationLink(app, value.application.application_id),
    }, `บันทึก${doc}เลขที่ ${value.application.application_code} เรียบร้อยแล้ว`);
  });

  app.get(`/${prefix}/get/:id`, {
    config: { auth: ['read', 'Application'] },
    schema: { tags, summary: `One ${tag.replace(/s$/, '')} with customer, lines and payments`, params: Type.Object({ id: Id() }) },
  }, async (req) => ok(await scoped(req, (req.params as { id: number }).id)));

  app.get(`/${prefix}/gettable`, {
    config: { auth: ['read', 'Application'] },
    schema: { tags, summary: `${tag} list`, querystring: TableQuery },
  }, async (req) => {
    const q = (await resolveText(db(), req.query as TableQuery)) as TableQuery & { textIds?: number[] };
    const { page, perPage, offset } = pageOf(q);
    const actor = actorOf(req);
    const [rows, filter, { total, totals }] = await Promise.all([
      applicationTable(db(), actor, q, perPage, offset, kind), listFilterOptions(db(), actor), applicationSummary(db(), actor, q, kind)]);
    return { ...table(rows, filter, page, perPage, total), totals };
  });

  app.post(`/${prefix}/paybalance`, {
    config: { auth: ['create', 'Payment'] },
    schema: { tags, summary: 'Take a payment on the balance (Idempotency-Key supported)', body: PayBody },
  }, async (req) => {
    const actor = actorOf(req);
    const { value: ids } = await idempotent(db(), actor.userId, idempotencyKeyOf(req), `${prefix}/paybalance`,
      (tx, claim) => payBalance(tx, actor, req.body as never, req.id, kind, claim), { claimsItself: true });
    const detail = await getApplicationDetail(db(), actor, ids.applicationId);
    const value = { application: detail, payment: detail.payments.find((p) => p.payment_id === ids.paymentId)! };
    return ok({ ...value, createStatus: true, pdf: await receiptLink(app, value.payment.payment_id, false) },
      `รับชำระ ${formatBaht(value.payment.paid)} บาท ใบเสร็จเลขที่ ${value.payment.payment_code} เรียบร้อยแล้ว`);
  });

  app.post(`/${prefix}/refund`, {
    config: { auth: ['update', 'Payment'] },
    schema: { tags, summary: 'Refund: a new negative money entry with its reason (Idempotency-Key supported)', body: RefundBody },
  }, async (req) => {
    const actor = actorOf(req);
    const { value: ids } = await idempotent(db(), actor.userId, idempotencyKeyOf(req), `${prefix}/refund`,
      (tx) => refundApplication(tx, actor, req.body as never, kind, req.id));
    const detail = await getApplicationDetail(db(), actor, ids.applicationId);
    const value = { application: detail, payment: detail.payments.find((p) => p.payment_id === ids.paymentId)! };
    return ok({ ...value, mode: 'refund', pdf: await receiptLink(app, value.payment.payment_id, false) },
      `คืนเงิน ${formatBaht(value.payment.paid.replace('-', ''))} บาท เลขที่ ${value.payment.payment_code} เรียบร้อยแล้ว`);
  });

  app.route({
    // SPEC §7 lists application/delete and applicationfee/delete as POST; DELETE stays for every kind
    method: kind === 'request' ? ['DELETE'] : ['DELETE', 'POST'],
    url: `/${prefix}/delete`,
    config: { auth: ['delete', 'Application'] },
    schema: { tags, summary: 'Cancel while nothing is paid (stays visible as ยกเลิก)', body: DeleteBody },
    handler: async (req) => {
      const actor = actorOf(req);
      const b = req.body as { application_id: number; note?: string };
      await db().transaction((tx) => deleteApplication(tx, actor, b.application_id, kind, (b.note ?? '').trim(), req.id));
      return ok(await getApplicationDetail(db(), actor, b.application_id), `ยกเลิก${doc}เรียบร้อยแล้ว`);
    },
  });

  app.post(`/${prefix}/pdf`, {
    config: { auth: ['read', 'Application'] },
    schema: { tags, summary: 'Signed link to the form PDF', body: Type.Object({ application_id: Id() }, { additionalProperties: false }) },
  }, async (req) => {
    const id = (req.body as { application_id: number }).application_id;
    await scoped(req, id);
    return ok({ pdf: await applicationLink(app, id) });
  });

  app.post(`/${prefix}/pdfpayment`, {
    config: { auth: ['read', 'Payment'] },
    schema: { tags, summary: 'Signed link to a receipt of this application (the latest payment by default)', body: Type.Object({ application_id: Id(), payment_id: Type.Optional(Id()) }, { additionalProperties: false }) },
  }, async (req) => {
    const b = req.body as { application_id: number; payment_id?: number };
    const d = await scoped(req, b.application_id);
    const p = b.payment_id ? d.payments.find((x) => x.payment_id === b.payment_id) : [...d.payments].reverse().find((x) => x.kind === 'payment');
    if (!p) throw badRequest(b.payment_id ? 'ไม่พบรายการชำระเงินนี้ในใบสมัคร' : `${doc}นี้ยังไม่มีการชำระเงิน`);
    return ok({ pdf: await receiptLink(app, p.payment_id, true) });
  });
}

export default async function applicationRoutes(app: FastifyInstance) {
  const db = () => app.deps.database.db;
  const tags = ['applications'];
  registerMoneyDocuments(app);
  kindRoutes(app, 'course');
  kindRoutes(app, 'fee');
  kindRoutes(app, 'request');

  app.post('/application/checkpromotion', {
    config: { auth: ['read', 'Application'] },
    schema: { tags, summary: 'Check a promotion code for one course line', body: CheckBody },
  }, async (req) => {
    const d = await checkPromotionForLine(db(), actorOf(req), req.body as never);
    return ok(d, `ใช้รหัสส่วนลด ${d.code} ได้ ลด ${formatBaht(d.discount)} บาท`);
  });

  /** The owing lists: status defaults to ค้างชำระ, totals by cash and transfer over the whole filtered result. */
  const owingList = (rowsOf: typeof applicationTable | typeof overdueTable) => async (req: FastifyRequest) => {
    const q = { ...(req.query as TableQuery) };
    if (q.status === undefined || q.status === '') q.status = STATUS.owing;
    const { page, perPage, offset } = pageOf(q);
    const actor = actorOf(req);
    Object.assign(q, await resolveText(db(), q));
    const [rows, filter, { total, totals }] = await Promise.all([
      rowsOf(db(), actor, q, perPage, offset), listFilterOptions(db(), actor), applicationSummary(db(), actor, q)]);
    return { ...table(rows as object[], filter, page, perPage, total), totals };
  };

  app.get('/application/getforoutstandingBalance', {
    config: { auth: ['read', 'Application'] },
    schema: { tags, summary: 'Pay-balance list (status defaults to ค้างชำระ) with totals by cash and transfer', querystring: TableQuery },
  }, owingList(applicationTable));

  app.get('/application/getforoverdue', {
    config: { auth: ['read', 'Application'] },
    schema: { tags, summary: 'Overdue balances (status defaults to ค้างชำระ), oldest first, with days owed and totals', querystring: TableQuery },
  }, owingList(overdueTable));

  app.get('/application/getforregister', {
    config: { auth: ['create', 'Application'] },
    schema: { tags, summary: 'Options of the registration form', querystring: Type.Object({ branch: Type.Optional(Type.String({ maxLength: 20 })) }, { additionalProperties: false }) },
  }, async (req) => ok(await registerOptions(db(), actorOf(req), (req.query as { branch?: string }).branch)));

  app.post('/request/refund/pdf', {
    config: { auth: ['read', 'Payment'] },
    schema: { tags, summary: 'Signed link to the refund slip of an application (the latest refund by default)', body: Type.Object({ application_id: Id(), payment_id: Type.Optional(Id()) }, { additionalProperties: false }) },
  }, async (req) => {
    const b = req.body as { application_id: number; payment_id?: number };
    const [a] = await db().select({ branch_id: applications.branch_id }).from(applications).where(eq(applications.application_id, b.application_id));
    if (!a) throw notFound('ไม่พบใบสมัครนี้');
    assertBranch(actorOf(req), a.branch_id);
    const [p] = await db().select({ id: payments.payment_id }).from(payments)
      .where(and(eq(payments.application_id, b.application_id), eq(payments.kind, 'refund'), b.payment_id ? eq(payments.payment_id, b.payment_id) : undefined))
      .orderBy(desc(payments.payment_id)).limit(1);
    if (!p) throw badRequest('ใบสมัครนี้ไม่มีรายการคืนเงิน');
    return ok({ pdf: await receiptLink(app, p.id, true) });
  });
}
