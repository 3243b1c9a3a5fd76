/**
 * A branch-month's lines computed from the employees, their standing items, what was typed this month and
 * the dated rate tables (engine.ts, integer satang).
 */
import { and, asc, desc, eq, inArray, or } from 'drizzle-orm';
import { type ItemColumn, type LineInput, type LineItem } from '@khabkhi/contracts';
import type { Conn } from '../../db/connection.js';
import { branches } from '../../db/schema/core.js';
import { listPayroll } from '../../db/schema/catalog.js';
import { badRequest } from '../../http/errors.js';
import {
  computeLine,
  daysInMonth,
  employedDays,
  inputProblem,
  itemAmount,
  MAX_AMOUNT,
  NO_YTD,
  periodsLeft,
  unrecordedPeriods,
  type LineInput as EngineLine,
} from './engine.js';
import { allowancesOn, branchDays, carriedAdvances, previousMonth, yearToDate } from './person-month.js';
import { COMPUTED_CATEGORIES, M, Q, S, fullName, lastDayOf, monthName, qText, type ComputedLine } from './common.js';
import { proposedItems } from './proposals.js';
import { ratesFor } from './rates.js';
import { employeesOf, savedLines, standingItems } from './repo.js';

/** The items a branch's sheet offers as columns: its own and the head office's (school-wide), active, not computed. */
export async function itemColumns(conn: Conn, branchId: number): Promise<(ItemColumn & { category: string })[]> {
  const rows = await conn
    .select()
    .from(listPayroll)
    .innerJoin(branches, eq(branches.branch_id, listPayroll.branch_id))
    .where(
      and(
        eq(listPayroll.is_delete, false),
        eq(listPayroll.status, 'active'),
        or(eq(listPayroll.branch_id, branchId), eq(branches.is_head_office, true)),
      ),
    )
    .orderBy(desc(listPayroll.type), asc(listPayroll.list_payroll_id));
  return rows
    .filter((r) => !COMPUTED_CATEGORIES.includes(r.list_payroll.category))
    .map(({ list_payroll: r }) => ({
      list_payroll_id: r.list_payroll_id,
      name: r.name,
      type: r.type,
      condition: r.condition,
      value: M(S(r.value)),
      title_value: r.title_value,
      category: r.category,
    }));
}

/** Working days of a daily employee by default: the days employed that are not a weekly day off. */
export function defaultWorkDays(month: string, from: number, to: number, dayOff: string[]): number {
  const codes = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];
  let n = 0;
  for (let d = from; d <= to; d++) {
    const wd = codes[new Date(`${month}-${String(d).padStart(2, '0')}T00:00:00Z`).getUTCDay()]!;
    if (!dayOff.includes(wd)) n++;
  }
  return n;
}

/**
 * Every line of a branch-month computed from (in order of precedence) what the caller sends now, what the
 * draft holds, and the defaults (standing items, days employed). Refuses days beyond the month and unknown items.
 */
