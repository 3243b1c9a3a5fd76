/**
 * The statutory deadlines of a Thai employer, from dated rules: each rule holds from a day on, so a change of the law
 * (a new e-filing extension, a moved day) is one more row with its own `from`, and a month is computed by the rule in
 * force on its due month's first day — no deadline date is written in code.
 *
 * - Social security contributions (สปส.1-10) of the wages of month M: by the 15th of M+1 (Social Security Act s.47).
 * - ภ.ง.ด.1 (withholding on wages) of month M: by the 7th of M+1 on paper (Revenue Code s.52, 58), by the 15th when
 *   filed online (the Revenue Department's e-filing extension of 8 days).
 * - 50 ทวิ for every employee of the year Y: handed over by 15 February of Y+1 (Revenue Code s.58 bis, with ภ.ง.ด.1ก
 *   by the end of February).
 * A deadline on a Saturday or Sunday moves to the Monday after (public holidays are not known to the product; the
 * note says so).
 */
import { addDays, weekdayOf } from '@khabkhi/thai';

export interface MonthlyRule {
  kind: 'sso' | 'pnd1' | 'pnd1_efiling';
  /** the rule holds for due months starting on or after this day */
  from: string;
  /** day of the month after the wage month */
  day: number;
  title: string;
  law: string;
}

export interface YearlyRule {
  kind: 'wht50';
  from: string;
  /** month (1–12) and day of the year after */
  month: number;
  day: number;
  title: string;
  law: string;
}

export const MONTHLY_RULES: MonthlyRule[] = [
  {
    kind: 'sso',
    from: '1991-01-01',
    day: 15,
    title: 'นำส่งเงินสมทบประกันสังคม (สปส.1-10)',
    law: 'พ.ร.บ.ประกันสังคม มาตรา 47: ภายในวันที่ 15 ของเดือนถัดไป',
  },
  {
    kind: 'pnd1',
    from: '1991-01-01',
    day: 7,
    title: 'ยื่นแบบ ภ.ง.ด.1 (แบบกระดาษ)',
    law: 'ประมวลรัษฎากร มาตรา 58: ภายในวันที่ 7 ของเดือนถัดไป',
  },
  {
    kind: 'pnd1_efiling',
    from: '2009-01-01',
    day: 15,
    title: 'ยื่นแบบ ภ.ง.ด.1 ทางอินเทอร์เน็ต (e-Filing)',
    law: 'ขยายเวลาให้อีก 8 วันเมื่อยื่นทางอินเทอร์เน็ต: ภายในวันที่ 15 ของเดือนถัดไป',
  },
];

export const YEARLY_RULES: YearlyRule[] = [
  {
    kind: 'wht50',
    from: '1991-01-01',
    month: 2,
    day: 15,
    title: 'ออกหนังสือรับรองการหักภาษี ณ ที่จ่าย (50 ทวิ) ให้พนักงานทุกคน',
    law: 'ประมวลรัษฎากร มาตรา 58: ภายในวันที่ 15 กุมภาพันธ์ของปีถัดไป',
  },
];

export interface Deadline {
  kind: MonthlyRule['kind'] | YearlyRule['kind'];
  /** the wage month (YYYY-MM) or year (YYYY) the filing is of */
  of: string;
  /** the day in law and the day it falls on after a weekend */
  due: string;
  legal_due: string;
  title: string;
  law: string;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Saturday and Sunday move to the Monday after. */
export function workingDayFrom(iso: string): string {
  const w = weekdayOf(iso);
  return w === 'sat' ? addDays(iso, 2) : w === 'sun' ? addDays(iso, 1) : iso;
}

/** The rule of a kind in force on a day: the latest `from` not after it. */
function inForce<R extends { kind: string; from: string }>(rules: R[], kind: string, day: string): R | undefined {
  return rules.filter((r) => r.kind === kind && r.from <= day).sort((a, b) => (a.from < b.from ? 1 : -1))[0];
}

const previousMonth = (ym: string) => {
  const [y, m] = ym.split('-').map(Number) as [number, number];
  return m === 1 ? `${y - 1}-12` : `${y}-${pad(m - 1)}`;
};
const nextMonth = (ym: string) => {
  const [y, m] = ym.split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01` : `${y}-${pad(m + 1)}`;
};

/** Every statutory deadline that falls (after the weekend rule) between start and end, soonest first. */
export function deadlinesBetween(
  start: string,
  end: string,
  monthly: MonthlyRule[] = MONTHLY_RULES,
  yearly: YearlyRule[] = YEARLY_RULES,
): Deadline[] {
  const out: Deadline[] = [];
  // due months from the month of start (a deadline moved past a weekend may come from the month before) to end's
  for (let ym = previousMonth(start.slice(0, 7)); ym <= end.slice(0, 7); ym = nextMonth(ym)) {
    const first = `${ym}-01`;
    for (const kind of ['pnd1', 'pnd1_efiling', 'sso'] as const) {
      const r = inForce(monthly, kind, first);
      if (!r) continue;
      const legal = `${ym}-${pad(r.day)}`;
      out.push({
        kind,
        of: previousMonth(ym),
        legal_due: legal,
        due: workingDayFrom(legal),
        title: r.title,
        law: r.law,
      });
    }
    for (const r0 of YEARLY_KINDS) {
      const r = inForce(yearly, r0, first);
      if (!r || Number(ym.slice(5)) !== r.month) continue;
      const legal = `${ym}-${pad(r.day)}`;
      const of = String(Number(ym.slice(0, 4)) - 1);
      out.push({ kind: r.kind, of, legal_due: legal, due: workingDayFrom(legal), title: r.title, law: r.law });
    }
  }
  return out.filter((d) => d.due >= start && d.due <= end).sort((a, b) => (a.due < b.due ? -1 : a.due > b.due ? 1 : 0));
}
const YEARLY_KINDS = ['wht50'] as const;
