import type { CourseLineInput } from '@khabkhi/contracts';
import { fromSatang, isMoneyString, toSatang } from '@khabkhi/thai';

export interface LineMoney {
  cost?: string;
  discount?: string;
}

const S = (v: string | undefined) => (v && isMoneyString(v) ? toSatang(v) : 0);

/** The preview of the application's money, in satang (the server recomputes; its answer is the truth). */
export function totalsOf(courses: LineMoney[], fees: LineMoney[]) {
  const lines = [...courses, ...fees];
  const total = lines.reduce((s, l) => s + S(l.cost), 0);
  const discount = lines.reduce((s, l) => s + Math.min(S(l.discount), S(l.cost)), 0);
  return { total, discount, net: total - discount };
}

export const baht = (satang: number) => fromSatang(satang);

/** New mode copies the catalog price into the line; edit mode keeps the stored cost. */
export function lineOnCourseChange<T extends { cost?: string; discount?: string; promotion_code?: string }>(
  line: T,
  price: string,
  mode: 'new' | 'edit',
): T {
  if (mode === 'edit') return line;
  return { ...line, cost: price, discount: '0', promotion_code: '' };
}

/** A course line's promotion: the code typed, and the code the server checked (whose discount the line shows). */
export interface PromoLine {
  promotion_code?: string;
  checked_code?: string;
  discount?: string;
}

const norm = (code: string | undefined) => (code ?? '').trim().toUpperCase();

/**
 * After a promotion check: success sets the line discount and remembers the code it was checked for; failure clears
 * the code and the discount (an unchecked or refused code never shows or saves a discount).
 */
export function lineOnPromotion<T extends PromoLine>(
  line: T,
  result: { ok: true; discount: string } | { ok: false },
): T {
  return result.ok
    ? { ...line, discount: result.discount, checked_code: norm(line.promotion_code) }
    : { ...line, promotion_code: '', discount: '0', checked_code: '' };
}

/** The code was typed over: its discount is no longer known until it is checked again (the summary shows 0 meanwhile). */
export function lineOnCodeTyped<T extends PromoLine>(line: T): T {
  return norm(line.promotion_code) === (line.checked_code ?? '') && line.checked_code
    ? line
    : { ...line, discount: '0', checked_code: '' };
}

/** The lines whose code has not been checked as it now reads: they are checked (and shown) before anything is saved. */
export function uncheckedPromotions(lines: PromoLine[]): number[] {
  return lines.flatMap((l, i) =>
    norm(l.promotion_code) && norm(l.promotion_code) !== (l.checked_code ?? '') ? [i] : [],
  );
}

/** A course line as sent: with a code, the discount the cashier saw, which the server must match. */
export function courseLineBody(l: PromoLine & { course_id?: number; exam_date?: string | null }): CourseLineInput {
  const code = norm(l.promotion_code);
  return {
    course_id: l.course_id!,
    ...(code ? { promotion_code: code, discount: l.discount ?? '0' } : {}),
    exam_date: l.exam_date || null,
  };
}

/** The first payment must be > 0 and not above the net. */
export function paymentProblem(paid: string | undefined, netSatang: number): string | null {
  if (!paid) return null;
  if (!isMoneyString(paid)) return 'ยอดชำระต้องเป็นจำนวนเงิน ทศนิยมไม่เกิน 2 ตำแหน่ง';
  const p = toSatang(paid);
  if (p <= 0) return 'ยอดชำระต้องมากกว่า 0 บาท หรือเว้นว่างหากยังไม่ชำระ';
  if (p > netSatang) return 'ยอดชำระมากกว่ายอดสุทธิ';
  return null;
}
