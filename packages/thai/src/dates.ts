/**
 * Buddhist-era dates, Thai month and weekday names, Asia/Bangkok "today".
 *
 * The API speaks ISO dates (YYYY-MM-DD, Common Era) and ISO 8601 timestamps;
 * documents and screens show พ.ศ. years (CE + 543) and Thai month names.
 * Calendar dates ('2026-11-22') are taken as they are; instants (Date, timestamps)
 * are read in Asia/Bangkok whatever the machine's time zone.
 */

export const BE_OFFSET = 543;
export const BANGKOK_TIME_ZONE = 'Asia/Bangkok';

export const THAI_MONTHS = [
  'มกราคม',
  'กุมภาพันธ์',
  'มีนาคม',
  'เมษายน',
  'พฤษภาคม',
  'มิถุนายน',
  'กรกฎาคม',
  'สิงหาคม',
  'กันยายน',
  'ตุลาคม',
  'พฤศจิกายน',
  'ธันวาคม',
] as const;

export const THAI_MONTHS_SHORT = [
  'ม.ค.',
  'ก.พ.',
  'มี.ค.',
  'เม.ย.',
  'พ.ค.',
  'มิ.ย.',
  'ก.ค.',
  'ส.ค.',
  'ก.ย.',
  'ต.ค.',
  'พ.ย.',
  'ธ.ค.',
] as const;

export type WeekdayCode = 'mon' | 'tue' | 'wed' | 'thu' | 'fri' | 'sat' | 'sun';

/** Monday first, as Thai calendars and timetables print them. */
export const WEEKDAY_CODES: readonly WeekdayCode[] = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];

export const THAI_WEEKDAYS: Readonly<Record<WeekdayCode, string>> = {
  mon: 'จันทร์',
  tue: 'อังคาร',
  wed: 'พุธ',
  thu: 'พฤหัสบดี',
  fri: 'ศุกร์',
  sat: 'เสาร์',
  sun: 'อาทิตย์',
};

export const THAI_WEEKDAYS_SHORT: Readonly<Record<WeekdayCode, string>> = {
  mon: 'จ.',
  tue: 'อ.',
  wed: 'พ.',
  thu: 'พฤ.',
  fri: 'ศ.',
  sat: 'ส.',
  sun: 'อา.',
};

const ISO_DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;

export function toBuddhistYear(ceYear: number): number {
  return ceYear + BE_OFFSET;
}

export function toCommonEraYear(beYear: number): number {
  return beYear - BE_OFFSET;
}

function isLeapYear(y: number): boolean {
  return (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
}

function daysInMonth(y: number, m: number): number {
  return [31, isLeapYear(y) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][m - 1];
}

function validYmd(y: number, m: number, d: number): boolean {
  return y >= 1 && y <= 9999 && m >= 1 && m <= 12 && d >= 1 && d <= daysInMonth(y, m);
}

function pad(n: number, width = 2): string {
  return String(n).padStart(width, '0');
}

function ymdToIso(y: number, m: number, d: number): string {
  return `${pad(y, 4)}-${pad(m)}-${pad(d)}`;
}

/** [year, month, day] of an ISO calendar date, or null if it is not a real date. */
function parseIso(iso: string): [number, number, number] | null {
  const m = ISO_DATE_RE.exec(iso);
  if (!m) return null;
  const y = Number(m[1]);
  const mo = Number(m[2]);
  const d = Number(m[3]);
  return validYmd(y, mo, d) ? [y, mo, d] : null;
}

function requireIso(iso: string, name = 'date'): [number, number, number] {
  const parts = typeof iso === 'string' ? parseIso(iso) : null;
  if (!parts) throw new RangeError(`${name} must be an ISO date YYYY-MM-DD, got ${JSON.stringify(iso)}`);
  return parts;
}

/** True for a real calendar date written YYYY-MM-DD ('2026-02-29' is false). */
export function isIsoDate(value: unknown): value is string {
  return typeof value === 'string' && parseIso(value) !== null;
}

let bangkokFormatter: Intl.DateTimeFormat | undefined;

export interface BangkokParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

function toInstant(value: Date | string | number): Date {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) throw new RangeError(`invalid date/time: ${JSON.stringify(value)}`);
  return date;
}

