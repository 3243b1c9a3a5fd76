import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { toSatang } from '@khabkhi/thai';

/** the atlas's folder: src/db/demo-bills beside this module, dist/demo-bills beside the built main.js (build.mjs) */
export const demoBillsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'demo-bills');

/** the type faces of a bill: Sarabun weight (the package's folder name), size and line height in pixels */
export const BILL_STYLES = {
  title: { face: '700Bold', size: 27, line: 36 },
  head: { face: '600SemiBold', size: 21, line: 30 },
  text: { face: '400Regular', size: 19, line: 27 },
  bold: { face: '700Bold', size: 19, line: 27 },
  total: { face: '700Bold', size: 23, line: 32 },
  small: { face: '400Regular', size: 16, line: 23 },
  sign: { face: '300Light_Italic', size: 34, line: 40 },
} as const;
export type BillStyle = keyof typeof BILL_STYLES;

/** drawn one by one, in every style */
export const VAR_CHARS = ' 0123456789,./:-()%#';
/** Thai consonants (a plate's letters), drawn one by one in the styles that print plates */
export const CONSONANTS = 'กขฃคฅฆงจฉชซฌญฎฏฐฑฒณดตถทธนบปผฝพฟภมยรลวศษสหฬอฮ';
/** the words of an amount in words (bahtText) */
export const NUMBER_WORDS = [
  'ศูนย์',
  'หนึ่ง',
  'สอง',
  'สาม',
  'สี่',
  'ห้า',
  'หก',
  'เจ็ด',
  'แปด',
  'เก้า',
  'สิบ',
  'ยี่',
  'เอ็ด',
  'ร้อย',
  'พัน',
  'หมื่น',
  'แสน',
  'ล้าน',
  'บาท',
  'ถ้วน',
  'สตางค์',
];

interface Station {
  company: string;
  station: string;
  address: [string, string];
  taxId: string;
  taxBranch: string;
  pos: string;
}
interface Garage {
  name: string;
  address: [string, string];
  taxId: string;
  owner: string;
  signature: string;
  customer: string;
}

/** the petrol station and the garage each demo branch uses (made-up businesses; tax IDs with a valid check digit) */
export const DEMO_SUPPLIERS: Record<string, { station: Station; garage: Garage }> = {
  HQ: {
    station: {
      company: 'บริษัท บางนาปิโตรเลียม จำกัด',
      station: 'สถานีบริการน้ำมัน บางนา-ตราด กม.4',
      address: ['1234 ถนนบางนา-ตราด แขวงบางนา เขตบางนา', 'กรุงเทพมหานคร 10260'],
      taxId: '0105558031424',
      taxBranch: '00004',
      pos: 'E051100234567',
    },
    garage: {
      name: 'อู่ช่างเอกบางนาการช่าง',
      address: ['25/7 ซอยบางนา-ตราด 20 แขวงบางนา เขตบางนา', 'กรุงเทพมหานคร 10260 โทร 02-745-6789'],
      taxId: '3101200456789',
      owner: 'นายเอกชัย ศรีสุข',
      signature: 'เอกชัย',
      customer: 'โรงเรียนสอนขับรถขับขี่ปลอดภัย สำนักงานใหญ่',
    },
  },
  BKN: {
    station: {
      company: 'บริษัท สายไหมออยล์ จำกัด',
      station: 'สถานีบริการน้ำมัน พหลโยธิน 54',
      address: ['412 ถนนพหลโยธิน แขวงคลองถนน เขตสายไหม', 'กรุงเทพมหานคร 10220'],
      taxId: '0105560118922',
      taxBranch: '00001',
      pos: 'E051100877120',
    },
    garage: {
      name: 'อู่สมศักดิ์ยนตรการ',
      address: ['77 ถนนสายไหม แขวงสายไหม เขตสายไหม', 'กรุงเทพมหานคร 10220 โทร 02-563-4455'],
      taxId: '3100501234563',
      owner: 'นายสมศักดิ์ มั่นคง',
      signature: 'สมศักดิ์',
      customer: 'โรงเรียนสอนขับรถขับขี่ปลอดภัย สาขาบางเขน',
    },
  },
  CNX: {
    station: {
      company: 'ห้างหุ้นส่วนจำกัด ช้างเผือกปิโตรเลียม',
      station: 'สถานีบริการน้ำมัน ซุปเปอร์ไฮเวย์',
      address: ['99/1 หมู่ 3 ถนนซุปเปอร์ไฮเวย์เชียงใหม่-ลำปาง', 'ตำบลช้างเผือก อำเภอเมืองเชียงใหม่ เชียงใหม่ 50300'],
      taxId: '0503559001230',
      taxBranch: '00000',
      pos: 'E051300456019',
    },
    garage: {
      name: 'อู่ล้านนาเซอร์วิส',
      address: ['18 หมู่ 5 ตำบลช้างเผือก อำเภอเมืองเชียงใหม่', 'เชียงใหม่ 50300 โทร 053-221-876'],
      taxId: '3501100789014',
      owner: 'นายอินทร คำแสน',
      signature: 'อินทร',
      customer: 'โรงเรียนสอนขับรถขับขี่ปลอดภัย สาขาเชียงใหม่',
    },
  },
};

