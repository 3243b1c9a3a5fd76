/**
 * The demo's bill photos (demo-bills.ts): composed from the glyph atlas without a browser, every kind of bill at every
 * branch drawable, and the printed numbers land in their own places — a bill of another amount differs from the first
 * exactly inside the boxes of the texts that print that amount, and nowhere else.
 */
import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { bahtText } from '@khabkhi/thai';
import {
  BILL_STYLES,
  DEMO_SUPPLIERS,
  PHOTO_WIDTH,
  beDate,
  composeBill,
  layoutBill,
  repairItems,
  textWidth,
  tokensOf,
  vatIncluded,
  type FuelBill,
  type Op,
  type RepairBill,
} from '../../src/db/demo-bills.js';
import { decodePngGrey, encodeGreyPng } from '../../src/lib/png.js';

const fuel: FuelBill = {
  kind: 'fuel',
  branch: 'BKN',
  date: '2026-11-22',
  plate: '8ขจ 1357',
  province: 'กรุงเทพมหานคร',
  fuel: 'แก๊สโซฮอล์ 95',
  liters: '32.45',
  price: '36.55',
  value: '1186.05',
  payType: 'cash',
  seq: 17,
};
const repair: RepairBill = {
  kind: 'repair',
  branch: 'CNX',
  date: '2026-10-03',
  plate: 'ขค 3210',
  province: 'เชียงใหม่',
  mile: 87654,
  items: repairItems(false, '3275'),
  value: '3275',
  payType: 'transfer',
  seq: 5,
};

const texts = (ops: Op[]) => ops.flatMap((o) => (o.kind === 'text' ? [o.text] : []));

/** where a text op's ink may fall on the photo: its advance box, a few pixels around */
function boxOf(op: Extract<Op, { kind: 'text' }>, paperLeft: number, paperTop: number) {
  const w = textWidth(op.style, op.text);
  const x = op.align === 'left' ? op.x : op.align === 'right' ? op.x - w : op.x - w / 2;
  const line = BILL_STYLES[op.style].line;
  return {
    x0: paperLeft + Math.floor(x) - 4,
    x1: paperLeft + Math.ceil(x + w) + 4,
    y0: paperTop + op.y - line,
    y1: paperTop + op.y + Math.ceil(line * 0.5),
  };
}

