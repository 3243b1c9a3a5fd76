import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { addDays, buddhistYear, todayBangkok } from '@khabkhi/thai';
import { createTestApp, type Client, type TestApp } from '../helpers.js';
import { customer, makeCatalog, type Catalog } from '../money/fixtures.js';
import { rows } from '../foundation/fixtures.js';

let t: TestApp;
let cat: Catalog;
let admin: Client;
const out = path.resolve(__dirname, '../../../../test-results/evaluations');
const today = todayBangkok();
const user = async (username: string) =>
  (await rows<{ id: number }>(t, sql`select user_id as id from users where username = ${username}`))[0]!.id;

beforeAll(async () => {
  t = await createTestApp({ demoMoney: true });
  cat = await makeCatalog(t.db);
  admin = await t.as('admin');
  fs.mkdirSync(out, { recursive: true });
});
afterAll(async () => {
  await t?.close();
});

async function register(courseId: number, opts: { branch_id?: number; exam_date?: string } = {}) {
  const r = await admin.post('/api/application/create', {
    branch_id: opts.branch_id,
    customer: customer({ fname: 'ผู้เรียนประเมิน', sname: 'ทดสอบ' }),
    courses: [{ course_id: courseId, exam_date: opts.exam_date ?? null }],
    other_fees: [{ other_fee_id: cat.medical }],
    payment: { paid: '500', pay_type: 'cash' },
  });
  expect(r.status, r.body.message).toBe(200);
  const a = r.body.data.application;
  return { appId: a.application_id as number, lineId: a.courses[0].line_id as number };
}

const criteriaOf = async (type: string) =>
  (
    await rows<{ id: number }>(
      t,
      sql`select evaluate_id as id from evaluates where type = ${type} and not is_delete and is_activate order by sort`,
    )
  ).map((r) => r.id);
const auditCount = async (entity: string, id: number) =>
  (
    await rows<{ n: number }>(
      t,
      sql`select count(*)::int as n from audit_log where entity = ${entity} and entity_id = ${String(id)}`,
    )
  )[0]!.n;

async function pdfText(link: string, name: string) {
  const r = await t.app.inject({ method: 'GET', url: link });
  expect(r.statusCode, r.body.slice(0, 200)).toBe(200);
  expect(r.headers['content-type']).toBe('application/pdf');
  const file = path.join(out, `${name}.pdf`);
  fs.writeFileSync(file, r.rawPayload);
  execFileSync('pdftoppm', ['-r', '70', '-png', '-singlefile', file, path.join(out, name)]);
  return execFileSync('pdftotext', ['-layout', file, '-']).toString('utf8').normalize('NFC').replace(/\s+/g, '');
}

/** Sits and passes one exam of a line today through the exam routes (session, booking, result). */
async function sitExam(lineId: number, kind: 'theory' | 'practical') {
  const [l] = await rows<{ branch_id: number }>(
    t,
    sql`select a.branch_id from application_courses l join applications a using (application_id) where l.line_id = ${lineId}`,
  );
  await t.db.execute(sql`update school_settings set exam_needs_full_payment = false where id = 1`);
  const s = await admin.post('/api/exam/session/create', {
    branch_id: l!.branch_id,
    exam_date: today,
    start_time: kind === 'theory' ? '08:00' : '15:00',
    exam_kind: kind,
    course_type: 'รถยนต์',
    capacity: 5,
  });
  expect(s.status, s.body.message).toBe(200);
  const b = await admin.post('/api/exam/book', { session_id: s.body.data.session_id, line_id: lineId });
  expect(b.status, b.body.message).toBe(200);
  const manoeuvres = await rows<{ id: number }>(
    t,
    sql`select evaluate_id as id from evaluates where type = 'รถยนต์' and category = 'manoeuvre' and is_activate and not is_delete`,
  );
  const r = await admin.post('/api/exam/result', {
    session_id: s.body.data.session_id,
    results: [
      {
        attempt_id: b.body.data.attempt_id,
        ...(kind === 'theory'
          ? { theory_score: 50 }
          : { practical: manoeuvres.map((m) => ({ evaluate_id: m.id, passed: true })) }),
      },
    ],
  });
  expect(r.status, r.body.message).toBe(200);
  await t.db.execute(sql`update school_settings set exam_needs_full_payment = true where id = 1`);
  return { date: today };
}

