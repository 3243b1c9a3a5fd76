/**
 * The demo school as `npm start` makes it (with its registrations, other-fee and request-fee applications):
 * every page carries the Thai demo banner, and the lists show rows on first start.
 */
import { afterAll, beforeAll, describe, it } from 'vitest';
import { startE2E, type E2E } from './harness.js';
import { expect, login } from './helpers.js';

let e: E2E;
beforeAll(async () => {
  e = await startE2E({ demoMoney: true });
});
afterAll(async () => {
  await e?.close();
});

describe('demo school', () => {
  it('shows the demo banner on every page and rows in the fee and request lists', async () => {
    const page = await e.page();
    await login(e, page, 'malee');
    const demoBanner = page.getByTestId('demo-banner');
    await expect.poll(async () => (await demoBanner.innerText()).trim()).toContain('โรงเรียนตัวอย่าง (ข้อมูลสาธิต)');
    for (const [path, size] of [
      ['/fee-applications', [1440, 900]],
      ['/request-applications', [1366, 768]],
      ['/payments', [1024, 768]],
      ['/cash-close', [1366, 768]],
    ] as const) {
      await page.setViewportSize({ width: size[0], height: size[1] });
      await page.goto(`${e.baseUrl}${path}`);
      await page.locator('.ant-table-row').first().waitFor();
      await expect.poll(() => page.locator('.ant-table-row').count(), { message: path }).toBeGreaterThan(0);
      await expect.poll(() => demoBanner.isVisible(), { message: path }).toBe(true);
      await e.shot(page, `demo-${path.slice(1)}-${size[0]}`);
    }
  });
});
