import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { makeThaiNationalId } from '@khabkhi/thai';
import type { TestApp } from '../helpers.js';
import { databaseBefore } from '../migrations.js';
import { customer, moneySuite, type Catalog } from '../money/fixtures.js';

const suite = moneySuite();
let t: TestApp;
let cat: Catalog;
beforeAll(() => {
  ({ t, cat } = suite);
});
const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;

describe('phone numbers are stored as digits and found however they are typed', () => {
  it('a customer registered with 081-234-5678 is stored as 0812345678 and found by 0812345678, 081-234-5678, 081 234 and (081)2345678', async () => {
    const malee = await t.as('malee');
    const c = customer({ phone_1: '081-234-5678', phone_2: '+66 2 123 4567', fname: 'โทรศัพท์' });
    const r = await malee.post('/api/application/create', {
      customer: c,
      courses: [{ course_id: cat.car }],
      other_fees: [],
    });
    expect(r.status, r.body.message).toBe(200);
    const [row] = rowsOf<{ phone_1: string; phone_2: string }>(
      await t.db.execute(sql`select phone_1, phone_2 from customers where idcard = ${c.idcard}`),
    );
    expect(row).toEqual({ phone_1: '0812345678', phone_2: '021234567' });
    for (const text of ['0812345678', '081-234-5678', '081 234', '(081)2345678']) {
      const list = await malee.get('/api/application/gettable', { text });
      expect(list.status).toBe(200);
      expect(
        list.body.data.map((a: { idcard: string }) => a.idcard),
        text,
      ).toContain(c.idcard);
    }
  });

  it('employees and branches keep their phones as digits and are found by a formatted number', async () => {
    const admin = await t.as('admin');
    const branches = await admin.get('/api/branch/gettable', { per_page: 100 });
    const hq = branches.body.data.find((b: { code: string }) => b.code === 'HQ');
    const got = await admin.get(`/api/branch/get/${hq.branch_id}`);
    const { branch_id, code, name } = got.body.data;
    const up = await admin.put('/api/branch/update', { branch_id, code, name, phone_1: '02-398-9999', phone_2: '' });
    expect(up.status, up.body.message).toBe(200);
    expect(up.body.data.phone_1).toBe('023989999');
    const found = await admin.get('/api/branch/gettable', { text: '02-398-9999' });
    expect(found.body.data.map((b: { code: string }) => b.code)).toEqual(['HQ']);

    const me = await admin.get('/api/user/gettable', { text: 'malee' });
    const malee = me.body.data[0];
    const prof = await (await t.as('malee')).put('/api/user/profile', { phone_1: '089 111 2222' });
    expect(prof.status, prof.body.message).toBe(200);
    const byPhone = await admin.get('/api/user/gettable', { text: '089-111-2222' });
    expect(byPhone.body.data.map((u: { user_id: number }) => u.user_id)).toContain(malee.user_id);
    expect(byPhone.body.data.find((u: { user_id: number }) => u.user_id === malee.user_id).phone_1).toBe('0891112222');
  });
});

describe('the migration normalizes the phones already stored', () => {
  it('turns 081-234-5678, +66 81 234 5678 and (02) 123-4567 into digits in customers, users and branches', async () => {
    const db = await databaseBefore('_phone_digits');
    await db.exec(`
      insert into branches (code, name, phone_1, phone_2) values ('T1', 'ทดสอบ', '(02) 123-4567', '053-210-987');
      insert into roles (slug, name, abilities) values ('t', 'ทดสอบ', '[]');
      insert into users (username, password_hash, role_id, branch_id, fname, phone_1, emergency_phone)
        select 'u', 'x', r.role_id, b.branch_id, 'ผู้ใช้', '081 234 5678', '+66 81 234 5678' from roles r, branches b;
      insert into customers (idcard, fname, phone_1, phone_2, branch_id)
        select '${makeThaiNationalId('110350041234')}', 'ลูกค้า', '081-234-5678', '+66812345678', branch_id from branches;`);
    await db.migrateAll();
    expect(await db.rows('select phone_1, phone_2 from branches')).toEqual([
      { phone_1: '021234567', phone_2: '053210987' },
    ]);
    expect(await db.rows('select phone_1, emergency_phone from users')).toEqual([
      { phone_1: '0812345678', emergency_phone: '0812345678' },
    ]);
    expect(await db.rows('select phone_1, phone_2 from customers')).toEqual([
      { phone_1: '0812345678', phone_2: '0812345678' },
    ]);
    await db.close();
  });
});