/**
 * Asia/Bangkok has kept UTC+7, without summer time, since 1 April 1920 (the IANA time zone database; before it,
 * Bangkok Mean Time, +6:42:04): from that instant on, its calendar parts are the UTC parts of the instant moved by
 * seven hours — plain arithmetic instead of Intl's formatter, which a CPU profile showed on every request (every
 * date parameter is checked against today). Earlier instants go through Intl.
 */
const BANGKOK_FIXED_OFFSET_FROM = Date.UTC(1920, 2, 31, 17, 17, 56); // 1920-04-01 00:00 at +6:42:04
const BANGKOK_OFFSET_MS = 7 * 60 * 60 * 1000;

/** The Asia/Bangkok wall-clock parts of an instant (Date, ISO timestamp or epoch ms); throws on an invalid one. */
export function bangkokParts(value: Date | string | number): BangkokParts {
  const date = toInstant(value);
  const t = date.getTime();
  if (t >= BANGKOK_FIXED_OFFSET_FROM) {
    const b = new Date(t + BANGKOK_OFFSET_MS);
    return {
      year: b.getUTCFullYear(),
      month: b.getUTCMonth() + 1,
      day: b.getUTCDate(),
      hour: b.getUTCHours(),
      minute: b.getUTCMinutes(),
    };
  }
  bangkokFormatter ??= new Intl.DateTimeFormat('en-US', {
    timeZone: BANGKOK_TIME_ZONE,
    calendar: 'gregory',
    numberingSystem: 'latn',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    hourCycle: 'h23',
  });
  const out: Record<string, number> = {};
  for (const part of bangkokFormatter.formatToParts(date)) {
    if (part.type !== 'literal') out[part.type] = Number(part.value);
  }
  return { year: out.year, month: out.month, day: out.day, hour: out.hour % 24, minute: out.minute };
}

/** The Asia/Bangkok calendar date (YYYY-MM-DD) of an instant (Date, ISO timestamp or epoch ms). */
export function bangkokDate(value: Date | string | number): string {
  const p = bangkokParts(value);
  return ymdToIso(p.year, p.month, p.day);
}

/** Today in Asia/Bangkok as YYYY-MM-DD; `now` is injectable for tests. */
export function todayBangkok(now: Date = new Date()): string {
  return bangkokDate(now);
}

/**
 * Calendar parts of a value: an ISO date string is taken as is; any other string,
 * a Date or epoch ms is an instant read in Asia/Bangkok.
 */
function calendarParts(value: string | Date | number): [number, number, number] {
  if (typeof value === 'string' && ISO_DATE_RE.test(value)) return requireIso(value);
  const p = bangkokParts(value);
  return [p.year, p.month, p.day];
}

/** พ.ศ. year of a date: buddhistYear('2026-11-22') = 2569; instants are read in Bangkok. */
export function buddhistYear(value: string | Date | number): number {
  return toBuddhistYear(calendarParts(value)[0]);
}

/** '2026-11-22' → '22 พ.ย. 2569'. Empty for null, undefined or ''; throws on invalid input. */
export function formatThaiDate(value: string | Date | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const [y, m, d] = calendarParts(value);
  return `${d} ${THAI_MONTHS_SHORT[m - 1]} ${toBuddhistYear(y)}`;
}

/** '2026-11-22' → '22 พฤศจิกายน 2569'. Empty for null, undefined or ''; throws on invalid input. */
export function formatThaiDateLong(value: string | Date | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const [y, m, d] = calendarParts(value);
  return `${d} ${THAI_MONTHS[m - 1]} ${toBuddhistYear(y)}`;
}

/** Instant → '22 พ.ย. 2569 14:05 น.' in Asia/Bangkok. Empty for null, undefined or ''. */
export function formatThaiDateTime(value: string | Date | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const p = bangkokParts(value);
  return `${p.day} ${THAI_MONTHS_SHORT[p.month - 1]} ${toBuddhistYear(p.year)} ${pad(p.hour)}:${pad(p.minute)} น.`;
}

/** Instant → '14:05 น.' in Asia/Bangkok. Empty for null, undefined or ''. */
export function formatThaiTime(value: string | Date | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const p = bangkokParts(value);
  return `${pad(p.hour)}:${pad(p.minute)} น.`;
}

