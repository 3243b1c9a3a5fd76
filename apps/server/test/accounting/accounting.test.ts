/**
 * Accounting API: other income (create/update/delete/get with attachments), the income and expense tables with
 * their chart, the report PDF. Payments and refunds are read from the money core; their rows are read-only here.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { addDays, todayBangkok, toSatang } from '@khabkhi/thai';
import { createTestApp, type Client, type TestApp } from '../helpers.js';
import { GIF, multipart, PNG, rows } from '../foundation/fixtures.js';
import { customer, makeCatalog, type Catalog } from '../money/fixtures.js';

let t: TestApp;
let cat: Catalog;
let admin: Client;
const today = todayBangkok();
const month = today.slice(0, 7);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

beforeAll(async () => {
  t = await createTestApp();
  cat = await makeCatalog(t.db);
  admin = await t.as('admin');
});
afterAll(async () => {
  await t?.close();
});

async function uploadAcc(token: string, file: Buffer, filename: string, type: string) {
  const { body, contentType } = multipart([{ name: 'file', filename, type, data: file }]);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/accounting/upload',
    payload: body,
    headers: { 'content-type': contentType, authorization: `Bearer ${token}` },
  });
  return { status: res.statusCode, body: res.json() };
}

const S = (v: string) => toSatang(v, { allowNegative: true });
async function allRows(c: Client, url: string, q: Record<string, string>) {
  const out: any[] = [];
  for (let page = 1; ; page++) {
    const r = await c.get(url, { ...q, page, per_page: 100 });
    expect(r.status, r.body.message).toBe(200);
    out.push(...r.body.data);
    if (page >= r.body.meta.last_page) return { rows: out, last: r.body };
  }
}

describe('other income', () => {
  it('creates, reads, updates and soft-deletes with audit rows; attachments are photos or PDFs, checked by content', async () => {
    const png = await uploadAcc(admin.token, PNG, 'bill.png', 'image/png');
    const pdf = await uploadAcc(admin.token, PDF, 'bill.pdf', 'application/pdf');
    expect(png.status).toBe(200);
    expect(pdf.body.data.file_type).toBe('pdf');
    const gif = await uploadAcc(admin.token, GIF, 'x.gif', 'image/gif');
    expect(gif.status).toBe(400);
    expect(gif.body.message).toBe('ไฟล์: รองรับเฉพาะรูปภาพ JPEG, PNG หรือไฟล์ PDF');
    const disguised = await uploadAcc(admin.token, Buffer.from('not a pdf at all'), 'x.pdf', 'application/pdf');
    expect(disguised.status).toBe(400);

    const c = await admin.post('/api/income/create', {
      branch_id: cat.bkn,
      date: today,
      name: 'ค่าเช่าสนามฝึก',
      detail: 'ให้เช่าวันอาทิตย์',
      pay_type: 'transfer',
      value: '2500.50',
      files: [png.body.data.file_id, pdf.body.data.file_id],
    });
    expect(c.status, c.body.message).toBe(200);
    expect(c.body.message).toBe('บันทึกรายรับ "ค่าเช่าสนามฝึก" เรียบร้อยแล้ว');
    expect(c.body.data).toMatchObject({
      branch_id: cat.bkn,
      value: '2500.50',
      pay_type: 'transfer',
      name: 'ค่าเช่าสนามฝึก',
    });
    expect(c.body.data.files.map((f: any) => f.file_type)).toEqual(['image', 'pdf']);
    const id = c.body.data.income_id;
    // the bill moved to the record's branch: the BKN manager opens it
    const anan = await t.as('anan');
    const file = await t.app.inject({
      method: 'GET',
      url: c.body.data.files[1].url,
      headers: { authorization: `Bearer ${anan.token}` },
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');

    const g = await anan.get(`/api/income/get/${id}`);
    expect(g.body.data.files).toHaveLength(2);

    // a file already attached elsewhere is refused
    const again = await admin.post('/api/income/create', {
      branch_id: cat.bkn,
      date: today,
      name: 'ซ้ำ',
      pay_type: 'cash',
      value: '1',
      files: [png.body.data.file_id],
    });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe('ไฟล์แนบ: ไฟล์นี้แนบกับรายการอื่นอยู่แล้ว กรุณาอัปโหลดใหม่');

    const u = await anan.put('/api/income/update', { income_id: id, value: '2600', files: [pdf.body.data.file_id] });
    expect(u.status, u.body.message).toBe(200);
    expect(u.body.data).toMatchObject({ value: '2600', name: 'ค่าเช่าสนามฝึก' });
    expect(u.body.data.files).toHaveLength(1);

    const d = await anan.del('/api/income/delete', { income_id: id });
    expect(d.status).toBe(200);
    expect(d.body.message).toBe('ลบรายรับ "ค่าเช่าสนามฝึก" เรียบร้อยแล้ว');
    expect((await anan.get(`/api/income/get/${id}`)).status).toBe(404);
    const [row] = await rows(t, sql`select is_delete from other_incomes where income_id = ${id}`);
    expect(row!.is_delete).toBe(true);
    const trail = await rows<{ action: string }>(
      t,
      sql`select action from audit_log where entity = 'other_income' and entity_id = ${String(id)} order by id`,
    );
    expect(trail.map((x) => x.action)).toEqual(['create', 'update', 'delete']);
  });

  it('refuses money that is not more than zero, a future date, and an empty name, in Thai', async () => {
    const zero = await admin.post('/api/income/create', {
      branch_id: cat.hq,
      date: today,
      name: 'ศูนย์',
      pay_type: 'cash',
      value: '0',
    });
    expect(zero.status).toBe(400);
    expect(zero.body.message).toBe('มูลค่า: ต้องมากกว่า 0 บาท');
    const neg = await admin.post('/api/income/create', {
      branch_id: cat.hq,
      date: today,
      name: 'ติดลบ',
      pay_type: 'cash',
      value: '-5',
    });
    expect(neg.status).toBe(400);
    expect(neg.body.message).toMatch(/^มูลค่า: /);
    const future = await admin.post('/api/income/create', {
      branch_id: cat.hq,
      date: addDays(today, 1),
      name: 'ล่วงหน้า',
      pay_type: 'cash',
      value: '5',
    });
    expect(future.body.message).toBe('วันที่: บันทึกรายรับล่วงหน้าไม่ได้');
    const blank = await admin.post('/api/income/create', {
      branch_id: cat.hq,
      date: today,
      name: '   ',
      pay_type: 'cash',
      value: '5',
    });
    expect(blank.body.message).toBe('ชื่อ: ต้องระบุ');
  });

  it('a day closed by the daily cash close refuses adding, changing and deleting its other income', async () => {
    const day = addDays(today, -40);
    const c = await admin.post('/api/income/create', {
      branch_id: cat.cnx,
      date: day,
      name: 'ขายเศษเหล็ก',
      pay_type: 'cash',
      value: '300',
    });
    expect(c.status, c.body.message).toBe(200);
    expect((await admin.post('/api/cash-close/close', { branch_id: cat.cnx, date: day })).status).toBe(200);
    const msg = /^ปิดยอดประจำวันที่ .+ ของสาขานี้แล้ว จึงเพิ่ม แก้ไข หรือลบรายรับของวันนั้นไม่ได้/;
    const add = await admin.post('/api/income/create', {
      branch_id: cat.cnx,
      date: day,
      name: 'อีกรายการ',
      pay_type: 'cash',
      value: '1',
    });
    expect(add.status).toBe(409);
    expect(add.body.message).toMatch(msg);
    const upd = await admin.put('/api/income/update', { income_id: c.body.data.income_id, value: '350' });
    expect(upd.status).toBe(409);
    expect(upd.body.message).toMatch(msg);
    // moving it out of the closed day is a change of that day too
    expect((await admin.put('/api/income/update', { income_id: c.body.data.income_id, date: today })).status).toBe(409);
    const del = await admin.del('/api/income/delete', { income_id: c.body.data.income_id });
    expect(del.status).toBe(409);
    // moving another record INTO the closed day is refused as well
    const other = await admin.post('/api/income/create', {
      branch_id: cat.cnx,
      date: today,
      name: 'ค่าเช่าที่จอดรถ',
      pay_type: 'cash',
      value: '10',
    });
    const into = await admin.put('/api/income/update', { income_id: other.body.data.income_id, date: day });
    expect(into.status).toBe(409);
    const [r] = await rows(
      t,
      sql`select value, is_delete from other_incomes where income_id = ${c.body.data.income_id}`,
    );
    expect(r).toEqual({ value: '300.00', is_delete: false });
  });

  it("branch scope: another branch's income is neither seen nor changed", async () => {
    const c = await admin.post('/api/income/create', {
      branch_id: cat.hq,
      date: today,
      name: 'รายรับสำนักงานใหญ่',
      pay_type: 'cash',
      value: '77',
    });
    const anan = await t.as('anan');
    const id = c.body.data.income_id;
    expect((await anan.get(`/api/income/get/${id}`)).status).toBe(403);
    expect((await anan.put('/api/income/update', { income_id: id, value: '1' })).status).toBe(403);
    expect((await anan.del('/api/income/delete', { income_id: id })).status).toBe(403);
    expect(
      (
        await anan.post('/api/income/create', {
          branch_id: cat.hq,
          date: today,
          name: 'x',
          pay_type: 'cash',
          value: '1',
        })
      ).status,
    ).toBe(403);
    // moving its own record to a branch it does not have
    const own = await anan.post('/api/income/create', {
      branch_id: cat.bkn,
      date: today,
      name: 'รายรับบางเขน',
      pay_type: 'cash',
      value: '5',
    });
    expect(
      (await anan.put('/api/income/update', { income_id: own.body.data.income_id, branch_id: cat.hq })).status,
    ).toBe(403);
    const table = await anan.get('/api/accounting/incometable', { per_page: 100 });
    expect(table.body.data.every((r: any) => r.branch_id === cat.bkn)).toBe(true);
    expect(table.body.filter.branch.map((b: any) => b.value)).toEqual(['ทั้งหมด', cat.bkn]);
    expect((await anan.get('/api/accounting/incometable', { branch: String(cat.hq) })).status).toBe(403);
    expect((await anan.get('/api/accounting/expensestable', { branch: String(cat.hq) })).status).toBe(403);
    expect((await anan.post('/api/accounting/printpdf', { branch: String(cat.hq) })).status).toBe(403);
    // a cashier has no accounting rights
    expect((await (await t.as('malee')).get('/api/accounting/incometable')).status).toBe(403);
  });
});

describe('accounting/incometable', () => {
  it('reads payments and refunds (never copied); totals equal the rows; a refund lowers income; payment rows are read-only', async () => {
    const q = { branch: String(cat.hq), start: `${month}-01`, end: today };
    const before = (await admin.get('/api/accounting/incometable', q)).body.chart;
    const malee = await t.as('malee');
    const app = await malee.post('/api/application/create', {
      customer: customer(),
      courses: [{ course_id: cat.car }],
      other_fees: [],
      payment: { paid: '3000.25', pay_type: 'cash' },
    });
    expect(app.status, app.body.message).toBe(200);
    const appId = app.body.data.application.application_id;
    expect(
      (await malee.post('/api/application/paybalance', { application_id: appId, paid: '1000', pay_type: 'transfer' }))
        .status,
    ).toBe(200);
    const fee = await malee.post('/api/applicationfee/create', {
      customer: customer(),
      other_fees: [{ other_fee_id: cat.medical }],
      payment: { paid: '120.75', pay_type: 'cash' },
    });
    expect(fee.status, fee.body.message).toBe(200);
    await admin.post('/api/income/create', {
      branch_id: cat.hq,
      date: today,
      name: 'ขายหนังสือคู่มือ',
      pay_type: 'cash',
      value: '150',
    });
    const mid = (await admin.get('/api/accounting/incometable', q)).body.chart;
    expect(S(mid.total_income) - S(before.total_income)).toBe(S('3000.25') + S('1000') + S('120.75') + S('150'));

    const somchai = await t.as('somchai');
    const refund = await somchai.post('/api/application/refund', {
      application_id: appId,
      note: 'ผู้เรียนย้ายไปต่างจังหวัด',
      value: '500',
      pay_type: 'cash',
    });
    expect(refund.status, refund.body.message).toBe(200);
    const { rows: all, last } = await allRows(admin, '/api/accounting/incometable', q);
    const chart = last.chart;
    expect(S(chart.total_income) - S(mid.total_income)).toBe(-50000);
    expect(last.meta.total).toBe(all.length);
    // small pages walk the same rows in the same order, none twice (each side of the union is limited on its own)
    const small: string[] = [];
    for (let page = 1; page <= Math.ceil(all.length / 3); page++)
      small.push(
        ...(await admin.get('/api/accounting/incometable', { ...q, page, per_page: 3 })).body.data.map(
          (r: any) => r.key,
        ),
      );
    expect(small).toEqual(all.map((r) => r.key));
    // totals equal the sum of the rows, the column chart and the donut
    const sum = all.reduce((s, r) => s + S(r.value), 0);
    expect(S(chart.total_income)).toBe(sum);
    expect(chart.income_column.reduce((s: number, p: any) => s + S(p.income), 0)).toBe(sum);
    expect(chart.income_donut.reduce((s: number, p: any) => s + S(p.value), 0)).toBe(sum);
    expect(chart.income_donut.find((x: any) => x.key === 'refund').value).toBe('-500');
    expect(chart.period).toBe('day');
    // and the payment history of the same period, cash and transfer, to the satang
    const hist = await admin.get('/api/payment/paybalance/gettable', q);
    const others = all.filter((r) => r.other_income).reduce((s, r) => s + S(r.value), 0);
    expect(S(hist.body.totals.total) + others).toBe(sum);

    const refundRow = all.find((r) => r.type === 'refund');
    expect(refundRow).toMatchObject({
      value: '-500',
      source: 'course',
      editable: false,
      other_income: false,
      application_id: appId,
      income_id: null,
    });
    const feeRow = all.find((r) => r.application_id === fee.body.data.application.application_id);
    expect(feeRow).toMatchObject({ source: 'fee', application_other_fee_id: feeRow.application_id, value: '120.75' });
    const payRow = all.find((r) => r.payment_id === app.body.data.payment_id);
    expect(payRow).toMatchObject({ source_name: 'ค่าหลักสูตร', editable: false, pay_type: 'cash', value: '3000.25' });
    // the row of a payment cannot be edited or deleted here
    const ed = await admin.put('/api/income/update', { payment_id: payRow.payment_id, value: '1' });
    expect(ed.status).toBe(400);
    expect(ed.body.message).toMatch(/^รายการนี้เป็นการรับชำระหรือคืนเงินของใบสมัคร .*แก้ไขหรือลบที่หน้าบัญชีไม่ได้/);
    const dl = await admin.del('/api/income/delete', { payment_id: payRow.payment_id });
    expect(dl.status).toBe(400);
    const [p] = await rows(t, sql`select amount from payments where payment_id = ${payRow.payment_id}`);
    expect(p!.amount).toBe('3000.25');

    // filters: source, pay type, text
    const other = await admin.get('/api/accounting/incometable', { ...q, category: 'other' });
    expect(other.body.data.every((r: any) => r.other_income)).toBe(true);
    const transfer = await admin.get('/api/accounting/incometable', { ...q, type: 'transfer' });
    expect(transfer.body.data.every((r: any) => r.pay_type === 'transfer')).toBe(true);
    expect(S(transfer.body.chart.total_income)).toBe(
      transfer.body.data.reduce((s: number, r: any) => s + S(r.value), 0),
    );
    const text = await admin.get('/api/accounting/incometable', { ...q, text: 'คู่มือ' });
    expect(text.body.data.map((r: any) => r.name)).toEqual(['ขายหนังสือคู่มือ']);
    expect((await admin.get('/api/accounting/incometable', { ...q, type: 'cheque' })).body.message).toMatch(
      /^ประเภท: /,
    );
    expect((await admin.get('/api/accounting/incometable', { ...q, category: 'x' })).body.message).toMatch(/^หมวดหมู่: /);
    expect(
      (await admin.get('/api/accounting/incometable', { start: today, end: addDays(today, -1) })).body.message,
    ).toBe('วันสิ้นสุด: ต้องไม่ก่อนวันเริ่มต้น');
  });

  it('defaults to the current month in Bangkok; a long range is charted per month', async () => {
    const r = await admin.get('/api/accounting/incometable');
    expect(r.body.filter.range).toEqual({ start: `${month}-01`, end: today });
    const y = await admin.get('/api/accounting/incometable', { start: addDays(today, -200), end: today });
    expect(y.body.chart.period).toBe('month');
    expect(y.body.chart.income_column.length).toBeGreaterThanOrEqual(7);
  });
});

describe('accounting/expensestable and the report', () => {
  it('reads expenses with item, category, vehicle and employee; totals equal the rows; the donut is by category', async () => {
    const items = await rows<{ id: number; category_id: number; name: string }>(
      t,
      sql`select list_expenses_id as id, category_id, name from list_expenses where branch_id = ${cat.hq} and not is_delete order by 1`,
    );
    const [u] = await rows<{ id: number }>(t, sql`select user_id as id from users where username = 'somchai'`);
    const [v] = await rows<{ id: number }>(
      t,
      sql`insert into vehicles (branch_id, no, province, type) values (${cat.hq}, '1กข 1234', 'กรุงเทพมหานคร', 'car') returning vehicle_id as id`,
    );
    await t.db
      .execute(sql`insert into expenses (branch_id, list_expenses_id, date, vehicle_id, user_id, detail, pay_type, mile, value, created_by) values
      (${cat.hq}, ${items[0]!.id}, ${today}, ${v!.id}, null, 'เติมน้ำมันเต็มถัง', 'cash', 12000, '1200.50', ${u!.id}),
      (${cat.hq}, ${items[1]!.id}, ${today}, null, ${u!.id}, 'ค่าไฟเดือนนี้', 'transfer', null, '3400', ${u!.id}),
      (${cat.hq}, ${items[0]!.id}, ${today}, ${v!.id}, null, 'ลบแล้ว', 'cash', null, '999', ${u!.id})`);
    await t.db.execute(sql`update expenses set is_delete = true where detail = 'ลบแล้ว'`);
    const q = { branch: String(cat.hq), start: `${month}-01`, end: today };
    const { rows: all, last } = await allRows(admin, '/api/accounting/expensestable', q);
    expect(all).toHaveLength(2);
    expect(all.find((r) => r.detail === 'เติมน้ำมันเต็มถัง')).toMatchObject({
      vehicle: '1กข 1234 กรุงเทพมหานคร',
      mile: 12000,
      list_expenses: items[0]!.name,
      value: '1200.50',
    });
    expect(all.find((r) => r.detail === 'ค่าไฟเดือนนี้')).toMatchObject({
      employee: expect.stringContaining('สมชาย'),
      pay_type: 'transfer',
    });
    expect(last.chart.total_expenses).toBe('4600.50');
    expect(last.chart.expenses_donut.reduce((s: number, x: any) => s + S(x.value), 0)).toBe(460050);
    expect(last.chart.expenses_donut).toHaveLength(2);
    expect(last.filter.list_expenses.length).toBeGreaterThan(1);
    const byItem = await admin.get('/api/accounting/expensestable', { ...q, list_expenses: String(items[1]!.id) });
    expect(byItem.body.data.map((r: any) => r.detail)).toEqual(['ค่าไฟเดือนนี้']);
    const byCat = await admin.get('/api/accounting/expensestable', { ...q, category: String(items[0]!.category_id) });
    expect(byCat.body.chart.total_expenses).toBe('1200.50');
    // a top-level category takes in its sub-categories; the donut is by top-level category
    const [parent] = await rows<{ id: number; name: string }>(
      t,
      sql`select p.category_id as id, p.name from expense_categories c join expense_categories p on p.category_id = c.parent_id where c.category_id = ${items[0]!.category_id}`,
    );
    const byParent = await admin.get('/api/accounting/expensestable', { ...q, category: String(parent!.id) });
    expect(byParent.body.data.map((r: any) => r.detail)).toEqual(['เติมน้ำมันเต็มถัง']);
    expect(last.chart.expenses_donut.map((x: any) => x.name)).toContain(parent!.name);
    expect(last.filter.category.find((o: any) => o.value === items[0]!.category_id).name).toMatch(
      new RegExp(`^${parent!.name} › `),
    );
    // the income side of its chart is the same as the income table's
    const inc = await admin.get('/api/accounting/incometable', q);
    expect(last.chart.total_income).toBe(inc.body.chart.total_income);
  });

  it('prints the report of the period: Thai, Buddhist-era dates, totals that add up', async () => {
    const q = { branch: String(cat.hq), start: `${month}-01`, end: today };
    const r = await admin.post('/api/accounting/printpdf', q);
    expect(r.status, r.body.message).toBe(200);
    expect(r.body.data.pdf).toMatch(/^\/api\/documents\//);
    const res = await t.app.inject({ method: 'GET', url: r.body.data.pdf });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const dir = mkdtempSync(path.join(tmpdir(), 'acc-'));
    const file = path.join(dir, 'report.pdf');
    writeFileSync(file, res.rawPayload);
    const text = execFileSync('pdftotext', ['-layout', file, '-']).toString('utf8').normalize('NFC');
    expect(text).toContain('รายงานรายรับ');
    expect(text).toContain(String(Number(today.slice(0, 4)) + 543));
    const inc = (await admin.get('/api/accounting/incometable', q)).body.chart;
    const fmt = (v: string) =>
      Number(v).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    expect(text).toContain(fmt(inc.total_income));
    expect(text).toContain(fmt(inc.total_expenses));
    const net = (S(inc.total_income) - S(inc.total_expenses)) / 100;
    // a loss is printed in brackets, as accountants write it
    expect(text).toContain(net < 0 ? `(${fmt(String(-net))})` : fmt(String(net)));
    expect(text).toContain(net < 0 ? 'ขาดทุนสุทธิ' : 'กำไรสุทธิ');
    expect(text).toContain('(500.00)');
    const [a] = await rows(
      t,
      sql`select count(*)::int as n from audit_log where entity = 'accounting_report' and action = 'print'`,
    );
    expect(a!.n).toBe(1);
  });
});
