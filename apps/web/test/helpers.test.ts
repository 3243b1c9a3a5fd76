import { describe, expect, it } from 'vitest';
import { fieldOfMessage } from '../src/components/formErrors';
import { toMatrix } from '../src/components/exportRows';

describe('fieldOfMessage', () => {
  it('finds the field a Thai server message is about', () => {
    expect(fieldOfMessage('รหัส (code): มีสาขาที่ใช้รหัสนี้แล้ว', ['code', 'name'])).toBe('code');
    expect(fieldOfMessage('ชื่อผู้ใช้: ต้องระบุ', ['username', 'fname'])).toBe('username');
    expect(fieldOfMessage('เลขบัตรประชาชน: ไม่ถูกต้อง', ['idcard', 'fname'])).toBe('idcard');
    expect(fieldOfMessage('ไม่มีสิทธิ์', ['code'])).toBeNull();
  });
});

describe('toMatrix', () => {
  it('puts Thai headers first and flattens values', () => {
    const m = toMatrix(
      [{ a: 'x', b: ['mon', 'sun'], c: true }],
      [
        { title: 'ชื่อ', value: (r) => r.a },
        { title: 'วันหยุด', value: (r) => r.b },
        { title: 'ใช้งาน', value: (r) => r.c },
      ],
    );
    expect(m).toEqual([
      ['ชื่อ', 'วันหยุด', 'ใช้งาน'],
      ['x', 'mon, sun', 'ใช่'],
    ]);
  });
});
