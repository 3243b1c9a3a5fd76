import { bahtTextFromString, formatBaht, formatThaiDate, formatThaiDateTime } from '@khabkhi/thai';
import type { CloseTotals } from './service.js';

const esc = (s: string) => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

/** The printed daily cash close (Thai, A4) for the manager to count the drawer against and sign. */
export function cashCloseHtml(d: {
  school: string;
  taxId: string;
  branch: string;
  branchAddress: string;
  totals: CloseTotals;
  closedBy: string;
  closedAt: string;
  version: number;
  reopened: { at: string; reason: string } | null;
}) {
  const t = d.totals;
  const row = (label: string, v: string, strong = false) =>
    `<tr${strong ? ' class="strong"' : ''}><td>${label}</td><td class="num">${formatBaht(v)}</td></tr>`;
  return `<!doctype html><html lang="th"><head><meta charset="utf-8"><style>
    body { font-size: 14pt; line-height: 1.5; margin: 0; }
    h1 { font-size: 20pt; margin: 0 0 4pt; text-align: center; }
    .sub { text-align: center; color: #333; margin-bottom: 12pt; }
    table { width: 100%; border-collapse: collapse; margin: 8pt 0; }
    td, th { border: 0.6pt solid #999; padding: 3pt 6pt; }
    th { background: #f0f0f0; text-align: left; }
    .num { text-align: right; white-space: nowrap; }
    .strong td { font-weight: 700; background: #fafafa; }
    .sign { display: flex; justify-content: space-around; margin-top: 40pt; text-align: center; }
    .sign div { width: 40%; }
    .void { border: 1.5pt solid #c00; color: #c00; padding: 4pt 8pt; text-align: center; margin-bottom: 8pt; }
    .line { border-top: 0.6pt dotted #000; margin-bottom: 4pt; padding-top: 4pt; }
  </style></head><body>
  <h1>รายงานปิดยอดเงินประจำวัน${d.version > 1 ? ` (ฉบับที่ ${d.version})` : ''}</h1>
  ${d.reopened ? `<div class="void">ฉบับนี้ถูกเปิดยอดใหม่เมื่อ ${formatThaiDateTime(d.reopened.at)} เหตุผล: ${esc(d.reopened.reason)} — ใช้ฉบับที่ใหม่กว่าแทน</div>` : ''}
  <div class="sub">${esc(d.school)}${d.taxId ? ` เลขประจำตัวผู้เสียภาษี ${esc(d.taxId)}` : ''}<br>${esc(d.branch)} ${esc(d.branchAddress)}<br>
  ประจำวันที่ ${formatThaiDate(t.business_date)}</div>
  <table>
    <tr><th>รายการ</th><th class="num">จำนวนเงิน (บาท)</th></tr>
    ${row('รับเงินสด', t.cash_in)}
    ${row('รับเงินโอน', t.transfer_in)}
    ${row('คืนเงินสด', t.refunds_cash)}
    ${row('คืนเงินโอน', t.refunds_transfer)}
    ${row('เงินสดสุทธิที่ต้องนำส่ง', t.net_cash, true)}
    ${row('เงินโอนสุทธิ', t.net_transfer, true)}
    ${row('รวมสุทธิทั้งสิ้น', t.net_total, true)}
  </table>
  <div>(${esc(bahtTextFromString(t.net_total.replace('-', '')))}${t.net_total.startsWith('-') ? ' ติดลบ' : ''})</div>
  <table>
    <tr><th>ใบเสร็จรับเงิน</th><th class="num">จำนวน</th></tr>
    <tr><td>จำนวนใบเสร็จ${t.first_receipt ? ` (เลขที่ ${esc(t.first_receipt)} ถึง ${esc(t.last_receipt ?? '')})` : ''}</td><td class="num">${t.receipts} ใบ</td></tr>
    <tr><td>รายการคืนเงิน</td><td class="num">${t.refund_count} รายการ</td></tr>
    <tr><td>รายการที่ถูกยกเลิก (ยอด ${formatBaht(t.voided)} บาท)</td><td class="num">${t.void_count} รายการ</td></tr>
  </table>
  ${
    t.by_cashier.length
      ? `<table><tr><th>ผู้รับเงิน</th><th class="num">เงินสด</th><th class="num">เงินโอน</th><th class="num">รายการ</th></tr>
    ${t.by_cashier.map((c) => `<tr><td>${esc(c.name)}</td><td class="num">${formatBaht(c.cash)}</td><td class="num">${formatBaht(c.transfer)}</td><td class="num">${c.count}</td></tr>`).join('')}</table>`
      : ''
  }
  ${
    t.transfers?.length
      ? `<table><tr><th>เงินโอน (เลขที่)</th><th>ธนาคาร / เวลาโอน / เลขอ้างอิง</th><th class="num">จำนวนเงิน</th></tr>
    ${t.transfers.map((x) => `<tr><td>${esc(x.payment_code)}${x.is_void ? ' (ยกเลิก)' : ''}</td><td>${esc(x.detail || (x.kind === 'refund' ? 'คืนเงินโดยการโอน' : 'ไม่ได้บันทึกรายละเอียดการโอน'))}</td><td class="num">${formatBaht(x.amount)}</td></tr>`).join('')}</table>`
      : ''
  }
  <div class="sub">ปิดยอดโดย ${esc(d.closedBy)} เมื่อ ${formatThaiDateTime(d.closedAt)}</div>
  <div class="sign"><div><div class="line">ผู้ปิดยอด</div>(${esc(d.closedBy)})</div><div><div class="line">ผู้ตรวจสอบ/ผู้จัดการ</div>(..............................................)</div></div>
  </body></html>`;
}
