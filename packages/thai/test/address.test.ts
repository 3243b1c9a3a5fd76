import { describe, expect, it } from 'vitest';
import {
  districtsOf,
  isKnownAddress,
  listProvinces,
  normalizeProvinceName,
  postcodeOf,
  postcodesOf,
  searchAddress,
  subdistrictsOf,
} from '../src/address.js';

describe('data set', () => {
  it('has 77 provinces in Thai order', () => {
    const provinces = listProvinces();
    expect(provinces).toHaveLength(77);
    expect(new Set(provinces).size).toBe(77);
    expect(provinces[0]).toBe('กระบี่');
    expect(provinces[1]).toBe('กรุงเทพมหานคร');
    expect(provinces.at(-1)).toBe('อุบลราชธานี');
    for (const p of ['เชียงใหม่', 'ภูเก็ต', 'บึงกาฬ', 'นครราชสีมา', 'แม่ฮ่องสอน', 'สมุทรปราการ']) {
      expect(provinces).toContain(p);
    }
  });

  it('has about 930 districts and 7,400 subdistricts', () => {
    let districts = 0;
    let subdistricts = 0;
    for (const p of listProvinces()) {
      for (const d of districtsOf(p)) {
        districts += 1;
        subdistricts += subdistrictsOf(p, d).length;
      }
    }
    expect(districts).toBe(928);
    expect(subdistricts).toBe(7437);
  });

  it('has the 50 เขต and 180 แขวง of Bangkok', () => {
    const khet = districtsOf('กรุงเทพมหานคร');
    expect(khet).toHaveLength(50);
    expect(khet).toContain('จตุจักร');
    expect(khet).toContain('บางบอน');
    const khwaeng = khet.reduce((n, d) => n + subdistrictsOf('กรุงเทพมหานคร', d).length, 0);
    expect(khwaeng).toBe(180);
    // แขวง created by ประกาศกรุงเทพมหานคร 26 ก.ค. 2560
    expect(subdistrictsOf('กรุงเทพมหานคร', 'บางนา')).toEqual(['บางนาใต้', 'บางนาเหนือ']);
    expect(subdistrictsOf('กรุงเทพมหานคร', 'พระโขนง')).toEqual(['บางจาก', 'พระโขนงใต้']);
    expect(subdistrictsOf('กรุงเทพมหานคร', 'บางบอน')).toEqual(['คลองบางบอน', 'คลองบางพราน', 'บางบอนใต้', 'บางบอนเหนือ']);
  });

  it('every postcode is five digits', () => {
    for (const p of listProvinces()) {
      for (const d of districtsOf(p)) {
        for (const s of subdistrictsOf(p, d)) {
          const codes = postcodesOf(p, d, s);
          expect(codes.length).toBeGreaterThan(0);
          for (const c of codes) expect(c).toMatch(/^\d{5}$/);
        }
      }
    }
  });
});

