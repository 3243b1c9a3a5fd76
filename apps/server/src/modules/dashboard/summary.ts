/**
 * dashboard/summary: the cockpit of one branch or of every branch in the caller's scope, for a day. Each tile is
 * computed on the same terms as the list it opens (its link), so its figures equal that list's totals.
 */
import { fromSatang, todayBangkok, toSatang } from '@khabkhi/thai';
import { PAYROLL_STATE_NAMES, type PayrollState } from '@khabkhi/contracts';
import type { Dashboard, DashboardLink, DashboardQuery, Takings } from '@khabkhi/contracts';
import type { Db } from '../../db/connection.js';
import { canDo, type Actor } from '../../http/auth.js';
import { liveBranchesInScope } from '../../http/branch.js';
import { badRequest } from '../../http/errors.js';
import { branchFilter } from '../../http/tables.js';
import { assertBranch } from '../../http/auth.js';
import { reminders, rulesOn } from '../vehicles/index.js';
import { periodsOf, type Range } from './periods.js';
import {
  firstAttempts,
  incomeByPeriod,
  instructorUtilisation,
  owing,
  payrollsOfMonth,
  registrationsCreated,
  sessionsBetween,
  unclosedDays,
  vehicleUtilisation,
  type IncomeDayRow,
} from './repo.js';

/** The owing status of a registration (applications' STATUS.owing) */
const OWING = 'ค้างชำระ';
const S = (v: string) => toSatang(v, { allowNegative: true });

const link = (path: string, q: Record<string, string | number | undefined>): DashboardLink => ({
  path,
  query: Object.fromEntries(
    Object.entries(q)
      .filter(([, v]) => v !== undefined && v !== '')
      .map(([k, v]) => [k, String(v)]),
  ),
});

/** The takings of one period from income_days rows: received by pay type, refunds apart, net = in + refunds. */
export function takingsOf(rows: IncomeDayRow[]): Takings {
  let cashIn = 0;
  let transferIn = 0;
  let refundCash = 0;
  let refundTransfer = 0;
  for (const r of rows) {
    const v = S(r.value);
    if (r.refund) {
      if (r.pay_type === 'cash') refundCash += v;
      else refundTransfer += v;
    } else if (r.pay_type === 'cash') cashIn += v;
    else transferIn += v;
  }
  return {
    cash_in: fromSatang(cashIn),
    transfer_in: fromSatang(transferIn),
    refunds: fromSatang(refundCash + refundTransfer),
    net_cash: fromSatang(cashIn + refundCash),
    net_transfer: fromSatang(transferIn + refundTransfer),
    net: fromSatang(cashIn + transferIn + refundCash + refundTransfer),
  };
}

const utilisation = (r: { id: number; name: string; booked: number; available: number }) => ({
  key: String(r.id),
  name: r.name,
  booked_minutes: r.booked,
  available_minutes: r.available,
});

/** The branches the dashboard is read for: the one asked (in scope, else 403) or every live branch in scope. */
async function branchesOf(db: Db, actor: Actor, branch: string | undefined) {
  const all = await liveBranchesInScope(db, actor);
  const id = branchFilter(branch);
  if (id === undefined) return { id: null, all, picked: all };
  assertBranch(actor, id);
  const picked = all.filter((b) => b.branch_id === id);
  if (!picked.length) throw badRequest('สาขา: ไม่พบสาขานี้');
  return { id, all, picked };
}

