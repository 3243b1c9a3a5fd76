/**
 * Payroll workflow on the school's approvals: sending a month back with a reason, the roles as a school setting
 * (with the one-owner school's own approval), the history of every step, and payslips superseded while a month is
 * reopened.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type Client, type TestApp } from '../helpers.js';

let t: TestApp;
let admin: Client;
let wanida: Client;
let anan: Client;
let suda: Client;
let bkn = 0;
let kittipong = 0;

const rowsOf = <T>(r: unknown): T[] => ((r as { rows?: T[] }).rows ?? (r as T[])) as T[];

/** A branch-month saved as a draft by HR, answered with its payroll id. */
async function draft(month: string, by: Client = wanida) {
  const r = await by.put('/api/list-payrollList/update', { branch_id: bkn, month, lines: [] });
  expect(r.status, r.body.message).toBe(200);
  return r.body.data.payroll.payroll_id as number;
}
const steps = async (id: number) =>
  ((await wanida.get(`/api/payroll/history/${id}`)).body.data as { step: string; by: string; reason: string }[]).map(
    (s) => [s.step, s.reason],
  );

beforeAll(async () => {
  t = await createTestApp();
  [admin, wanida, anan, suda] = await Promise.all(['admin', 'wanida', 'anan', 'suda'].map((u) => t.as(u)));
  bkn = (await admin.get('/api/branch/list')).body.data.find((b: { code: string }) => b.code === 'BKN').branch_id;
  kittipong = rowsOf<{ user_id: number }>(
    await t.db.execute(sql`select user_id from users where username = 'kittipong'`),
  )[0]!.user_id;
  await t.db.execute(sql`update users set salary = 30000, sso_salary = 0 where user_id = ${kittipong}`);
});
afterAll(async () => {
  await t?.close();
});