describe('lookups', () => {
  it('finds ลาดยาว in จตุจักร, กรุงเทพมหานคร', () => {
    expect(subdistrictsOf('กรุงเทพมหานคร', 'จตุจักร')).toEqual(['จตุจักร', 'จอมพล', 'จันทรเกษม', 'ลาดยาว', 'เสนานิคม']);
    expect(postcodeOf('กรุงเทพมหานคร', 'จตุจักร', 'ลาดยาว')).toBe('10900');
  });

  it('finds สุเทพ in เมืองเชียงใหม่, เชียงใหม่', () => {
    expect(districtsOf('เชียงใหม่')).toContain('เมืองเชียงใหม่');
    expect(districtsOf('เชียงใหม่')).toHaveLength(25);
    expect(subdistrictsOf('เชียงใหม่', 'เมืองเชียงใหม่')).toContain('สุเทพ');
    expect(postcodeOf('เชียงใหม่', 'เมืองเชียงใหม่', 'สุเทพ')).toBe('50200');
  });

  it('accepts prefixes and Bangkok aliases', () => {
    expect(postcodeOf('จังหวัดเชียงใหม่', 'อำเภอเมืองเชียงใหม่', 'ตำบลสุเทพ')).toBe('50200');
    expect(postcodeOf('จ.เชียงใหม่', 'อ.เมืองเชียงใหม่', 'ต.สุเทพ')).toBe('50200');
    expect(postcodeOf('กทม.', 'เขตจตุจักร', 'แขวงลาดยาว')).toBe('10900');
    expect(postcodeOf('กรุงเทพฯ', 'จตุจักร', 'ลาดยาว')).toBe('10900');
    expect(districtsOf('กทม')).toHaveLength(50);
    expect(normalizeProvinceName(' จังหวัดกรุงเทพมหานคร ')).toBe('กรุงเทพมหานคร');
    expect(normalizeProvinceName('ภูเก็ต')).toBe('ภูเก็ต');
  });

  it('keeps a name that only looks like a prefix (ตำบลจ.ป.ร.)', () => {
    const hits = searchAddress('จ.ป.ร.');
    expect(hits).toEqual([{ subdistrict: 'จ.ป.ร.', district: 'กระบุรี', province: 'ระนอง', postcode: '85110' }]);
  });

  it('returns several postcodes where a subdistrict has them, main first', () => {
    expect(postcodesOf('กรุงเทพมหานคร', 'ปทุมวัน', 'วังใหม่')[0]).toBe('10330');
    expect(postcodesOf('ประจวบคีรีขันธ์', 'ปราณบุรี', 'ปราณบุรี')).toEqual(['77120', '77160']);
    expect(postcodeOf('ประจวบคีรีขันธ์', 'ปราณบุรี', 'ปราณบุรี')).toBe('77120');
  });

  it('gives empty answers for unknown names', () => {
    expect(districtsOf('แอตแลนติส')).toEqual([]);
    expect(subdistrictsOf('กรุงเทพมหานคร', 'ไม่มี')).toEqual([]);
    expect(subdistrictsOf('เชียงใหม่', 'จตุจักร')).toEqual([]);
    expect(postcodeOf('เชียงใหม่', 'จตุจักร', 'ลาดยาว')).toBeNull();
    expect(postcodesOf('กรุงเทพมหานคร', 'จตุจักร', 'สุเทพ')).toEqual([]);
  });

  it('returns copies, not the index', () => {
    const provinces = listProvinces();
    provinces.pop();
    expect(listProvinces()).toHaveLength(77);
    const hit = searchAddress('ลาดยาว')[0];
    hit.postcode = '00000';
    expect(searchAddress('ลาดยาว')[0].postcode).toBe('10900');
  });

  it('isKnownAddress checks the chain and the postcode', () => {
    expect(
      isKnownAddress({ province: 'กรุงเทพมหานคร', district: 'จตุจักร', subdistrict: 'ลาดยาว', postcode: '10900' }),
    ).toBe(true);
    expect(isKnownAddress({ province: 'กรุงเทพมหานคร', district: 'จตุจักร', subdistrict: 'ลาดยาว' })).toBe(true);
    expect(isKnownAddress({ province: 'กรุงเทพมหานคร', district: 'จตุจักร', subdistrict: 'ลาดยาว', postcode: '' })).toBe(
      true,
    );
    expect(
      isKnownAddress({ province: 'กรุงเทพมหานคร', district: 'จตุจักร', subdistrict: 'ลาดยาว', postcode: '10200' }),
    ).toBe(false);
    expect(isKnownAddress({ province: 'เชียงใหม่', district: 'จตุจักร', subdistrict: 'ลาดยาว' })).toBe(false);
    expect(
      isKnownAddress({ province: 'ประจวบคีรีขันธ์', district: 'ปราณบุรี', subdistrict: 'ปราณบุรี', postcode: '77160' }),
    ).toBe(true);
  });
});

