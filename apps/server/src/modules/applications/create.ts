import { and, eq, inArray, sql } from 'drizzle-orm';
import { fromSatang, todayBangkok, toSatang } from '@khabkhi/thai';
import type { Tx } from '../../db/connection.js';
import { branches } from '../../db/schema/core.js';
import { courses, otherFees, promotions } from '../../db/schema/catalog.js';
import { applicationCourses, applicationFees, applications, promotionUsages } from '../../db/schema/money.js';
import { audit } from '../../http/audit.js';
import { liveBranchRow } from '../../http/branch.js';
import { assertBranch, type Actor } from '../../http/auth.js';
import { badRequest, conflict } from '../../http/errors.js';
import { checkPromotion } from '../promotions/index.js';
import { offeredAt, priceAt } from '../catalog/index.js';
import { upsertCustomer, type CustomerInput } from '../customers/index.js';
import { assertDayOpen, lockApplication, recordPayment, S, statusOf, type TransferDetails } from './money.js';
import { formatNumber, nextNumber } from './numbers.js';
import { courseLinesCreated } from './hooks.js';
import { Kind } from './kinds.js';
import { PaymentInput, checkSlip, transferOf } from './pay.js';

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

type ApplicationRow = typeof applications.$inferSelect;
type BranchRow = typeof branches.$inferSelect;
type PromotionRow = typeof promotions.$inferSelect;
type CourseLine = typeof applicationCourses.$inferInsert & { promotion?: PromotionRow };
type FeeLine = typeof applicationFees.$inferInsert;

/**
 * application/create: the customer (created or updated), the lines priced from the catalog, promotions
 * re-checked and counted, the application numbered, and an optional first payment — one transaction.
 * Its phases, in order: where it is filed, the first payment checked, the lines priced, the application and its
 * lines inserted (promotion uses counted, exam permissions opened, audited), the first payment recorded.
 */
export async function createApplication(
  tx: Tx,
  actor: Actor,
  input: CreateInput,
  reqId?: string,
  kind: Kind = 'course',
) {
  const { related, branchId, branch } = await targetOf(tx, actor, input, kind);
  const first = await firstPaymentOf(tx, actor, input.payment ?? null, branchId);
  const today = todayBangkok();
  const { courseById, feeById } = await catalogRowsOf(tx, input);
  const courseLines = await priceCourseLines(tx, input, courseById, branchId, branch, today);
  checkPromotionLimits(courseLines);
  const feeLines = await priceFeeLines(tx, input, kind, feeById, branchId, branch);
  const totals = totalsOf(courseLines, feeLines);
  if (first && first.payS > totals.netS)
    throw badRequest(`ยอดชำระ: ${fromSatang(first.payS)} บาท มากกว่ายอดสุทธิ ${fromSatang(totals.netS)} บาท`);

  const app = await insertApplication(tx, actor, input, kind, { related, branchId, branch }, totals, today, reqId);
  const id = app.application_id;
  const lineIds = await insertLines(tx, id, courseLines, feeLines);
  // each course line's exam permission (สิทธิ์สอบ) runs from today (opened by the exams module's hook)
  await courseLinesCreated(tx, { application_id: id, branch_id: branchId }, lineIds, today);
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
  const paymentId = first ? await recordFirstPayment(tx, actor, id, first, reqId) : null;
  return { applicationId: id, paymentId };
}

/** Where the application is filed: its branch (live, in the user's scope) and, for a request fee, its registration. */
async function targetOf(tx: Tx, actor: Actor, input: CreateInput, kind: Kind) {
  let related: ApplicationRow | undefined;
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
  const branch = await liveBranchRow(tx, branchId);
  if (kind === 'course' && input.courses.length === 0) throw badRequest('หลักสูตร: ต้องเลือกอย่างน้อย 1 หลักสูตร');
  if (kind !== 'course' && input.courses.length > 0) throw badRequest('หลักสูตร: ใบนี้รับเฉพาะค่าธรรมเนียม');
  if (kind !== 'course' && input.other_fees.length === 0) {
    throw badRequest(kind === 'request' ? 'ค่าคำร้อง: ต้องเลือกอย่างน้อย 1 รายการ' : 'ค่าธรรมเนียม: ต้องเลือกอย่างน้อย 1 รายการ');
  }
  if (kind !== 'request' && !input.customer) throw badRequest('ลูกค้า: ต้องระบุข้อมูลลูกค้า');
  if (input.courses.length + input.other_fees.length > MAX_LINES)
    throw badRequest(`รายการในใบสมัครต้องไม่เกิน ${MAX_LINES} รายการ`);
  return { related, branchId, branch };
}

interface FirstPayment {
  payment: PaymentInput;
  payS: number;
  transfer: TransferDetails;
}

/** The optional first payment, checked before anything is recorded (a closed day takes no payment). */
async function firstPaymentOf(
  tx: Tx,
  actor: Actor,
  payment: PaymentInput | null,
  branchId: number,
): Promise<FirstPayment | null> {
  if (!payment) return null;
  const payS = toSatang(payment.paid);
  if (payS <= 0) throw badRequest('ยอดชำระ: ต้องมากกว่า 0 บาท หรือเว้นว่างหากยังไม่ชำระ');
  const transfer = transferOf(payment);
  await checkSlip(tx, actor, transfer);
  // a closed day takes no payment: refused before anything is recorded
  await assertDayOpen(tx, branchId, todayBangkok());
  return { payment, payS, transfer };
}

