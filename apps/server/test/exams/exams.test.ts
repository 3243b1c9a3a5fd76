/**
 * Exams: sessions, bookings and every booking rule with its Thai message, 30 concurrent bookings on a
 * 20-seat session, results (theory mark and practical manoeuvres), the retake wait, changes of date, permissions
 * with their history and request fees, the tables in SPEC's shape, the calendar and the roster PDF.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { addDays, todayBangkok } from '@khabkhi/thai';
import { schoolSettings } from '../../src/db/schema/core.js';
import { examPermissions } from '../../src/db/schema/exams.js';
import type { Client, TestApp } from '../helpers.js';
import { customer, moneySuite, type Catalog } from '../money/fixtures.js';
import { rows } from '../foundation/fixtures.js';

const suite = moneySuite();
let t: TestApp;
let cat: Catalog;
let admin: Client;
let malee: Client;
const today = todayBangkok();
const out = path.resolve(__dirname, '../../../../test-results/exams');

beforeAll(async () => {
  ({ t, cat } = suite);
  admin = await t.as('admin');
  malee = await t.as('malee');
  fs.mkdirSync(out, { recursive: true });
});

const yearsAgo = (n: number) => `${Number(today.slice(0, 4)) - n}${today.slice(4)}`;
async function settings(v: Partial<typeof schoolSettings.$inferInsert>) {
  await t.db.update(schoolSettings).set(v).where(eq(schoolSettings.id, 1));
}

/** A registration of one course line; paid in full unless `paid` says otherwise. */
async function student(
  opts: { course?: number; paid?: string; birthday?: string; fname?: string; branch?: number; by?: Client } = {},
) {
  const course = opts.course ?? cat.car;
  const price = course === cat.moto ? '3500.50' : course === cat.bknCar ? '7000' : '6500';
  const paid = opts.paid ?? price;
  const r = await (opts.by ?? malee).post('/api/application/create', {
    ...(opts.branch ? { branch_id: opts.branch } : {}),
    customer: customer({ fname: opts.fname ?? 'ผู้สอบ', birthday: opts.birthday ?? '1999-01-15' }),
    courses: [{ course_id: course }],
    other_fees: [],
    payment: paid === '0' ? null : { paid, pay_type: 'cash' },
  });
  expect(r.status, r.body.message).toBe(200);
  const a = r.body.data.application;
  return {
    line_id: a.courses[0].line_id as number,
    application_id: a.application_id as number,
    customer_id: a.customer_id as number,
    name: `${a.customer.prefix}${a.customer.fname} ${a.customer.sname}`,
  };
}

async function session(v: Record<string, unknown> = {}) {
  const r = await admin.post('/api/exam/session/create', {
    branch_id: cat.hq,
    exam_date: today,
    start_time: '09:00',
    exam_kind: 'theory',
    course_type: 'รถยนต์',
    capacity: 10,
    place: 'ห้องสอบ 1',
    examiner: 'นายผู้คุม สอบดี',
    ...v,
  });
  expect(r.status, r.body.message).toBe(200);
  return r.body.data.session_id as number;
}

const bookOf = (c: Client, session_id: number, line_id: number) => c.post('/api/exam/book', { session_id, line_id });
function refused(r: { status: number; body: { status: string; message: string } }, status: number, ...parts: string[]) {
  expect(r.status, r.body.message).toBe(status);
  expect(r.body.status).toBe('error');
  for (const p of parts) expect(r.body.message).toContain(p);
}

describe('sessions', () => {
  it('creates, updates and deletes a session; refuses a past date, an unknown licence type and seats below the bookings', async () => {
    const id = await session({ capacity: 2 });
    refused(
      await admin.post('/api/exam/session/create', {
        branch_id: cat.hq,
        exam_date: addDays(today, -1),
        start_time: '09:00',
        exam_kind: 'theory',
        course_type: 'รถยนต์',
        capacity: 5,
      }),
      400,
      'วันที่ผ่านไปแล้ว',
    );
    refused(
      await admin.post('/api/exam/session/create', {
        branch_id: cat.hq,
        exam_date: today,
        start_time: '09:00',
        exam_kind: 'theory',
        course_type: 'เรือ',
        capacity: 5,
      }),
      400,
      'ประเภทใบขับขี่',
      'เรือ',
    );
    refused(
      await admin.post('/api/exam/session/create', {
        branch_id: cat.hq,
        exam_date: today,
        start_time: '25:00',
        exam_kind: 'theory',
        course_type: 'รถยนต์',
        capacity: 5,
      }),
      400,
      'เวลาเริ่มสอบ',
    );
    const s = await student();
    expect((await bookOf(malee, id, s.line_id)).status).toBe(200);
    expect((await bookOf(malee, id, (await student()).line_id)).status).toBe(200);
    refused(
      await admin.put('/api/exam/session/update', {
        session_id: id,
        branch_id: cat.hq,
        exam_date: today,
        start_time: '10:00',
        exam_kind: 'theory',
        course_type: 'รถยนต์',
        capacity: 1,
      }),
      400,
      'จองแล้ว 2 คน',
    );
    refused(
      await admin.put('/api/exam/session/update', {
        session_id: id,
        branch_id: cat.hq,
        exam_date: addDays(today, 1),
        start_time: '10:00',
        exam_kind: 'theory',
        course_type: 'รถยนต์',
        capacity: 3,
      }),
      400,
      'มีผู้จองแล้ว',
    );
    const up = await admin.put('/api/exam/session/update', {
      session_id: id,
      branch_id: cat.hq,
      exam_date: today,
      start_time: '10:30',
      exam_kind: 'theory',
      course_type: 'รถยนต์',
      capacity: 3,
      place: 'ห้อง 2',
    });
    expect(up.status, up.body.message).toBe(200);
    // create and update answer the session as the lists do (branch, kind name, free seats), not the stored row
    const listed = (await admin.get('/api/exam/session/list', { start: today, end: today })).body.data.find(
      (x: any) => x.session_id === id,
    );
    const { students: _students, ...asListed } = listed;
    expect(up.body.data).toEqual(asListed);
    expect(up.body.data).toMatchObject({ start_time: '10:30', kind_name: 'ภาคทฤษฎี', booked: 2, free: 1 });
    expect(up.body.data.branch_name).toBeTruthy();
    for (const stored of ['is_delete', 'created_by', 'createdAt', 'updatedAt'])
      expect(up.body.data, stored).not.toHaveProperty(stored);
    refused(await admin.del('/api/exam/session/delete', { session_id: id }), 400, 'มีผู้จอง 2 คน');
    const empty = await session();
    expect((await admin.del('/api/exam/session/delete', { session_id: empty })).status).toBe(200);
    refused(await bookOf(malee, empty, s.line_id), 404, 'ไม่พบรอบสอบ');
    // another branch's manager cannot book onto the head office's session
    refused(await bookOf(await t.as('anan'), id, s.line_id), 403, 'สาขา');
  });
});

