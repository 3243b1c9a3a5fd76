/**
 * Photos of bills for the demo's fuel fills and repairs (issue 14): a petrol station's abbreviated tax invoice and a
 * garage's cash bill, printed with the very date, litres, price and amounts of the expense they are attached to.
 *
 * No browser at seed time: every word and digit a bill can show was drawn once with the bundled Sarabun font into a
 * glyph atlas (demo-bills/atlas.png + atlas.json, made by scripts/demo-bills-atlas.ts in headless Chromium), and a bill
 * is composed here by copying those glyphs onto a greyscale picture of a slip lying on a desk (lib/png.ts writes it).
 * A text is cut into atlas tokens this way: each digit, space and sign of VAR_CHARS on its own, a run of Thai
 * consonants only (a plate's letters) letter by letter, a run of number words (an amount in words) word by word, any
 * other run as a whole word as printed. A text the atlas cannot draw throws: the tests compose every kind of bill.
 */
import fs from 'node:fs';
import path from 'node:path';
import { decodePngGrey, encodeGreyPng, type GreyImage } from '../lib/png.js';
import { demoBillsFolder, tokensOf, type BillStyle, type DemoBill } from './demo-bills-text.js';
import { layoutBill, type Layout } from './demo-bills-layout.js';

// the bills' texts, suppliers and styles (demo-bills-text.ts) and their layout (demo-bills-layout.ts), here with the drawing
export {
  BILL_STYLES,
  CONSONANTS,
  DEMO_SUPPLIERS,
  NUMBER_WORDS,
  VAR_CHARS,
  demoBillsFolder,
  repairItems,
  tokensOf,
} from './demo-bills-text.js';
export type { BillStyle, DemoBill, FuelBill, RepairBill, RepairItem } from './demo-bills-text.js';
export { beDate, layoutBill, vatIncluded } from './demo-bills-layout.js';
export type { Layout, Op } from './demo-bills-layout.js';

// ---- drawing ---------------------------------------------------------------------------------------------------------

/** one token in the atlas: its cell, where the cell goes from the pen (baseline origin), and how far the pen moves */
type Glyph = [x: number, y: number, w: number, h: number, ox: number, oy: number, advance: number];
export interface AtlasIndex {
  width: number;
  height: number;
  styles: Record<string, Record<string, Glyph>>;
}

let atlas: { index: AtlasIndex; image: GreyImage } | undefined;
function loadAtlas() {
  if (!atlas) {
    const index = JSON.parse(fs.readFileSync(path.join(demoBillsFolder, 'atlas.json'), 'utf8')) as AtlasIndex;
    const image = decodePngGrey(fs.readFileSync(path.join(demoBillsFolder, 'atlas.png')));
    atlas = { index, image };
  }
  return atlas;
}

function glyphsOf(style: BillStyle, text: string): Glyph[] {
  const table = loadAtlas().index.styles[style];
  return tokensOf(text).map((t) => {
    const g = table?.[t];
    if (!g) throw new Error(`demo bills: the atlas has no "${t}" in style ${style} (run scripts/demo-bills-atlas.ts)`);
    return g;
  });
}

/** the width of a text in pixels */
export function textWidth(style: BillStyle, text: string) {
  return glyphsOf(style, text).reduce((s, g) => s + g[6], 0);
}

/** the picture: the paper (white) lying on a desk (a grey gradient), with a soft shadow; 600 px wide */
export const PHOTO_WIDTH = 600;

/** Draws a laid-out bill; a PNG. */
export function renderBill(layout: Layout): Buffer {
  const { image: atl, index } = loadAtlas();
  const W = PHOTO_WIDTH;
  const left = Math.round((W - layout.width) / 2);
  const top = 34;
  const H = layout.height + top * 2;
  const px = new Uint8Array(W * H);
  const desk = (y: number) => Math.round(158 - (30 * y) / H);
  for (let y = 0; y < H; y++) px.fill(desk(y), y * W, (y + 1) * W);
  // the paper's shape (a torn slip zigzags at the top and bottom), filled row by row; its shadow is the same shape
  // moved down and right, darker nearer the paper
  const zig = (x: number) => (layout.torn ? Math.abs((x % 14) - 7) : 0);
  const shape = (d: number, value: (y: number) => number) => {
    for (let y = top + d; y < top + d + layout.height && y < H; y++) {
      const v = value(y);
      const o = y * W + left + d;
      const fromTop = y - top - d;
      const fromBottom = top + d + layout.height - 1 - y;
      if (fromTop >= 7 && fromBottom >= 7) px.fill(v, o, o + layout.width);
      else for (let x = 0; x < layout.width; x++) if (fromTop >= zig(x) && fromBottom >= zig(x)) px[o + x] = v;
    }
  };
  shape(7, (y) => Math.round(desk(y) * 0.86));
  shape(4, (y) => Math.round(desk(y) * 0.74));
  shape(0, () => (layout.torn ? 246 : 251));
  const paper = (x: number, y: number) => (top + y) * W + left + x;
  for (const op of layout.ops) {
    if (op.kind === 'rule') {
      const o = paper(0, op.y);
      for (let x = op.x0; x < op.x1; x++) if (!op.dashed || x % 9 < 5) px[o + x] = (px[o + x]! * 70) / 255;
      continue;
    }
    const glyphs = glyphsOf(op.style, op.text);
    const width = glyphs.reduce((s, g) => s + g[6], 0);
    if (width > layout.width) throw new Error(`demo bills: "${op.text}" is wider than the paper`);
    let pen = op.align === 'left' ? op.x : op.align === 'right' ? op.x - width : op.x - width / 2;
    for (const [gx, gy, gw, gh, ox, oy, adv] of glyphs) {
      const x0 = Math.round(pen) + ox;
      const y0 = op.y + oy;
      for (let y = 0; y < gh; y++) {
        const src = (gy + y) * index.width + gx;
        const dst = paper(x0, y0 + y);
        for (let x = 0; x < gw; x++) {
          const g = atl.pixels[src + x]!;
          // ink multiplies: a glyph's antialiased edge darkens the paper, never lightens a neighbour's ink
          if (g < 255) px[dst + x] = (px[dst + x]! * g + 127) / 255;
        }
      }
      pen += adv;
    }
  }
  return encodeGreyPng({ width: W, height: H, pixels: px });
}

/** The PNG of a bill. */
export function composeBill(b: DemoBill): Buffer {
  return renderBill(layoutBill(b));
}
