import { describe, expect, it } from 'vitest';
import { auditChanges } from '../src/features/audit/diff';

describe('the audit screen shows each change in Thai', () => {
  it('an update lists only what changed, with Thai names and values', () => {
    const before = {
      name: 'หลักสูตรรถยนต์',
      price: '6500.00',
      is_activate: true,
      updatedAt: '2026-11-01T03:00:00.000Z',
      phone_1: '0812345678',
    };
    const after = {
      name: 'หลักสูตรรถยนต์',
      price: '5900.00',
      is_activate: false,
      updatedAt: '2026-11-23T03:00:00.000Z',
      phone_1: '0812345678',
    };
    expect(auditChanges(before, after)).toEqual([
      { path: 'price', label: 'ราคา', before: '6,500.00 บาท', after: '5,900.00 บาท' },
      { path: 'is_activate', label: 'สถานะการใช้งาน', before: 'ใช่', after: 'ไม่ใช่' },
    ]);
  });

  it('a payment (create) lists what was recorded, nested names joined, dates in พ.ศ.', () => {
    const c = auditChanges(null, {
      payment: { payment_code: 'RC-HQ-2569-000001', amount: '1000', business_date: '2026-11-23' },
      application: { balance: '5500' },
    });
    expect(c).toEqual([
      { path: 'payment.payment_code', label: 'การชำระเงิน › เลขที่ใบเสร็จ', before: '', after: 'RC-HQ-2569-000001' },
      { path: 'payment.amount', label: 'การชำระเงิน › จำนวนเงิน', before: '', after: '1,000.00 บาท' },
      { path: 'payment.business_date', label: 'การชำระเงิน › วันที่ทำการ', before: '', after: '23 พ.ย. 2569' },
      { path: 'application.balance', label: 'ใบสมัคร › ยอดคงเหลือ', before: '', after: '5,500.00 บาท' },
    ]);
  });

  it('a phone is shown formatted, a missing value as -', () => {
    expect(auditChanges({ phone_1: '0812345678', note: '' }, { phone_1: '0899999999', note: 'โทรแล้ว' })).toEqual([
      { path: 'phone_1', label: 'เบอร์โทรศัพท์ 1', before: '081-234-5678', after: '089-999-9999' },
      { path: 'note', label: 'หมายเหตุ', before: '-', after: 'โทรแล้ว' },
    ]);
  });
});

describe('branch prices in the audit', () => {
  it('are named by branch and shown as money', () => {
    expect(
      auditChanges(
        { branch_prices: { สาขาเชียงใหม่: '5900' } },
        { branch_prices: { สาขาเชียงใหม่: '5900', สาขาบางเขน: '6200' } },
      ),
    ).toEqual([
      { path: 'branch_prices.สาขาบางเขน', label: 'ราคาตามสาขา › สาขาบางเขน', before: '-', after: '6,200.00 บาท' },
    ]);
  });
});

describe('a created record', () => {
  it('leaves out its own id and the flags every new record has', () => {
    expect(auditChanges(null, { course_id: 5, name: 'ก', is_delete: false }, 'course').map((c) => c.label)).toEqual([
      'ชื่อ',
    ]);
  });
});

describe('stored codes and ids in an audit row read as Thai', () => {
  it('names kinds, pay types and statuses in Thai, lines by their names, and leaves out internal ids', () => {
    const c = auditChanges(null, {
      kind: 'course',
      status: 'approved',
      created_by: 10,
      courses: [{ course_name: 'คอร์สทบทวนก่อนสอบ (รถยนต์)', cost: '1500', course_id: 4, line_no: 1 }],
      payment: { pay_type: 'cash', payment_id: 19, amount: '1500' },
    });
    const text = c.map((x) => `${x.label}: ${x.after}`);
    expect(text).toContain('ชนิด: หลักสูตร');
    expect(text).toContain('สถานะ: อนุมัติแล้ว');
    expect(text.find((t) => t.includes('คอร์สทบทวนก่อนสอบ'))).toMatch(/คอร์สทบทวนก่อนสอบ \(รถยนต์\) 1,500\.00 บาท$/);
    expect(text.some((t) => t.endsWith('เงินสด'))).toBe(true);
    expect(text.join('\n')).not.toMatch(/: (10|19)$|\{|course_id/);
  });
});
