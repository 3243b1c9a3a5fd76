/**
 * The fleet's renewal rules in the expense dialog: a tax renewal 200 days early is refused with the server's Thai
 * message; a manager is asked for the reason and records it all the same (the reason in the audit log, the due date
 * rolled); an accountant is told what to do first and gets no reason field.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page, Response } from 'playwright-core';
import { sql } from 'drizzle-orm';
import { addDays, formatThaiDate, todayBangkok, toBuddhistYear } from '@khabkhi/thai';
import { rows } from '../apps/server/test/foundation/fixtures.js';
import { startE2E, type E2E } from './harness.js';
import { login } from './helpers.js';

let e: E2E;
const today = todayBangkok();
const twoYearsAgo = `${Number(today.slice(0, 4)) - 2}-01-15`;
let early: { vehicle_id: number; no: string };
let lapsed: { vehicle_id: number; no: string };

beforeAll(async () => {
  e = await startE2E();
  const somchai = await e.app.as('somchai');
  // the branch's tax item (the catalog screen makes it the same way; the demo school calls it so)
  const cats = (await somchai.get('/api/list-expenses/list')).body.data.category as {
    children: { value: number; name: string }[];
  }[];
  const taxCat = cats.flatMap((c) => c.children).find((c) => c.name === 'ภาษีรถประจำปี')!.value;
  const item = await somchai.post('/api/list-expenses/create', { name: 'ภาษีรถประจำปี', category_id: taxCat });
  expect(item.status, item.body.message).toBe(200);
  const car = async (no: string, v: Record<string, unknown>) => {
    const r = await somchai.post('/api/vehicle/create', {
      no,
      province: 'กรุงเทพมหานคร',
      type: 'car',
      brand: 'Toyota',
      model: 'Vios',
      registration_date: twoYearsAgo,
      ...v,
    });
    expect(r.status, r.body.message).toBe(200);
    return r.body.data;
  };
  early = await car('6กข 2001', { noti_tax: addDays(today, 200), noti_compulsory: addDays(today, 300) });
  lapsed = await car('6กข 2002', { noti_tax: addDays(today, 30), noti_compulsory: addDays(today, -5) });
});
afterAll(async () => {
  await e?.close();
});

/** a date as typed into a พ.ศ. date field: 22/11/2569 */
const typed = (iso: string) => {
  const [y, m, d] = iso.split('-');
  return `${d}/${m}/${toBuddhistYear(Number(y))}`;
};

