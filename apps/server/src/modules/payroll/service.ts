/**
 * Payroll: a branch's month from draft to approval. Every amount is computed here (engine.ts, integer satang)
 * from the employees, their standing items, what was typed this month and the dated rate tables.
 */
import { and, asc, desc, eq, ilike, inArray, lte, or, sql } from 'drizzle-orm';
import { THAI_MONTHS, formatBaht, formatThaiDate, fromSatang, toSatang } from '@khabkhi/thai';
import {
  PAYROLL_STATE_NAMES,
  type DetailLine,
  type ItemColumn,
  type LineInput,
  type LineItem,
  type PayrollRow,
  type PayrollState,
  type Sheet,
  type SheetLine,
} from '@khabkhi/contracts';
import type { Conn, Tx } from '../../db/connection.js';
import { branches, users } from '../../db/schema/core.js';
import { expenseCategories, listExpenses, listPayroll } from '../../db/schema/catalog.js';
import { expenses } from '../../db/schema/fleet.js';
import {
  payrollLineItems,
  payrollLines,
  payrollRates,
  payrolls,
  payrollUserItems,
  payslips,
} from '../../db/schema/payroll.js';
import { can } from '../../http/abilities.js';
import { audit } from '../../http/audit.js';
import { assertBranch, branchScopeWhere, type Actor } from '../../http/auth.js';
import { isAll } from '../../http/envelope.js';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors.js';
import { allOf, branchFilter, idFilter, withAll } from '../../http/tables.js';
import { computeLine, daysInMonth, employedDays, NO_YTD, type SsoRate, type TaxTable } from './engine.js';

/** Item categories the server computes itself: they are never typed into a sheet. */
const COMPUTED_CATEGORIES = ['salary', 'social_security', 'withholding_tax'];
const S = (v: string | number | null | undefined) => toSatang(String(v ?? '0'), { allowNegative: true });
const M = (satang: number) => fromSatang(satang);
/** '2.50' → 250 hundredths */
const Q = (v: string | null | undefined) => Math.round(S(v ?? '0'));
const qText = (h: number) => fromSatang(h);

export const monthName = (month: string) => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return `${THAI_MONTHS[m - 1]} ${y + 543}`;
};
export const lastDayOf = (month: string) => `${month}-${String(daysInMonth(month)).padStart(2, '0')}`;
export const currentMonth = () => new Date(Date.now() + 7 * 3600_000).toISOString().slice(0, 7);
const fullName = (u: { prefix: string; fname: string; sname: string }) => `${u.prefix}${u.fname} ${u.sname}`.trim();

// ---- rates --------------------------------------------------------------------------------------

export interface Rates {
  sso: SsoRate;
  tax: TaxTable;
  ssoText: string;
  taxText: string;
}

/** The rows of the dated tables valid on the month's first day. */
export async function ratesFor(conn: Conn, month: string): Promise<Rates> {
  const on = `${month}-01`;
  const pick = async (kind: 'sso' | 'tax') =>
    (
      await conn
        .select()
        .from(payrollRates)
        .where(and(eq(payrollRates.kind, kind), lte(payrollRates.valid_from, on)))
        .orderBy(desc(payrollRates.valid_from))
        .limit(1)
    )[0];
  const s = await pick('sso');
  const t = await pick('tax');
  if (!s || !t) throw badRequest(`ยังไม่มีอัตราประกันสังคมหรืออัตราภาษีที่ใช้ได้สำหรับเดือน${monthName(month)}`);
  const sp = s.params as { employee_rate: string; employer_rate: string; floor: string; ceiling: string };
  const tp = t.params as {
    expense_rate: string;
    expense_cap: string;
    personal_allowance: string;
    brackets: { upto: string | null; rate: string }[];
  };
  return {
    sso: {
      employee_bp: S(sp.employee_rate),
      employer_bp: S(sp.employer_rate),
      floor: S(sp.floor),
      ceiling: S(sp.ceiling),
    },
    tax: {
      expense_bp: S(tp.expense_rate),
      expense_cap: S(tp.expense_cap),
      personal_allowance: S(tp.personal_allowance),
      brackets: tp.brackets.map((b) => ({ upto: b.upto === null ? null : S(b.upto), rate_bp: S(b.rate) })),
    },
    ssoText: `ประกันสังคม ${sp.employee_rate}% ของค่าจ้าง ${formatBaht(sp.floor)}–${formatBaht(sp.ceiling)} บาท (อัตราตั้งแต่ ${formatThaiDate(s.valid_from)})`,
    taxText: `ภาษีหัก ณ ที่จ่ายแบบคำนวณทั้งปี (ตารางอัตราตั้งแต่ ${formatThaiDate(t.valid_from)})`,
  };
}

// ---- reading ------------------------------------------------------------------------------------

type PayrollRecord = typeof payrolls.$inferSelect;

async function namesOf(conn: Conn, ids: (number | null)[]) {
  const list = [...new Set(ids.filter((x): x is number => x !== null))];
  if (!list.length) return new Map<number, string>();
  const rows = await conn
    .select({ id: users.user_id, prefix: users.prefix, fname: users.fname, sname: users.sname })
    .from(users)
    .where(inArray(users.user_id, list));
  return new Map(rows.map((r) => [r.id, fullName(r)]));
}

export async function payrollRows(conn: Conn, recs: PayrollRecord[]): Promise<PayrollRow[]> {
  const names = await namesOf(
    conn,
    recs.flatMap((p) => [p.submitted_by, p.confirmed_by, p.approved_by, p.reopened_by]),
  );
  const bIds = [...new Set(recs.map((p) => p.branch_id))];
  const bs = bIds.length
    ? await conn
        .select({ id: branches.branch_id, name: branches.name })
        .from(branches)
        .where(inArray(branches.branch_id, bIds))
    : [];
  const bName = new Map(bs.map((b) => [b.id, b.name]));
  const step = (by: number | null, at: Date | null) => ({
    by: by ? (names.get(by) ?? null) : null,
    at: at ? at.toISOString() : null,
  });
  return recs.map((p) => ({
    payroll_id: p.payroll_id,
    branch_id: p.branch_id,
    branch_name: bName.get(p.branch_id) ?? '',
    month: p.month,
    month_name: monthName(p.month),
    status: p.status,
    status_name: PAYROLL_STATE_NAMES[p.status as PayrollState] ?? p.status,
    employees: p.employees,
    version: p.version,
    salary: M(S(p.salary)),
    income: M(S(p.income)),
    deduction: M(S(p.deduction)),
    sso_employee: M(S(p.sso_employee)),
    sso_employer: M(S(p.sso_employer)),
    tax: M(S(p.tax)),
    net: M(S(p.net)),
    created_by: p.created_by,
    submitted_by: p.submitted_by,
    confirmed_by: p.confirmed_by,
    approved_by: p.approved_by,
    submitted: step(p.submitted_by, p.submitted_at),
    confirmed: step(p.confirmed_by, p.confirmed_at),
    approved: step(p.approved_by, p.approved_at),
    reopened: { ...step(p.reopened_by, p.reopened_at), reason: p.reopen_reason },
  }));
}

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

type UserRecord = typeof users.$inferSelect;

