import { bahtText, formatBaht, toBuddhistYear, toSatang } from '@khabkhi/thai';
import { BILL_STYLES, BillStyle, DEMO_SUPPLIERS, FuelBill, RepairBill, DemoBill } from './demo-bills-text.js';

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
