/**
 * Exam permissions: extending, disabling and changing the exam date of a course line, each under the line's lock, with
 * their history and the request fee an extension or a change may carry.
 */
import { and, asc, eq } from 'drizzle-orm';
import { todayBangkok } from '@khabkhi/thai';
import { type ChangeDateBody, type ExtendBody } from '@khabkhi/contracts';
import type { Tx } from '../../db/connection.js';
import { applicationCourses, applications } from '../../db/schema/money.js';
import { examAttempts, examPermissionHistory, examPermissions, examSessions } from '../../db/schema/exams.js';
import { audit } from '../../http/audit.js';
import { assertBranch, type Actor } from '../../http/auth.js';
import { badRequest, conflict, notFound } from '../../http/errors.js';
import { createApplication } from '../applications/index.js';
import { canonicalMoney } from '../../lib/serialize.js';
import { examSettings, lineAttempts, lockSession, requestFeeInfo, type LineContext } from './repo.js';
import { assertRegistrationLive, checkEligibility, loadLine, lockLine, releaseSeat, takeSeat } from './book.js';
import { d, kindName } from './shared.js';

// ---- permissions ----

async function writePermission(tx: Tx, line: LineContext, date: string, active: boolean) {
  // every course line has its row (opened at registration)
  await tx
    .update(examPermissions)
    .set({ permission_date: date, is_active: active, updatedAt: new Date() })
    .where(eq(examPermissions.line_id, line.line_id));
}

async function makeRequestFee(
  tx: Tx,
  actor: Actor,
  line: LineContext,
  feeId: number | null,
  what: string,
  date: string,
  reason: string,
  reqId?: string,
) {
  const fee = await requestFeeInfo(tx, feeId);
  if (!fee) throw badRequest(`ค่าคำร้อง: โรงเรียนยังไม่ได้ตั้งค่าค่าคำร้อง${what} (ตั้งค่าโรงเรียน)`);
  const r = await createApplication(
    tx,
    actor,
    {
      application_id: line.application_id,
      courses: [],
      other_fees: [{ other_fee_id: fee.other_fee_id, date }],
      payment: null,
      note: `คำร้อง${what}: ${reason}`,
    } as never,
    reqId,
    'request',
  );
  const [a] = await tx
    .select({
      application_id: applications.application_id,
      application_code: applications.application_code,
      net: applications.net,
    })
    .from(applications)
    .where(eq(applications.application_id, r.applicationId));
  return { ...a!, net: canonicalMoney(a!.net) };
}

export async function extendPermission(tx: Tx, actor: Actor, b: ExtendBody, reqId?: string) {
  const st = await examSettings(tx);
  await lockLine(tx, b.line_id);
  const line = await loadLine(tx, actor, b.line_id);
  assertRegistrationLive(line, 'ต่ออายุสิทธิ์สอบ');
  const attempts = await lineAttempts(tx, line.line_id);
  if (attempts.some((a) => a.kind === 'practical' && a.status === 'passed'))
    throw badRequest(`สิทธิ์สอบ: ${line.customer_name} สอบผ่านแล้ว ไม่ต้องต่ออายุสิทธิ์`);
  if (b.permission_date < todayBangkok()) throw badRequest('วันหมดสิทธิ์สอบ: ต้องไม่เป็นวันที่ผ่านไปแล้ว');
  if (b.permission_date <= line.permission_date) {
    throw badRequest(`วันหมดสิทธิ์สอบ: ต้องหลังวันหมดสิทธิ์เดิม (${d(line.permission_date)})`);
  }
  const request = b.request_fee
    ? await makeRequestFee(tx, actor, line, st.exam_extend_fee_id, 'ต่ออายุสิทธิ์สอบ', b.permission_date, b.reason, reqId)
    : null;
  await writePermission(tx, line, b.permission_date, true);
  const oldValue = `${line.permission_date}${line.is_active ? '' : ' (ระงับ)'}`;
  await tx.insert(examPermissionHistory).values({
    line_id: line.line_id,
    action: 'extend',
    old_value: oldValue,
    new_value: b.permission_date,
    reason: b.reason.trim(),
    request_application_id: request?.application_id ?? null,
    user_id: actor.userId,
  });
  await audit(
    tx,
    actor,
    {
      entity: 'exam_permission',
      entityId: line.line_id,
      action: 'extend',
      branchId: line.branch_id,
      before: { permission_date: line.permission_date, is_active: line.is_active },
      after: { permission_date: b.permission_date, is_active: true, reason: b.reason, request },
    },
    reqId,
  );
  return { line_id: line.line_id, permission_date: b.permission_date, request };
}

