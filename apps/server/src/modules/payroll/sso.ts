/**
 * Social security (Social Security Act B.E. 2533, s.33 and s.46/47), pure and in integer satang.
 *
 * The legal method this follows:
 * - The base is the wage actually paid for the month ("ค่าจ้าง"): the salary or day wages earned, the fixed
 *   monthly extra pay and the pay for teaching/commission work, after absence deductions — not overtime, not
 *   bonuses. It is floored and capped by the dated rates table (1,650 and 15,000 until 2025, 17,500 in
 *   2026–2028, 20,000 in 2029–2031, 23,000 from 2032).
 * - A person is insured once by the employer (the school), so the contribution is computed once per person
 *   and month, whichever branch's sheet carries the person.
 * - Rounding: the SSO computes 5 % of the base and rounds the result once to the whole baht — a fraction of
 *   50 satang or more is raised to one baht, less is dropped (the SSO's contribution calculation, as its
 *   e-service and the สปส.1-10 form apply it: "เศษของบาทตั้งแต่ 50 สตางค์ขึ้นไปปัดเป็น 1 บาท ต่ำกว่า 50
 *   สตางค์ปัดทิ้ง"). It is never rounded first to the satang: 1,669.90 × 5 % = 83.495 → 83, not 84.
 */

/** Social security of one period: rates in basis points (500 = 5 %), floor and ceiling of the wage in satang. */
export interface SsoRate {
  employee_bp: number;
  employer_bp: number;
  floor: number;
  ceiling: number;
}

/** base (satang) × rate (basis points), rounded once to the whole baht: 50 satang or more up, less down. */
export function contributionOf(base: number, bp: number): number {
  // satang × bp / 10,000 = satang; / 100 = baht; half-up on the exact fraction
  return Math.floor((2 * base * bp + 1_000_000) / 2_000_000) * 100;
}

/** Employee's and employer's contribution on the month's wage actually paid (satang). No wage, no contribution. */
export function ssoContribution(wage: number, r: SsoRate): { base: number; employee: number; employer: number } {
  if (wage <= 0) return { base: 0, employee: 0, employer: 0 };
  const base = Math.min(Math.max(wage, r.floor), r.ceiling);
  return { base, employee: contributionOf(base, r.employee_bp), employer: contributionOf(base, r.employer_bp) };
}
