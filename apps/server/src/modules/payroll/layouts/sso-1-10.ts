/**
 * สปส.1-10 (แบบรายการแสดงการส่งเงินสมทบ) as the SSO e-service's fixed-width text upload ("Format เงินสมทบ 135").
 *
 * These are not the SSO's own documents: the SSO's specification could not be reached from here, so every field is
 * checked against independent public implementations and one public transcription of the SSO's sheet, which may
 * all be wrong the same way. Check a file the e-service accepted before relying on it.
 *
 * Sources:
 * - read 2026-11-25: Prayasau/regodemo `payroll_old/export/download/download_sso_textfile.php` (commit 63103b59);
 * - read 2026-11-26: Koolman-Film/work `docs/research/2026-09-07-thai-accounting-export-formats.md` §1.5, a
 *   field table re-typed from the SSO's download `Formatเงินสมทบ135ใหม่.xls` and its Excel upload template (quoted:
 *   "ไม่ต้องบันทึกจุดทศนิยม … ค่าจ้าง 15,000.00 บาท ให้บันทึก 00000001500000"; prefixes 003 นาย, 004 นางสาว, 005 นาง);
 *   thongcome/hrm `Services/Pay/EFilingExportService.cs` (EFilingFormats.Sso110Header/Sso110Detail, commit
 *   6ff91920); pinsorn/teas-accounting `backend/src/Accounting.Infrastructure/Payroll/SpsBatchFormat.cs` and
 *   `docs/superpowers/specs/sps-1-10-fileformat.md` (commit 43b4c450).
 *
 * Confirmed (all four agree): both records 135 characters; every field's order, start and width below; record
 * types 1 and 2; pay date DDMMYY and period MMYY in the Buddhist year; the 27-character blank tail.
 * Confirmed by three (regodemo, Koolman, teas; thongcome writes a decimal point inside the field): amounts in satang,
 * right-aligned and zero-filled, without a point. Rate ×100 (0500 = 5 %): all four write it; the SSO sheet's only
 * example is 0300 for 3 %. Prefix codes 003 นาย, 004 นางสาว, 005 นาง: regodemo and the transcription of the SSO's
 * sheet; thongcome/hrm swaps 004 and 005 and teas-accounting uses 001–003 by its own unsourced guess, so ours stays.
 * Corrected here: the detail wage is the wage actually paid (ค่าจ้างที่จ่ายจริง), before the floor and the ceiling,
 * which apply only to the contribution — the SSO's Excel template (Koolman: rows 100,000 → 750 and 200 → 83) and
 * teas-accounting (checked against a filled สปส.1-10) agree; regodemo and thongcome write the capped base. The
 * header's total wages is the sum of the details'.
 * Still open (no source states it; the implementations only agree): the record separator — CRLF here as
 * thongcome and teas write it (regodemo writes LF); the encoding — TIS-620 here as regodemo, thongcome and teas
 * write it (the SSO sheet does not say; its file names are TIS-620 bytes).
 */
import { fixed, type FixedRecord, type Layout } from './layout.js';

export const SSO_PREFIX_CODES: Record<string, string> = { นาย: '003', นางสาว: '004', นาง: '005' };

export const sso110: Layout<'header' | 'detail', FixedRecord> = {
  name: 'สปส.1-10 (ไฟล์ข้อความ)',
  source:
    'Prayasau/regodemo payroll_old/export/download/download_sso_textfile.php (commit 63103b59), read 2026-11-25; Koolman-Film/work research note 2026-09-07-thai-accounting-export-formats.md, thongcome/hrm Services/Pay/EFilingExportService.cs, pinsorn/teas-accounting backend/src/Accounting.Infrastructure/Payroll/SpsBatchFormat.cs, read 2026-11-26',
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
      { name: 'total_wages', label: 'ค่าจ้างรวม (ที่จ่ายจริง, สตางค์)', length: 15, pad: 'zero-left' },
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
      { name: 'wage', label: 'ค่าจ้างที่จ่ายจริง (ก่อนเพดาน, สตางค์)', length: 14, pad: 'zero-left' },
      { name: 'contribution', label: 'เงินสมทบ (สตางค์)', length: 12, pad: 'zero-left' },
      { name: 'filler', label: 'ช่องว่าง', length: 27, pad: 'space-right', value: '' },
    ]),
  },
  // every field's column and width is confirmed by the sources above; the open points are the file's, not a field's
  unconfirmed: { header: ['(record separator CRLF)', '(encoding TIS-620)'] },
};
