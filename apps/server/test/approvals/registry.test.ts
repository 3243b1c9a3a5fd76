/**
 * The generic maker–checker (modules/approvals): a kind registered the way another feature would (here a made-up
 * "reopen a payroll month" on a branch), filed through the service and decided through request/approve.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { approvalRequests } from '../../src/db/schema/approvals.js';
import { auditLog, users } from '../../src/db/schema/core.js';
import type { Ability } from '../../src/db/schema/core.js';
import type { Actor } from '../../src/http/auth.js';
import { AppError, badRequest } from '../../src/http/errors.js';
import { audit } from '../../src/http/audit.js';
import { registerApprovalKind } from '../../src/modules/approvals/kinds.js';
import { decideRequest, fileRequest, pendingCount, requestTable } from '../../src/modules/approvals/service.js';
import { createTestApp, type TestApp } from '../helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const reopen = registerApprovalKind<{ month: string; fail: boolean }>({
  kind: 'test_reopen_month',
  name: 'ขอเปิดงวดเงินเดือน (ทดสอบ)',
  request: ['update', 'Payroll'],
  decide: ['approve', 'Payroll'],
  entity: 'test_payroll_request',
  approvedMessage: 'อนุมัติให้เปิดงวดเงินเดือนแล้ว',
  async validate(_tx, _actor, periodId, reason) {
    if (reason === 'ปิดไปแล้ว') throw badRequest('งวดนี้เปิดอยู่แล้ว');
    return { branchId: 1, label: `งวดที่ ${periodId}`, payload: { month: '2026-10', fail: reason.includes('พัง') } };
  },
  async apply(tx, actor, r, reqId) {
    // a write, then (for a request whose reason says so) a refusal: the write must not survive
    await audit(
      tx,
      actor,
      {
        entity: 'test_payroll_month',
        entityId: r.subject_id,
        action: 'reopen',
        branchId: r.branch_id,
        after: r.payload,
      },
      reqId,
    );
    if (r.payload.fail) throw badRequest('เปิดงวดไม่ได้: มีการจ่ายเงินเดือนแล้ว');
  },
});

async function actor(username: string, abilities: Ability[]): Promise<Actor> {
  const [u] = await t.db.select().from(users).where(eq(users.username, username));
  return {
    userId: u!.user_id,
    username,
    roleId: u!.role_id,
    roleSlug: 'test',
    branchId: u!.branch_id,
    familyId: 'test',
    abilities,
    branchScope: null,
  };
}
const code = async (p: Promise<unknown>) => {
  try {
    await p;
    return null;
  } catch (e) {
    return e instanceof AppError ? [e.statusCode, e.message] : e;
  }
};
const applied = async (subject: number) =>
  (
    await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'test_payroll_month'), eq(auditLog.entity_id, String(subject))))
  )[0]!.n;

describe('approval kinds registry', () => {
  it('the same key cannot be taken by a second definition', () => {
    expect(() => registerApprovalKind({ ...reopen })).toThrow(/already registered/);
    expect(registerApprovalKind(reopen)).toBe(reopen);
  });

  it('filing needs the kind’s own ability and passes its validate; one pending request per subject', async () => {
    const cashierLike = await actor('malee', [{ action: 'create', subject: 'Request' }]);
    const hr = await actor('malee', [{ action: 'update', subject: 'Payroll' }]);
    expect(await code(t.db.transaction((tx) => fileRequest(tx, cashierLike, reopen.kind, 101, 'ขอแก้ยอด')))).toEqual([
      403,
      'คุณไม่มีสิทธิ์ส่งคำขอนี้',
    ]);
    expect(await code(t.db.transaction((tx) => fileRequest(tx, hr, reopen.kind, 101, 'ปิดไปแล้ว')))).toEqual([
      400,
      'งวดนี้เปิดอยู่แล้ว',
    ]);
    expect(await code(t.db.transaction((tx) => fileRequest(tx, hr, reopen.kind, 101, '   ')))).toEqual([
      400,
      'หมายเหตุ: ต้องระบุเหตุผลของคำขอ',
    ]);
    expect(await code(t.db.transaction((tx) => fileRequest(tx, hr, 'no_such_kind', 101, 'x')))).toEqual([
      400,
      'ไม่รู้จักประเภทคำขอนี้',
    ]);
    const r = await t.db.transaction((tx) => fileRequest(tx, hr, reopen.kind, 1, 'ขอแก้ยอด'));
    expect(r).toMatchObject({
      kind: reopen.kind,
      kind_name: reopen.name,
      subject_id: 1,
      branch_id: 1,
      status: 'pending',
      note: 'ขอแก้ยอด',
      application_id: null,
    });
    expect(await code(t.db.transaction((tx) => fileRequest(tx, hr, reopen.kind, 1, 'อีกครั้ง')))).toEqual([
      409,
      `งวดที่ 1 มีคำขอที่รออนุมัติอยู่แล้ว (${reopen.name})`,
    ]);
    const [row] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'test_payroll_request'), eq(auditLog.entity_id, String(r.request_id))));
    expect(row).toMatchObject({ action: 'create' });
  });

  it('deciding needs approve Request and the kind’s decide ability, never by the requester', async () => {
    const hr = await actor('malee', [{ action: 'update', subject: 'Payroll' }]);
    const r = await t.db.transaction((tx) => fileRequest(tx, hr, reopen.kind, 2, 'ขอแก้ยอด'));
    const requestOnly = await actor('somchai', [{ action: 'approve', subject: 'Request' }]);
    const payrollOnly = await actor('somchai', [{ action: 'approve', subject: 'Payroll' }]);
    const both = await actor('somchai', [
      { action: 'approve', subject: 'Request' },
      { action: 'approve', subject: 'Payroll' },
    ]);
    const self = await actor('malee', [
      { action: 'approve', subject: 'Request' },
      { action: 'approve', subject: 'Payroll' },
    ]);
    const decide = (a: Actor) =>
      code(t.db.transaction((tx) => decideRequest(tx, a, { request_id: r.request_id, approve: true })));
    expect(await decide(requestOnly)).toEqual([403, 'คุณไม่มีสิทธิ์อนุมัติคำขอประเภทนี้']);
    expect(await decide(payrollOnly)).toEqual([403, 'คุณไม่มีสิทธิ์อนุมัติคำขอ']);
    expect(await decide(self)).toEqual([403, 'ผู้ขอไม่สามารถอนุมัติคำขอของตนเองได้ ต้องให้ผู้มีสิทธิ์อีกคนอนุมัติ']);
    expect(await applied(2)).toBe(0);
    // the badge counts only kinds the person decides
    expect(await pendingCount(t.db, requestOnly)).toBe(0);
    expect(await pendingCount(t.db, both)).toBeGreaterThanOrEqual(1);
    const list = await requestTable(t.db, both, { status: 'รออนุมัติ' }, 50, 0);
    expect(list.rows.find((x) => x.request_id === r.request_id)).toMatchObject({
      can_approve: true,
      kind_name: reopen.name,
      application_code: null,
      payment_code: null,
    });
    expect(
      (await requestTable(t.db, requestOnly, {}, 50, 0)).rows.find((x) => x.request_id === r.request_id)?.can_approve,
    ).toBe(false);
    expect(await decide(both)).toBeNull();
    expect(await applied(2)).toBe(1);
    expect(await decide(both)).toEqual([409, 'คำขอนี้อนุมัติแล้วไปแล้ว']);
  });

  it('apply runs in the deciding transaction: a failing apply writes nothing and the request stays pending', async () => {
    const hr = await actor('malee', [{ action: 'update', subject: 'Payroll' }]);
    const r = await t.db.transaction((tx) => fileRequest(tx, hr, reopen.kind, 3, 'ระบบพัง'));
    const admin = await actor('admin', [{ action: 'manage', subject: 'all' }]);
    const before = (await t.db.select({ n: sql<number>`count(*)::int` }).from(auditLog))[0]!.n;
    expect(
      await code(t.db.transaction((tx) => decideRequest(tx, admin, { request_id: r.request_id, approve: true }))),
    ).toEqual([400, 'เปิดงวดไม่ได้: มีการจ่ายเงินเดือนแล้ว']);
    expect(await applied(3)).toBe(0);
    expect((await t.db.select({ n: sql<number>`count(*)::int` }).from(auditLog))[0]!.n).toBe(before);
    const [still] = await t.db.select().from(approvalRequests).where(eq(approvalRequests.request_id, r.request_id));
    expect(still).toMatchObject({ decision: 'pending', decided_by: null, decided_at: null });
    // a rejection does not apply
    const no = await t.db.transaction((tx) =>
      decideRequest(tx, admin, { request_id: r.request_id, approve: false, note: 'ไม่เปิด' }),
    );
    expect(no.request).toMatchObject({ status: 'rejected', decision_note: 'ไม่เปิด' });
    expect(await applied(3)).toBe(0);
  });

  it('request/approve decides any registered kind, with the kind’s message and the SPEC shape', async () => {
    const hr = await actor('malee', [{ action: 'update', subject: 'Payroll' }]);
    const r = await t.db.transaction((tx) => fileRequest(tx, hr, reopen.kind, 4, 'ขอแก้ยอด'));
    const malee = await t.as('malee');
    expect((await malee.post('/api/request/approve', { request_id: r.request_id, approve: true })).status).toBe(403);
    const res = await (
      await t.as('somchai')
    ).post('/api/request/approve', { request_id: r.request_id, approve: true, note: 'ตกลง' });
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.message).toBe('อนุมัติให้เปิดงวดเงินเดือนแล้ว');
    expect(res.body.data).toMatchObject({
      request_id: r.request_id,
      status: 'approved',
      decision_note: 'ตกลง',
      kind: reopen.kind,
    });
    const table = await (await t.as('somchai')).get('/api/request/gettable', { status: 'ทั้งหมด' });
    expect(table.status).toBe(200);
    expect(table.body.data.find((x: any) => x.request_id === r.request_id)).toMatchObject({
      status_name: 'อนุมัติแล้ว',
      application_code: null,
      customer_name: null,
    });
  });
});
