/**
 * The accounting chart (SPEC §3 Chart): pure aggregation of per-day sums into the column chart (per day, or per
 * month for ranges longer than 62 days), the donuts and the totals. All arithmetic in integer satang.
 */
import { THAI_MONTHS_SHORT, addDays, buddhistYear, daysBetween, fromSatang, toSatang } from '@khabkhi/thai';
import type { Chart } from '@khabkhi/contracts';

export const INCOME_SOURCES = [
  { key: 'course', name: 'ค่าหลักสูตร' },
  { key: 'fee', name: 'ค่าธรรมเนียมอื่น' },
  { key: 'request', name: 'ค่าคำร้อง' },
  { key: 'other', name: 'รายรับอื่น' },
] as const;
export const REFUND_SLICE = { key: 'refund', name: 'คืนเงิน' } as const;

/** Money from SQL (numeric as text, possibly negative) to satang. */
export const S = (v: string | number | null | undefined) =>
  v === null || v === undefined ? 0 : toSatang(String(v), { allowNegative: true });

export const MONTH_LIMIT_DAYS = 62;
export const periodOf = (start: string, end: string): 'day' | 'month' =>
  daysBetween(start, end) + 1 > MONTH_LIMIT_DAYS ? 'month' : 'day';

function dayLabel(iso: string) {
  const [, m, d] = iso.split('-');
  return `${Number(d)} ${THAI_MONTHS_SHORT[Number(m) - 1]}`;
}
function monthLabel(ym: string) {
  const [y, m] = ym.split('-');
  return `${THAI_MONTHS_SHORT[Number(m) - 1]} ${String(buddhistYear(`${y}-${m}-01`)).slice(2)}`;
}

/** Every bucket of the range, in order, so the chart has no gaps. */
export function bucketsOf(start: string, end: string): { period: 'day' | 'month'; keys: string[] } {
  const period = periodOf(start, end);
  const keys: string[] = [];
  if (period === 'day') {
    for (let d = start; d <= end; d = addDays(d, 1)) keys.push(d);
  } else {
    let [y, m] = start.slice(0, 7).split('-').map(Number) as [number, number];
    const last = end.slice(0, 7);
    for (;;) {
      const k = `${y}-${String(m).padStart(2, '0')}`;
      keys.push(k);
      if (k >= last) break;
      m += 1;
      if (m > 12) {
        m = 1;
        y += 1;
      }
    }
  }
  return { period, keys };
}

export interface DaySum {
  date: string;
  value: string;
}
export interface KeySum {
  key: string;
  name?: string;
  value: string;
}

/**
 * incomeDays / expenseDays: the net sum of each day (refunds already subtracted); incomeSources: received per source
 * (course, fee, request, other) and refunds (negative) under 'refund'; expenseCategories: per category.
 */
export function buildChart(
  range: { start: string; end: string },
  input: {
    incomeDays: DaySum[];
    expenseDays: DaySum[];
    incomeSources: KeySum[];
    expenseCategories: KeySum[];
  },
): Chart {
  const { period, keys } = bucketsOf(range.start, range.end);
  const bucket = (date: string) => (period === 'day' ? date : date.slice(0, 7));
  const inc = new Map<string, number>(keys.map((k) => [k, 0]));
  const exp = new Map<string, number>(keys.map((k) => [k, 0]));
  let totalIncome = 0;
  let totalExpenses = 0;
  for (const d of input.incomeDays) {
    const k = bucket(d.date);
    if (!inc.has(k)) continue;
    inc.set(k, inc.get(k)! + S(d.value));
    totalIncome += S(d.value);
  }
  for (const d of input.expenseDays) {
    const k = bucket(d.date);
    if (!exp.has(k)) continue;
    exp.set(k, exp.get(k)! + S(d.value));
    totalExpenses += S(d.value);
  }
  const bySource = new Map<string, number>();
  for (const s of input.incomeSources) bySource.set(s.key, (bySource.get(s.key) ?? 0) + S(s.value));
  const income_donut = [...INCOME_SOURCES, REFUND_SLICE]
    .map((s) => ({ key: s.key, name: s.name, value: fromSatang(bySource.get(s.key) ?? 0) }))
    .filter((s) => s.value !== '0');
  const byCategory = new Map<string, { key: string; name: string; satang: number }>();
  for (const c of input.expenseCategories) {
    const x = byCategory.get(c.key) ?? { key: c.key, name: c.name ?? c.key, satang: 0 };
    x.satang += S(c.value);
    byCategory.set(c.key, x);
  }
  const expenses_donut = [...byCategory.values()]
    .filter((c) => c.satang !== 0)
    .sort((a, b) => b.satang - a.satang)
    .map((c) => ({ key: c.key, name: c.name, value: fromSatang(c.satang) }));
  return {
    period,
    income_column: keys.map((k) => ({
      key: k,
      label: period === 'day' ? dayLabel(k) : monthLabel(k),
      income: fromSatang(inc.get(k)!),
      expenses: fromSatang(exp.get(k)!),
    })),
    income_donut,
    expenses_donut,
    total_income: fromSatang(totalIncome),
    total_expenses: fromSatang(totalExpenses),
    net: fromSatang(totalIncome - totalExpenses),
  };
}
