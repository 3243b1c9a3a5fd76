/**
 * The planner: on each round, the reminders that are due today are written to the outbox in one transaction, each
 * under a key naming what it is about and who gets it by which channel, so planning twice (or on two copies) queues
 * nothing twice. A recipient without a LINE link or e-mail gets a skipped row with the reason; a student who opted
 * out gets none.
 */
import { addDays, formatThaiDate, todayBangkok } from '@khabkhi/thai';
import type { Db } from '../../db/connection.js';
import { deadlinesBetween } from '../compliance/index.js';
import {
  enqueue,
  seatsOn,
  settingRows,
  staffOfRoles,
  vehicleDatesOn,
  type OutboxInsert,
  type SettingRow,
} from './repo.js';
import { KINDS, REMINDER_KINDS, render, type ReminderKind } from './templates.js';

const EXAM_NAMES: Record<string, string> = { theory: 'ภาคทฤษฎี', practical: 'ภาคปฏิบัติ' };
const VEHICLE_ITEMS: Record<string, string> = {
  tax: 'ภาษีรถประจำปี',
  compulsory: 'พ.ร.บ.',
  insurance: 'ประกันภัย',
  check: 'การตรวจสภาพ (ตรอ.)',
};

/** Each kind's setting as saved, or its default. */
export async function settingsOf(db: Db): Promise<Record<ReminderKind, SettingRow>> {
  const rows = await settingRows(db);
  return Object.fromEntries(
    REMINDER_KINDS.map((k) => [k, rows.find((r) => r.kind === k) ?? { kind: k, ...KINDS[k].defaults }]),
  ) as Record<ReminderKind, SettingRow>;
}

const SUBJECT: Record<ReminderKind, string> = {
  exam_tomorrow: 'แจ้งเตือนนัดสอบ',
  vehicle_due: 'แจ้งเตือนรถครบกำหนด',
  filing_due: 'แจ้งเตือนกำหนดยื่นแบบ',
};

function toChannels(
  kind: ReminderKind,
  s: SettingRow,
  who: { name: string; email: string; line: string },
  base: Omit<OutboxInsert, 'channel' | 'recipient' | 'recipient_name' | 'subject' | 'dedupe_key' | 'kind' | 'skipped'>,
  key: string,
): OutboxInsert[] {
  return s.channels.map((channel) => {
    const recipient = channel === 'line' ? who.line : who.email;
    return {
      ...base,
      kind,
      channel,
      recipient,
      recipient_name: who.name,
      subject: SUBJECT[kind],
      dedupe_key: `${key}:${channel}`,
      ...(recipient ? {} : { skipped: channel === 'line' ? 'ผู้รับยังไม่ได้เชื่อมบัญชี LINE กับโรงเรียน' : 'ผู้รับไม่มีอีเมล' }),
    };
  });
}

/** Queues what is due on `today` (Bangkok); returns how many rows were new. */
export async function planReminders(db: Db, today = todayBangkok()): Promise<number> {
  const settings = await settingsOf(db);
  const rows: OutboxInsert[] = [];

  const exam = settings.exam_tomorrow;
  if (exam.enabled) {
    const day = addDays(today, exam.days_before);
    for (const seat of await seatsOn(db, day)) {
      if (seat.opt_out) continue;
      const body = render(exam.template, {
        name: seat.name,
        date: seat.exam_date,
        time: seat.start_time,
        exam: EXAM_NAMES[seat.kind] ?? seat.kind,
        branch: seat.branch_name,
      });
      const reason = `สอบ${EXAM_NAMES[seat.kind] ?? ''} ${formatThaiDate(seat.exam_date)} ${seat.start_time} น. (ที่นั่ง ${seat.attempt_id})`;
      rows.push(
        ...toChannels(
          'exam_tomorrow',
          exam,
          { name: seat.name, email: '', line: seat.line_user_id },
          { branch_id: seat.branch_id, body, reason },
          `exam_tomorrow:${seat.attempt_id}`,
        ),
      );
    }
  }

  const car = settings.vehicle_due;
  if (car.enabled) {
    const day = addDays(today, car.days_before);
    const staff = await staffOfRoles(db, car.roles);
    for (const v of await vehicleDatesOn(db, day)) {
      for (const u of staff.filter((x) => x.all_branches || x.branch_id === v.branch_id)) {
        const item = VEHICLE_ITEMS[v.kind] ?? v.kind;
        const body = render(car.template, { name: u.name, date: v.due, item, plate: v.plate, branch: v.branch_name });
        rows.push(
          ...toChannels(
            'vehicle_due',
            car,
            { name: u.name, email: u.email, line: u.line_user_id },
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
            { name: u.name, email: u.email, line: u.line_user_id },
            { branch_id: null, body, reason: `${d.title} (${d.of}) ครบกำหนด ${formatThaiDate(d.due)}` },
            `filing_due:${d.kind}:${d.of}:u${u.user_id}`,
          ),
        );
      }
    }
  }
  if (!rows.length) return 0;
  return db.transaction((tx) => enqueue(tx, rows));
}
