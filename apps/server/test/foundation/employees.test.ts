import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { makeThaiNationalId } from '@khabkhi/thai';
import { createTestApp, DEMO_PASSWORD, type Client, type TestApp } from '../helpers.js';
import { GIF, JPEG, PNG, rows, upload } from './fixtures.js';

let t: TestApp;
let admin: Client;
const branch: Record<string, number> = {};
const role: Record<string, number> = {};
const user: Record<string, number> = {};
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.as('admin');
  for (const b of (await admin.get('/api/branch/list')).body.data) branch[b.code] = b.branch_id;
  for (const r of (await admin.get('/api/user/listforregister')).body.data.role) role[r.slug] = r.role_id;
  for (const u of (await admin.get('/api/user/gettable', { per_page: 100 })).body.data) user[u.username] = u.user_id;
});
afterAll(async () => {
  await t?.close();
});

const login = (username: string, password: string) => t.call('POST', '/api/user/login', { username, password });
const NO_SECRET = /password_hash|\$argon2/;
let seq = 0;
const nid = () => makeThaiNationalId(`1509900${String(++seq).padStart(5, '0')}`);
const minimal = (over: Record<string, unknown> = {}) => ({
  username: `emp_${++seq}`,
  password: 'first-pass-123',
  role_id: role.cashier,
  branch_id: branch.HQ,
  fname: 'ทดลอง',
  idcard: nid(),
  ...over,
});

/** Every employee field of SPEC §3, with values unlike the defaults. */
const FULL = () => ({
  username: 'jintana',
  password: 'secret-pass-1',
  role_id: role.cashier,
  branch_id: branch.BKN,
  is_foreigner: false,
  idcard: makeThaiNationalId('110170023070'),
  prefix: 'นางสาว',
  fname: 'จินตนา',
  sname: 'ใจงาม',
  prefix_en: 'Miss',
  fname_en: 'Jintana',
  sname_en: 'Jaingam',
  nickname: 'จิน',
  birthday: '1995-04-13',
  address: '12/3',
  moo: '4',
  soi: 'ลาดพร้าว 101',
  street: 'ลาดพร้าว',
  subdistrict: 'คลองจั่น',
  district: 'บางกะปิ',
  province: 'กรุงเทพมหานคร',
  postcode: '10240',
  phone_1: '0812345678',
  phone_2: '021234567',
  email: 'jintana@example.co.th',
  start_date: '2024-06-01',
  department: 'ทะเบียนและการเงิน',
  position: 'เจ้าหน้าที่ทะเบียน',
  bank: 'ธนาคารไทยพาณิชย์',
  bank_acc: '123-4-56789-0',
  bank_acc_type: 'current',
  branch_branch: 'สาขาเซ็นทรัลลาดพร้าว',
  emergency_name: 'นายสมศักดิ์ ใจงาม',
  emergency_phone: '0899990000',
  emergency_relation: 'บิดา',
  employee_type: 'daily',
  salary: '16500.50',
  extra_salary: '1200',
  salary_pay_type: 'cash',
  sso_salary: '15000',
  day_off: ['sat', 'sun'],
  is_salary_daily: true,
  status: 'active',
});

