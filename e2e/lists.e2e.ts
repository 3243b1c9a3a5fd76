/**
 * The lists on the screens staff have (1440×900, 1366×768, 1024×768): money and action columns stay on
 * screen even when a 100-character name is in the list, the menu folds below 1200 px, the status dropdown
 * shows Thai names and filters by value, and a list prints as an A4 landscape page.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { customer, makeCatalog } from '../apps/server/test/money/fixtures.js';
import { picture, shotsDir, startE2E, type E2E } from './harness.js';
import { login } from './helpers.js';

let e: E2E;
const LONG = 'ก'.repeat(50);
const SIZES: [number, number][] = [
  [1440, 900],
  [1366, 768],
  [1024, 768],
];

beforeAll(async () => {
  e = await startE2E();
  const cat = await makeCatalog(e.app.db);
  const malee = await e.app.as('malee');
  for (let i = 0; i < 4; i++) {
    const r = await malee.post('/api/application/create', {
      customer: customer(i === 0 ? { fname: LONG, sname: 'ข'.repeat(50) } : {}),
      courses: [{ course_id: i % 2 ? cat.car : cat.moto }],
      other_fees: [],
      payment: { paid: '500', pay_type: 'cash' },
    });
    expect(r.status, r.body.message).toBe(200);
  }
});
afterAll(async () => {
  await e?.close();
});

/** The right edge of a header cell and of the viewport. */
async function fitsOnScreen(page: Page, header: string) {
  const th = page.locator('.ant-table-thead th', { hasText: header }).first();
  const box = await th.boundingBox();
  const width = page.viewportSize()!.width;
  return !!box && box.x >= 0 && box.x + box.width <= width + 1;
}

describe('lists at the three screen sizes', () => {
  it('the applications list keeps ID, phone and money on screen with a 100-character name; the menu folds at 1024', async () => {
    const page = await e.page();
    await login(e, page, 'malee');
    for (const [w, h] of SIZES) {
      await page.setViewportSize({ width: w, height: h });
      await page.goto(`${e.baseUrl}/applications`);
      await page.locator('.ant-table-row').first().waitFor();
      for (const col of ['คงเหลือ', 'ชำระแล้ว', 'ยอดสุทธิ'])
        await expect.poll(() => fitsOnScreen(page, col), { message: `${col} at ${w}` }).toBe(true);
      // the long name wraps inside its column instead of widening it
      const name = page.locator('.kk-clamp', { hasText: LONG }).first();
      expect((await name.boundingBox())!.width).toBeLessThanOrEqual(201);
      await expect.poll(() => name.getAttribute('title')).toContain(LONG);
      const sider = await page.locator('.kk-sider').boundingBox();
      expect(sider!.width, `menu width at ${w}`).toBe(w < 1200 ? 72 : 240);
      await picture(page, `lists-applications-${w}`);
    }
  });

  it('the status dropdown shows Thai names and filters by its value', async () => {
    const page = await e.page();
    await login(e, page, 'malee');
    await page.setViewportSize({ width: 1024, height: 768 });
    await page.goto(`${e.baseUrl}/applications`);
    await page.locator('.ant-table-row').first().waitFor();
    const status = page.getByLabel('สถานะ', { exact: true });
    await status.click();
    const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
    // the list can re-render under the open dropdown when its filter choices arrive (seen once in CI: the options read
    // as [] right after the first one showed); read until the whole list is there, opening it again if it closed
    await expect
      .poll(async () => {
        if (!(await options.first().isVisible())) await status.click();
        return options.allInnerTexts();
      })
      .toEqual(['ทั้งหมด', 'ค้างชำระ', 'ชำระครบ', 'คืนเงินบางส่วน', 'คืนเงิน', 'ยกเลิก']);
    await picture(page, 'lists-status-dropdown-1024');
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option[title="ค้างชำระ"]').click();
    await page.waitForURL(/status=%E0%B8%84/);
    await page.locator('.ant-table-row').first().waitFor();
    await expect.poll(() => page.locator('.ant-table-row').count()).toBe(4);
    expect(page.url()).not.toContain('undefined');
  });

  it('the payment history keeps amount, who took it and the actions on screen at 1024', async () => {
    const page = await e.page();
    await login(e, page, 'somchai');
    for (const [w, h] of SIZES) {
      await page.setViewportSize({ width: w, height: h });
      await page.goto(`${e.baseUrl}/payments`);
      await page.locator('.ant-table-row').first().waitFor();
      for (const col of ['จำนวนเงิน', 'ผู้รับเงิน', 'จัดการ'])
        await expect.poll(() => fitsOnScreen(page, col), { message: `${col} at ${w}` }).toBe(true);
      await picture(page, `lists-payments-${w}`);
    }
  });

  it('prints the filtered list on A4 landscape with the school, the filters and the date in พ.ศ.', async () => {
    const page = await e.page();
    await login(e, page, 'malee');
    await page.goto(
      `${e.baseUrl}/applications?status=%E0%B8%84%E0%B9%89%E0%B8%B2%E0%B8%87%E0%B8%8A%E0%B8%B3%E0%B8%A3%E0%B8%B0`,
    );
    await page.locator('.ant-table-row').first().waitFor();
    await page.evaluate(() => {
      window.print = () => {
        document.body.dataset.printed = '1';
      };
    });
    await page.getByRole('button', { name: 'พิมพ์' }).click();
    const view = page.getByTestId('list-print');
    await view.waitFor({ state: 'attached' });
    await page.waitForFunction(() => document.body.dataset.printed === '1');
    await page.emulateMedia({ media: 'print' });
    const text = await view.innerText();
    expect(text).toContain('รายการสมัครเรียน');
    expect(text).toContain('สถานะ: ค้างชำระ');
    expect(text).toMatch(/พิมพ์เมื่อ \d{1,2} \S+ 25\d\d/);
    expect(text).toContain('จำนวน: 4 รายการ');
    const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
    fs.writeFileSync(path.join(shotsDir, 'lists-applications-print.pdf'), pdf);
    // A4 landscape: 842 × 595 points
    const box = /\/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]/.exec(pdf.toString('latin1'));
    expect(box && [Math.round(Number(box[1])), Math.round(Number(box[2]))]).toEqual([842, 595]);
  });
});
