import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { makeThaiNationalId } from '@khabkhi/thai';
import { createTestApp, type Client, type TestApp } from '../helpers.js';

let t: TestApp;
let admin: Client;
const id: Record<string, number> = {};
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.as('admin');
  for (const b of (await admin.get('/api/branch/gettable')).body.data) id[b.code] = b.branch_id;
});
afterAll(async () => {
  await t?.close();
});

const rows = async <T = Record<string, any>>(q: ReturnType<typeof sql>) =>
  ((await t.db.execute(q)) as unknown as { rows: T[] }).rows;
const codesOf = (r: { body: { data: { code: string }[] } }) => r.body.data.map((b) => b.code);
const counts = async () =>
  Object.fromEntries(
    (await admin.get('/api/branch/gettable', { per_page: 100 })).body.data.map(
      (b: { code: string; employees: number }) => [b.code, b.employees],
    ),
  );
let idSeq = 0;
async function employee(branchId: number, status: 'active' | 'inactive' = 'active') {
  const opts = (await admin.get('/api/user/listforregister')).body.data;
  const r = await admin.post('/api/user/register', {
    username: `br_emp_${++idSeq}`,
    password: 'temp-pass-123',
    role_id: opts.role.find((x: { slug: string }) => x.slug === 'instructor').role_id,
    branch_id: branchId,
    fname: 'ครู',
    idcard: makeThaiNationalId(`3100700${String(idSeq).padStart(5, '0')}`),
    status,
  });
  expect(r.status, r.body.message).toBe(200);
  return r.body.data.user_id as number;
}

