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
import { fileURLToPath } from 'node:url';
import { bahtText, formatBaht, toBuddhistYear, toSatang } from '@khabkhi/thai';
import { decodePngGrey, encodeGreyPng, type GreyImage } from '../lib/png.js';

/** the atlas's folder: src/db/demo-bills beside this module, dist/demo-bills beside the built main.js (build.mjs) */
export const demoBillsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'demo-bills');

/** the type faces of a bill: Sarabun weight (the package's folder name), size and line height in pixels */
export const BILL_STYLES = {
  title: { face: '700Bold', size: 27, line: 36 },
  head: { face: '600SemiBold', size: 21, line: 30 },
  text: { face: '400Regular', size: 19, line: 27 },
  bold: { face: '700Bold', size: 19, line: 27 },
  total: { face: '700Bold', size: 23, line: 32 },
  small: { face: '400Regular', size: 16, line: 23 },
  sign: { face: '300Light_Italic', size: 34, line: 40 },
} as const;
export type BillStyle = keyof typeof BILL_STYLES;

/** drawn one by one, in every style */
export const VAR_CHARS = ' 0123456789,./:-()%#';
/** Thai consonants (a plate's letters), drawn one by one in the styles that print plates */
export const CONSONANTS = 'กขฃคฅฆงจฉชซฌญฎฏฐฑฒณดตถทธนบปผฝพฟภมยรลวศษสหฬอฮ';
/** the words of an amount in words (bahtText) */
export const NUMBER_WORDS = [
  'ศูนย์',
  'หนึ่ง',
  'สอง',
  'สาม',
  'สี่',
  'ห้า',
  'หก',
  'เจ็ด',
  'แปด',
  'เก้า',
  'สิบ',
  'ยี่',
  'เอ็ด',
  'ร้อย',
  'พัน',
  'หมื่น',
  'แสน',
  'ล้าน',
  'บาท',
  'ถ้วน',
  'สตางค์',
];

interface Station {
  company: string;
  station: string;
  address: [string, string];
  taxId: string;
  taxBranch: string;
  pos: string;
}
interface Garage {
  name: string;
  address: [string, string];
  taxId: string;
  owner: string;
  signature: string;
  customer: string;
}

/** the petrol station and the garage each demo branch uses (made-up businesses; tax IDs with a valid check digit) */
export const DEMO_SUPPLIERS: Record<string, { station: Station; garage: Garage }> = {
  HQ: {
    station: {
      company: 'บริษัท บางนาปิโตรเลียม จำกัด',
      station: 'สถานีบริการน้ำมัน บางนา-ตราด กม.4',
      address: ['1234 ถนนบางนา-ตราด แขวงบางนา เขตบางนา', 'กรุงเทพมหานคร 10260'],
      taxId: '0105558031424',
      taxBranch: '00004',
      pos: 'E051100234567',
    },
    garage: {
      name: 'อู่ช่างเอกบางนาการช่าง',
      address: ['25/7 ซอยบางนา-ตราด 20 แขวงบางนา เขตบางนา', 'กรุงเทพมหานคร 10260 โทร 02-745-6789'],
      taxId: '3101200456789',
      owner: 'นายเอกชัย ศรีสุข',
      signature: 'เอกชัย',
      customer: 'โรงเรียนสอนขับรถขับขี่ปลอดภัย สำนักงานใหญ่',
    },
  },
  BKN: {
    station: {
      company: 'บริษัท สายไหมออยล์ จำกัด',
      station: 'สถานีบริการน้ำมัน พหลโยธิน 54',
      address: ['412 ถนนพหลโยธิน แขวงคลองถนน เขตสายไหม', 'กรุงเทพมหานคร 10220'],
      taxId: '0105560118922',
      taxBranch: '00001',
      pos: 'E051100877120',
    },
    garage: {
      name: 'อู่สมศักดิ์ยนตรการ',
      address: ['77 ถนนสายไหม แขวงสายไหม เขตสายไหม', 'กรุงเทพมหานคร 10220 โทร 02-563-4455'],
      taxId: '3100501234563',
      owner: 'นายสมศักดิ์ มั่นคง',
      signature: 'สมศักดิ์',
      customer: 'โรงเรียนสอนขับรถขับขี่ปลอดภัย สาขาบางเขน',
    },
  },
  CNX: {
    station: {
      company: 'ห้างหุ้นส่วนจำกัด ช้างเผือกปิโตรเลียม',
      station: 'สถานีบริการน้ำมัน ซุปเปอร์ไฮเวย์',
      address: ['99/1 หมู่ 3 ถนนซุปเปอร์ไฮเวย์เชียงใหม่-ลำปาง', 'ตำบลช้างเผือก อำเภอเมืองเชียงใหม่ เชียงใหม่ 50300'],
      taxId: '0503559001230',
      taxBranch: '00000',
      pos: 'E051300456019',
    },
    garage: {
      name: 'อู่ล้านนาเซอร์วิส',
      address: ['18 หมู่ 5 ตำบลช้างเผือก อำเภอเมืองเชียงใหม่', 'เชียงใหม่ 50300 โทร 053-221-876'],
      taxId: '3501100789014',
      owner: 'นายอินทร คำแสน',
      signature: 'อินทร',
      customer: 'โรงเรียนสอนขับรถขับขี่ปลอดภัย สาขาเชียงใหม่',
    },
  },
};

