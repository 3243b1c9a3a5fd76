import { and, desc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import { fromSatang, todayBangkok, toSatang } from '@khabkhi/thai';
import type { Db, Tx } from '../../db/connection.js';
import { branches, users } from '../../db/schema/core.js';
import { applications, customers, payments, receipts } from '../../db/schema/money.js';
import { assertBranch, branchScopeWhere, type Actor } from '../../http/auth.js';
import { isAll } from '../../http/envelope.js';
import { badRequest, notFound } from '../../http/errors.js';
import { audit } from '../../http/audit.js';
import { allOf, branchFilter } from '../../http/tables.js';
import {
  applicationIdsMatching,
  transferText,
  assertDayOpen,
  lockApplication,
  PAY_TYPE_LABEL,
  type PayType,
} from '../applications/index.js';

const m = (v: string) => fromSatang(toSatang(v, { allowNegative: true }));

export interface PaymentFilter {
  branch?: string;
  type?: string;
  text?: string;
  start?: string;
  end?: string;
  status?: string;
}

/** The date range of a payment list: given start/end, or the current month in Bangkok. */
export function rangeOf(f: PaymentFilter, defaultRange: 'month' | 'today' = 'month'): { start: string; end: string } {
  const today = todayBangkok();
  const start = f.start || (defaultRange === 'today' ? today : `${today.slice(0, 7)}-01`);
  const end = f.end || today;
  if (end < start) throw badRequest('วันสิ้นสุด: ต้องไม่ก่อนวันเริ่มต้น');
  return { start, end };
}

function where(actor: Actor, f: PaymentFilter, defaultRange: 'month' | 'today') {
  const { start, end } = rangeOf(f, defaultRange);
  const branchId = branchFilter(f.branch);
  if (branchId !== undefined) assertBranch(actor, branchId);
  if (!isAll(f.type) && f.type !== 'cash' && f.type !== 'transfer')
    throw badRequest('ประเภทการชำระ: ต้องเป็น cash, transfer หรือ ทั้งหมด');
  return allOf(
    branchScopeWhere(actor, payments.branch_id),
    branchId !== undefined ? eq(payments.branch_id, branchId) : undefined,
    gte(payments.business_date, start),
    lte(payments.business_date, end),
    f.type === 'cash' || f.type === 'transfer' ? eq(payments.pay_type, f.type) : undefined,
    f.status === 'void' ? eq(payments.is_void, true) : f.status === 'valid' ? eq(payments.is_void, false) : undefined,
    f.text?.trim()
      ? sql`(${payments.application_id} in (${applicationIdsMatching(f.text)}) or ${payments.payment_code} ilike ${`%${f.text.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`})`
      : undefined,
  );
}

/** payment/paybalance/gettable: money entries in a date range (default this month) with totals by pay type. */
export async function paymentTable(
  db: Db,
  actor: Actor,
  f: PaymentFilter,
  perPage: number,
  offset: number,
  defaultRange: 'month' | 'today' = 'month',
) {
  const w = where(actor, f, defaultRange);
  // page the ids on the payments index alone, then join names for those rows only
  const pageRows = async () => {
    const idRows = await db
      .select({ id: payments.payment_id })
      .from(payments)
      .where(w)
      .orderBy(desc(payments.business_date), desc(payments.createdAt), desc(payments.payment_id))
      .limit(perPage)
      .offset(offset);
    const ids = idRows.map((r) => r.id);
    return ids.length === 0
      ? []
      : db
          .select({
            payment_id: payments.payment_id,
            payment_code: payments.payment_code,
            kind: payments.kind,
            createdAt: payments.createdAt,
            business_date: payments.business_date,
            application_id: payments.application_id,
            application_code: applications.application_code,
            application_kind: applications.kind,
            branch_id: payments.branch_id,
            branch_name: branches.name,
            customer_name: sql<string>`${customers.prefix} || ${customers.fname} || ' ' || ${customers.sname}`,
            pay_type: payments.pay_type,
            paid: payments.amount,
            note: payments.note,
            is_void: payments.is_void,
            created_by_name: sql<string>`${users.fname} || ' ' || ${users.sname}`,
            transfer_bank: payments.transfer_bank,
            transfer_at: payments.transfer_at,
            transfer_ref: payments.transfer_ref,
            transfer_slip: payments.transfer_slip,
            pending_void: sql<boolean>`exists (select 1 from approval_requests r where r.kind = 'void_payment' and r.subject_id = ${payments.payment_id} and r.decision = 'pending')`,
          })
          .from(payments)
          .innerJoin(applications, eq(applications.application_id, payments.application_id))
          .innerJoin(customers, eq(customers.customer_id, applications.customer_id))
          .innerJoin(branches, eq(branches.branch_id, payments.branch_id))
          .innerJoin(users, eq(users.user_id, payments.created_by))
          .where(inArray(payments.payment_id, ids))
          .orderBy(desc(payments.business_date), desc(payments.createdAt), desc(payments.payment_id));
  };
  const aggQ = db
    .select({
      total: sql<number>`count(*)::int`,
      cash: sql<string>`coalesce(sum(${payments.amount}) filter (where ${payments.pay_type} = 'cash' and not ${payments.is_void}), 0)::text`,
      transfer: sql<string>`coalesce(sum(${payments.amount}) filter (where ${payments.pay_type} = 'transfer' and not ${payments.is_void}), 0)::text`,
      received: sql<string>`coalesce(sum(${payments.amount}) filter (where ${payments.kind} = 'payment' and not ${payments.is_void}), 0)::text`,
      refunds: sql<string>`coalesce(-sum(${payments.amount}) filter (where ${payments.kind} = 'refund' and not ${payments.is_void}), 0)::text`,
      voided: sql<string>`coalesce(sum(${payments.amount}) filter (where ${payments.is_void}), 0)::text`,
    })
    .from(payments);
  // the page and the totals side by side (two connections): neither waits for the other
  const [rows, [agg]] = await Promise.all([pageRows(), aggQ.where(w)]);
  const cashS = toSatang(agg!.cash, { allowNegative: true });
  const transferS = toSatang(agg!.transfer, { allowNegative: true });
  return {
    rows: rows.map((r) => {
      const at = r.transfer_at?.toISOString() ?? null;
      return {
        ...r,
        createdAt: r.createdAt.toISOString(),
        paid: m(r.paid),
        pay_type_name: PAY_TYPE_LABEL[r.pay_type as PayType],
        transfer_at: at,
        transfer_detail:
          r.pay_type === 'transfer'
            ? transferText({ transfer_bank: r.transfer_bank, transfer_at: at, transfer_ref: r.transfer_ref })
            : '',
      };
    }),
    total: agg!.total,
    totals: {
      cash: fromSatang(cashS),
      transfer: fromSatang(transferS),
      total: fromSatang(cashS + transferS),
      received: m(agg!.received),
      refunds: m(agg!.refunds),
      voided: m(agg!.voided),
    },
  };
}

export async function paymentScoped(db: Db, actor: Actor, paymentId: number) {
  const [p] = await db.select().from(payments).where(eq(payments.payment_id, paymentId));
  if (!p) return null;
  assertBranch(actor, p.branch_id);
  return p;
}

/** payment/edit-paytype: cash ↔ transfer on a payment of a day not yet closed; the application's split follows. */
export async function editPayType(
  tx: Tx,
  actor: Actor,
  input: { payment_id: number; pay_type: PayType },
  reqId?: string,
) {
  const [p] = await tx.select().from(payments).where(eq(payments.payment_id, input.payment_id));
  if (!p) throw notFound('ไม่พบรายการชำระเงินนี้');
  assertBranch(actor, p.branch_id);
  if (p.is_void) throw badRequest(`รายการ ${p.payment_code} ถูกยกเลิกแล้ว แก้ไขไม่ได้`);
  if (p.pay_type === input.pay_type)
    throw badRequest(`รายการ ${p.payment_code} เป็น${PAY_TYPE_LABEL[p.pay_type as PayType]}อยู่แล้ว`);
  // a closed day's entries stay as closed (under the day's lock, so a close cannot slip in between)
  await assertDayOpen(tx, p.branch_id, p.business_date);
  const app = await lockApplication(tx, p.application_id);
  const amountS = toSatang(p.amount, { allowNegative: true });
  const from = p.pay_type === 'cash' ? 'paid_cash' : 'paid_transfer';
  const to = input.pay_type === 'cash' ? 'paid_cash' : 'paid_transfer';
  const fromS = toSatang(app[from], { allowNegative: true }) - amountS;
  const toS = toSatang(app[to], { allowNegative: true }) + amountS;
  if (fromS < 0 || toS < 0) throw badRequest('ไม่สามารถเปลี่ยนประเภทการชำระได้ เพราะจะทำให้ยอดแยกตามประเภทติดลบ');
  const [after] = await tx
    .update(payments)
    .set({ pay_type: input.pay_type })
    .where(eq(payments.payment_id, p.payment_id))
    .returning();
  await tx
    .update(applications)
    .set({ [from]: fromSatang(fromS), [to]: fromSatang(toS), updatedAt: new Date() })
    .where(eq(applications.application_id, app.application_id));
  await tx
    .update(receipts)
    .set({ snapshot: sql`jsonb_set(${receipts.snapshot}, '{pay_type}', to_jsonb(${input.pay_type}::text))` })
    .where(and(eq(receipts.payment_id, p.payment_id), sql`${receipts.pdf} is null`));
  await audit(
    tx,
    actor,
    { entity: 'payment', entityId: p.payment_id, action: 'edit-paytype', branchId: p.branch_id, before: p, after },
    reqId,
  );
  return after!;
}
