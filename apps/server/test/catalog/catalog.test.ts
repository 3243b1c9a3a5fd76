import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { addDays, todayBangkok } from '@khabkhi/thai';
import { auditLog, branches } from '../../src/db/schema/core.js';
import { checkPromotion } from '../../src/modules/promotions/check.js';
import { createTestApp, type TestApp } from '../helpers.js';

let t: TestApp;
let hq: number, bkn: number;
const today = todayBangkok();

beforeAll(async () => {
  t = await createTestApp();
  const rows = await t.db.select().from(branches);
  hq = rows.find((b) => b.code === 'HQ')!.branch_id;
  bkn = rows.find((b) => b.code === 'BKN')!.branch_id;
});
afterAll(async () => {
  await t?.close();
});

const countOf = async (table: string) =>
  ((await t.db.execute(sql.raw(`select count(*)::int as n from ${table}`))) as unknown as { rows: { n: number }[] })
    .rows[0]!.n;

describe('seeded catalog', () => {
  it('has licence types, one school-wide demo catalog, fees, request fees, promotions, payroll items, expense categories and evaluation criteria', async () => {
    const admin = await t.as('admin');
    expect((await admin.get('/api/course/type')).body.data).toEqual(expect.arrayContaining(['รถยนต์', 'รถจักรยานยนต์']));
    const c = await admin.get('/api/course/gettable', { per_page: 100 });
    expect(c.body.meta.total).toBe(4); // school-wide: the head office sees each course once, not once per branch
    expect(c.body.data.every((x: any) => x.branch_id === null && x.branch_name === 'ทุกสาขา')).toBe(true);
    expect(c.body.filter.status).toEqual([
      { name: 'ทั้งหมด', value: 'ทั้งหมด' },
      { name: 'เปิดใช้งาน', value: true },
      { name: 'ปิดใช้งาน', value: false },
    ]);
    const fees = await admin.get('/api/otherfee/gettable', { type: 'request', per_page: 100 });
    expect(fees.body.data.every((f: any) => f.is_request_fee)).toBe(true);
    expect(fees.body.data.map((f: any) => f.name)).toContain('ค่าคำร้องเปลี่ยนวันสอบ');
    const payroll = await admin.get('/api/list-payroll/list');
    expect(payroll.body.data.condition.map((x: any) => x.value)).toEqual(['fill', 'multiply']);
    expect(payroll.body.data.branch[0]).toEqual([hq, expect.any(String)]);
    const items = await admin.get('/api/list-payroll/gettable', { per_page: 100 });
    expect(items.body.data.map((x: any) => x.name)).toEqual(
      expect.arrayContaining([
        'เงินเดือน',
        'ค่าล่วงเวลา',
        'ค่าคอมมิชชั่น',
        'เบี้ยขยัน',
        'ประกันสังคม',
        'ภาษีหัก ณ ที่จ่าย',
        'เงินเบิกล่วงหน้า',
        'ขาด/ลา/มาสาย',
      ]),
    );
    const exp = await admin.get('/api/list-expenses/list');
    expect(
      exp.body.data.category.find((x: any) => x.name === 'ภาษีและประกันภัยรถ').children.map((x: any) => x.name),
    ).toContain('พ.ร.บ.');
    const ev = await admin.get('/api/evaluate/gettable', { type: 'รถยนต์', per_page: 100 });
    expect(ev.body.data.length).toBeGreaterThan(5);
    expect(ev.body.data[0]).toMatchObject({ category_name: expect.any(String) });
  });
});

