/**
 * An in-process Thai national ID card: answers the card's APDUs the way a real card does
 * (SELECT, 80 B0 reads of a flat TIS-620 file, 61 xx + GET RESPONSE on T=0, 6C xx on a wrong
 * length). Used by the unit tests, by the vpcd card emulator in the integration test, and by
 * GET /mockreadercard (which reads SAMPLE_CARD through the real reader and parser).
 */
import { FIELDS, PHOTO, THAI_ID_AID, getResponseP2 } from './reader.js';
import type { CardTransport } from './transport.js';

export interface ThaiIdCardData {
  /** 13 digits. */
  cid: string;
  /** "title#first#middle#last" */
  nameTh: string;
  nameEn: string;
  /** Buddhist era yyyymmdd */
  birth: string;
  /** '1' male, '2' female */
  gender: string;
  issueDate: string;
  /** '99999999' for a card valid for life */
  expireDate: string;
  /** "no#moo#trok#soi#road#ตำบล…#อำเภอ…#จังหวัด…" */
  address: string;
  photo?: Uint8Array;
}

export interface SimulatedCardOptions {
  /** 'standard' = 3B 68 …, '3b67' = the variant that wants GET RESPONSE P2 = 01. */
  atr?: 'standard' | '3b67' | Uint8Array;
  /** 't0': answers 61 xx and waits for GET RESPONSE (default); 'direct': data + 90 00 at once. */
  mode?: 't0' | 'direct';
  /** Hand out at most this many bytes per GET RESPONSE, announcing the rest with 61 xx. */
  maxChunk?: number;
  /** Answer the first GET RESPONSE of every response with 6C xx (the exact length). */
  wrongLeFirst?: boolean;
  /** false: a card without the Thai ID applet (SELECT answers 6A 82). */
  thaiId?: boolean;
}

export const ATR_STANDARD = Uint8Array.of(0x3b, 0x68, 0x00, 0x00, 0x00, 0x73, 0xc8, 0x40, 0x12, 0x00, 0x90, 0x00);
export const ATR_3B67 = Uint8Array.of(0x3b, 0x67, 0x00, 0x00, 0x73, 0x20, 0x00, 0x6c, 0x68, 0x90, 0x00);

const FILE_SIZE = FIELDS.address.offset + FIELDS.address.length;

/** Unicode → TIS-620 (Thai block U+0E01–U+0E5B ↔ 0xA1–0xFB, ASCII as is). */
export function encodeTis620(text: string): Uint8Array {
  const out: number[] = [];
  for (const ch of text) {
    const c = ch.codePointAt(0)!;
    if (c < 0x80) out.push(c);
    else if (c >= 0x0e01 && c <= 0x0e5b) out.push(c - 0x0e00 + 0xa0);
    else out.push(0x3f);
  }
  return Uint8Array.from(out);
}

/** The card's flat file: every text field space-padded to its length, photo zero-padded. */
export function buildCardFile(data: ThaiIdCardData): Uint8Array {
  const file = new Uint8Array(FILE_SIZE).fill(0x20);
  const put = (field: keyof typeof FIELDS, text: string) => {
    const { offset, length } = FIELDS[field];
    const bytes = encodeTis620(text);
    if (bytes.length > length) throw new Error(`${field} is ${bytes.length} bytes, the card holds ${length}`);
    file.set(bytes, offset);
  };
  put('cid', data.cid);
  put('nameTh', data.nameTh);
  put('nameEn', data.nameEn);
  put('birth', data.birth);
  put('gender', data.gender);
  put('issueDate', data.issueDate);
  put('expireDate', data.expireDate);
  put('address', data.address);
  const photoArea = PHOTO.chunk * PHOTO.chunks;
  file.fill(0x00, PHOTO.offset, PHOTO.offset + photoArea);
  if (data.photo) {
    if (data.photo.length > photoArea)
      throw new Error(`photo is ${data.photo.length} bytes, the card holds ${photoArea}`);
    file.set(data.photo, PHOTO.offset);
  }
  return file;
}

const sw = (sw1: number, sw2: number, data?: Uint8Array): Uint8Array => {
  const out = new Uint8Array((data?.length ?? 0) + 2);
  if (data) out.set(data);
  out[out.length - 2] = sw1;
  out[out.length - 1] = sw2;
  return out;
};

export class SimulatedThaiIdCard implements CardTransport {
  readonly atr: Uint8Array;
  /** Every command received, for assertions. */
  readonly commands: Uint8Array[] = [];
  private readonly file: Uint8Array;
  private readonly opts: Required<Omit<SimulatedCardOptions, 'atr' | 'maxChunk'>> & { maxChunk: number };
  private selected = false;
  private pending: Uint8Array | null = null;
  private pendingFresh = false;

  constructor(data: ThaiIdCardData, options: SimulatedCardOptions = {}) {
    this.atr = options.atr instanceof Uint8Array ? options.atr : options.atr === '3b67' ? ATR_3B67 : ATR_STANDARD;
    this.file = buildCardFile(data);
    this.opts = {
      mode: options.mode ?? 't0',
      maxChunk: options.maxChunk ?? 256,
      wrongLeFirst: options.wrongLeFirst ?? false,
      thaiId: options.thaiId ?? true,
    };
  }

  /** Power cycle: forget the selected applet and any pending response. */
  reset(): void {
    this.selected = false;
    this.pending = null;
  }

  async transmit(apdu: Uint8Array): Promise<Uint8Array> {
    return this.respond(apdu);
  }

