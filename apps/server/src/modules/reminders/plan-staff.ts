/**
 * The staff's reminders: a vehicle date due, a filing deadline, a student's exam permission ending, a payroll
 * waiting for the reader's step. Each goes to the live staff of the roles concerned — of the branch concerned, or
 * every branch — by the setting's channels (e-mail, LINE, the in-app list), under a key naming the thing, its date
 * or state and the person, so it is queued once.
 */
import { addDays, formatThaiDate, THAI_MONTHS, toBuddhistYear } from '@khabkhi/thai';
import type { Db } from '../../db/connection.js';
import { deadlinesBetween } from '../compliance/index.js';
import {
  permissionsEndingOn,
  payrollsWaiting,
  staffOfRoles,
  vehicleDatesOn,
  type OutboxInsert,
  type SettingRow,
} from './repo.js';
import { render, type ReminderKind } from './templates.js';
import { toChannels } from './outbox-rows.js';

const VEHICLE_ITEMS: Record<string, string> = {
  tax: 'ภาษีรถประจำปี',
  compulsory: 'พ.ร.บ.',
  insurance: 'ประกันภัย',
  check: 'การตรวจสภาพ (ตรอ.)',
};
/** 'YYYY-MM' as มกราคม 2569 */
const monthName = (m: string) => `${THAI_MONTHS[Number(m.slice(5, 7)) - 1]} ${toBuddhistYear(Number(m.slice(0, 4)))}`;
const STEP_NAMES = { submitted: 'ยืนยัน', confirmed: 'อนุมัติ' } as const;

type Staff = Awaited<ReturnType<typeof staffOfRoles>>[number];
const person = (u: Staff) => ({ name: u.name, email: u.email, line: u.line_user_id, user_id: u.user_id });
const ofBranch = (staff: Staff[], branchId: number) => staff.filter((u) => u.all_branches || u.branch_id === branchId);

export async function planStaff(db: Db, settings: Record<ReminderKind, SettingRow>, today: string) {
  const rows: OutboxInsert[] = [];

  const car = settings.vehicle_due;
  if (car.enabled) {
    const staff = await staffOfRoles(db, car.roles);
    for (const v of await vehicleDatesOn(db, addDays(today, car.days_before))) {
      const item = VEHICLE_ITEMS[v.kind] ?? v.kind;
      for (const u of ofBranch(staff, v.branch_id)) {
        const body = render(car.template, { name: u.name, date: v.due, item, plate: v.plate, branch: v.branch_name });
        rows.push(
          ...toChannels(
            'vehicle_due',
            car,
            person(u),
            { branch_id: v.branch_id, body, reason: `${item} ${v.plate} ครบกำหนด ${formatThaiDate(v.due)}` },
            `vehicle_due:${v.vehicle_id}:${v.kind}:${v.due}:u${u.user_id}`,
          ),
        );
      }
    }
  }

  const filing = settings.filing_due;
  if (filing.enabled) {
    const day = addDays(today, filing.days_before);
    const staff = (await staffOfRoles(db, filing.roles)).filter((u) => u.all_branches);
    for (const d of deadlinesBetween(day, day)) {
      for (const u of staff) {
        const body = render(filing.template, { name: u.name, date: d.due, item: d.title });
        rows.push(
          ...toChannels(
            'filing_due',
            filing,
            person(u),
            { branch_id: null, body, reason: `${d.title} (${d.of}) ครบกำหนด ${formatThaiDate(d.due)}` },
            `filing_due:${d.kind}:${d.of}:u${u.user_id}`,
          ),
        );
      }
    }
  }

  const permission = settings.permission_expiring_staff;
  if (permission.enabled) {
    const staff = await staffOfRoles(db, permission.roles);
    for (const p of await permissionsEndingOn(db, addDays(today, permission.days_before))) {
      for (const u of ofBranch(staff, p.branch_id)) {
        const body = render(permission.template, {
          name: u.name,
          student: p.name,
          date: p.date,
          course: p.course,
          code: p.code,
          branch: p.branch_name,
        });
        rows.push(
          ...toChannels(
            'permission_expiring_staff',
            permission,
            person(u),
            { branch_id: p.branch_id, body, reason: `สิทธิ์สอบ ${p.code} (${p.name}) หมดอายุ ${formatThaiDate(p.date)}` },
            `permission_expiring_staff:${p.line_id}:${p.date}:u${u.user_id}`,
          ),
        );
      }
    }
  }

  const payroll = settings.payroll_waiting;
  if (payroll.enabled) {
    for (const p of await payrollsWaiting(db, payroll.days_before)) {
      const step = STEP_NAMES[p.status];
      const month = monthName(p.month);
      for (const u of ofBranch(await staffOfRoles(db, p.roles), p.branch_id)) {
        const body = render(payroll.template, { name: u.name, month, branch: p.branch_name, step });
        rows.push(
          ...toChannels(
            'payroll_waiting',
            payroll,
            person(u),
            { branch_id: p.branch_id, body, reason: `เงินเดือน${month} ${p.branch_name} รอ${step}` },
            `payroll_waiting:${p.payroll_id}:${p.status}:u${u.user_id}`,
          ),
        );
      }
    }
  }
  return rows;
}