describe('demo school', () => {
  it('shows evaluations (one student with the training complete) and vehicle checks (passed and failed)', async () => {
    const r = await admin.get('/api/application/getforevaluateManage', { per_page: 100 });
    expect(r.status, r.body.message).toBe(200);
    expect(r.body.meta).toMatchObject({ page: 1, per_page: 100 });
    expect(r.body.filter.status.map((o: any) => o.name)).toEqual(['ทั้งหมด', 'ยังไม่เริ่มอบรม', 'กำลังอบรม', 'อบรมครบ']);
    expect(r.body.filter.type.length).toBeGreaterThan(1);
    const done = r.body.data.filter((x: any) => x.status === 'อบรมครบ');
    expect(done.length).toBeGreaterThanOrEqual(3);
    expect(done[0].practice_done).toBeGreaterThanOrEqual(done[0].practice_required);
    // the demo's trained students also passed both exams: their certificate prints on first start
    for (const x of done) {
      const st = (await admin.get('/api/evaluate/student', { line_id: x.line_id })).body.data;
      expect(st.certificate_ready, x.customer_name).toBe(true);
      const cert = await admin.post('/api/evaluate/certificate/pdf', {
        application_id: x.application_id,
        line_id: x.line_id,
      });
      expect(cert.status, cert.body.message).toBe(200);
    }
    expect(r.body.data.some((x: any) => x.status === 'กำลังอบรม')).toBe(true);
    const completed = await admin.get('/api/application/getforevaluateManage', { status: 'อบรมครบ' });
    expect(completed.body.data.every((x: any) => x.status === 'อบรมครบ')).toBe(true);
    expect(completed.body.meta.total).toBe(done.length);

    const checks = await admin.get('/api/vehiclecheck/gettable', { per_page: 100 });
    expect(checks.status, checks.body.message).toBe(200);
    expect(checks.body.data.some((c: any) => c.result === 'pass' && c.owner === 'school')).toBe(true);
    const failed = checks.body.data.find((c: any) => c.result === 'fail');
    expect(failed.result_name).toBe('ไม่ผ่าน');
    expect(failed.fail_reasons.join(' ')).toContain('พ.ร.บ.');
    expect(checks.body.filter.status.map((o: any) => o.name)).toEqual(['ทั้งหมด', 'ผ่าน', 'ไม่ผ่าน']);

    const manage = await admin.get('/api/application/getformanageVehicleCheck');
    expect(manage.status, manage.body.message).toBe(200);
    expect(manage.body.data.length).toBeGreaterThan(0);
    expect(manage.body.data.every((x: any) => x.status === 'ค้างชำระ')).toBe(true);
    expect(manage.body.filter.category.map((o: any) => o.name)).toEqual(['ทั้งหมด', 'ผ่าน', 'ไม่ผ่าน', 'ยังไม่ตรวจ']);
    const all = await admin.get('/api/application/getformanageVehicleCheck', {
      status: 'ทั้งหมด',
      category: 'ผ่าน',
      per_page: 100,
    });
    expect(all.body.data.length).toBeGreaterThan(0);
    expect(all.body.data.every((x: any) => x.check_result === 'pass' && x.plate)).toBe(true);
  });

  it('a branch user sees only the branch’s rows', async () => {
    const anan = await t.as('anan');
    const r = await anan.get('/api/application/getforevaluateManage', { per_page: 100 });
    expect(r.body.data.length).toBeGreaterThan(0);
    expect(new Set(r.body.data.map((x: any) => x.branch_id)).size).toBe(1);
    expect(r.body.data[0].branch_id).toBe(cat.bkn);
    const c = await anan.get('/api/vehiclecheck/gettable', { per_page: 100 });
    expect(c.body.data.every((x: any) => x.branch_id === cat.bkn)).toBe(true);
  });
});

