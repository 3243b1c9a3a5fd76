import { eq, sql } from 'drizzle-orm';
import type { Conn } from '../../db/connection.js';
import { isoTimestamp, preparedPer } from '../../db/sql.js';
import { branches, users } from '../../db/schema/core.js';
import { courses } from '../../db/schema/catalog.js';
import { applications, customers, payments } from '../../db/schema/money.js';
import { assertBranch, type Actor } from '../../http/auth.js';
import { notFound } from '../../http/errors.js';
import { customerApi } from '../customers/service.js';
import { PAY_TYPE_LABEL, S, type PayType } from './money.js';
import { m } from './kinds.js';

interface LineJson {
  line_id: number;
  course_id: number;
  course_name: string;
  course_type: string;
  promotion_id: number | null;
  promotion_code: string;
  exam_date: string | null;
  cost: string;
  discount: string;
}
interface FeeJson {
  line_id: number;
  other_fee_id: number;
  other_fee_name: string;
  is_request_fee: boolean;
  date: string | null;
  cost: string;
  discount: string;
}
interface PayJson {
  payment_id: number;
  payment_code: string;
  kind: 'payment' | 'refund';
  pay_type: PayType;
  amount: string;
  note: string;
  createdAt: string;
  business_date: string;
  created_by_name: string;
  is_void: boolean;
  transfer_bank: string;
  transfer_at: string | null;
  transfer_ref: string;
  transfer_slip: string | null;
  pending_void: boolean;
}

/** application/get/{id} — the SPEC's field list, scoped to the user's branches; one query (lines, fees and payments as JSON). */
const detailQuery = preparedPer((conn: Conn) =>
  conn
    .select({
      a: applications,
      c: customers,
      branch_name: branches.name,
      created_by_name: sql<string>`${users.fname} || ' ' || ${users.sname}`,
      related_code: sql<
        string | null
      >`(select r.application_code from applications r where r.application_id = ${applications.related_application_id})`,
      // a request-fee application shows the courses of the registration it concerns
      lines: sql<
        LineJson[]
      >`(select coalesce(json_agg(json_build_object('line_id', l.line_id, 'course_id', l.course_id, 'course_name', l.course_name,
        'course_type', l.course_type, 'promotion_id', l.promotion_id, 'promotion_code', l.promotion_code, 'exam_date', l.exam_date::text,
        'cost', l.cost::text, 'discount', l.discount::text) order by l.line_no), '[]'::json)
      from application_courses l where l.application_id = coalesce(case when ${applications.kind} = 'request' then ${applications.related_application_id} end, ${applications.application_id}))`,
      fees: sql<
        FeeJson[]
      >`(select coalesce(json_agg(json_build_object('line_id', f.line_id, 'other_fee_id', f.other_fee_id, 'other_fee_name', f.other_fee_name,
        'is_request_fee', f.is_request_fee, 'date', f.date::text, 'cost', f.cost::text, 'discount', f.discount::text) order by f.line_no), '[]'::json)
      from application_fees f where f.application_id = ${applications.application_id})`,
      pays: sql<
        PayJson[]
      >`(select coalesce(json_agg(json_build_object('payment_id', p.payment_id, 'payment_code', p.payment_code, 'kind', p.kind,
        'pay_type', p.pay_type, 'amount', p.amount::text, 'note', p.note, 'createdAt', ${isoTimestamp('p.created_at')}, 'business_date', p.business_date::text,
        'created_by_name', pu.fname || ' ' || pu.sname, 'is_void', p.is_void, 'transfer_bank', p.transfer_bank,
        'transfer_at', case when p.transfer_at is null then null else ${isoTimestamp('p.transfer_at')} end, 'transfer_ref', p.transfer_ref, 'transfer_slip', p.transfer_slip,
        'pending_void', exists (select 1 from approval_requests r where r.kind = 'void_payment' and r.subject_id = p.payment_id and r.decision = 'pending')) order by p.created_at, p.payment_id), '[]'::json)
      from payments p join users pu on pu.user_id = p.created_by where p.application_id = ${applications.application_id})`,
    })
    .from(applications)
    .innerJoin(customers, eq(customers.customer_id, applications.customer_id))
    .innerJoin(branches, eq(branches.branch_id, applications.branch_id))
    .innerJoin(users, eq(users.user_id, applications.created_by))
    .where(eq(applications.application_id, sql.placeholder('id')))
    .prepare('application_detail'),
);

