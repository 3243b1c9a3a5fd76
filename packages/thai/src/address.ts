/**
 * Thai address data (ตำบล/แขวง → อำเภอ/เขต → จังหวัด → รหัสไปรษณีย์) for the address form.
 *
 * Entry point `@khabkhi/thai/address`, separate from the main entry so the web app
 * can load it with a dynamic import (its own chunk, ~60 KB gzipped). Nothing else in
 * this package imports it. Data: see src/address-data.ts and scripts/build-address-data.mjs.
 */
import { ADDRESS_TREE } from './address-data.js';

export interface ThaiAddress {
  subdistrict: string;
  district: string;
  province: string;
  postcode: string;
}

interface Index {
  /** One row per (subdistrict, postcode), in Thai order. */
  rows: ThaiAddress[];
  tree: Map<string, Map<string, Map<string, string[]>>>;
  provinces: string[];
}

let index: Index | undefined;

function getIndex(): Index {
  if (index) return index;
  const rows: ThaiAddress[] = [];
  const tree = new Map<string, Map<string, Map<string, string[]>>>();
  for (const [province, districts] of ADDRESS_TREE) {
    const dmap = new Map<string, Map<string, string[]>>();
    tree.set(province, dmap);
    for (const [district, subdistricts] of districts) {
      const smap = new Map<string, string[]>();
      dmap.set(district, smap);
      for (const [subdistrict, codes] of subdistricts) {
        const postcodes = codes.split(',');
        smap.set(subdistrict, postcodes);
        for (const postcode of postcodes) rows.push({ subdistrict, district, province, postcode });
      }
    }
  }
  index = { rows, tree, provinces: [...tree.keys()] };
  return index;
}

const BANGKOK = 'กรุงเทพมหานคร';
const BANGKOK_ALIASES = new Set(['กทม', 'กทม.', 'กรุงเทพ', 'กรุงเทพฯ', 'กรุงเทพมหานคร', 'bangkok']);
const PROVINCE_PREFIX = /^(จังหวัด|จ\.)\s*/;
const DISTRICT_PREFIX = /^(อำเภอ|อ\.|เขต)\s*/;
const SUBDISTRICT_PREFIX = /^(ตำบล|ต\.|แขวง)\s*/;
const ANY_PREFIX = /^(จังหวัด|จ\.|อำเภอ|อ\.|เขต|ตำบล|ต\.|แขวง)\s*/;

/** Canonical province name: trims, drops จังหวัด/จ., maps กทม/กรุงเทพฯ to กรุงเทพมหานคร. */
export function normalizeProvinceName(name: string): string {
  const s = String(name).trim().replace(PROVINCE_PREFIX, '').trim();
  return BANGKOK_ALIASES.has(s.toLowerCase()) ? BANGKOK : s;
}

function normalizeDistrictName(name: string): string {
  return String(name).trim().replace(DISTRICT_PREFIX, '').trim();
}

function normalizeSubdistrictName(name: string): string {
  return String(name).trim().replace(SUBDISTRICT_PREFIX, '').trim();
}

/** The 77 provinces in Thai dictionary order. */
export function listProvinces(): string[] {
  return [...getIndex().provinces];
}

/** Districts (อำเภอ/เขต) of a province in Thai order; [] for an unknown province. */
export function districtsOf(province: string): string[] {
  const dmap = getIndex().tree.get(normalizeProvinceName(province));
  return dmap ? [...dmap.keys()] : [];
}

/** Subdistricts (ตำบล/แขวง) of a district in Thai order; [] when unknown. */
export function subdistrictsOf(province: string, district: string): string[] {
  const smap = getIndex().tree.get(normalizeProvinceName(province))?.get(normalizeDistrictName(district));
  return smap ? [...smap.keys()] : [];
}

/** Every postcode of a subdistrict, main one first (a few have several); [] when unknown. */
export function postcodesOf(province: string, district: string, subdistrict: string): string[] {
  const codes = getIndex()
    .tree.get(normalizeProvinceName(province))
    ?.get(normalizeDistrictName(district))
    ?.get(normalizeSubdistrictName(subdistrict));
  return codes ? [...codes] : [];
}

/** The (main) postcode of a subdistrict, or null when the address is unknown. */
export function postcodeOf(province: string, district: string, subdistrict: string): string | null {
  return postcodesOf(province, district, subdistrict)[0] ?? null;
}

/**
 * True when subdistrict, district and province exist together and, if given,
 * the postcode is one of the subdistrict's postcodes.
 */
export function isKnownAddress(address: {
  province: string;
  district: string;
  subdistrict: string;
  postcode?: string | null;
}): boolean {
  const codes = postcodesOf(address.province, address.district, address.subdistrict);
  if (codes.length === 0) return false;
  const postcode = address.postcode?.trim();
  return !postcode || codes.includes(postcode);
}

interface Term {
  text: string;
  /** The same term without an administrative prefix (ต./อำเภอ/...), if it had one. */
  bare: string | null;
  digits: boolean;
}

function parseTerms(query: string): Term[] {
  const terms: Term[] = [];
  for (const raw of query.trim().split(/[\s,]+/)) {
    if (!raw) continue;
    const alias = BANGKOK_ALIASES.has(raw.toLowerCase()) ? BANGKOK : raw;
    const stripped = alias.replace(ANY_PREFIX, '');
    if (!stripped) continue; // a lone prefix word such as "ตำบล" or "เขต"
    terms.push({ text: alias, bare: stripped === alias ? null : stripped, digits: /^\d+$/.test(alias) });
  }
  return terms;
}

/** 0 exact, 1 prefix, 2 substring, -1 no match. */
function matchKind(field: string, term: string): number {
  if (field === term) return 0;
  if (field.startsWith(term)) return 1;
  return field.includes(term) ? 2 : -1;
}

function termScore(row: ThaiAddress, term: Term): number {
  if (term.digits) {
    const k = matchKind(row.postcode, term.text);
    return k < 0 ? -1 : k * 4 + 3;
  }
  let best = -1;
  const fields = [row.subdistrict, row.district, row.province];
  for (const text of term.bare ? [term.text, term.bare] : [term.text]) {
    for (let f = 0; f < fields.length; f++) {
      const k = matchKind(fields[f], text);
      if (k >= 0) {
        const score = k * 4 + f;
        if (best < 0 || score < best) best = score;
      }
    }
  }
  return best;
}

/**
 * Autocomplete: rows whose subdistrict, district, province or postcode contains the
 * query. Several words ("ลาดยาว จตุจักร", "สุเทพ 50200") must all match, each in any
 * field; prefixes like ต./แขวง/อ./เขต/จ. are ignored. Exact matches come first, then
 * prefix, then substring, subdistrict before district before province; ties keep Thai
 * order. A subdistrict with several postcodes gives one row per postcode.
 */
export function searchAddress(query: string, limit = 20): ThaiAddress[] {
  if (typeof query !== 'string' || limit <= 0) return [];
  const terms = parseTerms(query);
  if (terms.length === 0) return [];
  const hits: { row: ThaiAddress; score: number; order: number }[] = [];
  const rows = getIndex().rows;
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i];
    let total = 0;
    for (const term of terms) {
      const s = termScore(row, term);
      if (s < 0) {
        total = -1;
        break;
      }
      total += s;
    }
    if (total >= 0) hits.push({ row, score: total, order: i });
  }
  hits.sort((a, b) => a.score - b.score || a.order - b.order);
  return hits.slice(0, limit).map((h) => ({ ...h.row }));
}
