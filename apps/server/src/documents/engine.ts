/**
 * The PDF engine: HTML printed by headless Chromium (playwright-core, Debian's /usr/bin/chromium).
 * One browser, started on first use; a small pool of reused pages; requests queue for a free page.
 * Thai is shaped by Chromium and the bundled Sarabun font is embedded in every PDF.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, Page } from 'playwright-core';
import { AppError } from '../http/errors.js';

const require = createRequire(import.meta.url);

/**
 * The Sarabun font files, served to the document pages from memory under an address no network knows: each page
 * fetches them once and Chromium keeps them, instead of decoding 220 kB of base64 font inlined in every document
 * (a receipt renders in about two thirds of the time).
 */
const FONT_ORIGIN = 'https://fonts.khabkhi.invalid';
const FONT_FILES: Record<string, string> = {
  'sarabun-400.ttf': '400Regular',
  'sarabun-700.ttf': '700Bold',
};
let fontData: Map<string, Buffer> | null = null;
function fontFiles(): Map<string, Buffer> {
  fontData ??= new Map(
    Object.entries(FONT_FILES).map(([file, weight]) => [
      file,
      fs.readFileSync(require.resolve(`@expo-google-fonts/sarabun/${weight}/Sarabun_${weight}.ttf`)),
    ]),
  );
  return fontData;
}

/** @font-face for Sarabun (regular and bold) and the print defaults every document shares. */
export function documentBaseCss(): string {
  return `
    @font-face { font-family: 'Sarabun'; font-weight: 400; src: url(${FONT_ORIGIN}/sarabun-400.ttf) format('truetype'); }
    @font-face { font-family: 'Sarabun'; font-weight: 700; src: url(${FONT_ORIGIN}/sarabun-700.ttf) format('truetype'); }
    html { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
    body { font-family: 'Sarabun', sans-serif; color: #111; word-break: normal; line-break: auto; }
  `;
}

/** Answers a document page's font requests from memory (a year's cache: the page asks once). */
async function serveFonts(page: Page) {
  const files = fontFiles();
  await page.route(`${FONT_ORIGIN}/**`, (route) => {
    const body = files.get(new URL(route.request().url()).pathname.slice(1));
    return body
      ? route.fulfill({
          body,
          contentType: 'font/ttf',
          headers: { 'cache-control': 'public, max-age=31536000, immutable', 'access-control-allow-origin': '*' },
        })
      : route.fulfill({ status: 404, body: '' });
  });
}

export type PaperFormat = 'a4' | 'slip80';

export interface PdfEngine {
  render(html: string, format?: PaperFormat): Promise<Buffer>;
  close(): Promise<void>;
}

/** The one command that installs the renderer on this kind of machine (Debian). */
export const RENDERER_INSTALL_COMMAND = 'sudo apt-get install -y chromium';

/**
 * A Thai 503 naming what is missing (the Chromium program at `path`) and the one command that installs it: a missing
 * renderer is the machine's setup, not the request, and the next request after the install renders (nothing cached).
 */
export function rendererMissing(path: string): AppError {
  return new AppError(
    503,
    `พิมพ์เอกสาร PDF ไม่ได้: ไม่พบโปรแกรม Chromium ที่ใช้สร้างเอกสาร (${path}) ` +
      `ผู้ดูแลระบบติดตั้งได้ด้วยคำสั่ง ${RENDERER_INSTALL_COMMAND} (หรือตั้งค่า CHROMIUM_PATH ให้ชี้ไปยังโปรแกรม) แล้วลองใหม่อีกครั้ง`,
  );
}

function isExecutable(file: string): boolean {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

export function createPdfEngine(opts: { chromiumPath: string; pages?: number }): PdfEngine {
  const size = Math.max(1, opts.pages ?? 2);
  let browser: Promise<Browser> | null = null;
  const idle: Page[] = [];
  const waiting: ((p: Page) => void)[] = [];
  let created = 0;
  let closed = false;

  async function launch(): Promise<Browser> {
    if (!isExecutable(opts.chromiumPath)) throw rendererMissing(opts.chromiumPath);
    const { chromium } = await import('playwright-core');
    const b = await chromium.launch({
      executablePath: opts.chromiumPath,
      headless: true,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--font-render-hinting=none',
        '--disable-background-networking',
        '--disable-extensions',
      ],
    });
    b.on('disconnected', () => {
      browser = null;
      idle.length = 0;
      created = 0;
    });
    return b;
  }

  async function acquire(): Promise<Page> {
    if (closed) throw new Error('document engine closed');
    const free = idle.pop();
    if (free && !free.isClosed()) return free;
    if (created < size) {
      created++;
      try {
        if (!browser) browser = launch();
        const b = await browser;
        const ctx = await b.newContext({ locale: 'th-TH', timezoneId: 'Asia/Bangkok', javaScriptEnabled: false });
        const page = await ctx.newPage();
        await serveFonts(page);
        return page;
      } catch (e) {
        created--;
        browser = null;
        throw e;
      }
    }
    return new Promise((resolve) => waiting.push(resolve));
  }

  function release(p: Page) {
    const next = waiting.shift();
    if (next) next(p);
    else idle.push(p);
  }

  return {
    async render(html, format = 'a4') {
      const page = await acquire();
      try {
        await page.setContent(html, { waitUntil: 'load' });
        const pdf =
          format === 'slip80'
            ? await page.pdf({
                width: '80mm',
                printBackground: true,
                margin: { top: '4mm', bottom: '4mm', left: '3mm', right: '3mm' },
              })
            : await page.pdf({
                format: 'A4',
                printBackground: true,
                margin: { top: '12mm', bottom: '12mm', left: '14mm', right: '14mm' },
              });
        return Buffer.from(pdf);
      } catch (e) {
        await page.close().catch(() => {});
        created--;
        const next = waiting.shift();
        if (next) void acquire().then(next, () => {});
        throw e;
      } finally {
        if (!page.isClosed()) release(page);
      }
    },
    async close() {
      closed = true;
      const b = browser;
      browser = null;
      if (b) await (await b).close().catch(() => {});
    },
  };
}