describe('form options', () => {
  it('listforregister returns the roles, banks, departments, positions, branches in scope and the fixed lists', async () => {
    const d = (await admin.get('/api/user/listforregister')).body.data;
    expect(d.role.map((r: { slug: string }) => r.slug)).toEqual([
      'owner',
      'manager',
      'cashier',
      'instructor',
      'accountant',
    ]);
    expect(d.role[0]).toEqual({ role_id: role.owner, name: 'เจ้าของ/ผู้ดูแลระบบ', slug: 'owner' });
    expect(d.bank).toContainEqual({ name: 'ธนาคารกสิกรไทย', value: 'ธนาคารกสิกรไทย' });
    expect(d.bank.length).toBeGreaterThanOrEqual(10);
    expect(d.department).toContainEqual({ name: 'ฝึกอบรม', value: 'ฝึกอบรม' });
    expect(d.position).toContainEqual({ name: 'ครูฝึกภาคปฏิบัติ', value: 'ครูฝึกภาคปฏิบัติ' });
    expect(d.branch).toEqual([
      { branch_id: branch.HQ, name: 'สำนักงานใหญ่ (บางนา)' },
      { branch_id: branch.BKN, name: 'สาขาบางเขน' },
      { branch_id: branch.CNX, name: 'สาขาเชียงใหม่' },
    ]);
    expect(d.weekdays.map((w: { name: string }) => w.name)).toEqual([
      'จันทร์',
      'อังคาร',
      'พุธ',
      'พฤหัสบดี',
      'ศุกร์',
      'เสาร์',
      'อาทิตย์',
    ]);
    expect(d.weekdays.map((w: { value: string }) => w.value)).toEqual([
      'mon',
      'tue',
      'wed',
      'thu',
      'fri',
      'sat',
      'sun',
    ]);
    expect(d.pay_type.map((p: { value: string }) => p.value).sort()).toEqual(['daily', 'monthly']);
    expect(d.salary_pay_type.map((p: { value: string }) => p.value).sort()).toEqual(['cash', 'transfer']);
    expect(d.bank_acc_type).toContainEqual({ name: 'ออมทรัพย์', value: 'savings' });
    // a branch manager is offered only their own branch
    expect((await (await t.as('anan')).get('/api/user/listforregister')).body.data.branch).toEqual([
      { branch_id: branch.BKN, name: 'สาขาบางเขน' },
    ]);
  });
});