describe('courses', () => {
  it('create, update, get, filter, soft delete — with the rules, scope and audit', async () => {
    const somchai = await t.as('somchai');
    const r = await somchai.post('/api/course/create', {
      name: 'หลักสูตรรถบรรทุก 18 ชั่วโมง',
      price: '12500.50',
      type: 'รถบรรทุก',
      theory_hours: 5,
      practice_hours: 13,
    });
    expect(r.status, r.body.message).toBe(200);
    expect(r.body.data).toMatchObject({ price: '12500.50', branch_id: hq, is_activate: true, type: 'รถบรรทุก' });
    const id = r.body.data.course_id;
    const u = await somchai.put('/api/course/update', { course_id: id, is_activate: false, price: '12000' });
    expect(u.body.data).toMatchObject({ is_activate: false, price: '12000', name: 'หลักสูตรรถบรรทุก 18 ชั่วโมง' });
    const off = await somchai.get('/api/course/gettable', { status: 'ปิดใช้งาน', text: 'รถบรรทุก' });
    expect(off.body.data.map((x: any) => x.course_id)).toEqual([id]);
    expect((await somchai.get('/api/course/gettable', { status: 'junk' })).status).toBe(400);
    const before = await countOf('courses');
    for (const bad of [
      { name: 'x', price: '-1', type: 'รถยนต์' },
      { name: 'x', price: '1', type: 'เรือ' },
      { name: '', price: '1', type: 'รถยนต์' },
      { name: 'x', price: 100, type: 'รถยนต์' },
      { name: 'x', price: '1', type: 'รถยนต์', usage: 3 },
    ]) {
      const b = await somchai.post('/api/course/create', bad);
      expect(b.status, JSON.stringify(bad)).toBe(400);
      expect(b.body.message).toMatch(/[ก-๙]/);
    }
    expect(await countOf('courses')).toBe(before);
    expect(
      (await (await t.as('malee')).post('/api/course/create', { name: 'x', price: '1', type: 'รถยนต์' })).status,
    ).toBe(403);
    const suda = await t.as('suda');
    expect((await suda.get(`/api/course/get/${id}`)).status).toBe(403);
    expect((await (await t.as('anan')).put('/api/course/update', { course_id: id, price: '1' })).status).toBe(403);
    expect(
      (await suda.get('/api/course/gettable', { per_page: 100 })).body.data.every(
        (x: any) => x.branch_id === bkn || x.branch_id === null,
      ),
    ).toBe(true);
    const del = await somchai.del('/api/course/delete', { course_id: id });
    expect(del.status).toBe(200);
    expect((await somchai.get(`/api/course/get/${id}`)).status).toBe(404);
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'course'), eq(auditLog.entity_id, String(id))));
    expect(audits.map((a) => a.action)).toEqual(['create', 'update', 'delete']);
  });

  it('course types are data: add, refuse duplicates, refuse deleting a type in use', async () => {
    const admin = await t.as('admin');
    const add = await admin.post('/api/course/type/create', { name: 'รถพ่วง' });
    expect(add.body.data).toContain('รถพ่วง');
    expect((await admin.post('/api/course/type/create', { name: 'รถพ่วง' })).status).toBe(409);
    const inUse = await admin.del('/api/course/type/delete', { name: 'รถยนต์' });
    expect(inUse.status).toBe(400);
    expect(inUse.body.message).toMatch(/ยังมีหลักสูตร/);
    expect((await admin.del('/api/course/type/delete', { name: 'รถพ่วง' })).body.data).not.toContain('รถพ่วง');
  });
});

describe('promotions', () => {
  const base = { name: 'ทดสอบ', value: '10', start: today, end: addDays(today, 10), is_unlimit: true };
  it('enforce percent 0–100, fixed > 0, end ≥ start, a limit, unique code per branch; usage is not writable', async () => {
    const somchai = await t.as('somchai');
    const ok = await somchai.post('/api/promotion/create', { ...base, code: 'test-a' });
    expect(ok.status, ok.body.message).toBe(200);
    expect(ok.body.data).toMatchObject({ code: 'TEST-A', type: 'ทั้งหมด', type_discount: 'percent', usage: 0 });
    const cases: [Record<string, unknown>, number, RegExp][] = [
      [{ ...base, code: 'P1', value: '101' }, 400, /100/],
      [{ ...base, code: 'P2', type_discount: 'amount', value: '0' }, 400, /มากกว่า 0/],
      [{ ...base, code: 'P3', end: addDays(today, -1) }, 400, /ไม่ก่อนวันเริ่มต้น/],
      [{ ...base, code: 'P4', is_unlimit: false, limit: 0 }, 400, /จำนวนสิทธิ์/],
      [{ ...base, code: 'TEST-A' }, 409, /มีโปรโมชั่นรหัส TEST-A/],
      [{ ...base, code: 'P5', usage: 10 }, 400, /usage/],
      [{ ...base, code: 'P6', type: 'เรือ' }, 400, /ประเภท/],
    ];
    for (const [b, status, msg] of cases) {
      const r = await somchai.post('/api/promotion/create', b);
      expect(r.status, JSON.stringify(b)).toBe(status);
      expect(r.body.message).toMatch(msg);
    }
    const other = await (await t.as('anan')).post('/api/promotion/create', { ...base, code: 'TEST-A' });
    expect(other.status, other.body.message).toBe(200);
    expect(other.body.data.branch_id).toBe(bkn);
  });

  it('checkPromotion answers each Thai reason and caps the discount at the cost', async () => {
    const somchai = await t.as('somchai');
    const mk = async (code: string, v: Record<string, unknown>) =>
      (await somchai.post('/api/promotion/create', { ...base, code, ...v })).body.data;
    await mk('CAP', { type_discount: 'amount', value: '9000' });
    await mk('OFF', { is_activate: false });
    await mk('LATER', { start: addDays(today, 3), end: addDays(today, 9) });
    await mk('GONE', { start: addDays(today, -9), end: addDays(today, -3) });
    const used = await mk('USED', { is_unlimit: false, limit: 2 });
    await t.db.execute(sql`update promotions set usage = 2 where promotion_id = ${used.promotion_id}`);
    await mk('MOTO', { type: 'รถจักรยานยนต์' });
    await mk('HALF', { value: '33.33' });
    const check = (code: string, courseType = 'รถยนต์', costSatang = 650000) =>
      checkPromotion(t.db, { code, branchId: hq, courseType, costSatang, today });
    expect(await check('cap')).toMatchObject({ ok: true, discountSatang: 650000 });
    expect(await check('HALF', 'รถยนต์', 100001)).toMatchObject({ ok: true, discountSatang: 33330 });
    expect(await check('OFF')).toMatchObject({ ok: false, message: expect.stringMatching(/ปิดใช้งาน/) });
    expect(await check('LATER')).toMatchObject({ ok: false, message: expect.stringMatching(/ยังไม่ถึงวันเริ่มใช้/) });
    expect(await check('GONE')).toMatchObject({ ok: false, message: expect.stringMatching(/หมดอายุ/) });
    expect(await check('USED')).toMatchObject({ ok: false, message: expect.stringMatching(/ครบจำนวนสิทธิ์/) });
    expect(await check('MOTO')).toMatchObject({ ok: false, message: expect.stringMatching(/ใช้กับประเภทหลักสูตรนี้ไม่ได้/) });
    expect(await check('NOPE')).toMatchObject({ ok: false, message: expect.stringMatching(/ไม่พบรหัสส่วนลด/) });
    expect(
      await checkPromotion(t.db, { code: 'CAP', branchId: bkn, courseType: 'รถยนต์', costSatang: 1, today }),
    ).toMatchObject({ ok: false });
  });
});