/** The employees paid by a branch in a month: active, salaried, started by the month's end (and anyone already on its sheet). */
async function employeesOf(
  conn: Conn,
  branchId: number,
  month: string,
  payrollId: number | null,
): Promise<UserRecord[]> {
  const end = lastDayOf(month);
  const onSheet = payrollId
    ? sql`${users.user_id} in (select user_id from payroll_lines where payroll_id = ${payrollId})`
    : sql`false`;
  return conn
    .select()
    .from(users)
    .where(
      or(
        and(
          eq(users.branch_id, branchId),
          eq(users.is_delete, false),
          eq(users.status, 'active'),
          sql`${users.salary} > 0`,
          or(sql`${users.start_date} is null`, lte(users.start_date, end)),
        ),
        onSheet,
      ),
    )
    .orderBy(asc(users.user_id));
}

interface SavedLine {
  line: typeof payrollLines.$inferSelect;
  items: (typeof payrollLineItems.$inferSelect)[];
}

async function savedLines(conn: Conn, payrollId: number | null, userIds?: number[]): Promise<Map<number, SavedLine>> {
  const out = new Map<number, SavedLine>();
  if (!payrollId) return out;
  const lines = await conn
    .select()
    .from(payrollLines)
    .where(allOf(eq(payrollLines.payroll_id, payrollId), userIds ? inArray(payrollLines.user_id, userIds) : undefined));
  if (!lines.length) return out;
  const items = await conn
    .select()
    .from(payrollLineItems)
    .where(
      inArray(
        payrollLineItems.line_id,
        lines.map((l) => l.line_id),
      ),
    )
    .orderBy(asc(payrollLineItems.id));
  for (const l of lines) out.set(l.user_id, { line: l, items: items.filter((i) => i.line_id === l.line_id) });
  return out;
}

async function standingItems(conn: Conn, userIds: number[]) {
  if (!userIds.length) return [];
  return conn
    .select()
    .from(payrollUserItems)
    .where(and(inArray(payrollUserItems.user_id, userIds), eq(payrollUserItems.is_delete, false)))
    .orderBy(asc(payrollUserItems.id));
}

/** Working days of a daily employee by default: the days employed that are not a weekly day off. */
function defaultWorkDays(month: string, from: number, to: number, dayOff: string[]): number {
  const codes = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];
  let n = 0;
  for (let d = from; d <= to; d++) {
    const wd = codes[new Date(`${month}-${String(d).padStart(2, '0')}T00:00:00Z`).getUTCDay()]!;
    if (!dayOff.includes(wd)) n++;
  }
  return n;
}

export interface ComputedLine extends SheetLine {
  _rate: number;
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
  const standing = await standingItems(
    conn,
    people.map((p) => p.user_id),
  );
  const catalog = new Map(cols.map((c) => [c.list_payroll_id, c]));
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
    // the item values: given now, else saved, else standing
    const values = new Map<number, { value: number; per_value: number }>();
    if (g?.items)
      for (const i of g.items)
        values.set(i.list_payroll_id, { value: S(i.value ?? '0'), per_value: Q(i.per_value ?? '0') });
    else if (sv)
      for (const i of sv.items) values.set(i.list_payroll_id, { value: S(i.value), per_value: Q(i.per_value) });
    else
      for (const s of standing.filter((x) => x.user_id === u.user_id))
        values.set(s.list_payroll_id, { value: S(s.value), per_value: Q(s.per_value) });
    const ids = [...new Set([...cols.map((c) => c.list_payroll_id), ...values.keys()])];
    const items = ids.map((id) => {
      const c = catalog.get(id)!;
      const v = values.get(id) ?? { value: 0, per_value: 0 };
      // a multiply item's rate is the employee's own when set, otherwise the catalog's
      const value = c.condition === 'fill' ? v.value : v.value > 0 ? v.value : S(c.value);
      return { c, value, per_value: c.condition === 'fill' ? 0 : v.per_value };
    });
    const rate = S(u.salary);
    const r = computeLine(
      {
        rate,
        daily,
        daysWorked: days,
        employed,
        daysOfMonth: nDays,
        extra: 0,
        periodsLeft: 12,
        ytd: NO_YTD,
        allowances: 0,
        items: items.map((i) => ({
          type: i.c.type === 'deduction' ? 'deduction' : 'income',
          category: i.c.category,
          unit: i.c.title_value,
          condition: i.c.condition,
          value: i.value,
          per_value: i.per_value,
        })),
      },
      rates.sso,
      rates.tax,
    );
    const lineItems: LineItem[] = items.map((i, k) => ({
      list_payroll_id: i.c.list_payroll_id,
      name: i.c.name,
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
      income: M(r.income),
      deduction: M(r.deduction),
      sso_base: M(r.sso_base),
      sso_employee: M(r.sso_employee),
      sso_employer: M(r.sso_employer),
      tax: M(r.tax),
      net: M(r.net),
      note: g?.note ?? sv?.line.note ?? '',
      payslip_id: null,
      items: lineItems,
      _rate: rate,
    });
  }
  return out;
}

/** The stored lines of a payroll that is past draft: exactly what was submitted. */
async function storedLines(conn: Conn, p: PayrollRecord, userIds?: number[]): Promise<SheetLine[]> {
  const saved = await savedLines(conn, p.payroll_id, userIds);
  if (!saved.size) return [];
  const us = await conn
    .select()
    .from(users)
    .where(inArray(users.user_id, [...saved.keys()]));
  const uMap = new Map(us.map((u) => [u.user_id, u]));
  const [b] = await conn.select({ name: branches.name }).from(branches).where(eq(branches.branch_id, p.branch_id));
  const slips = await conn
    .select({ id: payslips.payslip_id, user_id: payslips.user_id })
    .from(payslips)
    .where(
      and(
        eq(payslips.payroll_id, p.payroll_id),
        eq(payslips.is_current, true),
        inArray(payslips.user_id, [...saved.keys()]),
      ),
    );
  const slip = new Map(slips.map((s) => [s.user_id, s.id]));
  const ids = [...new Set([...saved.values()].flatMap((s) => s.items.map((i) => i.list_payroll_id)))];
  const titles = ids.length
    ? new Map(
        (
          await conn
            .select({ id: listPayroll.list_payroll_id, t: listPayroll.title_value })
            .from(listPayroll)
            .where(inArray(listPayroll.list_payroll_id, ids))
        ).map((r) => [r.id, r.t]),
      )
    : new Map<number, string>();
  return [...saved.values()]
    .sort((a, b2) => a.line.user_id - b2.line.user_id)
    .map(({ line: l, items }) => {
      const u = uMap.get(l.user_id)!;
      return {
        user_id: l.user_id,
        user_name: fullName(u),
        position: u.position,
        branch_id: p.branch_id,
        branch_name: b?.name ?? '',
        is_daily: l.is_daily,
        rate: M(S(l.rate)),
        days_worked: l.days_worked,
        employed_days: l.employed_days,
        days_of_month: daysInMonth(p.month),
        end_date: l.end_date,
        start_date: u.start_date,
        salary: M(S(l.salary)),
        income: M(S(l.income)),
        deduction: M(S(l.deduction)),
        sso_base: M(S(l.sso_base)),
        sso_employee: M(S(l.sso_employee)),
        sso_employer: M(S(l.sso_employer)),
        tax: M(S(l.tax)),
        net: M(S(l.net)),
        note: l.note,
        payslip_id: slip.get(l.user_id) ?? null,
        items: items.map((i) => ({
          list_payroll_id: i.list_payroll_id,
          name: i.name,
          type: i.type,
          condition: i.condition,
          title_value: titles.get(i.list_payroll_id) ?? '',
          value: M(S(i.value)),
          per_value: M(S(i.per_value)),
          amount: M(S(i.amount)),
        })),
      };
    });
}

