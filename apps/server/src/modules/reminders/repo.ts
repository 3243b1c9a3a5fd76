/**
 * The SQL of the reminders: the outbox (queue with a unique key, claim with a lease, sent / retried / failed), the
 * settings and channels rows, and the recipients the planner reads (exam seats of a day, vehicles' dates, staff of
 * roles). Claims use FOR UPDATE SKIP LOCKED, so copies of the server running at once never take the same row.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Conn, Db } from '../../db/connection.js';
import { rowsOf } from '../../db/sql.js';
import type { ChannelConfig } from './channels.js';

export interface OutboxInsert {
  branch_id: number | null;
  kind: string;
  channel: 'line' | 'email' | 'app';
  recipient: string;
  recipient_name: string;
  subject: string;
  body: string;
  reason: string;
  dedupe_key: string;
  /** the staff member of an in-app message (the bell's owner) */
  user_id?: number | null;
  /** a recipient without a LINE link or e-mail: kept as skipped with the reason, never sent */
  skipped?: string;
}

/**
 * Queues messages; one already queued under the same key is left as it is. Returns how many were new. An in-app
 * message is delivered by being written: it is sent at once (the bell's list reads it).
 */
export async function enqueue(conn: Conn, rows: OutboxInsert[]): Promise<number> {
  let n = 0;
  for (const r of rows) {
    const state = r.skipped ? 'skipped' : r.channel === 'app' ? 'sent' : 'queued';
    const res = rowsOf<{ outbox_id: number }>(
      await conn.execute(sql`insert into reminder_outbox (branch_id, kind, channel, recipient, recipient_name, subject,
          body, reason, dedupe_key, state, last_error, user_id, sent_at, provider_response)
        values (${r.branch_id}, ${r.kind}, ${r.channel}, ${r.recipient}, ${r.recipient_name}, ${r.subject}, ${r.body},
          ${r.reason}, ${r.dedupe_key}, ${state}, ${r.skipped ?? ''}, ${r.user_id ?? null},
          ${state === 'sent' ? sql`now()` : null}, ${state === 'sent' ? 'แสดงในรายการแจ้งเตือนในระบบแล้ว' : ''})
        on conflict (dedupe_key) do nothing returning outbox_id`),
    );
    n += res.length;
  }
  return n;
}

export interface OutboxRow {
  outbox_id: number;
  channel: 'line' | 'email' | 'app';
  recipient: string;
  subject: string;
  body: string;
  dedupe_key: string;
  attempts: number;
}

/** Which kinds may go out now: all, all but these, or only these (quiet hours per kind). */
export type KindFilter = { quiet: string[] } | { only: string[] };

/**
 * Takes up to `limit` rows due now (queued, or sending whose lease ran out: a copy that died mid-send) for this
 * runner: state sending, a lease of `leaseSeconds`, one more attempt. Rows of kinds in their quiet hours stay.
 */
export async function claim(db: Db, limit: number, leaseSeconds: number, kinds: KindFilter = { quiet: [] }) {
  const list = (xs: string[]) =>
    sql.join(
      xs.map((x) => sql`${x}`),
      sql`, `,
    );
  const kindOk =
    'only' in kinds
      ? kinds.only.length
        ? sql`kind in (${list(kinds.only)})`
        : sql`false`
      : kinds.quiet.length
        ? sql`kind not in (${list(kinds.quiet)})`
        : sql`true`;
  return rowsOf<OutboxRow>(
    await db.execute(sql`update reminder_outbox o set state = 'sending', attempts = o.attempts + 1,
        locked_until = now() + make_interval(secs => ${leaseSeconds})
      where o.outbox_id in (select outbox_id from reminder_outbox
        where ((state = 'queued' and next_at <= now()) or (state = 'sending' and locked_until < now())) and ${kindOk}
        order by next_at, outbox_id limit ${limit} for update skip locked)
      returning o.outbox_id, o.channel, o.recipient, o.subject, o.body, o.dedupe_key, o.attempts`),
  );
}

/** Sent: kept with the provider's answer. Only the claim's holder (state sending) writes it. */
export async function markSent(db: Db, id: number, response: string) {
  await db.execute(sql`update reminder_outbox set state = 'sent', sent_at = now(), locked_until = null,
    provider_response = ${response}, last_error = '' where outbox_id = ${id} and state = 'sending'`);
}

