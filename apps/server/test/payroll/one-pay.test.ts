/**
 * One pay per person and month, and what a sheet refuses: a person moved between branches is on exactly one
 * sheet (the branch of the month's last day), even with many saves from both branches at the same moment;
 * negative net pay, a future month, days and hours the month cannot hold are refused in Thai.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type Client, type TestApp } from '../helpers.js';

let t: TestApp;
let admin: Client;
let bkn = 0;
let cnx = 0;
let cnxName = '';
const now = new Date(Date.now() + 7 * 3600_000);
const MONTH = now.toISOString().slice(0, 7);
const NEXT = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString().slice(0, 7);
const DAYS = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 0)).getUTCDate();
let items: { list_payroll_id: number; category: string }[] = [];
const item = (category: string) => items.find((i) => i.category === category)!.list_payroll_id;

const rows = async <T>(q: ReturnType<typeof sql>) => {
  const r = (await t.db.execute(q)) as unknown as { rows?: T[] } & T[];
  return r.rows ?? r;
};
const userId = async (username: string) =>
  (await rows<{ user_id: number }>(sql`select user_id from users where username = ${username}`))[0]!.user_id;
const linesOf = (uid: number) =>
  rows<{ branch_id: number; sso_employee: string }>(
    sql`select p.branch_id, l.sso_employee from payroll_lines l join payrolls p on p.payroll_id = l.payroll_id where l.user_id = ${uid} and l.month = ${MONTH}`,
  );
const sheet = async (branch: number) =>
  (await admin.get('/api/list-payrollList/list', { branch, month: MONTH })).body.data as {
    lines: { user_id: number; branch_days: string; user_name: string; net: string }[];
  };
const save = (branch_id: number, lines: unknown[] = []) =>
  admin.put('/api/list-payrollList/update', { branch_id, month: MONTH, lines });

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.as('admin');
  const bs = (await admin.get('/api/branch/list')).body.data as { code: string; branch_id: number; name: string }[];
  bkn = bs.find((b) => b.code === 'BKN')!.branch_id;
  const c = bs.find((b) => b.code === 'CNX')!;
  cnx = c.branch_id;
  cnxName = c.name;
  items = (await admin.get('/api/list-payroll/gettable', { per_page: 100 })).body.data;
});
afterAll(async () => {
  await t?.close();
});

describe(`one pay per person and month (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('a person moved to another branch leaves the old sheet and is paid once by the new one, with the days at each', async () => {
    const uid = await userId('kittipong');
    await t.db.execute(sql`update users set salary = 30000, start_date = '2019-01-01' where user_id = ${uid}`);
    expect((await save(bkn)).status).toBe(200);
    expect((await linesOf(uid)).map((l) => l.branch_id)).toEqual([bkn]);
    // moved today (the employee's branch changes; the move is dated by the database)
    await t.db.execute(sql`update users set branch_id = ${cnx} where user_id = ${uid}`);
    expect((await sheet(bkn)).lines.some((l) => l.user_id === uid)).toBe(false);
    const mine = (await sheet(cnx)).lines.find((l) => l.user_id === uid)!;
    expect(mine.branch_days).toContain(`${cnxName} `);
    expect(mine.branch_days).toContain(`–${DAYS} `);
    const r = await save(cnx);
    expect(r.status, r.body.message).toBe(200);
    // one line, one social security contribution, on the new branch's sheet; the old draft's totals follow
    expect(await linesOf(uid)).toEqual([{ branch_id: cnx, sso_employee: '875.00' }]);
    const [old] = await rows<{ n: number; employees: number }>(
      sql`select (select count(*)::int from payroll_lines l where l.payroll_id = p.payroll_id) as n, p.employees from payrolls p where p.branch_id = ${bkn} and p.month = ${MONTH}`,
    );
    expect(old!.employees).toBe(old!.n);
  });

  it('24 saves of both branches at once leave exactly one line for a moved person, never a 500', async () => {
    const uid = await userId('kittipong');
    // back to BKN today: the line moves with the next save of either sheet
    await t.db.execute(sql`update users set branch_id = ${bkn} where user_id = ${uid}`);
    const results = await Promise.all(Array.from({ length: 24 }, (_, i) => save(i % 2 ? bkn : cnx)));
    for (const r of results) expect([200, 409], r.body.message).toContain(r.status);
    expect(results.filter((r) => r.status === 200).length).toBeGreaterThan(0);
    expect(await linesOf(uid)).toEqual([{ branch_id: bkn, sso_employee: '875.00' }]);
    // and the database itself refuses a second line for the person and month
    const [p] = await rows<{ payroll_id: number }>(
      sql`select payroll_id from payrolls where branch_id = ${cnx} and month = ${MONTH}`,
    );
    // (every other column given: the refusal is the unique person-and-month index, 23505, not a missing value)
    const refused = await t.db
      .execute(
        sql`insert into payroll_lines (payroll_id, month, user_id, sso_wage) values (${p!.payroll_id}, ${MONTH}, ${uid}, 0)`,
      )
      .then(
        () => null,
        (e: { code?: string; cause?: { code?: string } }) => e.cause?.code ?? e.code,
      );
    expect(refused).toBe('23505');
  });
});

describe('what a sheet refuses', () => {
  it('net pay below zero, naming the person: an advance of 50,000 on 30,000', async () => {
    const uid = await userId('kittipong');
    const r = await save(bkn, [{ user_id: uid, items: [{ list_payroll_id: item('advance'), value: '50000' }] }]);
    expect(r.status).toBe(400);
    expect(r.body.message).toMatch(/^นาย.+: เงินสุทธิติดลบ \(-21,039\.58 บาท\)/);
    const line = (await sheet(bkn)).lines.find((l) => l.user_id === uid)!;
    expect(Number(line.net)).toBeGreaterThan(0);
  });

  it('a month after the current one cannot be opened from the sheet or the report', async () => {
    const a = await admin.put('/api/list-payrollList/update', { branch_id: bkn, month: NEXT, lines: [] });
    expect(a.status).toBe(400);
    expect(a.body.message).toContain('เปิดรอบเงินเดือนล่วงหน้าไม่ได้');
    const b = await admin.put('/api/list-payrollReport/update', { month: NEXT, user_id: await userId('kittipong') });
    expect(b.status).toBe(400);
    expect(await rows(sql`select 1 from payrolls where month = ${NEXT}`)).toEqual([]);
  });

  it('a day-wage joiner cannot have worked more days than employed; hours beyond the month and overflows are a Thai 400', async () => {
    const uid = await userId('kittipong');
    await t.db.execute(
      sql`update users set is_salary_daily = true, salary = 450, start_date = ${`${MONTH}-16`} where user_id = ${uid}`,
    );
    // a fresh line (the saved one keeps the monthly kind)
    await t.db.execute(
      sql`delete from payroll_line_items where line_id in (select line_id from payroll_lines where user_id = ${uid})`,
    );
    await t.db.execute(sql`delete from payroll_lines where user_id = ${uid}`);
    const employed = DAYS - 15;
    const d = await save(bkn, [{ user_id: uid, days_worked: employed + 1 }]);
    expect(d.status).toBe(400);
    expect(d.body.message).toContain(`เกินจำนวนวันที่เป็นพนักงานในเดือนนี้ (${employed} วัน)`);
    expect((await save(bkn, [{ user_id: uid, days_worked: employed }])).status).toBe(200);
    const h = await save(bkn, [{ user_id: uid, items: [{ list_payroll_id: item('overtime'), per_value: '99999' }] }]);
    expect(h.status).toBe(400);
    expect(h.body.message).toContain(`ชั่วโมง เกินกว่าที่ ${employed} วันของเดือนนี้มีได้`);
    const o = await save(bkn, [
      { user_id: uid, items: [{ list_payroll_id: item('commission'), value: '99999999', per_value: '99999' }] },
    ]);
    expect(o.status).toBe(400);
    expect(o.body.message).toContain('สูงเกินกว่าที่ระบบรับได้');
    await t.db.execute(
      sql`update users set is_salary_daily = false, salary = 30000, start_date = '2019-01-01' where user_id = ${uid}`,
    );
  });
});

describe('a moved person’s earlier month on the history screen', () => {
  it('is read and edited on the sheet that pays it (the branch of its last day), not the branch of today', async () => {
    const uid = await userId('kittipong');
    const prev = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)).toISOString().slice(0, 7);
    const first = await admin.put('/api/list-payrollList/update', { branch_id: bkn, month: prev, lines: [] });
    expect(first.status, first.body.message).toBe(200);
    // moved today: last month stays on the old branch's sheet
    await t.db.execute(sql`update users set branch_id = ${cnx} where user_id = ${uid}`);
    const h = await admin.get(`/api/payroll/userhistory/${uid}`, { month: prev });
    expect(h.status, h.body.message).toBe(200);
    expect(h.body.data.payroll_id).toBe(first.body.data.payroll.payroll_id);
    expect(h.body.data.salary[0].amount).toBe('30000');
    const r = await admin.put('/api/list-payrollReport/update', { month: prev, user_id: uid, note: 'ย้ายสาขา' });
    expect(r.status, r.body.message).toBe(200);
    expect(
      await rows(
        sql`select p.branch_id, l.note, l.sso_employee from payroll_lines l join payrolls p on p.payroll_id = l.payroll_id where l.user_id = ${uid} and l.month = ${prev}`,
      ),
    ).toEqual([{ branch_id: bkn, note: 'ย้ายสาขา', sso_employee: '875.00' }]);
    expect(await rows(sql`select 1 from payrolls where branch_id = ${cnx} and month = ${prev}`)).toEqual([]);
    await t.db.execute(sql`update users set branch_id = ${bkn} where user_id = ${uid}`);
  });
});

describe('a standing item that would overflow', () => {
  it('is refused in Thai when set or changed; one set before is a Thai 400 naming the person on the sheet, never a 500', async () => {
    const uid = await userId('kittipong');
    const commission = item('commission');
    const big = { value: '99999999', per_value: '99999' };
    const c = await admin.post('/api/list-payrollListUser/create', {
      user_id: uid,
      list_payroll_id: commission,
      ...big,
    });
    expect(c.status).toBe(400);
    expect(c.body.message).toBe('ค่าคอมมิชชั่น: อัตรา × จำนวน สูงเกินกว่าที่ระบบรับได้ (ไม่เกิน 100,000,000.00 บาท)');
    const ok = await admin.post('/api/list-payrollListUser/create', {
      user_id: uid,
      list_payroll_id: commission,
      value: '500',
      per_value: '2',
    });
    expect(ok.status, ok.body.message).toBe(200);
    const id = (ok.body.data as { id: number; list_payroll_id: number }[]).find(
      (i) => i.list_payroll_id === commission,
    )!.id;
    expect((await admin.put('/api/list-payrollListUser/update', { id, ...big })).status).toBe(400);
    // a row stored before the check: a month without a saved line for the person takes it in
    await t.db.execute(sql`update payroll_user_items set value = 99999999, per_value = 99999 where id = ${id}`);
    const m2 = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 2, 1)).toISOString().slice(0, 7);
    const g = await admin.get('/api/list-payrollList/list', { branch: bkn, month: m2 });
    expect(g.status).toBe(400);
    expect(g.body.message).toMatch(/^นาย.+: ค่าคอมมิชชั่น สูงเกินกว่าที่ระบบรับได้/);
    const s = await admin.put('/api/list-payrollList/update', { branch_id: bkn, month: m2, lines: [] });
    expect(s.status).toBe(400);
    expect((await admin.put('/api/list-payrollListUser/update', { id, is_delete: true })).status).toBe(200);
    expect((await admin.get('/api/list-payrollList/list', { branch: bkn, month: m2 })).status).toBe(200);
  });
});
