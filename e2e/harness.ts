import fs from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestAppOptions } from '../apps/server/test/helpers.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const shotsDir = path.join(root, 'test-results', 'screenshots');
export const SHOT_SIZES: [number, number][] = [
  [1366, 768],
  [1024, 768],
];

/** Whether screenshots are wanted (E2E_SHOTS=1 or all): `npm test` takes none, a person looking at the screens does. */
export const shotsWanted = Boolean(process.env.E2E_SHOTS);

/** The viewport as it is, to test-results/screenshots/<name>.png, after antd's fade-in; only when shots are wanted. */
export async function picture(page: Page, name: string): Promise<void> {
  if (!shotsWanted) return;
  await page.waitForTimeout(400);
  await page.screenshot({ path: path.join(shotsDir, `${name}.png`) });
}

export interface E2E {
  baseUrl: string;
  browser: Browser;
  app: Awaited<ReturnType<typeof createTestApp>>;
  page(): Promise<Page>;
  /**
   * With E2E_SHOTS=1, a full-page screenshot at the page's size; with E2E_SHOTS=all also the viewport at 1366×768 and
   * 1024×768 (name-1366, name-1024). Without it, nothing (the test goes on at once).
   */
  shot(page: Page, name: string): Promise<string>;
  close(): Promise<void>;
}

/**
 * The server's requests under way, with their start, for the report of a failed test (failure-report.ts): a test that
 * waits for a banner that never comes then says whether the request behind it was still running, and for how long.
 */
const underWay = new Map<string, { what: string; since: number }>();
function watchRequests(app: Awaited<ReturnType<typeof createTestApp>>['app']) {
  let n = 0;
  // on the HTTP server itself: the app is already built and ready, its hooks closed to additions
  app.server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const id = String(++n);
    const since = Date.now();
    const what = `${req.method} ${(req.url ?? '').slice(0, 120)}`;
    underWay.set(id, { what, since });
    res.on('close', () => {
      underWay.delete(id);
      const ms = Date.now() - since;
      if (ms > 5_000) console.warn(`slow request: ${what} → ${res.statusCode} after ${ms} ms`);
    });
  });
}
const running = new Set<Awaited<ReturnType<typeof createTestApp>>>();

/** On PostgreSQL: the test database's sessions that are not idle (waiting on a lock, or in a long statement). */
export async function databaseActivity(): Promise<string> {
  const out: string[] = [];
  for (const app of running) {
    if (app.kind !== 'postgres') continue;
    const res = (await app.db
      .execute(
        sql.raw(`select state, coalesce(wait_event_type || ':' || wait_event, '') as wait,
          left(regexp_replace(query, '\\s+', ' ', 'g'), 160) as query,
          round(extract(epoch from now() - coalesce(query_start, xact_start)) * 1000) as ms
        from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and state <> 'idle'`),
      )
      .catch(() => ({ rows: [] }))) as unknown as {
      rows: { state: string; wait: string; query: string; ms: number }[];
    };
    for (const r of res.rows) out.push(`${r.state} ${r.wait} ${r.ms} ms: ${r.query}`);
  }
  return out.join('; ');
}

/** The requests still running, oldest first ('' when none). */
export function requestsUnderWay(): string {
  const now = Date.now();
  return [...underWay.values()]
    .sort((a, b) => a.since - b.since)
    .map((r) => `${r.what} (${now - r.since} ms)`)
    .join('; ');
}

/** The real server (fresh database, demo school, built web app) on a random port, and Debian's Chromium. */
export async function startE2E(opts: TestAppOptions = {}): Promise<E2E> {
  if (!fs.existsSync(path.join(root, 'apps/web/dist/index.html'))) {
    throw new Error('apps/web/dist is missing: run `npm run build` first (npm test does)');
  }
  const app = await createTestApp(opts);
  watchRequests(app.app);
  running.add(app);
  await app.app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.app.server.address() as { port: number }).port;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  fs.mkdirSync(shotsDir, { recursive: true });
  const pages: Page[] = [];
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    browser,
    app,
    async page() {
      const ctx = await browser.newContext({
        viewport: { width: 1366, height: 860 },
        locale: 'th-TH',
        timezoneId: 'Asia/Bangkok',
      });
      const p = await ctx.newPage();
      p.setDefaultTimeout(30_000); // a wait on a loaded 2-core machine (CI runs every suite there) can pass 15 s
      pages.push(p);
      return p;
    },
    async shot(page, name) {
      const file = path.join(shotsDir, `${name}.png`);
      // only when asked (E2E_SHOTS=1 or all): a full-page picture and the fade-in it waits for took over a second a
      // shot, a quarter of the suite's time, and no test reads them
      if (!shotsWanted) return file;
      // from the top: sticky sider and header would otherwise be drawn where the page happened to be scrolled
      await page.evaluate(() => window.scrollTo(0, 0)).catch(() => {});
      // a page just loaded is drawn faded: wait (briefly) until no spinner spins and the fade-in has ended
      await page
        .waitForFunction(() => !document.querySelector('.ant-spin-spinning'), undefined, { timeout: 3000 })
        .catch(() => {});
      await page.waitForTimeout(400); // antd's fade-in after a page load
      await page.screenshot({ path: file, fullPage: true });
      // the screens staff have: what fits without scrolling at 1366×768 and 1024×768 (the menu folds below 1200);
      // taken when looking at the screens (E2E_SHOTS=all), not in every test run
      if (process.env.E2E_SHOTS !== 'all') return file;
      const size = page.viewportSize();
      for (const [w, h] of SHOT_SIZES) {
        await page.setViewportSize({ width: w, height: h });
        await page.waitForTimeout(250);
        await page.screenshot({ path: path.join(shotsDir, `${name}-${w}.png`) });
      }
      if (size) await page.setViewportSize(size);
      return file;
    },
    async close() {
      running.delete(app);
      await browser.close().catch(() => {});
      await app.close();
    },
  };
}