/** Failed: back to queued after `retryInSeconds`, or given up (failed) when null. */
export async function markFailed(db: Db, id: number, error: string, retryInSeconds: number | null) {
  await db.execute(sql`update reminder_outbox set locked_until = null, last_error = ${error},
      state = ${retryInSeconds === null ? 'failed' : 'queued'},
      next_at = now() + make_interval(secs => ${retryInSeconds ?? 0})
    where outbox_id = ${id} and state = 'sending'`);
}

/** Resend: a failed or skipped message queued again now (its attempts start over). */
export async function requeue(conn: Conn, id: number) {
  const rows = rowsOf<{ outbox_id: number; branch_id: number | null }>(
    await conn.execute(sql`update reminder_outbox set state = 'queued', next_at = now(), attempts = 0, last_error = ''
      where outbox_id = ${id} and state in ('failed', 'skipped') returning outbox_id, branch_id`),
  );
  return rows[0];
}

export async function outboxById(conn: Conn, id: number) {
  return rowsOf<{ outbox_id: number; branch_id: number | null; state: string }>(
    await conn.execute(sql`select outbox_id, branch_id, state from reminder_outbox where outbox_id = ${id}`),
  )[0];
}

export interface OutboxListRow {
  outbox_id: number;
  branch_id: number | null;
  branch_name: string;
  kind: string;
  channel: string;
  recipient: string;
  recipient_name: string;
  subject: string;
  body: string;
  reason: string;
  state: string;
  attempts: number;
  last_error: string;
  provider_response: string;
  created_at: string;
  sent_at: string | null;
  next_at: string;
}

