/**
 * Pure parsing of the raw Thai ID card fields into the /readCard answer (SPEC §3 "Card reader
 * result"; the field names, including `address_provinice`, are the SPEC's).
 */
import { CardError } from './transport.js';
import type { RawThaiIdData } from './reader.js';

export interface ReadCardOk {
  result: 'ok';
  // SPEC §3 fields
  title_th: string;
  fname_th: string;
  sname_th: string;
  nat_id: string;
  /** ISO yyyy-mm-dd (Gregorian), converted from the card's Buddhist-era yyyymmdd. */
  birthdate: string;
  address_no: string;
  /** Everything between the house number and ตำบล/แขวง (หมู่, ตรอก, ซอย, ถนน), space-joined. */
  address_road: string;
  address_provinice: string;
  address_amphor: string;
  address_tumbol: string;
  // extras
  mname_th: string;
  title_en: string;
  fname_en: string;
  mname_en: string;
  sname_en: string;
  gender: 'male' | 'female' | null;
  /** The card's own value, e.g. "25330415". */
  birthdate_be: string;
  /** false when the card stores 00 for an unknown month/day (then 01 is used in `birthdate`). */
  birthdate_exact: boolean;
  issue_date: string | null;
  /** null for a card valid for life (ตลอดชีพ, stored as 99999999). */
  expire_date: string | null;
  expire_lifetime: boolean;
  /** Parts of address_road with their prefixes (หมู่ที่, ตรอก, ซอย, ถนน) removed. */
  address_moo: string;
  address_trok: string;
  address_soi: string;
  address_street: string;
  /** The whole address as printed on the card, '#' replaced with spaces. */
  address_full: string;
  nat_id_valid: boolean;
  /** base64 JPEG, null if not read or not a JPEG. */
  photo: string | null;
  mock?: true;
}

const tis620 = new TextDecoder('windows-874');

/** TIS-620 bytes → string, without the card's space / NUL padding. */
export function decodeTis620(bytes: Uint8Array): string {
  return tis620
    .decode(bytes)
    .replace(/\u0000/g, ' ')
    .trim();
}

/** Thai national ID checksum: (11 − Σ d[i]·(13−i) mod 11) mod 10 = d[12]. */
export function isValidNationalId(id: string): boolean {
  if (!/^\d{13}$/.test(id)) return false;
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(id[i]) * (13 - i);
  return (11 - (sum % 11)) % 10 === Number(id[12]);
}

export interface Name {
  title: string;
  first: string;
  middle: string;
  last: string;
}

/** "title#first#middle#last" (middle usually empty: "นาย#สมชาย##ใจดี"). */
export function parseName(text: string): Name {
  const parts = text.split('#').map(clean);
  if (parts.length <= 1) return { title: '', first: parts[0] ?? '', middle: '', last: '' };
  if (parts.length === 2) return { title: parts[0], first: parts[1], middle: '', last: '' };
  if (parts.length === 3) return { title: parts[0], first: parts[1], middle: '', last: parts[2] };
  return {
    title: parts[0],
    first: parts[1],
    middle: parts.slice(2, -1).filter(Boolean).join(' '),
    last: parts[parts.length - 1],
  };
}

export interface Address {
  no: string;
  road: string;
  moo: string;
  trok: string;
  soi: string;
  street: string;
  tumbol: string;
  amphoe: string;
  province: string;
  full: string;
}

// Prefixes are matched by pattern, never cut by length: เขต is 3 characters, อำเภอ is 5.
const PREFIX = {
  province: /^(?:จังหวัด|จ\.)\s*/,
  amphoe: /^(?:อำเภอ|เขต|อ\.)\s*/,
  tumbol: /^(?:ตำบล|แขวง|ต\.)\s*/,
  moo: /^(?:หมู่ที่|หมู่(?!บ้าน)|ม\.)\s*/,
  trok: /^(?:ตรอก|ตร\.)\s*/,
  soi: /^(?:ซอย|ซ\.)\s*/,
  street: /^(?:ถนน|ถ\.)\s*/,
  houseNo: /^(?:บ้านเลขที่)\s*/,
} as const;
const BANGKOK = /^กรุงเทพ/;

type Kind = 'province' | 'amphoe' | 'tumbol' | 'moo' | 'trok' | 'soi' | 'street' | 'other';

function kindOf(part: string): Kind {
  if (PREFIX.province.test(part) || BANGKOK.test(part)) return 'province';
  if (PREFIX.amphoe.test(part)) return 'amphoe';
  if (PREFIX.tumbol.test(part)) return 'tumbol';
  if (PREFIX.moo.test(part)) return 'moo';
  if (PREFIX.trok.test(part)) return 'trok';
  if (PREFIX.soi.test(part)) return 'soi';
  if (PREFIX.street.test(part)) return 'street';
  return 'other';
}

/**
 * "no#moo#trok#soi#road#ตำบล…#อำเภอ…#จังหวัด…" with any of the middle parts empty or missing.
 * ตำบล/แขวง, อำเภอ/เขต and จังหวัด are found by their prefix; where a prefix is missing the
 * last three non-empty parts are taken as ตำบล, อำเภอ, จังหวัด in that order.
 */
