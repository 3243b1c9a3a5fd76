/**
 * The owner's compliance calendar and reminders in the browser: the agenda of the month with the filings, a filing
 * ticked as done, the month grid, a phone-calendar link made and read as iCalendar text; the reminder settings with a
 * template refused for an unknown placeholder; the reminder log with a failed message queued again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2E, type E2E } from './harness.js';
import { login } from './helpers.js';

let e: E2E;

beforeAll(async () => {
  e = await startE2E({ demo: true, demoMoney: true });
}, 240_000);
afterAll(async () => {
  await e?.close();
});

describe('compliance calendar and reminders', () => {
  it('the agenda, a filing ticked, the month grid and a phone-calendar link', async () => {
    const page = await e.page();
    await login(e, page, 'admin');
    await page.goto(`${e.baseUrl}/compliance`);
    const agenda = page.getByTestId('compliance-agenda');
    await agenda.getByText('นำส่งเงินสมทบประกันสังคม', { exact: false }).first().waitFor();
    await e.shot(page, 'compliance-agenda');

    // tick the first filing still open as filed: its row turns เสร็จแล้ว
    const row = agenda.locator('tr', { has: page.getByRole('button', { name: 'ยื่นแล้ว' }) }).first();
    const title = (await row.locator('a').first().innerText()).trim();
    await row.getByRole('button', { name: 'ยื่นแล้ว' }).click();
    const same = agenda.locator('tr', { has: page.getByRole('link', { name: title, exact: true }) });
    await same.getByText('เสร็จแล้ว').waitFor();

    await page.getByText('เดือน', { exact: true }).click();
    await page.getByTestId('compliance-month').locator('.kk-cal-ev').first().waitFor();
    await e.shot(page, 'compliance-month');

    await page.getByPlaceholder('เช่น มือถือเจ้าของ').fill('มือถือทดสอบ');
    await page.getByTestId('feed-create').click();
    const link = page.getByTestId('feed-link');
    await link.waitFor();
    const url = await link.inputValue();
    expect(url).toMatch(/\/api\/compliance\/feed\/[A-Za-z0-9_-]+\.ics$/);
    await e.shot(page, 'compliance-feed');
    const ics = await fetch(url);
    expect(ics.status).toBe(200);
    const text = await ics.text();
    expect(text.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    expect(text).toContain('BEGIN:VEVENT');
  });

  it('reminder settings refuse an unknown placeholder; the log queues a failed message again', async () => {
    const page = await e.page();
    await login(e, page, 'admin');
    await page.goto(`${e.baseUrl}/reminders/settings`);
    const card = page.getByTestId('reminder-exam_tomorrow');
    await card.getByLabel('ข้อความแจ้งเตือน').waitFor();
    await card.getByLabel('ข้อความแจ้งเตือน').fill('สอบวันที่ {date} ที่ {room}');
    await card.getByRole('button', { name: 'ดูตัวอย่าง' }).click();
    await card.getByText('{room}', { exact: false }).last().waitFor();
    expect(await card.locator('.ant-alert-error').innerText()).toContain('{room}');
    await card.getByLabel('ข้อความแจ้งเตือน').fill('สอบวันที่ {date} เวลา {time} น.');
    await card.getByRole('button', { name: 'ดูตัวอย่าง' }).click();
    await card.getByText('ตัวอย่าง: สอบวันที่ 3 ธ.ค. 2569 เวลา 09:00 น.').waitFor();
    await page.getByTestId('reminder-channels').waitFor();
    await e.shot(page, 'reminder-settings');

    await page.goto(`${e.baseUrl}/reminders/log`);
    const table = page.getByTestId('outbox-table');
    await table.getByText('ส่งแล้ว').first().waitFor();
    await e.shot(page, 'reminder-log');
    await page.goto(`${e.baseUrl}/reminders/log?status=failed`);
    const failed = table.locator('tr', { has: page.getByRole('button', { name: 'ส่งใหม่' }) });
    await failed.first().waitFor();
    const before = await failed.count();
    await failed.first().getByRole('button', { name: 'ส่งใหม่' }).click();
    await expect.poll(() => failed.count()).toBe(before - 1);
  });
});
