/**
 * สปส.1-10 (แบบรายการแสดงการส่งเงินสมทบ) as the SSO e-service's fixed-width text upload.
 *
 * Source and date (read 2026-11-25):
 * - the record types, widths and codes below, field by field, from an independent implementation of the same
 *   upload, Prayasau/regodemo `payroll_old/export/download/download_sso_textfile.php` (GitHub, commit 63103b59):
 *   header '1', employer account 10, branch 6, pay date DDMMYY (Buddhist year), period MMYY (Buddhist year), company name 45, rate 4
 *   (percent × 100), insured count 6, total wages 15, total contribution 14, employee part 12, employer part 12;
 *   detail '2', national ID 13, prefix code 3 (003 นาย, 004 นางสาว, 005 นาง), first name 30, last name 35, wage 14,
 *   contribution 12, filler 27; amounts in satang zero-filled; TIS-620. The widths add up to 135 in both records.
 * - Not confirmed: the SSO's own published specification of the upload was not available here, so every field
 *   below is confirmed by the source above only; the record separator (CRLF here; the other implementation
 *   writes LF) and whether the detail wage is the wage actually paid or the capped base (the capped base here, the
 *   figure the contribution is 5 % of) are the points to check against the SSO's file before relying on them.
 */
import { fixed, type FixedRecord, type Layout } from './layout.js';

export const SSO_PREFIX_CODES: Record<string, string> = { นาย: '003', นางสาว: '004', นาง: '005' };

export const sso110: Layout<'header' | 'detail', FixedRecord> = {
  name: 'สปส.1-10 (ไฟล์ข้อความ)',
  source: 'Prayasau/regodemo payroll_old/export/download/download_sso_textfile.php (commit 63103b59), read 2026-11-25',
  encoding: 'TIS-620',
  lineEnd: '\r\n',
  records: {
    header: fixed(135, [
      { name: 'type', label: 'ประเภทระเบียน (1 = ส่วนหัว)', length: 1, pad: 'zero-left', value: '1' },
      { name: 'employer_account', label: 'เลขที่บัญชีนายจ้าง', length: 10, pad: 'zero-left' },
      { name: 'sso_branch', label: 'ลำดับที่สาขา', length: 6, pad: 'zero-left' },
      { name: 'pay_date', label: 'วันที่จ่ายค่าจ้าง (ววดดปป พ.ศ.)', length: 6, pad: 'zero-left' },
      { name: 'period', label: 'งวดค่าจ้าง (ดดปป พ.ศ.)', length: 4, pad: 'zero-left' },
      { name: 'company', label: 'ชื่อสถานประกอบการ', length: 45, pad: 'space-right' },
      { name: 'rate', label: 'อัตราเงินสมทบ (ร้อยละ × 100)', length: 4, pad: 'zero-left' },
      { name: 'insured', label: 'จำนวนผู้ประกันตน', length: 6, pad: 'zero-left' },
      { name: 'total_wages', label: 'ค่าจ้างรวม (สตางค์)', length: 15, pad: 'zero-left' },
      { name: 'total_contribution', label: 'เงินสมทบรวม (สตางค์)', length: 14, pad: 'zero-left' },
      { name: 'employee_part', label: 'เงินสมทบผู้ประกันตน (สตางค์)', length: 12, pad: 'zero-left' },
      { name: 'employer_part', label: 'เงินสมทบนายจ้าง (สตางค์)', length: 12, pad: 'zero-left' },
    ]),
    detail: fixed(135, [
      { name: 'type', label: 'ประเภทระเบียน (2 = รายละเอียด)', length: 1, pad: 'zero-left', value: '2' },
      { name: 'idcard', label: 'เลขประจำตัวประชาชน', length: 13, pad: 'zero-left' },
      { name: 'prefix', label: 'รหัสคำนำหน้าชื่อ', length: 3, pad: 'zero-left' },
      { name: 'fname', label: 'ชื่อ', length: 30, pad: 'space-right' },
      { name: 'sname', label: 'ชื่อสกุล', length: 35, pad: 'space-right' },
      { name: 'wage', label: 'ค่าจ้าง (สตางค์)', length: 14, pad: 'zero-left' },
      { name: 'contribution', label: 'เงินสมทบ (สตางค์)', length: 12, pad: 'zero-left' },
      { name: 'filler', label: 'ช่องว่าง', length: 27, pad: 'space-right', value: '' },
    ]),
  },
  unconfirmed: {
    header: [
      'type',
      'employer_account',
      'sso_branch',
      'pay_date',
      'period',
      'company',
      'rate',
      'insured',
      'total_wages',
      'total_contribution',
      'employee_part',
      'employer_part',
    ],
    detail: ['type', 'idcard', 'prefix', 'fname', 'sname', 'wage', 'contribution', 'filler'],
  },
};
