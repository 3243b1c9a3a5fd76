/**
 * Payroll workflow on the school's approvals: sending a month back with a reason, the roles as a school setting
 * (with the one-owner school's own approval), the history of every step, and payslips superseded while a month is
 * reopened.
 */
import { execFileSync } from 'node:child_process';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type Client, type TestApp } from '../helpers.js';

let t: TestApp;
let admin: Client;
let wanida: Client;
let anan: Client;
let suda: Client;
let somchai: Client;
let bkn = 0;
let kittipong = 0;

const rowsOf = <T>(r: unknown): T[] => ((r as { rows?: T[] }).rows ?? (r as T[])) as T[];

/** A branch-month saved as a draft by HR, answered with its payroll id. */
async function draft(month: string, by: Client = wanida) {
  const r = await by.put('/api/list-payrollList/update', { branch_id: bkn, month, lines: [] });
  expect(r.status, r.body.message).toBe(200);
  return r.body.data.payroll.payroll_id as number;
}
/** Sets the workflow's roles (the defaults, with what is given). */
const setRoles = (
  w: Partial<Record<'submit_roles' | 'confirm_roles' | 'approve_roles', string[]>> & { owner_self_approve?: boolean },
) =>
  admin.put('/api/payroll/workflow/update', {
    submit_roles: [],
    confirm_roles: [],
    approve_roles: ['owner'],
    owner_self_approve: false,
    ...w,
  });
const steps = async (id: number) =>
  ((await wanida.get(`/api/payroll/history/${id}`)).body.data as { step: string; by: string; reason: string }[]).map(
    (s) => [s.step, s.reason],
  );