describe('the list’s exams', () => {
  const listRow = async (lineId: number, q: Record<string, unknown> = {}) => {
    const r = await admin.get('/api/application/getforevaluateManage', { text: 'ผู้สอบรายการ', per_page: 100, ...q });
    expect(r.status, r.body.message).toBe(200);
    return r.body.data.find((x: any) => x.line_id === lineId);
  };
  const none = { status: null, status_name: 'ยังไม่ได้สอบ', exam_date: null, score: null, total: null, attempts: 0 };

  it('shows each line’s theory and practical exam: not yet, booked with its date, failed with its score, passed; the ผลสอบ filter finds it', async () => {
    const r = await admin.post('/api/application/create', {
      customer: customer({ fname: 'ผู้สอบรายการ', sname: 'ทดสอบ' }),
      courses: [{ course_id: cat.car }],
      other_fees: [],
      payment: { paid: '6500', pay_type: 'cash' },
    });
    expect(r.status, r.body.message).toBe(200);
    const lineId = r.body.data.application.courses[0].line_id as number;
    const branchId = r.body.data.application.branch_id as number;
    expect(await listRow(lineId)).toMatchObject({ theory_exam: none, practical_exam: none, exam_status: 'ยังไม่ได้สอบ' });

    const session = async (kind: 'theory' | 'practical', date: string, time: string) => {
      const s = await admin.post('/api/exam/session/create', {
        branch_id: branchId,
        exam_date: date,
        start_time: time,
        exam_kind: kind,
        course_type: 'รถยนต์',
        capacity: 5,
      });
      expect(s.status, s.body.message).toBe(200);
      return s.body.data.session_id as number;
    };
    const book = async (sessionId: number) => {
      const b = await admin.post('/api/exam/book', { session_id: sessionId, line_id: lineId });
      expect(b.status, b.body.message).toBe(200);
      return b.body.data.attempt_id as number;
    };
    // booked for today's theory: รอสอบ with the date
    const theory = await session('theory', today, '07:00');
    const attempt = await book(theory);
    expect(await listRow(lineId)).toMatchObject({
      theory_exam: { status: 'booked', status_name: 'รอสอบ', exam_date: today, score: null, attempts: 1 },
      practical_exam: none,
      exam_status: 'รอสอบ',
    });
    const booked = await admin.get('/api/application/getforevaluateManage', { category: 'รอสอบ', per_page: 100 });
    expect(booked.body.data.some((x: any) => x.line_id === lineId)).toBe(true);
    expect(booked.body.filter.category.map((o: any) => o.name)).toEqual([
      'ทั้งหมด',
      'สอบผ่านครบ',
      'รอสอบ',
      'สอบไม่ผ่าน',
      'ผ่านภาคทฤษฎี',
      'ยังไม่ได้สอบ',
    ]);

    // 42 of 50: failed with the score
    const failed = await admin.post('/api/exam/result', {
      session_id: theory,
      results: [{ attempt_id: attempt, theory_score: 42 }],
    });
    expect(failed.status, failed.body.message).toBe(200);
    expect(await listRow(lineId, { category: 'สอบไม่ผ่าน' })).toMatchObject({
      theory_exam: { status: 'failed', status_name: 'สอบไม่ผ่าน', exam_date: today, score: 42, total: 50, attempts: 1 },
      exam_status: 'สอบไม่ผ่าน',
    });
    expect(await listRow(lineId, { category: 'รอสอบ' })).toBeUndefined();

    // passed at the second attempt (the retake wait set to 0 for the test), then the practical: สอบผ่านครบ
    await t.db.execute(sql`update school_settings set exam_retake_wait_days = 0 where id = 1`);
    try {
      const again = await session('theory', today, '07:30');
      const second = await book(again);
      await admin.post('/api/exam/result', { session_id: again, results: [{ attempt_id: second, theory_score: 47 }] });
    } finally {
      await t.db.execute(sql`update school_settings set exam_retake_wait_days = 7 where id = 1`);
    }
    expect(await listRow(lineId, { category: 'ผ่านภาคทฤษฎี' })).toMatchObject({
      theory_exam: { status: 'passed', status_name: 'สอบผ่าน', score: 47, total: 50, attempts: 2 },
      practical_exam: none,
    });
    const practical = await session('practical', today, '15:30');
    const p = await book(practical);
    const manoeuvres = await rows<{ id: number }>(
      t,
      sql`select evaluate_id as id from evaluates where type = 'รถยนต์' and category = 'manoeuvre' and is_activate and not is_delete`,
    );
    const res = await admin.post('/api/exam/result', {
      session_id: practical,
      results: [{ attempt_id: p, practical: manoeuvres.map((m) => ({ evaluate_id: m.id, passed: true })) }],
    });
    expect(res.status, res.body.message).toBe(200);
    expect(await listRow(lineId, { category: 'สอบผ่านครบ' })).toMatchObject({
      theory_exam: { status: 'passed', score: 47 },
      practical_exam: { status: 'passed', status_name: 'สอบผ่าน', exam_date: today, score: null, attempts: 1 },
      exam_status: 'สอบผ่านครบ',
    });
  });

  it('every ผลสอบ filter counts exactly the rows it shows, with and without the training status and a branch', async () => {
    const all = await admin.get('/api/application/getforevaluateManage', { per_page: 100 });
    const stages = all.body.filter.category.map((o: any) => o.value).filter((v: string) => v !== 'ทั้งหมด');
    let sum = 0;
    for (const stage of stages) {
      const r = await admin.get('/api/application/getforevaluateManage', { category: stage, per_page: 100 });
      expect(r.status, r.body.message).toBe(200);
      expect(
        r.body.data.every((x: any) => x.exam_status === stage),
        stage,
      ).toBe(true);
      expect(r.body.meta.total, stage).toBe(r.body.data.length);
      sum += r.body.meta.total;
      const both = await admin.get('/api/application/getforevaluateManage', {
        category: stage,
        status: 'อบรมครบ',
        branch: String(cat.hq),
        per_page: 100,
      });
      expect(
        both.body.data.every((x: any) => x.exam_status === stage && x.status === 'อบรมครบ' && x.branch_id === cat.hq),
      ).toBe(true);
      expect(both.body.meta.total).toBe(both.body.data.length);
    }
    // the stages split the lines: together they are the whole list
    expect(sum).toBe(all.body.meta.total);
    expect(stages.some((s: string) => all.body.data.some((x: any) => x.exam_status === s))).toBe(true);
    // a page past the first keeps the same total and order
    const p2 = await admin.get('/api/application/getforevaluateManage', { per_page: 5, page: 2 });
    expect(p2.body.meta.total).toBe(all.body.meta.total);
    expect(p2.body.data.map((x: any) => x.line_id)).toEqual(all.body.data.slice(5, 10).map((x: any) => x.line_id));
  });
});