const iso = (col: SQL) => sql`to_char(${col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;

/** A page of the outbox, newest first, with its total. */
export async function outboxPage(db: Db, where: SQL, limit: number, offset: number) {
  const [rows, total] = await Promise.all([
    db.execute(sql`select o.outbox_id, o.branch_id, coalesce(b.name, 'ทุกสาขา') as branch_name, o.kind, o.channel,
        o.recipient, o.recipient_name, o.subject, o.body, o.reason, o.state, o.attempts, o.last_error,
        o.provider_response, ${iso(sql`o.created_at`)} as created_at, ${iso(sql`o.sent_at`)} as sent_at,
        ${iso(sql`o.next_at`)} as next_at
      from reminder_outbox o left join branches b on b.branch_id = o.branch_id
      where ${where} order by o.created_at desc, o.outbox_id desc limit ${limit} offset ${offset}`),
    db.execute(sql`select count(*)::int as n from reminder_outbox o where ${where}`),
  ]);
  return { rows: rowsOf<OutboxListRow>(rows), total: rowsOf<{ n: number }>(total)[0]?.n ?? 0 };
}

// ---- settings and channels ----

export interface SettingRow {
  kind: string;
  enabled: boolean;
  days_before: number;
  channels: ('line' | 'email' | 'app')[];
  roles: string[];
  template: string;
  /** the kind's own quiet window (HH:MM, Bangkok); '' = the school's */
  quiet_start: string;
  quiet_end: string;
}

export async function settingRows(conn: Conn) {
  return rowsOf<SettingRow>(
    await conn.execute(
      sql`select kind, enabled, days_before, channels, roles, template, quiet_start, quiet_end from reminder_settings`,
    ),
  );
}

export async function saveSetting(conn: Conn, s: SettingRow) {
  await conn.execute(sql`insert into reminder_settings (kind, enabled, days_before, channels, roles, template,
      quiet_start, quiet_end)
    values (${s.kind}, ${s.enabled}, ${s.days_before}, ${JSON.stringify(s.channels)}::jsonb,
      ${JSON.stringify(s.roles)}::jsonb, ${s.template}, ${s.quiet_start}, ${s.quiet_end})
    on conflict (kind) do update set enabled = excluded.enabled, days_before = excluded.days_before,
      channels = excluded.channels, roles = excluded.roles, template = excluded.template,
      quiet_start = excluded.quiet_start, quiet_end = excluded.quiet_end, updated_at = now()`);
}

export type ChannelRow = ChannelConfig & { line_secret: string; quiet_start: string; quiet_end: string };

export async function channelRow(conn: Conn): Promise<ChannelRow> {
  const [r] = rowsOf<ChannelRow>(
    await conn.execute(sql`select line_token, line_secret, smtp_host, smtp_port, smtp_secure, smtp_user, smtp_pass, smtp_from,
      quiet_start, quiet_end from reminder_channels where id = 1`),
  );
  return (
    r ?? {
      line_token: '',
      line_secret: '',
      smtp_host: '',
      smtp_port: 587,
      smtp_secure: false,
      smtp_user: '',
      smtp_pass: '',
      smtp_from: '',
      quiet_start: '21:00',
      quiet_end: '07:00',
    }
  );
}

export async function saveChannels(conn: Conn, c: ChannelRow) {
  await conn.execute(sql`insert into reminder_channels (id, line_token, line_secret, smtp_host, smtp_port, smtp_secure,
      smtp_user, smtp_pass, smtp_from, quiet_start, quiet_end)
    values (1, ${c.line_token}, ${c.line_secret}, ${c.smtp_host}, ${c.smtp_port}, ${c.smtp_secure}, ${c.smtp_user}, ${c.smtp_pass},
      ${c.smtp_from}, ${c.quiet_start}, ${c.quiet_end})
    on conflict (id) do update set line_token = excluded.line_token, line_secret = excluded.line_secret,
      smtp_host = excluded.smtp_host,
      smtp_port = excluded.smtp_port, smtp_secure = excluded.smtp_secure, smtp_user = excluded.smtp_user,
      smtp_pass = excluded.smtp_pass, smtp_from = excluded.smtp_from, quiet_start = excluded.quiet_start,
      quiet_end = excluded.quiet_end, updated_at = now()`);
}

// ---- what the planner reads ----

/** The booked seats of exam sessions on a day, with the student's LINE link and opt-out. */
export async function seatsOn(db: Db, day: string) {
  return rowsOf<{
    attempt_id: number;
    branch_id: number;
    branch_name: string;
    exam_date: string;
    start_time: string;
    kind: string;
    name: string;
    line_user_id: string;
    opt_out: boolean;
  }>(
    await db.execute(sql`select a.attempt_id, s.branch_id, b.name as branch_name, s.exam_date::text as exam_date,
        s.start_time, a.kind, c.fname || ' ' || c.sname as name, c.line_user_id, c.reminders_opt_out as opt_out
      from exam_attempts a join exam_sessions s on s.session_id = a.session_id
      join branches b on b.branch_id = s.branch_id
      join application_courses l on l.line_id = a.line_id
      join applications ap on ap.application_id = l.application_id
      join customers c on c.customer_id = ap.customer_id
      where not s.is_delete and s.exam_date = ${day}::date and a.status = 'booked'
      order by a.attempt_id`),
  );
}

/** Live staff of these roles (with their branch, e-mail and LINE link). */
export async function staffOfRoles(db: Db, roles: string[]) {
  if (!roles.length) return [];
  return rowsOf<{
    user_id: number;
    branch_id: number;
    all_branches: boolean;
    name: string;
    email: string;
    line_user_id: string;
  }>(
    await db.execute(sql`select u.user_id, u.branch_id, (r.all_branches or b.is_head_office) as all_branches,
        u.fname || ' ' || u.sname as name, u.email, u.line_user_id
      from users u join roles r on r.role_id = u.role_id join branches b on b.branch_id = u.branch_id
      where not u.is_delete and u.status = 'active' and r.slug in (${sql.join(
        roles.map((x) => sql`${x}`),
        sql`, `,
      )}) order by u.user_id`),
  );
}

/** Vehicle dates falling on a day (tax, พ.ร.บ., insurance, ตรอ.). */
export async function vehicleDatesOn(db: Db, day: string) {
  return rowsOf<{
    vehicle_id: number;
    branch_id: number;
    branch_name: string;
    plate: string;
    kind: string;
    due: string;
  }>(
    await db.execute(sql`select v.vehicle_id, v.branch_id, b.name as branch_name, v.no || ' ' || v.province as plate,
        d.kind, d.due::text as due
      from vehicles v join branches b on b.branch_id = v.branch_id
      cross join lateral (values ('tax', v.noti_tax), ('compulsory', v.noti_compulsory),
        ('insurance', v.noti_insurance), ('check', v.noti_check)) as d(kind, due)
      where not v.is_delete and v.status <> 'sold' and d.due = ${day}::date`),
  );
}

/** A day's [start, end) in Bangkok time, for timestamps. */
const bangkokDay = (col: SQL, day: string) =>
  sql`${col} >= (${day}::date)::timestamp at time zone 'Asia/Bangkok'
    and ${col} < (${day}::date + 1)::timestamp at time zone 'Asia/Bangkok'`;

/** The booked lessons of a day that have a student (a practical lesson, a seat in a class). */
export async function lessonsOn(db: Db, day: string) {
  return rowsOf<{
    lesson_id: number;
    branch_id: number;
    branch_name: string;
    date: string;
    time: string;
    kind: string;
    name: string;
    line_user_id: string;
    opt_out: boolean;
  }>(
    await db.execute(sql`select l.lesson_id, l.branch_id, b.name as branch_name, ${day}::text as date,
        to_char(l.starts_at at time zone 'Asia/Bangkok', 'HH24:MI') as time, l.kind,
        c.fname || ' ' || c.sname as name, c.line_user_id, c.reminders_opt_out as opt_out
      from lessons l join customers c on c.customer_id = l.customer_id join branches b on b.branch_id = l.branch_id
      where l.state = 'booked' and ${bangkokDay(sql`l.starts_at`, day)}
      order by l.lesson_id`),
  );
}

/** Active exam permissions of lines not yet passed that end on a day, of open registrations. */
export async function permissionsEndingOn(db: Db, day: string) {
  return rowsOf<{
    line_id: number;
    branch_id: number;
    branch_name: string;
    date: string;
    course: string;
    code: string;
    name: string;
    line_user_id: string;
    opt_out: boolean;
  }>(
    await db.execute(sql`select p.line_id, p.branch_id, b.name as branch_name, p.permission_date::text as date,
        l.course_name as course, a.application_code as code, c.fname || ' ' || c.sname as name, c.line_user_id,
        c.reminders_opt_out as opt_out
      from exam_permissions p join application_courses l on l.line_id = p.line_id
      join applications a on a.application_id = p.application_id join customers c on c.customer_id = a.customer_id
      join branches b on b.branch_id = p.branch_id
      where p.permission_date = ${day}::date and p.is_active and not p.passed and not a.is_delete
        and a.status in ('ค้างชำระ', 'ชำระครบ')
      order by p.line_id`),
  );
}

/** Course registrations still owing (status ค้างชำระ) with a line whose exam is on a day. */
export async function owingWithExamOn(db: Db, day: string) {
  return rowsOf<{
    application_id: number;
    branch_id: number;
    branch_name: string;
    code: string;
    balance: string;
    date: string;
    name: string;
    line_user_id: string;
    opt_out: boolean;
  }>(
    await db.execute(sql`select a.application_id, a.branch_id, b.name as branch_name, a.application_code as code,
        a.balance::text as balance, ${day}::text as date, c.fname || ' ' || c.sname as name, c.line_user_id,
        c.reminders_opt_out as opt_out
      from applications a join customers c on c.customer_id = a.customer_id join branches b on b.branch_id = a.branch_id
      where a.kind = 'course' and a.status = 'ค้างชำระ' and not a.is_delete and a.balance > 0
        and exists (select 1 from application_courses l where l.application_id = a.application_id
          and l.exam_date = ${day}::date)
      order by a.application_id`),
  );
}

/**
 * Payrolls waiting for a step since at least `days` days: submitted (waits for a confirmer) or confirmed (waits for
 * an approver), with the roles of that step from the payroll workflow setting (empty: manager, resp. owner).
 */
export async function payrollsWaiting(db: Db, days: number) {
  return rowsOf<{
    payroll_id: number;
    branch_id: number;
    branch_name: string;
    month: string;
    status: 'submitted' | 'confirmed';
    roles: string[];
  }>(
    await db.execute(sql`select p.payroll_id, p.branch_id, b.name as branch_name, p.month, p.status,
        case when p.status = 'submitted'
          then coalesce(nullif(w.confirm_roles, '{}'), array['manager'])
          else coalesce(nullif(w.approve_roles, '{}'), array['owner']) end as roles
      from payrolls p join branches b on b.branch_id = p.branch_id
      left join payroll_workflow w on w.id = 1
      where (p.status = 'submitted' and p.submitted_at <= now() - make_interval(days => ${days}))
        or (p.status = 'confirmed' and p.confirmed_at <= now() - make_interval(days => ${days}))
      order by p.payroll_id`),
  );
}