export function parseAddress(text: string): Address {
  const all = text.split('#').map(clean);
  const no = (all[0] ?? '').replace(PREFIX.houseNo, '');
  const rest = all.slice(1).filter(Boolean);

  const take = (kind: 'province' | 'amphoe' | 'tumbol'): string => {
    let i = -1;
    for (let j = rest.length - 1; j >= 0; j--) {
      if (kindOf(rest[j]) === kind) {
        i = j;
        break;
      }
    }
    // No recognisable prefix: the last unclassified part is it (province, then amphoe, then tumbol).
    if (i < 0 && rest.length > 0 && kindOf(rest[rest.length - 1]) === 'other') i = rest.length - 1;
    if (i < 0) return '';
    const [value] = rest.splice(i, 1);
    return value.replace(PREFIX[kind], '').trim();
  };
  const province = take('province');
  const amphoe = take('amphoe');
  const tumbol = take('tumbol');

  const pick = (kind: 'moo' | 'trok' | 'soi' | 'street') =>
    rest
      .filter((p) => kindOf(p) === kind)
      .map((p) => p.replace(PREFIX[kind], '').trim())
      .join(' ');

  return {
    no,
    road: rest.join(' '),
    moo: pick('moo'),
    trok: pick('trok'),
    soi: pick('soi'),
    street: pick('street'),
    tumbol,
    amphoe,
    province,
    full: all.filter(Boolean).join(' '),
  };
}

export interface BeDate {
  iso: string;
  exact: boolean;
}

/** Buddhist-era "yyyymmdd" → ISO "yyyy-mm-dd"; 00 month/day (unknown) become 01; null if unreadable. */
export function beDateToIso(be: string): BeDate | null {
  const m = /^(\d{4})(\d{2})(\d{2})$/.exec(be.trim());
  if (!m) return null;
  const year = Number(m[1]) - 543;
  let month = Number(m[2]);
  let day = Number(m[3]);
  if (year < 1800 || month > 12 || day > 31) return null;
  const exact = month !== 0 && day !== 0;
  if (month === 0) month = 1;
  if (day === 0) day = 1;
  const d = new Date(Date.UTC(year, month - 1, day));
  if (d.getUTCMonth() !== month - 1) return null; // 31 February and the like
  return { iso: `${String(year).padStart(4, '0')}-${pad2(month)}-${pad2(day)}`, exact };
}

/** The JPEG inside the zero-padded photo area (SOI … last EOI), or null. */
export function extractJpeg(bytes: Uint8Array | undefined): Uint8Array | null {
  if (!bytes || bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8) return null;
  for (let i = bytes.length - 2; i >= 2; i--) {
    if (bytes[i] === 0xff && bytes[i + 1] === 0xd9) return bytes.subarray(0, i + 2);
  }
  return bytes;
}

export function parseThaiIdData(raw: RawThaiIdData): ReadCardOk {
  const natId = decodeTis620(raw.cid).replace(/\s/g, '');
  if (!/^\d{13}$/.test(natId))
    throw new CardError('read_error', `ID number field is not 13 digits: ${JSON.stringify(natId)}`);
  const th = parseName(decodeTis620(raw.nameTh));
  const en = parseName(decodeTis620(raw.nameEn));
  const birthBe = decodeTis620(raw.birth);
  const birth = beDateToIso(birthBe);
  if (!birth) throw new CardError('read_error', `birth date field unreadable: ${JSON.stringify(birthBe)}`);
  const genderCode = decodeTis620(raw.gender);
  const issue = beDateToIso(decodeTis620(raw.issueDate));
  const expireText = decodeTis620(raw.expireDate);
  const lifetime = /^9{8}$/.test(expireText);
  const expire = lifetime ? null : beDateToIso(expireText);
  const addr = parseAddress(decodeTis620(raw.address));
  const jpeg = extractJpeg(raw.photo);

  return {
    result: 'ok',
    title_th: th.title,
    fname_th: th.first,
    sname_th: th.last,
    nat_id: natId,
    birthdate: birth.iso,
    address_no: addr.no,
    address_road: addr.road,
    address_provinice: addr.province,
    address_amphor: addr.amphoe,
    address_tumbol: addr.tumbol,
    mname_th: th.middle,
    title_en: en.title,
    fname_en: en.first,
    mname_en: en.middle,
    sname_en: en.last,
    gender: genderCode === '1' ? 'male' : genderCode === '2' ? 'female' : null,
    birthdate_be: birthBe,
    birthdate_exact: birth.exact,
    issue_date: issue?.iso ?? null,
    expire_date: expire?.iso ?? null,
    expire_lifetime: lifetime,
    address_moo: addr.moo,
    address_trok: addr.trok,
    address_soi: addr.soi,
    address_street: addr.street,
    address_full: addr.full,
    nat_id_valid: isValidNationalId(natId),
    photo: jpeg ? Buffer.from(jpeg).toString('base64') : null,
  };
}

function clean(s: string): string {
  return s.replace(/\s+/g, ' ').trim();
}

function pad2(n: number): string {
  return String(n).padStart(2, '0');
}
