import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2E, type E2E } from './harness.js';
import type { Page } from 'playwright-core';
import { banner, login, pick } from './helpers.js';

const SIZES = [
  [1440, 900],
  [1366, 768],
  [1024, 768],
] as const;
/** The screen at the three sizes staff have. */
async function shots(page: Page, name: string) {
  for (const [width, height] of SIZES) {
    await page.setViewportSize({ width, height });
    await e.shot(page, `${name}-${width}`);
  }
}

let e: E2E;
beforeAll(async () => {
  e = await startE2E();
});
afterAll(async () => {
  await e?.close();
});

describe('catalog screens', () => {
  it('a manager creates a course, a promotion and an other fee, and finds each in its list', async () => {
    const page = await e.page();
    await login(e, page, 'somchai');
    await page.goto(`${e.baseUrl}/courses/new`);
    await page.getByLabel('ชื่อหลักสูตร').fill('หลักสูตรรถบรรทุก 18 ชั่วโมง');
    await pick(page, 'ประเภทหลักสูตร', 'รถบรรทุก');
    await page.getByLabel('ราคา').fill('12500');
    await page.getByRole('button', { name: 'บันทึก' }).click();
    await expect.poll(async () => banner(page)).toBe('เพิ่มหลักสูตรเรียบร้อยแล้ว');
    await page.goto(`${e.baseUrl}/courses?type=รถบรรทุก`);
    await page.getByRole('row', { name: /หลักสูตรรถบรรทุก 18 ชั่วโมง.*12,500\.00/ }).waitFor();
    await e.shot(page, 'catalog-courses');

    await page.goto(`${e.baseUrl}/promotions/new`);
    await page.getByLabel('รหัสส่วนลด').fill('truck1000');
    await page.getByLabel('ชื่อโปรโมชั่น').fill('รถบรรทุกลด 1,000 บาท');
    await pick(page, 'ใช้กับประเภทหลักสูตร', 'รถบรรทุก');
    await pick(page, 'รูปแบบส่วนลด', 'จำนวนเงิน (บาท)');
    await page.getByLabel('มูลค่าส่วนลด').fill('1000');
    await page.getByLabel('วันเริ่มต้น').fill('01/11/2569');
    await page.keyboard.press('Enter');
    await page.getByLabel('วันสิ้นสุด').fill('31/12/2569');
    await page.keyboard.press('Enter');
    await page.getByLabel('จำนวนสิทธิ์', { exact: true }).fill('30');
    await page.getByRole('button', { name: 'บันทึก' }).click();
    await expect.poll(async () => banner(page)).toBe('เพิ่มโปรโมชั่น/ส่วนลดเรียบร้อยแล้ว');
    await page.goto(`${e.baseUrl}/promotions?text=TRUCK`);
    const row = page.getByRole('row', { name: /TRUCK1000/ });
    await row.waitFor();
    await expect.poll(() => row.innerText()).toMatch(/1,000\.00 บาท[\s\S]*0 \/ 30/);
    await e.shot(page, 'catalog-promotions');

    await page.goto(`${e.baseUrl}/otherfees/new`);
    await page.getByLabel('ชื่อรายการ').fill('ค่าคำร้องขอสอบนอกรอบ');
    await page.getByLabel('ราคา').fill('350');
    await page.getByRole('switch').first().click();
    await page.getByRole('button', { name: 'บันทึก' }).click();
    await expect.poll(async () => banner(page)).toBe('เพิ่มค่าธรรมเนียมเรียบร้อยแล้ว');
    await page.goto(`${e.baseUrl}/otherfees?type=request`);
    await page.getByRole('row', { name: /ค่าคำร้องขอสอบนอกรอบ.*ค่าคำร้อง/ }).waitFor();
    await e.shot(page, 'catalog-fees');
  });

  it('a bad promotion is refused with the server’s Thai reason next to the form', async () => {
    const page = await e.page();
    await login(e, page, 'somchai');
    await page.goto(`${e.baseUrl}/promotions/new`);
    await page.getByLabel('รหัสส่วนลด').fill('NEWYEAR10');
    await page.getByLabel('ชื่อโปรโมชั่น').fill('ซ้ำ');
    await page.getByLabel('มูลค่าส่วนลด').fill('5');
    await page.getByLabel('วันเริ่มต้น').fill('01/11/2569');
    await page.keyboard.press('Enter');
    await page.getByLabel('วันสิ้นสุด').fill('31/12/2569');
    await page.keyboard.press('Enter');
    await page.getByLabel('จำนวนสิทธิ์', { exact: true }).fill('30');
    await page.getByRole('button', { name: 'บันทึก' }).click();
    await expect.poll(async () => banner(page)).toMatch(/มีโปรโมชั่นรหัส NEWYEAR10 ของทุกสาขาอยู่แล้ว/);
    await e.shot(page, 'catalog-promotion-duplicate');
  });

  it('one school-wide catalog: the head office sees each course once, sets a branch price; a branch reads it but cannot change it', async () => {
    const page = await e.page();
    await login(e, page, 'admin');
    await page.goto(`${e.baseUrl}/courses?type=รถยนต์`);
    const car15 = page.getByRole('row', { name: /หลักสูตรรถยนต์ 15 ชั่วโมง/ });
    await car15.waitFor();
    await expect.poll(() => car15.count()).toBe(1);
    await expect.poll(() => car15.innerText()).toContain('ทุกสาขา');
    await shots(page, 'catalog-courses-school-wide');
    await car15.click();
    await page.getByText('สาขาที่เปิด', { exact: true }).waitFor();
    await expect.poll(() => page.getByRole('radio', { name: 'ทุกสาขา' }).isChecked()).toBe(true);
    await expect.poll(() => page.locator('#branch_prices_0_price').inputValue(), { timeout: 10_000 }).toBe('5900');
    await page.getByRole('button', { name: 'เพิ่มราคาเฉพาะสาขา' }).click();
    await page.locator('#branch_prices_1_branch_id').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option[title="สาขาบางเขน"]').click();
    await page.locator('#branch_prices_1_price').fill('6,200');
    await shots(page, 'catalog-course-branch-prices');
    await page.getByRole('button', { name: 'บันทึก' }).click();
    await expect.poll(async () => banner(page)).toBe('บันทึกหลักสูตรเรียบร้อยแล้ว');
    const opts = await (await e.app.as('suda')).get('/api/application/getforregister');
    expect(opts.body.data.courses.find((c: { name: string }) => c.name === 'หลักสูตรรถยนต์ 15 ชั่วโมง').price).toBe('6200');

    const suda = await e.page();
    await login(e, suda, 'anan');
    await suda.goto(page.url());
    await suda.getByTestId('locked-by').waitFor();
    await expect.poll(() => suda.getByTestId('locked-by').innerText()).toMatch(/สำนักงานใหญ่/);
    await e.shot(suda, 'catalog-course-read-only-at-branch');
  });

  it('promotions: a percent discount shows %, an expired one is tagged หมดอายุ', async () => {
    const page = await e.page();
    await login(e, page, 'admin');
    await page.goto(`${e.baseUrl}/promotions`);
    const old = page.getByRole('row', { name: /SONGKRAN/ });
    await old.waitFor();
    await expect.poll(() => old.innerText()).toContain('หมดอายุ');
    await expect.poll(() => old.innerText()).not.toContain('เปิดใช้งาน');
    await expect.poll(() => page.getByRole('row', { name: /NEWYEAR10/ }).innerText()).toMatch(/10%[\s\S]*เปิดใช้งาน/);
    await shots(page, 'catalog-promotions-states');
    await page.getByRole('row', { name: /NEWYEAR10/ }).click();
    await page.getByLabel('มูลค่าส่วนลด').waitFor();
    const suffix = page
      .locator('.ant-input-affix-wrapper')
      .filter({ has: page.getByLabel('มูลค่าส่วนลด') })
      .locator('.ant-input-suffix');
    await expect.poll(() => suffix.innerText()).toBe('%');
    await e.shot(page, 'catalog-promotion-percent');
  });

  it('the audit screen: who did what with before → after in Thai, filtered; an application shows its own history', async () => {
    const page = await e.page();
    await login(e, page, 'admin');
    await page.goto(`${e.baseUrl}/audit?type=course`);
    const row = page.getByRole('row', { name: /ราคาตามสาขา › สาขาบางเขน/ }).first();
    await row.waitFor();
    await expect
      .poll(() => row.innerText())
      .toMatch(/ผู้ดูแลระบบ[\s\S]*หลักสูตร #\d+[\s\S]*แก้ไข[\s\S]*ราคาตามสาขา › สาขาบางเขน: - → 6,200\.00 บาท/);
    await shots(page, 'audit-list');
    await page.locator('.ant-select').filter({ hasText: 'ทั้งหมด' }).first().click();
    await e.shot(page, 'audit-list-dropdown-open');
    await page.keyboard.press('Escape');
    const apps = await (await e.app.as('admin')).get('/api/application/gettable', { per_page: 1 });
    if (apps.body.data[0]) {
      await page.goto(`${e.baseUrl}/applications/${apps.body.data[0].application_id}`);
      await page.getByTestId('application-history').waitFor();
      await expect.poll(() => page.getByTestId('application-history').innerText(), { timeout: 10_000 }).toMatch(/เพิ่ม/);
      await e.shot(page, 'application-history');
    }
    const cashier = await e.page();
    await login(e, cashier, 'malee');
    await expect.poll(() => cashier.locator('a[href="/audit"]').count()).toBe(0);
  });

  it('a branch whose course list is empty is told why and where to fix it', async () => {
    const admin = await e.app.as('admin');
    const hq = (await admin.get('/api/branch/gettable', { text: 'HQ' })).body.data[0].branch_id;
    const list = await admin.get('/api/course/gettable', { per_page: 100 });
    for (const c of list.body.data) {
      expect(
        (await admin.put('/api/course/update', { course_id: c.course_id, branch_id: null, branch_ids: [hq] })).status,
      ).toBe(200);
    }
    const page = await e.page();
    await login(e, page, 'suda');
    await page.goto(`${e.baseUrl}/applications/new`);
    await page.getByTestId('courses-hint').waitFor();
    await expect.poll(() => page.getByTestId('courses-hint').innerText()).toMatch(/ข้อมูลหลัก › หลักสูตร/);
    await page.locator('#courses_0_course_id').click();
    await expect
      .poll(() => page.locator('.ant-select-dropdown:visible').innerText(), { timeout: 10_000 })
      .toMatch(/ยังไม่มีหลักสูตรที่เปิดรับสมัคร/);
    await shots(page, 'registration-empty-course-list');
  });
});