describe('sending a month back to draft with a reason', () => {
  it('a submitted month: the confirmer sends it back; the reason is on the month and in its history', async () => {
    const id = await draft('2026-09');
    expect((await wanida.post('/api/payroll/submit', { payroll_id: id })).status).toBe(200);
    const noReason = await anan.post('/api/payroll/send-back', { payroll_id: id, reason: '   ' });
    expect(noReason.status).toBe(400);
    expect(noReason.body.message).toContain('เหตุผล');
    const own = await wanida.post('/api/payroll/send-back', { payroll_id: id, reason: 'ถอนเอง' });
    expect(own.status).toBe(409);
    expect(own.body.message).toContain('ผู้ส่งตรวจส่งกลับเงินเดือนที่ตนเองส่งไม่ได้');
    expect((await suda.post('/api/payroll/send-back', { payroll_id: id, reason: 'x' })).status).toBe(403);
    const r = await anan.post('/api/payroll/send-back', { payroll_id: id, reason: 'ค่าล่วงเวลาของครูสมชายผิด' });
    expect(r.status, r.body.message).toBe(200);
    expect(r.body.message).toContain('กลับเป็นฉบับร่าง');
    expect(r.body.data).toMatchObject({
      status: 'draft',
      submitted: { by: null },
      sent_back: { reason: 'ค่าล่วงเวลาของครูสมชายผิด' },
    });
    expect(r.body.data.sent_back.by).toContain('อนันต์');
    // the draft can be changed again, and nothing is left pending in the approvals
    const save = await wanida.put('/api/list-payrollList/update', {
      branch_id: bkn,
      month: '2026-09',
      lines: [{ user_id: kittipong }],
    });
    expect(save.status).toBe(200);
    const pending = rowsOf<{ n: number }>(
      await t.db.execute(
        sql`select count(*)::int as n from approval_requests where subject_id = ${id} and decision = 'pending'`,
      ),
    );
    expect(pending[0]!.n).toBe(0);
    expect(await steps(id)).toEqual([
      ['submit', ''],
      ['send_back', 'ค่าล่วงเวลาของครูสมชายผิด'],
    ]);
    const audit = rowsOf<{ entity: string; action: string }>(
      await t.db.execute(
        sql`select entity, action from audit_log where (entity = 'payroll' and entity_id = ${String(id)} and action = 'send_back') or (entity = 'payroll_request' and action = 'reject')`,
      ),
    );
    expect(audit.map((a) => `${a.entity}:${a.action}`).sort()).toEqual(['payroll:send_back', 'payroll_request:reject']);
  });

  it('a confirmed month: the approver sends it back; resubmitted, it goes the whole way; a draft cannot be sent back', async () => {
    const id = await draft('2026-08');
    expect((await wanida.post('/api/payroll/submit', { payroll_id: id })).status).toBe(200);
    expect((await anan.post('/api/payroll/confirm', { payroll_id: id })).status).toBe(200);
    const back = await admin.post('/api/payroll/send-back', { payroll_id: id, reason: 'ยอดโอนไม่ตรงกับบัญชี' });
    expect(back.status, back.body.message).toBe(200);
    expect(back.body.data).toMatchObject({ status: 'draft', confirmed: { by: null } });
    const again = await anan.post('/api/payroll/send-back', { payroll_id: id, reason: 'ซ้ำ' });
    expect(again.status).toBe(409);
    expect(again.body.message).toContain('ส่งกลับแก้ไขได้เฉพาะเงินเดือนที่ส่งตรวจหรือยืนยันแล้ว');
    expect((await wanida.post('/api/payroll/submit', { payroll_id: id })).status).toBe(200);
    expect((await anan.post('/api/payroll/confirm', { payroll_id: id })).status).toBe(200);
    const ok = await admin.post('/api/payroll/approve', { payroll_id: id });
    expect(ok.status, ok.body.message).toBe(200);
    expect(await steps(id)).toEqual([
      ['submit', ''],
      ['confirm', ''],
      ['send_back', 'ยอดโอนไม่ตรงกับบัญชี'],
      ['submit', ''],
      ['confirm', ''],
      ['approve', ''],
    ]);
    const hist = (await wanida.get(`/api/payroll/history/${id}`)).body.data as { step_name: string; by: string }[];
    expect(hist.map((h) => h.step_name)).toContain('ส่งกลับแก้ไข');
    expect(hist.at(-1)!.by).toBeTruthy();
    // the payslip says who did each step
    const snap = rowsOf<{ snapshot: { submitted_by: string; confirmed_by: string; approved_by: string } }>(
      await t.db.execute(sql`select snapshot from payslips where payroll_id = ${id} limit 1`),
    )[0]!.snapshot;
    expect(snap.confirmed_by).toContain('อนันต์');
    expect(snap.submitted_by).toBeTruthy();
    expect(snap.approved_by).toBeTruthy();
  });
});

