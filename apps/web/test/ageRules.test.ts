import { describe, expect, it } from 'vitest';
import { underAgeWarning } from '../src/features/applications/ageRules';

describe('minimum age warning at registration', () => {
  const minAges = { รถยนต์: 18, รถจักรยานยนต์: 15 };
  const car = { type: 'รถยนต์', name: 'หลักสูตรรถยนต์ 15 ชั่วโมง' };
  const moto = { type: 'รถจักรยานยนต์', name: 'หลักสูตรรถจักรยานยนต์' };
  it('warns a 16-year-old on a car course, not on a motorcycle course', () => {
    expect(underAgeWarning(16, [car], minAges)).toBe(
      'อายุ 16 ปี ยังไม่ถึงเกณฑ์ขั้นต่ำของหลักสูตรรถยนต์ (18 ปี) — สมัครได้ แต่จะสอบใบขับขี่ได้เมื่ออายุครบ',
    );
    expect(underAgeWarning(16, [moto], minAges)).toBeNull();
    expect(underAgeWarning(14, [car, moto], minAges)).toMatch(/รถยนต์ \(18 ปี\), รถจักรยานยนต์ \(15 ปี\)/);
  });
  it('says nothing without a birthday, for an age of 18, or for a type with no minimum', () => {
    expect(underAgeWarning(null, [car], minAges)).toBeNull();
    expect(underAgeWarning(18, [car], minAges)).toBeNull();
    expect(underAgeWarning(10, [{ type: 'รถบรรทุก', name: 'x' }], minAges)).toBeNull();
  });
});

describe('the age beside the birthday', () => {
  it('is empty for a birthday in the future (01/01/2570 gave อายุ −1) or one typed in CE (567 years)', async () => {
    const { ageText } = await import('../src/features/applications/ageRules');
    expect(ageText('2027-01-01', '2026-11-23')).toBe('');
    expect(ageText('1459-03-15', '2026-11-23')).toBe('');
    expect(ageText('2002-03-15', '2026-11-23')).toBe('24 ปี');
    expect(ageText(null, '2026-11-23')).toBe('');
  });
});