function totalsOf(lines: SheetLine[]) {
  const sum = (k: keyof SheetLine) => M(lines.reduce((a, l) => a + S(l[k] as string), 0));
  return {
    salary: sum('salary'),
    income: sum('income'),
    deduction: sum('deduction'),
    sso_employee: sum('sso_employee'),
    sso_employer: sum('sso_employer'),
    tax: sum('tax'),
    net: sum('net'),
  };
}

async function payrollOf(conn: Conn, branchId: number, month: string) {
  return (
    (
      await conn
        .select()
        .from(payrolls)
        .where(and(eq(payrolls.branch_id, branchId), eq(payrolls.month, month)))
    )[0] ?? null
  );
}

/** list-payrollList/list: a branch-month's sheet; a draft (or a month not started) is computed live, later states as stored. */
export async function getSheet(
  conn: Conn,
  actor: Actor,
  branchParam: string | undefined,
  month: string,
): Promise<Sheet> {
  const branchId = branchFilter(branchParam) ?? actor.branchId;
  assertBranch(actor, branchId);
  const [b] = await conn
    .select()
    .from(branches)
    .where(and(eq(branches.branch_id, branchId), eq(branches.is_delete, false)));
  if (!b) throw notFound('ไม่พบสาขานี้');
  const p = await payrollOf(conn, branchId, month);
  const rates = await ratesFor(conn, month);
  const lines =
    p && p.status !== 'draft'
      ? await storedLines(conn, p)
      : (await computeLines(conn, branchId, month, p?.payroll_id ?? null)).map(({ _rate, ...l }) => l);
  return {
    branch_id: branchId,
    branch_name: b.name,
    month,
    month_name: monthName(month),
    payroll: p ? (await payrollRows(conn, [p]))[0]! : null,
    is_payroll: Boolean(p),
    is_approve: p?.status === 'approved',
    editable: !p || p.status === 'draft',
    items: (await itemColumns(conn, branchId)).map(({ category, ...c }) => c),
    lines,
    totals: totalsOf(lines),
    rates: { sso: rates.ssoText, tax: rates.taxText },
  };
}

// ---- writing ------------------------------------------------------------------------------------

const lockedMessage = (p: PayrollRecord) =>
  p.status === 'approved'
    ? `เงินเดือนเดือน${monthName(p.month)} ได้รับอนุมัติแล้วและถูกล็อก แก้ไขไม่ได้ เจ้าของกิจการต้องเปิดรอบใหม่พร้อมระบุเหตุผลก่อน`
    : `เงินเดือนเดือน${monthName(p.month)} อยู่ในสถานะ "${PAYROLL_STATE_NAMES[p.status as PayrollState]}" แก้ไขได้เฉพาะฉบับร่าง`;

async function lockPayroll(tx: Tx, payrollId: number): Promise<PayrollRecord> {
  const [p] = await tx.select().from(payrolls).where(eq(payrolls.payroll_id, payrollId)).for('update');
  if (!p) throw notFound('ไม่พบรอบเงินเดือนนี้');
  return p;
}

/** The draft of a branch-month, created on first save, locked for the transaction. */
async function draftFor(tx: Tx, actor: Actor, branchId: number, month: string): Promise<PayrollRecord> {
  const [b] = await tx
    .select({ id: branches.branch_id })
    .from(branches)
    .where(and(eq(branches.branch_id, branchId), eq(branches.is_delete, false)));
  if (!b) throw notFound('ไม่พบสาขานี้');
  await tx.insert(payrolls).values({ branch_id: branchId, month, created_by: actor.userId }).onConflictDoNothing();
  const [p] = await tx
    .select()
    .from(payrolls)
    .where(and(eq(payrolls.branch_id, branchId), eq(payrolls.month, month)))
    .for('update');
  if (p!.status !== 'draft') throw conflict(lockedMessage(p!));
  return p!;
}

/** Writes the computed lines (one upsert, one delete and one insert of their items) and the payroll's totals. */
async function storeLines(tx: Tx, p: PayrollRecord, lines: ComputedLine[]) {
  if (lines.length) {
    const rows = lines.map((l) => ({
      payroll_id: p.payroll_id,
      month: p.month,
      user_id: l.user_id,
      is_daily: l.is_daily,
      rate: l.rate,
      days_worked: l.days_worked,
      employed_days: l.employed_days,
      end_date: l.end_date,
      salary: l.salary,
      income: l.income,
      deduction: l.deduction,
      sso_base: l.sso_base,
      sso_employee: l.sso_employee,
      sso_employer: l.sso_employer,
      tax: l.tax,
      net: l.net,
      note: l.note,
    }));
    const ex = (c: string) => sql.raw(`excluded.${c}`);
    const saved = await tx
      .insert(payrollLines)
      .values(rows)
      .onConflictDoUpdate({
        target: [payrollLines.payroll_id, payrollLines.user_id],
        set: Object.fromEntries(
          [
            'is_daily',
            'rate',
            'days_worked',
            'employed_days',
            'end_date',
            'salary',
            'income',
            'deduction',
            'sso_base',
            'sso_employee',
            'sso_employer',
            'tax',
            'net',
            'note',
          ].map((c) => [c, ex(c)]),
        ),
      })
      .returning({ id: payrollLines.line_id, user_id: payrollLines.user_id });
    const lineOf = new Map(saved.map((r) => [r.user_id, r.id]));
    await tx.delete(payrollLineItems).where(
      inArray(
        payrollLineItems.line_id,
        saved.map((r) => r.id),
      ),
    );
    const items = lines.flatMap((l) =>
      l.items
        .filter((i) => S(i.value) !== 0 && (i.condition === 'fill' || S(i.per_value) !== 0))
        .map((i) => ({
          line_id: lineOf.get(l.user_id)!,
          list_payroll_id: i.list_payroll_id,
          name: i.name,
          type: i.type,
          condition: i.condition,
          value: i.value,
          per_value: i.per_value,
          amount: i.amount,
        })),
    );
    if (items.length) await tx.insert(payrollLineItems).values(items);
  }
  const t = totalsOf(lines);
  const [after] = await tx
    .update(payrolls)
    .set({ ...t, employees: lines.length, updatedAt: new Date() })
    .where(eq(payrolls.payroll_id, p.payroll_id))
    .returning();
  return after!;
}