describe('searchAddress', () => {
  it('ranks an exact subdistrict first', () => {
    const hits = searchAddress('ลาดยาว');
    expect(hits[0]).toEqual({ subdistrict: 'ลาดยาว', district: 'จตุจักร', province: 'กรุงเทพมหานคร', postcode: '10900' });
    expect(hits[1]).toEqual({ subdistrict: 'ลาดยาว', district: 'ลาดยาว', province: 'นครสวรรค์', postcode: '60150' });
    // then the other subdistricts of อำเภอลาดยาว (district exact match)
    expect(hits.slice(2).every((h) => h.district === 'ลาดยาว' && h.province === 'นครสวรรค์')).toBe(true);
    expect(hits).toHaveLength(subdistrictsOf('นครสวรรค์', 'ลาดยาว').length + 1);
  });

  it('finds สุเทพ', () => {
    expect(searchAddress('สุเทพ')[0]).toEqual({
      subdistrict: 'สุเทพ',
      district: 'เมืองเชียงใหม่',
      province: 'เชียงใหม่',
      postcode: '50200',
    });
  });

  it('matches postcodes by prefix', () => {
    const hits = searchAddress('50200');
    expect(hits.length).toBeGreaterThan(0);
    expect(hits.every((h) => h.postcode === '50200')).toBe(true);
    expect(hits.map((h) => h.subdistrict)).toContain('สุเทพ');
    const prefix = searchAddress('109', 100);
    expect(prefix.length).toBeGreaterThan(0);
    expect(prefix.every((h) => h.postcode.startsWith('109'))).toBe(true);
  });

  it('requires every word to match', () => {
    const hits = searchAddress('ลาดยาว จตุจักร');
    expect(hits[0]).toEqual({ subdistrict: 'ลาดยาว', district: 'จตุจักร', province: 'กรุงเทพมหานคร', postcode: '10900' });
    expect(hits.every((h) => h.district === 'จตุจักร' || h.subdistrict === 'จตุจักร')).toBe(true);
    expect(searchAddress('สุเทพ 50200')).toEqual([
      { subdistrict: 'สุเทพ', district: 'เมืองเชียงใหม่', province: 'เชียงใหม่', postcode: '50200' },
    ]);
    expect(searchAddress('ต.สุเทพ อ.เมืองเชียงใหม่ จ.เชียงใหม่')[0].subdistrict).toBe('สุเทพ');
    expect(searchAddress('แขวงลาดยาว เขตจตุจักร กทม')[0].subdistrict).toBe('ลาดยาว');
    expect(searchAddress('ลาดยาว, จตุจักร, กรุงเทพมหานคร, 10900')).toHaveLength(1);
    expect(searchAddress('ลาดยาว 50200')).toEqual([]);
  });

  it('matches substrings', () => {
    const hits = searchAddress('นิคม', 1000);
    expect(hits.length).toBeGreaterThan(10);
    expect(
      hits.every((h) => h.subdistrict.includes('นิคม') || h.district.includes('นิคม') || h.province.includes('นิคม')),
    ).toBe(true);
    expect(hits.some((h) => h.subdistrict === 'เสนานิคม')).toBe(true);
  });

  it('prefers prefix matches to substring matches', () => {
    const hits = searchAddress('บางนา', 5);
    expect(hits.map((h) => `${h.subdistrict}/${h.district}`)).toEqual([
      'บางนา/มหาราช', // exact subdistrict
      'บางนาใต้/บางนา', // exact district (เขตบางนา)
      'บางนาเหนือ/บางนา',
      'บางนาง/พานทอง', // subdistrict prefix
      'บางนาค/เมืองนราธิวาส',
    ]);
    // exact < prefix < substring, then subdistrict < district < province
    const rank = (h: { subdistrict: string; district: string; province: string }, q: string) =>
      Math.min(
        ...[h.subdistrict, h.district, h.province].map((f, i) =>
          f === q ? i : f.startsWith(q) ? 4 + i : f.includes(q) ? 8 + i : 99,
        ),
      );
    for (const [q, expected] of [
      ['หนองบัว', [0, 1, 4, 5, 6]],
      ['นคร', [4, 5, 6, 8, 9, 10]],
    ] as const) {
      const ranks = searchAddress(q, 5000).map((h) => rank(h, q));
      expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
      expect([...new Set(ranks)]).toEqual(expected);
    }
  });

  it('honours the limit', () => {
    expect(searchAddress('บ้าน')).toHaveLength(20);
    expect(searchAddress('บ้าน', 5)).toHaveLength(5);
    expect(searchAddress('บ้าน', 0)).toEqual([]);
    const all = searchAddress('เชียงใหม่', 10000);
    // ตำบลเชียงใหม่ (ร้อยเอ็ด) is an exact subdistrict match, so it ranks first
    expect(all[0]).toEqual({ subdistrict: 'เชียงใหม่', district: 'โพธิ์ชัย', province: 'ร้อยเอ็ด', postcode: '45230' });
    expect(all.filter((h) => h.province !== 'เชียงใหม่').map((h) => h.district)).toEqual([
      'โพธิ์ชัย',
      'ศรีเชียงใหม่',
      'ศรีเชียงใหม่',
      'ศรีเชียงใหม่',
      'ศรีเชียงใหม่',
    ]);
    expect(all.filter((h) => h.province === 'เชียงใหม่').length).toBe(
      districtsOf('เชียงใหม่').reduce(
        (n, d) => n + subdistrictsOf('เชียงใหม่', d).reduce((m, s) => m + postcodesOf('เชียงใหม่', d, s).length, 0),
        0,
      ),
    );
  });

  it('returns nothing for empty or unmatched queries', () => {
    expect(searchAddress('')).toEqual([]);
    expect(searchAddress('   ')).toEqual([]);
    expect(searchAddress('ตำบล')).toEqual([]);
    expect(searchAddress('xyz')).toEqual([]);
    expect(searchAddress('99999')).toEqual([]);
  });

  it('is fast enough for keystrokes', () => {
    searchAddress('ก'); // build the index
    const start = performance.now();
    for (let i = 0; i < 20; i++) searchAddress('บาง');
    expect((performance.now() - start) / 20).toBeLessThan(50);
  });
});
