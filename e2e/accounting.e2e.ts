/**
 * Accounting: the owner opens this month's income (payments of the demo school + other incomes), sees the charts
 * and totals agree with the rows, switches to expenses, adds an other income with a bill attached, and prints the
 * report, read as an accountant would (pdftotext).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { todayBangkok, toSatang } from '@khabkhi/thai';
import { shotsDir, startE2E, type E2E } from './harness.js';
import { banner, login, PNG } from './helpers.js';

let e: E2E;
beforeAll(async () => {
  e = await startE2E({ demoMoney: true });
});
afterAll(async () => {
  await e?.close();
});

const S = (v: string) => toSatang(v, { allowNegative: true });
const money = (satang: number) =>
  (satang / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

describe('accounting screens', () => {
  it("the owner sees the month's income and expenses with charts, adds an other income with a bill, and prints the report", async () => {
    const page = await e.page();
    await page.setViewportSize({ width: 1440, height: 900 });
    await login(e, page, 'admin');
    await page.goto(`${e.baseUrl}/accounting`);
    const totals = page.getByTestId('accounting-totals');
    await totals.waitFor();
    // the charts are drawn (ECharts, SVG) and the totals are the API's
    await page.locator('[data-testid="list-chart"] svg').first().waitFor();
    const admin = await e.app.as('admin');
    const api = (await admin.get('/api/accounting/incometable')).body;
    expect(api.data.length).toBeGreaterThan(0);
    expect(S(api.chart.total_income)).toBeGreaterThan(0);
    await expect.poll(() => totals.innerText()).toContain(money(S(api.chart.total_income)));
    // payments are read-only rows that link to their application
    const link = page.getByTestId('application-link').first();
    await link.waitFor();
    await expect.poll(() => page.getByText('อ่านอย่างเดียว').count()).toBeGreaterThan(0);
    await e.shot(page, 'accounting-income');

    // expenses (recorded by the vehicles feature; two written here as its seed would)
    const today = todayBangkok();
    const expBefore = (await admin.get('/api/accounting/expensestable')).body.chart;
    await e.app.db
      .execute(sql`insert into expenses (branch_id, list_expenses_id, date, detail, pay_type, mile, value, created_by)
      select distinct on (d.detail) le.branch_id, le.list_expenses_id, ${today}::date, d.detail, d.pay_type, null, d.value::numeric, u.user_id
      from (values ('เติมน้ำมันรถฝึก', 'cash', '1250.75', 'น้ำมัน'), ('ค่าไฟฟ้าเดือนนี้', 'transfer', '4380', 'ค่าไฟ')) d(detail, pay_type, value, item)
      join list_expenses le on le.name like d.item || '%' and le.branch_id = (select branch_id from branches where code = 'HQ')
      cross join (select user_id from users where username = 'admin') u order by d.detail, le.list_expenses_id`);
    // the expenses tab keeps the period
    await page.getByRole('tab', { name: 'รายจ่าย' }).click();
    await page.waitForURL(/tab=expenses/);
    await page.getByTestId('accounting-totals').waitFor();
    await page.locator('[data-testid="list-chart"] svg').first().waitFor();
    await page.getByRole('row', { name: /เติมน้ำมันรถฝึก[\s\S]*1,250\.75/ }).waitFor();
    const expNow = (await admin.get('/api/accounting/expensestable')).body.chart;
    expect(S(expNow.total_expenses) - S(expBefore.total_expenses)).toBe(563075);
    await expect
      .poll(() => page.getByTestId('accounting-totals').innerText())
      .toMatch(new RegExp(`รายจ่าย\\s*${money(S(expNow.total_expenses))}`));
    await e.shot(page, 'accounting-expenses');
    await page.getByRole('tab', { name: 'รายรับ' }).click();

    // add an other income with a photo of the bill
    await page.getByRole('button', { name: 'เพิ่มรายรับอื่น' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('รายการ').fill('ค่าเช่าสนามฝึกวันเสาร์');
    await dialog.getByLabel('จำนวนเงิน').fill('2,750.50');
    await dialog.getByText('โอนเงิน').click();
    const file = path.join(shotsDir, 'bill.png');
    fs.writeFileSync(file, PNG);
    await dialog.locator('input[type=file]').setInputFiles(file);
    await dialog.getByTestId('attachment').waitFor();
    await e.shot(page, 'accounting-income-form');
    await dialog.getByRole('button', { name: 'บันทึก' }).click();
    await expect.poll(async () => banner(page)).toBe('บันทึกรายรับ "ค่าเช่าสนามฝึกวันเสาร์" เรียบร้อยแล้ว');
    const row = page.getByRole('row', { name: /ค่าเช่าสนามฝึกวันเสาร์/ });
    await row.waitFor();
    await expect.poll(() => row.innerText()).toMatch(/รายรับอื่น[\s\S]*1 ไฟล์[\s\S]*โอนเงิน[\s\S]*2,750\.50/);
    // edit it: the amount was 2,750.50 by mistake, it is 2,705.50; the attached bill stays
    await row.getByRole('button', { name: 'แก้ไข ค่าเช่าสนามฝึกวันเสาร์' }).click();
    const edit = page.getByRole('dialog');
    await edit.getByTestId('attachment').waitFor();
    await edit.getByLabel('จำนวนเงิน').fill('2705.50');
    await edit.getByRole('button', { name: 'บันทึก' }).click();
    await expect.poll(() => banner(page)).toBe('แก้ไขรายรับ "ค่าเช่าสนามฝึกวันเสาร์" เรียบร้อยแล้ว');
    await expect.poll(() => row.innerText()).toMatch(/1 ไฟล์[\s\S]*2,705\.50/);
    const after = (await admin.get('/api/accounting/incometable')).body.chart;
    expect(S(after.total_income) - S(api.chart.total_income)).toBe(270550);
    await expect.poll(() => totals.innerText()).toContain(money(S(after.total_income)));

    // print the report of the period
    const popup = page.waitForEvent('popup');
    await page.getByRole('button', { name: 'พิมพ์รายงาน' }).first().click();
    const pdfPage = await popup;
    const res = await page.request.get(pdfPage.url());
    expect(res.headers()['content-type']).toBe('application/pdf');
    const pdfFile = path.join(shotsDir, 'accounting-report.pdf');
    fs.writeFileSync(pdfFile, await res.body());
    const text = execFileSync('pdftotext', ['-layout', pdfFile, '-']).toString('utf8').normalize('NFC');
    execFileSync('pdftoppm', ['-r', '70', '-png', '-singlefile', pdfFile, path.join(shotsDir, 'accounting-report')]);
    expect(text).toContain('รายงานรายรับ');
    expect(text).toContain(`${Number(today.slice(0, 4)) + 543}`);
    // read as an accountant: the lines of income add up to the net income, expenses to theirs, and net = income − expenses
    const exp = (await admin.get('/api/accounting/expensestable')).body.chart;
    expect(text).toContain(money(S(after.total_income)));
    expect(text).toContain(money(S(exp.total_expenses)));
    const net = S(after.total_income) - S(exp.total_expenses);
    expect(text).toContain(net < 0 ? `(${money(-net)})` : money(net));
    const incomeBlock = text.slice(text.indexOf('รายรับ'), text.indexOf('รวมรายรับสุทธิ'));
    const lineTotals = [
      ...incomeBlock.matchAll(/^\s*(ค่าหลักสูตร|ค่าธรรมเนียมอื่น|ค่าคำร้อง|รายรับอื่น|หัก คืนเงิน).*?([(\d,.)]+)\s*$/gm),
    ].map((m) => (m[2]!.startsWith('(') ? -1 : 1) * Math.round(Number(m[2]!.replace(/[(),]/g, '')) * 100));
    expect(lineTotals.length).toBe(5);
    expect(lineTotals.reduce((a, b) => a + b, 0)).toBe(S(after.total_income));
    // each expense category's line is the donut's slice
    for (const slice of exp.expenses_donut)
      expect(text).toMatch(
        new RegExp(
          `${slice.name}\\s+[\\d,]+\\s+[\\d,.]+\\s+[\\d,.]+\\s+${money(S(slice.value)).replace(/[.]/g, '\\.')}`,
        ),
      );
    expect(exp.expenses_donut.map((x: { name: string }) => x.name)).toEqual(
      expect.arrayContaining(['น้ำมันเชื้อเพลิง', 'สาธารณูปโภค']),
    );
  });

  it('the owner opens กำไร–ขาดทุน: months of this year by source and category, totals equal the income and expense tabs, exported to Excel', async () => {
    const page = await e.page();
    await page.setViewportSize({ width: 1440, height: 900 });
    await login(e, page, 'admin');
    await page.goto(`${e.baseUrl}/accounting`);
    await page.getByTestId('accounting-totals').waitFor();
    await page.getByRole('tab', { name: 'กำไร–ขาดทุน' }).click();
    await page.waitForURL(/tab=profitloss/);
    const table = page.getByTestId('pl-table');
    await table.locator('tbody tr.ant-table-row').first().waitFor();
    const admin = await e.app.as('admin');
    const pl = (await admin.get('/api/accounting/profitloss')).body;
    const today = todayBangkok();
    expect(pl.data).toHaveLength(Number(today.slice(5, 7)));
    // the totals row is the income and expense tables' totals for the same period
    const q = { start: pl.filter.range.start, end: pl.filter.range.end };
    const inc = (await admin.get('/api/accounting/incometable', q)).body.chart;
    const exp = (await admin.get('/api/accounting/expensestable', q)).body.chart;
    expect(pl.totals.total_income).toBe(inc.total_income);
    expect(pl.totals.total_expenses).toBe(exp.total_expenses);
    const totalRow = table.getByRole('row', { name: /^รวม/ });
    await expect.poll(() => totalRow.innerText()).toContain(money(S(inc.total_income)));
    await expect.poll(() => totalRow.innerText()).toContain(money(S(exp.total_expenses)));
    // this month's row shows its income as the month's income tab does
    const month = pl.data[pl.data.length - 1];
    const monthInc = (await admin.get('/api/accounting/incometable', { start: month.start, end: month.end })).body
      .chart;
    await expect
      .poll(() => table.getByRole('row', { name: new RegExp(`^${month.label}`) }).innerText())
      .toContain(money(S(monthInc.total_income)));
    await expect.poll(() => page.getByTestId('pl-net').innerText()).toMatch(/^(กำไร|ขาดทุน)สุทธิของช่วงนี้/);
    await e.shot(page, 'accounting-profitloss');
    await page.setViewportSize({ width: 1024, height: 768 });
    await e.shot(page, 'accounting-profitloss-1024');
    // export: an .xlsx of the months and the totals
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('pl-export').click()]);
    expect(download.suggestedFilename()).toMatch(/^กำไรขาดทุน-.*\.xlsx$/);
  });
});