describe('demo bill photos', () => {
  it('cuts texts into atlas tokens: digits and signs one by one, plate letters, amounts in words word by word', () => {
    expect(tokensOf('วันที่ 22/11/2569')).toEqual(['วันที่', ' ', '2', '2', '/', '1', '1', '/', '2', '5', '6', '9']);
    expect(tokensOf('8ขจ 1357')).toEqual(['8', 'ข', 'จ', ' ', '1', '3', '5', '7']);
    expect(tokensOf(`(${bahtText(118605)})`)).toEqual([
      '(',
      'หนึ่ง',
      'พัน',
      'หนึ่ง',
      'ร้อย',
      'แปด',
      'สิบ',
      'หก',
      'บาท',
      'ห้า',
      'สตางค์',
      ')',
    ]);
  });

  it('prints the expense: พ.ศ. date, litres × price = amount, VAT 7 % included, the amount in words', () => {
    const t = texts(layoutBill(fuel).ops);
    expect(beDate('2026-11-22')).toBe('22/11/2569');
    expect(t).toContain('วันที่ 22/11/2569');
    expect(t).toContain('32.45 ลิตร');
    expect(t).toContain('36.55 บาท');
    expect(t).toContain('1,186.05 บาท');
    expect(vatIncluded(118605)).toEqual({ base: 110846, vat: 7759 });
    expect(t).toContain('1,108.46');
    expect(t).toContain('77.59');
    expect(t).toContain('(หนึ่งพันหนึ่งร้อยแปดสิบหกบาทห้าสตางค์)');
    expect(t).toContain('ทะเบียนรถ 8ขจ 1357 กรุงเทพมหานคร');
    const r = texts(layoutBill(repair).ops);
    expect(r).toContain('วันที่ 03/10/2569');
    expect(r).toContain('เลขไมล์ 87,654 กม.');
    expect(r).toContain('3,275.00');
    expect(r).toContain('(สามพันสองร้อยเจ็ดสิบห้าบาทถ้วน)');
  });

  it('refuses a bill whose numbers do not agree', () => {
    expect(() => layoutBill({ ...fuel, value: '1186.10' })).toThrow(/not 1186.10/);
    expect(() => layoutBill({ ...repair, value: '3276' })).toThrow(/do not add up/);
  });

  it('a repair’s lines add up to its amount for every demo amount', () => {
    for (const moto of [false, true])
      for (let v = 600; v <= 4400; v += 7) {
        const items = repairItems(moto, String(v));
        expect(items.reduce((s, i) => s + i.qty * Number(i.price), 0)).toBe(v);
        expect(items.every((i) => Number(i.price) > 0)).toBe(true);
      }
  });

  it('every kind of bill at every branch is drawable: a greyscale PNG 600 px wide of tens of kB', () => {
    for (const branch of Object.keys(DEMO_SUPPLIERS))
      for (const payType of ['cash', 'transfer'] as const)
        for (const moto of [false, true]) {
          const f = composeBill({ ...fuel, branch, payType, fuel: moto ? 'แก๊สโซฮอล์ 91' : 'แก๊สโซฮอล์ 95' });
          const r = composeBill({ ...repair, branch, payType, items: repairItems(moto, '650'), value: '650' });
          // texts on one line keep apart (a table's columns, a label and its amount)
          for (const layout of [
            layoutBill({ ...fuel, branch, payType }),
            layoutBill({
              ...repair,
              branch,
              payType,
              items: repairItems(moto, moto ? '650' : '4300'),
              value: moto ? '650' : '4300',
            }),
          ]) {
            const boxes = layout.ops
              .flatMap((o) => (o.kind === 'text' ? [{ ...boxOf(o, 0, 0), text: o.text, y: o.y }] : []))
              .sort((a, b) => a.y - b.y || a.x0 - b.x0);
            for (let i = 1; i < boxes.length; i++)
              if (boxes[i]!.y === boxes[i - 1]!.y)
                expect(boxes[i]!.x0 - boxes[i - 1]!.x1, `${boxes[i - 1]!.text} | ${boxes[i]!.text}`).toBeGreaterThan(0);
            for (const b of boxes) expect(b.x0 >= 0 && b.x1 <= layout.width, b.text).toBe(true);
          }
          for (const png of [f, r]) {
            const img = decodePngGrey(png);
            expect(img.width).toBe(PHOTO_WIDTH);
            expect(img.height).toBeGreaterThan(600);
            expect(img.height).toBeLessThan(1000);
            expect(png.length).toBeGreaterThan(10_000);
            expect(png.length).toBeLessThan(60_000);
          }
        }
  });

  for (const [name, a, b] of [
    ['fuel slip', fuel, { ...fuel, price: '36.56', value: '1186.37' }],
    ['garage bill', repair, { ...repair, items: repairItems(false, '2480'), value: '2480' }],
  ] as const)
    it(`the amounts land where they are laid out (${name})`, () => {
      const la = layoutBill(a);
      const lb = layoutBill(b);
      expect(lb.height).toBe(la.height);
      const A = decodePngGrey(composeBill(a));
      const B = decodePngGrey(composeBill(b));
      const left = Math.round((PHOTO_WIDTH - la.width) / 2);
      const top = (A.height - la.height) / 2;
      const changed = la.ops.flatMap((op, i) => {
        const other = lb.ops[i]!;
        return op.kind === 'text' && other.kind === 'text' && op.text !== other.text
          ? [boxOf(op, left, top), boxOf(other, left, top)]
          : [];
      });
      expect(changed.length).toBeGreaterThanOrEqual(8);
      const inside = (x: number, y: number) => changed.some((c) => x >= c.x0 && x < c.x1 && y >= c.y0 && y < c.y1);
      let outside = 0;
      const hits = new Set<number>();
      for (let y = 0; y < A.height; y++)
        for (let x = 0; x < A.width; x++) {
          if (A.pixels[y * A.width + x] === B.pixels[y * B.width + x]) continue;
          if (!inside(x, y)) outside++;
          changed.forEach((c, k) => x >= c.x0 && x < c.x1 && y >= c.y0 && y < c.y1 && hits.add(k >> 1));
        }
      expect(outside).toBe(0);
      // every text that prints a different number did change on the picture
      expect(hits.size).toBe(changed.length / 2);
    });

  it('writes and reads back a greyscale PNG', () => {
    const pixels = Uint8Array.from({ length: 7 * 5 }, (_, i) => (i * 37) % 256);
    const img = decodePngGrey(encodeGreyPng({ width: 7, height: 5, pixels }));
    expect(img).toEqual({ width: 7, height: 5, pixels });
  });

  it('reads the filtered RGBA rows a browser writes (Sub, Up, Average, Paeth)', () => {
    const w = 3;
    const rgba = [
      [10, 200, 30, 255, 0, 0, 0, 255, 255, 255, 255, 0],
      [40, 40, 40, 255, 90, 100, 110, 255, 250, 5, 60, 128],
      [1, 2, 3, 255, 200, 100, 50, 255, 7, 7, 7, 255],
      [99, 98, 97, 255, 0, 255, 0, 255, 30, 60, 90, 255],
    ];
    const paeth = (a: number, b: number, c: number) => {
      const p = a + b - c;
      const [pa, pb, pc] = [Math.abs(p - a), Math.abs(p - b), Math.abs(p - c)];
      return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
    };
    const rows = rgba.map((row, y) => {
      const filter = y + 1;
      const prev = y ? rgba[y - 1]! : new Array(row.length).fill(0);
      return [
        filter,
        ...row.map((x, i) => {
          const a = i >= 4 ? row[i - 4]! : 0;
          const b = prev[i]!;
          const c = i >= 4 ? prev[i - 4]! : 0;
          const pred = [0, a, b, (a + b) >> 1, paeth(a, b, c)][filter]!;
          return (x - pred) & 0xff;
        }),
      ];
    });
    const chunk = (type: string, data: Buffer) => {
      const len = Buffer.alloc(4);
      len.writeUInt32BE(data.length);
      return Buffer.concat([len, Buffer.from(type, 'latin1'), data, Buffer.alloc(4)]); // the reader skips the CRC
    };
    const ihdr = Buffer.from([0, 0, 0, w, 0, 0, 0, 4, 8, 6, 0, 0, 0]);
    const png = Buffer.concat([
      Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
      chunk('IHDR', ihdr),
      chunk('IDAT', deflateSync(Buffer.from(rows.flat()))),
      chunk('IEND', Buffer.alloc(0)),
    ]);
    const grey = rgba.flatMap((row) =>
      [0, 1, 2].map((x) => {
        const [r, g, b, alpha] = row.slice(x * 4, x * 4 + 4) as [number, number, number, number];
        const v = Math.round(0.299 * r + 0.587 * g + 0.114 * b);
        return Math.round((v * alpha + 255 * (255 - alpha)) / 255);
      }),
    );
    expect([...decodePngGrey(png).pixels]).toEqual(grey);
  });
});