describe('branch list', () => {
  it('lists the demo branches with their parents, the status filter options and the paging meta', async () => {
    const r = await admin.get('/api/branch/gettable');
    expect(r.status).toBe(200);
    expect(codesOf(r)).toEqual(['HQ', 'BKN', 'CNX']);
    expect(r.body.meta).toEqual({ page: 1, per_page: 10, total: 3, last_page: 1 });
    expect(r.body.filter).toEqual({
      status: [
        { name: 'ทั้งหมด', value: 'ทั้งหมด' },
        { name: 'เปิดทำการ', value: 'active' },
        { name: 'ปิดแล้ว (ลบ)', value: 'deleted' },
      ],
    });
    const bkn = r.body.data.find((b: { code: string }) => b.code === 'BKN');
    expect(bkn).toMatchObject({
      parent_id: id.HQ,
      parent_name: 'สำนักงานใหญ่ (บางนา)',
      name: 'สาขาบางเขน',
      province: 'กรุงเทพมหานคร',
      postcode: '10220',
      is_delete: false,
    });
    expect(bkn.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(r.body.data.find((b: { code: string }) => b.code === 'HQ').parent_id).toBeNull();
  });

  it('each branch counts only its own active, non-deleted employees (not every employee of the school)', async () => {
    expect(await counts()).toEqual({ HQ: 5, BKN: 3, CNX: 3 }); // admin + 4 HQ staff; 3 at each branch
    expect((await admin.get(`/api/branch/get/${id.BKN}`)).body.data.employees).toBe(3);
    const cnxNew = await employee(id.CNX);
    await employee(id.CNX, 'inactive');
    expect(await counts()).toEqual({ HQ: 5, BKN: 3, CNX: 4 });
    expect((await admin.get(`/api/branch/get/${id.CNX}`)).body.data.employees).toBe(4);
    expect((await admin.del('/api/user/delete', { user_id: cnxNew })).status).toBe(200);
    expect(await counts()).toEqual({ HQ: 5, BKN: 3, CNX: 3 });
  });

  it('filters by text over name, code and province, by status, and ทั้งหมด or empty means all', async () => {
    expect(codesOf(await admin.get('/api/branch/gettable', { text: 'เชียงใหม่' }))).toEqual(['CNX']);
    expect(codesOf(await admin.get('/api/branch/gettable', { text: 'bkn' }))).toEqual(['BKN']);
    expect(codesOf(await admin.get('/api/branch/gettable', { text: 'กรุงเทพ' }))).toEqual(['HQ', 'BKN']);
    expect(codesOf(await admin.get('/api/branch/gettable', { text: '%' }))).toEqual([]); // taken literally
    expect(codesOf(await admin.get('/api/branch/gettable', { text: 'ทั้งหมด' }))).toEqual(['HQ', 'BKN', 'CNX']);
    expect(codesOf(await admin.get('/api/branch/gettable', { status: 'ทั้งหมด' }))).toEqual(['HQ', 'BKN', 'CNX']);
    expect(codesOf(await admin.get('/api/branch/gettable', { status: '' }))).toEqual(['HQ', 'BKN', 'CNX']);
    expect(codesOf(await admin.get('/api/branch/gettable', { status: 'active' }))).toEqual(['HQ', 'BKN', 'CNX']);
    expect(codesOf(await admin.get('/api/branch/gettable', { status: 'deleted' }))).toEqual([]);
    const p2 = await admin.get('/api/branch/gettable', { per_page: 2, page: 2 });
    expect(codesOf(p2)).toEqual(['CNX']);
    expect(p2.body.meta).toEqual({ page: 2, per_page: 2, total: 3, last_page: 2 });
  });

  it('a branch user sees only their own branch; head-office staff see all', async () => {
    const anan = await t.as('anan');
    expect(codesOf(await anan.get('/api/branch/gettable'))).toEqual(['BKN']);
    expect((await anan.get(`/api/branch/get/${id.CNX}`)).status).toBe(403);
    expect((await anan.get(`/api/branch/get/${id.CNX}`)).body.message).toBe('คุณไม่มีสิทธิ์เข้าถึงข้อมูลของสาขานี้');
    expect((await (await t.as('suda')).get('/api/branch/list')).body.data.map((b: { code: string }) => b.code)).toEqual(
      ['BKN'],
    );
    expect(codesOf(await (await t.as('prasert')).get('/api/branch/gettable'))).toEqual(['HQ', 'BKN', 'CNX']);
    expect(
      (await (await t.as('prasert')).get('/api/branch/list')).body.data.map((b: { code: string }) => b.code),
    ).toEqual(['HQ', 'BKN', 'CNX']);
  });
});

describe('create and update', () => {
  it('creates a branch with every field, refuses a duplicate code in Thai, and writes an audit row', async () => {
    const body = {
      code: 'RSB',
      name: 'สาขารังสิต',
      parent_id: id.HQ,
      address: '99/1',
      moo: '2',
      soi: 'รังสิต-นครนายก 3',
      street: 'รังสิต-นครนายก',
      subdistrict: 'ประชาธิปัตย์',
      district: 'ธัญบุรี',
      province: 'ปทุมธานี',
      postcode: '12130',
      phone_1: '025550101',
      phone_2: '0812345678',
      line: '@khabkhi-rsb',
      tax_branch_no: '00003',
    };
    const r = await admin.post('/api/branch/create', body);
    expect(r.status, r.body.message).toBe(200);
    expect(r.body.message).toBe('เพิ่มสาขาเรียบร้อยแล้ว');
    expect(r.body.data).toMatchObject({
      ...body,
      is_delete: false,
      is_head_office: false,
      employees: 0,
      parent_name: 'สำนักงานใหญ่ (บางนา)',
    });
    id.RSB = r.body.data.branch_id;
    expect((await admin.get(`/api/branch/get/${id.RSB}`)).body.data).toMatchObject(body);

    const dup = await admin.post('/api/branch/create', { code: 'RSB', name: 'ซ้ำ' });
    expect(dup.status).toBe(409);
    expect(dup.body).toEqual({ status: 'error', message: 'รหัส: มีสาขาที่ใช้รหัสนี้แล้ว', data: null });
    const lower = await admin.post('/api/branch/create', { code: 'rsb2', name: 'ตัวเล็ก' });
    expect(lower.status).toBe(400);
    expect(lower.body.message).toBe('รหัส: รูปแบบไม่ถูกต้อง');

    const [a] = await rows(
      sql`select a.*, u.username from audit_log a left join users u using (user_id) where entity = 'branch' and entity_id = ${String(id.RSB)}`,
    );
    expect(a).toMatchObject({ username: 'admin', action: 'create', branch_id: id.RSB, before: null });
    expect(a!.after).toMatchObject({ code: 'RSB', name: 'สาขารังสิต', parent_id: id.HQ });
    expect(a!.request_id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('updates fields; leaving parent_id out keeps the parent, null detaches it; audit holds before and after', async () => {
    const r = await admin.put('/api/branch/update', {
      branch_id: id.RSB,
      code: 'RSB',
      name: 'สาขารังสิต (คลอง 3)',
      phone_1: '02-555-0199',
    });
    expect(r.status, r.body.message).toBe(200);
    expect(r.body.message).toBe('บันทึกข้อมูลสาขาเรียบร้อยแล้ว');
    expect(r.body.data).toMatchObject({
      name: 'สาขารังสิต (คลอง 3)',
      phone_1: '025550199',
      parent_id: id.HQ,
      province: 'ปทุมธานี',
      line: '@khabkhi-rsb',
    });
    const audits = await rows(
      sql`select a.*, u.username from audit_log a left join users u using (user_id) where entity = 'branch' and entity_id = ${String(id.RSB)} and action = 'update'`,
    );
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({
      username: 'admin',
      before: { name: 'สาขารังสิต', phone_1: '025550101' },
      after: { name: 'สาขารังสิต (คลอง 3)', phone_1: '025550199' },
    });

    const detached = await admin.put('/api/branch/update', {
      branch_id: id.RSB,
      code: 'RSB',
      name: 'สาขารังสิต (คลอง 3)',
      parent_id: null,
    });
    expect(detached.body.data.parent_id).toBeNull();
    const back = await admin.put('/api/branch/update', {
      branch_id: id.RSB,
      code: 'RSB',
      name: 'สาขารังสิต (คลอง 3)',
      parent_id: id.HQ,
    });
    expect(back.body.data).toMatchObject({ parent_id: id.HQ, parent_name: 'สำนักงานใหญ่ (บางนา)' });
  });

  it('refuses a parent that is itself, makes a cycle, is deleted or does not exist; the head office has no parent', async () => {
    const kid = await admin.post('/api/branch/create', { code: 'RSB2', name: 'สาขาย่อยรังสิต', parent_id: id.RSB });
    expect(kid.status).toBe(200);
    id.RSB2 = kid.body.data.branch_id;
    const cases: [Record<string, unknown>, number, string][] = [
      [{ branch_id: id.RSB, code: 'RSB', name: 'x', parent_id: id.RSB }, 400, 'สาขาแม่: สาขาเป็นสาขาแม่ของตัวเองไม่ได้'],
      [{ branch_id: id.RSB, code: 'RSB', name: 'x', parent_id: id.RSB2 }, 400, 'สาขาแม่: ทำให้เกิดลำดับสาขาวนซ้ำ'],
      [{ branch_id: id.HQ, code: 'HQ', name: 'x', parent_id: id.RSB2 }, 400, 'สาขาแม่: สำนักงานใหญ่ไม่มีสาขาแม่'],
      [{ branch_id: id.RSB, code: 'RSB', name: 'x', parent_id: 999999 }, 400, 'สาขาแม่: ไม่พบสาขานี้'],
      [{ branch_id: id.RSB, code: 'BKN', name: 'x' }, 409, 'รหัส: มีสาขาที่ใช้รหัสนี้แล้ว'],
      [{ branch_id: 999999, code: 'ZZ', name: 'x' }, 404, 'ไม่พบสาขานี้'],
    ];
    for (const [body, status, message] of cases) {
      const r = await admin.put('/api/branch/update', body);
      expect({ status: r.status, message: r.body.message }, JSON.stringify(body)).toEqual({ status, message });
    }
    expect((await admin.post('/api/branch/create', { code: 'ZZ1', name: 'x', parent_id: 999999 })).body.message).toBe(
      'สาขาแม่: ไม่พบสาขานี้',
    );
    // nothing above changed RSB or HQ
    expect((await admin.get(`/api/branch/get/${id.RSB}`)).body.data).toMatchObject({
      name: 'สาขารังสิต (คลอง 3)',
      parent_id: id.HQ,
    });
    expect((await admin.get(`/api/branch/get/${id.HQ}`)).body.data).toMatchObject({
      name: 'สำนักงานใหญ่ (บางนา)',
      parent_id: null,
    });
  });

  it('a branch manager may edit their own branch but not move it, nor edit or create another; HQ-only creation', async () => {
    const anan = await t.as('anan');
    const cur = (await anan.get(`/api/branch/get/${id.BKN}`)).body.data;
    const own = await anan.put('/api/branch/update', {
      branch_id: id.BKN,
      code: 'BKN',
      name: cur.name,
      phone_1: '02-521-0000',
    });
    expect(own.status, own.body.message).toBe(200);
    expect(own.body.data).toMatchObject({ phone_1: '025210000', parent_id: id.HQ });
    const move = await anan.put('/api/branch/update', {
      branch_id: id.BKN,
      code: 'BKN',
      name: cur.name,
      parent_id: null,
    });
    expect(move.status).toBe(403);
    expect(move.body.message).toBe('เฉพาะสำนักงานใหญ่เท่านั้นที่เปลี่ยนสาขาแม่ได้');
    expect((await anan.put('/api/branch/update', { branch_id: id.CNX, code: 'CNX', name: 'ยึด' })).status).toBe(403);
    expect((await anan.post('/api/branch/create', { code: 'ANN', name: 'ของอนันต์' })).status).toBe(403);
    // a manager has no create ability at all, even at head office; and a probe for a used code learns nothing
    const somchai = await t.as('somchai');
    const probe = await somchai.post('/api/branch/create', { code: 'BKN', name: 'x' });
    expect(probe.status).toBe(403);
    expect(probe.body.message).toBe('คุณไม่มีสิทธิ์ทำรายการนี้');
    expect(
      (await (await t.as('malee')).put('/api/branch/update', { branch_id: id.HQ, code: 'HQ', name: 'x' })).status,
    ).toBe(403);
    expect((await admin.get(`/api/branch/get/${id.HQ}`)).body.data.name).toBe('สำนักงานใหญ่ (บางนา)');
  });
});

describe('delete', () => {
  it('is refused while active employees or open child branches remain, allowed when empty; soft, audited, code reusable', async () => {
    const bkn = await admin.del('/api/branch/delete', { branch_id: id.BKN });
    expect(bkn.status).toBe(400);
    expect(bkn.body.message).toBe('ยังลบสาขานี้ไม่ได้ เพราะยังมีพนักงานที่ทำงานอยู่ 3 คน กรุณาย้ายหรือระงับพนักงานก่อน');
    expect((await admin.del('/api/branch/delete', { branch_id: id.HQ })).body.message).toBe('ไม่สามารถลบสำนักงานใหญ่ได้');
    const withKid = await admin.del('/api/branch/delete', { branch_id: id.RSB });
    expect(withKid.status).toBe(400);
    expect(withKid.body.message).toBe('ยังลบสาขานี้ไม่ได้ เพราะมีสาขาย่อยที่ยังเปิดอยู่');

    const worker = await employee(id.RSB2);
    const busy = await admin.del('/api/branch/delete', { branch_id: id.RSB2 });
    expect(busy.body.message).toBe('ยังลบสาขานี้ไม่ได้ เพราะยังมีพนักงานที่ทำงานอยู่ 1 คน กรุณาย้ายหรือระงับพนักงานก่อน');
    expect((await admin.del('/api/user/delete', { user_id: worker })).status).toBe(200);
    const ok = await admin.del('/api/branch/delete', { branch_id: id.RSB2 });
    expect(ok.status, ok.body.message).toBe(200);
    expect(ok.body).toEqual({ status: 'success', message: 'ลบสาขาเรียบร้อยแล้ว', data: null });

    expect((await admin.del('/api/branch/delete', { branch_id: id.RSB2 })).body.message).toBe('สาขานี้ถูกลบไปแล้ว');
    expect((await admin.put('/api/branch/update', { branch_id: id.RSB2, code: 'RSB2', name: 'ฟื้น' })).body.message).toBe(
      'สาขานี้ถูกลบแล้ว แก้ไขไม่ได้',
    );
    expect((await admin.get(`/api/branch/get/${id.RSB2}`)).body.data).toMatchObject({ code: 'RSB2', is_delete: true });
    expect(codesOf(await admin.get('/api/branch/gettable', { status: 'deleted' }))).toEqual(['RSB2']);
    expect(codesOf(await admin.get('/api/branch/gettable'))).toEqual(['HQ', 'BKN', 'CNX', 'RSB', 'RSB2']); // deleted ones last under ทั้งหมด
    expect((await admin.get('/api/branch/list')).body.data.map((b: { code: string }) => b.code)).toEqual([
      'HQ',
      'BKN',
      'CNX',
      'RSB',
    ]);
    // a deleted branch is no parent and no home for an employee, and its code is free again
    expect((await admin.post('/api/branch/create', { code: 'ZZ2', name: 'x', parent_id: id.RSB2 })).body.message).toBe(
      'สาขาแม่: ไม่พบสาขานี้',
    );
    const reuse = await admin.post('/api/branch/create', { code: 'RSB2', name: 'สาขารังสิตใหม่' });
    expect(reuse.status, reuse.body.message).toBe(200);

    const [a] = await rows(
      sql`select a.*, u.username from audit_log a left join users u using (user_id) where entity = 'branch' and entity_id = ${String(id.RSB2)} and action = 'delete'`,
    );
    expect(a).toMatchObject({
      username: 'admin',
      after: { is_delete: true },
      before: { code: 'RSB2', name: 'สาขาย่อยรังสิต', is_delete: false },
    });
    const [{ n }] = await rows<{ n: number }>(
      sql`select count(*)::int as n from branches where branch_id = ${id.RSB2}`,
    );
    expect(n).toBe(1); // soft: the row stays
  });

  it('only a role with the delete ability may delete, and refused attempts change nothing', async () => {
    const before = await rows(sql`select count(*)::int as n from audit_log`);
    for (const u of ['somchai', 'anan', 'malee', 'wanida', 'prasert']) {
      const r = await (await t.as(u)).del('/api/branch/delete', { branch_id: id.RSB });
      expect(r.status, u).toBe(403);
    }
    expect(await rows(sql`select count(*)::int as n from audit_log`)).toEqual(before);
    expect((await admin.get(`/api/branch/get/${id.RSB}`)).body.data.is_delete).toBe(false);
  });
});

describe('SPEC-shaped create', () => {
  it('creates a branch without a code (SPEC §7): the server derives a unique one, which the branch may change later', async () => {
    const first = await admin.post('/api/branch/create', { name: 'สาขาไม่มีรหัส 1' });
    expect(first.status, first.body.message).toBe(200);
    expect(first.body.data.code).toMatch(/^[A-Z0-9]{2,10}$/);
    const second = await admin.post('/api/branch/create', { name: 'สาขาไม่มีรหัส 2' });
    expect(second.status, second.body.message).toBe(200);
    expect(second.body.data.code).not.toBe(first.body.data.code);
    // a derived code never takes one already in use, including one set by hand to what would come next
    const live = (await rows<{ code: string }>(sql`select code from branches where not is_delete`)).map((r) => r.code);
    expect(new Set(live).size).toBe(live.length);
    const renamed = await admin.put('/api/branch/update', {
      branch_id: first.body.data.branch_id,
      code: 'NOCODE',
      name: 'สาขาไม่มีรหัส 1',
    });
    expect(renamed.status, renamed.body.message).toBe(200);
    expect(renamed.body.data.code).toBe('NOCODE');
    const third = await admin.post('/api/branch/create', { name: 'สาขาไม่มีรหัส 3', code: undefined });
    expect(third.status, third.body.message).toBe(200);
    expect([first.body.data.code, 'NOCODE']).not.toContain(third.body.data.code);
    expect(live).not.toContain(third.body.data.code);
  });
});