export interface FuelBill {
  kind: 'fuel';
  /** the branch's code: which station (HQ's for any other) */
  branch: string;
  /** the expense's date (ISO) */
  date: string;
  plate: string;
  province: string;
  fuel: 'แก๊สโซฮอล์ 95' | 'แก๊สโซฮอล์ 91';
  /** litres, price per litre and amount as the expense stores them ('32.45', '36.55', '1186.05') */
  liters: string;
  price: string;
  value: string;
  payType: 'cash' | 'transfer';
  /** any number: the slip's number, time and pump follow from it (the same demo every start) */
  seq: number;
}

export interface RepairItem {
  name: string;
  qty: number;
  unit: string;
  /** price per unit, baht */
  price: string;
}

export interface RepairBill {
  kind: 'repair';
  branch: string;
  date: string;
  plate: string;
  province: string;
  /** odometer (km) */
  mile: number;
  items: RepairItem[];
  /** the expense's amount: the items add up to it */
  value: string;
  payType: 'cash' | 'transfer';
  seq: number;
}

export type DemoBill = FuelBill | RepairBill;

/**
 * What a demo repair of this amount consisted of (the seed's repairs: a motorcycle's oil and chain, a car's oil, filters
 * and front brake pads), priced so the lines add up to exactly `value` (whole baht).
 */
export function repairItems(moto: boolean, value: string): RepairItem[] {
  const total = toSatang(value) / 100;
  if (!Number.isInteger(total)) throw new RangeError(`a demo repair is in whole baht, got ${value}`);
  const round = (x: number, step: number) => Math.max(step, Math.round(x / step) * step);
  if (moto) {
    const oil = round(total * 0.22, 5);
    const chain = round(total * 0.58, 10);
    return [
      { name: 'น้ำมันเครื่อง 4T', qty: 1, unit: 'ขวด', price: String(oil) },
      { name: 'ชุดโซ่สเตอร์', qty: 1, unit: 'ชุด', price: String(chain) },
      { name: 'ค่าแรง', qty: 1, unit: 'งาน', price: String(total - oil - chain) },
    ];
  }
  const labour = round(total * 0.15, 50);
  const perLitre = Math.min(320, round((total * 0.3) / 4, 5));
  const oilFilter = round(total * 0.06, 10);
  const airFilter = round(total * 0.09, 10);
  const pads = total - labour - oilFilter - airFilter - perLitre * 4;
  if (pads <= 0) throw new RangeError(`a demo car repair of ${value} baht is too small`);
  return [
    { name: 'น้ำมันเครื่อง 10W-30', qty: 4, unit: 'ลิตร', price: String(perLitre) },
    { name: 'ไส้กรองน้ำมันเครื่อง', qty: 1, unit: 'ลูก', price: String(oilFilter) },
    { name: 'ไส้กรองอากาศ', qty: 1, unit: 'ลูก', price: String(airFilter) },
    { name: 'ผ้าเบรกหน้า', qty: 1, unit: 'ชุด', price: String(pads) },
    { name: 'ค่าแรง', qty: 1, unit: 'งาน', price: String(labour) },
  ];
}

// ---- cutting a text into atlas tokens --------------------------------------------------------------------------------

const CONSONANT_RUN = new RegExp(`^[${CONSONANTS}]{1,3}$`);
const WORDS_BY_LENGTH = [...NUMBER_WORDS].sort((a, b) => b.length - a.length);

function numberWordsOf(run: string): string[] | null {
  const out: string[] = [];
  for (let i = 0; i < run.length;) {
    const w = WORDS_BY_LENGTH.find((x) => run.startsWith(x, i));
    if (!w) return null;
    out.push(w);
    i += w.length;
  }
  return out;
}

/** The atlas tokens of a text (see the module's comment). */
export function tokensOf(text: string): string[] {
  const out: string[] = [];
  let run = '';
  const flush = () => {
    if (!run) return;
    if (CONSONANT_RUN.test(run)) out.push(...run);
    else out.push(...(numberWordsOf(run) ?? [run]));
    run = '';
  };
  for (const ch of text) {
    if (VAR_CHARS.includes(ch)) {
      flush();
      out.push(ch);
    } else run += ch;
  }
  flush();
  return out;
}

