import { describe, expect, it } from 'vitest';
import {
  beDateToIso,
  decodeTis620,
  extractJpeg,
  isValidNationalId,
  parseAddress,
  parseName,
  parseThaiIdData,
} from '../src/parser.js';
import { encodeTis620, SAMPLE_CARD, SAMPLE_PHOTO_JPEG } from '../src/simcard.js';
import type { RawThaiIdData } from '../src/reader.js';
import { CardError } from '../src/transport.js';

const pad = (text: string, len: number, fill = 0x20) => {
  const out = new Uint8Array(len).fill(fill);
  out.set(encodeTis620(text));
  return out;
};

describe('TIS-620', () => {
  it('decodes Thai text and drops the space/NUL padding', () => {
    // "นาย" = B9 D2 C2
    expect(decodeTis620(Uint8Array.of(0xb9, 0xd2, 0xc2, 0x20, 0x20))).toBe('นาย');
    expect(decodeTis620(pad('สมชาย', 20, 0x00))).toBe('สมชาย');
  });

  it('round-trips the whole Thai block, tone marks and digits included', () => {
    const text = 'กขฃคฅฆงจฉชซฌญฎฏฐฑฒณดตถทธนบปผฝพฟภมยรฤลฦวศษสหฬอฮฯะัาำิีึืฺุู฿เแโใไๅๆ็่้๊๋์ํ๎๏๐๑๒๓๔๕๖๗๘๙๚๛';
    expect(decodeTis620(encodeTis620(text))).toBe(text);
    expect(encodeTis620('ก')[0]).toBe(0xa1);
    expect(encodeTis620('๛')[0]).toBe(0xfb);
  });
});

describe('national ID checksum', () => {
  it('accepts valid IDs and rejects a wrong check digit or length', () => {
    expect(isValidNationalId('1103700456783')).toBe(true);
    expect(isValidNationalId('3100600123450')).toBe(true);
    expect(isValidNationalId('1101401234566')).toBe(true);
    expect(isValidNationalId('1103700456784')).toBe(false);
    expect(isValidNationalId('110370045678')).toBe(false);
    expect(isValidNationalId('11037004567a3')).toBe(false);
  });

  it('the sample card carries a valid ID', () => {
    expect(isValidNationalId(SAMPLE_CARD.cid)).toBe(true);
  });
});

describe('names', () => {
  it('splits title#first#middle#last with the middle name missing', () => {
    expect(parseName('นาย#สมชาย##ใจดี')).toEqual({ title: 'นาย', first: 'สมชาย', middle: '', last: 'ใจดี' });
    expect(parseName('Mr.#Somchai##Jaidee')).toEqual({ title: 'Mr.', first: 'Somchai', middle: '', last: 'Jaidee' });
  });

  it('keeps a middle name and tidies spaces', () => {
    expect(parseName('Mr.#John# Paul #Smith  ')).toEqual({
      title: 'Mr.',
      first: 'John',
      middle: 'Paul',
      last: 'Smith',
    });
  });

  it('copes with three parts and with no separators', () => {
    expect(parseName('นาง#มาลี#ศรีสุข')).toEqual({ title: 'นาง', first: 'มาลี', middle: '', last: 'ศรีสุข' });
    expect(parseName('มาลี')).toEqual({ title: '', first: 'มาลี', middle: '', last: '' });
  });
});

