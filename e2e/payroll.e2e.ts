/**
 * Payroll in the browser: a branch-month from draft to approval by three different people (HR submits,
 * the branch manager sends it back with a reason and HR submits again, the manager confirms, the owner
 * approves), the sheet locked, the month's step history, a payslip opened and read, and the workflow's
 * roles as a setting of the school.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startE2E, shotsDir, type E2E } from './harness.js';
import { alertWith, login } from './helpers.js';

let e: E2E;
let bkn = 0;
let kitti = 0;
const month = new Date(Date.now() + 7 * 3600_000).toISOString().slice(0, 7);
const KITTI = 'นายกิตติพงษ์ พวงมาลัย';

beforeAll(async () => {
  e = await startE2E({ demoMoney: true });
  const rows = await e.app.db.execute<{ branch_id: number; user_id: number }>(
    "select b.branch_id, u.user_id from branches b join users u on u.branch_id = b.branch_id where b.code = 'BKN' and u.username = 'kittipong'" as never,
  );
  const r = ((rows as unknown as { rows?: unknown[] }).rows ?? rows) as { branch_id: number; user_id: number }[];
  bkn = r[0]!.branch_id;
  kitti = r[0]!.user_id;
});
afterAll(async () => {
  await e?.close();
});

async function as(username: string): Promise<Page> {
  const p = await e.page();
  await login(e, p, username);
  await p.goto(`${e.baseUrl}/payroll/sheet?branch=${bkn}&month=${month}`);
  await p.getByText(KITTI).first().waitFor();
  return p;
}
const alertText = (p: Page, re: RegExp) => alertWith(p, re, 10_000);

describe('payroll: draft → submitted → confirmed → approved by three people', () => {
  it('HR types overtime hours, saves (the server computes) and submits', async () => {
    const p = await as('wanida');
    await expect.poll(() => p.getByTestId('payroll-state').innerText()).toContain('ฉบับร่าง');
    const ot = p.getByLabel(`ค่าล่วงเวลา ${KITTI}`);
    await ot.fill('12');
    await ot.press('Enter');
    // Enter moves on to the next amount of the sheet (keyboard entry)
    const next = await p.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? '');
    expect(next).toContain(KITTI);
    expect(next).not.toContain('ค่าล่วงเวลา');
    await p.getByRole('button', { name: /บันทึกและคำนวณ/ }).click();
    await expect.poll(() => alertText(p, /บันทึกเงินเดือน/)).toContain('เรียบร้อยแล้ว');
    await e.shot(p, 'payroll-sheet-draft');
    await p.getByRole('button', { name: /ส่งตรวจ/ }).click();
    await p.locator('.ant-popconfirm').getByRole('button', { name: 'ส่งตรวจ' }).click();
    await expect.poll(() => alertText(p, /ส่งตรวจเงินเดือนเรียบร้อยแล้ว/)).toContain('รอผู้จัดการสาขายืนยัน');
    await expect.poll(() => p.getByTestId('payroll-state').innerText()).toContain('ส่งตรวจแล้ว');
    // HR may confirm by ability, but never its own submission: the buttons the server would refuse are not shown
    expect(await p.getByRole('button', { name: /ยืนยัน \(ผู้จัดการสาขา\)/ }).count()).toBe(0);
    expect(await p.getByRole('button', { name: /ส่งกลับแก้ไข/ }).count()).toBe(0);
  });

  it('the branch manager sends it back with a reason; HR reads the reason and submits again', async () => {
    const p = await as('anan');
    await p.getByRole('button', { name: /ส่งกลับแก้ไข/ }).click();
    const dialog = p.locator('.ant-modal', { hasText: 'ส่งเงินเดือนกลับแก้ไข' });
    await dialog.waitFor();
    const ok = dialog.getByRole('button', { name: 'ส่งกลับแก้ไข' });
    // no reason, no sending back
    expect(await ok.isDisabled()).toBe(true);
    await dialog.getByLabel('เหตุผล').fill('ชั่วโมงล่วงเวลาของครูกิตติพงษ์ไม่ตรงกับใบลงเวลา');
    await e.shot(p, 'payroll-send-back-dialog');
    await ok.click();
    await expect.poll(() => alertText(p, /ส่งเงินเดือนเดือน/)).toContain('กลับเป็นฉบับร่าง');
    await expect.poll(() => p.getByTestId('payroll-state').innerText()).toContain('ฉบับร่าง');

    const hr = await as('wanida');
    await expect.poll(() => hr.getByTestId('sent-back').innerText()).toContain('ไม่ตรงกับใบลงเวลา');
    await e.shot(hr, 'payroll-sheet-sent-back');
    await hr.getByRole('button', { name: /ส่งตรวจ/ }).click();
    await hr.locator('.ant-popconfirm').getByRole('button', { name: 'ส่งตรวจ' }).click();
    await expect.poll(() => hr.getByTestId('payroll-state').innerText()).toContain('ส่งตรวจแล้ว');
  });

  it('the branch manager confirms', async () => {
    const p = await as('anan');
    await p.getByRole('button', { name: /ยืนยัน \(ผู้จัดการสาขา\)/ }).click();
    await expect.poll(() => alertText(p, /ยืนยันเงินเดือนเรียบร้อยแล้ว/)).toContain('รอเจ้าของกิจการอนุมัติ');
    await expect.poll(() => p.getByRole('button', { name: /^อนุมัติ$/ }).count()).toBe(0);
  });

  it('the owner approves: locked, payslips issued, one opened and read', async () => {
    const p = await as('admin');
    await p.getByRole('button', { name: /อนุมัติ/ }).first().click();
    await p.locator('.ant-popconfirm').getByRole('button', { name: 'อนุมัติ' }).click();
    await expect.poll(() => alertText(p, /อนุมัติเงินเดือนเรียบร้อยแล้ว/)).toContain('ถูกล็อก');
    await expect.poll(() => p.getByTestId('payroll-state').innerText()).toContain('อนุมัติแล้ว');
    await p.getByText('เงินเดือนรอบนี้อนุมัติแล้วและถูกล็อก').waitFor();
    await expect.poll(() => p.getByLabel(`ค่าล่วงเวลา ${KITTI}`).count()).toBe(0);
    await e.shot(p, 'payroll-sheet-approved');
    // the month's steps, the send-back and its reason among them
    await p.getByText(/ประวัติขั้นตอน \(\d+\)/).click();
    const steps = p.getByTestId('payroll-history');
    await steps.waitFor();
    await expect
      .poll(async () => (await steps.locator('.ant-timeline-item').allInnerTexts()).map((t) => t.split(' · ')[0]))
      .toEqual(['ส่งตรวจ', 'ส่งกลับแก้ไข', 'ส่งตรวจ', 'ยืนยัน', 'อนุมัติ']);
    expect(await steps.innerText()).toContain('เหตุผล: ชั่วโมงล่วงเวลาของครูกิตติพงษ์ไม่ตรงกับใบลงเวลา');
    await e.shot(p, 'payroll-steps-history');

    await p.goto(`${e.baseUrl}/payroll/history/${kitti}?month=${month}`);
    await p.getByTestId('history-net').waitFor();
    await e.shot(p, 'payroll-history');
    const [tab] = await Promise.all([
      p.context().waitForEvent('page'),
      p.getByRole('button', { name: 'สลิปเงินเดือน' }).click(),
    ]);
    await tab.waitForLoadState().catch(() => {});
    const res = await p.request.get(tab.url());
    expect(res.headers()['content-type']).toContain('application/pdf');
    const dir = path.join(path.dirname(shotsDir), 'payroll');
    fs.mkdirSync(dir, { recursive: true });
    const file = path.join(dir, 'payslip.pdf');
    fs.writeFileSync(file, await res.body());
    const text = execFileSync('pdftotext', ['-layout', file, '-']).toString();
    expect(text).toContain('สลิปเงินเดือน');
    expect(text).toContain('กิตติพงษ์');
    expect(text).toMatch(/พ.ศ.|25\d\d/);
    expect(text).toContain('ประกันสังคม');
    expect(text).toContain('เงินได้สุทธิ');
  });

  it('every payroll screen shows rows from the demo data', async () => {
    const p = await e.page();
    await login(e, p, 'admin');
    for (const [url, name, wait] of [
      ['/payroll', 'payroll-list', 'อนุมัติแล้ว'],
      ['/payroll/report', 'payroll-report', KITTI],
      ['/payroll/payslips', 'payroll-payslips', KITTI],
      // the staff list pages the head office first (the demo's payroll-only staff push a branch's people down)
      ['/payroll/staff', 'payroll-staff', 'วนิดา'],
      [`/payroll/staff/${kitti}`, 'payroll-staff-detail', 'รายได้ประจำ'],
    ] as const) {
      await p.goto(`${e.baseUrl}${url}`);
      await p.getByText(wait).first().waitFor();
      await e.shot(p, name);
    }
  });

  it('HR records a ล.ย.01 allowance on the employee’s payroll screen and sees the year’s total', async () => {
    const p = await e.page();
    await login(e, p, 'wanida');
    await p.goto(`${e.baseUrl}/payroll/staff/${kitti}`);
    await p.getByText('ค่าลดหย่อนตามแบบ ล.ย.01').waitFor();
    await p.getByRole('combobox', { name: 'ประเภทค่าลดหย่อน' }).click();
    await p.locator('.ant-select-dropdown .ant-select-item-option', { hasText: 'เบี้ยประกันชีวิต' }).first().click();
    await p.getByLabel('ยอดต่อปี').fill('20000');
    await p.getByRole('button', { name: /บันทึกค่าลดหย่อน/ }).click();
    await expect.poll(() => p.getByTestId('allowance-total').innerText()).toContain('20,000.00');
    await p.getByTestId('allowance-total').scrollIntoViewIfNeeded();
    await e.shot(p, 'payroll-allowances');
  });

  it('the owner sets who confirms on the payroll list: the branch manager then has no confirm button', async () => {
    const p = await e.page();
    await login(e, p, 'admin');
    await p.goto(`${e.baseUrl}/payroll`);
    const card = p.getByTestId('workflow-settings');
    await card.waitFor();
    await card.scrollIntoViewIfNeeded();
    await e.shot(p, 'payroll-workflow-settings');
    await card.getByRole('combobox', { name: 'ผู้ยืนยัน' }).click();
    await p.locator('.ant-select-dropdown .ant-select-item-option', { hasText: 'เจ้าของ/ผู้ดูแลระบบ' }).click();
    await p.keyboard.press('Escape');
    await card.getByRole('button', { name: /บันทึก/ }).click();
    await expect.poll(() => alertText(p, /บันทึกผู้ส่งตรวจ/)).toContain('เรียบร้อยแล้ว');
    // a month of another branch waits on a confirmer: only the owner may now confirm it
    const rows = await e.app.db.execute(
      "select b.branch_id, p.month from payrolls p join branches b on b.branch_id = p.branch_id where p.status = 'submitted' limit 1" as never,
    );
    const sub = (((rows as unknown as { rows?: unknown[] }).rows ?? rows) as { branch_id: number; month: string }[])[0];
    expect(sub, 'the demo school has a submitted month this month').toBeDefined();
    {
      const mgr = await e.page();
      await login(e, mgr, 'somchai');
      await mgr.goto(`${e.baseUrl}/payroll/sheet?branch=${sub!.branch_id}&month=${sub!.month}`);
      await expect.poll(() => mgr.getByTestId('payroll-state').innerText()).toContain('ส่งตรวจแล้ว');
      expect(await mgr.getByRole('button', { name: /ยืนยัน \(ผู้จัดการสาขา\)/ }).count()).toBe(0);
    }
    // back to the default for the tests after this one
    await e.app.db.execute("update payroll_workflow set confirm_roles = '{}'" as never);
  });

  it('history edit mode: HR changes one employee’s overtime of a draft month and the server recomputes', async () => {
    const rows = await e.app.db.execute("select user_id from users where username = 'prasert'" as never);
    const prasert = (((rows as unknown as { rows?: unknown[] }).rows ?? rows) as { user_id: number }[])[0]!.user_id;
    const p = await e.page();
    await login(e, p, 'wanida');
    await p.goto(`${e.baseUrl}/payroll/history/${prasert}?month=${month}`);
    await p.getByRole('button', { name: /แก้ไข/ }).click();
    const before = await p.getByTestId('history-net').innerText();
    await p.getByLabel('จำนวน ค่าล่วงเวลา').fill('3');
    await p.getByRole('button', { name: /บันทึก/ }).click();
    await expect.poll(() => alertText(p, /บันทึกเงินเดือนของ/)).toContain('เรียบร้อยแล้ว');
    await expect.poll(() => p.getByTestId('history-net').innerText()).not.toBe(before);
    await e.shot(p, 'payroll-history-edit');
  });

  it('a report load failure shows the server message as an error banner', async () => {
    const p = await e.page();
    await login(e, p, 'anan');
    await p.goto(`${e.baseUrl}/payroll/report?branch=${bkn + 1}`);
    await p.getByTestId('report-error').waitFor();
    await expect.poll(() => p.getByTestId('report-error').innerText()).toMatch(/[ก-๙]/);
  });
});