describe('evaluate a student', () => {
  it('records sessions until the training is complete; the record and the certificate print in Thai with BE dates', async () => {
    const { appId, lineId } = await register(cat.car);
    const prasert = await t.as('prasert');
    const before = await prasert.get('/api/evaluate/student', { line_id: lineId });
    expect(before.status, before.body.message).toBe(200);
    const d = before.body.data;
    expect(d.criteria.length).toBeGreaterThan(3);
    expect(d.criteria.every((c: any) => c.level === null && c.level_name === 'ยังไม่ประเมิน')).toBe(true);
    expect(d.hours).toEqual({
      theory_done: 0,
      theory_required: 5,
      theory_recorded: 0,
      practice_done: 0,
      practice_required: 10,
      practice_recorded: 0,
    });
    expect(d.levels.map((l: any) => l.name)).toEqual(['ต้องปรับปรุง', 'พอใช้', 'ดี', 'ดีมาก']);
    expect(d.completed).toBe(false);
    expect(d.status).toBe('ยังไม่เริ่มอบรม');
    const instructorId = await user('prasert');
    expect(d.instructors.some((o: any) => o.value === instructorId)).toBe(true);

    // not yet: the certificate names what is missing
    const early = await prasert.post('/api/evaluate/certificate/pdf', { application_id: appId, line_id: lineId });
    expect(early.status).toBe(400);
    expect(early.body.message).toMatch(
      /^ยังออกใบรับรองผลการอบรมไม่ได้: ชั่วโมงทฤษฎี 0\/5 ชั่วโมง, ชั่วโมงปฏิบัติ 0\/10 ชั่วโมง, ยังไม่ได้ประเมิน \d+ หัวข้อ/,
    );

    const ids = await criteriaOf('รถยนต์');
    const first = await prasert.post('/api/evaluate/record', {
      application_id: appId,
      line_id: lineId,
      date: today,
      instructor_id: instructorId,
      theory_hours: 5,
      practice_hours: 4,
      note: 'วันแรก',
      results: ids.map((id, i) => ({ evaluate_id: id, level: i === 0 ? 1 : 3 })),
    });
    expect(first.status, first.body.message).toBe(200);
    expect(first.body.message).toBe('บันทึกผลการประเมินเรียบร้อยแล้ว');
    expect(first.body.data.status).toBe('กำลังอบรม');
    expect(first.body.data.missing.join(' ')).toMatch(/ชั่วโมงปฏิบัติ 4\/10 ชั่วโมง.*ยังไม่ผ่านเกณฑ์ 1 หัวข้อ/);
    const evId = first.body.data.evaluations[0].evaluation_id;
    expect(await auditCount('evaluation', evId)).toBe(1);

    // a second session raises the failed criterion; the latest level counts
    const second = await prasert.post('/api/evaluate/record', {
      application_id: appId,
      line_id: lineId,
      date: today,
      instructor_id: instructorId,
      practice_hours: 6,
      results: [{ evaluate_id: ids[0], level: 2 }],
    });
    expect(second.status, second.body.message).toBe(200);
    expect(second.body.data.completed).toBe(true);
    expect(second.body.data.status).toBe('อบรมครบ');
    expect(second.body.data.criteria[0]).toMatchObject({ level: 2, level_name: 'พอใช้', passed: true });
    expect(second.body.data.hours).toMatchObject({ theory_done: 5, practice_done: 10 });

    const list = await admin.get('/api/application/getforevaluateManage', { text: 'ผู้เรียนประเมิน', status: 'อบรมครบ' });
    expect(list.body.data.some((x: any) => x.line_id === lineId && x.criteria_passed === ids.length)).toBe(true);

    const rec = await prasert.post('/api/evaluate/trainingrecord/pdf', { application_id: appId, line_id: lineId });
    expect(rec.status, rec.body.message).toBe(200);
    const recText = await pdfText(rec.body.data.pdf, 'training-record');
    expect(recText).toContain('บันทึกผลการฝึกอบรมขับรถ');
    expect(recText).toContain('ผู้เรียนประเมินทดสอบ');
    expect(recText).toContain('อบรมครบตามหลักสูตรและผ่านเกณฑ์การประเมินทุกหัวข้อ');
    expect(recText).toContain(String(buddhistYear(today)));
    expect(recText).toContain('พอใช้');

    // training complete, exams not yet passed: the certificate waits for both exams
    expect(second.body.data.certificate_ready).toBe(false);
    expect(second.body.data.exams.results.map((r: any) => [r.kind, r.status_name])).toEqual([
      ['theory', 'ยังไม่ได้สอบ'],
      ['practical', 'ยังไม่ได้สอบ'],
    ]);
    const noExam = await prasert.post('/api/evaluate/certificate/pdf', { application_id: appId, line_id: lineId });
    expect(noExam.status).toBe(400);
    expect(noExam.body.message).toBe('ยังออกใบรับรองผลการอบรมไม่ได้: ยังไม่ผ่านการสอบภาคทฤษฎี, ยังไม่ผ่านการสอบภาคปฏิบัติ');
    const th = await sitExam(lineId, 'theory');
    const afterTheory = await prasert.post('/api/evaluate/certificate/pdf', { application_id: appId, line_id: lineId });
    expect(afterTheory.status).toBe(400);
    expect(afterTheory.body.message).toBe('ยังออกใบรับรองผลการอบรมไม่ได้: ยังไม่ผ่านการสอบภาคปฏิบัติ');
    await sitExam(lineId, 'practical');
    const passed = (await prasert.get('/api/evaluate/student', { line_id: lineId })).body.data;
    expect(passed.certificate_ready).toBe(true);
    expect(passed.exams).toMatchObject({ passed: true, missing: [] });
    expect(passed.exams.results.map((r: any) => [r.kind_name, r.status_name, r.exam_date])).toEqual([
      ['ภาคทฤษฎี', 'สอบผ่าน', th.date],
      ['ภาคปฏิบัติ', 'สอบผ่าน', today],
    ]);

    const cert = await prasert.post('/api/evaluate/certificate/pdf', { application_id: appId, line_id: lineId });
    expect(cert.status, cert.body.message).toBe(200);
    const certText = await pdfText(cert.body.data.pdf, 'training-certificate');
    expect(certText).toContain('ใบรับรองผลการอบรม');
    expect(certText).toContain('ผู้เรียนประเมินทดสอบ');
    expect(certText).toContain('ภาคทฤษฎี5ชั่วโมงภาคปฏิบัติ10ชั่วโมง');
    expect(certText).toContain(`พ.ศ.${buddhistYear(today)}`.replace('พ.ศ.', ''));

    // correct a session: audited with before and after; remove one: the training is no longer complete
    const upd = await prasert.put('/api/evaluate/student/update', {
      application_id: appId,
      evaluation_id: second.body.data.evaluations[0].evaluation_id,
      date: today,
      instructor_id: instructorId,
      practice_hours: 6,
      results: [{ evaluate_id: ids[0], level: 1 }],
    });
    expect(upd.status, upd.body.message).toBe(200);
    expect(upd.body.data.completed).toBe(false);
    const del = await prasert.del('/api/evaluate/student/delete', {
      application_id: appId,
      evaluation_id: second.body.data.evaluations[0].evaluation_id,
    });
    expect(del.status, del.body.message).toBe(200);
    expect(del.body.data.evaluations.length).toBe(1);
    expect(del.body.data.hours.practice_done).toBe(4);
    expect(await auditCount('evaluation', second.body.data.evaluations[0].evaluation_id)).toBe(3);
  });

  it('refuses bad sessions with Thai messages that say which rule failed', async () => {
    const { appId, lineId } = await register(cat.car);
    const other = await register(cat.moto);
    const instructorId = await user('prasert');
    const ids = await criteriaOf('รถยนต์');
    const motoIds = await criteriaOf('รถจักรยานยนต์');
    const body = (o: Record<string, unknown> = {}) => ({
      application_id: appId,
      line_id: lineId,
      date: today,
      instructor_id: instructorId,
      practice_hours: 1,
      results: [{ evaluate_id: ids[0], level: 3 }],
      ...o,
    });
    const cases: [string, Record<string, unknown>, RegExp][] = [
      ['future date', { date: addDays(today, 1) }, /^วันที่ประเมิน: บันทึกล่วงหน้าไม่ได้/],
      ['before registration', { date: addDays(today, -3) }, /^วันที่ประเมิน: ก่อนวันสมัครเรียน/],
      ['instructor of another branch', { instructor_id: await user('kittipong') }, /^ครูฝึก: ไม่พบพนักงานนี้ในสาขาของใบสมัคร/],
      [
        'criterion of another licence type',
        { results: [{ evaluate_id: motoIds[0], level: 3 }] },
        /^ผลการประเมิน รายการที่ 1: หัวข้อ ".+" ไม่ใช่หัวข้อการประเมินของหลักสูตรประเภทรถยนต์/,
      ],
      [
        'duplicate criterion',
        {
          results: [
            { evaluate_id: ids[0], level: 3 },
            { evaluate_id: ids[0], level: 2 },
          ],
        },
        /^ผลการประเมิน รายการที่ 2: หัวข้อการประเมินซ้ำ/,
      ],
      [
        'level outside the scale',
        { results: [{ evaluate_id: ids[0], level: 9 }] },
        /^ผลการประเมิน รายการที่ 1: ระดับผลการประเมินต้องเป็น 1 \(ต้องปรับปรุง\)/,
      ],
      ['nothing recorded', { results: [], practice_hours: 0 }, /^ผลการประเมิน: ให้ระดับอย่างน้อย 1 หัวข้อ/],
      ['a line of another application', { line_id: other.lineId }, /^รายการหลักสูตร: ไม่พบหลักสูตรนี้ในใบสมัคร/],
      ['too many hours', { practice_hours: 25 }, /^ชั่วโมงปฏิบัติ: /],
    ];
    for (const [name, o, msg] of cases) {
      const r = await admin.post('/api/evaluate/record', body(o));
      expect(r.status, name).toBe(400);
      expect(r.body.message, name).toMatch(msg);
    }
    // another branch's staff and a role without the exam ability are refused
    const suda = await t.as('suda');
    const r403 = await suda.post('/api/evaluate/record', body());
    expect(r403.status).toBe(403);
    expect(r403.body.message).toBe('คุณไม่มีสิทธิ์เข้าถึงข้อมูลของสาขานี้');
    expect((await (await t.as('wanida')).post('/api/evaluate/record', body())).status).toBe(403);
    expect((await suda.get('/api/evaluate/student', { line_id: lineId })).status).toBe(403);
    // a cancelled application takes no evaluation
    const { appId: cancelId, lineId: cancelLine } = await (async () => {
      const r = await admin.post('/api/application/create', {
        customer: customer(),
        courses: [{ course_id: cat.car }],
        other_fees: [],
      });
      return { appId: r.body.data.application.application_id, lineId: r.body.data.application.courses[0].line_id };
    })();
    expect((await admin.post('/api/application/delete', { application_id: cancelId, note: 'ทดสอบ' })).status).toBe(200);
    const cancelled = await admin.post('/api/evaluate/record', body({ application_id: cancelId, line_id: cancelLine }));
    expect(cancelled.status).toBe(400);
    expect(cancelled.body.message).toBe('ใบสมัครนี้ถูกยกเลิกแล้ว บันทึกผลการประเมินไม่ได้');
    const missing = await admin.put('/api/evaluate/student/update', {
      ...body(),
      line_id: undefined,
      evaluation_id: 2147483000,
    });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('ไม่พบรายการประเมินนี้ในใบสมัคร');
  });
});

