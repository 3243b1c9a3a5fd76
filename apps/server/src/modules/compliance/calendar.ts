/**
 * compliance/calendar: every dated obligation of the branches in a range, one item each with a stable key (the
 * iCalendar UID), where it is done and whether it is. Statutory filings come from the dated rules (deadlines.ts) and
 * are ticked as done by staff; the others turn done by themselves: a vehicle renewed has its date moved on (so it
 * leaves the range), a payroll approved, a day closed.
 */
import { formatThaiDate, todayBangkok } from '@khabkhi/thai';
import {
  COMPLIANCE_KIND_NAMES,
  PAYROLL_STATE_NAMES,
  type ComplianceCalendar,
  type ComplianceItem,
  type ComplianceKind,
  type ComplianceQuery,
  type PayrollState,
} from '@khabkhi/contracts';
import type { Db } from '../../db/connection.js';
import { assertBranch, canDo, type Actor } from '../../http/auth.js';
import { liveBranchesInScope } from '../../http/branch.js';
import { badRequest } from '../../http/errors.js';
import { branchFilter } from '../../http/tables.js';
import { deadlinesBetween } from './deadlines.js';
import { doneKeys, examSessions, payrollStates, permissionsEnding, unclosedDays, vehicleDates } from './repo.js';

const VEHICLE_KIND_NAMES = { tax: 'ภาษีรถประจำปี', compulsory: 'พ.ร.บ.', insurance: 'ประกันภัย', check: 'ตรวจสภาพ (ตรอ.)' };
const EXAM_KIND_NAMES: Record<string, string> = { theory: 'ภาคทฤษฎี', practical: 'ภาคปฏิบัติ' };
const MAX_DAYS = 400;

const q = (o: Record<string, string | number | null | undefined>) =>
  Object.fromEntries(
    Object.entries(o)
      .filter(([, v]) => v !== undefined && v !== null && v !== '')
      .map(([k, v]) => [k, String(v)]),
  );

const monthName = (ym: string) => {
  const d = formatThaiDate(`${ym}-01`); // "1 ต.ค. 2569"
  return d.split(' ').slice(1).join(' ');
};
const lastDay = (ym: string) => {
  const [y, m] = ym.split('-').map(Number) as [number, number];
  return `${ym}-${String(new Date(Date.UTC(y, m, 0)).getUTCDate()).padStart(2, '0')}`;
};

/** What a caller may see of the calendar: the kinds their abilities open. */
export interface Sight {
  payroll: boolean;
  vehicles: boolean;
  exams: boolean;
  money: boolean;
}
export const sightOf = (actor: Actor): Sight => ({
  payroll: canDo(actor, 'read', 'Payroll'),
  vehicles: canDo(actor, 'read', 'Vehicle'),
  exams: canDo(actor, 'read', 'Exam'),
  money: canDo(actor, 'read', 'Payment'),
});
export const FULL_SIGHT: Sight = { payroll: true, vehicles: true, exams: true, money: true };