/** list-payrollList/update and list-payrollReport/update: save what was typed into the draft; the server computes the rest. */
export async function saveSheet(
  tx: Tx,
  actor: Actor,
  branchId: number,
  month: string,
  inputs: LineInput[],
  requestId?: string,
) {
  assertBranch(actor, branchId);
  const seen = new Set<number>();
  for (const l of inputs) {
    if (seen.has(l.user_id)) throw badRequest(`รายการพนักงาน: พนักงานรหัส ${l.user_id} ซ้ำในรายการ`);
    seen.add(l.user_id);
  }
  const p = await draftFor(tx, actor, branchId, month);
  const lines = await computeLines(tx, branchId, month, p.payroll_id, new Map(inputs.map((l) => [l.user_id, l])));
  const before = { salary: p.salary, income: p.income, deduction: p.deduction, net: p.net, employees: p.employees };
  const after = await storeLines(tx, p, lines);
  await audit(
    tx,
    actor,
    {
      entity: 'payroll',
      entityId: p.payroll_id,
      action: 'update',
      branchId,
      before,
      after: {
        month,
        salary: after.salary,
        income: after.income,
        deduction: after.deduction,
        net: after.net,
        employees: after.employees,
        lines: inputs.map((l) => l.user_id),
      },
    },
    requestId,
  );
  return after;
}

/** The branch of an employee whose line is edited on its own (per-user history, edit mode). */
export async function branchOfUser(conn: Conn, actor: Actor, userId: number) {
  const [u] = await conn
    .select()
    .from(users)
    .where(and(eq(users.user_id, userId), eq(users.is_delete, false)));
  if (!u) throw notFound('ไม่พบพนักงานนี้');
  assertBranch(actor, u.branch_id);
  return u;
}

// ---- the workflow -------------------------------------------------------------------------------

const isOwner = (actor: Actor) => can(actor.abilities, 'manage', 'all');

/** Moves a locked payroll to its next state with who and when (one statement); the step's audit row follows. */
async function setStep(tx: Tx, payrollId: number, set: Partial<typeof payrolls.$inferInsert>) {
  const [after] = await tx
    .update(payrolls)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(payrolls.payroll_id, payrollId))
    .returning();
  return after!;
}

/** The audit row of a workflow step: the state before and what the step left. */
function auditStep(
  tx: Tx,
  actor: Actor,
  p: { payroll_id: number; branch_id: number; status: string },
  action: string,
  after: Record<string, unknown>,
  requestId?: string,
) {
  return audit(
    tx,
    actor,
    { entity: 'payroll', entityId: p.payroll_id, action, branchId: p.branch_id, before: { status: p.status }, after },
    requestId,
  );
}

export async function submit(tx: Tx, actor: Actor, payrollId: number, requestId?: string) {
  const p = await lockPayroll(tx, payrollId);
  assertBranch(actor, p.branch_id);
  if (p.status !== 'draft') throw conflict(`ส่งตรวจไม่ได้: ${lockedMessage(p)}`);
  // the sheet is frozen as it computes now (salaries or rates changed since the last save are taken in)
  const lines = await computeLines(tx, p.branch_id, p.month, p.payroll_id);
  if (!lines.length) throw badRequest(`ส่งตรวจไม่ได้: ไม่มีพนักงานในรอบเงินเดือนเดือน${monthName(p.month)}`);
  await storeLines(tx, p, lines);
  const after = await setStep(tx, payrollId, {
    status: 'submitted',
    submitted_by: actor.userId,
    submitted_at: new Date(),
  });
  await auditStep(tx, actor, p, 'submit', { status: 'submitted', net: after.net }, requestId);
  return after;
}

export async function confirm(tx: Tx, actor: Actor, payrollId: number, requestId?: string) {
  const p = await lockPayroll(tx, payrollId);
  assertBranch(actor, p.branch_id);
  if (p.status !== 'submitted')
    throw conflict(
      p.status === 'draft'
        ? 'ยืนยันไม่ได้: เงินเดือนรอบนี้ยังไม่ได้ส่งตรวจ'
        : `ยืนยันไม่ได้: เงินเดือนรอบนี้อยู่ในสถานะ "${PAYROLL_STATE_NAMES[p.status as PayrollState]}" แล้ว`,
    );
  if (p.submitted_by === actor.userId)
    throw conflict('ยืนยันไม่ได้: ผู้ส่งตรวจยืนยันเงินเดือนที่ตนเองส่งไม่ได้ ต้องให้ผู้จัดการสาขาคนอื่นยืนยัน');
  const after = await setStep(tx, payrollId, {
    status: 'confirmed',
    confirmed_by: actor.userId,
    confirmed_at: new Date(),
  });
  await auditStep(tx, actor, p, 'confirm', { status: 'confirmed' }, requestId);
  return after;
}

export async function approve(tx: Tx, actor: Actor, payrollId: number, requestId?: string) {
  if (!isOwner(actor)) throw forbidden('อนุมัติเงินเดือนได้เฉพาะเจ้าของกิจการ/ผู้ดูแลระบบ');
  const p = await lockPayroll(tx, payrollId);
  if (p.status !== 'confirmed')
    throw conflict(p.status === 'approved' ? 'เงินเดือนรอบนี้อนุมัติแล้ว' : 'อนุมัติไม่ได้: ผู้จัดการสาขายังไม่ได้ยืนยันเงินเดือนรอบนี้');
  if (p.submitted_by === actor.userId) throw conflict('อนุมัติไม่ได้: ผู้ส่งตรวจอนุมัติเงินเดือนที่ตนเองส่งไม่ได้ ต้องให้ผู้มีสิทธิ์อนุมัติคนอื่น');
  const after = await setStep(tx, payrollId, {
    status: 'approved',
    approved_by: actor.userId,
    approved_at: new Date(),
  });
  const issued = await issuePayslips(tx, actor, after);
  await recordExpenses(tx, actor, after, requestId);
  await auditStep(tx, actor, p, 'approve', { status: 'approved', payslips: issued, version: p.version }, requestId);
  return after;
}

export async function reopen(tx: Tx, actor: Actor, payrollId: number, reason: string, requestId?: string) {
  if (!isOwner(actor)) throw forbidden('เปิดรอบเงินเดือนที่อนุมัติแล้วได้เฉพาะเจ้าของกิจการ/ผู้ดูแลระบบ');
  const p = await lockPayroll(tx, payrollId);
  if (p.status !== 'approved') throw conflict('เปิดรอบใหม่ได้เฉพาะเงินเดือนที่อนุมัติแล้ว');
  if (!reason.trim()) throw badRequest('เหตุผล: ต้องระบุ');
  if (p.expense_ids.length) {
    await tx
      .update(expenses)
      .set({ is_delete: true, updatedAt: new Date() })
      .where(inArray(expenses.expenses_id, p.expense_ids));
    await audit(
      tx,
      actor,
      {
        entity: 'expenses',
        entityId: p.expense_ids.join(','),
        action: 'delete',
        branchId: p.branch_id,
        before: { expense_ids: p.expense_ids },
        after: { reason: `เปิดรอบเงินเดือนใหม่: ${reason.trim()}` },
      },
      requestId,
    );
  }
  const [after] = await tx
    .update(payrolls)
    .set({
      expense_ids: [],
      status: 'draft',
      version: p.version + 1,
      reopened_by: actor.userId,
      reopened_at: new Date(),
      reopen_reason: reason.trim(),
      submitted_by: null,
      submitted_at: null,
      confirmed_by: null,
      confirmed_at: null,
      approved_by: null,
      approved_at: null,
      updatedAt: new Date(),
    })
    .where(eq(payrolls.payroll_id, payrollId))
    .returning();
  await audit(
    tx,
    actor,
    {
      entity: 'payroll',
      entityId: payrollId,
      action: 'reopen',
      branchId: p.branch_id,
      before: { status: p.status, version: p.version, approved_by: p.approved_by },
      after: { status: 'draft', version: after!.version, reason: reason.trim() },
    },
    requestId,
  );
  return after!;
}

