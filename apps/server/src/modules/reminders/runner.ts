/**
 * The reminders runner: every round it plans what is due (plan.ts) and sends what the outbox holds. It runs in the
 * server process on PostgreSQL and on the embedded PGlite alike, over the same outbox table: each copy of the server
 * claims rows with FOR UPDATE SKIP LOCKED and a lease (repo.ts claim), so two copies never take one row; a copy killed
 * mid-send leaves its row "sending" until the lease ends, then another takes it again — and LINE's retry key makes
 * that second push a no-op at LINE. Failures answered 429 / 5xx / a lost connection come back after a back-off
 * (1, 2, 4 … minutes, at most an hour) up to MAX_ATTEMPTS; the others are given up at once with the reason.
 * Nothing goes out in quiet hours (Bangkok time): a kind's own window, or the school's.
 */
import type { Db } from '../../db/connection.js';
import { sendEmail, sendLine, type Outcome } from './channels.js';
import { planReminders, settingsOf } from './plan.js';
import { channelRow, claim, markFailed, markSent, type KindFilter, type OutboxRow, type SettingRow } from './repo.js';
import { REMINDER_KINDS, type ReminderKind } from './templates.js';

export const MAX_ATTEMPTS = 6;
export const LEASE_SECONDS = 120;

/** Seconds to wait before attempt n+1 after n failed attempts. */
export const backoffSeconds = (attempts: number) => Math.min(3600, 60 * 2 ** Math.max(0, attempts - 1));

/** Whether HH:MM (Bangkok) falls in the quiet window [start, end) — a window may run past midnight. */
export function inQuiet(hhmm: string, start: string, end: string): boolean {
  if (start === end) return false;
  return start < end ? hhmm >= start && hhmm < end : hhmm >= start || hhmm < end;
}
const bangkokHhmm = (now: Date) => new Date(now.getTime() + 7 * 3600_000).toISOString().slice(11, 16);

export interface RunnerOptions {
  lineApiBase: string;
  batch?: number;
  now?: () => Date;
  /** a test's hook between claiming and sending (to kill a copy mid-send) */
  beforeSend?: (row: OutboxRow) => Promise<void>;
}

/**
 * The kinds that may not go out at `hhmm`: each kind in its own quiet window, or the school's when it keeps none; a
 * message that is no reminder kind (the LINE link's confirmation) follows the school's window.
 */
export function quietFilter(
  hhmm: string,
  school: { quiet_start: string; quiet_end: string },
  settings: Record<ReminderKind, SettingRow>,
): { filter: KindFilter; all: boolean } {
  const schoolQuiet = inQuiet(hhmm, school.quiet_start, school.quiet_end);
  const quiet = REMINDER_KINDS.filter((k) => {
    const s = settings[k];
    return s.quiet_start && s.quiet_end ? inQuiet(hhmm, s.quiet_start, s.quiet_end) : schoolQuiet;
  });
  if (!schoolQuiet) return { filter: { quiet }, all: false };
  const open = REMINDER_KINDS.filter((k) => !quiet.includes(k));
  return { filter: { only: open }, all: open.length === 0 };
}

/** Sends what is due now; returns how many were sent and failed in this round. */
export async function sendDue(db: Db, o: RunnerOptions) {
  const cfg = await channelRow(db);
  const now = (o.now ?? (() => new Date()))();
  const { filter, all } = quietFilter(bangkokHhmm(now), cfg, await settingsOf(db));
  if (all) return { sent: 0, failed: 0, quiet: true };
  let sent = 0;
  let failed = 0;
  for (;;) {
    const rows = await claim(db, o.batch ?? 20, LEASE_SECONDS, filter);
    if (!rows.length) break;
    for (const r of rows) {
      await o.beforeSend?.(r);
      const m = { dedupe_key: r.dedupe_key, recipient: r.recipient, subject: r.subject, body: r.body };
      const out: Outcome =
        r.channel === 'line'
          ? await sendLine(o.lineApiBase, cfg, m)
          : r.channel === 'email'
            ? await sendEmail(cfg, m)
            : { ok: true, response: 'แสดงในรายการแจ้งเตือนในระบบแล้ว' };
      if (out.ok) {
        await markSent(db, r.outbox_id, out.response);
        sent++;
      } else {
        await markFailed(
          db,
          r.outbox_id,
          out.error,
          out.retry && r.attempts < MAX_ATTEMPTS ? backoffSeconds(r.attempts) : null,
        );
        failed++;
      }
    }
  }
  return { sent, failed, quiet: false };
}

/** One round: plan, then send. */
export async function runRound(db: Db, o: RunnerOptions) {
  const queued = await planReminders(db);
  return { queued, ...(await sendDue(db, o)) };
}

/** Starts rounds every `seconds` (none while one runs); stop() waits for the running one. */
export function startRunner(db: Db, seconds: number, o: RunnerOptions, log: (err: unknown) => void) {
  let running: Promise<unknown> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = runRound(db, o)
      .catch(log)
      .finally(() => {
        running = null;
      });
  }, seconds * 1000);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