export async function disablePermission(tx: Tx, actor: Actor, lineId: number, reason: string, reqId?: string) {
  await lockLine(tx, lineId);
  const line = await loadLine(tx, actor, lineId);
  if (!line.is_active) throw badRequest(`สิทธิ์สอบ: สิทธิ์สอบของ ${line.customer_name} ถูกระงับอยู่แล้ว`);
  // a disabled permission keeps no seat: its pending bookings are cancelled (each session under its lock)
  const pending = await tx
    .select()
    .from(examAttempts)
    .where(and(eq(examAttempts.line_id, lineId), eq(examAttempts.status, 'booked')))
    .orderBy(asc(examAttempts.session_id));
  // (one whose result was recorded meanwhile keeps it: it holds no booking any more)
  const cancelled: number[] = [];
  for (const a of pending) {
    await lockSession(tx, a.session_id);
    if (await releaseSeat(tx, actor, a, `ระงับสิทธิ์สอบ: ${reason}`, reqId)) cancelled.push(a.attempt_id);
  }
  await writePermission(tx, line, line.permission_date, false);
  await tx.insert(examPermissionHistory).values({
    line_id: lineId,
    action: 'disable',
    old_value: `${line.permission_date} (ใช้ได้)`,
    new_value: `${line.permission_date} (ระงับ)`,
    reason: reason.trim(),
    user_id: actor.userId,
  });
  await audit(
    tx,
    actor,
    {
      entity: 'exam_permission',
      entityId: lineId,
      action: 'disable',
      branchId: line.branch_id,
      before: { is_active: true },
      after: { is_active: false, reason, cancelled_bookings: cancelled },
    },
    reqId,
  );
  return { line_id: lineId, cancelled: cancelled.length, customer_name: line.customer_name };
}

