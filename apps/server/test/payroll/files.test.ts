/**
 * The statutory files and the transfer lists through the API: only for an approved month, only with the SSO's own
 * numbers (kept on the school and each branch), never with an identification number the offices would not take;
 * and the 50 ทวิ certificates: numbered once, both copies, a leaver's too, a branch's year in one PDF.
 */
import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type Client, type TestApp } from '../helpers.js';

let t: TestApp;
let admin: Client;
let wanida: Client;
let napat: Client;
let bkn = 0;
let kittipong = 0;
let suda = 0;
let payrollId = 0;
const MONTH = '2026-06';

const q = async <T>(query: ReturnType<typeof sql>) => {
  const r = (await t.db.execute(query)) as unknown as { rows?: T[] } & T[];
  return (r.rows ?? r) as T[];
};
const fromTis = (b: Buffer) =>
  [...b].map((c) => String.fromCharCode(c >= 0xa1 && c <= 0xfb ? c + 0x0e00 - 0xa0 : c)).join('');
const records = (content: string, end = '\r\n') =>
  Buffer.from(content, 'base64')
    .toString('latin1')
    .split(end)
    .filter(Boolean)
    .map((x) => fromTis(Buffer.from(x, 'latin1')));
const file = (document: string, extra: Record<string, string> = {}) =>
  wanida.post('/api/payroll/file', { payroll_id: payrollId, document, ...extra });
const setStatus = (status: string) =>
  t.db.execute(sql`update payrolls set status = ${status} where payroll_id = ${payrollId}`);

beforeAll(async () => {
  t = await createTestApp();
  [admin, wanida, napat] = await Promise.all(['admin', 'wanida', 'napat'].map((u) => t.as(u)));
  bkn = (await admin.get('/api/branch/list')).body.data.find((b: { code: string }) => b.code === 'BKN').branch_id;
  const users = await q<{ user_id: number; username: string }>(sql`select user_id, username from users`);
  kittipong = users.find((u) => u.username === 'kittipong')!.user_id;
  suda = users.find((u) => u.username === 'suda')!.user_id;
  await t.db.execute(sql`update users set salary = 30000, sso_salary = 0 where user_id = ${kittipong}`);
  const r = await wanida.put('/api/list-payrollList/update', { branch_id: bkn, month: MONTH, lines: [] });
  expect(r.status, r.body.message).toBe(200);
  payrollId = r.body.data.payroll.payroll_id;
  // approved as the workflow would leave it (the workflow has its own tests): the files read the stored lines
  await setStatus('approved');
});
afterAll(async () => {
  await t?.close();
});

