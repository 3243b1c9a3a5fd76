/**
 * Reminders end to end against local stand-ins: the channels saved without echoing secrets; a template with an
 * unknown placeholder refused; the planner queues a vehicle reminder once however often it runs; LINE pushes carry
 * the token, the body and a retry key; a 429 is retried after a back-off and delivered once; a recipient without a
 * LINE link is skipped with the reason; SMTP mail arrives; a copy killed mid-send leaves the row to another copy,
 * which sends it once (LINE's retry key); quiet hours send nothing; two server copies send each message once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { addDays, todayBangkok } from '@khabkhi/thai';
import { createTestApp, type Client, type TestApp } from '../helpers.js';
import { rows } from '../foundation/fixtures.js';
import { enqueue, type OutboxInsert } from '../../src/modules/reminders/repo.js';
import { planReminders } from '../../src/modules/reminders/plan.js';
import { backoffSeconds, inQuiet, sendDue } from '../../src/modules/reminders/runner.js';
import type { Db } from '../../src/db/connection.js';
import { lineStandIn, smtpStandIn } from './standins.js';

const TOKEN = 'line-channel-token-for-tests';
const NOON = () => new Date(`${todayBangkok()}T05:00:00Z`); // 12:00 in Bangkok
let t: TestApp;
let admin: Client;
let line: Awaited<ReturnType<typeof lineStandIn>>;
let smtp: Awaited<ReturnType<typeof smtpStandIn>>;
let seq = 0;

beforeAll(async () => {
  [t, line, smtp] = await Promise.all([createTestApp({ demo: true }), lineStandIn(TOKEN), smtpStandIn()]);
  admin = await t.as('admin');
}, 180_000);
afterAll(async () => {
  await Promise.all([t?.close(), line?.close(), smtp?.close()]);
});

const msg = (over: Partial<OutboxInsert> = {}): OutboxInsert => ({
  branch_id: null,
  kind: 'exam_tomorrow',
  channel: 'line',
  recipient: `U${String(++seq).padStart(32, '0')}`,
  recipient_name: 'ผู้เรียนทดสอบ',
  subject: 'แจ้งเตือนนัดสอบ',
  body: `พรุ่งนี้มีนัดสอบ ${seq}`,
  reason: 'ทดสอบ',
  dedupe_key: `test:${seq}`,
  ...over,
});
const stateOf = async (key: string) =>
  (
    await rows<{ state: string; attempts: number; last_error: string }>(
      t,
      sql`select state, attempts, last_error from reminder_outbox where dedupe_key = ${key}`,
    )
  )[0]!;
const send = (db: Db = t.db, extra = {}) => sendDue(db, { lineApiBase: line.base, now: NOON, ...extra });

describe('reminders', () => {
  it('channels: secrets stored, never sent back; a bad template refused with the field named', async () => {
    const r = await admin.put('/api/reminders/channels/update', {
      line_token: TOKEN,
      smtp_host: '127.0.0.1',
      smtp_port: smtp.port,
      smtp_secure: false,
      smtp_user: '',
      smtp_pass: 'smtp-secret',
      smtp_from: 'school@example.test',
      quiet_start: '21:00',
      quiet_end: '07:00',
    });
    expect(r.status, r.body.message).toBe(200);
    expect(JSON.stringify(r.body)).not.toContain(TOKEN);
    expect(JSON.stringify(r.body)).not.toContain('smtp-secret');
    expect(r.body.data).toMatchObject({ line_token_set: true, smtp_pass_set: true, smtp_port: smtp.port });
    // saved again without the secrets: they are kept
    const again = await admin.put('/api/reminders/channels/update', {
      ...r.body.data,
      line_token_set: undefined,
      line_secret_set: undefined,
      webhook_path: undefined,
      smtp_pass_set: undefined,
    });
    expect(again.status, again.body.message).toBe(200);
    expect(again.body.data.line_token_set).toBe(true);
    const audit = await rows(t, sql`select after::text as a from audit_log where entity = 'reminder_channels'`);
    expect(JSON.stringify(audit)).not.toContain(TOKEN);

    const bad = await admin.put('/api/reminders/settings/update', {
      kind: 'vehicle_due',
      enabled: true,
      days_before: 14,
      channels: ['email'],
      roles: ['owner'],
      template: 'เรียน {name} รถ {plate} ครบ {due_date}',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('{due_date}');
    const pv = await admin.post('/api/reminders/preview', {
      kind: 'exam_tomorrow',
      template: 'สอบวันที่ {date} เวลา {time}',
    });
    expect(pv.body.data.text).toBe('สอบวันที่ 3 ธ.ค. 2569 เวลา 09:00');
    expect((await (await t.as('malee')).get('/api/reminders/settings')).status).toBe(403);
  });

  it('the planner queues a vehicle reminder once, however often it runs; e-mail arrives over SMTP', async () => {
    const today = todayBangkok();
    await t.db.execute(sql`update users set email = 'owner@example.test' where username = 'admin'`);
    const made = await admin.post('/api/vehicle/create', {
      branch_id: admin.userData.branch_id,
      no: 'ทด 9999',
      province: 'กรุงเทพมหานคร',
      type: 'car',
    });
    expect(made.status, made.body.message).toBe(200);
    const v = made.body.data as { vehicle_id: number };
    await t.db.execute(
      sql`update vehicles set noti_insurance = ${addDays(today, 14)}::date where vehicle_id = ${v.vehicle_id}`,
    );
    const first = await planReminders(t.db, today);
    expect(first).toBeGreaterThan(0);
    expect(await planReminders(t.db, today)).toBe(0);
    const key = `vehicle_due:${v.vehicle_id}:insurance:${addDays(today, 14)}`;
    const queued = await rows<{ recipient: string; state: string; body: string }>(
      t,
      sql`select recipient, state, body from reminder_outbox where dedupe_key like ${`${key}:u%:email`}`,
    );
    expect(queued.find((q) => q.recipient === 'owner@example.test')?.state).toBe('queued');
    const before = smtp.mails.length;
    await send();
    const owner = queued.find((q) => q.recipient === 'owner@example.test')!;
    const mail = smtp.mails.slice(before).find((m) => m.to.includes('owner@example.test'));
    expect(mail?.from).toBe('school@example.test');
    expect(mail?.raw).toMatch(/Subject: =\?UTF-8\?/);
    expect(owner.body).toContain('ประกันภัย');
    // staff without an e-mail are kept as skipped with the reason, not retried
    const skipped = await rows<{ state: string; last_error: string }>(
      t,
      sql`select state, last_error from reminder_outbox where dedupe_key like ${`${key}:%`} and recipient = ''`,
    );
    for (const s of skipped) expect(s).toEqual({ state: 'skipped', last_error: 'ผู้รับไม่มีอีเมล' });
  });

  it('LINE: the token, the body and a retry key; 429 retried after a back-off and delivered once; no link skipped', async () => {
    const m = msg();
    const none = msg({ recipient: '', skipped: 'ผู้รับยังไม่ได้เชื่อมบัญชี LINE กับโรงเรียน' });
    await enqueue(t.db, [m, none]);
    line.failNext.push(429);
    await send();
    expect(await stateOf(m.dedupe_key)).toMatchObject({ state: 'queued', attempts: 1 });
    expect((await stateOf(m.dedupe_key)).last_error).toMatch(/^LINE ตอบ 429/);
    const [next] = await rows<{ wait: number }>(
      t,
      sql`select extract(epoch from next_at - now())::int as wait from reminder_outbox where dedupe_key = ${m.dedupe_key}`,
    );
    expect(next!.wait).toBeGreaterThan(50);
    expect(next!.wait).toBeLessThanOrEqual(60);
    expect(backoffSeconds(1)).toBe(60);
    expect(backoffSeconds(3)).toBe(240);
    expect(backoffSeconds(20)).toBe(3600);
    // due again (the back-off passed)
    await t.db.execute(sql`update reminder_outbox set next_at = now() where dedupe_key = ${m.dedupe_key}`);
    await send();
    expect(await stateOf(m.dedupe_key)).toMatchObject({ state: 'sent', attempts: 2 });
    const pushes = line.requests.filter((r) => r.body?.to === m.recipient);
    expect(pushes).toHaveLength(2);
    expect(pushes[0]!.retryKey).toBe(pushes[1]!.retryKey);
    expect(pushes[1]!.retryKey).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(pushes[1]).toMatchObject({ path: '/v2/bot/message/push', auth: `Bearer ${TOKEN}` });
    expect(pushes[1]!.body.messages).toEqual([{ type: 'text', text: m.body }]);
    expect(await stateOf(none.dedupe_key)).toMatchObject({ state: 'skipped', attempts: 0 });
    expect(line.requests.some((r) => r.body?.to === '')).toBe(false);
  });

  it('a 400 from LINE is given up at once; a copy killed mid-send leaves the row to another, which sends it once', async () => {
    const bad = msg();
    line.failNext.push(400);
    await enqueue(t.db, [bad]);
    await send();
    expect(await stateOf(bad.dedupe_key)).toMatchObject({ state: 'failed', attempts: 1 });

    // killed after claiming, before sending: the row stays "sending" until its lease ends
    const m = msg();
    await enqueue(t.db, [m]);
    await expect(
      send(t.db, {
        beforeSend: async () => {
          throw new Error('killed');
        },
      }),
    ).rejects.toThrow('killed');
    expect((await stateOf(m.dedupe_key)).state).toBe('sending');
    await send();
    expect((await stateOf(m.dedupe_key)).state).toBe('sending'); // the lease still holds
    await t.db.execute(
      sql`update reminder_outbox set locked_until = now() - interval '1 second' where dedupe_key = ${m.dedupe_key}`,
    );
    await send();
    expect(await stateOf(m.dedupe_key)).toMatchObject({ state: 'sent', attempts: 2 });

    // killed after LINE accepted, before the row was marked: the next push with the same retry key is a no-op at LINE
    await t.db.execute(
      sql`update reminder_outbox set state = 'sending', locked_until = now() - interval '1 second' where dedupe_key = ${m.dedupe_key}`,
    );
    const delivered = line.accepted.size;
    await send();
    expect((await stateOf(m.dedupe_key)).state).toBe('sent');
    expect(line.accepted.size).toBe(delivered);
    expect(line.requests.at(-1)!.retryKey).toBe(
      [...line.accepted.values()].find((p) => p.body.to === m.recipient)!.retryKey,
    );
  });

  it('quiet hours send nothing', async () => {
    expect(inQuiet('22:30', '21:00', '07:00')).toBe(true);
    expect(inQuiet('06:59', '21:00', '07:00')).toBe(true);
    expect(inQuiet('07:00', '21:00', '07:00')).toBe(false);
    const m = msg();
    await enqueue(t.db, [m]);
    const r = await sendDue(t.db, { lineApiBase: line.base, now: () => new Date(`${todayBangkok()}T15:00:00Z`) });
    expect(r.quiet).toBe(true);
    expect((await stateOf(m.dedupe_key)).state).toBe('queued');
    await send();
    expect((await stateOf(m.dedupe_key)).state).toBe('sent');
  });

  it('the outbox log: filters, resend of a failed message, branch scope', async () => {
    const list = await admin.get('/api/reminders/outbox', { status: 'failed', per_page: 100 });
    expect(list.status, list.body.message).toBe(200);
    expect(list.body.data.length).toBeGreaterThan(0);
    expect(list.body.data.every((r: { state: string }) => r.state === 'failed')).toBe(true);
    // the list envelope: its total and the filter's choices, ทั้งหมด first
    expect(list.body.meta.total).toBe(list.body.data.length);
    expect(list.body.filter.status[0].name).toBe('ทั้งหมด');
    expect(list.body.filter.type.map((o: { value: string }) => o.value)).toContain('line');
    const id = list.body.data[0].outbox_id;
    const r = await admin.post('/api/reminders/outbox/resend', { outbox_id: id });
    expect(r.status, r.body.message).toBe(200);
    const [row] = await rows<{ state: string }>(t, sql`select state from reminder_outbox where outbox_id = ${id}`);
    expect(row!.state).toBe('queued');
    expect((await admin.post('/api/reminders/outbox/resend', { outbox_id: id })).status).toBe(400);
    // a branch manager sees only their branch's rows (the school-wide ones are head office's)
    const anan = await t.as('anan');
    const theirs = await anan.get('/api/reminders/outbox', { per_page: 100 });
    expect(theirs.body.data.every((x: { branch_id: number | null }) => x.branch_id === anan.userData.branch_id)).toBe(
      true,
    );
  });
});

describe.runIf(process.env.DATABASE_URL)('two server copies on PostgreSQL', () => {
  it('each message is sent once when two copies send at the same time', async () => {
    const pg = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const pool = new pg.default.Pool({ connectionString: t.config.databaseUrl, max: 5 });
    const other = drizzle(pool) as unknown as Db;
    try {
      await send(); // what earlier tests left queued (the message resent from the log) goes first
      const batch = Array.from({ length: 40 }, () => msg());
      await enqueue(t.db, batch);
      const before = line.requests.length;
      const [a, b] = await Promise.all([send(t.db, { batch: 3 }), send(other, { batch: 3 })]);
      expect(a.sent + b.sent).toBe(40);
      expect(a.sent).toBeGreaterThan(0);
      expect(b.sent).toBeGreaterThan(0);
      const pushes = line.requests.slice(before);
      expect(pushes).toHaveLength(40);
      expect(new Set(pushes.map((p) => p.retryKey)).size).toBe(40);
      for (const m of batch) expect((await stateOf(m.dedupe_key)).state).toBe('sent');
    } finally {
      await pool.end();
    }
  }, 60_000);
});