describe('addresses', () => {
  it('Bangkok: แขวง and เขต stripped, province without prefix', () => {
    const a = parseAddress('99/123###ซอยสุขุมวิท 63#ถนนสุขุมวิท#แขวงคลองตันเหนือ#เขตวัฒนา#กรุงเทพมหานคร');
    expect(a).toMatchObject({
      no: '99/123',
      road: 'ซอยสุขุมวิท 63 ถนนสุขุมวิท',
      soi: 'สุขุมวิท 63',
      street: 'สุขุมวิท',
      moo: '',
      tumbol: 'คลองตันเหนือ',
      amphoe: 'วัฒนา',
      province: 'กรุงเทพมหานคร',
    });
  });

  it('provinces: ตำบล, อำเภอ, จังหวัด stripped; empty fields skipped', () => {
    const a = parseAddress('12/3#หมู่ที่ 5#####ตำบลบางพูด#อำเภอปากเกร็ด#จังหวัดนนทบุรี');
    expect(a).toMatchObject({
      no: '12/3',
      road: 'หมู่ที่ 5',
      moo: '5',
      tumbol: 'บางพูด',
      amphoe: 'ปากเกร็ด',
      province: 'นนทบุรี',
    });
  });

  it('strips by pattern, not by length (เขต is 3 characters, อำเภอ is 5)', () => {
    expect(parseAddress('1#แขวงบางรัก#เขตบางรัก#กรุงเทพมหานคร')).toMatchObject({ tumbol: 'บางรัก', amphoe: 'บางรัก' });
    expect(parseAddress('1#ตำบลเขาค้อ#อำเภอเขาค้อ#จังหวัดเพชรบูรณ์')).toMatchObject({
      tumbol: 'เขาค้อ',
      amphoe: 'เขาค้อ',
      province: 'เพชรบูรณ์',
    });
    expect(parseAddress('1#ตำบลตำหนักธรรม#อำเภอหนองม่วงไข่#จังหวัดแพร่')).toMatchObject({
      tumbol: 'ตำหนักธรรม',
      province: 'แพร่',
    });
    expect(parseAddress('5#ตำบลในเมือง#อำเภอเมืองขอนแก่น#จังหวัดขอนแก่น').amphoe).toBe('เมืองขอนแก่น');
  });

  it('abbreviated prefixes and spaces after them', () => {
    expect(parseAddress('7#ม.2#ต.บ้านใหม่#อ. ปากเกร็ด#จ.นนทบุรี')).toMatchObject({
      moo: '2',
      tumbol: 'บ้านใหม่',
      amphoe: 'ปากเกร็ด',
      province: 'นนทบุรี',
    });
    expect(parseAddress('7#ตำบล บ้านใหม่#อำเภอ ปากเกร็ด#จังหวัด นนทบุรี')).toMatchObject({
      tumbol: 'บ้านใหม่',
      province: 'นนทบุรี',
    });
  });

  it('a village (หมู่บ้าน) is not a หมู่, trok/soi/road all kept in address_road', () => {
    const a = parseAddress('88#หมู่ที่ 9#หมู่บ้านสวนสน#ตรอกวัด#ซอย 4#ถนนเพชรเกษม#ตำบลอ้อมน้อย#อำเภอกระทุ่มแบน#จังหวัดสมุทรสาคร');
    expect(a.moo).toBe('9');
    expect(a.trok).toBe('วัด');
    expect(a.soi).toBe('4');
    expect(a.street).toBe('เพชรเกษม');
    expect(a.road).toBe('หมู่ที่ 9 หมู่บ้านสวนสน ตรอกวัด ซอย 4 ถนนเพชรเกษม');
    expect(a.province).toBe('สมุทรสาคร');
  });

  it('odd shapes: missing ตำบล, no prefixes at all, trailing separators, house-number prefix', () => {
    expect(parseAddress('1#อำเภอเมืองเลย#จังหวัดเลย')).toMatchObject({
      no: '1',
      tumbol: '',
      amphoe: 'เมืองเลย',
      province: 'เลย',
      road: '',
    });
    expect(parseAddress('5#บางพูด#ปากเกร็ด#นนทบุรี')).toMatchObject({
      tumbol: 'บางพูด',
      amphoe: 'ปากเกร็ด',
      province: 'นนทบุรี',
    });
    expect(parseAddress('บ้านเลขที่ 9#ตำบลท่าช้าง#อำเภอเมืองจันทบุรี#จังหวัดจันทบุรี###')).toMatchObject({
      no: '9',
      province: 'จันทบุรี',
    });
    expect(parseAddress('')).toMatchObject({ no: '', tumbol: '', amphoe: '', province: '' });
  });

  it('full address for display', () => {
    expect(parseAddress('1##แขวงบางรัก#เขตบางรัก#กรุงเทพมหานคร').full).toBe('1 แขวงบางรัก เขตบางรัก กรุงเทพมหานคร');
  });
});

