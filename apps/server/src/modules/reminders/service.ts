/**
 * The reminders' settings, channels and outbox log as the screens use them. Secrets (the LINE token, the SMTP
 * password) are stored and never sent back: the answer says only whether each is set, and a save without them keeps
 * them. Every change writes an audit row without the secrets.
 */
import { sql, type SQL } from 'drizzle-orm';
import {
  REMINDER_CHANNEL_NAMES,
  REMINDER_STATE_NAMES,
  type OutboxFilter,
  type OutboxQuery,
  type OutboxRow,
  type ReminderChannels,
  type ReminderChannelsBody,
  type ReminderSetting,
  type ReminderSettingBody,
} from '@khabkhi/contracts';
import type { Db } from '../../db/connection.js';
import { audit } from '../../http/audit.js';
import { assertBranch, branchScopeSql, type Actor } from '../../http/auth.js';
import { badRequest, notFound } from '../../http/errors.js';
import { isAll, pageOf, table } from '../../http/envelope.js';
import { branchFilter, withAll } from '../../http/tables.js';
import { settingsOf } from './plan.js';
import { channelRow, outboxById, outboxPage, requeue, saveChannels, saveSetting } from './repo.js';
import { KINDS, kindName, REMINDER_KINDS, render, unknownPlaceholders, type ReminderKind } from './templates.js';

const kindOf = (k: string): ReminderKind => {
  if (!(REMINDER_KINDS as readonly string[]).includes(k)) throw badRequest('ประเภทการแจ้งเตือน: ไม่มีประเภทนี้');
  return k as ReminderKind;
};

export async function listSettings(db: Db): Promise<ReminderSetting[]> {
  const s = await settingsOf(db);
  return REMINDER_KINDS.map((k) => ({
    ...s[k],
    kind: k,
    name: KINDS[k].name,
    audience: KINDS[k].audience,
    note: KINDS[k].note,
    placeholders: KINDS[k].placeholders,
  }));
}

function checkTemplate(kind: ReminderKind, template: string) {
  const bad = unknownPlaceholders(kind, template);
  if (bad.length)
    throw badRequest(
      `ข้อความแจ้งเตือน: ไม่รู้จัก ${bad.map((b) => `{${b}}`).join(', ')} ใช้ได้เฉพาะ ${KINDS[kind].placeholders.map((p) => `{${p}}`).join(', ')}`,
      [{ field: 'template', message: 'ข้อความแจ้งเตือน: มีตัวแปรที่ไม่รู้จัก' }],
    );
}

export async function updateSetting(db: Db, actor: Actor, b: ReminderSettingBody, reqId: string) {
  const kind = kindOf(b.kind);
  checkTemplate(kind, b.template);
  if (KINDS[kind].audience === 'student' && b.channels.some((c) => c !== 'line'))
    throw badRequest('ช่องทาง: ผู้เรียนรับการแจ้งเตือนทาง LINE เท่านั้น (ไม่มีอีเมลผู้เรียนและไม่ได้ใช้ระบบ)', [
      { field: 'channels', message: 'ช่องทาง: ผู้เรียนรับการแจ้งเตือนทาง LINE เท่านั้น' },
    ]);
  const before = (await settingsOf(db))[kind];
  // quiet hours: both or neither (neither = the school's); left out, the kind keeps its own
  const quiet_start = b.quiet_start ?? before.quiet_start;
  const quiet_end = b.quiet_end ?? before.quiet_end;
  if ((quiet_start === '') !== (quiet_end === '')) {
    const field = quiet_start === '' ? 'quiet_start' : 'quiet_end';
    const message = `${field === 'quiet_start' ? 'เริ่มช่วงงดส่ง' : 'สิ้นสุดช่วงงดส่ง'}: ต้องระบุทั้งเวลาเริ่มและเวลาสิ้นสุด หรือเว้นว่างทั้งสองช่องเพื่อใช้ช่วงงดส่งของโรงเรียน`;
    throw badRequest(message, [{ field, message }]);
  }
  await db.transaction(async (tx) => {
    await saveSetting(tx, { ...b, kind, quiet_start, quiet_end });
    await audit(
      tx,
      actor,
      { entity: 'reminder_setting', entityId: kind, action: 'update', branchId: null, before, after: b },
      reqId,
    );
  });
}

export function preview(kind: string, template: string) {
  const k = kindOf(kind);
  checkTemplate(k, template);
  const sample: Record<string, string> = {
    name: 'สมชาย ใจดี',
    date: '2026-12-03',
    time: '09:00',
    exam: 'ภาคปฏิบัติ',
    branch: 'สาขาตัวอย่าง',
    item: 'ภาษีรถประจำปี',
    plate: 'กข 1234 กรุงเทพมหานคร',
    lesson: 'ภาคปฏิบัติ',
    course: 'รถยนต์',
    code: 'APP-0001',
    balance: '1,500.00',
    student: 'สมหญิง รักเรียน',
    month: 'ธันวาคม 2569',
    step: 'อนุมัติ',
  };
  return render(template, sample);
}

