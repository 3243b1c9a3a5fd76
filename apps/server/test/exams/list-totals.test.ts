/**
 * The application lists of the exam screens (manage exam, exam permission, manage vehicle check, evaluation
 * management) page and count through shared shortcuts: the application list's page of ids, the per-branch
 * statistics, the permission rows for the course lines, and "not checked / not started" as the rest less the
 * checked / trained ones. Each total and first page must equal what the plain definition gives, also with a
 * cancelled registration that has a training record and a passed vehicle check.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { todayBangkok } from '@khabkhi/thai';
import { createTestApp, type Client, type TestApp } from '../helpers.js';
import { customer, makeCatalog, type Catalog } from '../money/fixtures.js';
import { rows } from '../foundation/fixtures.js';

let t: TestApp;
let cat: Catalog;
let admin: Client;
const today = todayBangkok();

beforeAll(async () => {
  t = await createTestApp({ demoMoney: true });
  cat = await makeCatalog(t.db);
  admin = await t.as('admin');
  // a registration that was trained and checked, then cancelled (nothing paid)
  const r = await admin.post('/api/application/create', {
    customer: customer({ fname: 'ยกเลิกหลังตรวจ', sname: 'ทดสอบ' }),
    courses: [{ course_id: cat.car }],
    other_fees: [],
  });
  expect(r.status, r.body.message).toBe(200);
  const appId = r.body.data.application.application_id as number;
  const lineId = r.body.data.application.courses[0].line_id as number;
  const [instructor] = await rows<{ id: number }>(t, sql`select user_id as id from users where username = 'prasert'`);
  const criteria = await rows<{ id: number }>(
    t,
    sql`select evaluate_id as id from evaluates where type = 'รถยนต์' and not is_delete and is_activate`,
  );
  const ev = await admin.post('/api/evaluate/record', {
    application_id: appId,
    line_id: lineId,
    date: today,
    instructor_id: instructor!.id,
    theory_hours: 2,
    practice_hours: 1,
    results: criteria.map((c) => ({ evaluate_id: c.id, level: 3 })),
  });
  expect(ev.status, ev.body.message).toBe(200);
  const d = await admin.get('/api/application/getformanageVehicleDetail', { application_id: appId });
  const car = d.body.data.exam_cars.find((c: any) => c.type === 'car');
  const check = await admin.post('/api/vehiclecheck/create', {
    application_id: appId,
    line_id: lineId,
    check_date: today,
    owner: 'school',
    vehicle_id: car.vehicle_id,
    items: d.body.data.check_items.car.map((name: string) => ({ name, ok: true })),
  });
  expect(check.status, check.body.message).toBe(200);
  expect(check.body.data.result).toBe('pass');
  expect((await admin.post('/api/application/delete', { application_id: appId, note: 'ทดสอบ' })).status).toBe(200);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

/** The branches a user may see: every branch for the head office, otherwise the user's own. */
async function scopeOf(username: string) {
  const [u] = await rows<{ all: boolean; branch_id: number }>(
    t,
    sql`select (r.all_branches or b.is_head_office) as all, u.branch_id from users u join roles r using (role_id)
      join branches b on b.branch_id = u.branch_id where u.username = ${username}`,
  );
  return u!.all ? sql`true` : sql`a.branch_id = ${u!.branch_id}`;
}

/** The plain definition: the applications' ids newest first and how many there are. */
async function plainApps(where: ReturnType<typeof sql>) {
  const r = await rows<{ id: number }>(
    t,
    sql`select a.application_id as id from applications a where a.kind = 'course' and ${where}
      order by a.created_at desc, a.application_id desc`,
  );
  return r.map((x) => x.id);
}

const latest = sql`(select v.result from vehicle_checks v where v.application_id = a.application_id and not v.is_delete
  order by v.check_date desc, v.check_id desc limit 1)`;

