/**
 * Statutory and bank file layouts kept as data: a fixed-width record is a list of fields with their 1-based
 * position and length, how a value is padded, and whether the field is confirmed by a published source; a
 * delimited record is the fields in order with the separator. One renderer writes every layout, so a layout
 * file says only what the office or bank asked for.
 */

/** How a fixed-width value fills its width: numbers zero-filled on the left, text space-filled on the right. */
export type Pad = 'zero-left' | 'space-right';

export interface FixedField {
  /** the key of the value in a record's values (or the constant when `value` is set) */
  name: string;
  /** what the field is, in the source's words */
  label: string;
  /** 1-based start column */
  start: number;
  length: number;
  pad: Pad;
  /** a constant written as is (record type, filler, service code) */
  value?: string;
}

export interface FixedRecord {
  /** the record's total width; the fields must tile it exactly */
  width: number;
  fields: FixedField[];
}

export interface DelimitedField {
  name: string;
  label: string;
  value?: string;
}

export interface DelimitedRecord {
  separator: string;
  fields: DelimitedField[];
}

export interface Layout<R extends string, T extends FixedRecord | DelimitedRecord = FixedRecord | DelimitedRecord> {
  name: string;
  /** where the layout comes from and on what date it was read */
  source: string;
  encoding: 'TIS-620' | 'UTF-8';
  lineEnd: '\r\n' | '\r';
  records: Record<R, T>;
  /** the fields no source available to us confirms, by record */
  unconfirmed?: Partial<Record<R, string[]>>;
}

export type Values = Record<string, string | number>;

const isFixed = (r: FixedRecord | DelimitedRecord): r is FixedRecord => 'width' in r;

/** Fits a value to a fixed field: cut to the width (text keeps its start, numbers keep their last digits), then padded. */
export function fit(f: FixedField, raw: string | number | undefined): string {
  const v = f.value ?? String(raw ?? '');
  const chars = [...v];
  if (f.pad === 'zero-left') return chars.slice(-f.length).join('').padStart(f.length, '0');
  return chars.slice(0, f.length).join('').padEnd(f.length, ' ');
}

/** One record of a layout from its values; a delimited field has its separators and line breaks taken out. */
export function render(r: FixedRecord | DelimitedRecord, values: Values): string {
  if (isFixed(r)) return r.fields.map((f) => fit(f, values[f.name])).join('');
  const clean = (s: string) =>
    s
      .replaceAll(r.separator, ' ')
      .replace(/[\r\n]+/g, ' ')
      .trim();
  return r.fields.map((f) => clean(f.value ?? String(values[f.name] ?? ''))).join(r.separator);
}

/** Checks that a fixed record's fields tile its width without gap or overlap (the layouts' tests run it). */
export function tiles(r: FixedRecord): boolean {
  let at = 1;
  for (const f of r.fields) {
    if (f.start !== at) return false;
    at += f.length;
  }
  return at - 1 === r.width;
}

/** TIS-620: Thai U+0E01–U+0E5B are bytes 0xA1–0xFB; ASCII as is; anything else becomes '?'. */
export function tis620(s: string): Buffer {
  const out = Buffer.alloc(s.length);
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    out[i] = c < 0x80 ? c : c >= 0x0e01 && c <= 0x0e5b ? c - 0x0e00 + 0xa0 : 0x3f;
  }
  return out;
}

/** The records of a layout as the bytes of its file: each record ended by the layout's line end, in its encoding. */
export function encode(l: Pick<Layout<string>, 'encoding' | 'lineEnd'>, records: string[]): Buffer {
  const text = records.map((r) => `${r}${l.lineEnd}`).join('');
  return l.encoding === 'TIS-620' ? tis620(text) : Buffer.from(text, 'utf8');
}

/** A fixed field's start columns computed from the lengths, so a layout lists lengths in the source's order. */
export function fixed(width: number, fields: Omit<FixedField, 'start'>[]): FixedRecord {
  let at = 1;
  const out = fields.map((f) => {
    const field = { ...f, start: at };
    at += f.length;
    return field;
  });
  return { width, fields: out };
}
