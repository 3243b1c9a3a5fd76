/**
 * The reminders of students and staff beyond the exam: a lesson tomorrow, an exam permission ending (to the student
 * and to staff), a balance owed before the exam, a payroll waiting for a step — each queued once however often the
 * planner runs, a student's opt-out honoured and kept; the in-app list (bell) with its unread count; a student's
 * LINE link by a code sent to the school's LINE account through the webhook, whose signature is checked (a forged
 * call is refused and writes nothing), with the confirmation pushed to the LINE stand-in on the loopback address.
 */
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { addDays, todayBangkok } from '@khabkhi/thai';
import { createTestApp, type Client, type TestApp } from '../helpers.js';
import { rows } from '../foundation/fixtures.js';
import { planReminders } from '../../src/modules/reminders/plan.js';
import { enqueue } from '../../src/modules/reminders/repo.js';
import { sendDue } from '../../src/modules/reminders/runner.js';
import { lineStandIn } from './standins.js';

const TOKEN = 'line-token-of-the-kinds-test';
const SECRET = 'line-channel-secret-of-the-test';
const LINE_USER = `U${'ab'.repeat(16)}`;
let t: TestApp;
let admin: Client;
let line: Awaited<ReturnType<typeof lineStandIn>>;
const today = todayBangkok();

/** A live course registration with a line, its customer (given a LINE link) and branch. */
let target: { application_id: number; line_id: number; customer_id: number; branch_id: number };

beforeAll(async () => {
  [t, line] = await Promise.all([createTestApp({ demo: true, demoMoney: true }), lineStandIn(TOKEN)]);
  admin = await t.as('admin');
  const r = await admin.put('/api/reminders/channels/update', {
    line_token: TOKEN,
    line_secret: SECRET,
    smtp_host: '',
    smtp_port: 587,
    smtp_secure: false,
    smtp_user: '',
    smtp_from: '',
    quiet_start: '21:00',
    quiet_end: '07:00',
  });
  expect(r.status, r.body.message).toBe(200);
  expect(JSON.stringify(r.body)).not.toContain(SECRET);
  expect(r.body.data.line_secret_set).toBe(true);
  [target] = (await rows<typeof target>(
    t,
    sql`select a.application_id, l.line_id, a.customer_id, a.branch_id from applications a
      join application_courses l on l.application_id = a.application_id
      where a.kind = 'course' and a.status = 'ค้างชำระ' and not a.is_delete and a.balance > 0
      order by a.application_id limit 1`,
  )) as [typeof target];
  expect(target, 'an owing registration in the demo').toBeDefined();
  // its line's exam permission: active, not passed (the dates are set by each test)
  await t.db.execute(sql`insert into exam_permissions (line_id, application_id, branch_id, permission_date)
    values (${target.line_id}, ${target.application_id}, ${target.branch_id}, ${today}::date)
    on conflict (line_id) do update set is_active = true, passed = false`);
  await t.db.execute(sql`update customers set line_user_id = ${`U${'cd'.repeat(16)}`}, reminders_opt_out = false
    where customer_id = ${target.customer_id}`);
}, 180_000);
afterAll(async () => {
  await Promise.all([t?.close(), line?.close()]);
});

const keysLike = async (prefix: string) =>
  (
    await rows<{ dedupe_key: string; channel: string; state: string; body: string; user_id: number | null }>(
      t,
      sql`select dedupe_key, channel, state, body, user_id from reminder_outbox where dedupe_key like ${`${prefix}%`}
        order by dedupe_key`,
    )
  ).map((r) => r);

