/** Export rows to .xlsx (SheetJS, loaded lazily) or .csv (UTF-8 with BOM so Excel reads Thai). */
export interface ExportColumn<T> {
  title: string;
  value: (row: T) => unknown;
}

function cell(v: unknown): string | number {
  if (v === null || v === undefined) return '';
  if (typeof v === 'number') return v;
  if (typeof v === 'boolean') return v ? 'ใช่' : 'ไม่ใช่';
  if (Array.isArray(v)) return v.join(', ');
  return String(v);
}

export function toMatrix<T>(rows: T[], columns: ExportColumn<T>[]): (string | number)[][] {
  return [columns.map((c) => c.title), ...rows.map((r) => columns.map((c) => cell(c.value(r))))];
}

function stamp(): string {
  const d = new Date();
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear() + 543}${p(d.getMonth() + 1)}${p(d.getDate())}-${p(d.getHours())}${p(d.getMinutes())}`;
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
  const esc = (v: string | number) => {
    const s = String(v);
    return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
  };
  const text = toMatrix(rows, columns).map((r) => r.map(esc).join(',')).join('\r\n');
  download(new Blob(['\uFEFF' + text], { type: 'text/csv;charset=utf-8' }), `${name}-${stamp()}.csv`);
}

export async function exportXlsx<T>(rows: T[], columns: ExportColumn<T>[], name: string) {
  const XLSX = await import('xlsx');
  const ws = XLSX.utils.aoa_to_sheet(toMatrix(rows, columns));
  ws['!cols'] = columns.map((c) => ({ wch: Math.max(10, Math.min(40, c.title.length + 6)) }));
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, ws, name.slice(0, 31) || 'Sheet1');
  const out = XLSX.write(wb, { bookType: 'xlsx', type: 'array' }) as ArrayBuffer;
  download(new Blob([out], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }), `${name}-${stamp()}.xlsx`);
}