export async function dashboardSummary(db: Db, actor: Actor, q: DashboardQuery): Promise<Dashboard> {
  const today = todayBangkok();
  const date = q.date ?? today;
  if (date > today) throw badRequest('วันที่: ต้องไม่เลยวันนี้');
  const { id: branchId, all, picked } = await branchesOf(db, actor, q.branch);
  const ids = picked.map((b) => b.branch_id);
  const p = periodsOf(date);
  const b = branchId ?? undefined;
  const mayPayroll = canDo(actor, 'read', 'Payroll');

  // independent reads at once (each on its own connection of the pool)
  const mayLessons = canDo(actor, 'read', 'Lesson');
  const [income, regToday, regMonth, owed, sessions, attempts, payrolls, unclosed, due, rules, teachers, cars] =
    await Promise.all([
      incomeByPeriod(db, ids, {
        today: p.today,
        previousToday: p.previousToday,
        month: p.month,
        previousMonth: p.previousMonth,
      }),
      registrationsCreated(db, ids, p.today),
      registrationsCreated(db, ids, p.month),
      owing(db, ids, OWING),
      sessionsBetween(db, ids, p.exams),
      firstAttempts(db, ids, p.passRate),
      mayPayroll ? payrollsOfMonth(db, ids, date.slice(0, 7)) : Promise.resolve([]),
      unclosedDays(db, ids, p.cashClose),
      canDo(actor, 'read', 'Vehicle') ? reminders(db, actor, { branch: q.branch }) : Promise.resolve([]),
      rulesOn(db, today),
      mayLessons ? instructorUtilisation(db, ids, p.week.start) : Promise.resolve([]),
      mayLessons ? vehicleUtilisation(db, ids, p.week.start) : Promise.resolve([]),
    ]);

  const incomeOf = (period: string, branch?: number) =>
    takingsOf(income.filter((r) => r.period === period && (branch === undefined || r.branch_id === branch)));
  const accounting = (r: Range, branch = b) => link('/accounting', { branch, start: r.start, end: r.end });
  const period = (cur: Range, prev: Range, name: string, prevName: string) => ({
    start: cur.start,
    end: cur.end,
    previous_start: prev.start,
    previous_end: prev.end,
    current: incomeOf(name),
    previous: incomeOf(prevName),
    link: accounting(cur),
    previous_link: accounting(prev),
  });

  const rate = (key: string, name: string, rows: typeof attempts) => {
    const part = (k: string) => rows.filter((r) => r.kind === k);
    const sum = (rs: typeof attempts, f: 'sat' | 'passed') => rs.reduce((n, r) => n + r[f], 0);
    return {
      key,
      name,
      theory_sat: sum(part('theory'), 'sat'),
      theory_passed: sum(part('theory'), 'passed'),
      practical_sat: sum(part('practical'), 'sat'),
      practical_passed: sum(part('practical'), 'passed'),
    };
  };
  const examinerKeys = [...new Map(attempts.map((a) => [a.examiner_key, a.examiner])).entries()];

  const month = date.slice(0, 7);
  return {
    date,
    branch_id: branchId,
    branches: all.map((x) => ({ value: x.branch_id, name: x.name })),
    takings: {
      today: period(p.today, p.previousToday, 'today', 'previousToday'),
      month: period(p.month, p.previousMonth, 'month', 'previousMonth'),
      branches: picked.map((x) => ({
        branch_id: x.branch_id,
        branch_name: x.name,
        today: incomeOf('today', x.branch_id),
        month: incomeOf('month', x.branch_id),
        previous_month: incomeOf('previousMonth', x.branch_id),
        link: accounting(p.month, x.branch_id),
      })),
    },
    registrations: {
      today: regToday,
      month: regMonth,
      today_link: link('/applications', { branch: b, start: p.today.start, end: p.today.end }),
      month_link: link('/applications', { branch: b, start: p.month.start, end: p.month.end }),
      owing_count: owed.n,
      owing_balance: fromSatang(S(owed.balance)),
      owing_link: link('/overdue', { branch: b, status: OWING }),
    },
    exams: {
      start: p.exams.start,
      end: p.exams.end,
      sessions: sessions.length,
      seats: sessions.reduce((n, s) => n + s.capacity, 0),
      booked: sessions.reduce((n, s) => n + s.booked, 0),
      items: sessions.slice(0, 8),
      link: link('/exams/calendar', { branch: b, date: p.exams.start }),
    },
    pass_rate: {
      start: p.passRate.start,
      end: p.passRate.end,
      total: rate('all', 'ทุกสาขา', attempts),
      branches: picked
        .map((x) =>
          rate(
            String(x.branch_id),
            x.name,
            attempts.filter((a) => a.branch_id === x.branch_id),
          ),
        )
        .filter((r) => r.theory_sat + r.practical_sat > 0),
      examiners: examinerKeys
        .map(([k, name]) =>
          rate(
            k,
            name,
            attempts.filter((a) => a.examiner_key === k),
          ),
        )
        .sort((x, y) => y.theory_sat + y.practical_sat - (x.theory_sat + x.practical_sat)),
      link: link('/exams/calendar', { branch: b, date: p.passRate.end }),
    },
    vehicles: {
      days: rules.remind_days,
      total: due.length,
      overdue: due.filter((d) => d.overdue).length,
      items: due.slice(0, 8).map((d) => ({
        vehicle_id: d.vehicle_id,
        branch_name: d.branch,
        no: d.no,
        province: d.province,
        kind: d.kind,
        kind_name: d.kind_name,
        due: d.due,
        days_left: d.days_left,
        overdue: d.overdue,
      })),
      link: link('/vehicle-reminders', { branch: b }),
    },
    payroll: mayPayroll
      ? {
          month,
          branches: picked.map((x) => {
            const r = payrolls.find((y) => y.branch_id === x.branch_id);
            return {
              branch_id: x.branch_id,
              branch_name: x.name,
              status: r?.status ?? 'none',
              status_name: r ? (PAYROLL_STATE_NAMES[r.status as PayrollState] ?? r.status) : 'ยังไม่ได้จัดทำ',
              employees: r?.employees ?? 0,
              net: fromSatang(S(r?.net ?? '0')),
              link: link('/payroll', { branch: x.branch_id, month }),
            };
          }),
        }
      : null,
    cash_close: {
      start: p.cashClose.start,
      end: p.cashClose.end,
      total: unclosed.length,
      days: unclosed.map((d) => ({ ...d, link: link('/cash-close', { branch: d.branch_id, date: d.date }) })),
      link: link('/cash-close', { branch: unclosed[0]?.branch_id ?? b, date: unclosed[0]?.date }),
    },
    ...(mayLessons
      ? {
          lessons: {
            start: p.week.start,
            end: p.week.end,
            instructors: teachers.map(utilisation),
            vehicles: cars.map(utilisation),
            link: link('/lessons', { branch: b, date }),
          },
        }
      : {}),
  };
}
