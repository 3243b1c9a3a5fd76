import { and, asc, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { fromSatang, phoneSearchDigits, todayBangkok, toSatang } from '@khabkhi/thai';
import type { Conn, Db, Tx } from '../../db/connection.js';
import { isoTimestamp, preparedPer } from '../../db/sql.js';
import { branches, schoolSettings, users } from '../../db/schema/core.js';
import { courses, courseTypes, otherFees, promotions } from '../../db/schema/catalog.js';
import {
  applicationCourses,
  applicationFees,
  applications,
  applicationStats,
  customers,
  payments,
  promotionUsages,
} from '../../db/schema/money.js';
import { audit } from '../../http/audit.js';
import { assertBranch, branchScopeWhere, type Actor } from '../../http/auth.js';
import { isAll } from '../../http/envelope.js';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors.js';
import { allOf, branchFilter, namedOptions, withAll } from '../../http/tables.js';
import { checkPromotion } from '../promotions/check.js';
import { courseTypeMinAges } from '../catalog/routes.js';
import { emptyCatalogHint, offeredAt, offeredCatalog, priceAt } from '../catalog/offer.js';
import { customerApi, upsertCustomer } from '../customers/service.js';
import { openPermissions } from '../exams/repo.js';
import type { CustomerInput } from '../customers/schemas.js';
import type { Claim } from './idempotency.js';
import {
  assertDayOpen,
  lockApplication,
  lockForPayment,
  NO_TRANSFER,
  PAY_TYPE_LABEL,
  recordPayment,
  recordRefund,
  S,
  STATUS,
  STATUS_LIST,
  statusOf,
  type PayType,
  type TransferDetails,
} from './money.js';
import { formatNumber, nextNumber } from './numbers.js';

export type Kind = 'course' | 'fee' | 'request';

export interface CreateInput {
  branch_id?: number;
  /** course and fee applications carry the customer block; a request-fee application takes its registration's customer */
  customer?: CustomerInput;
  /** request-fee applications: the registration the request concerns */
  application_id?: number;
  /** discount: with a promotion code, the discount the cashier was shown (checked against the server's) */
  courses: { course_id: number; promotion_code?: string; discount?: string; exam_date?: string | null }[];
  other_fees: { other_fee_id: number; date?: string | null }[];
  payment?: PaymentInput | null;
  note?: string;
}

const MAX_LINES = 20;

/** A payment as the API takes it: a transfer may carry its bank, time, slip reference and slip photo. */
export interface PaymentInput {
  paid: string;
  pay_type: PayType;
  note?: string;
  transfer_bank?: string;
  transfer_at?: string | null;
  transfer_ref?: string;
  transfer_slip?: string | null;
}

/** A slip photo must be one uploaded at a branch the user may see (checked only when one is attached). */
async function checkSlip(tx: Conn, actor: Actor, t: TransferDetails) {
  if (!t.slip) return;
  const res = await tx.execute(sql`select branch_id from files where file_id = ${t.slip}::uuid and kind = 'photo'`);
  const f = (res as unknown as { rows: { branch_id: number | null }[] }).rows[0];
  if (!f) throw badRequest('รูปสลิป: ไม่พบไฟล์นี้ กรุณาอัปโหลดใหม่');
  if (f.branch_id !== null) assertBranch(actor, f.branch_id);
}

/** The banks a transfer is recorded from (the counter picks one). */
export const BANKS = [
  'กสิกรไทย',
  'กรุงเทพ',
  'ไทยพาณิชย์',
  'กรุงไทย',
  'กรุงศรีอยุธยา',
  'ทหารไทยธนชาต',
  'ออมสิน',
  'ธ.ก.ส.',
  'ยูโอบี',
  'ซีไอเอ็มบี ไทย',
  'เกียรตินาคินภัทร',
  'แลนด์ แอนด์ เฮ้าส์',
  'อาคารสงเคราะห์',
  'อื่น ๆ',
];

/** The transfer details of a payment input, checked: a known bank, a time not in the future, a short reference. */
export function transferOf(p: PaymentInput): TransferDetails {
  if (p.pay_type !== 'transfer') return NO_TRANSFER;
  const bank = (p.transfer_bank ?? '').trim();
  if (bank && !BANKS.includes(bank)) throw badRequest('ธนาคาร: ไม่พบธนาคารนี้ในรายการ');
  const at = p.transfer_at ?? null;
  if (at !== null) {
    const t = Date.parse(at);
    if (Number.isNaN(t)) throw badRequest('วันเวลาที่โอน: ไม่ถูกต้อง');
    if (t > Date.now() + 5 * 60_000) throw badRequest('วันเวลาที่โอน: เป็นเวลาในอนาคตไม่ได้');
  }
  return {
    bank,
    at: at === null ? null : new Date(Date.parse(at)).toISOString(),
    ref: (p.transfer_ref ?? '').trim(),
    slip: p.transfer_slip ?? null,
  };
}

async function liveBranch(conn: Conn, branchId: number) {
  const [b] = await conn
    .select()
    .from(branches)
    .where(and(eq(branches.branch_id, branchId), eq(branches.is_delete, false)));
  if (!b) throw badRequest('สาขา: ไม่พบสาขานี้');
  return b;
}

/**
 * application/create: the customer (created or updated), the lines priced from the catalog, promotions
 * re-checked and counted, the application numbered, and an optional first payment — one transaction.
 */
export async function createApplication(
  tx: Tx,
  actor: Actor,
  input: CreateInput,
  reqId?: string,
  kind: Kind = 'course',
) {
  let related: typeof applications.$inferSelect | undefined;
  if (kind === 'request') {
    [related] = await tx
      .select()
      .from(applications)
      .where(eq(applications.application_id, input.application_id ?? 0));
    if (!related || related.kind !== 'course') throw badRequest('ใบสมัคร: ไม่พบใบสมัครเรียนที่คำร้องนี้อ้างถึง');
    assertBranch(actor, related.branch_id);
    if (input.branch_id !== undefined && input.branch_id !== related.branch_id)
      throw badRequest('สาขา: ต้องเป็นสาขาเดียวกับใบสมัครเรียน');
  }
  const branchId = related?.branch_id ?? input.branch_id ?? actor.branchId;
  assertBranch(actor, branchId);
  const branch = await liveBranch(tx, branchId);
  if (kind === 'course' && input.courses.length === 0) throw badRequest('หลักสูตร: ต้องเลือกอย่างน้อย 1 หลักสูตร');
  if (kind !== 'course' && input.courses.length > 0) throw badRequest('หลักสูตร: ใบนี้รับเฉพาะค่าธรรมเนียม');
  if (kind !== 'course' && input.other_fees.length === 0) {
    throw badRequest(kind === 'request' ? 'ค่าคำร้อง: ต้องเลือกอย่างน้อย 1 รายการ' : 'ค่าธรรมเนียม: ต้องเลือกอย่างน้อย 1 รายการ');
  }
  if (kind !== 'request' && !input.customer) throw badRequest('ลูกค้า: ต้องระบุข้อมูลลูกค้า');
  if (input.courses.length + input.other_fees.length > MAX_LINES)
    throw badRequest(`รายการในใบสมัครต้องไม่เกิน ${MAX_LINES} รายการ`);
  const payment = input.payment ?? null;
  let payS = 0;
  let transfer = NO_TRANSFER;
  if (payment) {
    payS = toSatang(payment.paid);
    if (payS <= 0) throw badRequest('ยอดชำระ: ต้องมากกว่า 0 บาท หรือเว้นว่างหากยังไม่ชำระ');
    transfer = transferOf(payment);
    await checkSlip(tx, actor, transfer);
    // a closed day takes no payment: refused before anything is recorded
    await assertDayOpen(tx, branchId, todayBangkok());
  }

  const courseIds = [...new Set(input.courses.map((c) => c.course_id))];
  const courseRows = await tx.select().from(courses).where(inArray(courses.course_id, courseIds));
  const courseById = new Map(courseRows.map((c) => [c.course_id, c]));
  const feeIds = [...new Set(input.other_fees.map((f) => f.other_fee_id))];
  const feeRows = feeIds.length ? await tx.select().from(otherFees).where(inArray(otherFees.other_fee_id, feeIds)) : [];
  const feeById = new Map(feeRows.map((f) => [f.other_fee_id, f]));

  const today = todayBangkok();
  const courseLines: (typeof applicationCourses.$inferInsert & { promotion?: typeof promotions.$inferSelect })[] = [];
  for (const [i, line] of input.courses.entries()) {
    const c = courseById.get(line.course_id);
    const where = `หลักสูตรรายการที่ ${i + 1}`;
    if (!c || c.is_delete) throw badRequest(`${where}: ไม่พบหลักสูตรนี้`);
    if (!offeredAt(c, branchId)) throw badRequest(`${where}: หลักสูตร "${c.name}" ไม่ได้เปิดสอนที่${branch.name}`);
    if (!c.is_activate) throw badRequest(`${where}: หลักสูตร "${c.name}" ปิดใช้งานอยู่`);
    const costS = S(await priceAt(tx, 'course', { id: c.course_id, branch_id: c.branch_id, price: c.price }, branchId));
    let discountS = 0;
    let promotion: typeof promotions.$inferSelect | undefined;
    const code = (line.promotion_code ?? '').trim();
    if (code) {
      const checked = await checkPromotion(tx, { code, branchId, courseType: c.type, costSatang: costS, today });
      if (!checked.ok) throw badRequest(`${where} รหัสส่วนลด ${code}: ${checked.message}`);
      promotion = checked.promotion;
      discountS = Math.min(checked.discountSatang, costS);
      // a code is applied only as the cashier saw it: the discount shown on the form must be the one recorded
      if (line.discount === undefined) {
        throw badRequest(`${where} รหัสส่วนลด ${code}: ยังไม่ได้ตรวจรหัสส่วนลด กรุณากด "ตรวจ" และดูส่วนลดก่อนบันทึก`);
      }
      if (toSatang(line.discount) !== discountS) {
        throw badRequest(
          `${where} รหัสส่วนลด ${code}: ส่วนลดคือ ${fromSatang(discountS)} บาท ไม่ตรงกับที่แสดงบนหน้าจอ (${fromSatang(toSatang(line.discount))} บาท) กรุณาตรวจรหัสส่วนลดอีกครั้ง`,
        );
      }
    } else if (line.discount !== undefined && toSatang(line.discount) !== 0) {
      throw badRequest(`${where}: ส่วนลดต้องมาจากรหัสส่วนลดที่ตรวจแล้วเท่านั้น`);
    }
    courseLines.push({
      application_id: 0,
      line_no: i + 1,
      course_id: c.course_id,
      course_name: c.name,
      course_type: c.type,
      promotion_id: promotion?.promotion_id ?? null,
      promotion_code: promotion ? promotion.code : '',
      exam_date: line.exam_date ?? null,
      cost: fromSatang(costS),
      discount: fromSatang(discountS),
      promotion,
    });
  }
  // a limited code used on several lines of one application needs that many uses left
  const perPromotion = new Map<number, { p: typeof promotions.$inferSelect; n: number }>();
  for (const l of courseLines)
    if (l.promotion) {
      const e = perPromotion.get(l.promotion.promotion_id) ?? { p: l.promotion, n: 0 };
      e.n++;
      perPromotion.set(l.promotion.promotion_id, e);
    }
  for (const { p, n } of perPromotion.values()) {
    if (!p.is_unlimit && p.usage + n > p.limit) {
      throw badRequest(
        `รหัสส่วนลด ${p.code}: เหลือสิทธิ์ ${p.limit - p.usage} สิทธิ์ ใช้กับ ${n} หลักสูตรในใบสมัครเดียวไม่ได้ (ใช้ครบจำนวนสิทธิ์)`,
      );
    }
  }
  const feeLines: (typeof applicationFees.$inferInsert)[] = [];
  for (const [i, line] of input.other_fees.entries()) {
    const f = feeById.get(line.other_fee_id);
    const where = `ค่าธรรมเนียมรายการที่ ${i + 1}`;
    if (!f || f.is_delete) throw badRequest(`${where}: ไม่พบค่าธรรมเนียมนี้`);
    if (!offeredAt(f, branchId)) throw badRequest(`${where}: "${f.name}" ไม่ได้เปิดที่${branch.name}`);
    if (!f.is_activate) throw badRequest(`${where}: "${f.name}" ปิดใช้งานอยู่`);
    if (kind !== 'request' && f.is_request_fee) throw badRequest(`${where}: "${f.name}" เป็นค่าคำร้อง ให้บันทึกที่เมนูค่าคำร้อง`);
    if (kind === 'request' && !f.is_request_fee) throw badRequest(`${where}: "${f.name}" ไม่ใช่ค่าคำร้อง`);
    feeLines.push({
      application_id: 0,
      line_no: input.courses.length + i + 1,
      other_fee_id: f.other_fee_id,
      other_fee_name: f.name,
      is_request_fee: kind === 'request',
      date: line.date ?? null,
      cost: await priceAt(tx, 'other_fee', { id: f.other_fee_id, branch_id: f.branch_id, price: f.price }, branchId),
      discount: '0',
    });
  }
  const totalS = [...courseLines, ...feeLines].reduce((s, l) => s + S(l.cost as string), 0);
  const discountS = courseLines.reduce((s, l) => s + S(l.discount as string), 0);
  const netS = totalS - discountS;
  if (payS > netS) throw badRequest(`ยอดชำระ: ${fromSatang(payS)} บาท มากกว่ายอดสุทธิ ${fromSatang(netS)} บาท`);

  const customerId = related
    ? related.customer_id
    : (await upsertCustomer(tx, actor, input.customer!, branchId, reqId)).customer_id;
  const series = kind === 'course' ? 'AP' : kind === 'fee' ? 'OF' : 'RQ';
  const { beYear, seq } = await nextNumber(tx, branchId, series, today);
  const [app] = await tx
    .insert(applications)
    .values({
      kind,
      branch_id: branchId,
      application_code: formatNumber(series, branch.code, beYear, seq),
      related_application_id: related?.application_id ?? null,
      customer_id: customerId,
      status: statusOf({ netS, paidS: 0, refundedS: 0, isDelete: false }),
      total: fromSatang(totalS),
      discount: fromSatang(discountS),
      net: fromSatang(netS),
      paid: '0',
      balance: fromSatang(netS),
      note: (input.note ?? '').trim(),
      created_by: actor.userId,
    })
    .returning();
  const id = app!.application_id;
  const lineIds: number[] = [];
  for (const l of courseLines) {
    const { promotion, ...row } = l;
    const [inserted] = await tx
      .insert(applicationCourses)
      .values({ ...row, application_id: id })
      .returning();
    lineIds.push(inserted!.line_id);
    if (promotion) {
      // counted here, under the promotion row's lock: two counters cannot both take the last use
      const counted = await tx
        .update(promotions)
        .set({ usage: sql`${promotions.usage} + 1`, updatedAt: new Date() })
        .where(
          and(
            eq(promotions.promotion_id, promotion.promotion_id),
            sql`(${promotions.is_unlimit} or ${promotions.usage} < ${promotions.limit})`,
          ),
        )
        .returning({ usage: promotions.usage });
      if (counted.length === 0) throw conflict(`รหัสส่วนลด ${promotion.code}: ใช้ครบจำนวนสิทธิ์แล้ว`);
      await tx.insert(promotionUsages).values({
        promotion_id: promotion.promotion_id,
        application_id: id,
        line_id: inserted!.line_id,
        discount: inserted!.discount,
      });
    }
  }
  if (feeLines.length) await tx.insert(applicationFees).values(feeLines.map((l) => ({ ...l, application_id: id })));
  // each course line's exam permission (สิทธิ์สอบ) runs from today
  await openPermissions(tx, { application_id: id, branch_id: branchId }, lineIds, today);
  await audit(
    tx,
    actor,
    {
      entity: kind === 'course' ? 'application' : kind === 'fee' ? 'application_fee' : 'application_request_fee',
      entityId: id,
      action: 'create',
      branchId,
      after: { application: app, courses: courseLines.map(({ promotion, ...r }) => r), other_fees: feeLines },
    },
    reqId,
  );

  let paymentId: number | null = null;
  if (payment) {
    const locked = await lockApplication(tx, id);
    const r = await recordPayment(
      tx,
      actor,
      locked,
      { amountS: payS, payType: payment.pay_type, note: (payment.note ?? '').trim(), transfer },
      reqId,
    );
    paymentId = r.payment.payment_id;
  }
  return { applicationId: id, paymentId };
}

/** application/paybalance: one payment on a locked application. */
export async function payBalance(
  tx: Tx,
  actor: Actor,
  input: PaymentInput & { application_id: number },
  reqId?: string,
  kind?: Kind,
  claim?: Claim | null,
) {
  const transfer = transferOf(input);
  await checkSlip(tx, actor, transfer);
  const { app, ctx } = await lockForPayment(tx, input.application_id, actor.userId);
  if (kind && app.kind !== kind)
    throw notFound(kind === 'fee' ? 'ไม่พบใบค่าธรรมเนียมนี้' : kind === 'request' ? 'ไม่พบใบคำร้องนี้' : 'ไม่พบใบสมัครนี้');
  assertBranch(actor, app.branch_id);
  const r = await recordPayment(
    tx,
    actor,
    app,
    { amountS: toSatang(input.paid), payType: input.pay_type, note: (input.note ?? '').trim(), transfer },
    reqId,
    ctx,
    claim,
  );
  return { applicationId: app.application_id, paymentId: r.payment.payment_id };
}

const m = (v: string) => fromSatang(S(v));

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

export interface ListFilter {
  branch?: string;
  status?: string;
  type?: string;
  text?: string;
  owingOnly?: boolean;
  /** leave out cancelled applications (the exam screens: status ทั้งหมด means every live one) */
  live?: boolean;
  /** the text filter already resolved to ids (resolveText) */
  textIds?: number[];
}

/**
 * The text filter as a list of ids when the matches are few (the usual case at the counter), so the list
 * and its count use the primary key instead of walking the date index past every non-match.
 */
export async function resolveText(db: Db, f: ListFilter): Promise<ListFilter> {
  const text = f.text?.trim();
  if (!text || f.textIds) return f;
  // materialized: a bare LIMIT would tempt the planner into walking all applications for a fast start
  const res = await db.execute(
    sql`with m as materialized (${applicationIdsMatching(text)}) select application_id from m limit 5001`,
  );
  const ids = (res as unknown as { rows: { application_id: number }[] }).rows.map((r) => r.application_id);
  return ids.length <= 5000 ? { ...f, textIds: ids } : f;
}

/** The applications a list's filters pick (the branch checked against the caller's scope). */
export function listWhere(actor: Actor, f: ListFilter, kind: string): SQL | undefined {
  const branchId = branchFilter(f.branch);
  if (branchId !== undefined) assertBranch(actor, branchId);
  const text = f.text?.trim();
  return allOf(
    eq(applications.kind, kind),
    branchScopeWhere(actor, applications.branch_id),
    branchId !== undefined ? eq(applications.branch_id, branchId) : undefined,
    isAll(f.status) ? undefined : eq(applications.status, f.status!),
    f.live ? ne(applications.status, STATUS.cancelled) : undefined,
    isAll(f.type)
      ? undefined
      : sql`exists (select 1 from application_courses l where l.application_id = ${applications.application_id} and l.course_type = ${f.type})`,
    text
      ? f.textIds
        ? f.textIds.length
          ? sql`${applications.application_id} = any(${sql.param(f.textIds)}::int[])`
          : sql`false`
        : sql`${applications.application_id} in (${applicationIdsMatching(text)})`
      : undefined,
  );
}

/**
 * The applications whose code, or whose customer's name, ID number or phone, contains the text — written as
 * a union of index-friendly lookups (trigram indexes on PostgreSQL) instead of one OR across two tables.
 */
export function applicationIdsMatching(text: string): SQL {
  const t = text.trim();
  const esc = (v: string) => v.replace(/[\\%_]/g, (c) => `\\${c}`);
  // an ID number typed with spaces or dashes, or a phone number however it is typed: its digits
  const digits = phoneSearchDigits(t) ?? t.replace(/[\s-]/g, '');
  if (/^\d+$/.test(digits)) {
    // an ID number or a phone number, typed from its start: two btree prefix lookups
    const p = `${esc(digits)}%`;
    return sql`select a2.application_id from applications a2 where a2.customer_id in (
        select c.customer_id from customers c where c.idcard like ${p} or c.phone_1 like ${p})`;
  }
  // a name (full name or surname, from its start), a passport number, or a document code (anywhere in it)
  const prefix = `${esc(t.toLowerCase())}%`;
  const anywhere = `%${esc(t)}%`;
  const people = sql`select a2.application_id from applications a2 where a2.customer_id in (
      select c.customer_id from customers c
      where lower(c.fname || ' ' || c.sname) like ${prefix} or lower(c.sname) like ${prefix} or c.idcard like ${`${esc(t.toUpperCase())}%`})`;
  if (!/[A-Za-z0-9]/.test(t)) return people;
  return sql`${people} union all select a3.application_id from applications a3 where a3.application_code ilike ${anywhere}`;
}

/** Filters the per-branch/kind/status statistics can answer (no text, no course type). */
function statsWhere(actor: Actor, f: ListFilter, kind: string): SQL | undefined | false {
  if (f.text?.trim() || !isAll(f.type)) return false;
  const branchId = branchFilter(f.branch);
  return allOf(
    eq(applicationStats.kind, kind),
    branchScopeWhere(actor, applicationStats.branch_id),
    branchId !== undefined ? eq(applicationStats.branch_id, branchId) : undefined,
    isAll(f.status) ? undefined : eq(applicationStats.status, f.status!),
    f.live ? ne(applicationStats.status, STATUS.cancelled) : undefined,
  );
}

const rowSelect = {
  application_id: applications.application_id,
  application_code: applications.application_code,
  createdAt: applications.createdAt,
  branch_id: applications.branch_id,
  branch_name: branches.name,
  customer_id: applications.customer_id,
  customer_name: sql<string>`${customers.prefix} || ${customers.fname} || ' ' || ${customers.sname}`,
  idcard: customers.idcard,
  phone_1: customers.phone_1,
  course_names: sql<string>`(select string_agg(l.course_name, ', ' order by l.line_no) from application_courses l where l.application_id = ${applications.application_id})`,
  total: applications.total,
  discount: applications.discount,
  net: applications.net,
  paid: applications.paid,
  balance: applications.balance,
  status: applications.status,
  note: applications.note,
};

interface RowDb {
  createdAt: Date;
  total: string;
  discount: string;
  net: string;
  paid: string;
  balance: string;
  status: string;
}
function rowApi<R extends RowDb>(r: R) {
  return {
    ...r,
    createdAt: r.createdAt.toISOString(),
    total: m(r.total),
    discount: m(r.discount),
    net: m(r.net),
    paid: m(r.paid),
    balance: m(r.balance),
    // what is still owed: nothing once refunded or cancelled (the rest of net is not charged), as on the detail
    due: r.status === STATUS.owing || r.status === STATUS.paid ? m(r.balance) : '0',
  };
}

/**
 * application/gettable and getforoutstandingBalance: one page of applications with the customer and course
 * names in one statement: the page's ids are taken on the applications index alone, or for a text search from the
 * few matching ids, and only those rows are joined to the customer and branch.
 */
export async function applicationTable(
  db: Db,
  actor: Actor,
  f0: ListFilter,
  perPage: number,
  offset: number,
  kind = 'course',
) {
  const f = await resolveText(db, f0);
  const rows = await db
    .select(rowSelect)
    .from(applications)
    .innerJoin(customers, eq(customers.customer_id, applications.customer_id))
    .innerJoin(branches, eq(branches.branch_id, applications.branch_id))
    .where(applicationPageWhere(db, actor, f, perPage, offset, kind))
    .orderBy(...newestFirst);
  return rows.map(rowApi);
}

/** The order of every application list: newest registration first. */
export const newestFirst = [desc(applications.createdAt), desc(applications.application_id)];

/**
 * One page of a list's applications (newest first) as a condition on their ids, for a filter whose text is resolved
 * (resolveText): the ids are taken on the applications' indexes alone, or for a text search from the few matching
 * ids, so a page joins its customers, branches and lines for its own rows only. `extra` narrows the applications
 * further (a screen's own filter).
 */
export function applicationPageWhere(
  db: Db,
  actor: Actor,
  f: ListFilter,
  perPage: number,
  offset: number,
  kind = 'course',
  extra?: SQL,
): SQL {
  const where = allOf(listWhere(actor, f, kind), extra);
  if (f.textIds) {
    // a few matches: read by primary key, then sorted and paged. OFFSET 0 keeps the matching apart from the
    // LIMIT, which would otherwise tempt the planner to walk the date index past every non-match.
    const matches = db
      .select({ application_id: applications.application_id, created_at: applications.createdAt })
      .from(applications)
      .where(where);
    return sql`${applications.application_id} in (select m.application_id from (${matches} offset 0) m order by m.created_at desc, m.application_id desc limit ${perPage} offset ${offset})`;
  }
  return inArray(
    applications.application_id,
    db
      .select({ id: applications.application_id })
      .from(applications)
      .where(where)
      .orderBy(...newestFirst)
      .limit(perPage)
      .offset(offset),
  );
}

/**
 * How many applications the filters match and their money (paid by cash and by transfer, owed), in one query:
 * from the per-branch statistics when the filters allow, otherwise summed over the matching applications.
 */
export async function applicationSummary(db: Db, actor: Actor, f0: ListFilter, kind = 'course') {
  const f = await resolveText(db, f0);
  const sw = statsWhere(actor, f, kind);
  const t = sw !== false ? applicationStats : applications;
  const q = db.select({
    n: sw !== false ? sql<number>`coalesce(sum(${applicationStats.n}), 0)::int` : sql<number>`count(*)::int`,
    cash: sql<string>`coalesce(sum(${t.paid_cash}), 0)::text`,
    transfer: sql<string>`coalesce(sum(${t.paid_transfer}), 0)::text`,
    // owed: only what open applications still owe (a refunded or cancelled one owes nothing, whatever its balance)
    paid: sql<string>`coalesce(sum(${t.paid}), 0)::text`,
    balance: sql<string>`coalesce(sum(${t.balance}) filter (where ${t.status} = ${STATUS.owing}), 0)::text`,
    net: sql<string>`coalesce(sum(${t.net}), 0)::text`,
  });
  const [r] =
    sw !== false
      ? await q.from(applicationStats).where(sw)
      : await q.from(applications).where(listWhere(actor, f, kind));
  return {
    total: r!.n,
    totals: { cash: m(r!.cash), transfer: m(r!.transfer), paid: m(r!.paid), balance: m(r!.balance), net: m(r!.net) },
  };
}

/** The choices of the list filters (branches in the user's scope, course types), in one query. */
export async function listFilterOptions(db: Db, actor: Actor) {
  const res = await db.execute(sql`select
    (select coalesce(json_agg(json_build_object('value', ${branches.branch_id}, 'name', ${branches.name}) order by ${branches.branch_id}), '[]'::json)
       from ${branches} where ${allOf(eq(branches.is_delete, false), branchScopeWhere(actor, branches.branch_id))}) as branches,
    (select coalesce(json_agg(${courseTypes.name} order by ${courseTypes.sort}, ${courseTypes.name}), '[]'::json)
       from ${courseTypes} where ${courseTypes.is_delete} = false) as types`);
  const row = (res as unknown as { rows: { branches: { value: number; name: string }[]; types: string[] }[] }).rows[0]!;
  return {
    branch: withAll(row.branches),
    status: withAll(namedOptions(STATUS_LIST)),
    type: withAll(namedOptions(row.types)),
  };
}

export async function branchOptionsFor(db: Db, actor: Actor) {
  const rows = await db
    .select({ branch_id: branches.branch_id, name: branches.name })
    .from(branches)
    .where(allOf(eq(branches.is_delete, false), branchScopeWhere(actor, branches.branch_id)))
    .orderBy(asc(branches.branch_id));
  return rows;
}

export const PREFIXES = ['นาย', 'นาง', 'นางสาว', 'เด็กชาย', 'เด็กหญิง', 'Mr.', 'Mrs.', 'Ms.', 'Miss'];

/** application/getforregister: what the registration form offers for a branch. */
export async function registerOptions(db: Db, actor: Actor, branchParam?: string) {
  const branchList = await branchOptionsFor(db, actor);
  let branchId = actor.branchId;
  const asked = branchFilter(branchParam);
  if (asked !== undefined) {
    assertBranch(actor, asked);
    branchId = asked;
  }
  // the branch's own courses and fees and the school-wide ones it offers, at its prices
  const { courses: courseRows, fees: feeRows } = await offeredCatalog(db, branchId);
  const [settings] = await db
    .select({ port: schoolSettings.card_agent_port, promptpay_id: schoolSettings.promptpay_id })
    .from(schoolSettings)
    .where(eq(schoolSettings.id, 1));
  return {
    branches: branchList,
    branch_id: branchId,
    courses: courseRows.map((c) => ({ ...c, price: m(c.price) })),
    other_fees: feeRows
      .filter((f) => !f.is_request_fee)
      .map(({ is_request_fee, ...f }) => ({ ...f, price: m(f.price) })),
    request_fees: feeRows
      .filter((f) => f.is_request_fee)
      .map(({ is_request_fee, ...f }) => ({ ...f, price: m(f.price) })),
    pay_types: [
      { value: 'cash' as const, name: PAY_TYPE_LABEL.cash },
      { value: 'transfer' as const, name: PAY_TYPE_LABEL.transfer },
    ],
    banks: BANKS,
    prefixes: PREFIXES,
    card_agent_port: settings?.port ?? 8189,
    /** why the course dropdown is empty, and where to fix it */
    courses_hint: courseRows.length ? null : await emptyCatalogHint(db, branchId),
    /** the youngest age per course type before the form warns (settings: หลักสูตร › ประเภทหลักสูตร) */
    min_ages: await courseTypeMinAges(db),
  };
}

/** application/checkpromotion: the rule the form calls per course line. */
export async function checkPromotionForLine(
  db: Db,
  actor: Actor,
  input: { index: number; code: string; course_id: number; branch_id?: number },
) {
  const branchId = input.branch_id ?? actor.branchId;
  assertBranch(actor, branchId);
  const [c] = await db.select().from(courses).where(eq(courses.course_id, input.course_id));
  if (!c || c.is_delete) throw badRequest('หลักสูตร: ไม่พบหลักสูตรนี้');
  if (!offeredAt(c, branchId)) throw forbidden('หลักสูตรนี้ไม่ได้เปิดสอนที่สาขาที่เลือก');
  const costS = S(await priceAt(db, 'course', { id: c.course_id, branch_id: c.branch_id, price: c.price }, branchId));
  const r = await checkPromotion(db, {
    code: input.code.trim(),
    branchId,
    courseType: c.type,
    costSatang: costS,
    today: todayBangkok(),
  });
  if (!r.ok) throw badRequest(r.message);
  return {
    index: input.index,
    promotion_id: r.promotion.promotion_id,
    code: r.promotion.code,
    name: r.promotion.name,
    type_discount: r.promotion.type_discount,
    value: m(r.promotion.value),
    discount: fromSatang(Math.min(r.discountSatang, costS)),
    cost: fromSatang(costS),
  };
}

const kindLabel = (k: string) => (k === 'fee' ? 'ใบค่าธรรมเนียม' : k === 'request' ? 'ใบคำร้อง' : 'ใบสมัคร');

/** application/refund and applicationfee/refund: a new negative entry on the locked application. */
export async function refundApplication(
  tx: Tx,
  actor: Actor,
  input: { application_id: number; note: string; value: string; pay_type?: PayType },
  kind: Kind,
  reqId?: string,
) {
  // the day's lock before the application's row, in the order a payment takes them (no lock cycle with a close)
  const [pre] = await tx
    .select({ branch_id: applications.branch_id })
    .from(applications)
    .where(eq(applications.application_id, input.application_id));
  if (!pre) throw notFound(`ไม่พบ${kindLabel(kind)}นี้`);
  assertBranch(actor, pre.branch_id);
  await assertDayOpen(tx, pre.branch_id, todayBangkok());
  const app = await lockApplication(tx, input.application_id);
  if (app.kind !== kind) throw notFound(`ไม่พบ${kindLabel(kind)}นี้`);
  const r = await recordRefund(
    tx,
    actor,
    app,
    { amountS: toSatang(input.value), payType: input.pay_type ?? 'cash', note: input.note },
    reqId,
  );
  return { applicationId: app.application_id, paymentId: r.payment.payment_id };
}

/** application/delete: cancel only while nothing is paid; it stays visible as ยกเลิก. */
export async function deleteApplication(tx: Tx, actor: Actor, id: number, kind: Kind, note: string, reqId?: string) {
  const app = await lockApplication(tx, id);
  if (app.kind !== kind) throw notFound(`ไม่พบ${kindLabel(kind)}นี้`);
  assertBranch(actor, app.branch_id);
  if (app.is_delete) throw badRequest(`${kindLabel(kind)}นี้ถูกยกเลิกไปแล้ว`);
  if (S(app.paid) !== 0)
    throw badRequest(`${kindLabel(kind)}นี้มียอดชำระแล้ว ${fromSatang(S(app.paid))} บาท กรุณาคืนเงินหรือขอยกเลิกรายการชำระก่อน`);
  const [after] = await tx
    .update(applications)
    .set({
      is_delete: true,
      status: STATUS.cancelled,
      note: note ? `${app.note ? `${app.note}\n` : ''}ยกเลิก: ${note}` : app.note,
      updatedAt: new Date(),
    })
    .where(eq(applications.application_id, id))
    .returning();
  // a cancelled registration gives its promotion uses back
  const uses = await tx.select().from(promotionUsages).where(eq(promotionUsages.application_id, id));
  for (const u of uses) {
    await tx
      .update(promotions)
      .set({ usage: sql`greatest(${promotions.usage} - 1, 0)` })
      .where(eq(promotions.promotion_id, u.promotion_id));
  }
  await tx.delete(promotionUsages).where(eq(promotionUsages.application_id, id));
  await audit(
    tx,
    actor,
    { entity: 'application', entityId: id, action: 'cancel', branchId: app.branch_id, before: app, after },
    reqId,
  );
}

/** application/getforoverdue rows: how long the balance has been owed and whether the exam date has passed. */
export async function overdueTable(
  db: Db,
  actor: Actor,
  f0: ListFilter,
  perPage: number,
  offset: number,
  kind: Kind = 'course',
) {
  const f = await resolveText(db, f0);
  const where = listWhere(actor, f, kind);
  const today = todayBangkok();
  const rows = await db
    .select({
      ...rowSelect,
      days: sql<number>`(${today}::date - (${applications.createdAt} at time zone 'Asia/Bangkok')::date)::int`,
      exam_date: sql<
        string | null
      >`(select min(l.exam_date)::text from application_courses l where l.application_id = ${applications.application_id})`,
      last_paid_at: sql<
        string | null
      >`(select max(p.created_at) from payments p where p.application_id = ${applications.application_id} and not p.is_void)`,
    })
    .from(applications)
    .innerJoin(customers, eq(customers.customer_id, applications.customer_id))
    .innerJoin(branches, eq(branches.branch_id, applications.branch_id))
    .where(where)
    .orderBy(asc(applications.createdAt), asc(applications.application_id))
    .limit(perPage)
    .offset(offset);
  return rows.map((r) => ({
    ...rowApi(r),
    days: r.days,
    exam_date: r.exam_date,
    exam_passed: r.exam_date !== null && r.exam_date < today,
    last_paid_at: r.last_paid_at ? new Date(r.last_paid_at).toISOString() : null,
  }));
}

/** request/refund/pdf: the refund entry of an application in the user's branches (the latest by default, or the one named). */
export async function refundEntryOf(db: Db, actor: Actor, applicationId: number, paymentId?: number): Promise<number> {
  const [a] = await db
    .select({ branch_id: applications.branch_id })
    .from(applications)
    .where(eq(applications.application_id, applicationId));
  if (!a) throw notFound('ไม่พบใบสมัครนี้');
  assertBranch(actor, a.branch_id);
  const [p] = await db
    .select({ id: payments.payment_id })
    .from(payments)
    .where(
      and(
        eq(payments.application_id, applicationId),
        eq(payments.kind, 'refund'),
        paymentId ? eq(payments.payment_id, paymentId) : undefined,
      ),
    )
    .orderBy(desc(payments.payment_id))
    .limit(1);
  if (!p) throw badRequest('ใบสมัครนี้ไม่มีรายการคืนเงิน');
  return p.id;
}