/** The catalog rows the lines name, by id. */
async function catalogRowsOf(tx: Tx, input: CreateInput) {
  const courseIds = [...new Set(input.courses.map((c) => c.course_id))];
  const courseRows = await tx.select().from(courses).where(inArray(courses.course_id, courseIds));
  const courseById = new Map(courseRows.map((c) => [c.course_id, c]));
  const feeIds = [...new Set(input.other_fees.map((f) => f.other_fee_id))];
  const feeRows = feeIds.length ? await tx.select().from(otherFees).where(inArray(otherFees.other_fee_id, feeIds)) : [];
  const feeById = new Map(feeRows.map((f) => [f.other_fee_id, f]));
  return { courseById, feeById };
}

/** Each course line priced at the branch, its promotion code re-checked against the discount the cashier saw. */
async function priceCourseLines(
  tx: Tx,
  input: CreateInput,
  courseById: Map<number, typeof courses.$inferSelect>,
  branchId: number,
  branch: BranchRow,
  today: string,
): Promise<CourseLine[]> {
  const courseLines: CourseLine[] = [];
  for (const [i, line] of input.courses.entries()) {
    const c = courseById.get(line.course_id);
    const where = `หลักสูตรรายการที่ ${i + 1}`;
    if (!c || c.is_delete) throw badRequest(`${where}: ไม่พบหลักสูตรนี้`);
    if (!offeredAt(c, branchId)) throw badRequest(`${where}: หลักสูตร "${c.name}" ไม่ได้เปิดสอนที่${branch.name}`);
    if (!c.is_activate) throw badRequest(`${where}: หลักสูตร "${c.name}" ปิดใช้งานอยู่`);
    const costS = S(await priceAt(tx, 'course', { id: c.course_id, branch_id: c.branch_id, price: c.price }, branchId));
    let discountS = 0;
    let promotion: PromotionRow | undefined;
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
  return courseLines;
}

/** A limited code used on several lines of one application needs that many uses left. */
function checkPromotionLimits(courseLines: CourseLine[]) {
  const perPromotion = new Map<number, { p: PromotionRow; n: number }>();
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
}

/** Each other-fee (or request-fee) line priced at the branch. */
async function priceFeeLines(
  tx: Tx,
  input: CreateInput,
  kind: Kind,
  feeById: Map<number, typeof otherFees.$inferSelect>,
  branchId: number,
  branch: BranchRow,
): Promise<FeeLine[]> {
  const feeLines: FeeLine[] = [];
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
  return feeLines;
}

interface Totals {
  totalS: number;
  discountS: number;
  netS: number;
}

function totalsOf(courseLines: CourseLine[], feeLines: FeeLine[]): Totals {
  const totalS = [...courseLines, ...feeLines].reduce((s, l) => s + S(l.cost as string), 0);
  const discountS = courseLines.reduce((s, l) => s + S(l.discount as string), 0);
  return { totalS, discountS, netS: totalS - discountS };
}

/** The customer (created or updated; a request fee takes its registration's), then the numbered application row. */
async function insertApplication(
  tx: Tx,
  actor: Actor,
  input: CreateInput,
  kind: Kind,
  target: { related: ApplicationRow | undefined; branchId: number; branch: BranchRow },
  { totalS, discountS, netS }: Totals,
  today: string,
  reqId?: string,
): Promise<ApplicationRow> {
  const { related, branchId, branch } = target;
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
  return app!;
}

/** The course lines (each promotion use counted) and the fee lines; the course lines' ids in order. */
async function insertLines(tx: Tx, id: number, courseLines: CourseLine[], feeLines: FeeLine[]) {
  const lineIds: number[] = [];
  for (const l of courseLines) {
    const { promotion, ...row } = l;
    const [inserted] = await tx
      .insert(applicationCourses)
      .values({ ...row, application_id: id })
      .returning();
    lineIds.push(inserted!.line_id);
    if (promotion) await countPromotionUse(tx, promotion, id, inserted!);
  }
  if (feeLines.length) await tx.insert(applicationFees).values(feeLines.map((l) => ({ ...l, application_id: id })));
  return lineIds;
}

/** One use of a promotion, counted under the promotion row's lock: two counters cannot both take the last use. */
async function countPromotionUse(
  tx: Tx,
  promotion: PromotionRow,
  applicationId: number,
  line: typeof applicationCourses.$inferSelect,
) {
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
    application_id: applicationId,
    line_id: line.line_id,
    discount: line.discount,
  });
}

/** The first payment, recorded on the new application under its lock. */
async function recordFirstPayment(tx: Tx, actor: Actor, id: number, first: FirstPayment, reqId?: string) {
  const locked = await lockApplication(tx, id);
  const r = await recordPayment(
    tx,
    actor,
    locked,
    {
      amountS: first.payS,
      payType: first.payment.pay_type,
      note: (first.payment.note ?? '').trim(),
      transfer: first.transfer,
    },
    reqId,
  );
  return r.payment.payment_id;
}
