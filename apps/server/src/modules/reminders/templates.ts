/**
 * The reminders' kinds, their default settings and Thai templates. A template holds placeholders in braces
 * ({name}, {date}, …); each kind names the placeholders it fills, and a template with any other is refused when saved.
 */
import { formatThaiDate } from '@khabkhi/thai';

export const REMINDER_KINDS = [
  'exam_tomorrow',
  'lesson_tomorrow',
  'permission_expiring',
  'balance_due',
  'permission_expiring_staff',
  'vehicle_due',
  'payroll_waiting',
  'filing_due',
] as const;
export type ReminderKind = (typeof REMINDER_KINDS)[number];

export interface KindInfo {
  name: string;
  /** who receives it: the student of the line, or staff of these roles */
  audience: 'student' | 'staff';
  /** what "days before" means for this kind, and who among staff receives it when not the roles chosen */
  note: string;
  placeholders: string[];
  defaults: {
    enabled: boolean;
    days_before: number;
    channels: ('line' | 'email' | 'app')[];
    roles: string[];
    template: string;
    quiet_start: string;
    quiet_end: string;
  };
}

export const KINDS: Record<ReminderKind, KindInfo> = {
  exam_tomorrow: {
    name: 'แจ้งเตือนสอบพรุ่งนี้ (ผู้เรียน)',
    audience: 'student',
    note: 'แจ้งผู้เรียนที่จองที่นั่งสอบไว้ ล่วงหน้าตามจำนวนวันที่ตั้ง',
    placeholders: ['name', 'date', 'time', 'exam', 'branch'],
    defaults: {
      enabled: true,
      days_before: 1,
      channels: ['line'],
      roles: [],
      template: 'เรียนคุณ{name} พรุ่งนี้ ({date}) เวลา {time} น. มีนัดสอบ{exam} ที่{branch} กรุณามาก่อนเวลา 30 นาที พร้อมบัตรประชาชน',
      quiet_start: '',
      quiet_end: '',
    },
  },
  vehicle_due: {
    name: 'รถใกล้ครบกำหนดภาษี/พ.ร.บ./ประกัน/ตรอ. (พนักงาน)',
    audience: 'staff',
    note: 'แจ้งพนักงานตามบทบาทที่เลือก ของสาขาที่รถสังกัด (และผู้ดูแลทุกสาขา)',
    placeholders: ['name', 'date', 'item', 'plate', 'branch'],
    defaults: {
      enabled: true,
      days_before: 14,
      channels: ['email', 'app'],
      roles: ['owner', 'manager'],
      template: 'เรียนคุณ{name} {item} ของรถ {plate} ({branch}) ครบกำหนดวันที่ {date}',
      quiet_start: '',
      quiet_end: '',
    },
  },
  lesson_tomorrow: {
    name: 'แจ้งเตือนนัดเรียนพรุ่งนี้ (ผู้เรียน)',
    audience: 'student',
    note: 'แจ้งผู้เรียนที่มีนัดเรียนภาคปฏิบัติหรือที่นั่งในชั้นเรียนที่จองไว้',
    placeholders: ['name', 'date', 'time', 'lesson', 'branch'],
    defaults: {
      enabled: true,
      days_before: 1,
      channels: ['line'],
      roles: [],
      template: 'เรียนคุณ{name} พรุ่งนี้ ({date}) เวลา {time} น. มีนัดเรียน{lesson} ที่{branch} หากมาไม่ได้กรุณาแจ้งโรงเรียนล่วงหน้า',
      quiet_start: '',
      quiet_end: '',
    },
  },
  permission_expiring: {
    name: 'สิทธิ์สอบใกล้หมดอายุ (ผู้เรียน)',
    audience: 'student',
    note: 'แจ้งผู้เรียนที่ยังไม่สอบผ่าน ก่อนวันหมดสิทธิ์สอบตามจำนวนวันที่ตั้ง',
    placeholders: ['name', 'date', 'course', 'branch'],
    defaults: {
      enabled: true,
      days_before: 14,
      channels: ['line'],
      roles: [],
      template: 'เรียนคุณ{name} สิทธิ์สอบหลักสูตร{course} ของท่านจะหมดอายุวันที่ {date} กรุณานัดสอบกับ{branch}ก่อนวันดังกล่าว',
      quiet_start: '',
      quiet_end: '',
    },
  },
  balance_due: {
    name: 'ยอดค้างชำระก่อนวันสอบ (ผู้เรียน)',
    audience: 'student',
    note: 'แจ้งผู้เรียนที่ยังค้างชำระ ก่อนวันสอบตามจำนวนวันที่ตั้ง',
    placeholders: ['name', 'balance', 'date', 'code', 'branch'],
    defaults: {
      enabled: true,
      days_before: 3,
      channels: ['line'],
      roles: [],
      template: 'เรียนคุณ{name} ใบสมัคร {code} ยังมียอดค้างชำระ {balance} บาท กรุณาชำระที่{branch}ก่อนวันสอบ {date}',
      quiet_start: '',
      quiet_end: '',
    },
  },
  permission_expiring_staff: {
    name: 'สิทธิ์สอบของผู้เรียนใกล้หมดอายุ (พนักงาน)',
    audience: 'staff',
    note: 'แจ้งพนักงานตามบทบาทที่เลือก ของสาขาที่ผู้เรียนสมัคร (และผู้ดูแลทุกสาขา)',
    placeholders: ['name', 'student', 'date', 'course', 'code', 'branch'],
    defaults: {
      enabled: true,
      days_before: 14,
      channels: ['app'],
      roles: ['manager', 'cashier'],
      template: 'เรียนคุณ{name} สิทธิ์สอบของ{student} ({code} หลักสูตร{course} {branch}) จะหมดอายุวันที่ {date}',
      quiet_start: '',
      quiet_end: '',
    },
  },
  payroll_waiting: {
    name: 'เงินเดือนรอดำเนินการขั้นของท่าน (พนักงาน)',
    audience: 'staff',
    note: 'แจ้งผู้มีหน้าที่ขั้นถัดไปตามการตั้งค่าขั้นตอนเงินเดือน (ผู้ยืนยันเมื่อส่งตรวจแล้ว ผู้อนุมัติเมื่อยืนยันแล้ว) เมื่อรอมาแล้วตามจำนวนวันที่ตั้ง (0 = แจ้งทันที)',
    placeholders: ['name', 'month', 'branch', 'step'],
    defaults: {
      enabled: true,
      days_before: 0,
      channels: ['app', 'email'],
      roles: [],
      template: 'เรียนคุณ{name} เงินเดือนเดือน{month} ของ{branch} รอท่าน{step}',
      quiet_start: '',
      quiet_end: '',
    },
  },
  filing_due: {
    name: 'ใกล้กำหนดยื่นประกันสังคม/ภ.ง.ด.1 (พนักงาน)',
    audience: 'staff',
    note: 'แจ้งพนักงานสำนักงานใหญ่ตามบทบาทที่เลือก (นายจ้างยื่นแบบรวมทุกสาขา)',
    placeholders: ['name', 'date', 'item'],
    defaults: {
      enabled: true,
      days_before: 3,
      channels: ['email', 'app'],
      roles: ['owner', 'accountant'],
      template: 'เรียนคุณ{name} กำหนด{item} คือวันที่ {date}',
      quiet_start: '',
      quiet_end: '',
    },
  },
};

/** The Thai name of an outbox row's kind (a reminder's, or a message the product sends on its own). */
export const kindName = (k: string) =>
  (KINDS as Record<string, KindInfo | undefined>)[k]?.name ?? (k === 'line_linked' ? 'ยืนยันการเชื่อมบัญชี LINE' : k);

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