describe('other fees, expense items, payroll items, evaluation criteria', () => {
  it('create and list each with its rules', async () => {
    const admin = await t.as('admin');
    const fee = await admin.post('/api/otherfee/create', {
      name: 'ค่าคำร้องขอสอบใหม่',
      price: '150',
      is_request_fee: true,
    });
    expect(fee.body.data).toMatchObject({ is_request_fee: true, price: '150' });
    const cats = (await admin.get('/api/list-expenses/list')).body.data.category;
    const fuel = cats.find((c: any) => c.name === 'น้ำมันเชื้อเพลิง');
    const ex = await admin.post('/api/list-expenses/create', {
      name: 'น้ำมันรถสอบ สาขาใหญ่',
      category_id: fuel.children[0].value,
    });
    expect(ex.status, ex.body.message).toBe(200);
    expect(ex.body.data.category).toBe(`น้ำมันเชื้อเพลิง / ${fuel.children[0].name}`);
    const byParent = await admin.get('/api/list-expenses/gettable', { category: fuel.value, per_page: 100 });
    expect(byParent.body.data.some((x: any) => x.list_expenses_id === ex.body.data.list_expenses_id)).toBe(true);
    expect((await admin.post('/api/list-expenses/create', { name: 'x', category_id: 999999 })).status).toBe(400);
    const pay = await admin.post('/api/list-payroll/create', {
      name: 'ค่าสอนวันหยุด',
      type: 'income',
      category: 'teaching',
      condition: 'multiply',
      value: '250',
      title_value: 'บาท/ชั่วโมง',
    });
    expect(pay.body.data).toMatchObject({ type_name: 'รายได้', condition_name: 'อัตรา × จำนวน', value: '250' });
    expect(
      (await admin.post('/api/list-payroll/create', { name: 'x', type: 'deduction', category: 'salary' })).status,
    ).toBe(400);
    expect(
      (await admin.post('/api/list-payroll/create', { name: 'x', condition: 'multiply', value: '0' })).status,
    ).toBe(400);
    const ev = await admin.post('/api/evaluate/create', {
      title: 'การใช้ไฟเลี้ยวก่อนเปลี่ยนช่องทาง',
      category: 'road',
      type: 'รถยนต์',
    });
    expect(ev.body.data).toMatchObject({ category_name: 'การขับขี่บนถนนและกฎจราจร', is_activate: true });
    expect((await admin.get('/api/evaluate/list')).body.data.status).toEqual([
      { name: 'เปิดใช้งาน', value: true },
      { name: 'ปิดใช้งาน', value: false },
    ]);
    expect(
      (await (await t.as('prasert')).post('/api/evaluate/create', { title: 'x', category: 'road', type: 'รถยนต์' }))
        .status,
    ).toBe(403);
    expect(
      (
        await (
          await t.as('wanida')
        ).post('/api/list-payroll/create', { name: 'ค่าเดินทาง', type: 'income', category: 'other_income' })
      ).status,
    ).toBe(200);
  });
});
