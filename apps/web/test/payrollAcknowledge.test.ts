import { describe, expect, it } from 'vitest';
import { ApiError } from '../src/api/client';
import { deductionsToAcknowledge } from '../src/features/payroll/acknowledge';

describe('payroll: deductions over the s.76 limits to acknowledge', () => {
  const message = 'บันทึกเงินเดือนไม่ได้: รายการหักเงินเกินที่ พ.ร.บ.คุ้มครองแรงงาน มาตรา 76 กำหนด — นายก (…)';
  it('is the 409 that names the field acknowledge_deductions', () => {
    const e = new ApiError(message, 409, { details: [{ field: 'acknowledge_deductions', message }] });
    expect(deductionsToAcknowledge(e)).toBe(message);
  });
  it('is no other error (a negative net, a locked month, a plain Error)', () => {
    expect(deductionsToAcknowledge(new ApiError('เงินสุทธิติดลบ', 400, { details: [] }))).toBeNull();
    expect(deductionsToAcknowledge(new ApiError('ล็อกแล้ว', 409, { message: 'ล็อกแล้ว' }))).toBeNull();
    expect(deductionsToAcknowledge(new Error('x'))).toBeNull();
  });
});
