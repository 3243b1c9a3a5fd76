import { eq } from 'drizzle-orm';
import { fromSatang, todayBangkok } from '@khabkhi/thai';
import type { Db } from '../../db/connection.js';
import { branches, schoolSettings } from '../../db/schema/core.js';
import { courses } from '../../db/schema/catalog.js';
import { assertBranch, type Actor } from '../../http/auth.js';
import { badRequest, forbidden } from '../../http/errors.js';
import { branchFilter } from '../../http/tables.js';
import { checkPromotion } from '../promotions/check.js';
import { courseTypeMinAges } from '../catalog/routes.js';
import { emptyCatalogHint, offeredAt, offeredCatalog, priceAt } from '../catalog/offer.js';
import { PAY_TYPE_LABEL, S } from './money.js';
import { m } from './kinds.js';
import { BANKS } from './pay.js';
import { branchOptionsFor } from './lists.js';

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
