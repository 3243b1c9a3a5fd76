/**
 * The salary transfer list in two Thai banks' payroll upload layouts, beside the generic CSV (files.ts). Each
 * bank's payroll service credits accounts at that bank only, so a bank's file carries the employees whose account
 * is at that bank; the others stay on the generic list.
 *
 * Krungthai (KTB) Corporate Online, "Direct" payroll credit, service 02 (เงินเดือน):
 * - Source, read 2026-11-25: OCA/l10n-thailand `l10n_th_bank_payment_export_ktb/models/bank_payment_export.py`
 *   (Ecosoft, 2021): header record type 101 and detail 102, 498 characters each, ended by CR; batch 000001; bank
 *   code 006; counts and amounts in satang zero-filled; effective date DDMMYYYY (Common Era).
 * - Not confirmed against Krungthai's own specification (not available here): the receiving and sending branch
 *   codes (written 0000 here: the company's bank sets them), and the widths of the blank tails.
 *
 * Bangkok Bank (BBL) payroll direct credit, service 029:
 * - Source, read 2026-11-25: Prayasau/regodemo `payroll_old/export/download/download_bbl_payroll_textfile.php`
 *   (GitHub, commit 63103b59): records H, D and T of 128 characters, CRLF, TIS-620; bank code 002; accounts 10
 *   digits; amount in satang, 10 digits in the detail and 13 in the trailer; date DDMMYY (Common Era).
 * - Not confirmed against Bangkok Bank's own specification (not available here): the trailer's 27-digit count
 *   field (read as debit count 7, debit amount 13 and credit count 7, all zero but the credit count), and the
 *   zero-filled reserved areas.
 *
 * Checked again on 2026-11-26 (still not the banks' own specifications, which could not be reached from here):
 * - Krungthai's records are the interbank SMART "media clearing" layout (file type 10 + record type 1 or 2, so 101
 *   and 102). arxim/dfgls `src/df/bean/interfacefile/ExportDFToBankBean.java` writes the same detail for another
 *   bank's SMART upload: 102, batch 000001, receiving bank 3, branch 4, account 11, sending bank 3, branch 4,
 *   account 11, effective date DDMMYYYY, service type 2, clearing house 00 — columns 1–57 here, field for field.
 *   After that its bank's variant differs (amount 12 digits, information fields 60/60/100), so it confirms nothing
 *   past column 57. It writes the sending branch 0000 and takes the receiving branch from a per-bank table or the
 *   payee's record: the branch codes stay open.
 * - Koolman-Film/work `docs/research/2026-09-07-thai-accounting-export-formats.md` §4 found no public layout for
 *   Krungthai or Bangkok Bank (customers download them inside the banks' portals) and no bank document confirming
 *   amounts in satang.
 * - Bangkok Bank: no further independent implementation was found; one public payroll page writes a shorter
 *   "H/D" file of its own without naming a source, so it is not counted. The trailer's count field stays open.
 */
import { fixed, type FixedRecord, type Layout } from './layout.js';

export interface BankFile {
  /** the bank's name as the employee form lists it (employees/options.ts BANKS) */
  bank: string;
  /** the bank's code at the Bank of Thailand */
  code: string;
  layout: Layout<'header' | 'detail', FixedRecord> & { records: { trailer?: FixedRecord } };
  /** digits of the school's account at the bank */
  accountDigits: number;
}