/** Opens the vehicle's expense dialog and fills a tax renewal (the item suggests the kind) up to the new due date. */
async function fillTaxRenewal(page: Page, vehicleId: number, until: string) {
  await page.goto(`${e.baseUrl}/vehicles/${vehicleId}`);
  await page.getByRole('button', { name: 'บันทึกค่าใช้จ่าย' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.waitFor();
  const select = dialog.locator('.ant-select').filter({ has: page.getByRole('combobox', { name: 'รายการค่าใช้จ่าย' }) });
  for (let attempt = 0; attempt < 3 && !(await select.innerText()).includes('ภาษีรถประจำปี'); attempt++) {
    await dialog.getByRole('combobox', { name: 'รายการค่าใช้จ่าย' }).click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option[title="ภาษีรถประจำปี"]').click();
  }
  await expect.poll(() => select.innerText()).toContain('ภาษีรถประจำปี');
  await dialog.getByLabel('จำนวนเงิน').fill('1600');
  const untilField = dialog.getByLabel('ต่ออายุถึง (วันครบกำหนดใหม่)', { exact: true });
  await untilField.click();
  await untilField.fill(typed(until));
  await page.keyboard.press('Enter');
  return dialog;
}

/**
 * The dialog's save button once it reads `name` (บันทึก, or ยืนยันบันทึก once a reason is asked): found by its place in
 * the footer and its text, which the user reads, rather than by its accessible name, which the page computes from the
 * whole dialog and which Chromium has at times not answered while the reason field mounted.
 */
async function saveButton(page: Page, name: string) {
  const button = page.getByRole('dialog').locator('.ant-modal-footer .ant-btn-primary');
  await expect.poll(() => button.innerText()).toBe(name);
  return button;
}

/** Clicks the dialog's save button and returns the server's answer to the expense request. */
async function send(page: Page, name: string): Promise<{ status: number; body: any }> {
  const answer = page.waitForResponse((r: Response) => new URL(r.url()).pathname === '/api/expenses/create');
  await (await saveButton(page, name)).click();
  const r = await answer;
  return { status: r.status(), body: await r.json() };
}

describe('the fleet’s renewal rules in the expense dialog', () => {
  it('a manager sees the Thai refusal of a tax renewal 200 days early, gives the reason and records it; the audit log keeps the reason', async () => {
    const page = await e.page();
    await login(e, page, 'somchai');
    const until = addDays(today, 565);
    const dialog = await fillTaxRenewal(page, early.vehicle_id, until);
    const refused = await send(page, 'บันทึก');
    expect(refused.status).toBe(400);
    const alert = dialog.getByRole('alert');
    await alert.waitFor();
    await expect
      .poll(() => alert.innerText())
      .toContain(`ต่อภาษีรถ ${early.no} กรุงเทพมหานคร ได้ล่วงหน้าไม่เกิน 90 วันก่อนครบกำหนด`);
    const reason = dialog.getByLabel('เหตุผลที่ยืนยันบันทึก');
    await reason.waitFor();
    await expect.poll(() => reason.evaluate((el) => el === document.activeElement)).toBe(true);
    await dialog.getByText('หากจำเป็นต้องบันทึกทั้งที่ไม่เป็นไปตามกฎ ให้ระบุเหตุผล').waitFor();
    // the date did not move
    await page
      .getByTestId('due-tax')
      .getByText(formatThaiDate(addDays(today, 200)))
      .waitFor();
    await e.shot(page, 'fleet-renewal-override-asked');

    // an empty reason is not sent: the field says so
    await (await saveButton(page, 'ยืนยันบันทึก')).click();
    await dialog.getByText('กรุณาระบุเหตุผลที่ยืนยันบันทึก').waitFor();
    await reason.fill('รถจะย้ายไปใช้ที่สาขาต่างจังหวัดช่วงครบกำหนด จึงต่อภาษีไว้ก่อน');
    const saved = await send(page, 'ยืนยันบันทึก');
    expect(saved.status, saved.body.message).toBe(200);
    expect(saved.body.message).toBe('บันทึกค่าใช้จ่ายเรียบร้อยแล้ว');
    await page.getByRole('dialog').waitFor({ state: 'hidden' });
    await page.getByTestId('due-tax').getByText(formatThaiDate(until)).waitFor();
    const [row] = await rows<{ after: { reason: string; broken_rules: string[] } }>(
      e.app,
      sql`select after from audit_log where entity = 'vehicle' and entity_id = ${String(early.vehicle_id)} and action = 'renew-override'`,
    );
    expect(row!.after.reason).toBe('รถจะย้ายไปใช้ที่สาขาต่างจังหวัดช่วงครบกำหนด จึงต่อภาษีไว้ก่อน');
    expect(row!.after.broken_rules[0]).toContain('ได้ล่วงหน้าไม่เกิน 90 วัน');
  }, 180_000);

  it('an accountant is told to renew the พ.ร.บ. first (or ask a manager) and gets no reason field', async () => {
    const page = await e.page();
    await login(e, page, 'wanida');
    const dialog = await fillTaxRenewal(page, lapsed.vehicle_id, addDays(today, 395));
    const refused = await send(page, 'บันทึก');
    expect(refused.status).toBe(400);
    const alert = dialog.getByRole('alert');
    await alert.waitFor();
    await expect.poll(() => alert.innerText()).toContain('ให้ต่อ พ.ร.บ. และบันทึกค่า พ.ร.บ. ก่อน');
    await expect.poll(() => alert.innerText()).toContain('ให้ผู้จัดการเป็นผู้บันทึกพร้อมระบุเหตุผล');
    expect(await dialog.getByLabel('เหตุผลที่ยืนยันบันทึก').count()).toBe(0);
    expect(await dialog.locator('.ant-modal-footer .ant-btn-primary').innerText()).toBe('บันทึก');
    await e.shot(page, 'fleet-renewal-refused-accountant');
    const stored = await rows(e.app, sql`select 1 from expenses where vehicle_id = ${lapsed.vehicle_id}`);
    expect(stored).toHaveLength(0);
  }, 180_000);
});
