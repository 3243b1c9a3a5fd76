import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2E, type E2E } from './harness.js';
import { makeThaiNationalId } from '@khabkhi/thai';
import { banner, login, pick, PNG } from './helpers.js';

let e: E2E;
beforeAll(async () => {
  e = await startE2E();
});
afterAll(async () => {
  await e?.close();
});

describe('sign-in and session', () => {
  it('a wrong password stays on the login page with one Thai message; the right one opens the Thai shell', async () => {
    const page = await e.page();
    await page.goto(`${e.baseUrl}/login`);
    await page.getByLabel('ชื่อผู้ใช้').fill('malee');
    await page.getByLabel('รหัสผ่าน').fill('wrong-password');
    await page.keyboard.press('Enter');
    await expect
      .poll(
        async () =>
          await page
            .locator('.ant-alert')
            .first()
            .innerText()
            .catch(() => ''),
      )
      .toMatch(/ชื่อผู้ใช้หรือรหัสผ่านไม่ถูกต้อง/);
    expect(page.url()).toContain('/login');
    await e.shot(page, 'login-wrong-password');
    await login(e, page, 'malee');
    // the menu follows the signed-in user's abilities: wait for it whole, then read what it leaves out
    const aside = page.locator('aside');
    for (const group of ['งานทะเบียน', 'การเงิน', 'ข้อมูลหลัก']) await expect.poll(() => aside.innerText()).toContain(group);
    expect(await aside.innerText()).not.toContain('พนักงาน\n'); // a cashier has no employee screen
    await e.shot(page, 'home-cashier');
  });

  it('an expired access token is refreshed silently; a broken refresh token goes back to login with "Invalid refresh token"', async () => {
    const page = await e.page();
    await login(e, page, 'somchai');
    const before = await page.evaluate(() => localStorage.getItem('refreshToken'));
    await page.evaluate(() => localStorage.setItem('accessToken', 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.expired'));
    await page.goto(`${e.baseUrl}/employees`);
    await page.getByRole('cell', { name: 'malee' }).waitFor();
    expect(page.url()).toContain('/employees');
    const after = await page.evaluate(() => ({
      a: localStorage.getItem('accessToken'),
      r: localStorage.getItem('refreshToken'),
    }));
    expect(after.a).not.toContain('expired');
    expect(after.r).not.toBe(before);
    await page.evaluate(() => {
      localStorage.setItem('accessToken', 'x.y.z');
      localStorage.setItem('refreshToken', 'not-a-token');
    });
    await page.goto(`${e.baseUrl}/branches`);
    await page.waitForURL(/\/login/);
    await expect.poll(() => page.locator('body').innerText()).toContain('Invalid refresh token');
    await expect.poll(() => page.evaluate(() => localStorage.getItem('refreshToken'))).toBeNull();
    await e.shot(page, 'login-invalid-refresh-token');
  });

  it('logout clears the stored login', async () => {
    const page = await e.page();
    await login(e, page, 'malee');
    await page.locator('header').getByText('มาลี').click();
    await page.getByText('ออกจากระบบ').click();
    await page.waitForURL(/\/login/);
    expect(
      await page.evaluate(() => [localStorage.getItem('accessToken'), localStorage.getItem('refreshToken')]),
    ).toEqual([null, null]);
    await page.goto(`${e.baseUrl}/applications`);
    await page.waitForURL(/\/login/);
  });
});

describe('branches and employees', () => {
  it('the admin creates a branch and sees it listed with its employee count', async () => {
    const page = await e.page();
    await login(e, page, 'admin');
    await page.goto(`${e.baseUrl}/branches/new`);
    await page.getByLabel('รหัส', { exact: true }).fill('RSB');
    await page.getByLabel('ชื่อสาขา').fill('สาขารังสิต');
    await page.getByLabel('เบอร์โทรศัพท์ 1').fill('02-555-0101');
    await page.getByRole('button', { name: 'บันทึก' }).click();
    await expect.poll(async () => banner(page)).toContain('เพิ่มสาขาเรียบร้อยแล้ว');
    await page.goto(`${e.baseUrl}/branches`);
    const row = page.getByRole('row', { name: /สาขารังสิต/ });
    await row.waitFor();
    await e.shot(page, 'branches-list');
    const bkn = await page.getByRole('row', { name: /สาขาบางเขน/ }).innerText();
    expect(bkn.split('\t').map((x) => x.trim())).toContain('3'); // anan, suda, kittipong
  });

  it('the admin creates an employee with a photo, then edits her', async () => {
    const page = await e.page();
    await login(e, page, 'admin');
    await page.goto(`${e.baseUrl}/employees/new`);
    await page.locator('input[type=file]').setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: PNG });
    await page.getByLabel('ชื่อผู้ใช้').fill('jintana');
    await page.getByLabel('รหัสผ่าน', { exact: true }).fill('secret-pass-1');
    await page.getByLabel('ยืนยันรหัสผ่าน').fill('secret-pass-1');
    await pick(page, 'บทบาท', 'พนักงานหน้าเคาน์เตอร์/การเงิน');
    await pick(page, 'สาขา', 'สาขาบางเขน');
    await page.getByLabel('ชื่อ', { exact: true }).fill('จินตนา');
    await page.getByLabel('นามสกุล', { exact: true }).fill('ใจงาม');
    await page.getByLabel('เลขบัตรประชาชน').fill(makeThaiNationalId('110170023070'));
    await page.getByLabel('เงินเดือน', { exact: true }).fill('16500');
    await page.getByRole('checkbox', { name: 'อาทิตย์' }).check();
    await page.getByRole('button', { name: 'บันทึก' }).first().click();
    await expect.poll(async () => banner(page)).toMatch(/เรียบร้อย/);
    await page.waitForURL(/\/employees\/\d+/);
    await page.locator('img[src^="blob:"], .ant-avatar img').first().waitFor();
    await e.shot(page, 'employee-created');
    await page.getByLabel('ชื่อเล่น').fill('จิน');
    await page.getByRole('button', { name: 'บันทึก' }).first().click();
    await expect.poll(() => banner(page)).toMatch(/บันทึก.*เรียบร้อย/);
    await page.reload();
    await expect.poll(() => page.getByLabel('ชื่อเล่น').inputValue()).toBe('จิน');
    await expect.poll(() => page.getByLabel('เงินเดือน', { exact: true }).inputValue()).toBe('16500');
  });

  it('a BKN cashier has no employee screens and gets a Thai no-permission page for an HQ employee by URL', async () => {
    const page = await e.page();
    await login(e, page, 'suda');
    const aside = page.locator('aside');
    await expect.poll(() => aside.innerText()).toContain('งานทะเบียน');
    expect(await aside.innerText()).not.toContain('พนักงาน\n');
    await page.goto(`${e.baseUrl}/employees/2`);
    await expect.poll(() => page.locator('body').innerText()).toContain('ไม่มีสิทธิ์');
    await e.shot(page, 'no-permission');
  });
});