export async function changeDate(tx: Tx, actor: Actor, b: ChangeDateBody, reqId?: string) {
  if (!b.session_id && !b.exam_date) throw badRequest('วันสอบ: ต้องเลือกรอบสอบใหม่หรือวันสอบใหม่');
  const st = await examSettings(tx);
  await lockLine(tx, b.line_id);
  const line = await loadLine(tx, actor, b.line_id);
  assertRegistrationLive(line, 'เปลี่ยนวันสอบ');
  const attempts = await lineAttempts(tx, line.line_id);
  let oldValue = line.exam_date ?? '';
  let newValue: string;
  if (b.session_id) {
    const [target] = await tx
      .select({ kind: examSessions.kind, branch_id: examSessions.branch_id })
      .from(examSessions)
      .where(eq(examSessions.session_id, b.session_id));
    if (!target) throw notFound('ไม่พบรอบสอบนี้');
    const current = attempts.find((a) => a.kind === target.kind && a.status === 'booked');
    if (!current) {
      const taken = attempts.find((a) => a.kind === target.kind);
      if (taken && taken.status !== 'failed' && taken.status !== 'absent')
        throw badRequest(
          `วันสอบ: ${line.customer_name} สอบ${kindName(target.kind)}ไปแล้วเมื่อ ${d(taken.exam_date)} เปลี่ยนวันสอบที่สอบไปแล้วไม่ได้`,
        );
      throw badRequest(`วันสอบ: ${line.customer_name} ยังไม่ได้จองรอบสอบ${kindName(target.kind)} ให้จองรอบสอบแทนการเปลี่ยนวัน`);
    }
    if (current.session_id === b.session_id) throw badRequest('วันสอบ: เป็นรอบสอบเดิม');
    // both sessions locked in id order (two moves in opposite directions cannot deadlock)
    const [first, second] = [current.session_id, b.session_id].sort((x, y) => x - y) as [number, number];
    const a1 = await lockSession(tx, first);
    const a2 = await lockSession(tx, second);
    const s = (a1?.session_id === b.session_id ? a1 : a2)!;
    if (s.is_delete) throw notFound('ไม่พบรอบสอบนี้');
    assertBranch(actor, s.branch_id);
    if (s.branch_id !== line.branch_id) throw badRequest('สาขา: รอบสอบนี้เป็นของสาขาอื่น ผู้เรียนสมัครที่สาขาอื่น');
    await checkEligibility(tx, line, s, st, current.attempt_id);
    const [old] = await tx.select().from(examAttempts).where(eq(examAttempts.attempt_id, current.attempt_id));
    if (!(await releaseSeat(tx, actor, old!, `เปลี่ยนวันสอบ: ${b.reason}`, reqId)))
      throw conflict(`วันสอบ: รายการสอบเดิมของ ${line.customer_name} เพิ่งบันทึกผลสอบ เปลี่ยนวันสอบไม่ได้ กรุณาตรวจสอบผลสอบ`);
    await takeSeat(tx, actor, s, line, reqId);
    oldValue = `${current.exam_date} ${current.start_time}`;
    newValue = `${s.exam_date} ${s.start_time}`;
  } else {
    const date = b.exam_date!;
    if (date < todayBangkok()) throw badRequest('วันสอบ: ต้องไม่เป็นวันที่ผ่านไปแล้ว');
    if (attempts.some((a) => a.status === 'booked'))
      throw badRequest('วันสอบ: มีการจองรอบสอบอยู่ ให้เลือกรอบสอบใหม่แทนการแก้วันที่');
    const taken = attempts.find((a) => a.exam_date === line.exam_date && a.status !== 'cancelled');
    if (taken)
      throw badRequest(`วันสอบ: ${line.customer_name} สอบไปแล้วเมื่อ ${d(taken.exam_date)} เปลี่ยนวันสอบที่สอบไปแล้วไม่ได้`);
    if (!line.is_active) throw badRequest(`สิทธิ์สอบ: สิทธิ์สอบของ ${line.customer_name} ถูกระงับ`);
    if (line.permission_date < date)
      throw badRequest(
        `สิทธิ์สอบ: สิทธิ์สอบของ ${line.customer_name} หมดวันที่ ${d(line.permission_date)} ก่อนวันสอบใหม่ ต้องต่ออายุสิทธิ์ก่อน`,
      );
    await tx.update(applicationCourses).set({ exam_date: date }).where(eq(applicationCourses.line_id, line.line_id));
    newValue = date;
  }
  const request = b.request_fee
    ? await makeRequestFee(
        tx,
        actor,
        line,
        st.exam_changedate_fee_id,
        'เปลี่ยนวันสอบ',
        newValue.slice(0, 10),
        b.reason,
        reqId,
      )
    : null;
  await tx.insert(examPermissionHistory).values({
    line_id: line.line_id,
    action: 'changedate',
    old_value: oldValue,
    new_value: newValue,
    reason: b.reason.trim(),
    request_application_id: request?.application_id ?? null,
    user_id: actor.userId,
  });
  await audit(
    tx,
    actor,
    {
      entity: 'exam_date',
      entityId: line.line_id,
      action: 'changedate',
      branchId: line.branch_id,
      before: { exam_date: oldValue },
      after: { exam_date: newValue, reason: b.reason, request },
    },
    reqId,
  );
  return { line_id: line.line_id, exam_date: newValue.slice(0, 10), request, customer_name: line.customer_name };
}