// ---- accounting ---------------------------------------------------------------------------------

/** The branch's expense item of a category (created once under its name when the branch has none). */
async function expenseItem(tx: Tx, branchId: number, category: string, name: string) {
  const [c] = await tx
    .select({ id: expenseCategories.category_id })
    .from(expenseCategories)
    .where(eq(expenseCategories.name, category))
    .limit(1);
  if (!c) return null;
  const [found] = await tx
    .select({ id: listExpenses.list_expenses_id })
    .from(listExpenses)
    .where(
      and(eq(listExpenses.branch_id, branchId), eq(listExpenses.category_id, c.id), eq(listExpenses.is_delete, false)),
    )
    .limit(1);
  if (found) return found.id;
  const [made] = await tx
    .insert(listExpenses)
    .values({ branch_id: branchId, name, category_id: c.id, type: 'ค่าใช้จ่ายคงที่' })
    .returning({ id: listExpenses.list_expenses_id });
  return made!.id;
}

/** On approval the month's pay and the employer's social security become expenses of the branch on the month's last day. */
async function recordExpenses(tx: Tx, actor: Actor, p: PayrollRecord, requestId?: string) {
  const pay = S(p.salary) + S(p.income);
  const er = S(p.sso_employer);
  const ids: number[] = [];
  const add = async (category: string, name: string, value: number, detail: string) => {
    if (value <= 0) return;
    const item = await expenseItem(tx, p.branch_id, category, name);
    if (!item) return;
    const [e] = await tx
      .insert(expenses)
      .values({
        branch_id: p.branch_id,
        list_expenses_id: item,
        date: lastDayOf(p.month),
        detail,
        pay_type: 'transfer',
        value: M(value),
        created_by: actor.userId,
      })
      .returning({ id: expenses.expenses_id });
    ids.push(e!.id);
  };
  const ref = `รอบเงินเดือน ${monthName(p.month)} เลขที่ ${p.payroll_id}${p.version > 1 ? ` ฉบับที่ ${p.version}` : ''}`;
  await add('เงินเดือน', 'เงินเดือนพนักงาน', pay, `เงินเดือนและค่าจ้าง ${ref}`);
  await add('เงินสมทบประกันสังคม', 'เงินสมทบประกันสังคม (นายจ้าง)', er, `เงินสมทบประกันสังคมส่วนนายจ้าง ${ref}`);
  if (ids.length) {
    await tx.update(payrolls).set({ expense_ids: ids }).where(eq(payrolls.payroll_id, p.payroll_id));
    await audit(
      tx,
      actor,
      {
        entity: 'expenses',
        entityId: ids.join(','),
        action: 'create',
        branchId: p.branch_id,
        after: { payroll_id: p.payroll_id, salaries: M(pay), sso_employer: M(er) },
      },
      requestId,
    );
  }
}

// ---- payslips -----------------------------------------------------------------------------------

export interface PayslipSnapshot {
  month: string;
  month_name: string;
  pay_date: string;
  version: number;
  branch: { name: string; code: string; tax_branch_no: string; is_head_office: boolean };
  employee: {
    user_id: number;
    name: string;
    idcard: string;
    position: string;
    department: string;
    bank: string;
    bank_acc: string;
    salary_pay_type: string;
  };
  salary: { label: string; detail: string; amount: string };
  incomes: { name: string; detail: string; amount: string }[];
  deductions: { name: string; detail: string; amount: string }[];
  gross: string;
  total_deduction: string;
  net: string;
  sso_employer: string;
  ytd: { income: string; tax: string; sso: string };
  approved_by: string;
  approved_at: string;
}

/** Issues the current version of every payslip of an approved payroll (an earlier version stays, no longer current). */
async function issuePayslips(tx: Tx, actor: Actor, p: PayrollRecord): Promise<number> {
  const lines = await storedLines(tx, p);
  const [b] = await tx.select().from(branches).where(eq(branches.branch_id, p.branch_id));
  const us = lines.length
    ? await tx
        .select()
        .from(users)
        .where(
          inArray(
            users.user_id,
            lines.map((l) => l.user_id),
          ),
        )
    : [];
  const uMap = new Map(us.map((u) => [u.user_id, u]));
  const year = p.month.slice(0, 4);
  // year to date: this line plus the user's lines of approved payrolls earlier in the year
  const prior = lines.length
    ? await tx
        .select({
          user_id: payrollLines.user_id,
          salary: payrollLines.salary,
          income: payrollLines.income,
          tax: payrollLines.tax,
          sso: payrollLines.sso_employee,
        })
        .from(payrollLines)
        .innerJoin(payrolls, eq(payrolls.payroll_id, payrollLines.payroll_id))
        .where(
          and(
            inArray(
              payrollLines.user_id,
              lines.map((l) => l.user_id),
            ),
            eq(payrolls.status, 'approved'),
            sql`${payrolls.month} like ${`${year}-%`}`,
            sql`${payrolls.month} < ${p.month}`,
          ),
        )
    : [];
  const approver = (await namesOf(tx, [actor.userId])).get(actor.userId) ?? '';
  await tx.update(payslips).set({ is_current: false }).where(eq(payslips.payroll_id, p.payroll_id));
  for (const l of lines) {
    const u = uMap.get(l.user_id)!;
    const mine = prior.filter((x) => x.user_id === l.user_id);
    const ytdIncome = mine.reduce((a, x) => a + S(x.salary) + S(x.income), 0) + S(l.salary) + S(l.income);
    const ytdTax = mine.reduce((a, x) => a + S(x.tax), 0) + S(l.tax);
    const ytdSso = mine.reduce((a, x) => a + S(x.sso), 0) + S(l.sso_employee);
    const detail = (i: LineItem) =>
      i.condition === 'fill' ? '' : `${i.per_value} × ${i.value} ${i.title_value}`.trim();
    const snap: PayslipSnapshot = {
      month: p.month,
      month_name: monthName(p.month),
      pay_date: lastDayOf(p.month),
      version: p.version,
      branch: { name: b!.name, code: b!.code, tax_branch_no: b!.tax_branch_no, is_head_office: b!.is_head_office },
      employee: {
        user_id: u.user_id,
        name: fullName(u),
        idcard: u.idcard,
        position: u.position,
        department: u.department,
        bank: u.bank,
        bank_acc: u.bank_acc,
        salary_pay_type: u.salary_pay_type,
      },
      salary: {
        label: l.is_daily ? 'ค่าจ้างรายวัน' : 'เงินเดือน',
        detail: l.is_daily
          ? `${l.days_worked} วัน × ${l.rate} บาท`
          : l.employed_days < l.days_of_month
            ? `${l.employed_days}/${l.days_of_month} วัน ของ ${l.rate} บาท`
            : '',
        amount: l.salary,
      },
      incomes: l.items
        .filter((i) => i.type !== 'deduction')
        .map((i) => ({ name: i.name, detail: detail(i), amount: i.amount })),
      deductions: [
        { name: 'ประกันสังคม (ลูกจ้าง)', detail: `ฐานค่าจ้าง ${formatBaht(l.sso_base)} บาท`, amount: l.sso_employee },
        { name: 'ภาษีหัก ณ ที่จ่าย', detail: '', amount: l.tax },
        ...l.items
          .filter((i) => i.type === 'deduction')
          .map((i) => ({ name: i.name, detail: detail(i), amount: i.amount })),
      ],
      gross: M(S(l.salary) + S(l.income)),
      total_deduction: M(S(l.deduction) + S(l.sso_employee) + S(l.tax)),
      net: l.net,
      sso_employer: l.sso_employer,
      ytd: { income: M(ytdIncome), tax: M(ytdTax), sso: M(ytdSso) },
      approved_by: approver,
      approved_at: new Date().toISOString(),
    };
    await tx
      .insert(payslips)
      .values({
        payroll_id: p.payroll_id,
        user_id: l.user_id,
        branch_id: p.branch_id,
        month: p.month,
        version: p.version,
        is_current: true,
        net: l.net,
        snapshot: snap as unknown as Record<string, unknown>,
        issued_by: actor.userId,
      })
      .onConflictDoUpdate({
        target: [payslips.payroll_id, payslips.user_id, payslips.version],
        set: { is_current: true, net: l.net, snapshot: snap as unknown as Record<string, unknown> },
      });
  }
  return lines.length;
}

