/**
 * npm run bench:web — the web app's weight and speed, measured as a browser sees them (a script, not a test).
 *
 * Builds the web app, starts the real server on a fresh PGlite demo school (the e2e harness), and with
 * Debian's headless Chromium:
 *  1. opens /login and sums the JavaScript it loads (from Chromium's network log; each body gzipped here,
 *     since the server sends it uncompressed): the login page's budget;
 *  2. logs in and adds what the shell (menu, header, home page) loads: login + shell ≤ 250 kB gzipped;
 *  3. times a list page from navigation to rows on screen, both as a fresh load of /applications and as a
 *     click in the menu, several times each (median and worst).
 */
import { execSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import type { Page } from 'playwright-core';
import { startE2E } from '../e2e/harness.js';
import { customer, makeCatalog } from '../apps/server/test/money/fixtures.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const LIST = '/applications';

if (!process.argv.includes('--no-build')) {
  console.log('building the web app…');
  execSync('npm run build --silent -w apps/web', { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
}

interface Js {
  url: string;
  raw: number;
  gzip: number;
}

/** Records every script the page loads, with its size raw and gzipped. */
function recordScripts(page: Page) {
  const seen = new Map<string, Js>();
  const pending: Promise<void>[] = [];
  page.on('response', (res) => {
    if (res.request().resourceType() !== 'script' || seen.has(res.url())) return;
    pending.push(
      res
        .body()
        .then((b) => {
          seen.set(res.url(), { url: res.url(), raw: b.length, gzip: zlib.gzipSync(b).length });
        })
        .catch(() => {}),
    );
  });
  return {
    async take(): Promise<Js[]> {
      await Promise.all(pending);
      const list = [...seen.values()];
      seen.clear();
      pending.length = 0;
      return list;
    },
  };
}

const kb = (n: number) => (n / 1024).toFixed(1);
const sum = (l: Js[], k: 'raw' | 'gzip') => l.reduce((a, j) => a + j[k], 0);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const e = await startE2E();
try {
  // a counter's morning: 30 registrations with deposits, so the list has a full page of rows
  const cat = await makeCatalog(e.app.db);
  const malee = await e.app.as('malee');
  for (let i = 0; i < 30; i++) {
    const r = await malee.post('/api/application/create', {
      customer: customer(),
      courses: [{ course_id: i % 2 ? cat.car : cat.moto }],
      other_fees: [],
      payment: { paid: '500', pay_type: i % 2 ? 'cash' : 'transfer' },
    });
    if (r.status !== 200) throw new Error(`registration ${i}: ${r.body.message}`);
  }

  // 1–2: login page, then the shell after logging in
  const page = await e.page();
  const rec = recordScripts(page);
  await page.goto(`${e.baseUrl}/login`, { waitUntil: 'networkidle' });
  await page.getByLabel('ชื่อผู้ใช้').waitFor();
  const loginJs = await rec.take();
  await page.getByLabel('ชื่อผู้ใช้').fill('malee');
  await page.getByLabel('รหัสผ่าน').fill('khabkhi-demo');
  await page.keyboard.press('Enter');
  await page.waitForURL(`${e.baseUrl}/`);
  await page.getByRole('navigation', { name: 'เมนูหลัก' }).waitFor();
  await page.waitForLoadState('networkidle');
  const shellJs = await rec.take();

  // 3a: a fresh load of the list page (logged in; the browser's cache is cold for each run)
  const fresh: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const ctx = await e.browser.newContext({
      viewport: { width: 1366, height: 768 },
      locale: 'th-TH',
      timezoneId: 'Asia/Bangkok',
      storageState: await page.context().storageState(),
    });
    const p = await ctx.newPage();
    const t0 = Date.now();
    await p.goto(`${e.baseUrl}${LIST}`, { waitUntil: 'commit' });
    await p.locator('.ant-table-row').first().waitFor({ timeout: 30_000 });
    fresh.push(Date.now() - t0);
    await ctx.close();
  }
  // 3b: from the home page, a click in the menu (what a cashier does all day)
  const inApp: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    await page.goto(`${e.baseUrl}/`, { waitUntil: 'networkidle' });
    const t0 = Date.now();
    await page.getByRole('navigation', { name: 'เมนูหลัก' }).getByRole('link', { name: 'รายการสมัครเรียน' }).click();
    await page.locator('.ant-table-row').first().waitFor({ timeout: 30_000 });
    inApp.push(Date.now() - t0);
  }

  const loginGz = sum(loginJs, 'gzip');
  const shellGz = sum(shellJs, 'gzip');
  console.log("\n== JavaScript loaded (gzip, from Chromium's network log)");
  for (const j of loginJs)
    console.log(`  login  ${kb(j.gzip).padStart(7)} kB  ${path.basename(new URL(j.url).pathname)}`);
  for (const j of shellJs)
    console.log(`  shell  ${kb(j.gzip).padStart(7)} kB  ${path.basename(new URL(j.url).pathname)}`);
  console.log(
    `login page:          ${kb(loginGz)} kB gzip (${kb(sum(loginJs, 'raw'))} kB raw, ${loginJs.length} files)`,
  );
  console.log(
    `login page + shell:  ${kb(loginGz + shellGz)} kB gzip (${kb(sum(loginJs, 'raw') + sum(shellJs, 'raw'))} kB raw, ${loginJs.length + shellJs.length} files) — budget 250 kB`,
  );
  console.log(`\n== ${LIST}: navigation → rows on screen (${RUNS} runs)`);
  console.log(`fresh load:          median ${median(fresh)} ms, worst ${Math.max(...fresh)} ms`);
  console.log(`menu click:          median ${median(inApp)} ms, worst ${Math.max(...inApp)} ms — budget 1000 ms`);
} finally {
  await e.close();
}
