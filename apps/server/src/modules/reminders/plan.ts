/**
 * The planner: on each round, the reminders that are due today are written to the outbox in one transaction, each
 * under a key naming what it is about and who gets it by which channel, so planning twice (or on two copies) queues
 * nothing twice. A recipient without a LINE link or e-mail gets a skipped row with the reason; a student who opted
 * out gets none. The students' kinds are planned in plan-students.ts, the staff's in plan-staff.ts.
 */
import { todayBangkok } from '@khabkhi/thai';
import type { Db } from '../../db/connection.js';
import { enqueue, settingRows, type SettingRow } from './repo.js';
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

/** Queues what is due on `today` (Bangkok); returns how many rows were new. */
export async function planReminders(db: Db, today = todayBangkok()): Promise<number> {
  const settings = await settingsOf(db);
  const rows = [...(await planStudents(db, settings, today)), ...(await planStaff(db, settings, today))];
  if (!rows.length) return 0;
  return db.transaction((tx) => enqueue(tx, rows));
}
