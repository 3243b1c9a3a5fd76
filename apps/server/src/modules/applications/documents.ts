/** The money documents: receipts (stored original, copies marked สำเนา, void stamped) and the application form. */
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { fromSatang } from '@khabkhi/thai';
import { branches, files, schoolSettings, users } from '../../db/schema/core.js';
import { applications, payments, receipts } from '../../db/schema/money.js';
import { registerDocumentType, signDocumentLink, type ApplicationFormData, type ReceiptSnapshot, type SchoolInfo } from '../../documents/index.js';
import { notFound } from '../../http/errors.js';
import { formatAddress, fullName } from '../customers/service.js';
import { S } from './money.js';
import { getApplicationDetail } from './service.js';


export async function receiptLink(app: FastifyInstance, paymentId: number, copy: boolean) {
  return signDocumentLink(app.deps.secret, { type: 'receipt', id: paymentId, copy });
}

export async function applicationLink(app: FastifyInstance, applicationId: number) {
  return signDocumentLink(app.deps.secret, { type: 'application', id: applicationId });
}

async function logoOf(app: FastifyInstance) {
  const db = app.deps.database.db;
  const [s] = await db.select().from(schoolSettings).where(eq(schoolSettings.id, 1));
  if (!s?.logo) return { settings: s, logo: null, logo_mime: null };
  const [f] = await db.select({ data: files.data, mime: files.mime }).from(files).where(eq(files.file_id, s.logo));
  return { settings: s, logo: f?.data ?? null, logo_mime: f?.mime ?? null };
}

export function registerMoneyDocuments(app: FastifyInstance) {
  const db = () => app.deps.database.db;

  registerDocumentType(app, 'receipt', async (paymentId, payload) => {
    const [row] = await db().select({ r: receipts, p: payments }).from(receipts)
      .innerJoin(payments, eq(payments.payment_id, receipts.payment_id)).where(eq(receipts.payment_id, paymentId));
    if (!row) throw notFound('ไม่พบใบเสร็จนี้');
    const snap = row.r.snapshot as ReceiptSnapshot;
    const { logo, logo_mime } = await logoOf(app);
    const snapshot: ReceiptSnapshot = { ...snap, school: { ...snap.school, logo, logo_mime } };
    const filename = `${snap.number}.pdf`;
    if (row.p.is_void) {
      return { pdf: await app.documents.receipt(snapshot, { copy: row.r.pdf !== null, void: true }), filename };
    }
    if (row.r.pdf === null) {
      // the original: rendered once, stored, and served as-is from then on
      const pdf = await app.documents.receipt(snapshot, { copy: false, void: false });
      const stored = await db().update(receipts).set({ pdf, print_count: 1 })
        .where(and(eq(receipts.payment_id, paymentId), eq(receipts.print_count, 0))).returning({ id: receipts.payment_id });
      if (stored.length) return { pdf, filename };
    }
    if (!payload.copy) {
      const [again] = await db().select({ pdf: receipts.pdf }).from(receipts).where(eq(receipts.payment_id, paymentId));
      return { pdf: again!.pdf!, filename };
    }
    return { pdf: await app.documents.receipt(snapshot, { copy: true, void: false }), filename: `${snap.number}-copy.pdf` };
  });

  registerDocumentType(app, 'application', async (applicationId) => {
    const d = await getApplicationDetail(db(), null, applicationId);
    const [branch] = await db().select().from(branches).where(eq(branches.branch_id, d.branch_id));
    const [creator] = await db().select({ prefix: users.prefix, fname: users.fname, sname: users.sname }).from(applications)
      .innerJoin(users, eq(users.user_id, applications.created_by)).where(eq(applications.application_id, applicationId));
    const { settings, logo, logo_mime } = await logoOf(app);
    const school: SchoolInfo = {
      name: settings?.name ?? '', name_en: settings?.name_en ?? '', tax_id: settings?.tax_id ?? '', address: settings?.address ?? '',
      phone: settings?.phone ?? '', vat_mode: settings?.vat_mode ?? 'exempt', promptpay_id: settings?.promptpay_id ?? '', logo, logo_mime,
    };
    const c = d.customer;
    const data: ApplicationFormData = {
      school,
      branch: { name: branch!.name, code: branch!.code, is_head_office: branch!.is_head_office, tax_branch_no: branch!.tax_branch_no, address: formatAddress(branch!), phone: branch!.phone_1 },
      title: d.kind === 'fee' ? 'ใบสมัครค่าธรรมเนียมอื่น' : d.kind === 'request' ? 'ใบคำร้อง' : 'ใบสมัครเรียนขับรถ',
      application_code: d.application_code, created_at: d.createdAt, status: d.status,
      customer: {
        prefix: c.prefix, fname: c.fname, sname: c.sname, idcard: c.idcard, is_foreigner: c.is_foreigner, birthday: c.birthday, age: c.age,
        address: formatAddress(c), phone_1: c.phone_1, phone_2: c.phone_2,
      },
      courses: d.courses.map((l) => ({ name: l.course_name, type: l.course_type, exam_date: l.exam_date, cost: l.cost, discount: l.discount, promotion_code: l.promotion_code })),
      other_fees: [...d.other_fees.map((f) => ({ name: f.other_fee_name, date: f.date, cost: f.cost, discount: f.discount })),
        ...d.request_fees.map((f) => ({ name: f.request_fee_name, date: f.date, cost: f.cost, discount: f.discount }))],
      totals: { total: d.total, discount: d.discount, net: d.net, paid: d.paid, balance: d.balance },
      payments: d.payments.map((p) => ({
        number: p.payment_code, date: p.createdAt, pay_type: p.pay_type as 'cash' | 'transfer',
        amount: fromSatang(Math.abs(S(p.paid))), is_void: p.is_void, kind: p.kind as 'payment' | 'refund',
      })),
      staff: creator ? fullName(creator) : '',
    };
    return { pdf: await app.documents.applicationForm(data), filename: `${d.application_code}.pdf` };
  });
}

