/** One planned reminder as outbox rows: one per channel of its setting, with the subject of its kind. */
import type { OutboxInsert, SettingRow } from './repo.js';
import type { ReminderKind } from './templates.js';

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
