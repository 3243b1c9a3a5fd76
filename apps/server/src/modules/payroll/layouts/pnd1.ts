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
 * Checked again on 2026-11-26 against more public implementations and transcriptions — still not the Revenue
 * Department's own documents, which could not be reached from here:
 * - skin306152-star/pearnly-app `services/tax/pnd1_attach.py` (the ใบแนบ text a firm uploads: income code | row |
 *   ID | title | first | last | DDMMYYYY Buddhist year | amount | tax | condition, pipe, CRLF, UTF-8) and
 *   `services/tax/rdprep_pnd1.py` (FORMAT กลาง V2.0 re-typed from the RD's FormatPND1V2_0.pdf of 16/06/2568);
 * - thongcome/hrm `Services/Pay/EFilingExportService.cs` (EFilingFormats.Pnd1Line, commit 6ff91920: income code
 *   first, the same ten columns, amounts "0.00", UTF-8 without BOM, CRLF);
 * - Koolman-Film/work `docs/research/2026-09-07-thai-accounting-export-formats.md` §1.1 (FORMAT กลาง V2.0 rules
 *   quoted: "ชนิดไฟล์ข้อมูล UNICODE จะต้องกำหนดเป็น UTF8", pipe, CR/LF, N(15,2) with a point, comma forbidden; and
 *   the RD Prep manual: the import maps the file's columns to RD's slots, so the column order is a setting there);
 * - pinsorn/teas-accounting `backend/src/Accounting.Infrastructure/TaxFilings/WhtBatchFormat.cs` (the same FORMAT
 *   กลาง rules for ภ.ง.ด.3/53: UTF-8 without BOM, "a BOM corrupts the first field").
 * Confirmed by them: pipe, CRLF, UTF-8 without BOM (regodemo's TIS-620 is the odd one), DDMMYYYY in the Buddhist
 * year, two decimals with a point and no thousands separator (the comma is a forbidden character), condition 1;
 * the income code as the first column (OCA, pearnly-app, thongcome's first version; thongcome's later version puts
 * it after the date, as FORMAT กลาง does — RD Prep's column mapping takes either).
 * Still open: the income code's value — 401N here as OCA writes it; pearnly-app's ใบแนบ writes "40(1)", thongcome
 * and FORMAT กลาง write "1". Sources disagree, so it stays as it was.
 * FORMAT กลาง V2.0 itself (direct upload, no mapping) is a different file: a header H of 22 fields (H, SENDER_ID,
 * SENDER_NID, SENDER_BRANCH, SENDER_ROLE, TAX_TYPE, NID, BRANCH_NO, DEPT_NAME, LTO, TAX_MONTH, TAX_YEAR,
 * BRANCH_TYPE, FORM_TYPE, TOT_NUM, TOT_AMT, TOT_TAX, SUR_AMT, GTOT_TAX, TRANS_AMT, USER_ID, FORM_FLAG) and details D
 * of 26 (D, SEQ_NO, BRANCH_NO, PIN, TIN, TITLE_NAME, FNAME, SNAME, PAID_DATE, TAX_RATE, PAID_AMT, TAX_AMT,
 * INC_TYPE_PND, PAY_CON and twelve address parts, AMPHUR/PROVINCE/POSTAL_CODE required) — Koolman-Film/work and
 * pearnly-app agree on every one. It is not written here: it needs the payee's address and the e-filing user ID.
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
    'OCA/l10n-thailand l10n_th_account_tax_report res_company.py and withholding_tax_type_income_data.xml; Prayasau/regodemo download_pnd1_textfile.php (commit 63103b59); read 2026-11-25; skin306152-star/pearnly-app services/tax/pnd1_attach.py and rdprep_pnd1.py, thongcome/hrm Services/Pay/EFilingExportService.cs, Koolman-Film/work research note 2026-09-07-thai-accounting-export-formats.md, pinsorn/teas-accounting WhtBatchFormat.cs, read 2026-11-26',
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
  unconfirmed: { detail: ['income_code (its value: 401N, 40(1) or 1)'] },
};
