/**
 * Money as integer satang (1 baht = 100 satang).
 *
 * The API speaks decimal strings of baht ("1500", "1500.50", "0"); arithmetic in
 * TypeScript is done on integer satang only, never on floats. The database keeps
 * numeric(14,2), hence at most 12 integer digits.
 */

/** Unsigned API money string: up to 12 integer digits, optionally 1–2 decimals. */
export const MONEY_PATTERN = '^\\d{1,12}(\\.\\d{1,2})?$';
/** Same as MONEY_PATTERN with an optional leading minus (refunds, adjustments). */
export const SIGNED_MONEY_PATTERN = '^-?\\d{1,12}(\\.\\d{1,2})?$';

const MONEY_RE = new RegExp(MONEY_PATTERN);
const SIGNED_MONEY_RE = new RegExp(SIGNED_MONEY_PATTERN);
const GROUPED_RE = /^-?(\d{1,3}(,\d{3})*|\d+)(\.\d{1,2})?$/;

/** Largest amount numeric(14,2) can hold, in satang: 999,999,999,999.99 baht. */
export const MAX_SATANG = 99_999_999_999_999;

export interface ParseMoneyOptions {
  /** Accept a leading "-" (default false). */
  allowNegative?: boolean;
  /** Accept thousands separators as in "1,500.50" (default false: API format only). */
  allowGrouping?: boolean;
}

/** True when `s` is an unsigned API money string ("1500", "1500.5", "1500.50", "0"). */
export function isMoneyString(s: unknown): s is string {
  return typeof s === 'string' && MONEY_RE.test(s);
}

/** True when `s` is a money string that may carry a leading minus ("-20.25"). */
export function isSignedMoneyString(s: unknown): s is string {
  return typeof s === 'string' && SIGNED_MONEY_RE.test(s);
}

/**
 * Parses a baht amount into integer satang, or returns null when the input is not
 * a valid amount: more than 2 decimals, more than 12 integer digits, a sign when
 * negatives are not allowed, empty, exponent notation, NaN, Infinity...
 *
 * Numbers are read through their shortest decimal form (String(n)), so 1500.5 is
 * 150050 while 0.1 + 0.2 (0.30000000000000004) is rejected rather than rounded.
 */
export function parseMoney(value: string | number, options: ParseMoneyOptions = {}): number | null {
  let s: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return null;
    s = String(value);
  } else if (typeof value === 'string') {
    s = value.trim();
  } else {
    return null;
  }
  if (options.allowGrouping) {
    if (!GROUPED_RE.test(s)) return null;
    s = s.replace(/,/g, '');
  }
  if (!SIGNED_MONEY_RE.test(s)) return null;
  const negative = s.startsWith('-');
  if (negative && !options.allowNegative) return null;
  const body = negative ? s.slice(1) : s;
  const [intPart, fracPart = ''] = body.split('.');
  const satang = Number(intPart) * 100 + Number(fracPart.padEnd(2, '0'));
  if (satang === 0) return 0; // never -0
  return negative ? -satang : satang;
}

/** Like parseMoney but throws a RangeError on invalid input. */
export function toSatang(value: string | number, options: ParseMoneyOptions = {}): number {
  const satang = parseMoney(value, options);
  if (satang === null) throw new RangeError(`invalid money amount: ${JSON.stringify(value)}`);
  return satang;
}

function assertSatang(satang: number): void {
  if (!Number.isSafeInteger(satang)) throw new RangeError(`satang must be a safe integer, got ${satang}`);
}

/**
 * Integer satang to the API string: integers without decimals, otherwise exactly two.
 * 150000 → "1500", 150050 → "1500.50", 0 → "0", -2025 → "-20.25", -50 → "-0.50".
 */
export function fromSatang(satang: number): string {
  assertSatang(satang);
  const negative = satang < 0;
  const abs = Math.abs(satang);
  const baht = Math.floor(abs / 100);
  const st = abs % 100;
  const text = st === 0 ? String(baht) : `${baht}.${String(st).padStart(2, '0')}`;
  return negative ? `-${text}` : text;
}

/**
 * Display format with thousands separators and two decimals: "1,500.00", "-20.25".
 * A number is integer satang; a string is a baht amount ("1500.5", negatives allowed).
 */
export function formatBaht(value: number | string): string {
  const satang = typeof value === 'number' ? value : toSatang(value, { allowNegative: true });
  assertSatang(satang);
  const negative = satang < 0;
  const abs = Math.abs(satang);
  const baht = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const text = `${baht}.${String(abs % 100).padStart(2, '0')}`;
  return negative ? `-${text}` : text;
}

/** Sum of integer satang values; throws if any value (or the sum) is not a safe integer. */
export function sumSatang(values: Iterable<number>): number {
  let total = 0;
  for (const v of values) {
    assertSatang(v);
    total += v;
  }
  assertSatang(total);
  return total;
}

/** Parses a non-negative decimal factor ("12.5", 7.25) into [integer numerator, power-of-ten denominator]. */
function parseFactor(factor: number | string): [bigint, bigint] {
  const s = typeof factor === 'number' ? (Number.isFinite(factor) ? String(factor) : '') : factor.trim();
  const m = /^(-?)(\d+)(?:\.(\d{1,6}))?$/.exec(s);
  if (!m) throw new RangeError(`invalid factor: ${JSON.stringify(factor)} (up to 6 decimals, no exponent)`);
  const frac = m[3] ?? '';
  const num = BigInt(m[2] + frac) * (m[1] === '-' ? -1n : 1n);
  return [num, 10n ** BigInt(frac.length)];
}

/** Exact n / d rounded half away from zero (d > 0). */
function divRoundHalfAway(n: bigint, d: bigint): number {
  const negative = n < 0n;
  const a = negative ? -n : n;
  let q = a / d;
  if ((a % d) * 2n >= d) q += 1n;
  const result = Number(negative ? -q : q);
  return result === 0 ? 0 : result;
}

/**
 * `percent` % of an amount in satang, rounded half-up (half away from zero) to the
 * satang, computed exactly: percentOf(105, 10) = 11, percentOf(150050, 12.5) = 18756.
 * `percent` may be a number or a decimal string with up to 6 decimals.
 */
export function percentOf(satang: number, percent: number | string): number {
  assertSatang(satang);
  const [num, den] = parseFactor(percent);
  const result = divRoundHalfAway(BigInt(satang) * num, den * 100n);
  assertSatang(result);
  return result;
}

/**
 * Amount in satang times a decimal factor (hours, quantity, rate), rounded half-up
 * (half away from zero) to the satang: mulSatang(15050, 1.5) = 22575.
 */
export function mulSatang(satang: number, factor: number | string): number {
  assertSatang(satang);
  const [num, den] = parseFactor(factor);
  const result = divRoundHalfAway(BigInt(satang) * num, den);
  assertSatang(result);
  return result;
}