export interface FuelBill {
  kind: 'fuel';
  /** the branch's code: which station (HQ's for any other) */
  branch: string;
  /** the expense's date (ISO) */
  date: string;
  plate: string;
  province: string;
  fuel: 'แก๊สโซฮอล์ 95' | 'แก๊สโซฮอล์ 91';
  /** litres, price per litre and amount as the expense stores them ('32.45', '36.55', '1186.05') */
  liters: string;
  price: string;
  value: string;
  payType: 'cash' | 'transfer';
  /** any number: the slip's number, time and pump follow from it (the same demo every start) */
  seq: number;
}

export interface RepairItem {
  name: string;
  qty: number;
  unit: string;
  /** price per unit, baht */
  price: string;
}

export interface RepairBill {
  kind: 'repair';
  branch: string;
  date: string;
  plate: string;
  province: string;
  /** odometer (km) */
  mile: number;
  items: RepairItem[];
  /** the expense's amount: the items add up to it */
  value: string;
  payType: 'cash' | 'transfer';
  seq: number;
}

export type DemoBill = FuelBill | RepairBill;

/**
 * What a demo repair of this amount consisted of (the seed's repairs: a motorcycle's oil and chain, a car's oil, filters
 * and front brake pads), priced so the lines add up to exactly `value` (whole baht).
 */
export function repairItems(moto: boolean, value: string): RepairItem[] {
  const total = toSatang(value) / 100;
  if (!Number.isInteger(total)) throw new RangeError(`a demo repair is in whole baht, got ${value}`);
  const round = (x: number, step: number) => Math.max(step, Math.round(x / step) * step);
  if (moto) {
    const oil = round(total * 0.22, 5);
    const chain = round(total * 0.58, 10);
    return [
      { name: 'น้ำมันเครื่อง 4T', qty: 1, unit: 'ขวด', price: String(oil) },
      { name: 'ชุดโซ่สเตอร์', qty: 1, unit: 'ชุด', price: String(chain) },
      { name: 'ค่าแรง', qty: 1, unit: 'งาน', price: String(total - oil - chain) },
    ];
  }
  const labour = round(total * 0.15, 50);
  const perLitre = Math.min(320, round((total * 0.3) / 4, 5));
  const oilFilter = round(total * 0.06, 10);
  const airFilter = round(total * 0.09, 10);
  const pads = total - labour - oilFilter - airFilter - perLitre * 4;
  if (pads <= 0) throw new RangeError(`a demo car repair of ${value} baht is too small`);
  return [
    { name: 'น้ำมันเครื่อง 10W-30', qty: 4, unit: 'ลิตร', price: String(perLitre) },
    { name: 'ไส้กรองน้ำมันเครื่อง', qty: 1, unit: 'ลูก', price: String(oilFilter) },
    { name: 'ไส้กรองอากาศ', qty: 1, unit: 'ลูก', price: String(airFilter) },
    { name: 'ผ้าเบรกหน้า', qty: 1, unit: 'ชุด', price: String(pads) },
    { name: 'ค่าแรง', qty: 1, unit: 'งาน', price: String(labour) },
  ];
}

// ---- cutting a text into atlas tokens --------------------------------------------------------------------------------

const CONSONANT_RUN = new RegExp(`^[${CONSONANTS}]{1,3}$`);
const WORDS_BY_LENGTH = [...NUMBER_WORDS].sort((a, b) => b.length - a.length);

function numberWordsOf(run: string): string[] | null {
  const out: string[] = [];
  for (let i = 0; i < run.length;) {
    const w = WORDS_BY_LENGTH.find((x) => run.startsWith(x, i));
    if (!w) return null;
    out.push(w);
    i += w.length;
  }
  return out;
}

/** The atlas tokens of a text (see the module's comment). */
export function tokensOf(text: string): string[] {
  const out: string[] = [];
  let run = '';
  const flush = () => {
    if (!run) return;
    if (CONSONANT_RUN.test(run)) out.push(...run);
    else out.push(...(numberWordsOf(run) ?? [run]));
    run = '';
  };
  for (const ch of text) {
    if (VAR_CHARS.includes(ch)) {
      flush();
      out.push(ch);
    } else run += ch;
  }
  flush();
  return out;
}