// ---- laying a bill out -----------------------------------------------------------------------------------------------

type Align = 'left' | 'right' | 'center';
export type Op =
  | { kind: 'text'; style: BillStyle; text: string; x: number; y: number; align: Align }
  | { kind: 'rule'; x0: number; x1: number; y: number; dashed: boolean };

export interface Layout {
  /** the paper's size in pixels; ops are in paper coordinates (text y is the baseline) */
  width: number;
  height: number;
  /** a thermal slip torn off the roll (zigzag top and bottom) or a cut bill */
  torn: boolean;
  ops: Op[];
}

/** Writes lines from the top of the paper down. */
class Pen {
  ops: Op[] = [];
  y: number;
  constructor(
    readonly left: number,
    readonly right: number,
    top: number,
  ) {
    this.y = top;
  }
  /** a line: a text at the left, at the right, centred (on cx, or between the margins) */
  line(style: BillStyle, parts: { l?: string; r?: string; c?: string; cx?: number }) {
    const s = BILL_STYLES[style];
    const base = this.y + Math.round(s.line * 0.74);
    if (parts.l !== undefined)
      this.ops.push({ kind: 'text', style, text: parts.l, x: this.left, y: base, align: 'left' });
    if (parts.r !== undefined)
      this.ops.push({ kind: 'text', style, text: parts.r, x: this.right, y: base, align: 'right' });
    if (parts.c !== undefined)
      this.ops.push({
        kind: 'text',
        style,
        text: parts.c,
        x: parts.cx ?? (this.left + this.right) / 2,
        y: base,
        align: 'center',
      });
    this.y += s.line;
    return base;
  }
  /** several texts on one baseline (a table row) */
  row(style: BillStyle, cells: { text: string; x: number; align: Align }[]) {
    const s = BILL_STYLES[style];
    const base = this.y + Math.round(s.line * 0.74);
    for (const c of cells) this.ops.push({ kind: 'text', style, text: c.text, x: c.x, y: base, align: c.align });
    this.y += s.line;
  }
  rule(dashed: boolean, gap = 6) {
    this.y += gap;
    this.ops.push({ kind: 'rule', x0: this.left, x1: this.right, y: this.y, dashed });
    this.y += gap + 1;
  }
  space(px: number) {
    this.y += px;
  }
}

const pad2 = (n: number) => String(n).padStart(2, '0');
/** '2026-11-23' → '23/11/2569' */
export function beDate(iso: string) {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return `${pad2(d)}/${pad2(m)}/${toBuddhistYear(y)}`;
}
const money = (satang: number) => formatBaht(satang);

/** VAT included in an amount at 7 %: the tax is amount × 7/107 rounded to the satang, the base the rest. */
export function vatIncluded(valueSatang: number) {
  const vat = Math.round((valueSatang * 7) / 107);
  return { base: valueSatang - vat, vat };
}

function layoutFuel(b: FuelBill): Layout {
  const st = (DEMO_SUPPLIERS[b.branch] ?? DEMO_SUPPLIERS.HQ!).station;
  const litersCenti = Math.round(Number(b.liters) * 100);
  const priceSatang = toSatang(b.price);
  const valueSatang = toSatang(b.value);
  // the pump's amount is litres × price rounded to the satang
  if (Math.abs(litersCenti * priceSatang - valueSatang * 100) > 50)
    throw new RangeError(`${b.liters} litres at ${b.price} is not ${b.value}`);
  const { base, vat } = vatIncluded(valueSatang);
  const minutes = 6 * 60 + 30 + ((b.seq * 97) % (13 * 60));
  const p = new Pen(22, 418, 26);
  p.line('title', { c: st.company });
  p.line('head', { c: st.station });
  p.line('small', { c: st.address[0] });
  p.line('small', { c: st.address[1] });
  p.line('small', { c: `เลขประจำตัวผู้เสียภาษี ${st.taxId} สาขาที่ ${st.taxBranch}` });
  p.line('small', { c: `หมายเลขเครื่อง POS ${st.pos}` });
  p.space(6);
  p.line('head', { c: 'ใบกำกับภาษีอย่างย่อ/ใบเสร็จรับเงิน' });
  p.rule(true);
  p.line('text', { l: `เลขที่ ${st.taxBranch}-${String(410000 + ((b.seq * 7919) % 89999)).padStart(7, '0')}` });
  p.line('text', {
    l: `วันที่ ${beDate(b.date)}`,
    r: `เวลา ${pad2(Math.floor(minutes / 60))}:${pad2(minutes % 60)} น.`,
  });
  p.line('text', { l: `ทะเบียนรถ ${b.plate} ${b.province}` });
  p.line('text', { l: `หัวจ่าย ${1 + (b.seq % 8)}` });
  p.rule(true);
  p.line('bold', { l: b.fuel });
  p.line('text', { l: 'ปริมาณ', r: `${b.liters} ลิตร` });
  p.line('text', { l: 'ราคาต่อลิตร', r: `${money(priceSatang)} บาท` });
  p.line('text', { l: 'จำนวนเงิน', r: `${money(valueSatang)} บาท` });
  p.rule(true);
  p.line('text', { l: 'มูลค่าสินค้า', r: money(base) });
  p.line('text', { l: 'ภาษีมูลค่าเพิ่ม 7%', r: money(vat) });
  p.line('total', { l: 'รวมเงินทั้งสิ้น', r: money(valueSatang) });
  p.line('small', { c: `(${bahtText(valueSatang)})` });
  p.line('text', { l: 'ชำระโดย', r: b.payType === 'cash' ? 'เงินสด' : 'โอนเงิน (QR พร้อมเพย์)' });
  p.rule(true);
  p.line('small', { c: 'ราคารวมภาษีมูลค่าเพิ่มแล้ว' });
  p.line('small', { c: 'ขอบคุณที่ใช้บริการ' });
  return { width: 440, height: p.y + 26, torn: true, ops: p.ops };
}

