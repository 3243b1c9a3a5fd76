/**
 * The training figures kept at commit (line_training, line_criterion_levels) behind the evaluation list's
 * training-status filter: every evaluation record, update and delete rewrites them, the status they give follows the
 * course's hours, the criteria and the passing level as they are now, and the migration's backfill gives the figures
 * the evaluations give. After each step the stored figures equal their recomputation from the evaluations
 * (LINE_TRAINING_VIOLATIONS_SQL) and each status filter shows exactly the rows of that status, counted.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { todayBangkok } from '@khabkhi/thai';
import { migrationsFolder } from '../../src/db/connection.js';
import { LINE_TRAINING_VIOLATIONS_SQL } from '../../src/modules/evaluations/training.js';
import { createTestApp, type Client, type TestApp } from '../helpers.js';
import { customer, makeCatalog, type Catalog } from '../money/fixtures.js';
import { rows } from '../foundation/fixtures.js';
import { sessionRecorder } from './fixtures.js';

let t: TestApp;
let cat: Catalog;
let admin: Client;
let instructor: number;
const today = todayBangkok();
const STATUSES = ['ยังไม่เริ่มอบรม', 'กำลังอบรม', 'อบรมครบ'] as const;
const NAME = 'ผู้เรียนสถิติ';

beforeAll(async () => {
  t = await createTestApp({ demoMoney: true });
  cat = await makeCatalog(t.db);
  admin = await t.as('admin');
  instructor = (await rows<{ id: number }>(t, sql`select user_id as id from users where username = 'prasert'`))[0]!.id;
});
afterAll(async () => {
  await t?.close();
});

async function register(courseId = cat.car) {
  const r = await admin.post('/api/application/create', {
    customer: customer({ fname: NAME, sname: 'ทดสอบ' }),
    courses: [{ course_id: courseId, exam_date: null }],
    other_fees: [],
    payment: { paid: '500', pay_type: 'cash' },
  });
  expect(r.status, r.body.message).toBe(200);
  const a = r.body.data.application;
  return { appId: a.application_id as number, lineId: a.courses[0].line_id as number };
}

const criteria = async (type = 'รถยนต์') =>
  (
    await rows<{ id: number }>(
      t,
      sql`select evaluate_id as id from evaluates where type = ${type} and not is_delete and is_activate order by sort, evaluate_id`,
    )
  ).map((r) => r.id);

const list = (q: Record<string, unknown> = {}) =>
  admin.get('/api/application/getforevaluateManage', { text: NAME, per_page: 100, ...q });

/**
 * The stored figures equal the evaluations', and each status filter (the test's students, all branches and HQ)
 * shows exactly the unfiltered rows of that status, with the count of them. Answers the line's row.
 */
async function check(lineId: number) {
  expect(await rows(t, LINE_TRAINING_VIOLATIONS_SQL)).toEqual([]);
  const all = await list();
  expect(all.status, all.body.message).toBe(200);
  expect(all.body.meta.total).toBe(all.body.data.length);
  for (const branch of [undefined, String(cat.hq)]) {
    for (const status of STATUSES) {
      const r = await list({ status, ...(branch ? { branch } : {}) });
      expect(r.status, r.body.message).toBe(200);
      const want = all.body.data.filter((x: any) => x.status === status && (!branch || x.branch_id === cat.hq));
      expect(r.body.data, `${status} ${branch ?? ''}`).toEqual(want);
      expect(r.body.meta.total, status).toBe(want.length);
    }
  }
  await plainCounts();
  return all.body.data.find((x: any) => x.line_id === lineId);
}

/**
 * Without a text the count of each status over the branches is summed from the per-branch counts kept at commit; with
 * a licence type it counts the lines themselves: the counts of every licence type add up to the plain one.
 */
async function plainCounts() {
  const types = (
    await rows<{ type: string }>(t, sql`select distinct course_type as type from application_courses order by 1`)
  ).map((r) => r.type);
  for (const branch of [undefined, String(cat.hq)]) {
    for (const status of STATUSES) {
      const q = { per_page: 1, status, ...(branch ? { branch } : {}) };
      const plain = await admin.get('/api/application/getforevaluateManage', q);
      expect(plain.status, plain.body.message).toBe(200);
      let sum = 0;
      for (const type of types)
        sum += (await admin.get('/api/application/getforevaluateManage', { ...q, type })).body.meta.total;
      expect(plain.body.meta.total, `${status} ${branch ?? 'all'}`).toBe(sum);
    }
  }
}

const record = sessionRecorder(
  () => admin,
  () => instructor,
);