// ---- tables -------------------------------------------------------------------------------------

const monthOk = (m: string | undefined) => (m && /^\d{4}-(0[1-9]|1[0-2])$/.test(m) ? m : undefined);

export async function monthOptions(conn: Conn, actor: Actor) {
  const rows = await conn
    .selectDistinct({ month: payrolls.month })
    .from(payrolls)
    .where(branchScopeWhere(actor, payrolls.branch_id))
    .orderBy(desc(payrolls.month));
  return rows.map((r) => ({ name: monthName(r.month), value: r.month }));
}

export async function branchOptions(conn: Conn, actor: Actor) {
  return await conn
    .select({ value: branches.branch_id, name: branches.name })
    .from(branches)
    .where(allOf(eq(branches.is_delete, false), branchScopeWhere(actor, branches.branch_id)))
    .orderBy(asc(branches.branch_id));
}

/** A branch filter of a list: "ทั้งหมด"/empty = every branch in scope; another branch is refused. */
function scopedBranch(actor: Actor, v: string | undefined) {
  const b = branchFilter(v);
  if (b !== undefined && b > 0) assertBranch(actor, b);
  return b;
}

export async function payrollTable(
  conn: Conn,
  actor: Actor,
  q: { branch?: string; status?: string; month?: string; text?: string },
  perPage: number,
  offset: number,
) {
  const b = scopedBranch(actor, q.branch);
  const where = allOf(
    branchScopeWhere(actor, payrolls.branch_id),
    b !== undefined ? eq(payrolls.branch_id, b) : undefined,
    isAll(q.status) ? undefined : eq(payrolls.status, q.status!),
    isAll(q.month) ? undefined : eq(payrolls.month, monthOk(q.month) ?? '-'),
  );
  const [{ n }] = (await conn
    .select({ n: sql<number>`count(*)::int` })
    .from(payrolls)
    .where(where)) as [{ n: number }];
  const recs = await conn
    .select()
    .from(payrolls)
    .where(where)
    .orderBy(desc(payrolls.month), asc(payrolls.branch_id))
    .limit(perPage)
    .offset(offset);
  return {
    rows: await payrollRows(conn, recs),
    total: n,
    filter: {
      branch: withAll((await branchOptions(conn, actor)).map((x) => ({ name: x.name, value: x.value }))),
      status: withAll(Object.entries(PAYROLL_STATE_NAMES).map(([value, name]) => ({ name, value }))),
      month: withAll(await monthOptions(conn, actor)),
    },
  };
}

/** The latest month with a payroll the actor can see, or the current month. */
export async function latestMonth(conn: Conn, actor: Actor) {
  return (await monthOptions(conn, actor))[0]?.value ?? currentMonth();
}

/** list-payrollReport/list: every employee's line of a month (all branches in scope by default). */
export async function reportTable(
  conn: Conn,
  actor: Actor,
  q: { branch?: string; month?: string; text?: string; status?: string },
  perPage: number,
  offset: number,
) {
  const b = scopedBranch(actor, q.branch);
  const month = monthOk(q.month) ?? (await latestMonth(conn, actor));
  const where = allOf(
    eq(payrolls.month, month),
    branchScopeWhere(actor, payrolls.branch_id),
    b !== undefined ? eq(payrolls.branch_id, b) : undefined,
    isAll(q.status) ? undefined : eq(payrolls.status, q.status!),
    isAll(q.text)
      ? undefined
      : or(
          ilike(users.fname, `%${q.text!.replace(/[\\%_]/g, (c) => `\\${c}`)}%`),
          ilike(users.sname, `%${q.text!.replace(/[\\%_]/g, (c) => `\\${c}`)}%`),
        ),
  );
  const base = conn
    .select({ line_id: payrollLines.line_id, payroll_id: payrolls.payroll_id, user_id: payrollLines.user_id })
    .from(payrollLines)
    .innerJoin(payrolls, eq(payrolls.payroll_id, payrollLines.payroll_id))
    .innerJoin(users, eq(users.user_id, payrollLines.user_id))
    .where(where);
  const [{ n }] = (await conn.select({ n: sql<number>`count(*)::int` }).from(base.as('x'))) as [{ n: number }];
  const page = await base.orderBy(asc(payrolls.branch_id), asc(payrollLines.user_id)).limit(perPage).offset(offset);
  const recs = page.length
    ? await conn
        .select()
        .from(payrolls)
        .where(inArray(payrolls.payroll_id, [...new Set(page.map((r) => r.payroll_id))]))
    : [];
  const rows = [];
  for (const p of recs) {
    const lines = await storedLines(
      conn,
      p,
      page.filter((r) => r.payroll_id === p.payroll_id).map((r) => r.user_id),
    );
    for (const l of lines)
      rows.push({
        payroll_id: p.payroll_id,
        status: p.status,
        status_name: PAYROLL_STATE_NAMES[p.status as PayrollState],
        month: p.month,
        ...l,
      });
  }
  rows.sort((a, x) => a.branch_id - x.branch_id || a.user_id - x.user_id);
  const [t] = await conn
    .select({
      salary: sql<string>`coalesce(sum(${payrollLines.salary}), 0)::text`,
      income: sql<string>`coalesce(sum(${payrollLines.income}), 0)::text`,
      deduction: sql<string>`coalesce(sum(${payrollLines.deduction}), 0)::text`,
      sso_employee: sql<string>`coalesce(sum(${payrollLines.sso_employee}), 0)::text`,
      sso_employer: sql<string>`coalesce(sum(${payrollLines.sso_employer}), 0)::text`,
      tax: sql<string>`coalesce(sum(${payrollLines.tax}), 0)::text`,
      net: sql<string>`coalesce(sum(${payrollLines.net}), 0)::text`,
    })
    .from(payrollLines)
    .innerJoin(payrolls, eq(payrolls.payroll_id, payrollLines.payroll_id))
    .innerJoin(users, eq(users.user_id, payrollLines.user_id))
    .where(where);
  const tot = {
    salary: M(S(t!.salary)),
    income: M(S(t!.income)),
    deduction: M(S(t!.deduction)),
    sso_employee: M(S(t!.sso_employee)),
    sso_employer: M(S(t!.sso_employer)),
    tax: M(S(t!.tax)),
    net: M(S(t!.net)),
  };
  return {
    rows,
    total: n,
    month,
    totals: tot,
    filter: {
      branch: withAll((await branchOptions(conn, actor)).map((x) => ({ name: x.name, value: x.value }))),
      month: await monthOptions(conn, actor),
      status: withAll(Object.entries(PAYROLL_STATE_NAMES).map(([value, name]) => ({ name, value }))),
    },
  };
}