describe('register, get, update', () => {
  it('every SPEC employee field round-trips; money as baht strings; the password is never answered', async () => {
    const body = FULL();
    const r = await admin.post('/api/user/register', body);
    expect(r.status, r.body.message).toBe(200);
    expect(r.body.message).toBe('เพิ่มพนักงานเรียบร้อยแล้ว');
    const { password: _pw, ...expected } = body;
    expect(r.body.data).toMatchObject({
      ...expected,
      branch_name: 'สาขาบางเขน',
      role_name: 'พนักงานหน้าเคาน์เตอร์/การเงิน',
      photo: null,
      is_delete: false,
    });
    expect(r.body.data).not.toHaveProperty('password');
    expect(r.res.body).not.toMatch(NO_SECRET);
    user.jintana = r.body.data.user_id;
    const got = await admin.get(`/api/user/get/${user.jintana}`);
    expect(got.body.data).toMatchObject(expected);
    expect(got.res.body).not.toMatch(NO_SECRET);
    const listed = (await admin.get('/api/user/gettable', { text: 'jintana' })).body;
    expect(listed.data).toHaveLength(1);
    expect(listed.data[0]).toMatchObject({
      username: 'jintana',
      fname: 'จินตนา',
      branch_name: 'สาขาบางเขน',
      role_name: 'พนักงานหน้าเคาน์เตอร์/การเงิน',
      phone_1: '0812345678',
    });
    expect(JSON.stringify(listed)).not.toMatch(NO_SECRET);
    expect((await login('jintana', 'secret-pass-1')).status).toBe(200);
  });

  it('an update changes every field and writes an audit row with before and after, without the password hash', async () => {
    const changed = {
      user_id: user.jintana,
      username: 'jintana.j',
      role_id: role.instructor,
      branch_id: branch.CNX,
      is_foreigner: false,
      idcard: makeThaiNationalId('310170023071'),
      prefix: 'นาง',
      fname: 'จินตนาภา',
      sname: 'ดีงาม',
      prefix_en: 'Mrs.',
      fname_en: 'Jintanapa',
      sname_en: 'Deengam',
      nickname: 'นา',
      birthday: '1994-12-31',
      address: '7',
      moo: '1',
      soi: '',
      street: 'ห้วยแก้ว',
      subdistrict: 'สุเทพ',
      district: 'เมืองเชียงใหม่',
      province: 'เชียงใหม่',
      postcode: '50200',
      phone_1: '053111222',
      phone_2: '',
      email: '',
      start_date: '2025-01-02',
      department: 'ฝึกอบรม',
      position: 'ครูสอนภาคทฤษฎี',
      bank: 'ธนาคารกรุงไทย',
      bank_acc: '9876543210',
      bank_acc_type: 'savings',
      branch_branch: 'นิมมาน',
      emergency_name: 'นายเอ',
      emergency_phone: '0811111111',
      emergency_relation: 'สามี',
      employee_type: 'monthly',
      salary: '21000',
      extra_salary: '0',
      salary_pay_type: 'transfer',
      sso_salary: '17500',
      day_off: ['mon'],
      is_salary_daily: false,
      status: 'active',
    };
    const r = await admin.put('/api/user/update', changed);
    expect(r.status, r.body.message).toBe(200);
    expect(r.body.message).toBe('บันทึกข้อมูลพนักงานเรียบร้อยแล้ว');
    const { user_id: _id, ...fields } = changed;
    expect((await admin.get(`/api/user/get/${user.jintana}`)).body.data).toMatchObject({
      ...fields,
      branch_name: 'สาขาเชียงใหม่',
    });
    const [a] = await rows(
      t,
      sql`select a.*, u.username as who from audit_log a left join users u using (user_id) where entity = 'user' and entity_id = ${String(user.jintana)} and action = 'update'`,
    );
    expect(a).toMatchObject({
      who: 'admin',
      branch_id: branch.CNX,
      before: { username: 'jintana', fname: 'จินตนา', salary: '16500.50' },
      after: { username: 'jintana.j', fname: 'จินตนาภา', salary: '21000.00' },
    });
    const leaked = await rows(
      t,
      sql`select count(*)::int as n from audit_log where before::text ~ 'argon2|password_hash' or after::text ~ 'argon2|password_hash'`,
    );
    expect(leaked[0]!.n).toBe(0);
    // leaving optional fields out keeps them
    const partial = await admin.put('/api/user/update', {
      user_id: user.jintana,
      role_id: role.instructor,
      branch_id: branch.CNX,
      fname: 'จินตนาภา',
    });
    expect(partial.body.data).toMatchObject({ nickname: 'นา', salary: '21000', day_off: ['mon'] });
  });

  it('usernames are unique regardless of case (Thai 409); a deleted employee frees the name', async () => {
    for (const name of ['malee', 'MALEE', 'Admin']) {
      const r = await admin.post('/api/user/register', minimal({ username: name }));
      expect(r.status, name).toBe(409);
      expect(r.body.message).toBe('ชื่อผู้ใช้: มีผู้ใช้ชื่อนี้แล้ว กรุณาเลือกชื่ออื่น');
    }
    const taken = await admin.put('/api/user/update', {
      user_id: user.jintana,
      username: 'Somchai',
      role_id: role.instructor,
      branch_id: branch.CNX,
      fname: 'x',
    });
    expect(taken.status).toBe(409);
    const temp = (await admin.post('/api/user/register', minimal({ username: 'reusable' }))).body.data;
    expect((await admin.del('/api/user/delete', { user_id: temp.user_id })).status).toBe(200);
    expect((await admin.post('/api/user/register', minimal({ username: 'Reusable' }))).status).toBe(200);
  });

  it('checks the national-ID checksum unless the employee is a foreigner; a future birthday is refused', async () => {
    const good = makeThaiNationalId('110170023073');
    const bad = good.slice(0, 12) + String((Number(good[12]) + 1) % 10);
    const r = await admin.post('/api/user/register', minimal({ idcard: bad }));
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('เลขบัตรประชาชน: เลขไม่ถูกต้อง (ตรวจสอบหลักสุดท้ายไม่ผ่าน)');
    expect((await admin.post('/api/user/register', minimal({ idcard: '12345' }))).status).toBe(400);
    const dashed = await admin.post(
      '/api/user/register',
      minimal({
        idcard: `${good.slice(0, 1)}-${good.slice(1, 5)}-${good.slice(5, 10)}-${good.slice(10, 12)}-${good[12]}`,
      }),
    );
    expect(dashed.status, dashed.body.message).toBe(200);
    expect(dashed.body.data.idcard).toBe(good);
    const foreigner = await admin.post('/api/user/register', minimal({ is_foreigner: true, idcard: 'AA1234567' }));
    expect(foreigner.status, foreigner.body.message).toBe(200);
    expect(foreigner.body.data).toMatchObject({ is_foreigner: true, idcard: 'AA1234567' });
    const future = await admin.post('/api/user/register', minimal({ birthday: '2999-01-01' }));
    expect(future.status).toBe(400);
    expect(future.body.message).toBe('วันเกิด: ต้องไม่เป็นวันในอนาคต');
    const weekday = await admin.post('/api/user/register', minimal({ day_off: ['sun', 'funday'] }));
    expect(weekday.status).toBe(400);
    expect(weekday.body.message).toMatch(/^วันหยุด รายการที่ 2: /);
    const money = await admin.post('/api/user/register', minimal({ salary: '15,000' }));
    expect(money.status).toBe(400);
    expect(money.body.message).toBe('เงินเดือน: รูปแบบไม่ถูกต้อง');
  });
});

