/**
 * PromptPay QR payloads (EMVCo merchant-presented QR, Thai PromptPay profile).
 *
 *   00 02 01                      payload format indicator
 *   01 02 11 | 12                 11 static (no amount), 12 dynamic (with amount)
 *   29 ll 00 16 A000000677010111  PromptPay AID, then one of
 *         01 13 0066xxxxxxxxx     mobile phone (leading 0 replaced by 0066)
 *         02 13 nnnnnnnnnnnnn     national ID / tax ID
 *         03 15 nnnnnnnnnnnnnnn   e-wallet ID
 *   58 02 TH                      country
 *   53 03 764                     currency (THB)
 *   54 ll 1234.50                 amount, two decimals (only when given)
 *   63 04 XXXX                    CRC-16/CCITT-FALSE over everything before, '6304' included
 */

const PROMPTPAY_AID = 'A000000677010111';

export type PromptPayTarget =
  { kind: 'phone'; value: string } | { kind: 'nationalId'; value: string } | { kind: 'eWallet'; value: string };

export interface PromptPayOptions {
  /** Mobile number (0812345678, 081-234-5678, +66 81 234 5678), 13-digit national/tax ID, or 15-digit e-wallet ID. */
  id: string;
  /** Amount in integer satang (> 0). Omit for a static QR where the payer types the amount. */
  amountSatang?: number;
}

/**
 * Recognises a PromptPay id after dropping spaces, dashes, dots and a leading '+'.
 * Mobile numbers are returned in the local form 0XXXXXXXXX. Returns null otherwise.
 */
export function parsePromptPayId(id: string): PromptPayTarget | null {
  if (typeof id !== 'string') return null;
  const trimmed = id.trim();
  const plus = trimmed.startsWith('+');
  const digits = (plus ? trimmed.slice(1) : trimmed).replace(/[\s\-.()]/g, '');
  if (!/^\d+$/.test(digits)) return null;
  if (/^0[1-9]\d{8}$/.test(digits) && !plus) return { kind: 'phone', value: digits };
  if (/^66[1-9]\d{8}$/.test(digits)) return { kind: 'phone', value: `0${digits.slice(2)}` };
  if (plus) return null;
  if (digits.length === 13) return { kind: 'nationalId', value: digits };
  if (digits.length === 15) return { kind: 'eWallet', value: digits };
  return null;
}

/** True when `id` can be used as a PromptPay id (see parsePromptPayId). */
export function isPromptPayId(id: string): boolean {
  return parsePromptPayId(id) !== null;
}

function tlv(tag: string, value: string): string {
  if (value.length > 99) throw new RangeError(`EMV value too long for tag ${tag}`);
  return tag + String(value.length).padStart(2, '0') + value;
}

let crcTable: Uint16Array | undefined;

/** CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF, no reflection, no xor-out) of the UTF-8 bytes of `text`. */
export function crc16CcittFalse(text: string): number {
  if (!crcTable) {
    crcTable = new Uint16Array(256);
    for (let i = 0; i < 256; i++) {
      let c = i << 8;
      for (let b = 0; b < 8; b++) c = c & 0x8000 ? ((c << 1) ^ 0x1021) & 0xffff : (c << 1) & 0xffff;
      crcTable[i] = c;
    }
  }
  let crc = 0xffff;
  for (const byte of new TextEncoder().encode(text)) {
    crc = ((crc << 8) & 0xffff) ^ crcTable[((crc >> 8) ^ byte) & 0xff];
  }
  return crc;
}

/** The CRC as the 4 uppercase hex digits EMV QR codes carry. */
export function crc16Hex(text: string): string {
  return crc16CcittFalse(text).toString(16).toUpperCase().padStart(4, '0');
}

/**
 * EMVCo payload for a PromptPay QR. Throws a RangeError for an unrecognised id or
 * an amount that is not a positive integer number of satang.
 */
export function promptPayPayload(options: PromptPayOptions): string {
  const target = parsePromptPayId(options.id);
  if (!target) throw new RangeError(`not a PromptPay id: ${JSON.stringify(options.id)}`);
  const amount = options.amountSatang;
  if (amount !== undefined && (!Number.isSafeInteger(amount) || amount <= 0)) {
    throw new RangeError(`amountSatang must be a positive integer, got ${amount}`);
  }

  const account =
    target.kind === 'phone'
      ? tlv('01', `0066${target.value.slice(1)}`)
      : target.kind === 'nationalId'
        ? tlv('02', target.value)
        : tlv('03', target.value);

  let payload =
    tlv('00', '01') +
    tlv('01', amount === undefined ? '11' : '12') +
    tlv('29', tlv('00', PROMPTPAY_AID) + account) +
    tlv('58', 'TH') +
    tlv('53', '764');
  if (amount !== undefined) {
    const text = `${Math.floor(amount / 100)}.${String(amount % 100).padStart(2, '0')}`;
    if (text.length > 13) throw new RangeError('amount too large for a PromptPay QR');
    payload += tlv('54', text);
  }
  payload += '6304';
  return payload + crc16Hex(payload);
}
