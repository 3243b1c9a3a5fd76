/**
 * Thai phone numbers: stored as digits only, shown in the usual groups, searched by digits.
 *   0812345678 → 081-234-5678 (mobile, 10 digits starting 06/08/09)
 *   021234567  → 02-123-4567  (Bangkok landline, 9 digits starting 02)
 *   053210987  → 053-210-987  (provincial landline, 9 digits starting 03–07)
 *   +66812345678 → 0812345678 (the country code is dropped when it is a Thai number)
 * Anything else (short numbers such as 1669, foreign numbers) is shown as its digits.
 */

/** The digits of a phone number as typed ("081-234 5678", "+66 81 234 5678" → "0812345678"). */
export function phoneDigits(typed: string | null | undefined): string {
  const s = String(typed ?? '').trim();
  const d = s.replace(/\D/g, '');
  // +66 8x… or 66 8x… (11 digits) is the same Thai number with the leading 0
  if (s.startsWith('+66') && (d.length === 10 || d.length === 11)) return `0${d.slice(2)}`;
  return d;
}

/** A stored (or typed) phone number in the groups Thai staff read. */
export function formatPhone(phone: string | null | undefined): string {
  const d = phoneDigits(phone);
  if (d.length === 10 && d.startsWith('0')) return `${d.slice(0, 3)}-${d.slice(3, 6)}-${d.slice(6)}`;
  if (d.length === 9 && d.startsWith('02')) return `${d.slice(0, 2)}-${d.slice(2, 5)}-${d.slice(5)}`;
  if (d.length === 9 && d.startsWith('0')) return `${d.slice(0, 3)}-${d.slice(3, 6)}-${d.slice(6)}`;
  return d;
}

/**
 * Search text that is a phone number (or its beginning) as typed: digits with the usual separators
 * ("081-234", "081 234 5678", "(02) 123-4567"), at least 3 digits. Its digits are what to search.
 */
export function phoneSearchDigits(text: string | null | undefined): string | null {
  const t = String(text ?? '').trim();
  if (!/^\+?[\d\s().-]+$/.test(t)) return null;
  const d = phoneDigits(t);
  return d.length >= 3 ? d : null;
}

/** Only the last four digits shown: 0812345678 → 081-xxx-5678 (for people who may not see the whole number). */
export function maskPhone(phone: string | null | undefined): string {
  const d = phoneDigits(phone);
  if (!d) return '';
  if (d.length < 7) return 'x'.repeat(d.length);
  const shown = formatPhone(d);
  // keep the first group and the last four digits, hide the rest digit by digit
  let seen = 0;
  const keepHead = d.startsWith('02') ? 2 : 3;
  return shown.replace(/\d/g, (c) => {
    seen++;
    return seen <= keepHead || seen > d.length - 4 ? c : 'x';
  });
}
