import { THAI_MONTHS_SHORT, addDays, fromSatang, todayBangkok } from '@khabkhi/thai';
import type { ProfitLossQuery } from '@khabkhi/contracts';
import type { Db } from '../../db/connection.js';
import { type Actor } from '../../http/auth.js';
import { withAll } from '../../http/tables.js';
import { branchOptionsFor } from '../applications/lists.js';
import { INCOME_SOURCES, REFUND_SLICE, S } from './chart.js';
import { profitLossSums, type Range } from './repo.js';

import { rangeOf, branchOf } from './lists.js';

// ---- profit and loss ------------------------------------------------------------------------------

/**
 * accounting/profitloss: per month of the period (default this year up to today in Bangkok), income by source
 * (refunds as a negative column) and expenses by top-level category, each month's totals and net, and the period's
 * totals — summed in integer satang from the same rows the income and expense tables read.
 */
export async function profitLoss(db: Db, actor: Actor, q: ProfitLossQuery) {
  const today = todayBangkok();
  const range = rangeOf({
    start: q.start || (q.end ? `${q.end.slice(0, 4)}-01-01` : `${today.slice(0, 4)}-01-01`),
    end: q.end,
  });
  const branchId = branchOf(actor, q.branch);
  const sums = await profitLossSums(db, actor, range, branchId);
  const months = bucketsOfMonths(range);
  type Acc = { income: Map<string, number>; expenses: Map<string, number> };
  const acc = new Map<string, Acc>(months.map((mo) => [mo.key, { income: new Map(), expenses: new Map() }]));
  const total: Acc = { income: new Map(), expenses: new Map() };
  const add = (mp: Map<string, number>, k: string, v: number) => mp.set(k, (mp.get(k) ?? 0) + v);
  for (const r of sums.income) {
    const a = acc.get(r.month);
    if (a) {
      add(a.income, r.key, S(r.value));
      add(total.income, r.key, S(r.value));
    }
  }
  for (const r of sums.expenses) {
    const a = acc.get(r.month);
    if (a) {
      add(a.expenses, r.key, S(r.value));
      add(total.expenses, r.key, S(r.value));
    }
  }
  const incomeColumns = [...INCOME_SOURCES, REFUND_SLICE].map((s) => ({
    key: s.key as string,
    name: s.name as string,
  }));
  // every category with money in the period, in the catalog's order (a deleted one still shows when it has money)
  const expenseColumns = sums.categories
    .filter((c) => total.expenses.has(c.key))
    .map((c) => ({ key: c.key, name: c.name }));
  const rowOf = (key: string, label: string, start: string, end: string, a: Acc) => {
    const ti = [...a.income.values()].reduce((x, y) => x + y, 0);
    const te = [...a.expenses.values()].reduce((x, y) => x + y, 0);
    return {
      key,
      label,
      start,
      end,
      income: Object.fromEntries(incomeColumns.map((c) => [c.key, fromSatang(a.income.get(c.key) ?? 0)])),
      total_income: fromSatang(ti),
      expenses: Object.fromEntries(expenseColumns.map((c) => [c.key, fromSatang(a.expenses.get(c.key) ?? 0)])),
      total_expenses: fromSatang(te),
      net: fromSatang(ti - te),
    };
  };
  const branchOpts = (await branchOptionsFor(db, actor)).map((b) => ({ value: b.branch_id, name: b.name }));
  return {
    data: months.map((mo) => rowOf(mo.key, mo.label, mo.start, mo.end, acc.get(mo.key)!)),
    totals: rowOf('total', 'รวม', range.start, range.end, total),
    columns: { income: incomeColumns, expenses: expenseColumns },
    filter: { branch: withAll(branchOpts), range },
  };
}

/** The months of a range, each clipped to the range, labelled in Thai with the Buddhist year ("ม.ค. 2569"). */
export function bucketsOfMonths(range: Range) {
  const out: { key: string; label: string; start: string; end: string }[] = [];
  let [y, mo] = range.start.slice(0, 7).split('-').map(Number) as [number, number];
  for (;;) {
    const key = `${y}-${String(mo).padStart(2, '0')}`;
    if (key > range.end.slice(0, 7)) break;
    const first = `${key}-01`;
    const last = addDays(mo === 12 ? `${y + 1}-01-01` : `${y}-${String(mo + 1).padStart(2, '0')}-01`, -1);
    out.push({
      key,
      label: `${THAI_MONTHS_SHORT[mo - 1]} ${y + 543}`,
      start: first < range.start ? range.start : first,
      end: last > range.end ? range.end : last,
    });
    mo += 1;
    if (mo > 12) {
      mo = 1;
      y += 1;
    }
  }
  return out;
}
