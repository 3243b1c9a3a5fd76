import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeThaiNationalId } from '@khabkhi/thai';
import { startE2E, type E2E } from './harness.js';
import { banner, login } from './helpers.js';

let e: E2E;
beforeAll(async () => {
  e = await startE2E();
});
afterAll(async () => {
  await e?.close();
});

const idcard = makeThaiNationalId('110350041234');

describe('registration at the counter', () => {
  it('keyboard only: a new student, a car course with a promotion, two other fees, a 3,000-baht cash deposit, the receipt opens', async () => {
    const page = await e.page();
    await login(e, page, 'malee');
    await page.goto(`${e.baseUrl}/applications/new`);
    const k = page.keyboard;
    await page.locator('#customer_idcard').waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('customer_idcard');
    await k.type(idcard);
    const focused = () => page.evaluate(() => document.activeElement?.id ?? '');
    await k.press('Enter'); // looks the ID up (new customer) and moves on
    await expect.poll(() => page.locator('body').innerText()).toContain('ลูกค้าใหม่');
    await expect.poll(focused).toBe('customer_prefix');
    // one Enter a field, in the order of the screen: a suggestion list picks AND moves on
    await k.type('นางสาว');
    await k.press('Enter');
    await expect.poll(focused).toBe('customer_fname');
    await k.type('กานดา');
    await k.press('Enter');
    await expect.poll(focused).toBe('customer_sname');
    await k.type('ขับเก่ง');
    await k.press('Enter');
    await expect.poll(focused).toBe('customer_birthday');
    await k.type('15/03/2002'); // a CE year in a BE field is questioned, and Enter takes the offered BE date
    await expect.poll(() => page.getByTestId('use-be-year').innerText()).toBe('ใช้ 15/03/2545');
    await e.shot(page, 'registration-ce-year');
    await k.press('Enter');
    await expect.poll(() => page.getByLabel('อายุ').inputValue()).toMatch(/^2\d ปี$/);
    await expect.poll(focused).toBe('customer_address');
    await expect.poll(() => page.locator('#customer_prefix').inputValue()).toBe('นางสาว');
    await expect.poll(() => page.locator('#customer_fname').inputValue()).toBe('กานดา');
    await page.locator('#customer_subdistrict').focus();
    await k.type('ลาดยาว');
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').first().waitFor();
    await k.press('Enter'); // picks ตำบล and fills อำเภอ/จังหวัด/รหัสไปรษณีย์, and moves on
    await expect.poll(focused).toBe('customer_district');
    await expect.poll(() => page.locator('#customer_subdistrict').inputValue()).toBe('ลาดยาว');
    await expect.poll(() => page.locator('#customer_postcode').inputValue()).toMatch(/^\d{5}$/);
    await page.locator('#customer_phone_1').focus();
    await k.type('0891112222');
    await expect.poll(() => page.locator('#customer_phone_1').inputValue()).toBe('089-111-2222');
    // course line 1: type to search, one Enter picks and moves on to the promotion code
    await page.locator('#courses_0_course_id').focus();
    await k.type('รถยนต์ 15');
    await k.press('Enter');
    await expect.poll(() => page.locator('#courses_0_cost').inputValue()).toBe('6500');
    await expect.poll(focused).toBe('courses_0_promotion_code');
    await k.type('newyear10');
    await k.press('Enter'); // checks the code on the spot, then moves on
    await expect.poll(() => page.locator('#courses_0_discount').inputValue()).toBe('650');
    await expect.poll(focused).toBe('courses_0_exam_date');
    await k.press('Enter'); // no exam date: on to the other-fee block, not over it
    await expect
      .poll(() => page.evaluate(() => (document.activeElement as HTMLElement)?.dataset.testid))
      .toBe('add-fee');
    await k.press('Enter'); // adds a fee line and goes into it
    await expect.poll(focused).toBe('other_fees_0_other_fee_id');
    await k.type('ค่าเช่ารถสอบ');
    await k.press('Enter');
    await expect.poll(focused).toBe('other_fees_0_date');
    await k.press('Enter');
    await expect
      .poll(() => page.evaluate(() => (document.activeElement as HTMLElement)?.dataset.testid))
      .toBe('add-fee');
    await k.press('Enter');
    await expect.poll(focused).toBe('other_fees_1_other_fee_id');
    await k.type('ค่าใบรับรองแพทย์');
    await k.press('Enter');
    await expect.poll(focused).toBe('other_fees_1_date');
    await k.press('Enter'); // past its date
    await expect
      .poll(() => page.evaluate(() => (document.activeElement as HTMLElement)?.dataset.testid))
      .toBe('add-fee');
    await k.press('Enter'); // one more line …
    await expect.poll(focused).toBe('other_fees_2_other_fee_id');
    await k.press('Enter'); // … left empty: it goes, and the keyboard goes on to ยอดชำระ
    await expect.poll(focused).toBe('paid');
    await expect.poll(() => page.locator('#other_fees_2_other_fee_id').count()).toBe(0);
    await expect.poll(() => page.getByTestId('net').innerText()).toBe('6,470.00 บาท'); // 6500 + 500 + 120 − 650
    await k.type('3000');
    await e.shot(page, 'registration-filled');
    const popup = page.waitForEvent('popup');
    await k.press('Control+Enter');
    const receipt = await popup;
    const msg = await banner(page);
    expect(msg).toMatch(/บันทึกใบสมัครเลขที่ AP-HQ-\d{4}-\d{6} เรียบร้อยแล้ว/);
    expect(receipt.url()).toContain('/api/documents/');
    const res = await page.request.get(receipt.url());
    expect(res.headers()['content-type']).toBe('application/pdf');
    await e.shot(page, 'registration-saved');
    const list = await (await e.app.as('admin')).get('/api/application/gettable', { text: idcard });
    expect(list.body.data[0]).toMatchObject({ net: '6470', paid: '3000', balance: '3470', status: 'ค้างชำระ' });
    await page.goto(`${e.baseUrl}/applications?text=${idcard}`);
    await page.getByRole('cell', { name: 'ค้างชำระ' }).waitFor();
    await e.shot(page, 'registration-list');
  });

  it('a code typed without ตรวจ is checked on leaving the field or before saving, and what is saved is what the summary showed', async () => {
    const page = await e.page();
    await login(e, page, 'malee');
    await page.goto(`${e.baseUrl}/applications/new`);
    await page.locator('#customer_idcard').fill(makeThaiNationalId('110350041299'));
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('body').innerText()).toContain('ลูกค้าใหม่');
    await page.locator('#customer_fname').fill('โค้ดไม่ได้ตรวจ');
    await page.locator('#customer_sname').fill('ทดสอบ');
    await page.locator('#courses_0_course_id').focus();
    await page.keyboard.type('รถยนต์ 15');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('#courses_0_cost').inputValue()).toBe('6500');
    // typed, then straight to save (no ตรวจ, no leaving the field): nothing is recorded, the code is checked and shown
    await page.locator('#courses_0_promotion_code').fill('NEWYEAR10');
    await expect.poll(() => page.getByTestId('unchecked-promotion').innerText()).toContain('ยังไม่ได้ตรวจ');
    await expect.poll(() => page.getByTestId('net').innerText()).toBe('6,500.00 บาท');
    await page.keyboard.press('Control+Enter');
    await expect.poll(() => page.getByTestId('save-error').innerText()).toContain('ตรวจรหัสส่วนลดแล้ว');
    await expect.poll(() => page.getByTestId('net').innerText()).toBe('5,850.00 บาท');
    await expect.poll(() => page.locator('#courses_0_discount').inputValue()).toBe('650');
    expect(
      await (
        await e.app.as('admin')
      )
        .get('/api/application/gettable', { text: 'โค้ดไม่ได้ตรวจ' })
        .then((r) => r.body.data.length),
    ).toBe(0);
    await e.shot(page, 'registration-promotion-checked-before-save');
    // typing over the code takes its discount away until it is checked again (leaving the field checks it)
    await page.locator('#courses_0_promotion_code').fill('NEWYEAR1');
    await expect.poll(() => page.getByTestId('net').innerText()).toBe('6,500.00 บาท');
    await page.locator('#courses_0_promotion_code').fill('NEWYEAR10');
    await page.locator('#paid').click();
    await expect.poll(() => page.getByTestId('net').innerText()).toBe('5,850.00 บาท');
    await page.keyboard.press('Control+Enter');
    await expect.poll(async () => banner(page)).toMatch(/บันทึกใบสมัครเลขที่ AP-HQ-/);
    const saved = (await (await e.app.as('admin')).get('/api/application/gettable', { text: 'โค้ดไม่ได้ตรวจ' })).body
      .data[0];
    expect(saved).toMatchObject({ discount: '650', net: '5850' });
  });

  it('a returning customer found by ID number prefills the form', async () => {
    const page = await e.page();
    await login(e, page, 'malee');
    await page.goto(`${e.baseUrl}/applications/new`);
    await page.locator('#customer_idcard').fill(idcard);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('#customer_fname').inputValue()).toBe('กานดา');
    await expect.poll(() => page.locator('#customer_sname').inputValue()).toBe('ขับเก่ง');
    await expect.poll(() => page.locator('#customer_phone_1').inputValue()).toBe('089-111-2222'); // stored 0891112222, shown formatted
    await expect.poll(() => page.locator('body').innerText()).toContain('ลูกค้าเดิม');
    await e.shot(page, 'registration-returning-customer');
  });

  it('the balance is paid later by transfer in two parts from the pay-balance screen (the amount offered follows the balance); status ชำระครบ and the totals follow', async () => {
    const page = await e.page();
    await login(e, page, 'malee');
    await page.goto(`${e.baseUrl}/paybalance`);
    await expect.poll(() => page.getByTestId('totals').innerText()).toContain('รับเงินโอนแล้ว 0.00 บาท');
    await page.getByRole('row', { name: /กานดา/ }).click();
    await page.waitForURL(/\/paybalance\/\d+/);
    await expect.poll(() => page.locator('#pay_paid').inputValue()).toBe('3470');
    // first a part: the amount offered then becomes the new balance
    await page.locator('#pay_paid').fill('470');
    await page.locator('.ant-card').filter({ hasText: 'รับชำระ' }).getByText('โอนเงิน', { exact: true }).click();
    // a transfer is recorded with its bank, time and slip reference (required on the form)
    await page.getByRole('button', { name: 'รับชำระและพิมพ์ใบเสร็จ' }).click();
    await page.getByText('กรุณาเลือกธนาคาร').waitFor();
    // typed and picked with Enter, as at the counter (a click on an open dropdown's option can miss while antd
    // positions the list); the form must show the bank before the payment is sent
    await page.locator('#pay_transfer_bank').fill('กสิกรไทย');
    await page.locator('#pay_transfer_bank').press('Enter');
    await expect
      .poll(() =>
        page
          .locator('.ant-form-item')
          .filter({ has: page.locator('#pay_transfer_bank') })
          .innerText(),
      )
      .toContain('กสิกรไทย');
    // the date and time of the transfer start at now (a time in the future is refused)
    await expect.poll(() => page.locator('#pay_transfer_time').inputValue()).toMatch(/^\d{2}:\d{2}$/);
    await page.locator('#pay_transfer_ref').fill('KB0001');
    await e.shot(page, 'paybalance-transfer-form');
    // the payment's answer first, so that a refused or lost payment fails by name rather than as a missing popup
    let paid = page.waitForResponse((r) => /\/paybalance$/.test(new URL(r.url()).pathname));
    let popup = page.waitForEvent('popup');
    await page.getByRole('button', { name: 'รับชำระและพิมพ์ใบเสร็จ' }).click();
    expect((await paid).status()).toBe(200);
    await popup;
    await expect.poll(async () => banner(page)).toMatch(/รับชำระ 470.00 บาท ใบเสร็จเลขที่ RC-HQ-/);
    await expect.poll(() => page.locator('#pay_paid').inputValue()).toBe('3000');
    // the pay type chosen stays for the next payment on the same screen
    expect(
      await page.locator('.ant-card').filter({ hasText: 'รับชำระ' }).getByRole('radio', { name: 'โอนเงิน' }).isChecked(),
    ).toBe(true);
    await expect
      .poll(() => page.getByTestId('transfer-detail').first().innerText())
      .toMatch(/ธ\.กสิกรไทย · อ้างอิง KB0001 · โอน/);
    // typed and picked with Enter, as at the counter: the page refreshes after the payment, and a click on an open
    // dropdown's option could meet it while antd moves the list
    await page.locator('#pay_transfer_bank').fill('ไทยพาณิชย์');
    await page.locator('#pay_transfer_bank').press('Enter');
    await page.locator('#pay_transfer_ref').fill('SCB0002');
    await expect
      .poll(() =>
        page
          .locator('.ant-form-item')
          .filter({ has: page.locator('#pay_transfer_bank') })
          .innerText(),
      )
      .toContain('ไทยพาณิชย์');
    paid = page.waitForResponse((r) => /\/paybalance$/.test(new URL(r.url()).pathname));
    popup = page.waitForEvent('popup');
    await page.getByRole('button', { name: 'รับชำระและพิมพ์ใบเสร็จ' }).click();
    expect((await paid).status()).toBe(200);
    await popup;
    await expect.poll(async () => banner(page)).toMatch(/รับชำระ 3,000.00 บาท ใบเสร็จเลขที่ RC-HQ-/);
    await expect
      .poll(() => page.getByTestId('transfer-detail').filter({ hasText: 'SCB0002' }).first().innerText())
      .toMatch(/ไทยพาณิชย์ · อ้างอิง SCB0002/);
    await expect.poll(() => page.locator('body').innerText()).toContain('ชำระครบ');
    await e.shot(page, 'paybalance-done');
    await page.goto(`${e.baseUrl}/paybalance?status=ทั้งหมด`);
    await expect.poll(() => page.getByTestId('totals').innerText()).toContain('รับเงินโอนแล้ว 3,470.00 บาท');
    await e.shot(page, 'paybalance-list');
  });

  it("another branch sees the returning customer's name and a masked phone until the ID card is checked", async () => {
    const page = await e.page();
    await login(e, page, 'suda'); // cashier at สาขาบางเขน; the customer was registered at the head office
    await page.goto(`${e.baseUrl}/applications/new`);
    await page.locator('#customer_idcard').fill(idcard);
    await page.keyboard.press('Enter');
    const limited = page.getByTestId('limited-customer');
    await limited.waitFor();
    await expect
      .poll(() => limited.innerText())
      .toMatch(/ลูกค้าเดิมของสำนักงานใหญ่[\s\S]*นางสาวกานดา ขับเก่ง · โทร\. 089-xxx-2222/);
    await expect.poll(() => page.locator('#customer_subdistrict').inputValue()).toBe('');
    await expect.poll(() => page.locator('#customer_phone_1').inputValue()).toBe('');
    for (const [width, height] of [
      [1440, 900],
      [1366, 768],
      [1024, 768],
    ] as const) {
      await page.setViewportSize({ width, height });
      await e.shot(page, `registration-other-branch-customer-${width}`);
    }
    await page.locator('#customer_birthday').fill('15/03/2545');
    await page.keyboard.press('Enter');
    await limited.getByRole('button', { name: 'ยืนยันตัวตน' }).click();
    await expect.poll(() => page.locator('#customer_subdistrict').inputValue(), { timeout: 10_000 }).toBe('ลาดยาว');
    await expect.poll(() => page.locator('#customer_phone_1').inputValue()).toBe('089-111-2222');
    await expect.poll(() => limited.count()).toBe(0);
  });

  it('the promotion code field shows STUDENT500 whole, and a car student under 18 is warned', async () => {
    const page = await e.page();
    await login(e, page, 'malee');
    for (const [width, height] of [
      [1440, 900],
      [1366, 768],
      [1024, 768],
    ] as const) {
      await page.setViewportSize({ width, height });
      await page.goto(`${e.baseUrl}/applications/new`);
      await page.locator('#courses_0_course_id').click();
      await page.keyboard.type('รถยนต์ 15');
      await page.keyboard.press('Enter');
      await page.locator('#courses_0_promotion_code').fill('STUDENT500');
      const fits = await page
        .locator('#courses_0_promotion_code')
        .evaluate((el: HTMLInputElement) => el.scrollWidth <= el.clientWidth);
      expect(fits, `STUDENT500 fits at ${width}`).toBe(true);
      const young = new Date(Date.now() - 16.5 * 365.25 * 86400000);
      const be = `${String(young.getDate()).padStart(2, '0')}/${String(young.getMonth() + 1).padStart(2, '0')}/${young.getFullYear() + 543}`;
      await page.locator('#customer_birthday').fill(be);
      await page.keyboard.press('Enter');
      await page.getByTestId('age-warning').waitFor();
      await expect
        .poll(() => page.getByTestId('age-warning').innerText())
        .toMatch(/อายุ 16 ปี ยังไม่ถึงเกณฑ์ขั้นต่ำของหลักสูตรรถยนต์ \(18 ปี\)/);
      await page.locator('#courses_0_course_id').click(); // the course list open, as staff see it
      await e.shot(page, `registration-course-line-${width}`);
      await page.keyboard.press('Escape');
    }
  });
});
