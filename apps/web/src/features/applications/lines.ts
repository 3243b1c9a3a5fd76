import { fromSatang, isMoneyString, toSatang } from '@khabkhi/thai';

export interface LineMoney { cost?: string; discount?: string }

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
export function lineOnCourseChange<T extends { cost?: string; discount?: string; promotion_code?: string }>(line: T, price: string, mode: 'new' | 'edit'): T {
  if (mode === 'edit') return line;
  return { ...line, cost: price, discount: '0', promotion_code: '' };
}

/** After a promotion check: success sets the line discount; failure clears the code and the discount. */
export function lineOnPromotion<T extends { discount?: string; promotion_code?: string }>(line: T, result: { ok: true; discount: string } | { ok: false }): T {
  return result.ok ? { ...line, discount: result.discount } : { ...line, promotion_code: '', discount: '0' };
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
