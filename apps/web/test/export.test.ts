/** The export of a list: typed cells (numeric money, Bangkok dates), a real .xlsx, and CSV safe from formulas. */
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import {
  csvField,
  exportCell,
  MONEY_FORMAT,
  stamp,
  toCsv,
  xlsxBlob,
  xlsxSheet,
  type ExportColumn,
} from '../src/components/exportRows';

interface Row {
  name: string;
  amount: string;
  at: string;
  day: string;
  n: number;
}
const cols: ExportColumn<Row>[] = [
  { title: 'ชื่อ', value: (r) => r.name },
  { title: 'จำนวนเงิน', value: (r) => r.amount, kind: 'money' },
  { title: 'วันเวลา', value: (r) => r.at, kind: 'datetime' },
  { title: 'วันที่', value: (r) => r.day, kind: 'date' },
  { title: 'วัน', value: (r) => r.n, kind: 'number' },
];
const rows: Row[] = [
  { name: '=1+1', amount: '1234.5', at: '2026-11-22T17:05:00.000Z', day: '2026-11-22T17:05:00.000Z', n: 3 },
  { name: '@SUM(A1)', amount: '-20', at: '2026-11-23T02:00:00.000Z', day: '2026-02-28', n: 0 },
  { name: '+66812345678', amount: '0.1', at: '', day: '', n: 12 },
  { name: '-5', amount: '15000000.99', at: '2026-01-01T00:00:00Z', day: '2026-01-01', n: 1 },
  { name: '\tTAB', amount: 'x', at: 'ไม่ใช่วันที่', day: '2026-12-31', n: 2 },
];

describe('export cells', () => {
  it('money is a number (exact through satang), a non-amount stays text', () => {
    expect(exportCell('1234.5', 'money')).toEqual({ type: 'number', value: 1234.5, money: true });
    expect(exportCell('-0.10', 'money')).toEqual({ type: 'number', value: -0.1, money: true });
    expect(exportCell('15000000.99', 'money')).toEqual({ type: 'number', value: 15000000.99, money: true });
    expect(exportCell('x', 'money')).toEqual({ type: 'text', value: 'x' });
    expect(exportCell(null, 'money')).toEqual({ type: 'empty' });
  });

  it('a timestamp becomes its Bangkok day and time (UTC+7), a plain date stays that day', () => {
    const c = exportCell('2026-11-22T17:05:00.000Z', 'date');
    expect(c).toMatchObject({ type: 'date', text: '2026-11-23', time: false });
    expect(exportCell('2026-11-22T17:05:00.000Z', 'datetime')).toMatchObject({
      type: 'date',
      text: '2026-11-23 00:05',
      time: true,
    });
    expect(exportCell('2026-02-28', 'date')).toMatchObject({ text: '2026-02-28' });
    // the Excel date value holds the Bangkok wall clock
    expect((exportCell('2026-11-22T17:05:00.000Z', 'datetime') as { value: Date }).value.toISOString()).toBe(
      '2026-11-23T00:05:00.000Z',
    );
  });

  it('the file name stamp is the Bangkok time in Buddhist era', () => {
    expect(stamp(new Date('2026-11-22T17:05:00Z'))).toBe('25691123-0005');
  });
});

describe('CSV', () => {
  it('prefixes text that a spreadsheet would evaluate (= + - @ tab CR) and leaves numbers alone', () => {
    expect(csvField({ type: 'text', value: '=1+1' })).toBe("'=1+1");
    expect(csvField({ type: 'text', value: '+66' })).toBe("'+66");
    expect(csvField({ type: 'text', value: '-5' })).toBe("'-5");
    expect(csvField({ type: 'text', value: '@SUM(A1)' })).toBe("'@SUM(A1)");
    expect(csvField({ type: 'text', value: '\tTAB' })).toBe("'\tTAB");
    expect(csvField({ type: 'text', value: '\rX' })).toBe(`"'\rX"`);
    expect(csvField({ type: 'text', value: 'a,"b"' })).toBe('"a,""b"""');
    expect(csvField({ type: 'number', value: -20, money: true })).toBe('-20.00');
    expect(csvField('=HEADER')).toBe("'=HEADER");
  });

  it('writes a BOM, Thai headers, money as plain decimals and Bangkok dates', () => {
    const lines = toCsv(rows, cols).split('\r\n');
    expect(lines[0]).toBe('\uFEFFชื่อ,จำนวนเงิน,วันเวลา,วันที่,วัน');
    expect(lines[1]).toBe("'=1+1,1234.50,2026-11-23 00:05,2026-11-23,3");
    expect(lines[2]).toBe("'@SUM(A1),-20.00,2026-11-23 09:00,2026-02-28,0");
    expect(lines[3]).toBe("'+66812345678,0.10,,,12");
    expect(lines[4]).toBe("'-5,15000000.99,2026-01-01 07:00,2026-01-01,1");
    expect(lines[5]).toBe("'\tTAB,x,ไม่ใช่วันที่,2026-12-31,2");
  });
});

describe('xlsx', () => {
  it('types each cell: money numeric with #,##0.00, dates as dates, text as text', () => {
    const sheet = xlsxSheet(rows, cols);
    expect(sheet[0]![1]).toMatchObject({ value: 'จำนวนเงิน', type: String });
    expect(sheet[1]![0]).toEqual({ value: '=1+1', type: String });
    expect(sheet[1]![1]).toEqual({ value: 1234.5, type: Number, format: MONEY_FORMAT });
    expect(sheet[1]![2]).toMatchObject({ type: Date });
    expect(sheet[1]![4]).toEqual({ value: 3, type: Number });
    expect(sheet[3]![2]).toBeNull();
  });

  it('writes a workbook whose money cells are numbers formatted #,##0.00 and whose text is never a formula', async () => {
    const blob = await xlsxBlob(rows, cols, 'ประวัติการชำระเงิน');
    const files = unzipSync(new Uint8Array(await blob.arrayBuffer()));
    const sheet = strFromU8(files['xl/worksheets/sheet1.xml']!);
    const styles = strFromU8(files['xl/styles.xml']!);
    expect(styles).toContain('formatCode="#,##0.00"');
    // B2 (1234.5) is a plain number cell with a style, not a string
    const b2 = /<c r="B2"([^>]*)>(.*?)<\/c>/.exec(sheet)!;
    expect(b2[1]).not.toContain('t="s"');
    expect(b2[1]).not.toContain('t="inlineStr"');
    expect(b2[2]).toContain('<v>1234.5</v>');
    expect(sheet).not.toContain('<f>');
    const shared = files['xl/sharedStrings.xml'] ? strFromU8(files['xl/sharedStrings.xml']) : sheet;
    expect(shared).toContain('=1+1');
    expect(strFromU8(files['xl/workbook.xml']!)).toContain('ประวัติการชำระเงิน');
  });
});
