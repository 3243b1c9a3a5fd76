/** Registration age checks that warn (the exam rules enforce them later): minimum ages come from the course types. */
import { ageOn, birthdayProblem, todayBangkok } from '@khabkhi/thai';

/** The age shown beside the birthday: empty while the birthday cannot be right (future, or over 120 years). */
export function ageText(birthday: string | null | undefined, today = todayBangkok()): string {
  if (!birthday || birthdayProblem(birthday, today)) return '';
  return `${ageOn(birthday, today)} ปี`;
}

/** The age in whole years, or null when there is no birthday that can be right. */
export function ageOrNull(birthday: string | null | undefined, today = todayBangkok()): number | null {
  return !birthday || birthdayProblem(birthday, today) ? null : ageOn(birthday, today);
}
export interface CourseLike {
  type: string;
  name: string;
}

/**
 * The warning for a student younger than a chosen course type's minimum age (settings: ประเภทหลักสูตร), e.g.
 * "อายุ 16 ปี ยังไม่ถึงเกณฑ์ขั้นต่ำ 18 ปีของหลักสูตรรถยนต์ (…)"; null when old enough, or the age is unknown.
 */
export function underAgeWarning(
  age: number | null,
  chosen: CourseLike[],
  minAges: Record<string, number>,
): string | null {
  if (age === null || age < 0) return null;
  const under = chosen.filter((c) => (minAges[c.type] ?? 0) > age);
  if (!under.length) return null;
  const types = [...new Set(under.map((c) => c.type))];
  return `อายุ ${age} ปี ยังไม่ถึงเกณฑ์ขั้นต่ำของหลักสูตร${types.map((t) => `${t} (${minAges[t]} ปี)`).join(', ')} — สมัครได้ แต่จะสอบใบขับขี่ได้เมื่ออายุครบ`;
}
