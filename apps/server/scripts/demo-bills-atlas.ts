/**
 * Makes the glyph atlas of the demo's bill photos (src/db/demo-bills/atlas.png + atlas.json): every word, digit and
 * sign a demo bill can print, in each of its styles, drawn once with the bundled Sarabun font in headless Chromium
 * (canvas fillText: Chromium shapes the Thai) and measured there (advance and ink box). The seed then composes bills
 * from it in plain JS (src/db/demo-bills.ts). Run again after changing a bill's fixed text or styles:
 *   npx tsx apps/server/scripts/demo-bills-atlas.ts   (CHROMIUM=/path/to/chromium; default /usr/bin/chromium)
 */
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { chromium } from 'playwright-core';
import {
  BILL_STYLES,
  CONSONANTS,
  DEMO_SUPPLIERS,
  NUMBER_WORDS,
  VAR_CHARS,
  demoBillsFolder,
  layoutBill,
  repairItems,
  tokensOf,
  type AtlasIndex,
  type BillStyle,
  type DemoBill,
} from '../src/db/demo-bills.js';
import { decodePngGrey, encodeGreyPng } from '../src/lib/png.js';

const require = createRequire(import.meta.url);
const ATLAS_WIDTH = 1024;

// every fixed text: lay out one bill of each kind at every branch, both ways of paying, a car and a motorcycle
const wanted = new Map<BillStyle, Set<string>>();
const want = (style: BillStyle, token: string) => {
  if (!wanted.has(style)) wanted.set(style, new Set());
  wanted.get(style)!.add(token);
};
for (const branch of Object.keys(DEMO_SUPPLIERS))
  for (const payType of ['cash', 'transfer'] as const)
    for (const moto of [false, true])
      for (const province of ['กรุงเทพมหานคร', 'เชียงใหม่']) {
        const common = { branch, date: '2026-11-23', plate: '1กข 1234', province, payType, seq: 1 };
        const samples: DemoBill[] = [
          {
            kind: 'fuel',
            ...common,
            fuel: moto ? 'แก๊สโซฮอล์ 91' : 'แก๊สโซฮอล์ 95',
            liters: '10.00',
            price: '35.00',
            value: '350.00',
          },
          { kind: 'repair', ...common, mile: 1234, items: repairItems(moto, '2000'), value: '2000' },
        ];
        for (const s of samples)
          for (const op of layoutBill(s).ops)
            if (op.kind === 'text') for (const t of tokensOf(op.text)) want(op.style, t);
      }
// and whatever varies: digits and signs everywhere, a plate's letters and amounts in words where they are printed
for (const style of wanted.keys()) for (const ch of VAR_CHARS) want(style, ch);
for (const ch of CONSONANTS) want('text', ch);
for (const w of NUMBER_WORDS) want('small', w);

const faces = [...new Set(Object.values(BILL_STYLES).map((s) => s.face))];
const fonts = Object.fromEntries(
  faces.map((f) => [
    f,
    fs.readFileSync(require.resolve(`@expo-google-fonts/sarabun/${f}/Sarabun_${f}.ttf`)).toString('base64'),
  ]),
);
const requests = [...wanted].map(([style, set]) => ({
  style,
  face: BILL_STYLES[style].face,
  size: BILL_STYLES[style].size,
  tokens: [...set].sort(),
}));

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium' });
try {
  const page = await browser.newPage();
  const out = await page.evaluate(
    async ({ fonts, requests, width }) => {
      // runs in the page (the server's TypeScript has no DOM types)
      const { document, FontFace } = globalThis as any;
      for (const [face, b64] of Object.entries(fonts)) {
        const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
        const ff = new FontFace(`S${face}`, bytes);
        await ff.load();
        document.fonts.add(ff);
      }
      const canvas = document.createElement('canvas');
      const ctx = canvas.getContext('2d');
      // measure: the ink box around the pen (baseline origin), one pixel of margin
      const cells: {
        style: string;
        token: string;
        font: string;
        w: number;
        h: number;
        ox: number;
        oy: number;
        adv: number;
      }[] = [];
      for (const r of requests)
        for (const token of r.tokens) {
          const font = `${r.size}px S${r.face}`;
          ctx.font = font;
          const m = ctx.measureText(token);
          const x0 = Math.floor(-m.actualBoundingBoxLeft) - 1;
          const x1 = Math.ceil(m.actualBoundingBoxRight) + 1;
          const y0 = Math.floor(-m.actualBoundingBoxAscent) - 1;
          const y1 = Math.ceil(m.actualBoundingBoxDescent) + 1;
          cells.push({
            style: r.style,
            token,
            font,
            w: Math.max(1, x1 - x0),
            h: Math.max(1, y1 - y0),
            ox: x0,
            oy: y0,
            adv: m.width,
          });
        }
      // shelves, tallest first
      const order = [...cells.keys()].sort((a, b) => cells[b]!.h - cells[a]!.h);
      const at = new Map<number, [number, number]>();
      let x = 0;
      let y = 0;
      let shelf = 0;
      for (const i of order) {
        const c = cells[i]!;
        if (x + c.w > width) {
          x = 0;
          y += shelf;
          shelf = 0;
        }
        at.set(i, [x, y]);
        x += c.w;
        shelf = Math.max(shelf, c.h);
      }
      canvas.width = width;
      canvas.height = y + shelf;
      ctx.fillStyle = '#fff';
      ctx.fillRect(0, 0, canvas.width, canvas.height);
      ctx.fillStyle = '#000';
      ctx.textBaseline = 'alphabetic';
      cells.forEach((c, i) => {
        const [cx, cy] = at.get(i)!;
        ctx.save();
        ctx.beginPath();
        ctx.rect(cx, cy, c.w, c.h);
        ctx.clip();
        ctx.font = c.font;
        ctx.fillText(c.token, cx - c.ox, cy - c.oy);
        ctx.restore();
      });
      return {
        png: canvas.toDataURL('image/png'),
        height: canvas.height,
        cells: cells.map((c, i) => ({ ...c, x: at.get(i)![0], y: at.get(i)![1] })),
      };
    },
    { fonts, requests, width: ATLAS_WIDTH },
  );
  const img = decodePngGrey(Buffer.from(out.png.replace(/^data:image\/png;base64,/, ''), 'base64'));
  // 16 grey levels are plenty for antialiased text and halve the file
  for (let i = 0; i < img.pixels.length; i++) img.pixels[i] = Math.round(img.pixels[i]! / 17) * 17;
  const index: AtlasIndex = { width: img.width, height: img.height, styles: {} };
  for (const c of out.cells)
    (index.styles[c.style] ??= {})[c.token] = [c.x, c.y, c.w, c.h, c.ox, c.oy, Math.round(c.adv * 100) / 100];
  fs.mkdirSync(demoBillsFolder, { recursive: true });
  fs.writeFileSync(path.join(demoBillsFolder, 'atlas.png'), encodeGreyPng(img, 9));
  fs.writeFileSync(path.join(demoBillsFolder, 'atlas.json'), JSON.stringify(index) + '\n');
  console.log(
    `atlas ${img.width}×${img.height}, ${out.cells.length} tokens → ${path.relative(process.cwd(), demoBillsFolder)}`,
  );
} finally {
  await browser.close();
}