beforeAll(async () => {
  t = await createTestApp();
  [admin, wanida, anan, suda, somchai] = await Promise.all(
    ['admin', 'wanida', 'anan', 'suda', 'somchai'].map((u) => t.as(u)),
  );
  bkn = (await admin.get('/api/branch/list')).body.data.find((b: { code: string }) => b.code === 'BKN').branch_id;
  kittipong = rowsOf<{ user_id: number }>(
    await t.db.execute(sql`select user_id from users where username = 'kittipong'`),
  )[0]!.user_id;
  await t.db.execute(sql`update users set salary = 30000, sso_salary = 0 where user_id = ${kittipong}`);
});
// each test starts from the default roles, whatever the one before it left
afterEach(async () => {
  expect((await setRoles({})).status).toBe(200);
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

  it('a one-owner school: the owner decides their own month only while the setting allows it, and only as the one owner', async () => {
    const id = await draft('2026-07', admin);
    expect((await admin.post('/api/payroll/submit', { payroll_id: id })).status).toBe(200);
    const refused = await admin.post('/api/payroll/confirm', { payroll_id: id });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain('ผู้ส่งตรวจยืนยันเงินเดือนที่ตนเองส่งไม่ได้');
    const set = await setRoles({ owner_self_approve: true });
    expect(set.status, set.body.message).toBe(200);
    expect(set.body.data.owner_self_approve).toBe(true);
    // a second owner joins: the setting no longer lets the first decide their own month
    await t.db.execute(
      sql`insert into users (username, password_hash, role_id, branch_id, fname, sname)
          select 'owner2', password_hash, role_id, branch_id, 'เจ้าของ', 'คนที่สอง' from users where username = 'admin'`,
    );
    const two = await admin.post('/api/payroll/confirm', { payroll_id: id });
    expect(two.status).toBe(409);
    expect(two.body.message).toContain('ยืนยันไม่ได้: โรงเรียนมีเจ้าของกิจการ/ผู้ดูแลระบบมากกว่าหนึ่งคน');
    await t.db.execute(sql`update users set status = 'inactive' where username = 'owner2'`);
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
    // the setting is the owner's alone: HR, who may confirm, still never confirms what HR submitted
    const hr = await draft('2026-04');
    expect((await wanida.post('/api/payroll/submit', { payroll_id: hr })).status).toBe(200);
    const own = await wanida.post('/api/payroll/confirm', { payroll_id: hr });
    expect(own.status).toBe(409);
    expect(own.body.message).toContain('ผู้ส่งตรวจยืนยันเงินเดือนที่ตนเองส่งไม่ได้');
    expect((await anan.post('/api/payroll/send-back', { payroll_id: hr, reason: 'ทดสอบ' })).status).toBe(200);
    // and the database refuses a request decided by its own maker unless the row says so
    await expect(
      t.db.execute(
        sql`update approval_requests set decision = 'approved', decided_by = requested_by, self_decided = false
            where subject_id = ${hr} and kind = 'payroll_confirm'`,
      ),
    ).rejects.toThrow();
    // the setting's change is audited with what it was and what it became
    const [change] = rowsOf<{ before: { owner_self_approve: boolean }; after: { owner_self_approve: boolean } }>(
      await t.db.execute(
        sql`select before, after from audit_log where entity = 'payroll_workflow' and action = 'update'
            and (after->>'owner_self_approve')::boolean order by id desc limit 1`,
      ),
    );
    expect(change).toMatchObject({ before: { owner_self_approve: false }, after: { owner_self_approve: true } });
    expect((await setRoles({})).status).toBe(200);
  });

  it('a step by a role the setting leaves out is refused in Thai, naming who may', async () => {
    expect((await setRoles({ submit_roles: ['accountant'], confirm_roles: ['owner'] })).status).toBe(200);
    const id = await draft('2026-06');
    const mgrSubmit = await anan.post('/api/payroll/submit', { payroll_id: id });
    expect(mgrSubmit.status).toBe(403);
    expect(mgrSubmit.body.message).toBe('ส่งตรวจเงินเดือนได้เฉพาะ บัญชี/บุคคล');
    expect((await wanida.post('/api/payroll/submit', { payroll_id: id })).status).toBe(200);
    const mgr = await anan.post('/api/payroll/confirm', { payroll_id: id });
    expect(mgr.status).toBe(403);
    expect(mgr.body.message).toBe('ยืนยันเงินเดือนได้เฉพาะ เจ้าของ/ผู้ดูแลระบบ');
    const mgrBack = await anan.post('/api/payroll/send-back', { payroll_id: id, reason: 'ผิด' });
    expect(mgrBack.status).toBe(403);
    expect(mgrBack.body.message).toBe('ส่งกลับเงินเดือนได้เฉพาะ เจ้าของ/ผู้ดูแลระบบ');
    expect((await admin.post('/api/payroll/confirm', { payroll_id: id })).status).toBe(200);
    // approving stays the owner's (the default): the branch manager is refused, the month unchanged
    const mgrApprove = await anan.post('/api/payroll/approve', { payroll_id: id });
    expect(mgrApprove.status).toBe(403);
    expect(mgrApprove.body.message).toBe('อนุมัติเงินเดือนได้เฉพาะเจ้าของกิจการ/ผู้ดูแลระบบ');
    const cashier = await suda.post('/api/payroll/approve', { payroll_id: id });
    expect(cashier.status).toBe(403);
    expect(cashier.body.message).toMatch(/[\u0E00-\u0E7F]/);
    expect((await wanida.get(`/api/payroll/history/${id}`)).body.data.map((h: { step: string }) => h.step)).toEqual([
      'submit',
      'confirm',
    ]);
    expect((await admin.post('/api/payroll/approve', { payroll_id: id })).status).toBe(200);
    expect((await setRoles({})).status).toBe(200);
  });
});