export async function computeLines(
  conn: Conn,
  branchId: number,
  month: string,
  payrollId: number | null,
  given: Map<number, LineInput> = new Map(),
): Promise<ComputedLine[]> {
  const rates = await ratesFor(conn, month);
  const cols = await itemColumns(conn, branchId);
  const people = await employeesOf(conn, branchId, month, payrollId);
  for (const uid of given.keys())
    if (!people.some((p) => p.user_id === uid))
      throw badRequest(`พนักงาน: รหัส ${uid} ไม่ได้อยู่ในรอบเงินเดือนของสาขานี้เดือน${monthName(month)}`);
  const saved = await savedLines(conn, payrollId);
  const ids = people.map((p) => p.user_id);
  const standing = await standingItems(conn, ids);
  // the person's year so far, declared allowances and moves between branches: one query each for the sheet
  const ytd = await yearToDate(conn, ids, month);
  const allowances = await allowancesOn(conn, ids, month);
  const moves = await branchDays(conn, ids, month);
  const carried = await carriedAdvances(conn, ids, month);
  const proposals = await proposedItems(conn, ids, month);
  const catalog = new Map(cols.map((c) => [c.list_payroll_id, c]));
  const carryItem = carried.item
    ? (catalog.get(carried.item.list_payroll_id) ?? {
        list_payroll_id: carried.item.list_payroll_id,
        name: carried.item.name,
        type: carried.item.type,
        condition: carried.item.condition,
        value: M(S(carried.item.value)),
        title_value: carried.item.title_value,
        category: carried.item.category,
      })
    : null;
  if (carryItem) catalog.set(carryItem.list_payroll_id, carryItem);
  // items used by standing rows or saved lines that are not columns (e.g. another branch's item): load them too
  const extraIds = [
    ...new Set([
      ...standing.map((s) => s.list_payroll_id),
      ...[...saved.values()].flatMap((s) => s.items.map((i) => i.list_payroll_id)),
      ...[...given.values()].flatMap((g) => (g.items ?? []).map((i) => i.list_payroll_id)),
    ]),
  ].filter((id) => !catalog.has(id));
  if (extraIds.length) {
    for (const r of await conn.select().from(listPayroll).where(inArray(listPayroll.list_payroll_id, extraIds))) {
      catalog.set(r.list_payroll_id, {
        list_payroll_id: r.list_payroll_id,
        name: r.name,
        type: r.type,
        condition: r.condition,
        value: M(S(r.value)),
        title_value: r.title_value,
        category: r.category,
      });
    }
  }
  const bs = await conn
    .select({ id: branches.branch_id, name: branches.name })
    .from(branches)
    .where(inArray(branches.branch_id, [...new Set([branchId, ...people.map((p) => p.branch_id)])]));
  const bName = new Map(bs.map((b) => [b.id, b.name]));
  const nDays = daysInMonth(month);
  const out: ComputedLine[] = [];
  for (const u of people) {
    const g = given.get(u.user_id);
    const sv = saved.get(u.user_id);
    const name = fullName(u);
    for (const i of g?.items ?? []) {
      const c = catalog.get(i.list_payroll_id);
      if (!c) throw badRequest(`รายการรายได้/รายการหัก: ไม่พบรายการรหัส ${i.list_payroll_id}`);
      if (COMPUTED_CATEGORIES.includes(c.category))
        throw badRequest(`รายการรายได้/รายการหัก: "${c.name}" ระบบคำนวณให้เอง ไม่ต้องกรอก`);
    }
    const endDate = g && g.end_date !== undefined ? g.end_date : (sv?.line.end_date ?? null);
    if (endDate && (endDate < `${month}-01` || endDate > lastDayOf(month)))
      throw badRequest(`วันที่พ้นสภาพของ ${name}: ต้องอยู่ในเดือน${monthName(month)}`);
    const employed = employedDays(month, u.start_date, endDate);
    const daily = sv ? sv.line.is_daily : u.is_salary_daily;
    let days: number;
    if (g?.days_worked !== undefined) days = g.days_worked;
    else if (sv) days = sv.line.days_worked;
    else {
      const from = u.start_date && u.start_date > `${month}-01` ? Number(u.start_date.slice(8, 10)) : 1;
      days = daily ? defaultWorkDays(month, from, from + employed - 1, u.day_off ?? []) : employed;
    }
    if (days > nDays)
      throw badRequest(`จำนวนวันทำงานของ ${name}: ต้องไม่เกิน ${nDays} วัน (จำนวนวันของเดือน${monthName(month)})`);
    if (days > employed && !daily) days = employed;
    // the item values: given now, else saved, else standing; an item may repeat at different rates (lesson pay)
    const values = new Map<number, { value: number; per_value: number }[]>();
    const put = (id: number, v: { value: number; per_value: number }) => values.set(id, [...(values.get(id) ?? []), v]);
    if (g?.items)
      for (const i of g.items) put(i.list_payroll_id, { value: S(i.value ?? '0'), per_value: Q(i.per_value ?? '0') });
    else if (sv) for (const i of sv.items) put(i.list_payroll_id, { value: S(i.value), per_value: Q(i.per_value) });
    else
      for (const s of standing.filter((x) => x.user_id === u.user_id))
        put(s.list_payroll_id, { value: S(s.value), per_value: Q(s.per_value) });
    // proposed lines (proposals.ts) fill their column unless HR's word stands: typed now, or saved with an amount
    const proposed = new Map<number, { value: number; per_value: number }[]>();
    for (const p of g?.items ? [] : (proposals.get(u.user_id) ?? [])) {
      const col = cols.find((c) => c.category === p.category && c.condition === 'multiply');
      if (col)
        proposed.set(col.list_payroll_id, [
          ...(proposed.get(col.list_payroll_id) ?? []),
          { value: p.rate, per_value: p.quantity },
        ]);
    }
    for (const [id, vs] of proposed)
      if (!sv?.items.some((i) => i.list_payroll_id === id && S(i.amount) !== 0)) values.set(id, vs);
    // an advance carried from the month before is its own line, unless typed now
    const carryIn = carried.amounts.get(u.user_id) ?? 0;
    const carryId = carryItem?.list_payroll_id;
    if (
      carryIn > 0 &&
      carryId &&
      !values.get(carryId)?.some((v) => v.value) &&
      !g?.items?.some((i) => i.list_payroll_id === carryId)
    )
      values.set(carryId, [{ value: carryIn, per_value: 0 }]);
    const carryOut = g?.carry_advance !== undefined ? S(g.carry_advance) : sv ? S(sv.line.carry_advance) : 0;
    if (carryOut > MAX_AMOUNT) throw badRequest(`ยอดเงินเบิกล่วงหน้ายกไปเดือนถัดไปของ ${name}: สูงเกินกว่าที่ระบบรับได้`);
    const itemIds = [...new Set([...cols.map((c) => c.list_payroll_id), ...values.keys()])];
    const items = itemIds.flatMap((id) => {
      const c = catalog.get(id)!;
      return (values.get(id) ?? [{ value: 0, per_value: 0 }]).map((v) => {
        // a multiply item's rate is the employee's own when set, otherwise the catalog's
        const value = c.condition === 'fill' ? v.value : v.value > 0 ? v.value : S(c.value);
        return { c, value, per_value: c.condition === 'fill' ? 0 : v.per_value };
      });
    });
    const rate = S(u.salary);
    const input: EngineLine = {
      rate,
      daily,
      daysWorked: days,
      employed,
      daysOfMonth: nDays,
      // the employee's เงินเพิ่ม; the SSO base is the wage actually paid (users.sso_salary is not used: sso.ts)
      extra: S(u.extra_salary),
      periodsLeft: periodsLeft(month, endDate !== null),
      periodsUnrecorded: unrecordedPeriods(month, u.start_date, (ytd.get(u.user_id) ?? NO_YTD).periods),
      ytd: ytd.get(u.user_id) ?? NO_YTD,
      allowances: allowances.get(u.user_id) ?? 0,
      items: items.map((i) => ({
        type: i.c.type === 'deduction' ? 'deduction' : 'income',
        category: i.c.category,
        unit: i.c.title_value,
        condition: i.c.condition,
        value: i.value,
        per_value: i.per_value,
      })),
    };
    // what is typed now is checked against the month: days, hours, amounts that would overflow
    if (g) {
      const problem = inputProblem(
        input,
        items.map((i) => i.c.name),
      );
      if (problem) throw badRequest(`${name}: ${problem}`);
    } else {
      // what was set before (the salary, a standing item) that no month could hold: a Thai 400 naming it, never a 500
      const k = input.items.findIndex(
        (i) => i.value > MAX_AMOUNT || itemAmount(i.condition, i.value, i.per_value) > MAX_AMOUNT,
      );
      if (k >= 0 || rate > MAX_AMOUNT || input.extra > MAX_AMOUNT)
        throw badRequest(
          `${name}: ${k >= 0 ? items[k]!.c.name : 'อัตราค่าจ้าง'} สูงเกินกว่าที่ระบบรับได้ (ไม่เกิน 100,000,000.00 บาท) แก้ที่ข้อมูลหรือรายการประจำของพนักงาน`,
        );
    }
    const r = computeLine(input, rates.sso, rates.tax);
    const lineItems: LineItem[] = items.map((i, k) => ({
      list_payroll_id: i.c.list_payroll_id,
      name:
        i.c.list_payroll_id === carryId && carryIn > 0
          ? `${i.c.name}จากเดือน${monthName(previousMonth(month))}`
          : i.c.name,
      type: i.c.type,
      condition: i.c.condition,
      title_value: i.c.title_value,
      value: M(i.value),
      per_value: qText(i.per_value),
      amount: M(r.item_amounts[k]!),
    }));
    out.push({
      user_id: u.user_id,
      user_name: name,
      position: u.position,
      branch_id: branchId,
      branch_name: bName.get(branchId) ?? '',
      is_daily: daily,
      rate: M(rate),
      days_worked: days,
      employed_days: employed,
      days_of_month: nDays,
      end_date: endDate,
      start_date: u.start_date,
      salary: M(r.salary),
      income: M(r.income + r.extra),
      deduction: M(r.deduction),
      sso_wage: M(r.sso_wage),
      sso_base: M(r.sso_base),
      sso_employee: M(r.sso_employee),
      sso_employer: M(r.sso_employer),
      tax: M(r.tax),
      net: M(r.net),
      note: g?.note ?? sv?.line.note ?? '',
      payslip_id: null,
      items: lineItems,
      extra: M(r.extra),
      irregular: M(r.irregular),
      absence: M(r.absence),
      branch_days: moves.get(u.user_id) ?? '',
      warnings: r.warnings,
      carry_advance: M(carryOut),
      _rate: rate,
    });
  }
  return out;
}