export async function payslipTable(
  conn: Conn,
  actor: Actor,
  q: { branch?: string; month?: string; user?: string; text?: string },
  perPage: number,
  offset: number,
) {
  const b = scopedBranch(actor, q.branch);
  const where = allOf(
    branchScopeWhere(actor, payslips.branch_id),
    b !== undefined ? eq(payslips.branch_id, b) : undefined,
    isAll(q.month) ? undefined : eq(payslips.month, monthOk(q.month) ?? '-'),
    isAll(q.user) ? undefined : eq(payslips.user_id, idFilter(q.user)),
    isAll(q.text)
      ? undefined
      : or(
          ilike(users.fname, `%${q.text!.replace(/[\\%_]/g, (c) => `\\${c}`)}%`),
          ilike(users.sname, `%${q.text!.replace(/[\\%_]/g, (c) => `\\${c}`)}%`),
        ),
  );
  const [{ n }] = (await conn
    .select({ n: sql<number>`count(*)::int` })
    .from(payslips)
    .innerJoin(users, eq(users.user_id, payslips.user_id))
    .where(where)) as [{ n: number }];
  const rows = await conn
    .select({ s: payslips, u: users, b: branches })
    .from(payslips)
    .innerJoin(users, eq(users.user_id, payslips.user_id))
    .innerJoin(branches, eq(branches.branch_id, payslips.branch_id))
    .where(where)
    .orderBy(desc(payslips.month), asc(payslips.branch_id), asc(payslips.user_id), desc(payslips.version))
    .limit(perPage)
    .offset(offset);
  return {
    rows: rows.map(({ s, u, b: br }) => ({
      payslip_id: s.payslip_id,
      payroll_id: s.payroll_id,
      user_id: s.user_id,
      user_name: fullName(u),
      branch_id: s.branch_id,
      branch_name: br.name,
      month: s.month,
      month_name: monthName(s.month),
      version: s.version,
      is_current: s.is_current,
      net: M(S(s.net)),
      createdAt: s.createdAt.toISOString(),
    })),
    total: n,
    filter: {
      branch: withAll((await branchOptions(conn, actor)).map((x) => ({ name: x.name, value: x.value }))),
      month: withAll(await monthOptions(conn, actor)),
    },
  };
}

// ---- one employee -------------------------------------------------------------------------------

function userInfo(u: UserRecord, branchName: string) {
  return {
    user_id: u.user_id,
    name: fullName(u),
    position: u.position,
    department: u.department,
    branch_id: u.branch_id,
    branch_name: branchName,
    is_salary_daily: u.is_salary_daily,
    salary: M(S(u.salary)),
    sso_salary: M(S(u.sso_salary)),
    bank: u.bank,
    bank_acc: u.bank_acc,
    salary_pay_type: u.salary_pay_type,
    start_date: u.start_date,
    idcard: u.idcard,
  };
}

const detailLine = (i: LineItem, computed = false): DetailLine => ({
  name: i.name,
  type: i.type,
  condition: i.condition,
  value: i.value,
  per_value: i.per_value,
  amount: i.amount,
  list_payroll_id: i.list_payroll_id,
  title_value: i.title_value,
  computed,
});

/** payroll/user/{id}: the payroll staff detail — salary and the standing incomes and deductions. */
export async function staffDetail(conn: Conn, actor: Actor, userId: number) {
  const u = await branchOfUser(conn, actor, userId);
  const [b] = await conn.select({ name: branches.name }).from(branches).where(eq(branches.branch_id, u.branch_id));
  const items = await userItems(conn, actor, userId);
  const asLine = (i: (typeof items)[number]): DetailLine => ({
    name: i.name,
    type: i.type,
    condition: i.condition,
    value: i.value,
    per_value: i.per_value,
    amount: i.amount,
    list_payroll_id: i.list_payroll_id,
    title_value: i.title_value,
    computed: false,
  });
  return {
    user_info: userInfo(u, b?.name ?? ''),
    salary: [
      {
        name: u.is_salary_daily ? 'ค่าจ้างรายวัน' : 'เงินเดือน',
        type: 'income',
        condition: u.is_salary_daily ? 'multiply' : 'fill',
        value: M(S(u.salary)),
        per_value: u.is_salary_daily ? '1' : '0',
        amount: M(S(u.salary)),
        list_payroll_id: null,
        title_value: u.is_salary_daily ? 'บาท/วัน' : 'บาท/เดือน',
        computed: false,
      },
    ],
    income: items.filter((i) => i.type !== 'deduction').map(asLine),
    deduction: items.filter((i) => i.type === 'deduction').map(asLine),
  };
}

