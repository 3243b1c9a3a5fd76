/**
 * The allowances an employee declares to the employer on ล.ย.01 (แบบแจ้งรายการเพื่อการหักลดหย่อน), used by the
 * withholding (tax.ts). Pure: kinds, their caps and the year's total, in integer satang.
 *
 * Caps as the Revenue Code s.47 and the Revenue Department's ล.ย.01 (2567 edition) state them for the tax year:
 * spouse without income 60,000; each child 30,000 (60,000 from the second child born in 2561 or later); each
 * parent aged 60+ with income under 30,000 30,000 (up to four: one's own and the spouse's); each disabled
 * dependant 60,000; life insurance premiums up to 100,000; health insurance up to 25,000 (life and health
 * together up to 100,000); parents' health insurance up to 15,000; provident fund contributions up to 500,000
 * (and 15 % of wages — the employer checks that on the form); home-loan interest up to 100,000.
 * Each row holds the year's figure declared from a date; the latest row of each kind on the month's last day is used.
 */

const B = (baht: number) => baht * 100;

export const ALLOWANCE_KINDS = {
  spouse: { name: 'คู่สมรสไม่มีเงินได้', per: B(60000), max_count: 1 },
  child: { name: 'บุตร', per: B(30000), max_count: 20 },
  child_2018: { name: 'บุตรคนที่สองขึ้นไปที่เกิดตั้งแต่ปี 2561', per: B(60000), max_count: 20 },
  parent: { name: 'บิดามารดา (อายุ 60 ปีขึ้นไป)', per: B(30000), max_count: 4 },
  disabled: { name: 'อุปการะเลี้ยงดูคนพิการ', per: B(60000), max_count: 20 },
  life_insurance: { name: 'เบี้ยประกันชีวิต', cap: B(100000) },
  health_insurance: { name: 'เบี้ยประกันสุขภาพ', cap: B(25000) },
  parents_health_insurance: { name: 'เบี้ยประกันสุขภาพบิดามารดา', cap: B(15000) },
  provident_fund: { name: 'เงินสะสมกองทุนสำรองเลี้ยงชีพ', cap: B(500000) },
  home_loan_interest: { name: 'ดอกเบี้ยเงินกู้ยืมเพื่อที่อยู่อาศัย', cap: B(100000) },
} as const satisfies Record<string, { name: string } & ({ per: number; max_count: number } | { cap: number })>;

export type AllowanceKind = keyof typeof ALLOWANCE_KINDS;
export const ALLOWANCE_KIND_VALUES = Object.keys(ALLOWANCE_KINDS) as AllowanceKind[];
/** Life and health insurance premiums together. */
export const LIFE_AND_HEALTH_CAP = B(100000);

/** A declared allowance: a count for the per-person kinds, an amount (satang, the year's) for the others. */
export interface Allowance {
  kind: AllowanceKind;
  count: number;
  amount: number;
}

/** The capped value of one declaration. */
export function allowanceValue(a: Allowance): number {
  const k = ALLOWANCE_KINDS[a.kind];
  if ('per' in k) return k.per * Math.min(Math.max(0, a.count), k.max_count);
  return Math.min(Math.max(0, a.amount), k.cap);
}

/** The year's allowances of one person: each capped, life + health together capped. */
export function allowanceTotal(list: Allowance[]): number {
  let life = 0;
  let other = 0;
  for (const a of list) {
    const v = allowanceValue(a);
    if (a.kind === 'life_insurance' || a.kind === 'health_insurance') life += v;
    else other += v;
  }
  return other + Math.min(life, LIFE_AND_HEALTH_CAP);
}
