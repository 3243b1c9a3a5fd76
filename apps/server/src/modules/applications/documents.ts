/** The money documents: receipts (stored original, copies marked สำเนา, void stamped) and the application form. */
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { formatThaiDateTime, fromSatang } from '@khabkhi/thai';
import { branches, files, schoolSettings, users } from '../../db/schema/core.js';
import { applications, payments, receipts } from '../../db/schema/money.js';
import {
  registerDocumentType,
  signDocumentLink,
  type ApplicationFormData,
  type ReceiptSnapshot,
  type SchoolInfo,
} from '../../documents/index.js';
import { notFound } from '../../http/errors.js';
import { formatAddress, fullName } from '../customers/index.js';
import { S } from './money.js';
import { getApplicationDetail } from './detail.js';

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

  registerDocumentType(app, 'receipt', async (paymentId) => {
    const [row] = await db()
      // not the stored PDF of the original (bytea): a copy is rendered anew from the snapshot
      .select({
        r: { snapshot: receipts.snapshot, print_count: receipts.print_count },
        p: { is_void: payments.is_void },
      })
      .from(receipts)
      .innerJoin(payments, eq(payments.payment_id, receipts.payment_id))
      .where(eq(receipts.payment_id, paymentId));
    if (!row) throw notFound('ไม่พบใบเสร็จนี้');
    const snap = row.r.snapshot as ReceiptSnapshot;
    const { logo, logo_mime } = await logoOf(app);
    const snapshot: ReceiptSnapshot = { ...snap, school: { ...snap.school, logo, logo_mime } };
    const filename = `${snap.number}.pdf`;
    if (row.p.is_void) {
      return { pdf: await app.documents.receipt(snapshot, { copy: row.r.print_count > 0, void: true }), filename };
    }
    // The original is issued once: the first print claims it in one statement (print_count 0 → 1), so of two tabs
    // opened at once exactly one gets ต้นฉบับ; every other print, whatever link it came from, is a สำเนา.
    const [claimed] = await db()
      .update(receipts)
      .set({ print_count: 1 })
      .where(and(eq(receipts.payment_id, paymentId), eq(receipts.print_count, 0)))
      .returning({ id: receipts.payment_id });
    if (claimed) {
      try {
        const pdf = await app.documents.receipt(snapshot, { copy: false, void: false });
        await db().update(receipts).set({ pdf }).where(eq(receipts.payment_id, paymentId));
        return { pdf, filename };
      } catch (e) {
        // not printed: the original is still to be issued
        await db()
          .update(receipts)
          .set({ print_count: 0 })
          .where(and(eq(receipts.payment_id, paymentId), sql`${receipts.pdf} is null`));
        throw e;
      }
    }
    await db()
      .update(receipts)
      .set({ print_count: sql`${receipts.print_count} + 1` })
      .where(eq(receipts.payment_id, paymentId));
    return {
      pdf: await app.documents.receipt(snapshot, { copy: true, void: false }),
      filename: `${snap.number}-copy.pdf`,
    };
  });

  registerDocumentType(app, 'application', async (applicationId) => {
    const d = await getApplicationDetail(db(), null, applicationId);
    const [branch] = await db().select().from(branches).where(eq(branches.branch_id, d.branch_id));
    const [creator] = await db()
      .select({ prefix: users.prefix, fname: users.fname, sname: users.sname })
      .from(applications)
      .innerJoin(users, eq(users.user_id, applications.created_by))
      .where(eq(applications.application_id, applicationId));
    const { settings, logo, logo_mime } = await logoOf(app);
    const school: SchoolInfo = {
      name: settings?.name ?? '',
      name_en: settings?.name_en ?? '',
      tax_id: settings?.tax_id ?? '',
      address: settings?.address ?? '',
      phone: settings?.phone ?? '',
      vat_mode: settings?.vat_mode ?? 'exempt',
      promptpay_id: settings?.promptpay_id ?? '',
      logo,
      logo_mime,
    };
    const c = d.customer;
    const data: ApplicationFormData = {
      school,
      branch: {
        name: branch!.name,
        code: branch!.code,
        is_head_office: branch!.is_head_office,
        tax_branch_no: branch!.tax_branch_no,
        address: formatAddress(branch!),
        phone: branch!.phone_1,
      },
      title: d.kind === 'fee' ? 'ใบสมัครค่าธรรมเนียมอื่น' : d.kind === 'request' ? 'ใบคำร้อง' : 'ใบสมัครเรียนขับรถ',
      application_code: d.application_code,
      created_at: d.createdAt,
      status: d.status,
      customer: {
        prefix: c.prefix,
        fname: c.fname,
        sname: c.sname,
        idcard: c.idcard,
        is_foreigner: c.is_foreigner,
        birthday: c.birthday,
        age: c.age,
        address: formatAddress(c),
        phone_1: c.phone_1,
        phone_2: c.phone_2,
      },
      // a request-fee application is priced by its request fees; its registration's courses are a reference only
      courses:
        d.kind === 'request'
          ? []
          : d.courses.map((l) => ({
              name: l.course_name,
              type: l.course_type,
              exam_date: l.exam_date,
              cost: l.cost,
              discount: l.discount,
              promotion_code: l.promotion_code,
            })),
      related:
        d.kind === 'request' && d.related_application_code
          ? { code: d.related_application_code, courses: d.courses.map((l) => l.course_name) }
          : null,
      other_fees: [
        ...d.other_fees.map((f) => ({ name: f.other_fee_name, date: f.date, cost: f.cost, discount: f.discount })),
        ...d.request_fees.map((f) => ({ name: f.request_fee_name, date: f.date, cost: f.cost, discount: f.discount })),
      ],
      totals: {
        total: d.total,
        discount: d.discount,
        net: d.net,
        paid: d.paid,
        balance: d.balance,
        refunded: d.refunded,
        due: d.due,
      },
      closed_reason: d.closed_reason,
      payments: d.payments.map((p) => ({
        number: p.payment_code,
        date: p.createdAt,
        pay_type: p.pay_type as 'cash' | 'transfer',
        amount: fromSatang(Math.abs(S(p.paid))),
        is_void: p.is_void,
        kind: p.kind as 'payment' | 'refund',
        transfer: p.pay_type === 'transfer' ? transferText(p) : '',
      })),
      staff: creator ? fullName(creator) : '',
    };
    return { pdf: await app.documents.applicationForm(data), filename: `${d.application_code}.pdf` };
  });
}

/** One line for a transfer's details: ธนาคาร · โอนเมื่อ · เลขอ้างอิง (empty when none were recorded). */
export function transferText(p: { transfer_bank: string; transfer_at: string | null; transfer_ref: string }) {
  return [
    p.transfer_bank && `ธนาคาร${p.transfer_bank.startsWith('ธนาคาร') ? p.transfer_bank.slice(6) : p.transfer_bank}`,
    p.transfer_at && `โอนเมื่อ ${formatThaiDateTime(p.transfer_at)}`,
    p.transfer_ref && `เลขอ้างอิง ${p.transfer_ref}`,
  ]
    .filter(Boolean)
    .join(' · ');
}
