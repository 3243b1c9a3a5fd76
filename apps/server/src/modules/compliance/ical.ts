/**
 * iCalendar (RFC 5545) text of the compliance calendar: lines end in CRLF, TEXT values escape backslash, semicolon,
 * comma and newline (§3.3.11), lines longer than 75 octets fold with CRLF + space without splitting a UTF-8
 * character (§3.1), every event is an all-day VEVENT (DTSTART;VALUE=DATE and DTEND the day after, §3.6.1) whose UID
 * is made from the obligation's key, so a phone calendar updates the same event when its state changes.
 */
import { addDays } from '@khabkhi/thai';

export interface IcalEvent {
  key: string;
  date: string;
  summary: string;
  description: string;
  url?: string;
  done: boolean;
}

export const escapeText = (s: string) =>
  s.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');

/** Folds a content line at 75 octets (UTF-8), continuing lines starting with one space. */
export function fold(line: string): string {
  const bytes = (s: string) => Buffer.byteLength(s, 'utf8');
  if (bytes(line) <= 75) return line;
  const parts: string[] = [];
  let cur = '';
  let limit = 75;
  for (const ch of line) {
    if (bytes(cur + ch) > limit) {
      parts.push(cur);
      cur = '';
      limit = 74; // the leading space takes one octet
    }
    cur += ch;
  }
  parts.push(cur);
  return parts.join('\r\n ');
}

const basic = (iso: string) => iso.replace(/-/g, '');
const stamp = (d: Date) =>
  d
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/** A UID safe in every calendar: the key's own characters where plain, the rest hex-escaped. */
export const uidOf = (key: string, host: string) =>
  `${key.replace(/[^A-Za-z0-9._-]/g, (c) => `=${c.charCodeAt(0).toString(16)}`)}@${host}`;

export function buildCalendar(name: string, events: IcalEvent[], now: Date, host = 'khabkhi'): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Khabkhi//Compliance calendar//TH',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(name)}`,
    'X-WR-TIMEZONE:Asia/Bangkok',
    'REFRESH-INTERVAL;VALUE=DURATION:PT6H',
    'X-PUBLISHED-TTL:PT6H',
  ];
  for (const e of events) {
    lines.push(
      'BEGIN:VEVENT',
      `UID:${uidOf(e.key, host)}`,
      `DTSTAMP:${stamp(now)}`,
      `DTSTART;VALUE=DATE:${basic(e.date)}`,
      `DTEND;VALUE=DATE:${basic(addDays(e.date, 1))}`,
      `SUMMARY:${escapeText((e.done ? '✓ ' : '') + e.summary)}`,
      `DESCRIPTION:${escapeText(e.description)}`,
      ...(e.url ? [`URL:${e.url}`] : []),
      'TRANSP:TRANSPARENT',
      'STATUS:CONFIRMED',
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR');
  return lines.map(fold).join('\r\n') + '\r\n';
}
