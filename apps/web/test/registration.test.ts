import { describe, expect, it } from 'vitest';
import {
  courseLineBody,
  lineOnCodeTyped,
  lineOnCourseChange,
  lineOnPromotion,
  paymentProblem,
  totalsOf,
  uncheckedPromotions,
} from '../src/features/applications/lines';
import { transferAt, transferBody } from '../src/features/payments/transfer';
import { mapCard } from '../src/components/IdCardButton';

describe('registration form money preview', () => {
  it('adds costs and discounts in satang, never a discount above its cost', () => {
    expect(
      totalsOf(
        [
          { cost: '6500', discount: '650' },
          { cost: '3500.50', discount: '0' },
        ],
        [{ cost: '120.75' }, { cost: '500' }],
      ),
    ).toEqual({ total: 1062125, discount: 65000, net: 997125 });
    expect(totalsOf([{ cost: '100', discount: '250' }], [])).toEqual({ total: 10000, discount: 10000, net: 0 });
    expect(totalsOf([{ cost: 'abc' }], [])).toEqual({ total: 0, discount: 0, net: 0 });
  });

  it('copies the price in new mode and keeps the stored cost in edit mode', () => {
    const line = { course_id: 1, cost: '5000', discount: '500', promotion_code: 'X' };
    expect(lineOnCourseChange(line, '6500', 'new')).toEqual({
      course_id: 1,
      cost: '6500',
      discount: '0',
      promotion_code: '',
    });
    expect(lineOnCourseChange(line, '6500', 'edit')).toBe(line);
  });

  it('a checked promotion sets the discount; a refused one clears the code', () => {
    expect(lineOnPromotion({ promotion_code: 'a ', discount: '0' }, { ok: true, discount: '650' })).toEqual({
      promotion_code: 'a ',
      discount: '650',
      checked_code: 'A',
    });
    expect(lineOnPromotion({ promotion_code: 'A', discount: '650' }, { ok: false })).toEqual({
      promotion_code: '',
      discount: '0',
      checked_code: '',
    });
  });

  it('a code typed but not checked shows no discount, is found before saving, and is sent with the discount the cashier saw', () => {
    // the bug: typing STUDENT10 without pressing ตรวจ showed discount 0, yet the server applied 650
    const typed = lineOnCodeTyped({
      course_id: 1,
      cost: '6500',
      promotion_code: 'STUDENT10',
      discount: '0',
      checked_code: '',
    });
    expect(totalsOf([typed], []).discount).toBe(0);
    expect(uncheckedPromotions([typed, { promotion_code: '' }])).toEqual([0]);
    const checked = lineOnPromotion(typed, { ok: true, discount: '650' });
    expect(uncheckedPromotions([checked])).toEqual([]);
    expect(totalsOf([checked], []).discount).toBe(65000);
    expect(courseLineBody(checked)).toEqual({
      course_id: 1,
      promotion_code: 'STUDENT10',
      discount: '650',
      exam_date: null,
    });
    // typing over a checked code takes its discount away until it is checked again
    const retyped = lineOnCodeTyped({ ...checked, promotion_code: 'STUDENT1' });
    expect(retyped.discount).toBe('0');
    expect(uncheckedPromotions([retyped])).toEqual([0]);
    // the same code (any case) keeps its check
    expect(lineOnCodeTyped({ ...checked, promotion_code: 'student10' })).toMatchObject({
      discount: '650',
      checked_code: 'STUDENT10',
    });
    expect(courseLineBody({ course_id: 2, promotion_code: ' ', discount: '0' })).toEqual({
      course_id: 2,
      exam_date: null,
    });
  });

  it('a transfer is sent with its bank, its moment in Bangkok time, the slip reference and photo; cash sends none', () => {
    expect(transferAt('2026-11-24', '14:05')).toBe('2026-11-24T07:05:00.000Z');
    expect(transferAt('2026-11-24', '9.30')).toBe('2026-11-24T02:30:00.000Z');
    expect(transferAt('2026-11-24', '25:00')).toBeNull();
    expect(transferAt(null, '10:00')).toBeNull();
    expect(
      transferBody('transfer', {
        transfer_bank: 'กสิกรไทย',
        transfer_date: '2026-11-24',
        transfer_time: '14:05',
        transfer_ref: ' KB1 ',
        transfer_slip: null,
      }),
    ).toEqual({
      transfer_bank: 'กสิกรไทย',
      transfer_at: '2026-11-24T07:05:00.000Z',
      transfer_ref: 'KB1',
      transfer_slip: null,
    });
    expect(transferBody('cash', { transfer_bank: 'กสิกรไทย' })).toEqual({});
  });

  it('checks the first payment against the net', () => {
    expect(paymentProblem('', 100)).toBeNull();
    expect(paymentProblem('1', 100)).toBeNull();
    expect(paymentProblem('1.01', 100)).toMatch(/มากกว่ายอดสุทธิ/);
    expect(paymentProblem('0', 100)).toMatch(/มากกว่า 0/);
    expect(paymentProblem('1.234', 100000)).toMatch(/ทศนิยม/);
  });
});

describe('ID card result mapping (SPEC §3)', () => {
  it('fills prefix, name, idcard, birthday, address, street, province, district, subdistrict and clears age', () => {
    expect(
      mapCard({
        result: 'ok',
        title_th: 'นาย',
        fname_th: 'สมชาย',
        sname_th: 'ใจดี',
        nat_id: '1-1017-00230-70-5',
        birthdate: '1990-05-17',
        address_no: '99/1',
        address_moo: '3',
        address_road: 'ลาดพร้าว',
        address_provinice: 'กรุงเทพมหานคร',
        address_amphor: 'จตุจักร',
        address_tumbol: 'จอมพล',
      }),
    ).toEqual({
      prefix: 'นาย',
      fname: 'สมชาย',
      sname: 'ใจดี',
      name: 'สมชาย ใจดี',
      idcard: '1101700230705',
      birthday: '1990-05-17',
      address: '99/1',
      moo: '3',
      soi: '',
      street: 'ลาดพร้าว',
      province: 'กรุงเทพมหานคร',
      district: 'จตุจักร',
      subdistrict: 'จอมพล',
      age: null,
    });
    expect(mapCard({ result: 'ok', birthdate: '2533-05-17' }).birthday).toBeNull();
    expect(
      mapCard({ result: 'ok', address_road: 'ซอยสุขุมวิท 63 ถนนสุขุมวิท', address_soi: 'สุขุมวิท 63', address_street: 'สุขุมวิท' }),
    ).toMatchObject({ soi: 'สุขุมวิท 63', street: 'สุขุมวิท' });
  });
});
