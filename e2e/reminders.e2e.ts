/**
 * The owner's compliance calendar and reminders in the browser: the agenda of the month with the filings, a filing
 * ticked as done, the month grid, a phone-calendar link made and read as iCalendar text; the reminder settings with a
 * template refused for an unknown placeholder; the reminder log with a failed message queued again; the bell with
 * its unread count, read all; a student's LINE link code made on their registration and the opt-out switch; the
 * settings, log and dashboard as staff see them at 1440×900 and 1024×768.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rows } from '../apps/server/test/foundation/fixtures.js';
import { picture, startE2E, type E2E } from './harness.js';
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

  it('the bell shows the unread count and reads all; a registration makes a LINE link code and keeps an opt-out', async () => {
    const page = await e.page();
    await login(e, page, 'admin');
    await page.goto(`${e.baseUrl}/reminders/log?type=app`);
    const bell = page.getByTestId('notification-bell');
    await bell.locator('.ant-badge-count').waitFor();
    const label = (await bell.getAttribute('aria-label')) ?? '';
    expect(label).toMatch(/ยังไม่อ่าน \d+ รายการ/);
    await bell.click();
    const list = page.getByTestId('notification-list');
    await list.getByText('เงินเดือน', { exact: false }).first().waitFor();
    await e.shot(page, 'notification-bell');
    await page.getByRole('button', { name: 'อ่านทั้งหมด' }).click();
    await expect.poll(() => bell.getAttribute('aria-label')).toBe('การแจ้งเตือน');

    const [app] = await rows<{ id: number }>(
      e.app,
      sql`select application_id as id from applications where kind = 'course' and not is_delete
        order by application_id desc limit 1`,
    );
    const id = app!.id;
    await page.goto(`${e.baseUrl}/applications/${id}`);
    const card = page.getByTestId('student-reminders');
    await card.getByRole('button', { name: /สร้างรหัส|เชื่อมบัญชี LINE ใหม่/ }).click();
    await card.getByText(/ส่งรหัส\s*\d{6}/).waitFor();
    await card.getByRole('switch').click();
    await card.getByText('ไม่รับการแจ้งเตือน').waitFor();
    await page.reload();
    await card.getByText('ไม่รับการแจ้งเตือน').waitFor();
    await e.shot(page, 'student-reminders');
  });

  it('settings, log and dashboard at 1440×900 and 1024×768', async () => {
    const page = await e.page();
    await login(e, page, 'admin');
    for (const [w, h] of [
      [1440, 900],
      [1024, 768],
    ] as const) {
      await page.setViewportSize({ width: w, height: h });
      await page.goto(`${e.baseUrl}/reminders/settings`);
      await page.getByTestId('reminder-payroll_waiting').waitFor();
      await picture(page, `reminder-settings-${w}`);
      await page.goto(`${e.baseUrl}/reminders/log`);
      await page.getByTestId('outbox-table').getByText('ส่งแล้ว').first().waitFor();
      await picture(page, `reminder-log-${w}`);
      await page.goto(`${e.baseUrl}/dashboard`);
      await page.getByText('ยอดค้างชำระ').first().waitFor();
      await picture(page, `dashboard-${w}`);
    }
  });
});
