import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers.js';
import { databaseBefore } from '../migrations.js';
import { customer } from '../money/fixtures.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const branchId = async (code: string) =>
  (await (await t.as('admin')).get('/api/branch/gettable', { per_page: 100 })).body.data.find(
    (b: { code: string }) => b.code === code,
  ).branch_id;

describe('a school-wide catalog', () => {
  it('a new branch offers the school-wide courses, fees and promotions at once', async () => {
    const admin = await t.as('admin');
    const nb = await admin.post('/api/branch/create', { code: 'RSB', name: 'สาขารังสิต' });
    expect(nb.status, nb.body.message).toBe(200);
    const opts = await admin.get('/api/application/getforregister', { branch: nb.body.data.branch_id });
    expect(opts.status, opts.body.message).toBe(200);
    expect(opts.body.data.courses.map((c: { name: string }) => c.name)).toContain('หลักสูตรรถยนต์ 15 ชั่วโมง');
    expect(opts.body.data.other_fees.map((c: { name: string }) => c.name)).toContain('ค่าเช่ารถสอบ');
    expect(opts.body.data.courses_hint).toBeNull();
    const car = opts.body.data.courses.find((c: { name: string }) => c.name === 'หลักสูตรรถยนต์ 15 ชั่วโมง');
    const promo = await admin.post('/api/application/checkpromotion', {
      index: 0,
      code: 'newyear10',
      course_id: car.course_id,
      branch_id: nb.body.data.branch_id,
    });
    expect(promo.status, promo.body.message).toBe(200);
    expect(promo.body.data.discount).toBe('650');
  });

  it('a branch price: Chiang Mai charges 5,900 for the course the school sells at 6,500, and the application is priced so', async () => {
    const admin = await t.as('admin');
    const cnx = await branchId('CNX');
    const opts = await admin.get('/api/application/getforregister', { branch: cnx });
    const car = opts.body.data.courses.find((c: { name: string }) => c.name === 'หลักสูตรรถยนต์ 15 ชั่วโมง');
    expect(car.price).toBe('5900');
    const r = await admin.post('/api/application/create', {
      branch_id: cnx,
      customer: customer(),
      courses: [{ course_id: car.course_id }],
      other_fees: [],
    });
    expect(r.status, r.body.message).toBe(200);
    expect(r.body.data.application.total).toBe('5900');
    const listed = await admin.get(`/api/course/get/${car.course_id}`);
    expect(listed.body.data).toMatchObject({
      branch_id: null,
      branch_name: 'ทุกสาขา',
      price: '6500',
      branch_prices: [{ branch_id: cnx, price: '5900' }],
    });
  });

  it('only the head office makes an item school-wide; a branch manager sees school-wide items and keeps branch-only ones', async () => {
    const admin = await t.as('admin');
    const anan = await t.as('anan'); // manager at BKN
    const bkn = await branchId('BKN'),
      hq = await branchId('HQ');
    const refused = await anan.post('/api/course/create', {
      name: 'ทุกสาขาโดยสาขา',
      price: '1',
      type: 'รถยนต์',
      branch_id: null,
    });
    expect(refused.status).toBe(403);
    const own = await anan.post('/api/course/create', { name: 'หลักสูตรเฉพาะบางเขน', price: '4000', type: 'รถยนต์' });
    expect(own.status, own.body.message).toBe(200);
    expect(own.body.data).toMatchObject({ branch_id: bkn, branch_ids: null, scope: 'branch' });
    // chosen branches: offered at HQ only, with no price at BKN
    const some = await admin.post('/api/course/create', {
      name: 'หลักสูตรเฉพาะสำนักงานใหญ่',
      price: '9000',
      type: 'รถยนต์',
      branch_id: null,
      branch_ids: [hq],
    });
    expect(some.status, some.body.message).toBe(200);
    expect(some.body.data.branch_name).toMatch(/^บางสาขา: /);
    const atBkn = await anan.get('/api/application/getforregister');
    const names = atBkn.body.data.courses.map((c: { name: string }) => c.name);
    expect(names).toContain('หลักสูตรเฉพาะบางเขน');
    expect(names).toContain('หลักสูตรรถยนต์ 15 ชั่วโมง');
    expect(names).not.toContain('หลักสูตรเฉพาะสำนักงานใหญ่');
    const bad = await anan.post('/api/application/create', {
      customer: customer(),
      courses: [{ course_id: some.body.data.course_id }],
      other_fees: [],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/ไม่ได้เปิดสอนที่(สำนักงานใหญ่|สาขา)/);
    // the branch manager reads a school-wide course but may not change it
    expect((await anan.get(`/api/course/get/${some.body.data.course_id}`)).status).toBe(200);
    const upd = await anan.put('/api/course/update', { course_id: some.body.data.course_id, price: '1' });
    expect(upd.status).toBe(403);
    expect(upd.body.message).toMatch(/สำนักงานใหญ่/);
    // the branch filter of the list means "offered at this branch"
    const listBkn = await admin.get('/api/course/gettable', { branch: bkn, per_page: 100 });
    expect(listBkn.body.data.map((c: { name: string }) => c.name)).toEqual(
      expect.arrayContaining(['หลักสูตรเฉพาะบางเขน', 'หลักสูตรรถยนต์ 15 ชั่วโมง']),
    );
    expect(listBkn.body.data.map((c: { name: string }) => c.name)).not.toContain('หลักสูตรเฉพาะสำนักงานใหญ่');
  });

  it('a promotion code is one promotion: a branch cannot reuse a school-wide code', async () => {
    const anan = await t.as('anan');
    const dup = await anan.post('/api/promotion/create', {
      code: 'NEWYEAR10',
      name: 'ซ้ำ',
      value: '5',
      start: '2026-01-01',
      end: '2026-12-31',
      is_unlimit: true,
    });
    expect(dup.status).toBe(409);
    expect(dup.body.message).toMatch(/ทุกสาขา/);
  });

  it('a branch whose dropdown is empty is told why and where to fix it', async () => {
    const admin = await t.as('admin');
    const list = await admin.get('/api/course/gettable', { per_page: 100 });
    for (const c of list.body.data.filter((x: { branch_id: number | null }) => x.branch_id === null)) {
      expect(
        (await admin.put('/api/course/update', { course_id: c.course_id, branch_ids: [await branchId('HQ')] })).status,
      ).toBe(200);
    }
    const atBkn = await (await t.as('suda')).get('/api/application/getforregister');
    expect(atBkn.body.data.courses.map((c: { name: string }) => c.name)).toEqual(['หลักสูตรเฉพาะบางเขน']);
    const cnx = await admin.get('/api/application/getforregister', { branch: await branchId('CNX') });
    expect(cnx.body.data.courses).toEqual([]);
    expect(cnx.body.data.courses_hint).toMatch(/ข้อมูลหลัก › หลักสูตร/);
  });
});

describe('the migration turns the per-branch copies into school-wide items', () => {
  it('three copies of a course become one with a branch price; identical promotion codes merge with their usage', async () => {
    const db = await databaseBefore('_school_wide_catalog');
    await db.exec(`
      insert into branches (code, name, is_head_office) values ('HQ', 'สำนักงานใหญ่', true), ('BKN', 'บางเขน', false), ('CNX', 'เชียงใหม่', false);
      insert into course_types (name) values ('รถยนต์'), ('รถจักรยานยนต์');
      insert into courses (branch_id, name, type, price) select branch_id, 'รถยนต์ 15 ชม.', 'รถยนต์', case code when 'CNX' then 5900 else 6500 end from branches;
      insert into courses (branch_id, name, type, price) select branch_id, 'เฉพาะบางเขน', 'รถยนต์', 4000 from branches where code = 'BKN';
      insert into other_fees (branch_id, name, price) select branch_id, 'ค่าเช่ารถสอบ', 500 from branches where code <> 'CNX';
      insert into promotions (branch_id, code, name, value, start, "end", is_unlimit, "limit", usage)
        select branch_id, 'STUDENT500', 'ลด 500', 500, '2026-01-01', '2026-12-31', false, 50, case code when 'HQ' then 7 else 2 end from branches;`);
    await db.migrateAll();
    const q = (sql: string) => db.rows(sql);
    expect(
      await q(`select name, branch_id, branch_ids, price::text from courses where not is_delete order by name`),
    ).toEqual([
      { name: 'รถยนต์ 15 ชม.', branch_id: null, branch_ids: null, price: '6500.00' },
      { name: 'เฉพาะบางเขน', branch_id: expect.any(Number), branch_ids: null, price: '4000.00' },
    ]);
    expect(
      await q(
        `select b.code, p.price::text from catalog_prices p join branches b using (branch_id) where kind = 'course'`,
      ),
    ).toEqual([{ code: 'CNX', price: '5900.00' }]);
    expect(await q(`select count(*)::int as n from courses where is_delete`)).toEqual([{ n: 2 }]);
    const [fee] = (await q(`select branch_id, branch_ids from other_fees where not is_delete`)) as {
      branch_id: null;
      branch_ids: number[];
    }[];
    expect(fee!.branch_id).toBeNull();
    expect(fee!.branch_ids).toHaveLength(2); // offered by the two branches that had it, not by Chiang Mai
    expect(await q(`select code, branch_id, "limit", usage from promotions where not is_delete`)).toEqual([
      { code: 'STUDENT500', branch_id: null, limit: 150, usage: 11 },
    ]);
    await db.close();
  });
});
