/**
 * Thai national ID (เลขประจำตัวประชาชน): 13 digits, the last a check digit
 * check = (11 − (Σ d[i]·(13−i), i = 0..11) mod 11) mod 10.
 * Foreigners carry a passport or other number: no checksum applies to those.
 */

/** Removes spaces and dashes: '1-2345-67890-12-1' → '1234567890121'. Other characters are kept. */
export function normalizeNationalId(value: string): string {
  return String(value).replace(/[\s\-‐‑–—]/g, '');
}

/** Check digit for the first 12 digits. Throws if `first12` is not exactly 12 digits. */
export function thaiNationalIdCheckDigit(first12: string): number {
  if (!/^\d{12}$/.test(first12)) throw new RangeError(`expected 12 digits, got ${JSON.stringify(first12)}`);
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(first12[i]) * (13 - i);
  return (11 - (sum % 11)) % 10;
}

/**
 * True for exactly 13 digits with a correct check digit. Strict: normalise first
 * (normalizeNationalId) if the value may contain spaces or dashes.
 */
export function isValidThaiNationalId(value: unknown): value is string {
  if (typeof value !== 'string' || !/^\d{13}$/.test(value)) return false;
  return thaiNationalIdCheckDigit(value.slice(0, 12)) === Number(value[12]);
}

/**
 * Display form '1-2345-67890-12-1' (1-4-5-2-1). Anything that is not 13 digits
 * after normalising (a passport number, say) is returned unchanged.
 */
export function formatNationalId(value: string): string {
  const id = normalizeNationalId(value);
  if (!/^\d{13}$/.test(id)) return value;
  return `${id.slice(0, 1)}-${id.slice(1, 5)}-${id.slice(5, 10)}-${id.slice(10, 12)}-${id.slice(12)}`;
}

/** Completes 12 digits with their check digit, for tests and seed data. */
export function makeThaiNationalId(prefix12: string): string {
  return prefix12 + String(thaiNationalIdCheckDigit(prefix12));
}