/** The items of these branches in [start, end], soonest first (a feed passes every live branch of its scope). */
export async function itemsOf(
  db: Db,
  branches: { branch_id: number; name: string }[],
  start: string,
  end: string,
  sight: Sight,
  today = todayBangkok(),
): Promise<ComplianceItem[]> {
  const ids = branches.map((b) => b.branch_id);
  const out: Omit<ComplianceItem, 'state' | 'kind_name'>[] = [];
  const deadlines = sight.payroll ? deadlinesBetween(start, end) : [];
  // payroll months: those whose filings fall in the range, and each month ending in it (its cut-off)
  const months = new Set(deadlines.filter((d) => d.kind !== 'wht50').map((d) => d.of));
  for (let ym = start.slice(0, 7); ym <= end.slice(0, 7);) {
    if (lastDay(ym) >= start && lastDay(ym) <= end) months.add(ym);
    const [y, m] = ym.split('-').map(Number) as [number, number];
    ym = m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
  }
  const [cars, permits, sessions, payrolls, unclosed] = await Promise.all([
    sight.vehicles ? vehicleDates(db, ids, start, end) : Promise.resolve([]),
    sight.exams ? permissionsEnding(db, ids, start, end) : Promise.resolve([]),
    sight.exams ? examSessions(db, ids, start, end) : Promise.resolve([]),
    sight.payroll ? payrollStates(db, ids, [...months]) : Promise.resolve([]),
    sight.money ? unclosedDays(db, ids, start, end < today ? end : today) : Promise.resolve([]),
  ]);

  const doneSet: Set<string> = new Set();
  const approvedOf = (ym: string) =>
    branches.filter((b) =>
      payrolls.some((p) => p.branch_id === b.branch_id && p.month === ym && p.status === 'approved'),
    );
  for (const d of deadlines) {
    const key = `${d.kind}:${d.of}`;
    const ofName = d.kind === 'wht50' ? `ปี พ.ศ. ${Number(d.of) + 543}` : `เดือน${monthName(d.of)}`;
    const approved = d.kind === 'wht50' ? null : approvedOf(d.of).length;
    const moved =
      d.due !== d.legal_due ? ` (ครบกำหนดตามกฎหมาย ${formatThaiDate(d.legal_due)} ตรงกับวันหยุด เลื่อนเป็นวันทำการถัดไป)` : '';
    out.push({
      key,
      kind: d.kind,
      date: d.due,
      branch_id: null,
      branch_name: 'ทุกสาขา',
      title: `${d.title} ${ofName}`,
      note:
        `${d.law}${moved}` +
        (approved === null ? '' : ` · เงินเดือนอนุมัติแล้ว ${approved} จาก ${branches.length} สาขา`) +
        ' · วันหยุดนักขัตฤกษ์อาจเลื่อนกำหนด ตรวจสอบกับหน่วยงาน',
      link:
        d.kind === 'wht50'
          ? { path: '/payroll/report', query: q({ year: d.of }) }
          : { path: '/payroll', query: q({ month: d.of }) },
      can_mark: true,
    });
  }
  for (const ym of [...months].filter((m) => lastDay(m) >= start && lastDay(m) <= end)) {
    for (const b of branches) {
      const p = payrolls.find((x) => x.branch_id === b.branch_id && x.month === ym);
      const key = `payroll:${ym}:${b.branch_id}`;
      if (p?.status === 'approved') doneSet.add(key);
      out.push({
        key,
        kind: 'payroll',
        date: lastDay(ym),
        branch_id: b.branch_id,
        branch_name: b.name,
        title: `อนุมัติเงินเดือน${monthName(ym)} ${b.name}`,
        note: `สถานะ: ${p ? (PAYROLL_STATE_NAMES[p.status as PayrollState] ?? p.status) : 'ยังไม่ได้จัดทำ'}`,
        link: { path: '/payroll', query: q({ branch: b.branch_id, month: ym }) },
        can_mark: false,
      });
    }
  }
  for (const v of cars) {
    out.push({
      key: `vehicle:${v.vehicle_id}:${v.kind}:${v.due}`,
      kind: 'vehicle',
      date: v.due,
      branch_id: v.branch_id,
      branch_name: v.branch_name,
      title: `${VEHICLE_KIND_NAMES[v.kind]} ${v.no} ${v.province}`,
      note: `ครบกำหนด${VEHICLE_KIND_NAMES[v.kind]} บันทึกค่าใช้จ่ายการต่ออายุแล้ววันครบกำหนดจะเลื่อนไปรอบถัดไป`,
      link: { path: `/vehicles/${v.vehicle_id}`, query: {} },
      can_mark: false,
    });
  }
  for (const p of permits) {
    out.push({
      key: `permission:${p.branch_id}:${p.date}`,
      kind: 'permission',
      date: p.date,
      branch_id: p.branch_id,
      branch_name: p.branch_name,
      title: `สิทธิ์สอบหมดอายุ ${p.n} ราย ${p.branch_name}`,
      note: 'ผู้เรียนที่ยังสอบไม่ผ่านและสิทธิ์สอบหมดอายุวันนี้: จองสอบหรือต่ออายุสิทธิ์ก่อนหมดอายุ',
      link: { path: '/exams/permissions', query: q({ branch: p.branch_id, start: p.date, end: p.date }) },
      can_mark: false,
    });
  }
  // exam sessions: one item per branch and day (a busy day holds a dozen sessions), with its seats
  const days = new Map<string, typeof sessions>();
  for (const x of sessions) days.set(`${x.branch_id}:${x.date}`, [...(days.get(`${x.branch_id}:${x.date}`) ?? []), x]);
  for (const [k, list] of days) {
    const first = list[0]!;
    const key = `exam:${k}`;
    if (first.date < today) doneSet.add(key);
    const booked = list.reduce((n, x) => n + x.booked, 0);
    const seats = list.reduce((n, x) => n + x.capacity, 0);
    out.push({
      key,
      kind: 'exam',
      date: first.date,
      branch_id: first.branch_id,
      branch_name: first.branch_name,
      title: `สอบ ${list.length} รอบ ${first.branch_name} (${booked}/${seats} ที่นั่ง)`,
      note: list
        .map(
          (x) => `${x.start_time} น. ${EXAM_KIND_NAMES[x.kind] ?? x.kind} ${x.course_type} ${x.booked}/${x.capacity}`,
        )
        .join(' · '),
      link: { path: '/exams/calendar', query: q({ branch: first.branch_id, date: first.date }) },
      can_mark: false,
    });
  }
  for (const d of unclosed) {
    out.push({
      key: `cash_close:${d.branch_id}:${d.date}`,
      kind: 'cash_close',
      date: d.date,
      branch_id: d.branch_id,
      branch_name: d.branch_name,
      title: `ปิดยอดประจำวัน ${d.branch_name}`,
      note: 'มีรายการรับชำระเงินแต่ยังไม่ได้ปิดยอดของวันนี้',
      link: { path: '/cash-close', query: q({ branch: d.branch_id, date: d.date }) },
      can_mark: false,
    });
  }
  const ticked = await doneKeys(
    db,
    out.filter((i) => i.can_mark).map((i) => i.key),
  );
  return out
    .map((i) => {
      const done = doneSet.has(i.key) || ticked.has(i.key);
      const state: ComplianceItem['state'] = done ? 'done' : i.date < today ? 'overdue' : 'open';
      return { ...i, kind_name: COMPLIANCE_KIND_NAMES[i.kind as ComplianceKind] ?? i.kind, state };
    })
    .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.key < b.key ? -1 : 1));
}

