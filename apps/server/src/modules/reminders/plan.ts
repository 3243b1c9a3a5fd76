/**
 * The planner: on each round, the reminders that are due today are written to the outbox in one transaction, each
 * under a key naming what it is about and who gets it by which channel, so planning twice (or on two copies) queues
 * nothing twice. A recipient without a LINE link or e-mail gets a skipped row with the reason; a student who opted
 * out gets none. The students' kinds are planned in plan-students.ts, the staff's in plan-staff.ts.
 */
import { todayBangkok } from '@khabkhi/thai';
import type { Db } from '../../db/connection.js';
import { enqueue, settingRows, type OutboxInsert, type SettingRow } from './repo.js';
import { KINDS, REMINDER_KINDS, type ReminderKind } from './templates.js';
import { planStudents } from './plan-students.js';
import { planStaff } from './plan-staff.js';

/** Each kind's setting as saved, or its default. */
export async function settingsOf(db: Db): Promise<Record<ReminderKind, SettingRow>> {
  const rows = await settingRows(db);
  return Object.fromEntries(
    REMINDER_KINDS.map((k) => [k, rows.find((r) => r.kind === k) ?? { kind: k, ...KINDS[k].defaults }]),
  ) as Record<ReminderKind, SettingRow>;
}

export const SUBJECT: Record<ReminderKind, string> = {
  exam_tomorrow: 'แจ้งเตือนนัดสอบ',
  lesson_tomorrow: 'แจ้งเตือนนัดเรียน',
  permission_expiring: 'สิทธิ์สอบใกล้หมดอายุ',
  balance_due: 'แจ้งยอดค้างชำระ',
  permission_expiring_staff: 'สิทธิ์สอบของผู้เรียนใกล้หมดอายุ',
  vehicle_due: 'แจ้งเตือนรถครบกำหนด',
  payroll_waiting: 'เงินเดือนรอดำเนินการ',
  filing_due: 'แจ้งเตือนกำหนดยื่นแบบ',
};

export interface Recipient {
  name: string;
  email: string;
  line: string;
  /** a staff member: the in-app list's owner */
  user_id?: number;
}
export type Base = Pick<OutboxInsert, 'branch_id' | 'body' | 'reason'>;

/** One outbox row per channel of the setting, keyed `${key}:${channel}`; a channel the recipient lacks is skipped. */
export function toChannels(kind: ReminderKind, s: SettingRow, who: Recipient, base: Base, key: string): OutboxInsert[] {
  return s.channels.flatMap((channel): OutboxInsert[] => {
    if (channel === 'app' && who.user_id === undefined) return [];
    const recipient = channel === 'line' ? who.line : channel === 'email' ? who.email : String(who.user_id);
    return [
      {
        ...base,
        kind,
        channel,
        recipient,
        recipient_name: who.name,
        subject: SUBJECT[kind],
        dedupe_key: `${key}:${channel}`,
        user_id: who.user_id ?? null,
        ...(recipient ? {} : { skipped: channel === 'line' ? 'ผู้รับยังไม่ได้เชื่อมบัญชี LINE กับโรงเรียน' : 'ผู้รับไม่มีอีเมล' }),
      },
    ];
  });
}

/** Queues what is due on `today` (Bangkok); returns how many rows were new. */
export async function planReminders(db: Db, today = todayBangkok()): Promise<number> {
  const settings = await settingsOf(db);
  const rows = [...(await planStudents(db, settings, today)), ...(await planStaff(db, settings, today))];
  if (!rows.length) return 0;
  return db.transaction((tx) => enqueue(tx, rows));
}
