import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2E, type E2E } from './harness.js';
import { banner, login, pick } from './helpers.js';

let e: E2E;
beforeAll(async () => { e = await startE2E(); });
afterAll(async () => { await e?.close(); });

describe('catalog screens', () => {
  it('a manager creates a course, a promotion and an other fee, and finds each in its list', async () => {
    const page = await e.page();
    await login(e, page, 'somchai');
    await page.goto(`${e.baseUrl}/courses/new`);
    await page.getByLabel('ชื่อหลักสูตร').fill('หลักสูตรรถบรรทุก 18 ชั่วโมง');
    await pick(page, 'ประเภทหลักสูตร', 'รถบรรทุก');
    await page.getByLabel('ราคา').fill('12500');
    await page.getByRole('button', { name: 'บันทึก' }).click();
    expect(await banner(page)).toBe('เพิ่มหลักสูตรเรียบร้อยแล้ว');
    await page.goto(`${e.baseUrl}/courses?type=รถบรรทุก`);
    await page.getByRole('row', { name: /หลักสูตรรถบรรทุก 18 ชั่วโมง.*12,500\.00/ }).waitFor();
    await e.shot(page, 'catalog-courses');

    await page.goto(`${e.baseUrl}/promotions/new`);
    await page.getByLabel('รหัสส่วนลด').fill('truck1000');
    await page.getByLabel('ชื่อโปรโมชั่น').fill('รถบรรทุกลด 1,000 บาท');
    await pick(page, 'ใช้กับประเภทหลักสูตร', 'รถบรรทุก');
    await pick(page, 'รูปแบบส่วนลด', 'จำนวนเงิน (บาท)');
    await page.getByLabel('มูลค่าส่วนลด').fill('1000');
    await page.getByLabel('วันเริ่มต้น').fill('01/11/2569'); await page.keyboard.press('Enter');
    await page.getByLabel('วันสิ้นสุด').fill('31/12/2569'); await page.keyboard.press('Enter');
    await page.getByLabel('จำนวนสิทธิ์', { exact: true }).fill('30');
    await page.getByRole('button', { name: 'บันทึก' }).click();
    expect(await banner(page)).toBe('เพิ่มโปรโมชั่น/ส่วนลดเรียบร้อยแล้ว');
    await page.goto(`${e.baseUrl}/promotions?text=TRUCK`);
    const row = page.getByRole('row', { name: /TRUCK1000/ });
    await row.waitFor();
    expect(await row.innerText()).toMatch(/1,000\.00 บาท[\s\S]*0 \/ 30/);
    await e.shot(page, 'catalog-promotions');

    await page.goto(`${e.baseUrl}/otherfees/new`);
    await page.getByLabel('ชื่อรายการ').fill('ค่าคำร้องขอสอบนอกรอบ');
    await page.getByLabel('ราคา').fill('350');
    await page.getByRole('switch').first().click();
    await page.getByRole('button', { name: 'บันทึก' }).click();
    expect(await banner(page)).toBe('เพิ่มค่าธรรมเนียมเรียบร้อยแล้ว');
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
    await page.getByLabel('วันเริ่มต้น').fill('01/11/2569'); await page.keyboard.press('Enter');
    await page.getByLabel('วันสิ้นสุด').fill('31/12/2569'); await page.keyboard.press('Enter');
    await page.getByLabel('จำนวนสิทธิ์', { exact: true }).fill('30');
    await page.getByRole('button', { name: 'บันทึก' }).click();
    expect(await banner(page)).toMatch(/มีโปรโมชั่นรหัส NEWYEAR10 ในสาขานี้อยู่แล้ว/);
    await e.shot(page, 'catalog-promotion-duplicate');
  });
});