  respond(apdu: Uint8Array): Uint8Array {
    this.commands.push(Uint8Array.from(apdu));
    if (apdu.length < 4) return sw(0x67, 0x00);
    const [cla, ins, p1, p2] = apdu;
    if (cla === 0x00 && ins === 0xc0) return this.getResponse(p2, apdu[4] ?? 0);
    this.pending = null; // any other command discards an unread response
    if (cla === 0x00 && ins === 0xa4) return this.select(apdu);
    if (cla === 0x80 && ins === 0xb0) return this.read(apdu, (p1 << 8) | p2);
    if (cla !== 0x00 && cla !== 0x80) return sw(0x6e, 0x00);
    return sw(0x6d, 0x00);
  }

  private answer(data: Uint8Array): Uint8Array {
    if (this.opts.mode === 'direct') return sw(0x90, 0x00, data);
    this.pending = data;
    this.pendingFresh = true;
    return sw(0x61, data.length & 0xff);
  }

  private select(apdu: Uint8Array): Uint8Array {
    const aid = apdu.subarray(5, 5 + (apdu[4] ?? 0));
    const isThai = aid.length === THAI_ID_AID.length && aid.every((b, i) => b === THAI_ID_AID[i]);
    if (apdu[2] !== 0x04 || !isThai || !this.opts.thaiId) {
      this.selected = false;
      return sw(0x6a, 0x82);
    }
    this.selected = true;
    // A short FCI, fetched with GET RESPONSE on T=0 (readers may skip it).
    return this.answer(Uint8Array.of(0x6f, 0x08, 0x84, 0x06, 0xa0, 0x00, 0x00, 0x00, 0x54, 0x48));
  }

  private read(apdu: Uint8Array, offset: number): Uint8Array {
    if (!this.selected) return sw(0x69, 0x85);
    if (apdu.length !== 7 || apdu[4] !== 0x02) return sw(0x67, 0x00);
    const le = apdu[6] === 0 ? 256 : apdu[6];
    if (offset + le > this.file.length) return sw(0x6b, 0x00);
    return this.answer(this.file.slice(offset, offset + le));
  }

  private getResponse(p2: number, leByte: number): Uint8Array {
    if (!this.pending) return sw(0x6f, 0x00);
    if (p2 !== getResponseP2(this.atr)) return sw(0x6a, 0x86);
    const available = this.pending.length;
    const le = leByte === 0 ? 256 : leByte;
    if (le > available || (this.opts.wrongLeFirst && this.pendingFresh && le !== available)) {
      this.pendingFresh = false;
      return sw(0x6c, available & 0xff);
    }
    this.pendingFresh = false;
    const n = Math.min(le, this.opts.maxChunk);
    const out = this.pending.subarray(0, n);
    const rest = this.pending.subarray(n);
    this.pending = rest.length ? rest : null;
    return rest.length ? sw(0x61, Math.min(rest.length, 0xff), out) : sw(0x90, 0x00, out);
  }
}

/** A placeholder ID photo: 48×60 grey silhouette, baseline JPEG (682 bytes). */
export const SAMPLE_PHOTO_JPEG: Uint8Array = Buffer.from(
  '/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDABALDA4MChAODQ4SERATGCgaGBYWGDEjJR0oOjM9PDkzODdASFxOQERXRTc4UG1R' +
    'V19iZ2hnPk1xeXBkeFxlZ2P/wAALCAA8ADABAREA/8QAHwAAAQUBAQEBAQEAAAAAAAAAAAECAwQFBgcICQoL/8QAtRAAAgED' +
    'AwIEAwUFBAQAAAF9AQIDAAQRBRIhMUEGE1FhByJxFDKBkaEII0KxwRVS0fAkM2JyggkKFhcYGRolJicoKSo0NTY3ODk6Q0RF' +
    'RkdISUpTVFVWV1hZWmNkZWZnaGlqc3R1dnd4eXqDhIWGh4iJipKTlJWWl5iZmqKjpKWmp6ipqrKztLW2t7i5usLDxMXGx8jJ' +
    'ytLT1NXW19jZ2uHi4+Tl5ufo6erx8vP09fb3+Pn6/9oACAEBAAA/AOrzRmjNGaM0ZpmaM1zepeI5RI8NkFVVJHmnDE+47Y6+' +
    'v4VDZeJbmJsXYEyE9QArD+h/zzXUq6uoZWDKRkEHIIpc03NUdalaLSbhlAJK7efQnB/nXFUV1vhqVn0vaQMRuVGPTr/WtbNM' +
    'zUF9ALqzlgOMuvGTgZ7friuIkRopGjcYZCVI9CKbXZ6RaGysEjcASElnwc8n/wCtiruabmjNU7zTbW9yZY8P/fThv/r9O9Ms' +
    '9ItLRt6oZHByGk5I+nar+aM03NNklSJC8jqijqzHAFZ0+v2EOQJGlIOCI1/XJwKbF4isJM72kix/fTr+Wa0op4plLQyJIoOM' +
    'owIzT81XubmO1t3nlJ2IOcDJrjtQv5dQn8yThRwiDoo/z3qrRU1pdS2c6zQthh1HYj0NdjYX0d/bCaMFecMp7H0rK8USsIbe' +
    'LA2sxY+uQP8A65rnaKKK2vDErC6miAG1k3H1yD/9c1//2Q==',
  'base64',
);

/** The fixed demo card behind GET /mockreadercard: a Bangkok (เขต/แขวง) address, valid ID. */
export const SAMPLE_CARD: ThaiIdCardData = {
  cid: '1103700456783',
  nameTh: 'นางสาว#สมศรี##ใจงาม',
  nameEn: 'Miss#Somsri##Jaingam',
  birth: '25330415',
  gender: '2',
  issueDate: '25650110',
  expireDate: '25730414',
  address: '99/123###ซอยสุขุมวิท 63#ถนนสุขุมวิท#แขวงคลองตันเหนือ#เขตวัฒนา#กรุงเทพมหานคร',
  photo: SAMPLE_PHOTO_JPEG,
};