describe('vehicle check', () => {
  let examCar: any;
  let examMoto: any;
  beforeAll(async () => {
    const { appId } = await register(cat.car);
    const d = await admin.get('/api/application/getformanageVehicleDetail', { application_id: appId });
    examCar = d.body.data.exam_cars.find((c: any) => c.type === 'car');
    examMoto = d.body.data.exam_cars.find((c: any) => c.type === 'motorcycle');
  });

  it('the detail answers the course and other_fee lists, the checks, the branch’s exam cars and the checklist', async () => {
    const { appId } = await register(cat.car);
    const d = await admin.get('/api/application/getformanageVehicleDetail', { application_id: appId });
    expect(d.status, d.body.message).toBe(200);
    expect(d.body.data.course).toHaveLength(1);
    expect(d.body.data.other_fee).toHaveLength(1);
    expect(d.body.data.request_fee).toEqual([]);
    expect(d.body.data.exam_cars.length).toBe(2);
    expect(d.body.data.check_items.car).toContain('เข็มขัดนิรภัย');
    expect(d.body.data.check_items.motorcycle).not.toContain('เข็มขัดนิรภัย');
    expect(
      (await (await t.as('suda')).get('/api/application/getformanageVehicleDetail', { application_id: appId })).status,
    ).toBe(403);
  });

  it('passes in the exam car; fails when tax or พ.ร.บ. expired on the exam day or an item is not in order; update recomputes', async () => {
    const exam = addDays(today, 10);
    const { appId, lineId } = await register(cat.car, { exam_date: exam });
    const items = (bad: string[] = []) =>
      [
        'ไฟหน้า ไฟท้าย ไฟเลี้ยว',
        'ไฟเบรก',
        'เบรกและเบรกมือ',
        'ยางและดอกยาง',
        'กระจกมองข้างและมองหลัง',
        'แตร',
        'เข็มขัดนิรภัย',
        'ที่ปัดน้ำฝน',
        'ป้ายทะเบียนและป้ายภาษี',
      ].map((name) => ({ name, ok: !bad.includes(name) }));
    const malee = await t.as('malee');
    const pass = await malee.post('/api/vehiclecheck/create', {
      application_id: appId,
      line_id: lineId,
      check_date: today,
      owner: 'school',
      vehicle_id: examCar.vehicle_id,
      items: items(),
    });
    expect(pass.status, pass.body.message).toBe(200);
    expect(pass.body.message).toBe('บันทึกการตรวจสภาพรถเรียบร้อยแล้ว ผลการตรวจ: ผ่าน');
    expect(pass.body.data).toMatchObject({
      result: 'pass',
      owner: 'school',
      no: examCar.no,
      exam_date: exam,
      tax_until: examCar.tax_until,
      owner_name: 'รถสอบของโรงเรียน',
    });
    expect(await auditCount('vehicle_check', pass.body.data.check_id)).toBe(1);

    const own = {
      application_id: appId,
      line_id: lineId,
      check_date: today,
      owner: 'student',
      no: '9กก 9999',
      province: 'นนทบุรี',
      type: 'car',
      tax_until: addDays(exam, 30),
      compulsory_until: addDays(exam, -1),
      items: items(),
    };
    // the latest live check's result kept on the registration (the vehicle-check list filters on it)
    const kept = async () =>
      (
        await rows<{ r: string | null }>(
          t,
          sql`select check_result as r from applications where application_id = ${appId}`,
        )
      )[0]!.r;
    expect(await kept()).toBe('pass');
    const fail = await malee.post('/api/vehiclecheck/create', own);
    expect(fail.status, fail.body.message).toBe(200);
    expect(fail.body.data.result).toBe('fail');
    expect(await kept()).toBe('fail');
    expect(fail.body.message).toMatch(/ผลการตรวจ: ไม่ผ่าน \(พ\.ร\.บ\. หมดอายุ .+ ก่อนวันสอบ/);
    // valid until the exam day itself is still valid
    const upd = await malee.put('/api/vehiclecheck/update', {
      ...own,
      check_id: fail.body.data.check_id,
      compulsory_until: exam,
      tax_until: addDays(exam, -2),
      items: items(['แตร']),
    });
    expect(upd.status, upd.body.message).toBe(200);
    expect(upd.body.data.fail_reasons).toEqual([expect.stringMatching(/^ภาษีรถหมดอายุ/), 'ไม่ผ่านรายการตรวจ: แตร']);
    const fixed = await malee.put('/api/vehiclecheck/update', {
      ...own,
      check_id: fail.body.data.check_id,
      compulsory_until: exam,
      tax_until: exam,
    });
    expect(fixed.body.data.result).toBe('pass');
    expect(await kept()).toBe('pass');
    expect(await auditCount('vehicle_check', fail.body.data.check_id)).toBe(3);

    const got = await malee.get('/api/vehiclecheck/get', { check_id: fail.body.data.check_id });
    expect(got.body.data).toMatchObject({
      no: '9กก 9999',
      province: 'นนทบุรี',
      result_name: 'ผ่าน',
      course_name: expect.stringContaining('หลักสูตรรถยนต์'),
    });
    const table = await malee.get('/api/vehiclecheck/gettable', {
      text: '9กก',
      status: 'ผ่าน',
      type: 'car',
      start: today,
      end: today,
    });
    expect(table.body.data.map((x: any) => x.check_id)).toEqual([fail.body.data.check_id]);
    const manage = await malee.get('/api/application/getformanageVehicleCheck', {
      text: (
        await rows<{ code: string }>(
          t,
          sql`select application_code as code from applications where application_id = ${appId}`,
        )
      )[0]!.code,
    });
    expect(manage.body.data[0]).toMatchObject({
      application_id: appId,
      check_result: 'pass',
      check_result_name: 'ผ่าน',
      plate: '9กก 9999 นนทบุรี',
    });

    const del = await malee.del('/api/vehiclecheck/delete', {
      application_id: appId,
      check_id: pass.body.data.check_id,
    });
    expect(del.status, del.body.message).toBe(200);
    expect((await malee.get('/api/vehiclecheck/get', { check_id: pass.body.data.check_id })).status).toBe(404);
    expect(await kept()).toBe('pass');
    const suda = await t.as('suda');
    expect((await suda.get('/api/vehiclecheck/get', { check_id: fail.body.data.check_id })).status).toBe(403);
    expect((await suda.put('/api/vehiclecheck/update', { ...own, check_id: fail.body.data.check_id })).status).toBe(
      403,
    );
    // the last check deleted: the registration is not checked again
    const last = await malee.del('/api/vehiclecheck/delete', {
      application_id: appId,
      check_id: fail.body.data.check_id,
    });
    expect(last.status, last.body.message).toBe(200);
    expect(await kept()).toBeNull();
  });

  it('refuses bad checks with Thai messages', async () => {
    const { appId, lineId } = await register(cat.car);
    const items = (
      await admin.get('/api/application/getformanageVehicleDetail', { application_id: appId })
    ).body.data.check_items.car.map((name: string) => ({ name, ok: true }));
    const [bknCar] = await rows<{ id: number }>(
      t,
      sql`select vehicle_id as id from vehicles where branch_id = ${cat.bkn} and is_exam and type = 'car'`,
    );
    const base = {
      application_id: appId,
      line_id: lineId,
      check_date: today,
      owner: 'school',
      vehicle_id: examCar.vehicle_id,
      items,
    };
    const own = {
      ...base,
      owner: 'student',
      vehicle_id: null,
      no: '1กก 1',
      province: 'ลำพูน',
      type: 'car',
      tax_until: addDays(today, 9),
      compulsory_until: addDays(today, 9),
    };
    const cases: [string, Record<string, unknown>, RegExp][] = [
      ['no exam car chosen', { vehicle_id: null }, /^รถสอบ: กรุณาเลือกรถสอบของโรงเรียน$/],
      ['another branch’s car', { vehicle_id: bknCar!.id }, /^รถสอบ: รถคันนี้ไม่ใช่รถสอบของสาขานี้$/],
      [
        'a motorcycle for a car course',
        { vehicle_id: examMoto.vehicle_id, items: [] },
        /^ประเภท: หลักสูตรรถยนต์ต้องสอบด้วยรถยนต์$/,
      ],
      ['an item left out', { items: items.slice(1) }, /^รายการตรวจ: ต้องตรวจให้ครบทุกรายการ \(ยังไม่ได้ตรวจ: ไฟหน้า/],
      [
        'an unknown item',
        { items: [...items, { name: 'วิทยุ', ok: true }] },
        /^รายการตรวจ รายการที่ 10: "วิทยุ" ไม่ใช่รายการตรวจของรถยนต์/,
      ],
      ['a future check date', { check_date: addDays(today, 2) }, /^วันที่ตรวจ: บันทึกล่วงหน้าไม่ได้/],
      ['a checker of another branch', { checked_by: await user('kittipong') }, /^ผู้ตรวจ: ไม่พบพนักงานนี้ในสาขาของใบสมัคร/],
      ['a line of another application', { line_id: 2147483000 }, /^รายการหลักสูตร: ไม่พบหลักสูตรนี้ในใบสมัคร$/],
    ];
    for (const [name, o, msg] of cases) {
      const r = await admin.post('/api/vehiclecheck/create', { ...base, ...o });
      expect(r.status, name).toBe(400);
      expect(r.body.message, name).toMatch(msg);
    }
    const ownCases: [string, Record<string, unknown>, RegExp][] = [
      ['no plate', { no: '' }, /^ทะเบียนรถ: ต้องระบุ$/],
      ['no province', { province: ' ' }, /^จังหวัด: ต้องระบุ/],
      ['no type', { type: undefined }, /^ประเภท: ต้องระบุ/],
      ['no tax date', { tax_until: null }, /^ภาษีรถใช้ได้ถึง: ต้องระบุ$/],
      ['no พ.ร.บ. date', { compulsory_until: null }, /^พ\.ร\.บ\. ใช้ได้ถึง: ต้องระบุ$/],
      ['a bad owner', { owner: 'friend' }, /^เจ้าของรถ: /],
    ];
    for (const [name, o, msg] of ownCases) {
      const r = await admin.post('/api/vehiclecheck/create', { ...own, ...o });
      expect(r.status, name).toBe(400);
      expect(r.body.message, name).toMatch(msg);
    }
    expect((await (await t.as('wanida')).post('/api/vehiclecheck/create', own)).status).toBe(403);
    const none = await admin.get('/api/vehiclecheck/get', { check_id: 2147483000 });
    expect(none.status).toBe(404);
    expect(none.body.message).toBe('ไม่พบรายการตรวจสภาพรถนี้');
  });
});

describe('the school’s evaluation rules', () => {
  it('the owner changes the level scale, the passing level and the checklists (audited); wrong values are refused in Thai', async () => {
    const cur = await admin.get('/api/evaluate/settings');
    expect(cur.status, cur.body.message).toBe(200);
    expect(cur.body.data.pass_level).toBe(2);
    const body = {
      ...cur.body.data,
      pass_level: 3,
      check_items: { ...cur.body.data.check_items, motorcycle: [...cur.body.data.check_items.motorcycle, 'หมวกนิรภัย'] },
    };
    const bad: [string, Record<string, unknown>, RegExp][] = [
      ['pass level off the scale', { pass_level: 7 }, /^ระดับที่ผ่านเกณฑ์: ต้องเป็นหนึ่งในระดับ 1, 2, 3, 4$/],
      [
        'levels out of order',
        {
          levels: [
            { value: 2, name: 'ก' },
            { value: 1, name: 'ข' },
          ],
        },
        /^ระดับผลการประเมิน รายการที่ 2: ต้องเรียงจากน้อยไปมาก/,
      ],
      [
        'a level name twice',
        {
          levels: [
            { value: 1, name: 'ก' },
            { value: 2, name: 'ก' },
          ],
          pass_level: 2,
        },
        /^ระดับผลการประเมิน: ชื่อระดับซ้ำกัน$/,
      ],
      [
        'a checklist item twice',
        { check_items: { car: ['แตร', 'แตร'], motorcycle: ['แตร'] } },
        /^รถยนต์: รายการตรวจซ้ำกัน$/,
      ],
    ];
    for (const [name, o, msg] of bad) {
      const r = await admin.put('/api/evaluate/settings/update', { ...body, ...o });
      expect(r.status, name).toBe(400);
      expect(r.body.message, name).toMatch(msg);
    }
    expect((await (await t.as('somchai')).put('/api/evaluate/settings/update', body)).status).toBe(403);
    const r = await admin.put('/api/evaluate/settings/update', body);
    expect(r.status, r.body.message).toBe(200);
    expect(r.body.data.pass_level).toBe(3);
    expect(await auditCount('evaluation_settings', 1)).toBe(1);
    // a criterion at พอใช้ no longer passes
    const { appId, lineId } = await register(cat.car);
    const ids = await criteriaOf('รถยนต์');
    const rec = await admin.post('/api/evaluate/record', {
      application_id: appId,
      line_id: lineId,
      date: today,
      instructor_id: await user('prasert'),
      theory_hours: 5,
      practice_hours: 10,
      results: ids.map((id) => ({ evaluate_id: id, level: 2 })),
    });
    expect(rec.body.data.completed).toBe(false);
    expect(rec.body.data.missing[0]).toMatch(/^ยังไม่ผ่านเกณฑ์ \d+ หัวข้อ/);
    const detail = await admin.get('/api/application/getformanageVehicleDetail', { application_id: appId });
    expect(detail.body.data.check_items.motorcycle).toContain('หมวกนิรภัย');
    await admin.put('/api/evaluate/settings/update', cur.body.data);
  });
});