describe('employee table', () => {
  const names = (r: { body: { data: { username: string }[] } }) => r.body.data.map((u) => u.username).sort();

  it('filters by branch, status, role and text over names, username, phone and national ID', async () => {
    expect(names(await admin.get('/api/user/gettable', { branch: branch.BKN }))).toEqual(['anan', 'kittipong', 'suda']);
    expect(names(await admin.get('/api/user/gettable', { branch: branch.BKN, type: role.cashier }))).toEqual(['suda']);
    expect(names(await admin.get('/api/user/gettable', { text: 'สมชาย' }))).toEqual(['somchai']);
    expect(names(await admin.get('/api/user/gettable', { text: 'ใจดี' }))).toEqual(['somchai']);
    expect(names(await admin.get('/api/user/gettable', { text: 'สมชาย ใจดี' }))).toEqual(['somchai']); // first and last name together
    expect(names(await admin.get('/api/user/gettable', { text: 'KITTI' }))).toEqual(['kittipong']);
    const malee = (await admin.get(`/api/user/get/${user.malee}`)).body.data;
    expect(names(await admin.get('/api/user/gettable', { text: malee.phone_1 }))).toEqual(['malee']);
    expect(names(await admin.get('/api/user/gettable', { text: malee.idcard }))).toEqual(['malee']);
    expect(names(await admin.get('/api/user/gettable', { text: 'ไม่มีใครชื่อนี้' }))).toEqual([]);

    const off = (
      await admin.post(
        '/api/user/register',
        minimal({ username: 'sleeper', branch_id: branch.CNX, status: 'inactive' }),
      )
    ).body.data;
    expect(off.status).toBe('inactive');
    expect(names(await admin.get('/api/user/gettable', { status: 'inactive' }))).toEqual(['sleeper']);
    expect(names(await admin.get('/api/user/gettable', { status: 'active', branch: branch.CNX }))).toEqual(
      expect.arrayContaining(['napat', 'pimchanok', 'thanawat']),
    );
    expect(names(await admin.get('/api/user/gettable', { status: 'active', branch: branch.CNX }))).not.toContain(
      'sleeper',
    );
    expect(names(await admin.get('/api/user/gettable', { status: 'ทั้งหมด', branch: branch.CNX }))).toContain('sleeper');

    const all = await admin.get('/api/user/gettable', { per_page: 5 });
    expect(all.body.data).toHaveLength(5);
    expect(all.body.meta.total).toBeGreaterThan(11);
    expect(all.body.meta.last_page).toBe(Math.ceil(all.body.meta.total / 5));
    expect(all.body.filter.status[0]).toEqual({ name: 'ทั้งหมด', value: 'ทั้งหมด' });
    expect(all.body.filter.type.map((x: { value: unknown }) => x.value)).toEqual([
      'ทั้งหมด',
      role.owner,
      role.manager,
      role.cashier,
      role.instructor,
      role.accountant,
    ]);
    expect(all.body.filter.branch.map((x: { value: unknown }) => x.value)).toEqual([
      'ทั้งหมด',
      branch.HQ,
      branch.BKN,
      branch.CNX,
    ]);
  });

  it('a branch manager sees only their branch, even when filtering for another', async () => {
    const anan = await t.as('anan');
    expect(names(await anan.get('/api/user/gettable'))).toEqual(['anan', 'kittipong', 'suda']);
    expect(names(await anan.get('/api/user/gettable', { branch: branch.HQ }))).toEqual([]);
    expect((await anan.get('/api/user/gettable')).body.filter.branch.map((x: { value: unknown }) => x.value)).toEqual([
      'ทั้งหมด',
      branch.BKN,
    ]);
    expect((await anan.get(`/api/user/get/${user.malee}`)).status).toBe(403);
  });
});