describe('the examiner', () => {
  const userId = async (username: string) =>
    (await rows<{ id: number }>(t, sql`select user_id as id from users where username = ${username}`))[0]!.id;
  const sessionRow = async (id: number) =>
    (
      await rows<{ examiner: string; examiner_id: number | null }>(
        t,
        sql`select examiner, examiner_id from exam_sessions where session_id = ${id}`,
      )
    )[0]!;
  const body = (v: Record<string, unknown> = {}) => ({
    branch_id: cat.hq,
    exam_date: addDays(today, 2),
    start_time: '11:00',
    exam_kind: 'theory',
    course_type: 'รถยนต์',
    capacity: 5,
    ...v,
  });

  it('exam/examiners lists the branch’s active staff, then the head office’s, to anyone who reads exams in that branch', async () => {
    // an instructor (read Exam, no User or Accounting ability) reads the list of the head office
    const prasert = await t.as('prasert');
    const hq = await prasert.get('/api/exam/examiners', { branch_id: cat.hq });
    expect(hq.status, hq.body.message).toBe(200);
    const names = hq.body.data.map((o: any) => o.name);
    expect(names).toContain('นายประเสริฐ ขับดี');
    expect(hq.body.data.find((o: any) => o.name === 'นายประเสริฐ ขับดี')).toMatchObject({
      value: await userId('prasert'),
      position: 'ครูฝึกภาคปฏิบัติ',
    });
    expect(names).not.toContain('นายกิตติพงษ์ พวงมาลัย');
    // a branch: its own staff first, the head office's after them
    const suda = await t.as('suda');
    const bkn = await suda.get('/api/exam/examiners', { branch_id: cat.bkn });
    expect(bkn.status, bkn.body.message).toBe(200);
    const bknNames = bkn.body.data.map((o: any) => o.name);
    expect(bknNames.indexOf('นายกิตติพงษ์ พวงมาลัย')).toBeLessThan(bknNames.indexOf('นายประเสริฐ ขับดี'));
    // another branch's list is refused; so is a role that does not read exams
    refused(await suda.get('/api/exam/examiners', { branch_id: cat.hq }), 403, 'สาขา');
    expect((await (await t.as('wanida')).get('/api/exam/examiners', { branch_id: cat.hq })).status).toBe(403);
    refused(await admin.get('/api/exam/examiners', { branch_id: 'x' }), 400, 'สาขา');
  });

  it('a picked employee is stored with their name; a typed name is an outside examiner; a stranger’s id is refused and writes nothing', async () => {
    const prasert = await userId('prasert');
    const picked = await admin.post('/api/exam/session/create', body({ examiner_id: prasert, examiner: 'ประเสริฐ' }));
    expect(picked.status, picked.body.message).toBe(200);
    const id = picked.body.data.session_id as number;
    expect(await sessionRow(id)).toEqual({ examiner: 'นายประเสริฐ ขับดี', examiner_id: prasert });
    const [a] = await rows<{ after: any }>(
      t,
      sql`select after from audit_log where entity = 'exam_session' and entity_id = ${String(id)} and action = 'create'`,
    );
    expect(a!.after).toMatchObject({ examiner_id: prasert, examiner: 'นายประเสริฐ ขับดี' });
    const list = await admin.get('/api/exam/session/list', { start: addDays(today, 2), branch: String(cat.hq) });
    expect(list.body.data.find((x: any) => x.session_id === id)).toMatchObject({
      examiner: 'นายประเสริฐ ขับดี',
      examiner_id: prasert,
    });

    // an outside examiner: the name as typed, no id; an update back to an employee is audited with before and after
    const outside = await admin.post('/api/exam/session/create', body({ examiner: '  ร.ต.อ.สมศักดิ์ ตรวจสอบ ' }));
    expect(outside.status, outside.body.message).toBe(200);
    const oid = outside.body.data.session_id as number;
    expect(await sessionRow(oid)).toEqual({ examiner: 'ร.ต.อ.สมศักดิ์ ตรวจสอบ', examiner_id: null });
    const upd = await admin.put('/api/exam/session/update', body({ session_id: oid, examiner_id: prasert }));
    expect(upd.status, upd.body.message).toBe(200);
    expect(await sessionRow(oid)).toEqual({ examiner: 'นายประเสริฐ ขับดี', examiner_id: prasert });
    const [u] = await rows<{ before: any; after: any }>(
      t,
      sql`select before, after from audit_log where entity = 'exam_session' and entity_id = ${String(oid)} and action = 'update'`,
    );
    expect(u!.before.examiner_id).toBeNull();
    expect(u!.after.examiner_id).toBe(prasert);

    // an employee of another branch (or a suspended one) is not this branch's examiner: 400 naming the field, nothing written
    const count = async () => (await rows<{ n: number }>(t, sql`select count(*)::int as n from exam_sessions`))[0]!.n;
    const n = await count();
    const kittipong = await userId('kittipong');
    refused(await admin.post('/api/exam/session/create', body({ examiner_id: kittipong })), 400, 'ผู้คุมสอบ: ');
    refused(await admin.post('/api/exam/session/create', body({ examiner_id: 2147483000 })), 400, 'ผู้คุมสอบ');
    refused(await admin.post('/api/exam/session/create', body({ examiner_id: 'ครูเอ' })), 400, 'ผู้คุมสอบ');
    refused(
      await admin.put('/api/exam/session/update', body({ session_id: oid, examiner_id: kittipong })),
      400,
      'ผู้คุมสอบ: ',
    );
    expect(await count()).toBe(n);
    expect(await sessionRow(oid)).toEqual({ examiner: 'นายประเสริฐ ขับดี', examiner_id: prasert });
    // a session keeps its examiner when saved again after that employee was suspended
    await t.db.execute(sql`update users set status = 'inactive' where user_id = ${prasert}`);
    try {
      refused(await admin.post('/api/exam/session/create', body({ examiner_id: prasert })), 400, 'ผู้คุมสอบ: ');
      const again = await admin.put(
        '/api/exam/session/update',
        body({ session_id: oid, examiner_id: prasert, capacity: 6 }),
      );
      expect(again.status, again.body.message).toBe(200);
      expect(await sessionRow(oid)).toEqual({ examiner: 'นายประเสริฐ ขับดี', examiner_id: prasert });
    } finally {
      await t.db.execute(sql`update users set status = 'active' where user_id = ${prasert}`);
    }
  });
});