export async function getChannels(db: Db): Promise<ReminderChannels> {
  const c = await channelRow(db);
  return {
    line_token_set: c.line_token !== '',
    line_secret_set: c.line_secret !== '',
    webhook_path: '/api/reminders/line/webhook',
    smtp_host: c.smtp_host,
    smtp_port: c.smtp_port,
    smtp_secure: c.smtp_secure,
    smtp_user: c.smtp_user,
    smtp_pass_set: c.smtp_pass !== '',
    smtp_from: c.smtp_from,
    quiet_start: c.quiet_start,
    quiet_end: c.quiet_end,
  };
}

export async function updateChannels(db: Db, actor: Actor, b: ReminderChannelsBody, reqId: string) {
  if (b.smtp_from && !/^[^\s@<>]+@[^\s@<>]+$|<[^\s@<>]+@[^\s@<>]+>$/.test(b.smtp_from))
    throw badRequest('ผู้ส่งอีเมล: รูปแบบอีเมลไม่ถูกต้อง', [{ field: 'smtp_from', message: 'ผู้ส่งอีเมล: รูปแบบอีเมลไม่ถูกต้อง' }]);
  const old = await channelRow(db);
  const next = {
    ...b,
    line_token: b.line_token === undefined ? old.line_token : b.line_token.trim(),
    line_secret: b.line_secret === undefined ? old.line_secret : b.line_secret.trim(),
    smtp_pass: b.smtp_pass === undefined ? old.smtp_pass : b.smtp_pass,
    smtp_host: b.smtp_host.trim(),
  };
  await db.transaction(async (tx) => {
    await saveChannels(tx, next);
    // the audit row says which secrets changed, never their values
    await audit(
      tx,
      actor,
      {
        entity: 'reminder_channels',
        entityId: 1,
        action: 'update',
        branchId: null,
        after: {
          smtp_host: next.smtp_host,
          smtp_port: next.smtp_port,
          smtp_user: next.smtp_user,
          smtp_from: next.smtp_from,
          quiet_start: next.quiet_start,
          quiet_end: next.quiet_end,
          line_token_changed: next.line_token !== old.line_token,
          line_secret_changed: next.line_secret !== old.line_secret,
          smtp_pass_changed: next.smtp_pass !== old.smtp_pass,
        },
      },
      reqId,
    );
  });
}

export async function outboxList(db: Db, actor: Actor, q: OutboxQuery) {
  const { page, perPage, offset } = pageOf(q);
  const conds: SQL[] = [];
  const branch = branchFilter(q.branch);
  if (branch !== undefined) {
    assertBranch(actor, branch);
    conds.push(sql`o.branch_id = ${branch}`);
  } else conds.push(branchScopeSql(actor, 'o.branch_id'));
  if (!isAll(q.status)) conds.push(sql`o.state = ${q.status}`);
  if (!isAll(q.type)) conds.push(sql`o.channel = ${q.type}`);
  if (q.start) conds.push(sql`o.created_at >= (${q.start}::date)::timestamp at time zone 'Asia/Bangkok'`);
  if (q.end) conds.push(sql`o.created_at < (${q.end}::date + 1)::timestamp at time zone 'Asia/Bangkok'`);
  const where = conds.length ? sql.join(conds, sql` and `) : sql`true`;
  const { rows, total } = await outboxPage(db, where, perPage, offset);
  const out: OutboxRow[] = rows.map((r) => ({
    ...r,
    kind_name: kindName(r.kind),
    state_name: REMINDER_STATE_NAMES[r.state] ?? r.state,
    channel: r.channel,
    recipient: r.recipient,
  }));
  const filter: OutboxFilter = {
    status: withAll(Object.entries(REMINDER_STATE_NAMES).map(([value, name]) => ({ value, name }))),
    type: withAll(Object.entries(REMINDER_CHANNEL_NAMES).map(([value, name]) => ({ value, name }))),
  };
  return table(out, filter, page, perPage, total);
}

export async function resend(db: Db, actor: Actor, id: number, reqId: string) {
  const row = await outboxById(db, id);
  if (!row) throw notFound('ไม่พบข้อความนี้');
  if (row.branch_id === null) {
    if (actor.branchScope !== null) assertBranch(actor, null);
  } else assertBranch(actor, row.branch_id);
  if (row.state !== 'failed' && row.state !== 'skipped')
    throw badRequest('ส่งใหม่: ส่งใหม่ได้เฉพาะข้อความที่ส่งไม่สำเร็จหรือถูกข้าม');
  await db.transaction(async (tx) => {
    await requeue(tx, id);
    await audit(
      tx,
      actor,
      { entity: 'reminder_outbox', entityId: id, action: 'resend', branchId: row.branch_id },
      reqId,
    );
  });
}
