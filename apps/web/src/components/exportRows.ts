/**
 * Export rows to .xlsx (write-excel-file, loaded lazily) or .csv (UTF-8 with BOM so Excel reads Thai).
 * A column declares its kind: money is a number in Excel (#,##0.00) and a plain decimal in CSV; dates and
 * times are the Bangkok calendar day/time (the API sends UTC instants); text cells of a CSV that a
 * spreadsheet would run as a formula (= + - @ tab CR) are prefixed with an apostrophe.
 */
import { bangkokParts as instantParts, parseMoney } from '@khabkhi/thai';

export type ExportKind = 'text' | 'money' | 'number' | 'date' | 'datetime';

export interface ExportColumn<T> {
  title: string;
  value: (row: T) => unknown;
  kind?: ExportKind;
}

/** One typed cell: what both writers start from. */
export type ExportCell =
  | { type: 'text'; value: string }
  | { type: 'number'; value: number; money: boolean }
  | { type: 'date'; value: Date; time: boolean; text: string }
  | { type: 'empty' };

/** The Bangkok wall-clock parts of an ISO instant or a YYYY-MM-DD date (a plain date is taken as is). */
export function bangkokParts(v: string): { y: number; m: number; d: number; hh: number; mm: number } | null {
  const plain = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
  if (plain) return { y: +plain[1]!, m: +plain[2]!, d: +plain[3]!, hh: 0, mm: 0 };
  const t = Date.parse(v);
  if (Number.isNaN(t)) return null;
  const p = instantParts(t);
  return { y: p.year, m: p.month, d: p.day, hh: p.hour, mm: p.minute };
}

const p2 = (n: number) => String(n).padStart(2, '0');

function plainText(v: unknown): string {
  if (typeof v === 'boolean') return v ? 'ใช่' : 'ไม่ใช่';
  if (Array.isArray(v)) return v.join(', ');
  return String(v);
}

export function exportCell(v: unknown, kind: ExportKind = 'text'): ExportCell {
  if (v === null || v === undefined || v === '') return { type: 'empty' };
  if (kind === 'money') {
    // through satang, so "1234.5" and "-0.10" are exact and a non-number stays visible as text
    const satang = parseMoney(String(v), { allowNegative: true });
    return satang === null
      ? { type: 'text', value: plainText(v) }
      : { type: 'number', value: satang / 100, money: true };
  }
  if (kind === 'number') {
    const n = typeof v === 'number' ? v : Number(v);
    return Number.isFinite(n) ? { type: 'number', value: n, money: false } : { type: 'text', value: plainText(v) };
  }
  if (kind === 'date' || kind === 'datetime') {
    const b = bangkokParts(String(v));
    if (!b) return { type: 'text', value: plainText(v) };
    const time = kind === 'datetime';
    // an Excel date has no zone: the Bangkok wall clock, written as UTC parts
    const value = new Date(Date.UTC(b.y, b.m - 1, b.d, time ? b.hh : 0, time ? b.mm : 0));
    const text = `${b.y}-${p2(b.m)}-${p2(b.d)}${time ? ` ${p2(b.hh)}:${p2(b.mm)}` : ''}`;
    return { type: 'date', value, time, text };
  }
  if (typeof v === 'number') return { type: 'number', value: v, money: false };
  return { type: 'text', value: plainText(v) };
}

export function toCells<T>(rows: T[], columns: ExportColumn<T>[]): ExportCell[][] {
  return rows.map((r) => columns.map((c) => exportCell(c.value(r), c.kind)));
}

/** Header row then the rows, as plain values (numbers stay numbers): what a print view or a test reads. */
export function toMatrix<T>(rows: T[], columns: ExportColumn<T>[]): (string | number)[][] {
  return [columns.map((c) => c.title), ...toCells(rows, columns).map((r) => r.map(cellText))];
}

function cellText(c: ExportCell): string | number {
  if (c.type === 'empty') return '';
  if (c.type === 'date') return c.text;
  return c.value;
}