/**
 * A Buddhist-era yyyymmdd date, as the national ID card stores birth, issue and
 * expiry dates, to an ISO date: '25400115' → '1997-01-15' ('2540-01-15' is accepted
 * too). Returns null for anything that is not a real date, including the card's
 * unknown-day/month forms ('25400000', '25400100') and '00000000'.
 */
export function beYyyymmddToIso(value: string): string | null {
  if (typeof value !== 'string') return null;
  const m = /^(\d{4})-?(\d{2})-?(\d{2})$/.exec(value.trim());
  if (!m) return null;
  const y = toCommonEraYear(Number(m[1]));
  const mo = Number(m[2]);
  const d = Number(m[3]);
  return validYmd(y, mo, d) ? ymdToIso(y, mo, d) : null;
}

/**
 * Age in whole years on a date: ageOn('2008-11-22', '2026-11-22') = 18, one day
 * earlier 17. A 29 February birthday is reached on 1 March in common years.
 * Negative when `onIso` is before the birthday.
 */
export function ageOn(birthdayIso: string, onIso: string): number {
  const [by, bm, bd] = requireIso(birthdayIso, 'birthday');
  const [y, m, d] = requireIso(onIso, 'on');
  let age = y - by;
  if (m < bm || (m === bm && d < bd)) age -= 1;
  return age;
}

function isoToUtcMs(iso: string): number {
  const [y, m, d] = requireIso(iso);
  const date = new Date(0);
  date.setUTCFullYear(y, m - 1, d);
  return date.getTime();
}

/** Weekday code of an ISO date: weekdayOf('2026-11-22') = 'sun'. */
export function weekdayOf(iso: string): WeekdayCode {
  const day = new Date(isoToUtcMs(iso)).getUTCDay(); // 0 = Sunday
  return WEEKDAY_CODES[(day + 6) % 7];
}

/** ISO date plus a whole number of days (negative to go back). */
export function addDays(iso: string, days: number): string {
  if (!Number.isInteger(days)) throw new RangeError(`days must be an integer, got ${days}`);
  const date = new Date(isoToUtcMs(iso) + days * DAY_MS);
  return ymdToIso(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate());
}

/** Whole days from `fromIso` to `toIso` (negative when `toIso` is earlier). */
export function daysBetween(fromIso: string, toIso: string): number {
  return Math.round((isoToUtcMs(toIso) - isoToUtcMs(fromIso)) / DAY_MS);
}

/**
 * A date typed as วว/ดด/ปปปป into a Buddhist-era field. Returns the ISO date when the year is a Buddhist year,
 * or, when the year looks like a Common Era year typed by mistake (1900–2399: no one alive was born before
 * พ.ศ. 2400, and no exam is booked after ค.ศ. 2399), the date it most likely means, to offer:
 *   parseBeTyped('15/03/2545') → { iso: '2002-03-15' }
 *   parseBeTyped('15/03/2002') → { ceYear: 2002, suggestedIso: '2002-03-15', suggestedText: '15/03/2545' }
 * null when the text is not a whole date (still being typed, or not a real day).
 */
export function parseBeTyped(
  text: string,
): { iso: string } | { ceYear: number; suggestedIso: string; suggestedText: string } | null {
  const m = /^\s*(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})\s*$/.exec(text);
  if (!m) return null;
  const d = Number(m[1]),
    mo = Number(m[2]),
    y = Number(m[3]);
  if (y >= 1900 && y < 2400) {
    if (!validYmd(y, mo, d)) return null;
    const dd = String(d).padStart(2, '0'),
      mm = String(mo).padStart(2, '0');
    return { ceYear: y, suggestedIso: ymdToIso(y, mo, d), suggestedText: `${dd}/${mm}/${toBuddhistYear(y)}` };
  }
  const ce = toCommonEraYear(y);
  return validYmd(ce, mo, d) ? { iso: ymdToIso(ce, mo, d) } : null;
}

/** Why a birthday cannot be right (in the future, or an age over 120), in Thai; null when it can. */
export function birthdayProblem(birthdayIso: string | null | undefined, todayIso: string): string | null {
  if (!birthdayIso) return null;
  if (birthdayIso > todayIso) return 'วันเกิดต้องไม่เป็นวันในอนาคต';
  if (ageOn(birthdayIso, todayIso) > 120) return 'วันเกิดไม่ถูกต้อง (อายุเกิน 120 ปี) ตรวจสอบว่าพิมพ์ปีเป็น พ.ศ.';
  return null;
}
