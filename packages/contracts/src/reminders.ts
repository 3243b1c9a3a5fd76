/**
 * Reminders: the school's settings (per kind: on/off, days before, channels, who among staff, the Thai template),
 * the channels' configuration (LINE token and SMTP, whose secrets are never sent back: only whether they are set),
 * and the outbox log (every message with its state, attempts, reason and the provider's answer).
 */
import { Type, type Static } from 'typebox';
import { Id, Nullable, Option, Text } from './common.js';

const S = Type.String();
const closed = { additionalProperties: false } as const;

export const REMINDER_STATE_NAMES: Record<string, string> = {
  queued: 'รอส่ง',
  sending: 'กำลังส่ง',
  sent: 'ส่งแล้ว',
  failed: 'ส่งไม่สำเร็จ',
  skipped: 'ข้าม (ไม่มีช่องทาง)',
};
export const REMINDER_CHANNEL_NAMES: Record<string, string> = { line: 'LINE', email: 'อีเมล', app: 'แจ้งเตือนในระบบ' };

const Channel = Type.Union([Type.Literal('line'), Type.Literal('email'), Type.Literal('app')]);

export const ReminderSetting = Type.Object(
  {
    kind: S,
    name: S,
    audience: Type.Union([Type.Literal('student'), Type.Literal('staff')]),
    note: S,
    placeholders: Type.Array(S),
    enabled: Type.Boolean(),
    days_before: Type.Integer(),
    channels: Type.Array(S),
    roles: Type.Array(S),
    template: S,
    /** the kind's own quiet window (HH:MM); '' = the school's */
    quiet_start: S,
    quiet_end: S,
  },
  closed,
);
export type ReminderSetting = Static<typeof ReminderSetting>;

const HHMM = Type.String({ pattern: '^([01][0-9]|2[0-3]):[0-5][0-9]$', maxLength: 5 });
/** a time of day, or '' (the school's window) */
const HHMMOrNone = Type.Union([Type.Literal(''), HHMM]);

export const ReminderSettingBody = Type.Object(
  {
    kind: Type.String({ maxLength: 50 }),
    enabled: Type.Boolean(),
    days_before: Type.Integer({ minimum: 0, maximum: 90 }),
    channels: Type.Array(Channel, { maxItems: 3, uniqueItems: true }),
    roles: Type.Array(Type.String({ maxLength: 50 }), { maxItems: 20 }),
    template: Type.String({ minLength: 1, maxLength: 1000 }),
    /** left out: the kind keeps its window; '' and '': the school's */
    quiet_start: Type.Optional(HHMMOrNone),
    quiet_end: Type.Optional(HHMMOrNone),
  },
  closed,
);
export type ReminderSettingBody = Static<typeof ReminderSettingBody>;

export const ReminderChannels = Type.Object(
  {
    line_token_set: Type.Boolean(),
    line_secret_set: Type.Boolean(),
    /** the address to give LINE as the Official Account's webhook URL */
    webhook_path: S,
    smtp_host: S,
    smtp_port: Type.Integer(),
    smtp_secure: Type.Boolean(),
    smtp_user: S,
    smtp_pass_set: Type.Boolean(),
    smtp_from: S,
    quiet_start: S,
    quiet_end: S,
  },
  closed,
);
export type ReminderChannels = Static<typeof ReminderChannels>;

export const ReminderChannelsBody = Type.Object(
  {
    /** absent: keep the stored token; '' clears it */
    line_token: Type.Optional(Text(500)),
    /** absent: keep the stored channel secret; '' clears it */
    line_secret: Type.Optional(Text(200)),
    smtp_host: Text(200),
    smtp_port: Type.Integer({ minimum: 1, maximum: 65535 }),
    smtp_secure: Type.Boolean(),
    smtp_user: Text(200),
    /** absent: keep the stored password; '' clears it */
    smtp_pass: Type.Optional(Text(200)),
    smtp_from: Text(200),
    quiet_start: HHMM,
    quiet_end: HHMM,
  },
  closed,
);
export type ReminderChannelsBody = Static<typeof ReminderChannelsBody>;

