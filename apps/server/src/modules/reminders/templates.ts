/**
 * The reminders' kinds, their default settings and Thai templates. A template holds placeholders in braces
 * ({name}, {date}, …); each kind names the placeholders it fills, and a template with any other is refused when saved.
 */
import { formatThaiDate } from '@khabkhi/thai';

export const REMINDER_KINDS = ['exam_tomorrow', 'vehicle_due', 'filing_due'] as const;
export type ReminderKind = (typeof REMINDER_KINDS)[number];

export interface KindInfo {
  name: string;
  /** who receives it: the student of the line, or staff of these roles */
  audience: 'student' | 'staff';
  placeholders: string[];
  defaults: {
    enabled: boolean;
    days_before: number;
    channels: ('line' | 'email')[];
    roles: string[];
    template: string;
  };
}

export const KINDS: Record<ReminderKind, KindInfo> = {
  exam_tomorrow: {
    name: 'แจ้งเตือนสอบพรุ่งนี้ (ผู้เรียน)',
    audience: 'student',
    placeholders: ['name', 'date', 'time', 'exam', 'branch'],
    defaults: {
      enabled: true,
      days_before: 1,
      channels: ['line'],
      roles: [],
      template: 'เรียนคุณ{name} พรุ่งนี้ ({date}) เวลา {time} น. มีนัดสอบ{exam} ที่{branch} กรุณามาก่อนเวลา 30 นาที พร้อมบัตรประชาชน',
    },
  },
  vehicle_due: {
    name: 'รถใกล้ครบกำหนดภาษี/พ.ร.บ./ประกัน/ตรอ. (พนักงาน)',
    audience: 'staff',
    placeholders: ['name', 'date', 'item', 'plate', 'branch'],
    defaults: {
      enabled: true,
      days_before: 14,
      channels: ['email'],
      roles: ['owner', 'manager'],
      template: 'เรียนคุณ{name} {item} ของรถ {plate} ({branch}) ครบกำหนดวันที่ {date}',
    },
  },
  filing_due: {
    name: 'ใกล้กำหนดยื่นประกันสังคม/ภ.ง.ด.1 (พนักงาน)',
    audience: 'staff',
    placeholders: ['name', 'date', 'item'],
    defaults: {
      enabled: true,
      days_before: 3,
      channels: ['email'],
      roles: ['owner', 'accountant'],
      template: 'เรียนคุณ{name} กำหนด{item} คือวันที่ {date}',
    },
  },
};

const PLACEHOLDER = /\{([^{}]*)\}/g;

/** The placeholders of a template that its kind does not fill (empty: the template is good). */
export function unknownPlaceholders(kind: ReminderKind, template: string): string[] {
  const known = new Set(KINDS[kind].placeholders);
  return [...template.matchAll(PLACEHOLDER)].map((m) => m[1]!).filter((p) => !known.has(p));
}

/** Fills a template; a date value (YYYY-MM-DD) is written in พ.ศ. */
export function render(template: string, values: Record<string, string>): string {
  return template.replace(PLACEHOLDER, (_, k: string) => {
    const v = values[k] ?? '';
    return /^\d{4}-\d{2}-\d{2}$/.test(v) ? formatThaiDate(v) : v;
  });
}