describe('the SSO numbers on the school and its branches', () => {
  it('the school keeps a 10-digit employer account (dashes as on the SSO letter dropped); anything else is a Thai 400', async () => {
    const s = (await admin.get('/api/settings/get')).body.data;
    const { id: _id, updatedAt: _u, ...body } = s;
    const bad = await admin.put('/api/settings/update', { ...body, sso_account: '12345' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(
      'เลขที่บัญชีนายจ้าง (ประกันสังคม): ต้องเป็นตัวเลข 10 หลัก ตามหนังสือของสำนักงานประกันสังคม (เช่น 10-1234567-8)',
    );
    const good = await admin.put('/api/settings/update', { ...body, sso_account: '10-2345678-9' });
    expect(good.status, good.body.message).toBe(200);
    expect(good.body.data.sso_account).toBe('1023456789');
  });
  it('a branch keeps a 6-digit SSO branch number; anything else is a Thai 400', async () => {
    const b = (await admin.get(`/api/branch/get/${bkn}`)).body.data;
    const body = { branch_id: bkn, code: b.code, name: b.name };
    const bad = await admin.put('/api/branch/update', { ...body, sso_branch_no: '0001' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('เลขที่สาขา (ประกันสังคม): ต้องเป็นตัวเลข 6 หลัก (สำนักงานใหญ่ใช้ 000000)');
    const good = await admin.put('/api/branch/update', { ...body, sso_branch_no: '000 101' });
    expect(good.status, good.body.message).toBe(200);
    expect(good.body.data.sso_branch_no).toBe('000101');
  });
});

describe('files only for an approved month', () => {
  it.each(['draft', 'submitted', 'confirmed'])('a %s month: 409 in Thai for every file', async (status) => {
    await setStatus(status);
    for (const doc of ['sso', 'sso_xlsx', 'pnd1', 'bank', 'bank_ktb', 'bank_bbl']) {
      const r = await file(doc);
      expect(r.status).toBe(409);
      expect(r.body.message).toContain('ยังไม่ได้รับอนุมัติ');
    }
    await setStatus('approved');
  });
  it('another branch’s manager cannot take this branch’s file', async () => {
    expect((await napat.post('/api/payroll/file', { payroll_id: payrollId, document: 'sso' })).status).toBe(403);
  });
});

describe('สปส.1-10', () => {
  it('refuses while the SSO employer account or the branch number is missing, saying where to set them', async () => {
    await t.db.execute(sql`update school_settings set sso_account = ''`);
    await t.db.execute(sql`update branches set sso_branch_no = '' where branch_id = ${bkn}`);
    const r = await file('sso');
    expect(r.status).toBe(400);
    expect(r.body.message).toBe(
      'ยังสร้างไฟล์ สปส.1-10 ไม่ได้: กรุณาระบุเลขที่บัญชีนายจ้าง (ประกันสังคม) 10 หลัก ที่เมนูตั้งค่า > ข้อมูลโรงเรียน และ เลขที่สาขา (ประกันสังคม) 6 หลัก ของสาขาสาขาบางเขน ที่เมนูสาขา > แก้ไขสาขา',
    );
    expect((await file('sso_xlsx')).status).toBe(400);
    await t.db.execute(sql`update school_settings set sso_account = '1023456789'`);
    await t.db.execute(sql`update branches set sso_branch_no = '000101' where branch_id = ${bkn}`);
  });
  it('the header carries the SSO employer account and branch number, not the tax ID; a detail per insured person', async () => {
    const r = await file('sso');
    expect(r.status, r.body.message).toBe(200);
    const recs = records(r.body.data.content);
    expect(recs.every((x) => x.length === 135)).toBe(true);
    expect(recs[0]!.slice(0, 27)).toBe('11023456789000101300669' + '0669');
    const k = recs.find((x) => x.slice(17, 47).trim() === 'กิตติพงษ์')!;
    expect([k.slice(0, 1), k.slice(14, 17), k.slice(82, 96), k.slice(96, 108)]).toEqual([
      '2',
      '003',
      // the wage actually paid (30,000 salary), not the 17,500 ceiling the contribution is on
      '00000003000000',
      '000000087500',
    ]);
    // the header's total wages is the sum of the details' wages actually paid
    const wages = recs.slice(1).reduce((a, x) => a + Number(x.slice(82, 96)), 0);
    expect(Number(recs[0]!.slice(82, 97))).toBe(wages);
  });
  it('the Excel rows’ sheet is the branch’s SSO number', async () => {
    const r = await file('sso_xlsx');
    const xlsx = JSON.parse(Buffer.from(r.body.data.content, 'base64').toString('utf8'));
    expect(xlsx.sheet).toBe('000101');
    // the template's ค่าจ้าง is the wage actually paid too (its own sample rows: 100,000 → 750)
    expect(xlsx.rows.find((x: { fname: string }) => x.fname === 'กิตติพงษ์')).toMatchObject({ wage: '30000.00' });
  });
});

describe('identification numbers the offices would not take', () => {
  it('a padded passport and 0000000000000: the SSO and ภ.ง.ด.1 files are refused, naming both people', async () => {
    const [{ idcard: k0 }] = await q<{ idcard: string }>(sql`select idcard from users where user_id = ${kittipong}`);
    const [{ idcard: s0 }] = await q<{ idcard: string }>(sql`select idcard from users where user_id = ${suda}`);
    await t.db.execute(sql`update users set idcard = '0000AA1234567' where user_id = ${kittipong}`);
    await t.db.execute(sql`update users set idcard = '0000000000000' where user_id = ${suda}`);
    for (const [doc, what] of [
      ['sso', 'สปส.1-10'],
      ['sso_xlsx', 'สปส.1-10'],
      ['pnd1', 'ภ.ง.ด.1'],
    ] as const) {
      const r = await file(doc);
      expect(r.status, doc).toBe(400);
      expect(r.body.message).toContain(`ยังสร้างไฟล์ ${what} ไม่ได้`);
      expect(r.body.message).toContain('นายกิตติพงษ์ พวงมาลัย (0000AA1234567)');
      expect(r.body.message).toContain('นางสาวสุดา รักเรียน (0000000000000)');
      expect(r.body.message).toContain('ไม่ใช่เลขหนังสือเดินทาง');
    }
    await t.db.execute(sql`update users set idcard = ${k0} where user_id = ${kittipong}`);
    await t.db.execute(sql`update users set idcard = ${s0} where user_id = ${suda}`);
  });
});

describe('ภ.ง.ด.1', () => {
  it('one line per person paid: 401N, row, ID, name, pay date in the Buddhist year, amount, tax, condition 1; UTF-8, CRLF', async () => {
    const r = await file('pnd1');
    expect(r.status, r.body.message).toBe(200);
    const txt = Buffer.from(r.body.data.content, 'base64').toString('utf8');
    expect(txt.endsWith('\r\n')).toBe(true);
    const rows = txt
      .split('\r\n')
      .filter(Boolean)
      .map((x) => x.split('|'));
    expect(rows.every((x) => x.length === 10)).toBe(true);
    expect(rows.map((x) => x[1])).toEqual(rows.map((_, i) => String(i + 1)));
    const k = rows.find((x) => x[4] === 'กิตติพงษ์')!;
    const [{ idcard }] = await q<{ idcard: string }>(sql`select idcard from users where user_id = ${kittipong}`);
    expect(k).toEqual(['401N', k[1], idcard, 'นาย', 'กิตติพงษ์', 'พวงมาลัย', '30062569', '30000.00', '164.58', '1']);
  });
});

describe('bank payroll uploads', () => {
  beforeAll(async () => {
    await t.db.execute(
      sql`update users set bank = 'ธนาคารกรุงไทย', bank_acc = '981-0-12345-6' where user_id = ${kittipong}`,
    );
    await t.db.execute(sql`update users set bank = 'ธนาคารกรุงเทพ', bank_acc = '123-4-56789-0' where user_id = ${suda}`);
  });
  it('Krungthai: header 101 with count and total, a 102 detail per KTB account; 498 characters ended by CR', async () => {
    const none = await file('bank_ktb', { account: '12345' });
    expect(none.status).toBe(400);
    expect(none.body.message).toBe('เลขที่บัญชีของโรงเรียนที่ธนาคารกรุงไทย: ต้องเป็นตัวเลข 10 หลัก');
    const noId = await file('bank_ktb', { account: '111-2-33333-4' });
    expect(noId.body.message).toBe('รหัสบริษัท (Company ID) ที่ธนาคารกรุงไทยให้ไว้: ต้องระบุ');
    const r = await file('bank_ktb', { account: '111-2-33333-4', company_id: 'KHABKHI' });
    expect(r.status, r.body.message).toBe(200);
    expect(r.body.message).toMatch(/^สร้างไฟล์แล้ว 1 คน \(อีก \d+ คนมีบัญชีธนาคารอื่น ใช้รายการโอนเงินทั่วไป\)$/);
    const recs = records(r.body.data.content, '\r');
    expect(recs.map((x) => x.length)).toEqual([498, 498]);
    const [{ net }] = await q<{ net: string }>(
      sql`select net from payroll_lines where payroll_id = ${payrollId} and user_id = ${kittipong}`,
    );
    const satang = String(Math.round(Number(net) * 100));
    expect(recs[0]!.slice(0, 19)).toBe('1010000010060000001');
    expect(recs[0]!.slice(19, 38)).toBe(satang.padStart(19, '0'));
    expect(recs[0]!.slice(38, 46)).toBe('30062026');
    expect(recs[0]!.slice(55, 71).trim()).toBe('KHABKHI');
    expect(recs[1]!.slice(16, 27)).toBe('09810123456');
    expect(recs[1]!.slice(34, 45)).toBe('01112333334');
    expect(recs[1]!.slice(57, 74)).toBe(satang.padStart(17, '0'));
    expect(recs[1]!.slice(92, 192).trim()).toBe('นายกิตติพงษ์ พวงมาลัย');
  });
  it('Bangkok Bank: H, a D per BBL account, T with the count and total; 128 characters, CRLF', async () => {
    const r = await file('bank_bbl', { account: '2223334445' });
    expect(r.status, r.body.message).toBe(200);
    const recs = records(r.body.data.content);
    expect(recs.map((x) => x.length)).toEqual([128, 128, 128]);
    const [{ net }] = await q<{ net: string }>(
      sql`select net from payroll_lines where payroll_id = ${payrollId} and user_id = ${suda}`,
    );
    const satang = String(Math.round(Number(net) * 100));
    expect(recs[0]!.slice(0, 20)).toBe('H0000010022223334445');
    expect(recs[0]!.slice(45, 51)).toBe('300626');
    expect(recs[1]!.slice(0, 31)).toBe(`D0000020021234567890C${satang.padStart(10, '0')}`);
    expect(recs[1]!.slice(93).trim()).toBe('นางสาวสุดา รักเรียน');
    expect(recs[2]!.slice(0, 20)).toBe('T0000030022223334445');
    expect(recs[2]!.slice(20, 47)).toBe('1'.padStart(27, '0'));
    expect(recs[2]!.slice(47, 60)).toBe(satang.padStart(13, '0'));
  });
  it('the generic CSV still lists everyone paid by transfer', async () => {
    const r = await file('bank');
    const rows = Buffer.from(r.body.data.content, 'base64').toString('utf8').split('\r\n');
    expect(rows.some((x) => x.startsWith('"ธนาคารกรุงไทย"'))).toBe(true);
    expect(rows.some((x) => x.startsWith('"ธนาคารกรุงเทพ"'))).toBe(true);
  });
  it('an export is written to the audit log', async () => {
    const rows = await q<{ after: { document: string } }>(
      sql`select after from audit_log where entity = 'payroll' and action = 'export' and entity_id = ${String(payrollId)}`,
    );
    expect(rows.map((r) => r.after.document)).toEqual(expect.arrayContaining(['sso', 'pnd1', 'bank_ktb', 'bank_bbl']));
  });
});

describe('50 ทวิ', () => {
  const pdfText = async (url: string) => {
    const pdf = await t.app.inject({ method: 'GET', url });
    expect(pdf.headers['content-type']).toBe('application/pdf');
    return execFileSync('pdftotext', ['-layout', '-', '-'], { input: pdf.rawPayload }).toString();
  };
  let number = 0;
  it('the first issue gives the book (the Buddhist year) and the next number; a reprint keeps them', async () => {
    const r = await wanida.post('/api/payroll/certificate', { user_id: kittipong, year: 2026 });
    expect(r.status, r.body.message).toBe(200);
    expect(r.body.data).toMatchObject({ book_no: '2569', months: 1, income: '30000', tax: '164.58', sso: '875' });
    number = r.body.data.number;
    const again = await wanida.post('/api/payroll/certificate', { user_id: kittipong, year: 2026 });
    expect(again.body.data.number).toBe(number);
    const text = await pdfText(r.body.data.pdf);
    expect(text).toContain(`เล่มที่ 2569`);
    expect(text).toContain(`เลขที่ ${number}`);
    expect(text).toContain('ฉบับที่ 1 (สำหรับผู้ถูกหักภาษี ณ ที่จ่าย ใช้แนบพร้อมกับแบบแสดงรายการภาษี)');
    expect(text).toContain('ฉบับที่ 2 (สำหรับผู้ถูกหักภาษี ณ ที่จ่าย เก็บไว้เป็นหลักฐาน)');
    expect(text).toContain('30,000.00');
  }, 60_000);
  it('a leaver (deleted employee) keeps the certificate and the payroll history', async () => {
    const del = await admin.del('/api/user/delete', { user_id: kittipong });
    expect(del.status, del.body.message).toBe(200);
    const c = await wanida.post('/api/payroll/certificate', { user_id: kittipong, year: 2026 });
    expect(c.status, c.body.message).toBe(200);
    expect(c.body.data.number).toBe(number);
    const h = await wanida.get(`/api/payroll/userhistory/${kittipong}`, { month: MONTH });
    expect(h.status, h.body.message).toBe(200);
  }, 60_000);
  it('a branch’s year in one PDF: everyone its approved payrolls paid, leavers included, each numbered', async () => {
    const r = await wanida.post('/api/payroll/certificates', { branch_id: bkn, year: 2026 });
    expect(r.status, r.body.message).toBe(200);
    const [{ n }] = await q<{ n: number }>(
      sql`select count(distinct user_id)::int as n from payroll_lines where payroll_id = ${payrollId}`,
    );
    expect(r.body.data.count).toBe(n);
    const text = await pdfText(r.body.data.pdf);
    expect(text.split('ฉบับที่ 1 (').length - 1).toBe(n);
    expect(text.split('ฉบับที่ 2 (').length - 1).toBe(n);
    expect(text).toContain('กิตติพงษ์');
    const numbers = await q<{ number: number }>(sql`select number from payroll_certificates where book_no = '2569'`);
    expect(new Set(numbers.map((x) => x.number)).size).toBe(numbers.length);
    expect((await napat.post('/api/payroll/certificates', { branch_id: bkn, year: 2026 })).status).toBe(403);
    const none = await wanida.post('/api/payroll/certificates', { branch_id: bkn, year: 2020 });
    expect(none.status).toBe(400);
  }, 120_000);
});