describe('deciding at the same moment', () => {
  it('24 calls at once by two approvers (approve, send back, approve on the requests screen) record one decision, never a 500', async () => {
    expect((await setRoles({ approve_roles: ['owner', 'manager'] })).status).toBe(200);
    const id = await draft('2026-03');
    expect((await wanida.post('/api/payroll/submit', { payroll_id: id })).status).toBe(200);
    // 20 confirms at once: one confirm, one approve request filed
    const confirms = await Promise.all(
      Array.from({ length: 20 }, (_, i) => (i % 2 ? somchai : anan).post('/api/payroll/confirm', { payroll_id: id })),
    );
    for (const c of confirms) expect([200, 409], c.body.message).toContain(c.status);
    expect(confirms.filter((c) => c.status === 200)).toHaveLength(1);
    const [req] = rowsOf<{ request_id: number }>(
      await t.db.execute(
        sql`select request_id from approval_requests where kind = 'payroll_approve' and subject_id = ${id} and decision = 'pending'`,
      ),
    );
    const calls = Array.from({ length: 24 }, (_, i) => {
      const who = i % 2 ? admin : anan;
      if (i % 4 === 3) return anan.post('/api/payroll/send-back', { payroll_id: id, reason: `ส่งกลับ ${i}` });
      if (i % 6 === 0) return admin.post('/api/request/approve', { request_id: req!.request_id, approve: true });
      return who.post('/api/payroll/approve', { payroll_id: id });
    });
    const results = await Promise.all(calls);
    for (const r of results) {
      expect([200, 409], `${r.status} ${r.body.message}`).toContain(r.status);
      expect(r.body.message).toMatch(/[\u0E00-\u0E7F]/);
      // each loser is told why (already approved, sent back, decided), never the deadlock's "try again"
      expect(r.body.message).not.toContain('พร้อมกัน');
    }
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    const decided = rowsOf<{ decision: string }>(
      await t.db.execute(
        sql`select decision from approval_requests where kind = 'payroll_approve' and subject_id = ${id}`,
      ),
    );
    expect(decided).toHaveLength(1);
    const status = (await wanida.get(`/api/payroll/history/${id}`)).body.data.map((h: { step: string }) => h.step);
    expect(status).toEqual(['submit', 'confirm', decided[0]!.decision === 'approved' ? 'approve' : 'send_back']);
    // an approval issued one payslip per line of version 1, a send-back none
    const slips = rowsOf<{ n: number; people: number; lines: number; versions: number }>(
      await t.db.execute(
        sql`select count(*)::int as n, count(distinct user_id)::int as people, max(version) as versions,
              (select count(*)::int from payroll_lines where payroll_id = ${id}) as lines
            from payslips where payroll_id = ${id}`,
      ),
    )[0]!;
    if (decided[0]!.decision === 'approved')
      expect(slips).toMatchObject({ n: slips.lines, people: slips.lines, versions: 1 });
    else expect(slips.n).toBe(0);
    expect(slips.lines).toBeGreaterThan(0);
    const audits = rowsOf<{ n: number }>(
      await t.db.execute(
        sql`select count(*)::int as n from audit_log where entity = 'payroll' and entity_id = ${String(id)} and action in ('approve', 'send_back')`,
      ),
    );
    expect(audits[0]!.n).toBe(1);
    expect((await setRoles({})).status).toBe(200);
  });
});