describe('delete', () => {
  it("is soft, refuses yourself, ends the employee's sessions and is audited", async () => {
    const me = (await admin.get('/api/user/me')).body.data.user_id;
    const self = await admin.del('/api/user/delete', { user_id: me });
    expect(self.status).toBe(400);
    expect(self.body.message).toBe('ไม่สามารถลบบัญชีของตัวเองได้');
    const somchaiSelf = await (await t.as('somchai')).del('/api/user/delete', { user_id: user.somchai });
    expect(somchaiSelf.body.message).toBe('ไม่สามารถลบบัญชีของตัวเองได้');

    const v = (await admin.post('/api/user/register', minimal({ username: 'leaver' }))).body.data;
    const s = (await login('leaver', 'first-pass-123')).body.data;
    const r = await admin.del('/api/user/delete', { user_id: v.user_id });
    expect(r.body).toEqual({ status: 'success', message: 'ลบพนักงานเรียบร้อยแล้ว', data: null });
    expect((await t.call('GET', '/api/user/me', undefined, { authorization: `Bearer ${s.accessToken}` })).status).toBe(
      401,
    );
    expect((await t.call('POST', '/api/user/refresh', { refreshToken: s.refreshToken })).status).toBe(401);
    expect((await admin.get(`/api/user/get/${v.user_id}`)).status).toBe(404);
    expect((await admin.get('/api/user/gettable', { text: 'leaver' })).body.data).toEqual([]);
    expect((await admin.del('/api/user/delete', { user_id: v.user_id })).status).toBe(404);
    const [row] = await rows(t, sql`select is_delete, status from users where user_id = ${v.user_id}`);
    expect(row).toEqual({ is_delete: true, status: 'inactive' });
    const [a] = await rows(
      t,
      sql`select a.*, u.username as who from audit_log a left join users u using (user_id) where entity = 'user' and entity_id = ${String(v.user_id)} and action = 'delete'`,
    );
    expect(a).toMatchObject({ who: 'admin', before: { username: 'leaver' }, after: { is_delete: true } });
  });
});