/** A CSV field: text that a spreadsheet would evaluate is neutralised with a leading apostrophe. */
export function csvField(c: ExportCell | string): string {
  let s: string;
  if (typeof c === 'string') s = /^[=+\-@\t\r]/.test(c) ? `'${c}` : c;
  else if (c.type === 'text') s = /^[=+\-@\t\r]/.test(c.value) ? `'${c.value}` : c.value;
  else if (c.type === 'number') s = c.money ? c.value.toFixed(2) : String(c.value);
  else if (c.type === 'date') s = c.text;
  else s = '';
  return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export function toCsv<T>(rows: T[], columns: ExportColumn<T>[]): string {
  const head = columns.map((c) => csvField(c.title)).join(',');
  return '\uFEFF' + [head, ...toCells(rows, columns).map((r) => r.map(csvField).join(','))].join('\r\n');
}

/** Year-month-day-hour-minute of now in Bangkok, Buddhist era, for the file name. */
export function stamp(now = new Date()): string {
  const b = bangkokParts(now.toISOString())!;
  return `${b.y + 543}${p2(b.m)}${p2(b.d)}-${p2(b.hh)}${p2(b.mm)}`;
}

function download(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 2000);
}

export function exportCsv<T>(rows: T[], columns: ExportColumn<T>[], name: string) {
  download(new Blob([toCsv(rows, columns)], { type: 'text/csv;charset=utf-8' }), `${name}-${stamp()}.csv`);
}

export const MONEY_FORMAT = '#,##0.00';
/** Thai locale, Buddhist calendar (107): Excel shows 23/11/2569 for a real date value. */
export const DATE_FORMAT = '[$-107041E]dd/mm/yyyy';
export const DATETIME_FORMAT = '[$-107041E]dd/mm/yyyy hh:mm';

/** The sheet as write-excel-file takes it: typed cells, money with its number format. */
export function xlsxSheet<T>(rows: T[], columns: ExportColumn<T>[]) {
  const head = columns.map((c) => ({ value: c.title, type: String, fontWeight: 'bold' as const }));
  const body = toCells(rows, columns).map((r) =>
    r.map((c) => {
      if (c.type === 'empty') return null;
      if (c.type === 'number')
        return c.money ? { value: c.value, type: Number, format: MONEY_FORMAT } : { value: c.value, type: Number };
      if (c.type === 'date') return { value: c.value, type: Date, format: c.time ? DATETIME_FORMAT : DATE_FORMAT };
      return { value: c.value, type: String };
    }),
  );
  return [head, ...body];
}

export async function xlsxBlob<T>(rows: T[], columns: ExportColumn<T>[], sheet: string): Promise<Blob> {
  const { default: writeXlsxFile } = await import('write-excel-file/browser');
  return writeXlsxFile(xlsxSheet(rows, columns), {
    sheet: sheet.slice(0, 31) || 'Sheet1',
    columns: columns.map((c) => ({ width: Math.max(10, Math.min(40, c.title.length + 6)) })),
    stickyRowsCount: 1,
  }).toBlob();
}

export async function exportXlsx<T>(rows: T[], columns: ExportColumn<T>[], name: string) {
  download(await xlsxBlob(rows, columns, name), `${name}-${stamp()}.xlsx`);
}

/** A workbook of several sheets of plain cells (a Thai header row, then text and numbers), downloaded as .xlsx. */
export async function downloadWorkbook(
  sheets: { sheet: string; columns: string[]; rows: (string | number)[][] }[],
  filename: string,
): Promise<void> {
  const { default: writeXlsxFile } = await import('write-excel-file/browser');
  const blob = await writeXlsxFile(
    sheets.map((s) => ({
      data: [
        s.columns.map((c) => ({ value: c, type: String, fontWeight: 'bold' as const })),
        ...s.rows.map((r) =>
          r.map((v) => (typeof v === 'number' ? { value: v, type: Number } : { value: v, type: String })),
        ),
      ],
      sheet: s.sheet.slice(0, 31),
      columns: s.columns.map((c) => ({ width: Math.max(10, Math.min(40, c.length + 6)) })),
      stickyRowsCount: 1,
    })),
  ).toBlob();
  download(blob, filename);
}
