/**
 * The typed-date rules of ThaiDatePicker, without antd (unit-tested in apps/web/test): a date typed with a
 * Buddhist year is read back as Common Era; a year that looks like a Common Era year typed by mistake
 * (15/03/2002 in a พ.ศ. field, which would mean ค.ศ. 1459 and an age of 567) is NOT taken: the picker offers
 * the conversion instead.
 */
import dayjs, { type Dayjs } from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import { parseBeTyped } from '@khabkhi/thai';

dayjs.extend(customParseFormat);

/** The parse step for formats with BBBB: a dayjs in CE, or null (not a date, or a CE year to be questioned). */
export function parseBuddhistText(text: string, formats: string[]): Dayjs | null {
  for (const format of formats) {
    if (!format.includes('BB')) continue;
    const ceFormat = format.replace('BBBB', 'YYYY').replace('BB', 'YY');
    const d = dayjs(text, ceFormat, true);
    if (!d.isValid()) continue;
    if (format.includes('BBBB') && d.year() >= 1900 && d.year() < 2400) return null; // a CE year: question it
    return d.subtract(543, 'year');
  }
  return null;
}

/** What to offer for the text in the field: the BE date to use instead of a CE year typed by mistake. */
export function ceYearOffer(text: string): { ceYear: number; iso: string; text: string } | null {
  const r = parseBeTyped(text);
  return r && 'ceYear' in r ? { ceYear: r.ceYear, iso: r.suggestedIso, text: r.suggestedText } : null;
}