export function rangeOf(start: string | undefined, end: string | undefined, today = todayBangkok()) {
  const s = start ?? `${today.slice(0, 7)}-01`;
  const e = end ?? lastDay(s.slice(0, 7));
  if (e < s) throw badRequest('ถึงวันที่: ต้องไม่ก่อนวันที่เริ่มต้น');
  const days = (Date.parse(e) - Date.parse(s)) / 86_400_000;
  if (days > MAX_DAYS) throw badRequest(`ช่วงวันที่: ดูได้ไม่เกิน ${MAX_DAYS} วันต่อครั้ง`);
  return { start: s, end: e };
}

export async function complianceCalendar(db: Db, actor: Actor, qy: ComplianceQuery): Promise<ComplianceCalendar> {
  const { start, end } = rangeOf(qy.start, qy.end);
  const all = await liveBranchesInScope(db, actor);
  const id = branchFilter(qy.branch);
  let picked = all;
  if (id !== undefined) {
    assertBranch(actor, id);
    picked = all.filter((b) => b.branch_id === id);
    if (!picked.length) throw badRequest('สาขา: ไม่พบสาขานี้');
  }
  return {
    start,
    end,
    branch_id: id ?? null,
    branches: all.map((b) => ({ value: b.branch_id, name: b.name })),
    items: await itemsOf(db, picked, start, end, sightOf(actor)),
  };
}