export const OutboxRow = Type.Object(
  {
    outbox_id: Type.Integer(),
    branch_id: Nullable(Type.Integer()),
    branch_name: S,
    kind: S,
    kind_name: S,
    channel: S,
    recipient: S,
    recipient_name: S,
    subject: S,
    body: S,
    reason: S,
    state: S,
    state_name: S,
    attempts: Type.Integer(),
    last_error: S,
    provider_response: S,
    created_at: S,
    sent_at: Nullable(S),
    next_at: S,
  },
  closed,
);
export type OutboxRow = Static<typeof OutboxRow>;

export const OutboxQuery = Type.Object(
  {
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000000 })),
    per_page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
    branch: Type.Optional(Type.String({ maxLength: 50 })),
    status: Type.Optional(Type.String({ maxLength: 50 })),
    type: Type.Optional(Type.String({ maxLength: 50 })),
    start: Type.Optional(
      Type.Union([Type.Literal(''), Type.String({ format: 'date', maxLength: 10, 'x-date-range': 'any' })]),
    ),
    end: Type.Optional(
      Type.Union([Type.Literal(''), Type.String({ format: 'date', maxLength: 10, 'x-date-range': 'any' })]),
    ),
  },
  closed,
);
export type OutboxQuery = Static<typeof OutboxQuery>;
/** The outbox log's filter choices: states and channels, ทั้งหมด first. */
export const OutboxFilter = Type.Object({ status: Type.Array(Option), type: Type.Array(Option) }, closed);
export type OutboxFilter = Static<typeof OutboxFilter>;

export const OutboxResendBody = Type.Object({ outbox_id: Id() }, closed);
export type OutboxResendBody = Static<typeof OutboxResendBody>;
export const ReminderPreviewBody = Type.Object(
  { kind: Type.String({ maxLength: 50 }), template: Type.String({ minLength: 1, maxLength: 1000 }) },
  closed,
);
export type ReminderPreviewBody = Static<typeof ReminderPreviewBody>;
export const ReminderPreview = Type.Object({ text: S }, closed);

// ---------------------------------------------------------------- a student's reminders (LINE link, opt-out)

export const StudentRemindersQuery = Type.Object({ application_id: Id() }, closed);
export const StudentReminders = Type.Object(
  {
    application_id: Type.Integer(),
    customer_name: S,
    line_linked: Type.Boolean(),
    opt_out: Type.Boolean(),
    /** the open link code, if staff made one and the student has not sent it yet */
    code: Nullable(Type.Object({ code: S, expires_at: S }, closed)),
  },
  closed,
);
export type StudentReminders = Static<typeof StudentReminders>;
export const StudentOptOutBody = Type.Object({ application_id: Id(), opt_out: Type.Boolean() }, closed);
export const StudentLinkBody = Type.Object({ application_id: Id() }, closed);

// ---------------------------------------------------------------- the in-app list (the bell)

export const NotificationRow = Type.Object(
  {
    outbox_id: Type.Integer(),
    kind: S,
    kind_name: S,
    subject: S,
    body: S,
    reason: S,
    branch_name: S,
    created_at: S,
    read: Type.Boolean(),
  },
  closed,
);
export type NotificationRow = Static<typeof NotificationRow>;
export const Notifications = Type.Object({ rows: Type.Array(NotificationRow), unread: Type.Integer() }, closed);
export type Notifications = Static<typeof Notifications>;
/** outbox_id absent: every message of the caller is marked read */
export const NotificationReadBody = Type.Object({ outbox_id: Type.Optional(Id()) }, closed);
export type ReminderPreview = Static<typeof ReminderPreview>;
/** One round run now: what it queued and sent (quiet: inside the quiet hours, nothing sent). */
export const ReminderRunResult = Type.Object({
  queued: Type.Integer(),
  sent: Type.Integer(),
  failed: Type.Integer(),
  quiet: Type.Boolean(),
});
export type ReminderRunResult = Static<typeof ReminderRunResult>;