describe('passwords', () => {
  it('a user changes their own password with the old one; other sessions end, this one stays', async () => {
    const v = (await admin.post('/api/user/register', minimal({ username: 'pwuser' }))).body.data;
    const here = await t.login('pwuser', 'first-pass-123');
    const elsewhere = (await login('pwuser', 'first-pass-123')).body.data;
    const wrong = await here.post('/api/user/change-password', {
      old_password: 'not-it-at-all',
      new_password: 'second-pass-456',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('รหัสผ่านเดิม: ไม่ถูกต้อง');
    const same = await here.post('/api/user/change-password', {
      old_password: 'first-pass-123',
      new_password: 'first-pass-123',
    });
    expect(same.body.message).toBe('รหัสผ่านใหม่: ต้องไม่ซ้ำกับรหัสผ่านเดิม');
    const short = await here.post('/api/user/change-password', {
      old_password: 'first-pass-123',
      new_password: 'short',
    });
    expect(short.status).toBe(400);
    expect(short.body.message).toBe('รหัสผ่านใหม่: ต้องมีอย่างน้อย 8 ตัวอักษร');
    const missing = await here.post('/api/user/change-password', { new_password: 'second-pass-456' });
    expect(missing.body.message).toBe('รหัสผ่านเดิม: ต้องระบุ');
    expect((await login('pwuser', 'first-pass-123')).status).toBe(200); // nothing changed yet

    const ok = await here.post('/api/user/change-password', {
      old_password: 'first-pass-123',
      new_password: 'second-pass-456',
    });
    expect(ok.body).toEqual({ status: 'success', message: 'เปลี่ยนรหัสผ่านเรียบร้อยแล้ว', data: null });
    expect((await here.get('/api/user/me')).status).toBe(200);
    expect(
      (await t.call('GET', '/api/user/me', undefined, { authorization: `Bearer ${elsewhere.accessToken}` })).status,
    ).toBe(401);
    expect((await login('pwuser', 'first-pass-123')).status).toBe(401);
    expect((await login('pwuser', 'second-pass-456')).status).toBe(200);
    const [a] = await rows(
      t,
      sql`select action from audit_log where entity = 'user' and entity_id = ${String(v.user_id)} and action = 'change-password'`,
    );
    expect(a).toEqual({ action: 'change-password' });
    // the own password is not changed through the employee form (that skips the old password)
    const viaForm = await admin.put('/api/user/update', {
      user_id: (await admin.get('/api/user/me')).body.data.user_id,
      role_id: role.owner,
      branch_id: branch.HQ,
      fname: 'ผู้ดูแลระบบ',
      password: 'admin-new-pass',
    });
    expect(viaForm.status).toBe(400);
    expect(viaForm.body.message).toMatch(/^รหัสผ่าน: เปลี่ยนรหัสผ่านของตัวเองที่หน้าข้อมูลส่วนตัว/);
  });

  it("an administrator resets another employee's password, which ends their sessions", async () => {
    const v = (await admin.post('/api/user/register', minimal({ username: 'forgetful' }))).body.data;
    const s = (await login('forgetful', 'first-pass-123')).body.data;
    const r = await admin.put('/api/user/update', {
      user_id: v.user_id,
      role_id: v.role_id,
      branch_id: v.branch_id,
      fname: v.fname,
      password: 'reset-pass-789',
    });
    expect(r.status, r.body.message).toBe(200);
    expect(r.res.body).not.toMatch(NO_SECRET);
    expect((await t.call('GET', '/api/user/me', undefined, { authorization: `Bearer ${s.accessToken}` })).status).toBe(
      401,
    );
    expect((await login('forgetful', 'first-pass-123')).status).toBe(401);
    expect((await login('forgetful', 'reset-pass-789')).status).toBe(200);
    const [a] = await rows(
      t,
      sql`select action, after from audit_log where entity = 'user' and entity_id = ${String(v.user_id)} and action = 'update+password'`,
    );
    expect(a!.after).not.toHaveProperty('password_hash');
  });

  it('the own profile updates contact details only', async () => {
    const suda = await t.as('suda');
    const r = await suda.put('/api/user/profile', {
      nickname: 'ดาดา',
      phone_1: '089-000-1111',
      email: 'suda@example.com',
    });
    expect(r.status, r.body.message).toBe(200);
    expect(r.body.data).toMatchObject({
      username: 'suda',
      nickname: 'ดาดา',
      phone_1: '0890001111',
      email: 'suda@example.com',
      role_id: role.cashier,
    });
    expect(r.res.body).not.toMatch(NO_SECRET);
    for (const body of [{ role_id: role.owner }, { salary: '99999' }, { branch_id: branch.HQ }, { status: 'active' }]) {
      const x = await suda.put('/api/user/profile', body);
      expect(x.status, JSON.stringify(body)).toBe(400);
      expect(x.body.message).toMatch(/ไม่ใช่ช่องข้อมูลที่ระบบรู้จัก/);
    }
    expect((await admin.get(`/api/user/get/${user.suda}`)).body.data).toMatchObject({
      role_id: role.cashier,
      branch_id: branch.BKN,
      salary: expect.not.stringMatching(/^99999$/),
    });
  });
});

describe("no escalation beyond one's own rights", () => {
  it('a manager cannot create an owner or a role with rights they lack, nor take over a wider account', async () => {
    const somchai = await t.as('somchai');
    const owner = await somchai.post('/api/user/register', minimal({ role_id: role.owner }));
    expect(owner.status).toBe(403);
    expect(owner.body.message).toBe('คุณไม่มีสิทธิ์กำหนดบทบาทเจ้าของ/ผู้ดูแลระบบ');
    const acct = await somchai.post('/api/user/register', minimal({ role_id: role.accountant }));
    expect(acct.status).toBe(403); // an accountant manages payroll, which a manager may only read, update and approve
    expect(acct.body.message).toBe('คุณไม่มีสิทธิ์กำหนดบทบาท "บัญชี/บุคคล" เพราะมีสิทธิ์มากกว่าของคุณ');
    const cashier = await somchai.post(
      '/api/user/register',
      minimal({ username: 'by_somchai', role_id: role.cashier }),
    );
    expect(cashier.status, cashier.body.message).toBe(200);

    const adminId = (await admin.get('/api/user/me')).body.data.user_id;
    const reset = await somchai.put('/api/user/update', {
      user_id: adminId,
      role_id: role.owner,
      branch_id: branch.HQ,
      fname: 'ผู้ดูแลระบบ',
      password: 'owned-by-somchai',
    });
    expect(reset.status).toBe(403);
    const demote = await somchai.put('/api/user/update', {
      user_id: adminId,
      role_id: role.cashier,
      branch_id: branch.HQ,
      fname: 'ผู้ดูแลระบบ',
    });
    expect(demote.status).toBe(403);
    const rename = await somchai.put('/api/user/update', {
      user_id: adminId,
      role_id: role.owner,
      branch_id: branch.HQ,
      fname: 'ผู้ดูแลระบบ',
      bank_acc: '0000000000',
    });
    expect(rename.status).toBe(403);
    expect(rename.body.message).toBe('คุณไม่มีสิทธิ์แก้ไขบัญชีเจ้าของ/ผู้ดูแลระบบ');
    expect((await somchai.del('/api/user/delete', { user_id: adminId })).status).toBe(403);
    const promote = await somchai.put('/api/user/update', {
      user_id: user.malee,
      role_id: role.owner,
      branch_id: branch.HQ,
      fname: 'มาลี',
    });
    expect(promote.status).toBe(403);
    expect((await login('admin', 'owned-by-somchai')).status).toBe(401);
    expect((await login('admin', 'admin-test-pass')).status).toBe(200);
    expect((await admin.get(`/api/user/get/${user.malee}`)).body.data.role_id).toBe(role.cashier);
    expect((await admin.get(`/api/user/get/${adminId}`)).body.data).toMatchObject({
      role_id: role.owner,
      bank_acc: '',
    });
  });

  it('HR edits pay details of staff but cannot take over an account with rights HR lacks', async () => {
    const wanida = await t.as('wanida');
    const malee = (await admin.get(`/api/user/get/${user.malee}`)).body.data;
    const pay = await wanida.put('/api/user/update', {
      user_id: user.malee,
      role_id: malee.role_id,
      branch_id: malee.branch_id,
      fname: malee.fname,
      salary: '19000',
      bank_acc: '111-2-33333-4',
    });
    expect(pay.status, pay.body.message).toBe(200);
    expect(pay.body.data).toMatchObject({ salary: '19000', bank_acc: '111-2-33333-4' });
    const pw = await wanida.put('/api/user/update', {
      user_id: user.malee,
      role_id: malee.role_id,
      branch_id: malee.branch_id,
      fname: malee.fname,
      password: 'hr-knows-it-1',
    });
    expect(pw.status).toBe(403);
    expect(pw.body.message).toBe('คุณไม่มีสิทธิ์เปลี่ยนรหัสผ่านของผู้ใช้ที่มีสิทธิ์มากกว่าคุณ (พนักงานหน้าเคาน์เตอร์/การเงิน)');
    expect((await wanida.del('/api/user/delete', { user_id: user.malee })).status).toBe(403);
    expect((await login('malee', DEMO_PASSWORD)).status).toBe(200);
  });

  it('a branch manager registers and edits only in their own branch', async () => {
    const anan = await t.as('anan');
    const hq = await anan.post('/api/user/register', minimal({ branch_id: branch.HQ }));
    expect(hq.status).toBe(403);
    expect(hq.body.message).toBe('คุณไม่มีสิทธิ์เข้าถึงข้อมูลของสาขานี้');
    const own = await anan.post('/api/user/register', minimal({ username: 'bkn_new', branch_id: branch.BKN }));
    expect(own.status, own.body.message).toBe(200);
    const move = await anan.put('/api/user/update', {
      user_id: own.body.data.user_id,
      role_id: role.cashier,
      branch_id: branch.HQ,
      fname: 'ย้าย',
    });
    expect(move.status).toBe(403);
    expect(
      (
        await anan.put('/api/user/update', {
          user_id: user.malee,
          role_id: role.cashier,
          branch_id: branch.HQ,
          fname: 'มาลี',
        })
      ).status,
    ).toBe(403);
    expect((await anan.del('/api/user/delete', { user_id: user.malee })).status).toBe(403);
    expect((await admin.get(`/api/user/get/${own.body.data.user_id}`)).body.data.branch_id).toBe(branch.BKN);
  });

  it('cashiers and instructors have no employee rights at all', async () => {
    for (const u of ['malee', 'suda', 'prasert']) {
      const c = await t.as(u);
      expect((await c.post('/api/user/register', minimal())).status, u).toBe(403);
      expect((await c.get('/api/user/gettable')).status, u).toBe(403);
      expect((await c.get(`/api/user/get/${user.somchai}`)).status, u).toBe(403);
    }
  });
});

describe('photos', () => {
  it('accepts JPEG and PNG by content; refuses other types, disguised files, oversized files and non-multipart bodies', async () => {
    const png = await upload(t, admin.token, PNG);
    expect(png.status, png.body.message).toBe(200);
    expect(png.body.data).toEqual({
      file_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      mime: 'image/png',
      size: PNG.length,
    });
    const jpg = await upload(t, admin.token, JPEG, { filename: 'me.jpg', type: 'image/jpeg' });
    expect(jpg.body.data).toMatchObject({ mime: 'image/jpeg', size: JPEG.length });
    const gif = await upload(t, admin.token, GIF, { filename: 'x.gif', type: 'image/gif' });
    expect(gif.status).toBe(400);
    expect(gif.body.message).toBe('รองรับเฉพาะไฟล์รูปภาพ JPEG หรือ PNG');
    const disguised = await upload(t, admin.token, Buffer.from('<svg onload="alert(1)"/>'), {
      filename: 'evil.png',
      type: 'image/png',
    });
    expect(disguised.status).toBe(400);
    const big = await upload(t, admin.token, Buffer.concat([PNG, Buffer.alloc(t.config.uploadMaxBytes)]));
    expect(big.status).toBe(413);
    expect(big.body.message).toBe('ไฟล์มีขนาดใหญ่เกิน 2 MB');
    const json = await admin.post('/api/files/upload', { file: PNG.toString('base64') });
    expect(json.status).toBe(400);
    expect(json.body.message).toBe('กรุณาส่งไฟล์แบบ multipart/form-data ในช่อง file');
    expect((await t.call('POST', '/api/files/upload', {})).status).toBe(401);
    const [{ n }] = await rows<{ n: number }>(t, sql`select count(*)::int as n from files`);
    expect(n).toBe(2); // only the two good images were stored
  });

  it('a photo is served to its branch and head office only; it follows the employee to their branch', async () => {
    const up = (await upload(t, admin.token, PNG)).body.data;
    const get = async (u: string, id = up.file_id) =>
      t.call('GET', `/api/files/${id}`, undefined, { authorization: `Bearer ${(await t.as(u)).token}` });
    const mine = await get('admin');
    expect(mine.status).toBe(200);
    expect(mine.res.headers['content-type']).toBe('image/png');
    expect(mine.res.rawPayload.equals(PNG)).toBe(true);
    expect((await get('suda')).status).toBe(403);

    const e = await admin.post(
      '/api/user/register',
      minimal({ username: 'with_photo', branch_id: branch.BKN, photo: up.file_id }),
    );
    expect(e.status, e.body.message).toBe(200);
    expect(e.body.data.photo).toBe(up.file_id);
    expect((await get('suda')).status).toBe(200); // BKN now
    expect((await get('malee')).status).toBe(200); // head office sees all
    const other = await get('pimchanok'); // CNX
    expect(other.status).toBe(403);
    expect(other.body.message).toBe('คุณไม่มีสิทธิ์เข้าถึงข้อมูลของสาขานี้');
    expect((await get('suda', '00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await get('suda', 'not-a-uuid')).status).toBe(400);

    // a photo id from another branch, or one that does not exist, cannot be attached
    const cnxPhoto = (await upload(t, (await t.as('pimchanok')).token, PNG)).body.data.file_id;
    const steal = await (
      await t.as('anan')
    ).post('/api/user/register', minimal({ username: 'thief', branch_id: branch.BKN, photo: cnxPhoto }));
    expect(steal.status).toBe(403);
    const ghost = await admin.post('/api/user/register', minimal({ photo: '00000000-0000-4000-8000-000000000000' }));
    expect(ghost.status).toBe(400);
    expect(ghost.body.message).toBe('รูปถ่าย: ไม่พบไฟล์รูปนี้ กรุณาอัปโหลดใหม่');
    expect((await get('pimchanok', cnxPhoto)).status).toBe(200);
    expect((await get('suda', cnxPhoto)).status).toBe(403);
  });

  it('only who may change the settings uploads a logo, which every branch may see', async () => {
    const refused = await upload(t, (await t.as('somchai')).token, PNG, { kind: 'logo' });
    expect(refused.status).toBe(403);
    const logo = await upload(t, admin.token, PNG, { kind: 'logo' });
    expect(logo.status).toBe(200);
    const seen = await t.call('GET', `/api/files/${logo.body.data.file_id}`, undefined, {
      authorization: `Bearer ${(await t.as('pimchanok')).token}`,
    });
    expect(seen.status).toBe(200);
  });
});
