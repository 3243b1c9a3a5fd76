/**
 * Pure APDU logic for the Thai national ID card (no I/O of its own: everything goes through a
 * CardTransport). See docs/domain.md "The national ID smart card".
 *
 * The card is one flat file inside the applet A0 00 00 00 54 48 00 01. A field is read with
 * `80 B0 P1 P2 02 00 Le` (P1 P2 = offset, Le = length). On T=0 the card answers `61 xx` and the
 * data is fetched with GET RESPONSE `00 C0 00 00 xx` (`00 C0 00 01 xx` for cards whose ATR starts
 * `3B 67`). Some readers/drivers fetch the data themselves and answer `data 90 00` directly; both
 * work. `6C xx` means "wrong length, ask again with Le = xx".
 */
import { CardError, type CardTransport, hex } from './transport.js';

export const THAI_ID_AID = Uint8Array.of(0xa0, 0x00, 0x00, 0x00, 0x54, 0x48, 0x00, 0x01);
export const SELECT_THAI_ID = Uint8Array.of(0x00, 0xa4, 0x04, 0x00, THAI_ID_AID.length, ...THAI_ID_AID);

/** Offsets (P1 P2) and lengths (Le) of the fields in the card's file. */
export const FIELDS = {
  cid: { offset: 0x0004, length: 0x0d },
  nameTh: { offset: 0x0011, length: 0x64 },
  nameEn: { offset: 0x0075, length: 0x64 },
  birth: { offset: 0x00d9, length: 0x08 },
  gender: { offset: 0x00e1, length: 0x01 },
  issueDate: { offset: 0x0167, length: 0x08 },
  expireDate: { offset: 0x016f, length: 0x08 },
  address: { offset: 0x1579, length: 0x64 },
} as const;

export type FieldName = keyof typeof FIELDS;

/** The photo: 20 chunks of 0xFF bytes from offset 0x017B (JPEG, zero-padded). */
export const PHOTO = { offset: 0x017b, chunk: 0xff, chunks: 20 } as const;

export interface RawThaiIdData {
  atr: Uint8Array;
  cid: Uint8Array;
  nameTh: Uint8Array;
  nameEn: Uint8Array;
  birth: Uint8Array;
  gender: Uint8Array;
  issueDate: Uint8Array;
  expireDate: Uint8Array;
  address: Uint8Array;
  photo?: Uint8Array;
}

export class ApduError extends Error {
  constructor(
    readonly sw: number,
    readonly command: Uint8Array,
  ) {
    super(`card answered ${sw.toString(16).padStart(4, '0').toUpperCase()} to ${hex(command)}`);
    this.name = 'ApduError';
  }
}

export function readCommand(offset: number, length: number): Uint8Array {
  return Uint8Array.of(0x80, 0xb0, (offset >> 8) & 0xff, offset & 0xff, 0x02, 0x00, length & 0xff);
}

/** `3B 67 …` cards want GET RESPONSE with P2 = 01. */
export function getResponseP2(atr: Uint8Array): number {
  return atr[0] === 0x3b && atr[1] === 0x67 ? 0x01 : 0x00;
}

export function getResponseCommand(p2: number, le: number): Uint8Array {
  return Uint8Array.of(0x00, 0xc0, 0x00, p2, le & 0xff);
}

const MAX_STEPS = 64;

/**
 * Send `command` and follow the card's status words until `90 00`:
 * `61 xx` → GET RESPONSE (chained while the card keeps saying 61 xx), `6C xx` → resend with Le = xx.
 * Resolves with the data (status word dropped); rejects with ApduError for any other status.
 */
export async function exchange(t: CardTransport, command: Uint8Array, p2 = getResponseP2(t.atr)): Promise<Uint8Array> {
  const parts: Uint8Array[] = [];
  let next = command;
  for (let step = 0; step < MAX_STEPS; step++) {
    const res = await t.transmit(next);
    if (res.length < 2) throw new CardError('read_error', `short response ${hex(res)} to ${hex(next)}`);
    const sw1 = res[res.length - 2];
    const sw2 = res[res.length - 1];
    const data = res.subarray(0, res.length - 2);
    if (sw1 === 0x90 && sw2 === 0x00) {
      parts.push(data);
      return concat(parts);
    }
    if (sw1 === 0x61) {
      parts.push(data);
      next = getResponseCommand(p2, sw2);
      continue;
    }
    if (sw1 === 0x6c) {
      // Wrong length: repeat the same command with the length the card asked for (the
      // length is the last byte both for GET RESPONSE and for the Thai ID read command).
      next = Uint8Array.from(next);
      next[next.length - 1] = sw2;
      continue;
    }
    throw new ApduError((sw1 << 8) | sw2, next);
  }
  throw new CardError('read_error', `no 90 00 after ${MAX_STEPS} exchanges for ${hex(command)}`);
}

/** SELECT the Thai ID applet; a card without it is not a Thai national ID card. */
export async function selectThaiId(t: CardTransport): Promise<void> {
  const res = await t.transmit(SELECT_THAI_ID);
  if (res.length < 2) throw new CardError('read_error', `short response ${hex(res)} to SELECT`);
  const sw1 = res[res.length - 2];
  const sw2 = res[res.length - 1];
  // 61 xx: selected, FCI waiting (not needed); 90 00: selected.
  if (sw1 === 0x61 || (sw1 === 0x90 && sw2 === 0x00)) return;
  throw new CardError('not_thai_id', `SELECT Thai ID applet answered ${hex(res.subarray(-2))}`);
}

export async function readField(t: CardTransport, field: FieldName): Promise<Uint8Array> {
  const { offset, length } = FIELDS[field];
  return exchange(t, readCommand(offset, length));
}

export async function readPhoto(t: CardTransport): Promise<Uint8Array> {
  const parts: Uint8Array[] = [];
  for (let i = 0; i < PHOTO.chunks; i++) {
    parts.push(await exchange(t, readCommand(PHOTO.offset + i * PHOTO.chunk, PHOTO.chunk)));
  }
  return concat(parts);
}

export interface ReadOptions {
  photo?: boolean;
}

/** SELECT then read every field (and the photo unless `photo: false`). */
export async function readThaiIdCard(t: CardTransport, opts: ReadOptions = {}): Promise<RawThaiIdData> {
  await selectThaiId(t);
  const out: Partial<RawThaiIdData> = { atr: t.atr };
  for (const field of Object.keys(FIELDS) as FieldName[]) {
    out[field] = await readField(t, field);
  }
  if (opts.photo !== false) out.photo = await readPhoto(t);
  return out as RawThaiIdData;
}

export function concat(parts: Uint8Array[]): Uint8Array {
  let n = 0;
  for (const p of parts) n += p.length;
  const out = new Uint8Array(n);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
