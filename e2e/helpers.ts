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

export async function banner(page: Page) {
  const b = page.locator('.ant-alert').first();
  await b.waitFor();
  return (await b.innerText()).trim();
}

/** A tiny valid PNG (1×1, green). */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

export { expect };