describe('booking rules, each with its Thai message', () => {
  it('age on the exam day, full payment, licence type, order of the exams, a second booking, a full session', async () => {
    const theory = await session({ capacity: 2 });
    const young = await student({ birthday: addDays(yearsAgo(18), 1), fname: 'อายุสิบเจ็ด' });
    refused(await bookOf(malee, theory, young.line_id), 400, 'อายุขั้นต่ำ', 'อายุ 17 ปี', '18 ปี');
    const owing = await student({ paid: '1000', fname: 'ค้างเงิน' });
    refused(await bookOf(malee, theory, owing.line_id), 400, 'การชำระเงิน', 'ค้างชำระ 5,500', 'ชำระครบก่อนสอบ');
    // the setting decides: off → the same student books
    await settings({ exam_needs_full_payment: false });
    expect((await bookOf(malee, theory, owing.line_id)).status).toBe(200);
    await settings({ exam_needs_full_payment: true });
    const moto = await student({ course: cat.moto });
    refused(await bookOf(malee, theory, moto.line_id), 400, 'ประเภทใบขับขี่', 'รถจักรยานยนต์');
    const ok = await student({ fname: 'ปกติ' });
    expect((await bookOf(malee, theory, ok.line_id)).status).toBe(200);
    refused(await bookOf(malee, theory, ok.line_id), 400, 'จองสอบภาคทฤษฎีไว้แล้ว');
    const third = await student();
    refused(await bookOf(malee, theory, third.line_id), 409, 'ที่นั่ง', 'เต็มแล้ว', '2 ที่นั่ง');
    const practical = await session({ exam_kind: 'practical' });
    refused(await bookOf(malee, practical, third.line_id), 400, 'ลำดับการสอบ', 'ภาคทฤษฎีก่อน');
    // the line's exam date follows the booking
    const [l] = await rows(t, sql`select exam_date::text as d from application_courses where line_id = ${ok.line_id}`);
    expect(l!.d).toBe(today);
  });

  it("training hours: the hours recorded in evaluate/record count (theory + practice) against the school's minimum", async () => {
    const s = await session();
    const a = await student({ fname: 'ชั่วโมงน้อย' });
    await settings({ exam_min_training_hours: { รถยนต์: 8 } });
    try {
      refused(await bookOf(malee, s, a.line_id), 400, 'ชั่วโมงอบรม', 'อบรมแล้ว 0 ชั่วโมง', 'ขั้นต่ำ 8 ชั่วโมงของรถยนต์');
      const [u] = await rows<{ id: number }>(t, sql`select user_id as id from users where username = 'prasert'`);
      const record = (theory_hours: number, practice_hours: number) =>
        admin.post('/api/evaluate/record', {
          application_id: a.application_id,
          line_id: a.line_id,
          date: today,
          instructor_id: u!.id,
          theory_hours,
          practice_hours,
          results: [],
        });
      const r1 = await record(3, 2);
      expect(r1.status, r1.body.message).toBe(200);
      refused(await bookOf(malee, s, a.line_id), 400, 'ชั่วโมงอบรม', 'อบรมแล้ว 5 ชั่วโมง (ทฤษฎี 3 ปฏิบัติ 2)', 'ขั้นต่ำ 8 ชั่วโมง');
      // enough hours now (8 of 8): the booking goes through
      const r2 = await record(0, 3);
      expect(r2.status, r2.body.message).toBe(200);
      const ok = await bookOf(malee, s, a.line_id);
      expect(ok.status, ok.body.message).toBe(200);
    } finally {
      await settings({ exam_min_training_hours: {} });
    }
  });

  it('training hours when the school sets a minimum; permission disabled or ended before the exam day', async () => {
    const s = await session();
    const a = await student();
    await settings({ exam_min_training_hours: { รถยนต์: 15 } });
    refused(await bookOf(malee, s, a.line_id), 400, 'ชั่วโมงอบรม', 'ขั้นต่ำ 15 ชั่วโมง');
    await settings({ exam_min_training_hours: {} });
    await t.db
      .update(examPermissions)
      .set({ permission_date: addDays(today, -1) })
      .where(eq(examPermissions.line_id, a.line_id));
    refused(await bookOf(malee, s, a.line_id), 400, 'สิทธิ์สอบ', 'ต่ออายุสิทธิ์');
    await t.db
      .update(examPermissions)
      .set({ permission_date: addDays(today, 30), is_active: false })
      .where(eq(examPermissions.line_id, a.line_id));
    refused(await bookOf(malee, s, a.line_id), 400, 'สิทธิ์สอบ', 'ถูกระงับ');
  });

  it('30 concurrent bookings onto a 20-seat session book exactly 20', async () => {
    const s = await session({ capacity: 20, start_time: '13:00' });
    const people = [];
    for (let i = 0; i < 30; i++) people.push(await student({ fname: `พร้อมกัน${i}` }));
    const results = await Promise.all(people.map((p) => bookOf(malee, s, p.line_id)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(20);
    const full = results.filter((r) => r.status === 409);
    expect(full).toHaveLength(10);
    for (const r of full) expect(r.body.message).toContain('เต็มแล้ว');
    const [c] = await rows(
      t,
      sql`select booked, (select count(*)::int from exam_attempts where session_id = ${s} and status = 'booked') as n from exam_sessions where session_id = ${s}`,
    );
    expect(c).toEqual({ booked: 20, n: 20 });
  }, 120_000);
});

describe('results, retakes and changes of date', () => {
  it('theory passes at 45 of 50; 42 fails and waits the retake days; practical needs every manoeuvre; a taken exam keeps its date', async () => {
    const th = await session({ capacity: 5 });
    const pass = await student({ fname: 'สอบผ่าน' });
    const fail = await student({ fname: 'สอบตก' });
    const absent = await student({ fname: 'ขาดสอบ' });
    const ids: Record<string, number> = {};
    for (const [k, p] of Object.entries({ pass, fail, absent }))
      ids[k] = (await bookOf(malee, th, p.line_id)).body.data.attempt_id;
    refused(
      await malee.post('/api/exam/result', { session_id: th, results: [{ attempt_id: ids.pass, theory_score: 51 }] }),
      400,
      'เกินจำนวนข้อสอบ 50 ข้อ',
    );
    refused(
      await malee.post('/api/exam/result', { session_id: th, results: [{ attempt_id: ids.pass }] }),
      400,
      'ยังไม่ได้กรอกคะแนน',
    );
    const rec = await malee.post('/api/exam/result', {
      session_id: th,
      results: [
        { attempt_id: ids.pass, theory_score: 45 },
        { attempt_id: ids.fail, theory_score: 42 },
        { attempt_id: ids.absent, absent: true },
      ],
    });
    expect(rec.status, rec.body.message).toBe(200);
    expect(rec.body.data).toEqual({ passed: 1, failed: 1, absent: 1 });
    expect(rec.body.message).toContain('ผ่าน 1 คน');
    // the session row keeps its result counts (the calendar reads them)
    expect((await malee.get('/api/exam/session/get', { session_id: th })).body.data).toMatchObject({
      booked: 3,
      passed: 1,
      failed: 1,
      recorded: 3,
    });
    const table = await malee.get('/api/exam/gettable', { date: today, text: 'สอบตก' });
    expect(table.body.data[0]).toMatchObject({
      status: 'failed',
      status_name: 'สอบไม่ผ่าน',
      theory_score: 42,
      theory_total: 50,
    });
    // the retake wait (7 days by default)
    const soon = await session({ exam_date: addDays(today, 3) });
    refused(await bookOf(malee, soon, fail.line_id), 400, 'ระยะรอสอบใหม่', 'ต้องรอ 7 วัน');
    const later = await session({ exam_date: addDays(today, 7) });
    expect((await bookOf(malee, later, fail.line_id)).status).toBe(200);
    refused(await bookOf(malee, later, pass.line_id), 400, 'สอบภาคทฤษฎีผ่านแล้ว');
    // results of a future session wait for its day
    refused(
      await malee.post('/api/exam/result', { session_id: later, results: [{ attempt_id: 1, theory_score: 1 }] }),
      400,
      'ยังไม่ถึงวันสอบ',
    );
    // a taken exam cannot change its date
    refused(
      await malee.post('/api/exam/changedate', { line_id: pass.line_id, session_id: later, reason: 'ขอเลื่อน' }),
      400,
      'สอบภาคทฤษฎีไปแล้ว',
      'เปลี่ยนวันสอบที่สอบไปแล้วไม่ได้',
    );
    // practical: every manoeuvre of the licence type
    const pr = await session({ exam_kind: 'practical' });
    const pa = (await bookOf(malee, pr, pass.line_id)).body.data.attempt_id;
    const detail = (await malee.get('/api/exam/session/get', { session_id: pr })).body.data;
    expect(detail.manoeuvres.length).toBeGreaterThan(2);
    const [first, ...rest] = detail.manoeuvres as { evaluate_id: number; title: string }[];
    refused(
      await malee.post('/api/exam/result', {
        session_id: pr,
        results: [{ attempt_id: pa, practical: rest.map((m) => ({ evaluate_id: m.evaluate_id, passed: true })) }],
      }),
      400,
      'ยังไม่ได้บันทึกท่า',
      first!.title,
    );
    const ok = await malee.post('/api/exam/result', {
      session_id: pr,
      results: [
        {
          attempt_id: pa,
          practical: detail.manoeuvres.map((m: { evaluate_id: number }) => ({
            evaluate_id: m.evaluate_id,
            passed: true,
          })),
        },
      ],
    });
    expect(ok.body.data).toEqual({ passed: 1, failed: 0, absent: 0 });
    const perm = await malee.get('/api/exam/permission', { text: 'สอบผ่าน' });
    expect(perm.body.data[0]).toMatchObject({ status: 'สอบผ่านแล้ว', passed: true });
    const passedLines = async () =>
      (await malee.get('/api/exam/permission', { status: 'สอบผ่านแล้ว', text: 'สอบผ่าน' })).body.data.map(
        (x: { line_id: number }) => x.line_id,
      );
    expect(await passedLines()).toEqual([pass.line_id]);
    // a corrected result (the first manoeuvre failed) reopens the line's permission; passing again closes it
    const practicalResult = (all: boolean) =>
      malee.post('/api/exam/result', {
        session_id: pr,
        results: [
          {
            attempt_id: pa,
            practical: detail.manoeuvres.map((m: { evaluate_id: number }, i: number) => ({
              evaluate_id: m.evaluate_id,
              passed: all || i > 0,
            })),
          },
        ],
      });
    expect((await practicalResult(false)).body.data).toEqual({ passed: 0, failed: 1, absent: 0 });
    expect((await malee.get('/api/exam/permission', { text: 'สอบผ่าน' })).body.data[0]).toMatchObject({
      status: 'ใช้ได้',
      passed: false,
    });
    expect(await passedLines()).toEqual([]);
    expect((await practicalResult(true)).body.data).toEqual({ passed: 1, failed: 0, absent: 0 });
    expect(await passedLines()).toEqual([pass.line_id]);
    refused(
      await malee.post('/api/exam/extend', {
        line_id: pass.line_id,
        permission_date: addDays(today, 200),
        reason: 'ต่อ',
      }),
      400,
      'สอบผ่านแล้ว',
    );
    // the customer's exam history
    const hist = await malee.get('/api/customer/exam', { customer_id: pass.customer_id });
    expect(hist.body.data.map((a: { kind: string; status: string }) => `${a.kind}:${a.status}`)).toEqual([
      'practical:passed',
      'theory:passed',
    ]);
  });

  it('changes a booking to another session (seats follow, history row, request fee on request) and a planned date', async () => {
    const a = await session({ exam_date: addDays(today, 2), capacity: 3 });
    const b = await session({ exam_date: addDays(today, 4), capacity: 3 });
    const p = await student({ fname: 'เลื่อนสอบ' });
    await bookOf(malee, a, p.line_id);
    refused(
      await malee.post('/api/exam/changedate', {
        line_id: p.line_id,
        session_id: b,
        reason: 'ติดธุระ',
        request_fee: true,
      }),
      400,
      'ค่าคำร้อง',
      'ยังไม่ได้ตั้งค่า',
    );
    await settings({ exam_changedate_fee_id: cat.requestFee });
    const r = await malee.post('/api/exam/changedate', {
      line_id: p.line_id,
      session_id: b,
      reason: 'ติดธุระ',
      request_fee: true,
    });
    expect(r.status, r.body.message).toBe(200);
    expect(r.body.data.request.application_code).toMatch(/^RQ/);
    expect(r.body.message).toContain('ออกใบคำร้อง');
    const seats = await rows(
      t,
      sql`select session_id, booked from exam_sessions where session_id in (${a}, ${b}) order by session_id`,
    );
    expect(seats.map((s) => s.booked)).toEqual([0, 1]);
    const d = (await malee.get(`/api/exam/permission/${p.application_id}`)).body.data;
    expect(d.lines[0].history[0]).toMatchObject({
      action: 'changedate',
      action_name: 'เปลี่ยนวันสอบ',
      reason: 'ติดธุระ',
      old_value: `${addDays(today, 2)} 09:00`,
      new_value: `${addDays(today, 4)} 09:00`,
    });
    expect(d.lines[0].history[0].request_application_id).toBe(r.body.data.request.application_id);
    const q = await student({ fname: 'วันสอบแผน' });
    const planned = await malee.post('/api/exam/changedate', {
      line_id: q.line_id,
      exam_date: addDays(today, 20),
      reason: 'นัดวันสอบ',
    });
    expect(planned.status, planned.body.message).toBe(200);
    refused(
      await malee.post('/api/exam/changedate', { line_id: q.line_id, reason: 'ไม่มีวัน' }),
      400,
      'ต้องเลือกรอบสอบใหม่หรือวันสอบใหม่',
    );
    refused(
      await malee.post('/api/exam/changedate', { line_id: q.line_id, exam_date: addDays(today, 400), reason: 'ไกลไป' }),
      400,
      'สิทธิ์สอบ',
      'ต่ออายุสิทธิ์',
    );
    await settings({ exam_changedate_fee_id: null });
  });
});

describe('exam permissions', () => {
  it('extend and disable write a history row each (who, when, old, new, reason); disabling cancels bookings; the request fee on extend', async () => {
    const p = await student({ fname: 'ต่อสิทธิ์' });
    const s = await session({ exam_date: addDays(today, 5) });
    await bookOf(malee, s, p.line_id);
    const before = (await malee.get(`/api/exam/permission/${p.application_id}`)).body.data.lines[0];
    expect(before.permission_date).toBe(addDays(today, 90));
    refused(
      await malee.post('/api/exam/extend', { line_id: p.line_id, permission_date: addDays(today, 10), reason: 'ย้อน' }),
      400,
      'ต้องหลังวันหมดสิทธิ์เดิม',
    );
    refused(
      await malee.post('/api/exam/extend', { line_id: p.line_id, permission_date: addDays(today, 120), reason: '' }),
      400,
      'เหตุผล',
    );
    const ext = await malee.post('/api/exam/extend', {
      line_id: p.line_id,
      permission_date: addDays(today, 120),
      reason: 'ป่วย มีใบรับรองแพทย์',
    });
    expect(ext.status, ext.body.message).toBe(200);
    expect(ext.body.message).toContain('ต่ออายุสิทธิ์สอบถึงวันที่');
    const dis = await malee.post('/api/exam/disable', { line_id: p.line_id, reason: 'ขาดการติดต่อ' });
    expect(dis.status, dis.body.message).toBe(200);
    expect(dis.body.message).toBe(`ระงับสิทธิ์สอบของ ${p.name} เรียบร้อยแล้ว (ยกเลิกการจองรอบสอบ 1 รายการ)`);
    refused(await malee.post('/api/exam/disable', { line_id: p.line_id, reason: 'ซ้ำ' }), 400, 'ถูกระงับอยู่แล้ว');
    refused(await bookOf(malee, s, p.line_id), 400, 'สิทธิ์สอบ', 'ถูกระงับ');
    await settings({ exam_extend_fee_id: cat.requestFee });
    const again = await malee.post('/api/exam/extend', {
      line_id: p.line_id,
      permission_date: addDays(today, 150),
      reason: 'กลับมาเรียน',
      request_fee: true,
    });
    expect(again.status, again.body.message).toBe(200);
    expect(again.body.data.request).toMatchObject({ application_code: expect.stringMatching(/^RQ/), net: '200' });
    const d = (await malee.get(`/api/exam/permission/${p.application_id}`)).body.data;
    expect(d.fees.extend).toMatchObject({ other_fee_id: cat.requestFee, price: '200' });
    const h = d.lines[0].history.map((x: any) => [x.action, x.old_value, x.new_value, x.reason, x.user_name]);
    expect(h).toEqual([
      ['extend', `${addDays(today, 120)} (ระงับ)`, addDays(today, 150), 'กลับมาเรียน', 'มาลี ศรีสุข'],
      ['disable', `${addDays(today, 120)} (ใช้ได้)`, `${addDays(today, 120)} (ระงับ)`, 'ขาดการติดต่อ', 'มาลี ศรีสุข'],
      ['extend', addDays(today, 90), addDays(today, 120), 'ป่วย มีใบรับรองแพทย์', 'มาลี ศรีสุข'],
    ]);
    expect(d.lines[0]).toMatchObject({ is_active: true, status: 'ใช้ได้', permission_date: addDays(today, 150) });
    const audits = await rows(
      t,
      sql`select action from audit_log where entity = 'exam_permission' and entity_id = ${String(p.line_id)} order by id`,
    );
    expect(audits.map((a) => a.action)).toEqual(['extend', 'disable', 'extend']);
    await settings({ exam_extend_fee_id: null });
    // another branch may not touch it
    refused(
      await (
        await t.as('suda')
      ).post('/api/exam/extend', { line_id: p.line_id, permission_date: addDays(today, 200), reason: 'x' }),
      403,
      'สาขา',
    );
  });

  it('the permission list filters by status, text and date; expiring within the warning days shows on the home page', async () => {
    const p = await student({ fname: 'ใกล้หมดสิทธิ์' });
    await t.db
      .update(examPermissions)
      .set({ permission_date: addDays(today, 5) })
      .where(eq(examPermissions.line_id, p.line_id));
    const r = await malee.get('/api/exam/permission', { status: 'ใกล้หมดอายุ', text: 'ใกล้หมดสิทธิ์', page: 1, per_page: 5 });
    expect(r.status, r.body.message).toBe(200);
    expect(r.body.meta).toMatchObject({ page: 1, per_page: 5, total: 1 });
    expect(r.body.data[0]).toMatchObject({ line_id: p.line_id, status: 'ใกล้หมดอายุ', days_left: 5, is_active: true });
    expect(r.body.filter.status.map((o: any) => o.name)).toEqual([
      'ทั้งหมด',
      'ใช้ได้',
      'ใกล้หมดอายุ',
      'หมดอายุ',
      'ระงับ',
      'สอบผ่านแล้ว',
    ]);
    const home = (await malee.get('/api/exam/home')).body.data;
    expect(home.expiring.some((x: any) => x.line_id === p.line_id)).toBe(true);
    expect(home.warn_days).toBe(14);
    expect(home.today.length).toBeGreaterThan(0);
    const range = await malee.get('/api/exam/permission', { start: addDays(today, 5), end: addDays(today, 5) });
    expect(range.body.data.map((x: any) => x.line_id)).toContain(p.line_id);
  });
});

describe('the permission of every course line', () => {
  it('opens at registration for the setting’s days; a later change of the setting applies to new registrations only', async () => {
    const first = await student({ fname: 'สิทธิ์เดิม' });
    const [row] = await t.db.select().from(examPermissions).where(eq(examPermissions.line_id, first.line_id));
    expect(row).toMatchObject({
      application_id: first.application_id,
      branch_id: cat.hq,
      permission_date: addDays(today, 90),
      is_active: true,
      passed: false,
    });
    await settings({ exam_permission_days: 60 });
    try {
      const second = await student({ fname: 'สิทธิ์ใหม่' });
      const dates = async (text: string) =>
        (await malee.get('/api/exam/permission', { text })).body.data.map(
          (x: { permission_date: string }) => x.permission_date,
        );
      expect(await dates('สิทธิ์เดิม')).toEqual([addDays(today, 90)]);
      expect(await dates('สิทธิ์ใหม่')).toEqual([addDays(today, 60)]);
      expect(second.line_id).toBeGreaterThan(first.line_id);
    } finally {
      await settings({ exam_permission_days: 90 });
    }
  });

  it('lists the running permissions first (ending soonest on top), then the ended ones (latest first); the total leaves out cancelled registrations', async () => {
    const set = async (line: number, date: string) =>
      t.db.update(examPermissions).set({ permission_date: date }).where(eq(examPermissions.line_id, line));
    // a branch of their own, so that the order is of these lines alone
    const branch = cat.bkn;
    const by = await t.as('suda');
    const made = [];
    for (const [k, days] of [
      [0, 30],
      [1, -3],
      [2, 0],
      [3, -40],
      [4, 2],
    ] as const) {
      const s = await student({ fname: `ลำดับ${k}`, branch, by, course: cat.bknCar });
      await set(s.line_id, addDays(today, days));
      made.push({ ...s, days });
    }
    const page = async (q: Record<string, unknown>) => (await by.get('/api/exam/permission', { branch, ...q })).body;
    const all = await page({ per_page: 100 });
    const ours = all.data
      .filter((x: { customer_name: string }) => x.customer_name.includes('ลำดับ'))
      .map((x: { days_left: number }) => x.days_left);
    expect(ours).toEqual([0, 2, 30, -3, -40]);
    // the whole list keeps the same order: running ascending, then ended descending
    const left = all.data.map((x: { days_left: number }) => x.days_left);
    const cut = left.findIndex((d: number) => d < 0);
    const running = cut < 0 ? left : left.slice(0, cut);
    const ended = cut < 0 ? [] : left.slice(cut);
    expect(running).toEqual([...running].sort((a, b) => a - b));
    expect(ended).toEqual([...ended].sort((a, b) => b - a));
    expect(ended.every((d: number) => d < 0)).toBe(true);
    // pages are slices of that order
    const p2 = await page({ per_page: 2, page: 2 });
    expect(p2.data.map((x: { line_id: number }) => x.line_id)).toEqual(
      all.data.slice(2, 4).map((x: { line_id: number }) => x.line_id),
    );
    expect(p2.meta.total).toBe(all.meta.total);
    // a cancelled registration (nothing paid) leaves the list and its total
    const unpaid = await student({ fname: 'ลำดับยกเลิก', branch, by, course: cat.bknCar, paid: '0' });
    const withIt = await page({ per_page: 100 });
    expect(withIt.meta.total).toBe(all.meta.total + 1);
    const del = await admin.post('/api/application/delete', { application_id: unpaid.application_id, note: 'สมัครผิด' });
    expect(del.status, del.body.message).toBe(200);
    const after = await page({ per_page: 100 });
    expect(after.meta.total).toBe(all.meta.total);
    expect(after.data.some((x: { line_id: number }) => x.line_id === unpaid.line_id)).toBe(false);
    // the same total through the counted path (a licence type) and the status counts add up to it
    expect((await page({ type: 'รถยนต์', per_page: 1 })).meta.total).toBe(
      after.data.filter((x: { course_type: string }) => x.course_type === 'รถยนต์').length,
    );
    let sum = 0;
    for (const status of ['ใช้ได้', 'ใกล้หมดอายุ', 'หมดอายุ', 'ระงับ', 'สอบผ่านแล้ว']) {
      const r = await page({ status, per_page: 100 });
      expect(r.data.every((x: { status: string }) => x.status === status)).toBe(true);
      expect(r.meta.total).toBe(r.data.length);
      sum += r.meta.total;
    }
    expect(sum).toBe(after.meta.total);
  });
});

describe('exam settings', () => {
  it('PUT /exam/settings saves the exam rules (audited); refuses a pass mark above the questions and a fee that is not a request fee', async () => {
    refused(await malee.put('/api/exam/settings', { exam_theory_pass_mark: 40 }), 403, 'สิทธิ์');
    refused(
      await admin.put('/api/exam/settings', { exam_theory_questions: 40, exam_theory_pass_mark: 45 }),
      400,
      'คะแนนผ่านภาคทฤษฎี',
      'มากกว่าจำนวนข้อสอบ 40 ข้อ',
    );
    refused(
      await admin.put('/api/exam/settings', { exam_extend_fee_id: cat.rent }),
      400,
      'ค่าคำร้องต่ออายุสิทธิ์สอบ',
      'ต้องเป็นค่าคำร้อง',
    );
    const ok = await admin.put('/api/exam/settings', {
      exam_theory_questions: 60,
      exam_theory_pass_mark: 54,
      exam_retake_wait_days: 3,
      exam_extend_fee_id: cat.requestFee,
      exam_min_training_hours: { รถยนต์: 0 },
    });
    expect(ok.status, ok.body.message).toBe(200);
    expect(ok.body.data).toMatchObject({
      exam_theory_questions: 60,
      exam_theory_pass_mark: 54,
      exam_retake_wait_days: 3,
      exam_extend_fee_id: cat.requestFee,
    });
    const [a] = await rows(t, sql`select after from audit_log where entity = 'settings' order by id desc limit 1`);
    expect(a!.after).toMatchObject({ exam_theory_pass_mark: 54 });
    await admin.put('/api/exam/settings', {
      exam_theory_questions: 50,
      exam_theory_pass_mark: 45,
      exam_retake_wait_days: 7,
      exam_extend_fee_id: null,
      exam_min_training_hours: {},
    });
  });
});

describe('tables, calendar and the roster', () => {
  it('exam/gettable, application/getforpermission, application/getformanageExam answer data, filter, meta', async () => {
    const g = await malee.get('/api/exam/gettable', { date: today, per_page: 5 });
    expect(g.status, g.body.message).toBe(200);
    expect(Object.keys(g.body.filter).sort()).toEqual(['branch', 'exam_kind', 'status', 'type']);
    expect(g.body.meta).toMatchObject({ page: 1, per_page: 5 });
    expect(g.body.data[0]).toHaveProperty('customer_name');
    const range = await malee.get('/api/exam/gettable', {
      start: today,
      end: addDays(today, 31),
      status: 'รอสอบ',
      exam_kind: 'ภาคทฤษฎี',
      type: 'รถยนต์',
    });
    expect(range.body.data.every((r: any) => r.status === 'booked' && r.kind === 'theory')).toBe(true);
    const owing = await student({ paid: '100', fname: 'จัดการสอบค้าง' });
    const m = await malee.get('/api/application/getformanageExam', { status: 'ค้างชำระ', text: 'จัดการสอบค้าง' });
    expect(m.body.data).toHaveLength(1);
    expect(m.body.data[0]).toMatchObject({
      application_id: owing.application_id,
      status: 'ค้างชำระ',
      balance: '6400',
      other_fee: [],
    });
    expect(m.body.data[0].course[0]).toMatchObject({
      line_id: owing.line_id,
      application_id: owing.application_id,
      permission_date: addDays(today, 90),
      days_left: 90,
      status: 'ใช้ได้',
      is_active: true,
      passed: false,
      last_status: null,
      last_status_name: null,
      createdAt: m.body.data[0].createdAt,
    });
    expect(m.body.data[0].createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    const pm = await malee.get('/api/application/getforpermission', { text: 'จัดการสอบค้าง' });
    expect(pm.body.meta.total).toBe(1);
    // the other branch sees none of ours
    const suda = await (await t.as('suda')).get('/api/exam/gettable', { date: today });
    expect(suda.body.data.every((r: any) => r.branch_id !== cat.hq)).toBe(true);
  });

  it('the calendar gives sessions or days with their counts, coloured by kind; bad ranges are refused in Thai', async () => {
    const c = await malee.get('/api/exam/calendar', { start: today, end: addDays(today, 30) });
    expect(c.status, c.body.message).toBe(200);
    const ev = c.body.data.events;
    expect(ev.length).toBeGreaterThan(3);
    const th = ev.find((e: any) => e.extendedProps.kind === 'theory');
    const pr = ev.find((e: any) => e.extendedProps.kind === 'practical');
    expect(th.color).not.toBe(pr.color);
    expect(th.start).toMatch(/T\d\d:\d\d:00\+07:00$/);
    const days = (await malee.get('/api/exam/calendar', { start: today, end: addDays(today, 30), group: 'day' })).body
      .data.events;
    const todayEv = days.find((e: any) => e.start === today);
    expect(todayEv.extendedProps.sessions).toBeGreaterThan(1);
    expect(todayEv.title).toContain('รอบ');
    refused(await malee.get('/api/exam/calendar', { start: today, end: addDays(today, -1) }), 400, 'วันสิ้นสุด');
    refused(await malee.get('/api/exam/calendar', { start: today, end: addDays(today, 90) }), 400, 'ไม่เกิน 62 วัน');
    const list = await malee.get('/api/exam/session/list', { start: today });
    expect(list.body.data.some((s: any) => s.students.length > 0)).toBe(true);
  });

  it('prints the roster of a session (number, name, national ID, course, signature column) in Thai with a BE date', async () => {
    const s = await session({ start_time: '15:30', place: 'ห้องสอบใหญ่' });
    const a = await student({ fname: 'รายชื่อหนึ่ง' });
    const b = await student({ fname: 'รายชื่อสอง' });
    await bookOf(malee, s, a.line_id);
    await bookOf(malee, s, b.line_id);
    const link = await malee.post('/api/exam/roster/pdf', { session_id: s });
    expect(link.status, link.body.message).toBe(200);
    const r = await t.app.inject({ method: 'GET', url: link.body.data.pdf });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toBe('application/pdf');
    const file = path.join(out, 'roster.pdf');
    fs.writeFileSync(file, r.rawPayload);
    execFileSync('pdftoppm', ['-r', '70', '-png', '-singlefile', file, path.join(out, 'roster')]);
    const text = execFileSync('pdftotext', ['-layout', file, '-'])
      .toString('utf8')
      .normalize('NFC')
      .replace(/\s+/g, '');
    for (const s of [
      'รายชื่อผู้เข้าสอบ',
      'ลำดับ',
      'ชื่อ-นามสกุล',
      'เลขประจำตัวประชาชน',
      'หลักสูตร',
      'ลายมือชื่อ',
      'รายชื่อหนึ่ง',
      'รายชื่อสอง',
      'ห้องสอบใหญ่',
      'ภาคทฤษฎี',
      `พ.ศ.${Number(today.slice(0, 4)) + 543}`.slice(4),
      '15:30',
    ]) {
      expect(text).toContain(s.replace(/\s+/g, ''));
    }
    const [row] = await rows(t, sql`select idcard from customers where customer_id = ${a.customer_id}`);
    const id = row!.idcard as string;
    expect(text).toContain(`${id[0]}-${id.slice(1, 5)}-${id.slice(5, 10)}-${id.slice(10, 12)}-${id[12]}`);
    refused(await (await t.as('suda')).post('/api/exam/roster/pdf', { session_id: s }), 403, 'สาขา');
  });
});