describe('reminder kinds', () => {
  it('a permission ending, a balance before the exam, a lesson tomorrow: queued once for the linked student', async () => {
    const perm = addDays(today, 14);
    const exam = addDays(today, 3);
    await t.db.execute(
      sql`update exam_permissions set permission_date = ${perm}::date where line_id = ${target.line_id}`,
    );
    await t.db.execute(sql`update application_courses set exam_date = ${exam}::date where line_id = ${target.line_id}`);
    const [u] = await rows<{ id: number; vehicle: number; type: string }>(
      t,
      sql`select (select user_id from users where username = 'admin') as id,
        (select vehicle_id from vehicles where not is_delete order by vehicle_id limit 1) as vehicle,
        (select course_type from application_courses where line_id = ${target.line_id}) as type`,
    );
    const [lesson] = await rows<{ id: number }>(
      t,
      sql`insert into lessons (branch_id, kind, starts_at, ends_at, minutes, course_type, line_id, application_id,
          customer_id, instructor_id, vehicle_id, created_by)
        values (${target.branch_id}, 'practice', (${addDays(today, 1)}::date + time '09:30') at time zone 'Asia/Bangkok',
          (${addDays(today, 1)}::date + time '10:30') at time zone 'Asia/Bangkok', 60, ${u!.type}, ${target.line_id},
          ${target.application_id}, ${target.customer_id}, ${u!.id}, ${u!.vehicle}, ${u!.id}) returning lesson_id as id`,
    );
    expect(await planReminders(t.db, today)).toBeGreaterThan(0);
    expect(await planReminders(t.db, today)).toBe(0); // never twice

    const p = await keysLike(`permission_expiring:${target.line_id}:${perm}`);
    expect(p).toHaveLength(1);
    expect(p[0]).toMatchObject({ channel: 'line', state: 'queued' });
    expect(p[0]!.body).toContain('สิทธิ์สอบ');
    const b = await keysLike(`balance_due:${target.application_id}:${exam}`);
    expect(b).toHaveLength(1);
    expect(b[0]!.body).toMatch(/ยอดค้างชำระ [\d,]+\.\d\d บาท/);
    const l = await keysLike(`lesson_tomorrow:${lesson!.id}:`);
    expect(l).toHaveLength(1);
    expect(l[0]!.body).toContain('09:30');
    // staff of the branch are told in the app (the bell), one row per person
    const staff = await keysLike(`permission_expiring_staff:${target.line_id}:${perm}:u`);
    expect(staff.length).toBeGreaterThan(0);
    expect(staff.every((s) => s.channel === 'app' && s.state === 'sent' && s.user_id !== null)).toBe(true);

    // sent to LINE (the stand-in) once
    await sendDue(t.db, { lineApiBase: line.base, now: () => new Date(`${today}T05:00:00Z`) });
    expect((await keysLike(`balance_due:${target.application_id}:${exam}`))[0]!.state).toBe('sent');
    const pushes = line.requests.filter((r) => r.body?.messages[0]?.text === b[0]!.body);
    expect(pushes).toHaveLength(1);
    expect(pushes[0]).toMatchObject({ auth: `Bearer ${TOKEN}`, path: '/v2/bot/message/push' });
  });

  it('a student who opted out gets none, and the opt-out is kept on the customer', async () => {
    const student = await admin.get('/api/reminders/student', { application_id: target.application_id });
    expect(student.status, student.body.message).toBe(200);
    expect(student.body.data).toMatchObject({ line_linked: true, opt_out: false });
    const r = await admin.post('/api/reminders/student/opt-out', {
      application_id: target.application_id,
      opt_out: true,
    });
    expect(r.status, r.body.message).toBe(200);
    expect(r.body.data.opt_out).toBe(true);
    const [c] = await rows<{ o: boolean }>(
      t,
      sql`select reminders_opt_out as o from customers where customer_id = ${target.customer_id}`,
    );
    expect(c!.o).toBe(true);
    const perm = addDays(today, 21);
    await t.db.execute(
      sql`update exam_permissions set permission_date = ${perm}::date where line_id = ${target.line_id}`,
    );
    await admin.put('/api/reminders/settings/update', {
      kind: 'permission_expiring',
      enabled: true,
      days_before: 21,
      channels: ['line'],
      roles: [],
      template: 'เรียนคุณ{name} สิทธิ์สอบ{course}หมดอายุ {date}',
    });
    await planReminders(t.db, today);
    expect(await keysLike(`permission_expiring:${target.line_id}:${perm}`)).toHaveLength(0);
    const audit = await rows(
      t,
      sql`select 1 from audit_log where entity = 'customer' and action = 'reminders_opt_out' and entity_id = ${String(target.customer_id)}`,
    );
    expect(audit).toHaveLength(1);
    // back in
    await admin.post('/api/reminders/student/opt-out', { application_id: target.application_id, opt_out: false });
    await planReminders(t.db, today);
    expect(await keysLike(`permission_expiring:${target.line_id}:${perm}`)).toHaveLength(1);
  });

  it('settings: every kind listed; an unknown placeholder and a student by e-mail or in-app refused', async () => {
    const s = await admin.get('/api/reminders/settings');
    expect(s.body.data.map((x: { kind: string }) => x.kind)).toEqual([
      'exam_tomorrow',
      'lesson_tomorrow',
      'permission_expiring',
      'balance_due',
      'permission_expiring_staff',
      'vehicle_due',
      'payroll_waiting',
      'filing_due',
    ]);
    const bad = await admin.put('/api/reminders/settings/update', {
      kind: 'balance_due',
      enabled: true,
      days_before: 3,
      channels: ['line'],
      roles: [],
      template: 'ค้าง {balance} บาท ภายใน {due}',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('{due}');
    const app = await admin.put('/api/reminders/settings/update', {
      kind: 'lesson_tomorrow',
      enabled: true,
      days_before: 1,
      channels: ['app'],
      roles: [],
      template: 'พรุ่งนี้ {time}',
    });
    expect(app.status).toBe(400);
    expect(app.body.message).toMatch(/^ช่องทาง/);
    const pv = await admin.post('/api/reminders/preview', {
      kind: 'payroll_waiting',
      template: 'เดือน{month} รอท่าน{step}',
    });
    expect(pv.body.data.text).toBe('เดือนธันวาคม 2569 รอท่านอนุมัติ');
  });

  it('quiet hours per kind: a kind in its own window waits, the others go; half a window is refused', async () => {
    const noon = () => new Date(`${today}T05:00:00Z`); // 12:00 in Bangkok
    const save = (quiet_start: string, quiet_end: string) =>
      admin.put('/api/reminders/settings/update', {
        kind: 'lesson_tomorrow',
        enabled: true,
        days_before: 1,
        channels: ['line'],
        roles: [],
        template: 'พรุ่งนี้ {time}',
        quiet_start,
        quiet_end,
      });
    const half = await save('11:30', '');
    expect(half.status).toBe(400);
    expect((half.body as { details?: { field: string }[] }).details?.[0]?.field).toBe('quiet_end');
    const ok = await save('11:30', '13:00');
    expect(ok.status, ok.body.message).toBe(200);
    expect(ok.body.data.find((x: { kind: string }) => x.kind === 'lesson_tomorrow')).toMatchObject({
      quiet_start: '11:30',
      quiet_end: '13:00',
    });
    const msg = (kind: string) => ({
      branch_id: target.branch_id,
      kind,
      channel: 'line' as const,
      recipient: `U${'ef'.repeat(16)}`,
      recipient_name: 'ผู้เรียน',
      subject: 'ทดสอบ',
      body: `ช่วงงดส่ง ${kind}`,
      reason: 'ทดสอบ',
      dedupe_key: `quiet-test:${kind}`,
    });
    await enqueue(t.db, [msg('lesson_tomorrow'), msg('exam_tomorrow')]);
    await sendDue(t.db, { lineApiBase: line.base, now: noon });
    const state = async (k: string) =>
      (
        await rows<{ state: string }>(t, sql`select state from reminder_outbox where dedupe_key = ${`quiet-test:${k}`}`)
      )[0]!.state;
    expect(await state('exam_tomorrow')).toBe('sent');
    expect(await state('lesson_tomorrow')).toBe('queued');
    // back to the school's window (21:00–07:00): it goes at noon
    expect((await save('', '')).status).toBe(200);
    await sendDue(t.db, { lineApiBase: line.base, now: noon });
    expect(await state('lesson_tomorrow')).toBe('sent');
    // the school's window at night holds every kind
    const night = await sendDue(t.db, { lineApiBase: line.base, now: () => new Date(`${today}T16:00:00Z`) });
    expect(night.quiet).toBe(true);
  });

  it('a payroll waiting for a step tells its confirmers, then its approver, in the bell; read marks clear the count', async () => {
    const [p] = await rows<{ payroll_id: number; branch_id: number }>(
      t,
      sql`select payroll_id, branch_id from payrolls where status = 'draft' order by payroll_id limit 1`,
    );
    expect(p, 'a draft payroll in the demo').toBeDefined();
    await t.db.execute(
      sql`update payrolls set status = 'confirmed', confirmed_at = now() where payroll_id = ${p!.payroll_id}`,
    );
    await planReminders(t.db, today);
    await planReminders(t.db, today);
    const [me] = await rows<{ id: number }>(t, sql`select user_id as id from users where username = 'admin'`);
    const mine = await keysLike(`payroll_waiting:${p!.payroll_id}:confirmed:u${me!.id}:`);
    expect(mine.map((m) => m.channel).sort()).toEqual(['app', 'email']);
    await t.db.execute(
      sql`update payrolls set status = 'draft', confirmed_at = null where payroll_id = ${p!.payroll_id}`,
    );

    const bell = await admin.get('/api/notifications');
    expect(bell.status, bell.body.message).toBe(200);
    expect(bell.body.data.unread).toBeGreaterThan(0);
    const row = bell.body.data.rows.find((r: { kind: string }) => r.kind === 'payroll_waiting');
    expect(row).toMatchObject({ read: false, kind_name: 'เงินเดือนรอดำเนินการขั้นของท่าน (พนักงาน)' });
    const one = await admin.post('/api/notifications/read', { outbox_id: row.outbox_id });
    expect(one.body.data.read).toBe(1);
    expect((await admin.get('/api/notifications')).body.data.unread).toBe(bell.body.data.unread - 1);
    // another person's message is not theirs to mark
    const malee = await t.as('malee');
    expect((await malee.post('/api/notifications/read', {})).status).toBe(200);
    expect((await admin.get('/api/notifications')).body.data.unread).toBe(bell.body.data.unread - 1);
    await admin.post('/api/notifications/read', {});
    expect((await admin.get('/api/notifications')).body.data.unread).toBe(0);
  });
});

describe('LINE link by a code', () => {
  const sign = (body: string, secret = SECRET) => createHmac('sha256', secret).update(body).digest('base64');
  const hook = (body: string, signature: string) =>
    t.call('POST', '/api/reminders/line/webhook', body, {
      'content-type': 'application/json; charset=utf-8',
      'x-line-signature': signature,
    });
  const event = (text: string, userId = LINE_USER) =>
    JSON.stringify({
      destination: 'Uschool',
      events: [{ type: 'message', source: { type: 'user', userId }, message: { type: 'text', text } }],
    });

  it('staff make a code; a forged call is refused and writes nothing; the signed one links once', async () => {
    await admin.post('/api/reminders/student/unlink', { application_id: target.application_id });
    const made = await admin.post('/api/reminders/student/link-code', { application_id: target.application_id });
    expect(made.status, made.body.message).toBe(200);
    expect(made.body.data.line_linked).toBe(false);
    const code = made.body.data.code.code as string;
    expect(code).toMatch(/^\d{6}$/);

    const body = event(`รหัส ${code}`);
    for (const forged of [sign(body, 'not-the-secret'), '', sign(`${body} `)]) {
      const r = await hook(body, forged);
      expect(r.status).toBe(403);
      expect(r.body.message).toContain('ลายเซ็น');
    }
    const [c0] = await rows<{ l: string }>(
      t,
      sql`select line_user_id as l from customers where customer_id = ${target.customer_id}`,
    );
    expect(c0!.l).toBe('');

    const ok = await hook(body, sign(body));
    expect(ok.status, ok.body.message).toBe(200);
    expect(ok.body.data.linked).toBe(1);
    // LINE delivers again: the code is used, nothing more
    expect((await hook(body, sign(body))).body.data.linked).toBe(0);
    const after = await admin.get('/api/reminders/student', { application_id: target.application_id });
    expect(after.body.data).toMatchObject({ line_linked: true, code: null });
    const confirm = await keysLike(`line_linked:${code}`);
    expect(confirm).toHaveLength(1);
    await sendDue(t.db, { lineApiBase: line.base, now: () => new Date(`${today}T05:00:00Z`) });
    const push = line.requests.filter((r) => r.body?.to === LINE_USER);
    expect(push).toHaveLength(1);
    expect(push[0]!.body.messages[0]!.text).toContain('เชื่อมบัญชี LINE');
    // the log names it in Thai
    const log = await admin.get('/api/reminders/outbox', { per_page: 5 });
    expect(log.body.data.some((r: { kind_name: string }) => r.kind_name === 'ยืนยันการเชื่อมบัญชี LINE')).toBe(true);

    // the student blocks the account: the link is dropped
    const unfollow = JSON.stringify({ events: [{ type: 'unfollow', source: { type: 'user', userId: LINE_USER } }] });
    expect((await hook(unfollow, sign(unfollow))).status).toBe(200);
    const [c1] = await rows<{ l: string }>(
      t,
      sql`select line_user_id as l from customers where customer_id = ${target.customer_id}`,
    );
    expect(c1!.l).toBe('');
  });

  it('over a real socket on the loopback address, as LINE calls it: the raw bytes are what is signed', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as { port: number };
    const made = await admin.post('/api/reminders/student/link-code', { application_id: target.application_id });
    const code = made.body.data.code.code as string;
    // Thai text, spaces and a final newline: a body parsed and serialised again would not match its signature
    const body = `{"destination": "Uschool", "events": [{"type": "message", "source": {"type": "user", "userId": "${LINE_USER}"}, "message": {"type": "text", "text": "สวัสดีครับ รหัส ${code}"}}]}\n`;
    const post = (signature: string) =>
      fetch(`http://127.0.0.1:${port}/api/reminders/line/webhook`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-line-signature': signature },
        body,
      });
    const forged = await post(sign(body.replace('สวัสดี', 'สวัสดี ')));
    expect(forged.status).toBe(403);
    const good = await post(sign(body));
    expect(good.status).toBe(200);
    expect(((await good.json()) as { data: { linked: number } }).data.linked).toBe(1);
    const [c] = await rows<{ l: string }>(
      t,
      sql`select line_user_id as l from customers where customer_id = ${target.customer_id}`,
    );
    expect(c!.l).toBe(LINE_USER);
  });

  it('a branch outside the caller’s scope is refused', async () => {
    const [other] = await rows<{ id: number }>(
      t,
      sql`select a.application_id as id from applications a join users u on u.username = 'anan'
        where a.branch_id <> u.branch_id and a.kind = 'course' limit 1`,
    );
    const anan = await t.as('anan');
    expect((await anan.post('/api/reminders/student/link-code', { application_id: other!.id })).status).toBe(403);
    expect((await anan.get('/api/reminders/student', { application_id: other!.id })).status).toBe(403);
  });
});