const ktb: Layout<'header' | 'detail', FixedRecord> = {
  name: 'กรุงไทย (KTB Corporate Online: Direct เงินเดือน)',
  source:
    'OCA/l10n-thailand l10n_th_bank_payment_export_ktb bank_payment_export.py, read 2026-11-25; arxim/dfgls src/df/bean/interfacefile/ExportDFToBankBean.java (columns 1–57), read 2026-11-26',
  encoding: 'TIS-620',
  lineEnd: '\r',
  // no trailer record: the header carries the count and the total
  records: {
    header: fixed(498, [
      { name: 'type', label: 'Record type', length: 3, pad: 'zero-left', value: '101' },
      { name: 'batch', label: 'Batch number', length: 6, pad: 'zero-left', value: '000001' },
      { name: 'bank', label: 'Sending bank code', length: 3, pad: 'zero-left', value: '006' },
      { name: 'count', label: 'Total number of transactions', length: 7, pad: 'zero-left' },
      { name: 'total', label: 'Total amount (satang)', length: 19, pad: 'zero-left' },
      { name: 'date', label: 'Effective date DDMMYYYY', length: 8, pad: 'zero-left' },
      { name: 'kind', label: 'C = credit', length: 1, pad: 'space-right', value: 'C' },
      { name: 'receiver_no', label: 'Receiver number', length: 8, pad: 'zero-left', value: '0' },
      { name: 'company_id', label: 'Company ID at KTB', length: 16, pad: 'space-right' },
      { name: 'filler', label: 'User ID and filler', length: 427, pad: 'space-right', value: '' },
    ]),
    detail: fixed(498, [
      { name: 'type', label: 'Record type', length: 3, pad: 'zero-left', value: '102' },
      { name: 'batch', label: 'Batch number', length: 6, pad: 'zero-left', value: '000001' },
      { name: 'to_bank', label: 'Receiving bank code', length: 3, pad: 'zero-left', value: '006' },
      { name: 'to_branch', label: 'Receiving branch code', length: 4, pad: 'zero-left', value: '0000' },
      { name: 'to_account', label: 'Receiving account', length: 11, pad: 'zero-left' },
      { name: 'from_bank', label: 'Sending bank code', length: 3, pad: 'zero-left', value: '006' },
      { name: 'from_branch', label: 'Sending branch code', length: 4, pad: 'zero-left', value: '0000' },
      { name: 'from_account', label: 'Sending account', length: 11, pad: 'zero-left' },
      { name: 'date', label: 'Effective date DDMMYYYY', length: 8, pad: 'zero-left' },
      { name: 'service', label: 'Service type (02 = salary)', length: 2, pad: 'zero-left', value: '02' },
      { name: 'clearing', label: 'Clearing house code', length: 2, pad: 'zero-left', value: '00' },
      { name: 'amount', label: 'Transfer amount (satang)', length: 17, pad: 'zero-left' },
      { name: 'receiver_info', label: 'Receiver information', length: 8, pad: 'space-right', value: '' },
      { name: 'receiver_id', label: 'Receiver ID', length: 10, pad: 'zero-left', value: '0' },
      { name: 'receiver_name', label: 'Receiver name', length: 100, pad: 'space-right' },
      { name: 'sender_name', label: 'Sender name', length: 100, pad: 'space-right' },
      {
        name: 'other',
        label: 'Other information, DDA references, reserve',
        length: 100,
        pad: 'space-right',
        value: '',
      },
      { name: 'ref', label: 'Reference running number', length: 6, pad: 'zero-left' },
      { name: 'notify', label: 'Notification (09)', length: 2, pad: 'zero-left', value: '09' },
      { name: 'email', label: 'E-mail', length: 40, pad: 'space-right', value: '' },
      { name: 'sms', label: 'SMS number', length: 20, pad: 'space-right', value: '' },
      { name: 'reserve', label: 'Reserve', length: 4, pad: 'zero-left', value: '0' },
      { name: 'filler', label: 'Filler', length: 34, pad: 'space-right', value: '' },
    ]),
  },
  unconfirmed: {
    header: ['receiver_no', 'filler'],
    detail: ['to_branch', 'from_branch', 'receiver_info', 'receiver_id', 'other', 'notify', 'reserve', 'filler'],
  },
};

const bbl: Layout<'header' | 'detail' | 'trailer', FixedRecord> = {
  name: 'กรุงเทพ (BBL Payroll Direct Credit)',
  source:
    'Prayasau/regodemo download_bbl_payroll_textfile.php (commit 63103b59), read 2026-11-25; no further source found 2026-11-26',
  encoding: 'TIS-620',
  lineEnd: '\r\n',
  records: {
    header: fixed(128, [
      { name: 'type', label: 'Record type H', length: 1, pad: 'space-right', value: 'H' },
      { name: 'seq', label: 'Sequence', length: 6, pad: 'zero-left', value: '1' },
      { name: 'bank', label: 'Bank code', length: 3, pad: 'zero-left', value: '002' },
      { name: 'from_account', label: 'Company account', length: 10, pad: 'zero-left' },
      { name: 'company', label: 'Company name', length: 25, pad: 'space-right' },
      { name: 'date', label: 'Effective date DDMMYY', length: 6, pad: 'zero-left' },
      { name: 'filler', label: 'Zero filler', length: 77, pad: 'zero-left', value: '0' },
    ]),
    detail: fixed(128, [
      { name: 'type', label: 'Record type D', length: 1, pad: 'space-right', value: 'D' },
      { name: 'seq', label: 'Sequence', length: 6, pad: 'zero-left' },
      { name: 'bank', label: 'Bank code', length: 3, pad: 'zero-left', value: '002' },
      { name: 'to_account', label: 'Employee account', length: 10, pad: 'zero-left' },
      { name: 'kind', label: 'C = credit', length: 1, pad: 'space-right', value: 'C' },
      { name: 'amount', label: 'Amount (satang)', length: 10, pad: 'zero-left' },
      { name: 'service', label: 'Service code (029 = payroll)', length: 3, pad: 'zero-left', value: '029' },
      { name: 'reserve', label: 'Zero filler', length: 59, pad: 'zero-left', value: '0' },
      { name: 'name', label: 'Account name', length: 35, pad: 'space-right' },
    ]),
    trailer: fixed(128, [
      { name: 'type', label: 'Record type T', length: 1, pad: 'space-right', value: 'T' },
      { name: 'seq', label: 'Sequence', length: 6, pad: 'zero-left' },
      { name: 'bank', label: 'Bank code', length: 3, pad: 'zero-left', value: '002' },
      { name: 'from_account', label: 'Company account', length: 10, pad: 'zero-left' },
      { name: 'count', label: 'Debit count 7, debit amount 13, credit count 7', length: 27, pad: 'zero-left' },
      { name: 'total', label: 'Credit amount (satang)', length: 13, pad: 'zero-left' },
      { name: 'filler', label: 'Zero filler', length: 68, pad: 'zero-left', value: '0' },
    ]),
  },
  unconfirmed: { header: ['filler'], detail: ['reserve'], trailer: ['count', 'filler'] },
};

export const BANK_FILES: Record<'ktb' | 'bbl', BankFile> = {
  ktb: { bank: 'ธนาคารกรุงไทย', code: '006', layout: ktb, accountDigits: 10 },
  bbl: { bank: 'ธนาคารกรุงเทพ', code: '002', layout: bbl, accountDigits: 10 },
};
