import { describe, expect, it } from 'vitest';
import { BILL_TYPES, IMAGE_TYPES, megabytes, uploadRefusal } from '../src/components/upload';

describe("uploadRefusal: the check before a file is sent, in the server's words", () => {
  const MB2 = 2 * 1024 * 1024;
  it('a photo field takes JPEG and PNG only', () => {
    expect(uploadRefusal({ type: 'image/png', size: 10 }, IMAGE_TYPES, MB2)).toBeNull();
    expect(uploadRefusal({ type: 'application/pdf', size: 10 }, IMAGE_TYPES, MB2)).toBe(
      'รองรับเฉพาะไฟล์รูปภาพ JPEG หรือ PNG',
    );
    expect(uploadRefusal({ type: 'image/jpeg', size: MB2 + 1 }, IMAGE_TYPES, MB2)).toBe('ไฟล์มีขนาดใหญ่เกิน 2 MB');
  });
  it('a bill takes a photo or a PDF; the field name starts the message', () => {
    expect(uploadRefusal({ type: 'application/pdf', size: 10 }, BILL_TYPES, MB2, 'ไฟล์แนบ')).toBeNull();
    expect(uploadRefusal({ type: 'image/gif', size: 10 }, BILL_TYPES, MB2, 'ไฟล์แนบ')).toBe(
      'ไฟล์แนบ: รองรับเฉพาะรูปภาพ JPEG, PNG หรือไฟล์ PDF',
    );
    expect(uploadRefusal({ type: 'image/png', size: MB2 + 1 }, BILL_TYPES, MB2, 'ไฟล์แนบ')).toBe(
      'ไฟล์แนบมีขนาดใหญ่เกิน 2 MB',
    );
    // the limit not known yet: the server checks it
    expect(uploadRefusal({ type: 'image/png', size: MB2 * 10 }, BILL_TYPES, undefined)).toBeNull();
  });
  it('megabytes as the server says them', () => {
    expect(megabytes(2097152)).toBe('2');
    expect(megabytes(1572864)).toBe('1.5');
  });
});