describe("a month's request on the requests screen", () => {
  it('is listed and decided there too: the confirmer confirms; sending back needs a reason; the badge counts what one decides', async () => {
    const id = await draft('2026-02');
    expect((await wanida.post('/api/payroll/submit', { payroll_id: id })).status).toBe(200);
    const list = await anan.get('/api/request/gettable', { status: 'pending' });
    const row = list.body.data.find(
      (r: { kind: string; subject_id: number }) => r.kind === 'payroll_confirm' && r.subject_id === id,
    );
    expect(row).toMatchObject({ kind_name: 'ยืนยันเงินเดือน', can_approve: true });
    expect(
      (await wanida.get('/api/request/gettable', { status: 'pending' })).body.data.find(
        (r: { request_id: number }) => r.request_id === row.request_id,
      ),
    ).toMatchObject({ can_approve: false });
    const filed = await anan.post('/api/request/approve', { request_id: row.request_id, approve: false });
    expect(filed.status).toBe(400);
    expect(filed.body.message).toBe('เหตุผล: ต้องระบุเหตุผลที่ส่งกลับแก้ไข');
    const ok = await anan.post('/api/request/approve', { request_id: row.request_id, approve: true });
    expect(ok.status, ok.body.message).toBe(200);
    expect(ok.body.message).toContain('ยืนยันเงินเดือนเรียบร้อยแล้ว');
    const month = (await wanida.get(`/api/payroll/history/${id}`)).body.data.map((h: { step: string }) => h.step);
    expect(month).toEqual(['submit', 'confirm']);
    // the approve request now waits on the owner: not in the branch manager's badge, in the owner's
    const badge = async (c: Client) => (await c.get('/api/request/pending-count')).body.data.pending as number;
    const [mgrBefore, ownerBefore] = [await badge(anan), await badge(admin)];
    const pending = rowsOf<{ n: number }>(
      await t.db.execute(
        sql`select count(*)::int as n from approval_requests where kind = 'payroll_approve' and decision = 'pending'`,
      ),
    );
    expect(pending[0]!.n).toBeGreaterThan(0);
    const back = await admin.post('/api/payroll/send-back', { payroll_id: id, reason: 'ยังไม่ครบ' });
    expect(back.status).toBe(200);
    expect(await badge(admin)).toBe(ownerBefore - 1);
    expect(await badge(anan)).toBe(mgrBefore);
    // a decided request stays decided
    const again = await admin.post('/api/request/approve', { request_id: row.request_id, approve: true });
    expect(again.status).toBe(409);
    expect(again.body.message).toContain('คำขอนี้อนุมัติแล้ว');
  });
});

describe('a month submitted before the workflow ran on approvals', () => {
  it('has no request yet: confirming files it for the submitter and decides it; the submitter still may not', async () => {
    const id = await draft('2026-01');
    expect((await wanida.post('/api/payroll/submit', { payroll_id: id })).status).toBe(200);
    // as migration 0037 finds such a month: submitted, no request
    await t.db.execute(sql`delete from approval_requests where subject_id = ${id} and kind like 'payroll_%'`);
    const own = await wanida.post('/api/payroll/confirm', { payroll_id: id });
    expect(own.status).toBe(409);
    expect(own.body.message).toContain('ผู้ส่งตรวจยืนยันเงินเดือนที่ตนเองส่งไม่ได้');
    expect((await anan.post('/api/payroll/confirm', { payroll_id: id })).status).toBe(200);
    const reqs = rowsOf<{ kind: string; decision: string; requested_by: number; decided_by: number | null }>(
      await t.db.execute(
        sql`select kind, decision, requested_by, decided_by from approval_requests where subject_id = ${id} and kind like 'payroll_%' order by request_id`,
      ),
    );
    const wanidaId = rowsOf<{ user_id: number }>(
      await t.db.execute(sql`select user_id from users where username = 'wanida'`),
    )[0]!.user_id;
    expect(reqs.map((r) => [r.kind, r.decision, r.requested_by])).toEqual([
      ['payroll_confirm', 'approved', wanidaId],
      ['payroll_approve', 'pending', wanidaId],
    ]);
  });
});

describe('a reopened month', () => {
  it('marks its earlier payslips superseded on every list and on the printed slip until the new approval issues version 2', async () => {
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
    // the earlier payslip printed now says so
    const link = (await wanida.post('/api/payroll/payslip/pdf', { payslip_id: during[0].payslip_id })).body.data.pdf;
    const pdf = await t.app.inject({ method: 'GET', url: link });
    const text = execFileSync('pdftotext', ['-', '-'], { input: pdf.rawPayload }).toString();
    expect(text.replace(/\s+/g, '')).toContain('ฉบับนี้ถูกแทนที่แล้ว');
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
  }, 60_000);
});