describe('the figures kept at commit', () => {
  it('the demo school’s evaluations (seeded) are stored', async () => {
    expect(await rows(t, LINE_TRAINING_VIOLATIONS_SQL)).toEqual([]);
    const n = await rows<{ n: number }>(t, sql`select count(*)::int as n from line_training`);
    expect(n[0]!.n).toBeGreaterThan(0);
    const done = await admin.get('/api/application/getforevaluateManage', { status: 'อบรมครบ', per_page: 100 });
    expect(done.body.meta.total).toBeGreaterThanOrEqual(3);
  });

  it('follow each record, update and delete of an evaluation: figures, status filter and count', async () => {
    const { appId, lineId } = await register();
    const ids = await criteria();
    expect(await check(lineId)).toMatchObject({ status: 'ยังไม่เริ่มอบรม', theory_done: 0, practice_done: 0 });

    const first = await record(appId, lineId, {
      theory_hours: 5,
      practice_hours: 4,
      results: ids.map((id, i) => ({ evaluate_id: id, level: i === 0 ? 1 : 3 })),
    });
    expect(first.status, first.body.message).toBe(200);
    expect(await check(lineId)).toMatchObject({
      status: 'กำลังอบรม',
      theory_done: 5,
      practice_done: 4,
      criteria_total: ids.length,
      criteria_done: ids.length,
      criteria_passed: ids.length - 1,
      last_date: today,
    });

    const second = await record(appId, lineId, { practice_hours: 6, results: [{ evaluate_id: ids[0], level: 2 }] });
    expect(second.status, second.body.message).toBe(200);
    expect(await check(lineId)).toMatchObject({
      status: 'อบรมครบ',
      practice_done: 10,
      criteria_passed: ids.length,
    });
    const secondId = second.body.data.evaluations.find((e: any) => e.practice_hours === 6).evaluation_id as number;

    // the later session's level falls below the passing level: the latest level counts, in training again
    const upd = await admin.put('/api/evaluate/student/update', {
      application_id: appId,
      evaluation_id: secondId,
      date: today,
      instructor_id: instructor,
      practice_hours: 6,
      results: [{ evaluate_id: ids[0], level: 1 }],
    });
    expect(upd.status, upd.body.message).toBe(200);
    expect(await check(lineId)).toMatchObject({ status: 'กำลังอบรม', criteria_passed: ids.length - 1 });

    // the update gives the level back and moves the hours: complete
    const upd2 = await admin.put('/api/evaluate/student/update', {
      application_id: appId,
      evaluation_id: secondId,
      date: today,
      instructor_id: instructor,
      practice_hours: 7,
      results: [{ evaluate_id: ids[0], level: 4 }],
    });
    expect(upd2.status, upd2.body.message).toBe(200);
    expect(await check(lineId)).toMatchObject({ status: 'อบรมครบ', practice_done: 11 });

    const del = await admin.del('/api/evaluate/student/delete', { application_id: appId, evaluation_id: secondId });
    expect(del.status, del.body.message).toBe(200);
    expect(await check(lineId)).toMatchObject({
      status: 'กำลังอบรม',
      practice_done: 4,
      criteria_passed: ids.length - 1,
    });

    const firstId = first.body.data.evaluations[0].evaluation_id as number;
    const del2 = await admin.del('/api/evaluate/student/delete', { application_id: appId, evaluation_id: firstId });
    expect(del2.status, del2.body.message).toBe(200);
    expect(await check(lineId)).toMatchObject({
      status: 'ยังไม่เริ่มอบรม',
      theory_done: 0,
      practice_done: 0,
      criteria_done: 0,
      last_date: null,
    });
    expect(await rows(t, sql`select 1 from line_training where line_id = ${lineId}`)).toEqual([]);
    expect(await rows(t, sql`select 1 from line_criterion_levels where line_id = ${lineId}`)).toEqual([]);
  });

  it('the status follows the course’s hours, the criteria and the passing level as they are now', async () => {
    const { appId, lineId } = await register();
    const ids = await criteria();
    const r = await record(appId, lineId, {
      theory_hours: 5,
      practice_hours: 10,
      results: ids.map((id) => ({ evaluate_id: id, level: 2 })),
    });
    expect(r.status, r.body.message).toBe(200);
    expect(await check(lineId)).toMatchObject({ status: 'อบรมครบ', criteria_passed: ids.length });

    // the course now asks for more practice, then as before
    const more = await admin.put('/api/course/update', { course_id: cat.car, practice_hours: 12 });
    expect(more.status, more.body.message).toBe(200);
    expect(await check(lineId)).toMatchObject({ status: 'กำลังอบรม', practice_required: 12 });
    await admin.put('/api/course/update', { course_id: cat.car, practice_hours: 10 });
    expect(await check(lineId)).toMatchObject({ status: 'อบรมครบ' });

    // a new active criterion of the licence type is not evaluated yet; switched off it no longer counts
    const created = await admin.post('/api/evaluate/create', {
      title: 'การถอยจอดเข้าซองแบบขนาน (ทดสอบ)',
      category: 'manoeuvre',
      type: 'รถยนต์',
    });
    expect(created.status, created.body.message).toBe(200);
    const extra = created.body.data.evaluate_id as number;
    expect(await check(lineId)).toMatchObject({ status: 'กำลังอบรม', criteria_total: ids.length + 1 });
    const off = await admin.put('/api/evaluate/update', { evaluate_id: extra, is_activate: false });
    expect(off.status, off.body.message).toBe(200);
    expect(await check(lineId)).toMatchObject({ status: 'อบรมครบ', criteria_total: ids.length });

    // an evaluated criterion still below the passing level: switched off, deleted, switched back on
    const low = await record(appId, lineId, { practice_hours: 1, results: [{ evaluate_id: ids[1], level: 1 }] });
    expect(low.status, low.body.message).toBe(200);
    expect(await check(lineId)).toMatchObject({ status: 'กำลังอบรม', criteria_passed: ids.length - 1 });
    await admin.put('/api/evaluate/update', { evaluate_id: ids[1], is_activate: false });
    expect(await check(lineId)).toMatchObject({
      status: 'อบรมครบ',
      criteria_total: ids.length - 1,
      criteria_passed: ids.length - 1,
    });
    await admin.put('/api/evaluate/update', { evaluate_id: ids[1], is_activate: true });
    expect(await check(lineId)).toMatchObject({ status: 'กำลังอบรม', criteria_passed: ids.length - 1 });
    // moved to the other licence type, it is no longer one of the line's criteria
    const moved = await admin.put('/api/evaluate/update', { evaluate_id: ids[1], type: 'รถจักรยานยนต์' });
    expect(moved.status, moved.body.message).toBe(200);
    expect(await check(lineId)).toMatchObject({ status: 'อบรมครบ', criteria_total: ids.length - 1 });
    await admin.put('/api/evaluate/update', { evaluate_id: ids[1], type: 'รถยนต์' });
    expect(await check(lineId)).toMatchObject({ status: 'กำลังอบรม' });
    const low2 = await record(appId, lineId, { practice_hours: 1, results: [{ evaluate_id: ids[1], level: 2 }] });
    expect(low2.status, low2.body.message).toBe(200);
    expect(await check(lineId)).toMatchObject({ status: 'อบรมครบ', criteria_passed: ids.length });

    // the passing level: 3 leaves every criterion at พอใช้ (2) short; back to 2
    const cur = (await admin.get('/api/evaluate/settings')).body.data;
    const up = await admin.put('/api/evaluate/settings/update', { ...cur, pass_level: 3 });
    expect(up.status, up.body.message).toBe(200);
    expect(await check(lineId)).toMatchObject({ status: 'กำลังอบรม', criteria_passed: 0 });
    // saving the rules without changing the passing level keeps the figures
    const same = await admin.put('/api/evaluate/settings/update', { ...cur, pass_level: 3 });
    expect(same.status, same.body.message).toBe(200);
    expect(await check(lineId)).toMatchObject({ status: 'กำลังอบรม' });
    await admin.put('/api/evaluate/settings/update', { ...cur, pass_level: 2 });
    expect(await check(lineId)).toMatchObject({ status: 'อบรมครบ', criteria_passed: ids.length });

    // a deleted criterion no longer counts
    const del = await admin.del('/api/evaluate/delete', { evaluate_id: ids[2] });
    expect(del.status, del.body.message).toBe(200);
    expect(await check(lineId)).toMatchObject({
      status: 'อบรมครบ',
      criteria_total: ids.length - 1,
      criteria_passed: ids.length - 1,
    });
  });

  it('a cancelled registration’s evaluated line leaves every status and its count', async () => {
    const r = await admin.post('/api/application/create', {
      customer: customer({ fname: NAME, sname: 'ยกเลิก' }),
      courses: [{ course_id: cat.car, exam_date: null }],
      other_fees: [],
    });
    expect(r.status, r.body.message).toBe(200);
    const appId = r.body.data.application.application_id as number;
    const lineId = r.body.data.application.courses[0].line_id as number;
    const ids = await criteria();
    const ev = await record(appId, lineId, {
      theory_hours: 5,
      practice_hours: 10,
      results: ids.map((id) => ({ evaluate_id: id, level: 3 })),
    });
    expect(ev.status, ev.body.message).toBe(200);
    expect(await check(lineId)).toMatchObject({ status: 'อบรมครบ' });
    const before = (await admin.get('/api/application/getforevaluateManage', { status: 'อบรมครบ', per_page: 1 })).body
      .meta.total as number;
    const cancel = await admin.del('/api/application/delete', { application_id: appId, note: 'ผู้เรียนขอยกเลิก' });
    expect(cancel.status, cancel.body.message).toBe(200);
    expect(await check(lineId)).toBeUndefined();
    const after = await admin.get('/api/application/getforevaluateManage', { status: 'อบรมครบ', per_page: 1 });
    expect(after.body.meta.total).toBe(before - 1);
    const [kept] = await rows<{ live: boolean }>(t, sql`select live from line_training where line_id = ${lineId}`);
    expect(kept).toEqual({ live: false });
  });

  it('sessions of one line recorded at once, beside a change of the passing level, are all counted', async () => {
    const { appId, lineId } = await register();
    const ids = await criteria();
    const cur = (await admin.get('/api/evaluate/settings')).body.data;
    const answers = await Promise.all([
      ...Array.from({ length: 8 }, (_, k) =>
        record(appId, lineId, {
          theory_hours: k === 0 ? 5 : 0,
          practice_hours: 2,
          results: ids.filter((_, i) => i % 8 === k).map((id) => ({ evaluate_id: id, level: 2 })),
        }),
      ),
      admin.put('/api/evaluate/settings/update', { ...cur, pass_level: 3 }),
    ]);
    for (const a of answers) expect(a.status, a.body.message).toBe(200);
    // every level is พอใช้ (2): short of the passing level 3 whichever committed first
    expect(await check(lineId)).toMatchObject({ status: 'กำลังอบรม', practice_done: 16, criteria_passed: 0 });
    await admin.put('/api/evaluate/settings/update', cur);
    expect(await check(lineId)).toMatchObject({ status: 'อบรมครบ', criteria_passed: ids.length });
  });

  it('the migration’s backfill gives a line evaluated before it the figures its evaluations give', async () => {
    const { appId, lineId } = await register(cat.moto);
    const ids = await criteria('รถจักรยานยนต์');
    const r = await record(appId, lineId, {
      theory_hours: 3,
      practice_hours: 2,
      results: ids.map((id, i) => ({ evaluate_id: id, level: i === 0 ? 1 : 2 })),
    });
    expect(r.status, r.body.message).toBe(200);
    await record(appId, lineId, { practice_hours: 3, results: [{ evaluate_id: ids[0], level: 3 }] });
    const before = await check(lineId);
    expect(before).toMatchObject({ status: 'กำลังอบรม', theory_done: 3, practice_done: 5 });
    // as before the migration: evaluations (one deleted) and no stored figures at all
    await t.db.execute(sql`update student_evaluations set is_delete = true where evaluation_id = (
      select max(evaluation_id) from student_evaluations where line_id = ${lineId})`);
    const gone = await rows<{ n: number }>(t, sql`select count(*)::int as n from line_training`);
    await t.db.execute(sql`delete from line_training`);
    await t.db.execute(sql`delete from line_criterion_levels`);
    await t.db.execute(sql`delete from line_training_counts`);
    // before 0027 the stored rows had no course columns (here: not yet required); 0027 then fills and requires them
    await t.db.execute(
      sql`alter table line_training alter column course_id drop not null, alter column course_type drop not null`,
    );
    const migration = fs.readFileSync(path.join(migrationsFolder, '0025_line_training.sql'), 'utf8');
    const backfill = migration.slice(migration.indexOf('-- Backfill'));
    for (const s of backfill.split('--> statement-breakpoint')) await t.db.execute(sql.raw(s));
    const courses = fs.readFileSync(path.join(migrationsFolder, '0027_line_training_course.sql'), 'utf8');
    for (const s of courses.split('--> statement-breakpoint'))
      if (!/ADD (COLUMN|CONSTRAINT)/.test(s)) await t.db.execute(sql.raw(s));
    // 0048 adds the completed lessons' minutes and stores the lines with completed lessons
    const lessons = fs.readFileSync(path.join(migrationsFolder, '0048_line_training_lessons.sql'), 'utf8');
    for (const s of lessons.split('--> statement-breakpoint'))
      if (!/ADD (COLUMN|CONSTRAINT)/.test(s)) await t.db.execute(sql.raw(s));
    // 0056 sets the live and complete flags and counts the stored lines per branch
    const counts = fs.readFileSync(path.join(migrationsFolder, '0056_line_training_counts.sql'), 'utf8');
    for (const s of counts.split('--> statement-breakpoint'))
      if (!/ADD COLUMN|CREATE TABLE/.test(s)) await t.db.execute(sql.raw(s));
    expect(await rows(t, LINE_TRAINING_VIOLATIONS_SQL)).toEqual([]);
    expect(await rows<{ n: number }>(t, sql`select count(*)::int as n from line_training`)).toEqual(gone);
    // the page's figures (from the evaluations) and the stored ones agree: the deleted session does not count
    expect(await check(lineId)).toMatchObject({
      ...before,
      practice_done: 2,
      practice_recorded: 2,
      criteria_passed: ids.length - 1,
      status: 'กำลังอบรม',
    });
  });
});
