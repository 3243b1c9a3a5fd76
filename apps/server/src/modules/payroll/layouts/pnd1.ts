/**
 * ภ.ง.ด.1 ใบแนบ as the delimited text the Revenue Department's e-filing takes through its data-preparation program
 * (RD Prep, "โปรแกรมจัดเตรียมข้อมูลใบแนบ", menu "โอนย้ายข้อมูล": it reads a text file whose columns the filer maps
 * once, then converts it for upload at efiling.rd.go.th).
 *
 * Source and date (read 2026-11-25):
 * - the column order, the income-type codes and the condition codes follow the ภ.ง.ด.1 text layout shipped for
 *   RD Prep by OCA/l10n-thailand (Ecosoft): `l10n_th_account_tax_report/models/res_company.py`
 *   (wht_text_file_pnd1_format: income code | row | tax ID | title | first name | last name | date DDMMYYYY in the
 *   Buddhist year | amount | tax | condition) and `l10n_th_account_tax/data/withholding_tax_type_income_data.xml`
 *   (401N = 40(1) เงินเดือน ค่าจ้าง กรณีทั่วไป; 4012 = 40(1)(2) จ่ายครั้งเดียวเพราะออกจากงาน; 402I/402E = 40(2));
 * - checked against an independent implementation, Prayasau/regodemo `download_pnd1_textfile.php` (commit
 *   63103b59): the same fields (row, tax ID, title, first and last name, date DDMMYYYY Buddhist year, amount with
 *   two decimals and a point, tax, condition 1 = หัก ณ ที่จ่าย), pipe-separated, CRLF;
 * - the ใบแนบ ภ.ง.ด.1 form itself has no address columns (the ภ.ง.ด.3 one has), so no address is written;
 * - RD Prep's blog description (PEAK, 4 June 2023) for the import step.
 * Not confirmed from the Revenue Department's own published layout (not available here): the position of the
 * income code (first, as OCA; regodemo writes a plain "1" after the name), the encoding (UTF-8 here; regodemo
 * writes TIS-620) and the amount format (no thousands separator here; OCA writes one). RD Prep lets the filer map
 * columns and choose the encoding at import, so these are settings there rather than reasons to refuse the file.
 */
import type { DelimitedRecord, Layout } from './layout.js';

/** RD Prep's income-type codes of ภ.ง.ด.1 (OCA withholding_tax_type_income_data.xml). */
export const PND1_INCOME_CODES = {
  salary: '401N',
  severance: '4012',
} as const;

/** เงื่อนไขการหักภาษี: 1 หัก ณ ที่จ่าย, 2 ออกให้ตลอดไป, 3 ออกให้ครั้งเดียว. */
export const PND1_CONDITION_WITHHELD = '1';

export const pnd1: Layout<'detail', DelimitedRecord> = {
  name: 'ภ.ง.ด.1 ใบแนบ (ไฟล์ข้อความสำหรับ RD Prep)',
  source:
    'OCA/l10n-thailand l10n_th_account_tax_report res_company.py and withholding_tax_type_income_data.xml; Prayasau/regodemo download_pnd1_textfile.php (commit 63103b59); read 2026-11-25',
  encoding: 'UTF-8',
  lineEnd: '\r\n',
  records: {
    detail: {
      separator: '|',
      fields: [
        { name: 'income_code', label: 'ประเภทเงินได้ (401N = 40(1) กรณีทั่วไป)' },
        { name: 'seq', label: 'ลำดับที่' },
        { name: 'idcard', label: 'เลขประจำตัวผู้เสียภาษีอากรของผู้มีเงินได้ (13 หลัก)' },
        { name: 'prefix', label: 'คำนำหน้าชื่อ' },
        { name: 'fname', label: 'ชื่อ' },
        { name: 'sname', label: 'ชื่อสกุล' },
        { name: 'pay_date', label: 'วันเดือนปีที่จ่าย (ววดดปปปป พ.ศ.)' },
        { name: 'amount', label: 'จำนวนเงินได้ที่จ่าย (บาท ทศนิยม 2 ตำแหน่ง)' },
        { name: 'tax', label: 'จำนวนเงินภาษีที่หักและนำส่ง (บาท ทศนิยม 2 ตำแหน่ง)' },
        { name: 'condition', label: 'เงื่อนไขการหักภาษี (1 = หัก ณ ที่จ่าย)' },
      ],
    },
  },
  unconfirmed: { detail: ['income_code (its column)', 'amount (thousands separator)', 'tax (thousands separator)'] },
};