/** payroll/userhistory/{user_id}?month=: the employee's line of a month, stored or (no payroll yet) previewed. */
export async function userHistory(conn: Conn, actor: Actor, userId: number, monthParam?: string) {
  const u = await branchOfUser(conn, actor, userId);
  const mine = await conn
    .selectDistinct({ month: payrolls.month })
    .from(payrollLines)
    .innerJoin(payrolls, eq(payrolls.payroll_id, payrollLines.payroll_id))
    .where(eq(payrollLines.user_id, userId))
    .orderBy(desc(payrolls.month));
  const month = monthOk(monthParam) ?? mine[0]?.month ?? currentMonth();
  const [line] = await conn
    .select({ p: payrolls })
    .from(payrollLines)
    .innerJoin(payrolls, eq(payrolls.payroll_id, payrollLines.payroll_id))
    .where(and(eq(payrollLines.user_id, userId), eq(payrolls.month, month)));
  const p = line?.p ?? (await payrollOf(conn, u.branch_id, month));
  let l: SheetLine | undefined;
  if (p && p.status !== 'draft') l = (await storedLines(conn, p)).find((x) => x.user_id === userId);
  else {
    const lines = await computeLines(conn, p?.branch_id ?? u.branch_id, month, p?.payroll_id ?? null).catch((e) => {
      if (e?.statusCode === 400) return [];
      throw e;
    });
    l = lines.find((x) => x.user_id === userId);
  }
  const [b] = await conn.select({ name: branches.name }).from(branches).where(eq(branches.branch_id, u.branch_id));
  const months = mine.map((m) => ({ name: monthName(m.month), value: m.month }));
  if (!months.some((m) => m.value === month)) months.unshift({ name: monthName(month), value: month });
  const data = {
    user_info: userInfo(u, b?.name ?? ''),
    month,
    month_name: monthName(month),
    payroll_id: p?.payroll_id ?? null,
    status: p?.status ?? '',
    salary: l
      ? [
          {
            name: l.is_daily ? 'ค่าจ้างรายวัน' : 'เงินเดือน',
            type: 'income',
            condition: l.is_daily ? 'multiply' : 'fill',
            value: l.rate,
            per_value: String(l.days_worked),
            amount: l.salary,
            list_payroll_id: null,
            title_value: l.is_daily ? 'บาท/วัน' : 'บาท/เดือน',
            computed: true,
          },
        ]
      : [],
    income: (l?.items ?? []).filter((i) => i.type !== 'deduction').map((i) => detailLine(i)),
    deduction: l
      ? [
          {
            name: 'ประกันสังคม',
            type: 'deduction',
            condition: 'fill',
            value: l.sso_employee,
            per_value: '0',
            amount: l.sso_employee,
            list_payroll_id: null,
            title_value: 'บาท/เดือน',
            computed: true,
          },
          {
            name: 'ภาษีหัก ณ ที่จ่าย',
            type: 'deduction',
            condition: 'fill',
            value: l.tax,
            per_value: '0',
            amount: l.tax,
            list_payroll_id: null,
            title_value: 'บาท/เดือน',
            computed: true,
          },
          ...l.items.filter((i) => i.type === 'deduction').map((i) => detailLine(i)),
        ]
      : [],
    net: l?.net ?? '0',
    sso_employer: l?.sso_employer ?? '0',
    payslip_id: l?.payslip_id ?? null,
    months,
    days_worked: l?.days_worked ?? 0,
    days_of_month: daysInMonth(month),
    end_date: l?.end_date ?? null,
    note: l?.note ?? '',
  };
  return { data, detail: { is_approve: p?.status === 'approved', is_payroll: Boolean(p && line) } };
}

// ---- standing items -----------------------------------------------------------------------------

export async function userItems(conn: Conn, actor: Actor, userId: number) {
  const u = await branchOfUser(conn, actor, userId);
  const rows = await conn
    .select({ s: payrollUserItems, c: listPayroll })
    .from(payrollUserItems)
    .innerJoin(listPayroll, eq(listPayroll.list_payroll_id, payrollUserItems.list_payroll_id))
    .where(and(eq(payrollUserItems.user_id, userId), eq(payrollUserItems.is_delete, false)))
    .orderBy(asc(payrollUserItems.id));
  return rows.map(({ s, c }) => {
    const value = c.condition === 'fill' ? S(s.value) : S(s.value) > 0 ? S(s.value) : S(c.value);
    const amount = c.condition === 'fill' ? value : Math.round((value * Q(s.per_value)) / 100);
    return {
      id: s.id,
      user_id: s.user_id,
      list_payroll_id: s.list_payroll_id,
      name: c.name,
      type: c.type,
      condition: c.condition,
      title_value: c.title_value,
      value: M(value),
      per_value: M(Q(s.per_value)),
      amount: M(amount),
      note: s.note,
      branch_id: u.branch_id,
    };
  });
}

async function checkItem(conn: Conn, u: UserRecord, listPayrollId: number) {
  const [c] = await conn
    .select({ c: listPayroll, hq: branches.is_head_office })
    .from(listPayroll)
    .innerJoin(branches, eq(branches.branch_id, listPayroll.branch_id))
    .where(and(eq(listPayroll.list_payroll_id, listPayrollId), eq(listPayroll.is_delete, false)));
  if (!c || (!c.hq && c.c.branch_id !== u.branch_id)) throw badRequest('รายการเงินเดือน: ไม่พบรายการนี้ในสาขาของพนักงาน');
  if (COMPUTED_CATEGORIES.includes(c.c.category))
    throw badRequest(`รายการเงินเดือน: "${c.c.name}" ระบบคำนวณให้เองทุกเดือน ไม่ต้องตั้งเป็นรายการประจำ`);
  return c.c;
}

export async function createUserItem(
  tx: Tx,
  actor: Actor,
  b: { user_id: number; list_payroll_id: number; value?: string; per_value?: string; note?: string },
  requestId?: string,
) {
  const u = await branchOfUser(tx, actor, b.user_id);
  const c = await checkItem(tx, u, b.list_payroll_id);
  const [dup] = await tx
    .select({ id: payrollUserItems.id })
    .from(payrollUserItems)
    .where(
      and(
        eq(payrollUserItems.user_id, b.user_id),
        eq(payrollUserItems.list_payroll_id, b.list_payroll_id),
        eq(payrollUserItems.is_delete, false),
      ),
    );
  if (dup) throw conflict(`รายการเงินเดือน: พนักงานนี้มีรายการ "${c.name}" เป็นรายการประจำอยู่แล้ว`);
  const [row] = await tx
    .insert(payrollUserItems)
    .values({
      user_id: b.user_id,
      list_payroll_id: b.list_payroll_id,
      value: b.value ?? '0',
      per_value: b.per_value ?? '0',
      note: b.note ?? '',
    })
    .returning();
  await audit(
    tx,
    actor,
    { entity: 'payroll_user_item', entityId: row!.id, action: 'create', branchId: u.branch_id, after: row },
    requestId,
  );
  return row!;
}

export async function updateUserItem(
  tx: Tx,
  actor: Actor,
  b: { id: number; value?: string; per_value?: string; note?: string; is_delete?: boolean },
  requestId?: string,
) {
  const [before] = await tx
    .select()
    .from(payrollUserItems)
    .where(and(eq(payrollUserItems.id, b.id), eq(payrollUserItems.is_delete, false)))
    .for('update');
  if (!before) throw notFound('ไม่พบรายการประจำนี้');
  const u = await branchOfUser(tx, actor, before.user_id);
  const [row] = await tx
    .update(payrollUserItems)
    .set({
      ...(b.value !== undefined ? { value: b.value } : {}),
      ...(b.per_value !== undefined ? { per_value: b.per_value } : {}),
      ...(b.note !== undefined ? { note: b.note } : {}),
      ...(b.is_delete ? { is_delete: true } : {}),
      updatedAt: new Date(),
    })
    .where(eq(payrollUserItems.id, b.id))
    .returning();
  await audit(
    tx,
    actor,
    {
      entity: 'payroll_user_item',
      entityId: b.id,
      action: b.is_delete ? 'delete' : 'update',
      branchId: u.branch_id,
      before,
      after: row,
    },
    requestId,
  );
  return row!;
}

export async function getPayroll(conn: Conn, actor: Actor, payrollId: number) {
  const [p] = await conn.select().from(payrolls).where(eq(payrolls.payroll_id, payrollId));
  if (!p) throw notFound('ไม่พบรอบเงินเดือนนี้');
  assertBranch(actor, p.branch_id);
  return p;
}