function layoutRepair(b: RepairBill): Layout {
  const g = (DEMO_SUPPLIERS[b.branch] ?? DEMO_SUPPLIERS.HQ!).garage;
  const valueSatang = toSatang(b.value);
  const lines = b.items.map((i) => ({ ...i, amount: i.qty * toSatang(i.price) }));
  if (lines.reduce((s, l) => s + l.amount, 0) !== valueSatang)
    throw new RangeError(`the items do not add up to ${b.value}`);
  const p = new Pen(26, 514, 28);
  p.line('title', { c: g.name });
  p.line('small', { c: g.address[0] });
  p.line('small', { c: g.address[1] });
  p.line('small', { c: `เลขประจำตัวผู้เสียภาษี ${g.taxId}` });
  p.space(8);
  p.line('head', { c: 'บิลเงินสด/ใบเสร็จรับเงิน' });
  p.space(4);
  p.line('text', { l: `เล่มที่ ${12 + (b.seq % 5)} เลขที่ ${String(300 + ((b.seq * 37) % 600)).padStart(4, '0')}` });
  p.line('text', { l: `วันที่ ${beDate(b.date)}` });
  p.line('text', { l: `ได้รับเงินจาก ${g.customer}` });
  p.line('text', {
    l: `ทะเบียนรถ ${b.plate} ${b.province}`,
    r: `เลขไมล์ ${String(b.mile).replace(/\B(?=(\d{3})+(?!\d))/g, ',')} กม.`,
  });
  p.rule(false);
  const cols = { no: 44, name: 70, qty: 318, price: 414, amount: 514 };
  p.row('bold', [
    { text: 'ที่', x: cols.no, align: 'center' },
    { text: 'รายการ', x: cols.name, align: 'left' },
    { text: 'จำนวน', x: cols.qty, align: 'right' },
    { text: 'หน่วยละ', x: cols.price, align: 'right' },
    { text: 'จำนวนเงิน', x: cols.amount, align: 'right' },
  ]);
  p.rule(false, 3);
  lines.forEach((l, i) =>
    p.row('text', [
      { text: String(i + 1), x: cols.no, align: 'center' },
      { text: l.name, x: cols.name, align: 'left' },
      { text: `${l.qty} ${l.unit}`, x: cols.qty, align: 'right' },
      { text: money(toSatang(l.price)), x: cols.price, align: 'right' },
      { text: money(l.amount), x: cols.amount, align: 'right' },
    ]),
  );
  p.rule(false);
  p.line('total', { l: 'รวมเงินทั้งสิ้น', r: money(valueSatang) });
  p.line('small', { r: `(${bahtText(valueSatang)})` });
  p.line('text', { l: `ชำระโดย ${b.payType === 'cash' ? 'เงินสด' : 'โอนเงิน'}` });
  p.space(14);
  p.line('sign', { c: g.signature, cx: 410 });
  p.ops.push({ kind: 'rule', x0: 330, x1: 490, y: p.y - 4, dashed: true });
  p.line('small', { c: `(${g.owner}) ผู้รับเงิน`, cx: 410 });
  return { width: 540, height: p.y + 24, torn: false, ops: p.ops };
}

export function layoutBill(b: DemoBill): Layout {
  return b.kind === 'fuel' ? layoutFuel(b) : layoutRepair(b);
}

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
