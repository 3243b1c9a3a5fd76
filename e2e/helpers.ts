import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import type { E2E } from './harness.js';

export const DEMO = 'khabkhi-demo';
export const ADMIN = 'admin-test-pass';

export async function login(e: E2E, page: Page, username: string, password = username === 'admin' ? ADMIN : DEMO) {
  await page.goto(`${e.baseUrl}/login`);
  await page.getByLabel('ชื่อผู้ใช้').fill(username);
  await page.getByLabel('รหัสผ่าน').fill(password);
  await page.keyboard.press('Enter');
  // owners and managers land on the dashboard, everyone else on the home page
  await page.waitForURL((u) => u.origin === e.baseUrl && !u.pathname.startsWith('/login'));
}

/** Picks an antd Select option by its visible label. */
export async function pick(page: Page, label: string, option: string) {
  await page.getByLabel(label, { exact: true }).click();
  await page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${option}"]`).click();
}

/**
 * The page's first banner, once there is one. A form that refused to send (a required field left empty) shows no
 * banner at all: then the failure names the field's message instead of a bare time-out.
 */
export async function banner(page: Page) {
  const b = page.locator('.ant-alert').first();
  const fieldError = page.locator('.ant-form-item-explain-error').first();
  try {
    await b.or(fieldError).first().waitFor();
  } catch {
    throw new Error(`no banner; the page shows: ${await onScreen(page)}`);
  }
  if (!(await b.isVisible())) {
    await b.waitFor({ timeout: 3_000 }).catch(async () => {
      throw new Error(`no banner: the form was not sent (${(await fieldError.innerText()).trim()})`);
    });
  }
  return (await b.innerText()).trim();
}

/** What the page is showing the user right now: its banners, dialogs, messages and open confirmations. */
export async function onScreen(page: Page): Promise<string> {
  const texts = await page
    .locator('.ant-alert, .ant-modal-content, .ant-message-notice, .ant-popover:not(.ant-popover-hidden)')
    .evaluateAll((els) =>
      els
        .filter((el) => (el as HTMLElement).offsetParent !== null || getComputedStyle(el).position === 'fixed')
        .map((el) => (el as HTMLElement).innerText.replace(/\s+/g, ' ').trim())
        .filter(Boolean),
    );
  return texts.length ? texts.join(' | ') : '(no banner, dialog or message)';
}

/**
 * The text of the first banner matching `re`, once it shows; if none does within the time, the failure says what
 * the page shows instead (an error banner, a dialog asking something) rather than a bare time-out.
 */
export async function alertWith(page: Page, re: RegExp, timeout = 30_000) {
  const a = page.locator('.ant-alert', { hasText: re }).first();
  try {
    await a.waitFor({ timeout });
  } catch {
    throw new Error(`no banner matching ${re}; the page shows: ${await onScreen(page)}`);
  }
  return (await a.innerText()).trim();
}

/** A tiny valid PNG (1×1, green). */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

export { expect };