describe('the roles are a setting of the school', () => {
  it('answers today’s roles; only the owner changes them; unknown roles are refused in Thai', async () => {
    const r = await wanida.get('/api/payroll/workflow');
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({
      submit_roles: [],
      confirm_roles: [],
      approve_roles: ['owner'],
      owner_self_approve: false,
    });
    expect(r.body.data.roles.map((x: { value: string }) => x.value)).toContain('manager');
    const body = { submit_roles: [], confirm_roles: [], approve_roles: ['owner'], owner_self_approve: true };
    expect((await anan.put('/api/payroll/workflow/update', body)).status).toBe(403);
    const bad = await admin.put('/api/payroll/workflow/update', { ...body, confirm_roles: ['nobody'] });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('ผู้ยืนยัน: ไม่พบบทบาท nobody');
    const none = await admin.put('/api/payroll/workflow/update', { ...body, approve_roles: [] });
    expect(none.status).toBe(400);
  });

  it('a one-owner school: the owner approves their own month only while the setting allows it', async () => {
    const id = await draft('2026-07', admin);
    expect((await admin.post('/api/payroll/submit', { payroll_id: id })).status).toBe(200);
    const refused = await admin.post('/api/payroll/confirm', { payroll_id: id });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain('ผู้ส่งตรวจยืนยันเงินเดือนที่ตนเองส่งไม่ได้');
    const set = await admin.put('/api/payroll/workflow/update', {
      submit_roles: [],
      confirm_roles: [],
      approve_roles: ['owner'],
      owner_self_approve: true,
    });
    expect(set.status, set.body.message).toBe(200);
    expect(set.body.data.owner_self_approve).toBe(true);
    expect((await admin.post('/api/payroll/confirm', { payroll_id: id })).status).toBe(200);
    const a = await admin.post('/api/payroll/approve', { payroll_id: id });
    expect(a.status, a.body.message).toBe(200);
    expect(a.body.data.status).toBe('approved');
    const hist = (await admin.get(`/api/payroll/history/${id}`)).body.data as { step: string; self: boolean }[];
    expect(hist.map((h) => [h.step, h.self])).toEqual([
      ['submit', false],
      ['confirm', true],
      ['approve', true],
    ]);
    // anyone else still never decides their own month: HR submitted, HR is no approver
    const audit = rowsOf<{ n: number }>(
      await t.db.execute(sql`select count(*)::int as n from audit_log where entity = 'payroll_workflow'`),
    );
    expect(audit[0]!.n).toBe(1);
  });

  it('the confirmers set to another role: the branch manager is refused, naming who may', async () => {
    const set = await admin.put('/api/payroll/workflow/update', {
      submit_roles: [],
      confirm_roles: ['owner'],
      approve_roles: ['owner'],
      owner_self_approve: false,
    });
    expect(set.status).toBe(200);
    const id = await draft('2026-06');
    expect((await wanida.post('/api/payroll/submit', { payroll_id: id })).status).toBe(200);
    const mgr = await anan.post('/api/payroll/confirm', { payroll_id: id });
    expect(mgr.status).toBe(403);
    expect(mgr.body.message).toContain('ยืนยันเงินเดือนได้เฉพาะ');
    expect((await admin.post('/api/payroll/confirm', { payroll_id: id })).status).toBe(200);
    expect((await admin.post('/api/payroll/approve', { payroll_id: id })).status).toBe(200);
    await admin.put('/api/payroll/workflow/update', {
      submit_roles: [],
      confirm_roles: [],
      approve_roles: ['owner'],
      owner_self_approve: false,
    });
  });
});

describe('a reopened month', () => {
  it('marks its earlier payslips superseded on every list until the new approval issues version 2', async () => {
    const id = await draft('2026-05');
    expect((await wanida.post('/api/payroll/submit', { payroll_id: id })).status).toBe(200);
    expect((await anan.post('/api/payroll/confirm', { payroll_id: id })).status).toBe(200);
    expect((await admin.post('/api/payroll/approve', { payroll_id: id })).status).toBe(200);
    const q = { branch: bkn, month: '2026-05', user: kittipong };
    const before = (await wanida.get('/api/payroll/payslip/gettable', q)).body.data;
    expect(before.map((s: { version: number; is_current: boolean }) => [s.version, s.is_current])).toEqual([[1, true]]);
    expect((await admin.post('/api/payroll/reopen', { payroll_id: id, reason: 'ลืมเบี้ยขยัน' })).status).toBe(200);
    const during = (await wanida.get('/api/payroll/payslip/gettable', q)).body.data;
    expect(during.map((s: { version: number; is_current: boolean }) => [s.version, s.is_current])).toEqual([
      [1, false],
    ]);
    const hist = (await wanida.get(`/api/payroll/userhistory/${kittipong}`, { month: '2026-05' })).body.data;
    expect(hist.payslip_id).toBeNull();
    const all = (await wanida.post('/api/payroll/payslip/pdf', { payroll_id: id })).status;
    expect(all).toBe(400);
    expect((await wanida.post('/api/payroll/submit', { payroll_id: id })).status).toBe(200);
    expect((await anan.post('/api/payroll/confirm', { payroll_id: id })).status).toBe(200);
    expect((await admin.post('/api/payroll/approve', { payroll_id: id })).status).toBe(200);
    const after = (await wanida.get('/api/payroll/payslip/gettable', q)).body.data;
    expect(after.map((s: { version: number; is_current: boolean }) => [s.version, s.is_current])).toEqual([
      [2, true],
      [1, false],
    ]);
    expect((await steps(id)).map(([s]) => s)).toEqual([
      'submit',
      'confirm',
      'approve',
      'reopen',
      'submit',
      'confirm',
      'approve',
    ]);
  });
});
