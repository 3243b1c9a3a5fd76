/** Payroll API: every route, the workflow by three people, and each refusal with its Thai message. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type Client, type TestApp } from '../helpers.js';

let t: TestApp;
let admin: Client;
let wanida: Client;
let anan: Client;
let suda: Client;
let napat: Client;
let bkn = 0;
let kittipong = 0;
let otItem = 0;
let advanceItem = 0;
let ssoItem = 0;
const MONTH = '2026-11';

beforeAll(async () => {
  t = await createTestApp();
  [admin, wanida, anan, suda, napat] = await Promise.all(
    ['admin', 'wanida', 'anan', 'suda', 'napat'].map((u) => t.as(u)),
  );
  const branches = (await admin.get('/api/branch/list')).body.data;
  bkn = branches.find((b: { code: string }) => b.code === 'BKN').branch_id;
  const rows = (await t.db.execute(sql`select user_id, username from users`)) as unknown as {
    rows?: { user_id: number; username: string }[];
  } & { user_id: number; username: string }[];
  const list = rows.rows ?? rows;
  kittipong = list.find((r) => r.username === 'kittipong')!.user_id;
  // kittipong earns 30,000 (the Done-when example)
  await t.db.execute(sql`update users set salary = 30000, sso_salary = 0 where user_id = ${kittipong}`);
  const items = (await admin.get('/api/list-payroll/gettable', { per_page: 100 })).body.data;
  otItem = items.find((i: { category: string }) => i.category === 'overtime').list_payroll_id;
  advanceItem = items.find((i: { category: string }) => i.category === 'advance').list_payroll_id;
  ssoItem = items.find((i: { category: string }) => i.category === 'social_security').list_payroll_id;
});
afterAll(async () => {
  await t?.close();
});

describe('the sheet of a branch-month', () => {
  it('before anything is saved: every employee computed (30,000 → SSO 875, tax 164.58), no payroll yet', async () => {
    const r = await wanida.get('/api/list-payrollList/list', { branch: bkn, month: MONTH });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({
      is_payroll: false,
      is_approve: false,
      editable: true,
      month_name: 'พฤศจิกายน 2569',
    });
    const k = r.body.data.lines.find((l: { user_id: number }) => l.user_id === kittipong);
    expect(k).toMatchObject({
      salary: '30000',
      sso_employee: '875',
      sso_employer: '875',
      tax: '164.58',
      net: '28960.42',
      days_of_month: 30,
    });
    expect(r.body.data.items.some((i: { category?: string; name: string }) => i.name === 'ประกันสังคม')).toBe(false);
  });

  it('saves overtime hours and an advance; the server computes the amounts and ignores nothing it should check', async () => {
    const r = await wanida.put('/api/list-payrollList/update', {
      branch_id: bkn,
      month: MONTH,
      lines: [
        {
          user_id: kittipong,
          items: [
            { list_payroll_id: otItem, per_value: '10.5' },
            { list_payroll_id: advanceItem, value: '1000' },
          ],
        },
      ],
    });
    expect(r.status, r.body.message).toBe(200);
    expect(r.body.message).toContain('บันทึกเงินเดือน');
    const k = r.body.data.lines.find((l: { user_id: number }) => l.user_id === kittipong);
    // 30,000 + 1,050 OT: 31,050 × 12 − 100,000 − 60,000 − 10,500 = 202,100 → 2,605 a year → 217.08
    expect(k).toMatchObject({ income: '1050', deduction: '1000', sso_employee: '875', tax: '217.08', net: '28957.92' });
    expect(r.body.data.is_payroll).toBe(true);
    expect(r.body.data.payroll.status).toBe('draft');
  });

  it('refuses more days worked than the month has, in Thai', async () => {
    const r = await wanida.put('/api/list-payrollList/update', {
      branch_id: bkn,
      month: MONTH,
      lines: [{ user_id: kittipong, days_worked: 31 }],
    });
    expect(r.status).toBe(400);
    expect(r.body.message).toMatch(/จำนวนวันทำงานของ .*ต้องไม่เกิน 30 วัน/);
  });

  it('refuses a computed item typed by hand and an employee of another branch', async () => {
    const a = await wanida.put('/api/list-payrollList/update', {
      branch_id: bkn,
      month: MONTH,
      lines: [{ user_id: kittipong, items: [{ list_payroll_id: ssoItem, value: '1' }] }],
    });
    expect(a.status).toBe(400);
    expect(a.body.message).toContain('ระบบคำนวณให้เอง');
    const [w] = ((await t.db.execute(sql`select user_id from users where username = 'wanida'`)) as any).rows ?? [];
    const b = await wanida.put('/api/list-payrollList/update', {
      branch_id: bkn,
      month: MONTH,
      lines: [{ user_id: w?.user_id ?? 999999 }],
    });
    expect(b.status).toBe(400);
    expect(b.body.message).toContain('ไม่ได้อยู่ในรอบเงินเดือนของสาขานี้');
  });

  it('another branch’s manager cannot read this branch’s sheet', async () => {
    const r = await napat.get('/api/list-payrollList/list', { branch: bkn, month: MONTH });
    expect(r.status).toBe(403);
  });
});

describe('the workflow: submit → confirm → approve', () => {
  let id = 0;
  it('a cashier may not submit', async () => {
    id = (await wanida.get('/api/payroll/gettable', { branch: bkn, month: MONTH })).body.data[0].payroll_id;
    const r = await suda.post('/api/payroll/submit', { payroll_id: id });
    expect(r.status).toBe(403);
  });
  it('HR submits; the submitter cannot confirm its own payroll', async () => {
    const r = await wanida.post('/api/payroll/submit', { payroll_id: id });
    expect(r.status, r.body.message).toBe(200);
    expect(r.body.data).toMatchObject({ status: 'submitted', status_name: 'ส่งตรวจแล้ว' });
    const self = await wanida.post('/api/payroll/confirm', { payroll_id: id });
    expect(self.status).toBe(409);
    expect(self.body.message).toContain('ผู้ส่งตรวจยืนยันเงินเดือนที่ตนเองส่งไม่ได้');
  });
  it('a submitted payroll cannot be changed', async () => {
    const r = await wanida.put('/api/list-payrollList/update', {
      branch_id: bkn,
      month: MONTH,
      lines: [{ user_id: kittipong, days_worked: 1 }],
    });
    expect(r.status).toBe(409);
    expect(r.body.message).toContain('แก้ไขได้เฉพาะฉบับร่าง');
  });
  it('approval before confirmation is refused; a manager may not approve', async () => {
    const early = await admin.post('/api/payroll/approve', { payroll_id: id });
    expect(early.status).toBe(409);
    expect(early.body.message).toContain('ผู้จัดการสาขายังไม่ได้ยืนยัน');
    const mgr = await anan.post('/api/payroll/approve', { payroll_id: id });
    expect(mgr.status).toBe(403);
    expect(mgr.body.message).toContain('เฉพาะเจ้าของกิจการ');
  });
  it('the branch manager confirms, the owner approves: locked, payslips issued', async () => {
    const c = await anan.post('/api/payroll/confirm', { payroll_id: id });
    expect(c.status, c.body.message).toBe(200);
    expect(c.body.data.confirmed.by).toContain('อนันต์');
    const a = await admin.post('/api/payroll/approve', { payroll_id: id });
    expect(a.status, a.body.message).toBe(200);
    expect(a.body.data).toMatchObject({ status: 'approved' });
    const sheet = (await wanida.get('/api/list-payrollList/list', { branch: bkn, month: MONTH })).body.data;
    expect(sheet).toMatchObject({ is_approve: true, editable: false });
    const locked = await wanida.put('/api/list-payrollList/update', {
      branch_id: bkn,
      month: MONTH,
      lines: [{ user_id: kittipong, days_worked: 1 }],
    });
    expect(locked.status).toBe(409);
    expect(locked.body.message).toContain('ได้รับอนุมัติแล้วและถูกล็อก');
    const slips = await wanida.get('/api/payroll/payslip/gettable', { branch: bkn, month: MONTH });
    expect(slips.body.data.length).toBe(sheet.lines.length);
    const mine = slips.body.data.find((s: { user_id: number }) => s.user_id === kittipong);
    expect(mine).toMatchObject({ version: 1, is_current: true, net: '28957.92' });
    const pdf = await wanida.post('/api/payroll/payslip/pdf', { payslip_id: mine.payslip_id });
    expect(pdf.status).toBe(200);
    expect(pdf.body.data.pdf).toMatch(/^\/api\/documents\//);
  });
  it('the submitter may never approve (HR with every payroll right, owner-level approver only)', async () => {
    // a second branch-month submitted by the owner: the owner cannot approve it
    await admin.put('/api/list-payrollList/update', { branch_id: bkn, month: '2026-10', lines: [] });
    const p = (await admin.get('/api/payroll/gettable', { branch: bkn, month: '2026-10' })).body.data[0];
    expect((await admin.post('/api/payroll/submit', { payroll_id: p.payroll_id })).status).toBe(200);
    expect((await anan.post('/api/payroll/confirm', { payroll_id: p.payroll_id })).status).toBe(200);
    const r = await admin.post('/api/payroll/approve', { payroll_id: p.payroll_id });
    expect(r.status).toBe(409);
    expect(r.body.message).toContain('ผู้ส่งตรวจอนุมัติเงินเดือนที่ตนเองส่งไม่ได้');
  });
  it('the owner reopens with a reason (audited); re-approval issues version 2 of the payslips', async () => {
    const noReason = await admin.post('/api/payroll/reopen', { payroll_id: id, reason: '' });
    expect(noReason.status).toBe(400);
    const mgr = await anan.post('/api/payroll/reopen', { payroll_id: id, reason: 'แก้ไขค่าล่วงเวลา' });
    expect(mgr.status).toBe(403);
    const r = await admin.post('/api/payroll/reopen', { payroll_id: id, reason: 'แก้ไขค่าล่วงเวลา' });
    expect(r.status, r.body.message).toBe(200);
    expect(r.body.data).toMatchObject({ status: 'draft', version: 2, reopened: { reason: 'แก้ไขค่าล่วงเวลา' } });
    const audit = (await t.db.execute(
      sql`select action, after from audit_log where entity = 'payroll' and entity_id = ${String(id)} and action = 'reopen'`,
    )) as any;
    expect((audit.rows ?? audit).length).toBe(1);
    expect(
      (
        await wanida.put('/api/list-payrollList/update', {
          branch_id: bkn,
          month: MONTH,
          lines: [{ user_id: kittipong, items: [{ list_payroll_id: otItem, per_value: '12' }] }],
        })
      ).status,
    ).toBe(200);
    expect((await wanida.post('/api/payroll/submit', { payroll_id: id })).status).toBe(200);
    expect((await anan.post('/api/payroll/confirm', { payroll_id: id })).status).toBe(200);
    expect((await admin.post('/api/payroll/approve', { payroll_id: id })).status).toBe(200);
    const slips = (await wanida.get('/api/payroll/payslip/gettable', { branch: bkn, month: MONTH, user: kittipong }))
      .body.data;
    expect(slips.map((s: { version: number; is_current: boolean }) => [s.version, s.is_current])).toEqual([
      [2, true],
      [1, false],
    ]);
  });
});

describe('report, history, staff', () => {
  it('the report defaults to the latest month and lists every line with totals', async () => {
    const r = await wanida.get('/api/list-payrollReport/list');
    expect(r.status).toBe(200);
    expect((r.body as any).month).toBe(MONTH);
    expect(r.body.data.length).toBeGreaterThan(0);
    expect(r.body.filter.branch[0].name).toBe('ทั้งหมด');
    expect(Number(r.body.totals.net)).toBeGreaterThan(0);
  });
  it('user history: data, detail.is_approve and detail.is_payroll', async () => {
    const r = await wanida.get(`/api/payroll/userhistory/${kittipong}`, { month: MONTH });
    expect(r.status).toBe(200);
    expect((r.body as any).detail).toEqual({ is_approve: true, is_payroll: true });
    expect(r.body.data.salary[0]).toMatchObject({ amount: '30000' });
    expect(r.body.data.deduction.map((d: { name: string }) => d.name)).toEqual(
      expect.arrayContaining(['ประกันสังคม', 'ภาษีหัก ณ ที่จ่าย']),
    );
    const none = await wanida.get(`/api/payroll/userhistory/${kittipong}`, { month: '2026-07' });
    expect((none.body as any).detail).toEqual({ is_approve: false, is_payroll: false });
  });
  it('the report edit of one line is refused while the month is approved, allowed on a draft', async () => {
    const locked = await wanida.put('/api/list-payrollReport/update', {
      month: MONTH,
      user_id: kittipong,
      days_worked: 20,
    });
    expect(locked.status).toBe(409);
    const r = await wanida.put('/api/list-payrollReport/update', {
      month: '2026-07',
      user_id: kittipong,
      items: [{ list_payroll_id: advanceItem, value: '500' }],
    });
    expect(r.status, r.body.message).toBe(200);
    expect((r.body as any).detail).toEqual({ is_approve: false, is_payroll: true });
    expect(r.body.data.deduction.find((d: { name: string }) => d.name === 'เงินเบิกล่วงหน้า').amount).toBe('500');
  });
  it('standing items: create, list, update, remove; they flow into a new month', async () => {
    const c = await wanida.post('/api/list-payrollListUser/create', {
      user_id: kittipong,
      list_payroll_id: otItem,
      per_value: '4',
    });
    expect(c.status, c.body.message).toBe(200);
    const dup = await wanida.post('/api/list-payrollListUser/create', {
      user_id: kittipong,
      list_payroll_id: otItem,
      per_value: '4',
    });
    expect(dup.status).toBe(409);
    const item = c.body.data.find((i: { list_payroll_id: number }) => i.list_payroll_id === otItem);
    expect(item).toMatchObject({ value: '100', per_value: '4', amount: '400' });
    const u = await wanida.put('/api/list-payrollListUser/update', { id: item.id, per_value: '5' });
    expect(u.body.data.find((i: { id: number }) => i.id === item.id).amount).toBe('500');
    const sheet = (await wanida.get('/api/list-payrollList/list', { branch: bkn, month: '2026-08' })).body.data;
    expect(sheet.lines.find((l: { user_id: number }) => l.user_id === kittipong).income).toBe('500');
    const staff = await wanida.get(`/api/payroll/user/${kittipong}`);
    expect(staff.body.data.user_info.salary).toBe('30000');
    expect(staff.body.data.income.length).toBeGreaterThan(0);
    const d = await wanida.put('/api/list-payrollListUser/update', { id: item.id, is_delete: true });
    expect(d.body.data.some((i: { id: number }) => i.id === item.id)).toBe(false);
    const list = await wanida.get('/api/list-payrollListUser/list', { user: kittipong });
    expect(list.status).toBe(200);
  });
  it('a joiner in the middle of the month is paid pro rata', async () => {
    await t.db.execute(sql`update users set start_date = '2026-09-15' where user_id = ${kittipong}`);
    const sheet = (await wanida.get('/api/list-payrollList/list', { branch: bkn, month: '2026-09' })).body.data;
    expect(sheet.lines.find((l: { user_id: number }) => l.user_id === kittipong)).toMatchObject({
      employed_days: 16,
      salary: '16000',
    });
    await t.db.execute(sql`update users set start_date = '2019-01-01' where user_id = ${kittipong}`);
  });
  it('the payslips of a payroll and the month summary as PDF links', async () => {
    const p = (await wanida.get('/api/payroll/gettable', { branch: bkn, month: MONTH })).body.data[0];
    expect((await wanida.post('/api/payroll/payslip/pdf', { payroll_id: p.payroll_id })).status).toBe(200);
    expect(
      (await wanida.post('/api/payroll/payslip/pdf', { payroll_id: p.payroll_id, document: 'summary' })).status,
    ).toBe(200);
  });
});

describe('accounting', () => {
  it('an approved month books each person’s pay by how they are paid and the employer’s SSO, equal to the sheet to the satang; a reopen removes them, the re-approval books them again', async () => {
    const p = (await wanida.get('/api/payroll/gettable', { branch: bkn, month: MONTH })).body.data[0];
    const res = (await t.db.execute(sql`select e.expenses_id, e.value, e.is_delete, e.date, e.pay_type, e.user_id,
      u.salary_pay_type, c.name as category from expenses e join list_expenses l on l.list_expenses_id = e.list_expenses_id
      join expense_categories c on c.category_id = l.category_id left join users u on u.user_id = e.user_id
      where e.payroll_id = ${p.payroll_id} order by e.expenses_id`)) as any;
    const rows = (res.rows ?? res) as {
      expenses_id: number;
      value: string;
      is_delete: boolean;
      date: string;
      pay_type: string;
      user_id: number | null;
      salary_pay_type: string | null;
      category: string;
    }[];
    const live = rows.filter((r) => !r.is_delete);
    // version 1's expenses were removed by the reopen, version 2's are live: one per person and one SSO line
    expect(rows.length).toBe(2 * live.length);
    expect(live.filter((r) => r.category === 'เงินสมทบประกันสังคม').map((r) => r.user_id)).toEqual([null]);
    const pay = live.filter((r) => r.category === 'เงินเดือน');
    expect(pay.length).toBe(p.employees);
    for (const r of pay) expect(r.pay_type).toBe(r.salary_pay_type === 'cash' ? 'cash' : 'transfer');
    const satang = (v: string) => Math.round(Number(v) * 100);
    const sum = (xs: { value: string }[]) => xs.reduce((a, r) => a + satang(r.value), 0);
    // the sheet's pay: salary + incomes − absence (the stored lines), and the employer's SSO
    const sums = (await t.db.execute(
      sql`select sum(salary + income - absence)::text as pay, sum(sso_employer)::text as er from payroll_lines where payroll_id = ${p.payroll_id}`,
    )) as any;
    const sheet = (sums.rows ?? sums)[0];
    expect(sum(pay)).toBe(satang(sheet.pay));
    expect(sum(live) - sum(pay)).toBe(satang(sheet.er));
    expect(satang(sheet.er)).toBe(satang(p.sso_employer));
    expect(String(live[0]!.date).slice(0, 10)).toBe('2026-11-30');
    // read-only outside payroll, in Thai
    const edit = await admin.put('/api/expenses/update', { expenses_id: pay[0]!.expenses_id, detail: 'แก้' });
    expect(edit.status).toBe(409);
    expect(edit.body.message).toContain('ให้เปิดรอบเงินเดือนของเดือนนั้นใหม่');
    const del = await anan.del('/api/expenses/delete', { expenses_id: pay[0]!.expenses_id });
    expect(del.status).toBe(409);
    const after = (await t.db.execute(
      sql`select count(*)::int as n from expenses where payroll_id = ${p.payroll_id} and not is_delete`,
    )) as any;
    expect((after.rows ?? after)[0].n).toBe(live.length);
  });
});

describe('salary transfer list', () => {
  it('employees paid by transfer, grouped by bank with a total per bank', async () => {
    const p = (await wanida.get('/api/payroll/gettable', { branch: bkn, month: MONTH })).body.data[0];
    const r = await wanida.post('/api/payroll/file', { payroll_id: p.payroll_id, document: 'bank' });
    expect(r.status).toBe(200);
    const rows = Buffer.from(r.body.data.content, 'base64')
      .toString('utf8')
      .replace(/^\ufeff/, '')
      .split('\r\n')
      .filter(Boolean);
    expect(rows[0]).toBe('ธนาคาร,เลขที่บัญชี,ชื่อบัญชี,จำนวนเงิน');
    const k = rows.find((x) => x.includes('กิตติพงษ์'))!;
    expect(k.startsWith('"ธนาคารกสิกรไทย"')).toBe(true);
    const details = rows.slice(1, -1).map((x) => Number(x.split(',').at(-1)));
    expect(Number(rows.at(-1)!.split(',').at(-1))).toBeCloseTo(
      details.reduce((a, b) => a + b, 0),
      2,
    );
    expect(rows.at(-1)).toContain('รวม ธนาคารกสิกรไทย');
  });
});

describe('annual withholding certificate (50 ทวิ)', () => {
  it('sums the approved months of the year and prints them in Thai', async () => {
    const none = await wanida.post('/api/payroll/certificate', { user_id: kittipong, year: 2020 });
    expect(none.status).toBe(400);
    expect(none.body.message).toContain('ปี 2563');
    const r = await wanida.post('/api/payroll/certificate', { user_id: kittipong, year: 2026 });
    expect(r.status, r.body.message).toBe(200);
    expect(r.body.data).toMatchObject({ months: 1, income: '31200', tax: '224.58', sso: '875' });
    const pdf = await t.app.inject({ method: 'GET', url: r.body.data.pdf });
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const { execFileSync } = await import('node:child_process');
    const text = execFileSync('pdftotext', ['-layout', '-', '-'], { input: pdf.rawPayload }).toString();
    expect(text).toContain('มาตรา 50 ทวิ');
    expect(text).toContain('ภ.ง.ด.1ก');
    expect(text).toContain('31,200.00');
    expect(text).toContain('224.58');
    expect(text).toContain('2569');
  }, 60_000);
});

describe('SSO Excel rows', () => {
  it('national ID, prefix, names, wage and contribution per insured person; the sheet named by the 6-digit SSO branch', async () => {
    const p = (await wanida.get('/api/payroll/gettable', { branch: bkn, month: MONTH })).body.data[0];
    const r = await wanida.post('/api/payroll/file', { payroll_id: p.payroll_id, document: 'sso_xlsx' });
    expect(r.status).toBe(200);
    const { sheet, rows } = JSON.parse(Buffer.from(r.body.data.content, 'base64').toString('utf8'));
    expect(sheet).toBe('000001');
    expect(rows.find((x: { fname: string }) => x.fname === 'กิตติพงษ์')).toMatchObject({
      prefix: 'นาย',
      sname: 'พวงมาลัย',
      // the wage actually paid (salary 30,000; his other 1,200 is not wage), not the 17,500 ceiling
      wage: '30000.00',
      contribution: '875.00',
    });
  });
});

describe('an approved month’s สปส.1-10 never drifts', () => {
  it('changing an item’s category in the catalogue after approval leaves the text file and the Excel rows byte for byte', async () => {
    const p = (await wanida.get('/api/payroll/gettable', { branch: bkn, month: MONTH })).body.data[0];
    expect(p.status).toBe('approved');
    const files = async () =>
      Promise.all(
        ['sso', 'sso_xlsx'].map(async (document) => {
          const r = await wanida.post('/api/payroll/file', { payroll_id: p.payroll_id, document });
          expect(r.status, r.body.message).toBe(200);
          return r.body.data.content as string;
        }),
      );
    const before = await files();
    // kittipong's 12 hours of overtime (1,200, not wage) become teaching pay (a wage) in today's catalogue
    const moved = await admin.put('/api/list-payroll/update', { list_payroll_id: otItem, category: 'teaching' });
    expect(moved.status, moved.body.message).toBe(200);
    try {
      expect(await files()).toEqual(before);
      const rows = JSON.parse(Buffer.from(before[1]!, 'base64').toString('utf8')).rows;
      expect(rows.find((x: { fname: string }) => x.fname === 'กิตติพงษ์')).toMatchObject({ wage: '30000.00' });
    } finally {
      await admin.put('/api/list-payroll/update', { list_payroll_id: otItem, category: 'overtime' });
    }
  });
});

describe('a leaver', () => {
  it('is paid pro rata to the last day; a last day outside the month is refused in Thai', async () => {
    const r = await wanida.put('/api/list-payrollReport/update', {
      month: '2026-05',
      user_id: kittipong,
      end_date: '2026-05-10',
    });
    expect(r.status, r.body.message).toBe(200);
    expect(r.body.data).toMatchObject({ end_date: '2026-05-10' });
    expect(r.body.data.salary[0].amount).toBe('9677.42');
    const bad = await wanida.put('/api/list-payrollReport/update', {
      month: '2026-05',
      user_id: kittipong,
      end_date: '2026-06-01',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('วันที่พ้นสภาพของ');
  });
});