describe('exam-area lists: totals and pages equal the plain definition', () => {
  for (const username of ['admin', 'anan']) {
    it(`manage exam, exam permission and manage vehicle check (${username})`, async () => {
      const c = await t.as(username);
      const scope = await scopeOf(username);
      const cases: [string, Record<string, string>, ReturnType<typeof sql>][] = [
        ['/api/application/getformanageExam', {}, sql`${scope} and not a.is_delete and a.status = 'ค้างชำระ'`],
        ['/api/application/getformanageExam', { status: 'ทั้งหมด' }, sql`${scope} and not a.is_delete`],
        ['/api/application/getforpermission', {}, sql`${scope} and not a.is_delete`],
        [
          '/api/application/getforpermission',
          { status: 'ชำระครบ' },
          sql`${scope} and not a.is_delete and a.status = 'ชำระครบ'`,
        ],
        ['/api/application/getformanageVehicleCheck', {}, sql`${scope} and a.status = 'ค้างชำระ'`],
        ['/api/application/getformanageVehicleCheck', { status: 'ทั้งหมด' }, sql`${scope}`],
        [
          '/api/application/getformanageVehicleCheck',
          { status: 'ทั้งหมด', category: 'ผ่าน' },
          sql`${scope} and ${latest} = 'pass'`,
        ],
        [
          '/api/application/getformanageVehicleCheck',
          { status: 'ทั้งหมด', category: 'ไม่ผ่าน' },
          sql`${scope} and ${latest} = 'fail'`,
        ],
        [
          '/api/application/getformanageVehicleCheck',
          { status: 'ทั้งหมด', category: 'ยังไม่ตรวจ' },
          sql`${scope} and ${latest} is null`,
        ],
        [
          '/api/application/getformanageVehicleCheck',
          { category: 'ยังไม่ตรวจ' },
          sql`${scope} and a.status = 'ค้างชำระ' and ${latest} is null`,
        ],
      ];
      for (const [url, query, where] of cases) {
        const ids = await plainApps(where);
        const label = `${url} ${JSON.stringify(query)}`;
        // the head office sees rows in every case with status ทั้งหมด (the demo school has checks passed and failed)
        if (username === 'admin' && (query.status === 'ทั้งหมด' || !query.category))
          expect(ids.length, label).toBeGreaterThan(0);
        const r = await c.get(url, { ...query, per_page: 10 });
        expect(r.status, `${label}: ${r.body.message}`).toBe(200);
        expect(r.body.meta.total, label).toBe(ids.length);
        expect(
          r.body.data.map((x: any) => x.application_id),
          label,
        ).toEqual(ids.slice(0, 10));
        // a later page is the next slice of the same order
        const p2 = await c.get(url, { ...query, per_page: 10, page: 2 });
        expect(
          p2.body.data.map((x: any) => x.application_id),
          `${label} page 2`,
        ).toEqual(ids.slice(10, 20));
      }
      // the cancelled registration with its passed check is listed as checked, never as not checked
      if (username === 'admin') {
        const passed = await c.get('/api/application/getformanageVehicleCheck', {
          status: 'ทั้งหมด',
          category: 'ผ่าน',
          text: 'ยกเลิกหลังตรวจ',
        });
        expect(passed.body.data.map((x: any) => x.status)).toEqual(['ยกเลิก']);
        expect(passed.body.meta.total).toBe(1);
        const exam = await c.get('/api/application/getformanageExam', { status: 'ทั้งหมด', text: 'ยกเลิกหลังตรวจ' });
        expect(exam.body.meta.total).toBe(0);
      }
    });

    it(`evaluation management: every line and the lines not started (${username})`, async () => {
      const c = await t.as(username);
      const scope = await scopeOf(username);
      const lines = async (where: ReturnType<typeof sql>) =>
        (
          await rows<{ n: number }>(
            t,
            sql`select count(*)::int as n from application_courses l join applications a on a.application_id = l.application_id
              where a.kind = 'course' and not a.is_delete and ${scope} and ${where}`,
          )
        )[0]!.n;
      const trained = sql`exists (select 1 from line_training lt where lt.line_id = l.line_id)`;
      const all = await c.get('/api/application/getforevaluateManage', { per_page: 10 });
      expect(all.body.meta.total).toBe(await lines(sql`true`));
      const notStarted = await c.get('/api/application/getforevaluateManage', { status: 'ยังไม่เริ่มอบรม' });
      expect(notStarted.body.meta.total).toBe(await lines(sql`not ${trained}`));
      expect(notStarted.body.data.every((x: any) => x.status === 'ยังไม่เริ่มอบรม')).toBe(true);
      const training = await c.get('/api/application/getforevaluateManage', { status: 'กำลังอบรม' });
      const completed = await c.get('/api/application/getforevaluateManage', { status: 'อบรมครบ' });
      // complete: the course's hours done (completed lessons and hours typed before them) and every active criterion
      // of the line's type at the passing level
      const done = sql`exists (select 1 from line_training lt join courses co on co.course_id = l.course_id
        where lt.line_id = l.line_id and lt.theory_hours * 60 + lt.lesson_theory_minutes >= co.theory_hours * 60
          and lt.practice_hours * 60 + lt.lesson_practice_minutes >= co.practice_hours * 60
          and lt.criteria_passed >= (select count(*) from evaluates e where e.type = l.course_type and not e.is_delete and e.is_activate))`;
      expect(completed.body.meta.total).toBe(await lines(done));
      expect(training.body.meta.total).toBe(await lines(sql`${trained} and not ${done}`));
      expect(completed.body.meta.total).toBeGreaterThan(0);
      expect(training.body.data.every((x: any) => x.status === 'กำลังอบรม')).toBe(true);
      expect(completed.body.data.every((x: any) => x.status === 'อบรมครบ')).toBe(true);
      expect(notStarted.body.meta.total + training.body.meta.total + completed.body.meta.total).toBe(
        all.body.meta.total,
      );
      // one branch: the branch's lines
      const branch = all.body.data[0].branch_id as number;
      const one = await c.get('/api/application/getforevaluateManage', {
        branch: String(branch),
        status: 'ยังไม่เริ่มอบรม',
      });
      expect(one.body.meta.total).toBe(await lines(sql`a.branch_id = ${branch} and not ${trained}`));
    });
  }
});
