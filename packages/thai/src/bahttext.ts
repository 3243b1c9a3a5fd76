/**
 * Amounts in Thai words, following Excel's BAHTTEXT (what Thai accountants check
 * receipts against):
 *  - a 1 in the units place is เอ็ด whenever any higher digit is non-zero
 *    (21 ยี่สิบเอ็ด, 101 หนึ่งร้อยเอ็ด, 1,000,001 หนึ่งล้านเอ็ด), หนึ่ง when it stands alone;
 *  - 10 สิบ, 20 ยี่สิบ; millions repeat (1,000,000,000,000 หนึ่งล้านล้าน);
 *  - whole baht end with ถ้วน; satang are read as their own number (1.01 หนึ่งบาทหนึ่งสตางค์);
 *  - zero is ศูนย์บาทถ้วน; a negative amount is prefixed with ลบ.
 */
const DIGITS = ['ศูนย์', 'หนึ่ง', 'สอง', 'สาม', 'สี่', 'ห้า', 'หก', 'เจ็ด', 'แปด', 'เก้า'];
// Place names for the six digits below a million, units first.
const PLACES = ['', 'สิบ', 'ร้อย', 'พัน', 'หมื่น', 'แสน'];

/** Words for 1 ≤ n < 1,000,000; `hasHigher` says a non-zero digit stands above this group. */
function groupWords(n: number, hasHigher: boolean): string {
  let out = '';
  const digits = String(n).split('').reverse().map(Number);
  for (let place = digits.length - 1; place >= 0; place--) {
    const d = digits[place];
    if (d === 0) continue;
    if (place === 0) {
      out += d === 1 && (hasHigher || n > 9) ? 'เอ็ด' : DIGITS[d];
    } else if (place === 1) {
      out += (d === 1 ? '' : d === 2 ? 'ยี่' : DIGITS[d]) + 'สิบ';
    } else {
      out += DIGITS[d] + PLACES[place];
    }
  }
  return out;
}

/** Words for a non-negative safe integer (without unit); 0 → ศูนย์. */
export function thaiNumberWords(n: number): string {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`expected a non-negative safe integer, got ${n}`);
  if (n === 0) return DIGITS[0];
  return words(n, false);
}

function words(n: number, hasHigher: boolean): string {
  if (n < 1_000_000) return groupWords(n, hasHigher);
  const high = Math.floor(n / 1_000_000);
  const low = n % 1_000_000;
  return words(high, hasHigher) + 'ล้าน' + (low === 0 ? '' : groupWords(low, true));
}

/** Thai words for an amount in integer satang: bahtText(12075) → หนึ่งร้อยยี่สิบบาทเจ็ดสิบห้าสตางค์. */
export function bahtText(satang: number): string {
  if (!Number.isSafeInteger(satang)) throw new RangeError(`satang must be a safe integer, got ${satang}`);
  if (satang === 0) return 'ศูนย์บาทถ้วน';
  const abs = Math.abs(satang);
  const baht = Math.floor(abs / 100);
  const st = abs % 100;
  let out = baht > 0 ? words(baht, false) + 'บาท' : '';
  out += st === 0 ? 'ถ้วน' : groupWords(st, false) + 'สตางค์';
  return satang < 0 ? 'ลบ' + out : out;
}

/**
 * Thai words for a baht amount given as a string ("1500.50", "-20", "1,234.5",
 * "1000000000000"). Throws a RangeError for anything that is not an amount with at
 * most 2 decimals, or whose satang exceed Number.MAX_SAFE_INTEGER.
 */
export function bahtTextFromString(amount: string): string {
  const s = typeof amount === 'string' ? amount.trim() : '';
  const m = /^(-?)((?:\d{1,3}(?:,\d{3})+)|\d+)(?:\.(\d{1,2}))?$/.exec(s);
  if (!m) throw new RangeError(`invalid money amount: ${JSON.stringify(amount)}`);
  const satang = BigInt(m[2].replace(/,/g, '')) * 100n + BigInt((m[3] ?? '').padEnd(2, '0'));
  if (satang > BigInt(Number.MAX_SAFE_INTEGER)) throw new RangeError(`amount too large: ${JSON.stringify(amount)}`);
  const n = Number(satang);
  return bahtText(m[1] === '-' && n !== 0 ? -n : n);
}