describe('dates', () => {
  it('Buddhist-era yyyymmdd to ISO', () => {
    expect(beDateToIso('25330415')).toEqual({ iso: '1990-04-15', exact: true });
    expect(beDateToIso('25430229')).toEqual({ iso: '2000-02-29', exact: true });
    expect(beDateToIso('25440229')).toBeNull(); // 2001 is not a leap year
    expect(beDateToIso('2533041')).toBeNull();
    expect(beDateToIso('        ')).toBeNull();
  });

  it('unknown month/day (00) become 01 and are flagged', () => {
    expect(beDateToIso('25130000')).toEqual({ iso: '1970-01-01', exact: false });
    expect(beDateToIso('25130700')).toEqual({ iso: '1970-07-01', exact: false });
  });
});

describe('photo', () => {
  it('cuts the JPEG out of the zero-padded area', () => {
    const area = new Uint8Array(5100);
    area.set(SAMPLE_PHOTO_JPEG);
    expect(Buffer.from(extractJpeg(area)!)).toEqual(Buffer.from(SAMPLE_PHOTO_JPEG));
  });

  it('no JPEG, no photo', () => {
    expect(extractJpeg(new Uint8Array(100))).toBeNull();
    expect(extractJpeg(undefined)).toBeNull();
  });
});

function raw(overrides: Partial<Record<keyof RawThaiIdData, string>> = {}): RawThaiIdData {
  const t = (key: keyof RawThaiIdData, def: string, len: number) => pad(overrides[key] ?? def, len);
  return {
    atr: new Uint8Array(),
    cid: t('cid', '3100600123450', 13),
    nameTh: t('nameTh', 'นาย#ทดสอบ##ระบบดี', 100),
    nameEn: t('nameEn', 'Mr.#Thodsob##Rabobdee', 100),
    birth: t('birth', '25250101', 8),
    gender: t('gender', '1', 1),
    issueDate: t('issueDate', '25600101', 8),
    expireDate: t('expireDate', '25690101', 8),
    address: t('address', '1#แขวงบางรัก#เขตบางรัก#กรุงเทพมหานคร', 100),
  };
}

describe('parseThaiIdData', () => {
  it('maps to the SPEC field names (address_provinice spelled as in SPEC)', () => {
    const r = parseThaiIdData(raw());
    expect(r).toMatchObject({
      result: 'ok',
      title_th: 'นาย',
      fname_th: 'ทดสอบ',
      sname_th: 'ระบบดี',
      nat_id: '3100600123450',
      birthdate: '1982-01-01',
      address_no: '1',
      address_road: '',
      address_provinice: 'กรุงเทพมหานคร',
      address_amphor: 'บางรัก',
      address_tumbol: 'บางรัก',
      fname_en: 'Thodsob',
      gender: 'male',
      issue_date: '2017-01-01',
      expire_date: '2026-01-01',
      expire_lifetime: false,
      nat_id_valid: true,
      photo: null,
    });
  });

  it('a card valid for life has no expiry date', () => {
    const r = parseThaiIdData(raw({ expireDate: '99999999', gender: '2' }));
    expect(r.expire_date).toBeNull();
    expect(r.expire_lifetime).toBe(true);
    expect(r.gender).toBe('female');
  });

  it('flags an ID with a bad check digit but still returns it', () => {
    const r = parseThaiIdData(raw({ cid: '3100600123451' }));
    expect(r.nat_id_valid).toBe(false);
  });

  it('an unreadable ID or birth date is a read error', () => {
    expect(() => parseThaiIdData(raw({ cid: '31006001234' }))).toThrow(CardError);
    expect(() => parseThaiIdData(raw({ birth: 'xxxxxxxx' }))).toThrow(CardError);
  });
});