export async function getApplicationDetail(conn: Conn, actor: Actor | null, id: number) {
  const [row] = await detailQuery(conn).execute({ id });
  if (!row) throw notFound('ไม่พบใบสมัครนี้');
  if (actor) assertBranch(actor, row.a.branch_id);
  const { a, lines, fees, pays } = row;
  const closed_reason = a.is_delete
    ? 'ใบสมัครนี้ถูกยกเลิกแล้ว ไม่รับชำระ'
    : S(a.refunded) > 0
      ? 'คืนเงินแล้ว ใบสมัครนี้ปิดแล้ว ไม่รับชำระเพิ่ม'
      : null;
  return {
    application_id: a.application_id,
    application_code: a.application_code,
    kind: a.kind,
    branch_id: a.branch_id,
    branch_name: row.branch_name,
    status: a.status,
    total: m(a.total),
    discount: m(a.discount),
    net: m(a.net),
    paid: m(a.paid),
    balance: m(a.balance),
    refunded: m(a.refunded),
    // what the student still owes: the balance while the application takes payments, 0 once it is refunded or cancelled
    due: closed_reason ? '0' : m(a.balance),
    closed_reason,
    note: a.note,
    is_delete: a.is_delete,
    createdAt: a.createdAt.toISOString(),
    updatedAt: a.updatedAt.toISOString(),
    created_by_name: row.created_by_name,
    customer_id: a.customer_id,
    customer: customerApi(row.c),
    related_application_id: a.related_application_id,
    related_application_code: row.related_code ?? null,
    course_id: lines[0]?.course_id ?? null,
    promotion_id: lines.find((l) => l.promotion_id)?.promotion_id ?? null,
    promotion: lines
      .filter((l) => l.promotion_code)
      .map((l) => ({ promotion_id: l.promotion_id, code: l.promotion_code, line_id: l.line_id })),
    courses: lines.map((l) => ({
      line_id: l.line_id,
      course_id: l.course_id,
      course_name: l.course_name,
      course_type: l.course_type,
      promotion_id: l.promotion_id,
      promotion_code: l.promotion_code,
      exam_date: l.exam_date,
      cost: m(l.cost),
      discount: m(l.discount),
    })),
    other_fees: fees
      .filter((f) => !f.is_request_fee)
      .map((f) => ({
        line_id: f.line_id,
        other_fee_id: f.other_fee_id,
        other_fee_name: f.other_fee_name,
        date: f.date,
        cost: m(f.cost),
        discount: m(f.discount),
      })),
    request_fees: fees
      .filter((f) => f.is_request_fee)
      .map((f) => ({
        line_id: f.line_id,
        request_fee_id: f.other_fee_id,
        request_fee_name: f.other_fee_name,
        date: f.date,
        cost: m(f.cost),
        discount: m(f.discount),
      })),
    payments: pays.map((p) => ({
      payment_id: p.payment_id,
      payment_code: p.payment_code,
      kind: p.kind,
      pay_type: p.pay_type,
      pay_type_name: PAY_TYPE_LABEL[p.pay_type as PayType],
      paid: m(p.amount),
      note: p.note,
      createdAt: p.createdAt,
      business_date: p.business_date,
      created_by_name: p.created_by_name,
      is_void: p.is_void,
      transfer_bank: p.transfer_bank,
      transfer_at: p.transfer_at,
      transfer_ref: p.transfer_ref,
      transfer_slip: p.transfer_slip,
      pending_void: p.pending_void,
    })),
  };
}
