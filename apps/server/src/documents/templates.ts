/** Thai HTML templates of the money documents. Everything shown is escaped; money and dates go through packages/thai. */
import QRCode from 'qrcode';
import {
  bahtTextFromString,
  formatBaht,
  formatNationalId,
  formatPhone,
  formatThaiDate,
  formatThaiDateLong,
  formatThaiDateTime,
  formatThaiTime,
  fromSatang,
  promptPayPayload,
  toSatang,
} from '@khabkhi/thai';
import { documentBaseCss } from './engine.js';
import type { ApplicationFormData, BranchInfo, ReceiptSnapshot, SchoolInfo } from './types.js';

export const esc = (s: string | number | null | undefined) =>
  String(s ?? '').replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

const PAY = { cash: 'เงินสด', transfer: 'โอนเงิน' } as const;
const baht = (v: string) => formatBaht(v);
const idOf = (id: string) => (/^\d{13}$/.test(id) ? formatNationalId(id) : id);

function logo(s: SchoolInfo) {
  if (!s.logo || !s.logo_mime) return '';
  return `<img class="logo" src="data:${esc(s.logo_mime)};base64,${s.logo.toString('base64')}" alt="">`;
}

function vatLine(s: SchoolInfo) {
  if (s.vat_mode === 'exempt') return '<div class="muted">ค่าเล่าเรียนได้รับยกเว้นภาษีมูลค่าเพิ่ม</div>';
  if (s.vat_mode === 'included') return '<div class="muted">ราคารวมภาษีมูลค่าเพิ่มแล้ว</div>';
  return '';
}

function header(s: SchoolInfo, b: BranchInfo, title: string, extra = '') {
  return `<header>
    ${logo(s)}
    <div class="school">
      <div class="name">${esc(s.name)}</div>
      ${s.name_en ? `<div class="name-en">${esc(s.name_en)}</div>` : ''}
      <div>${b.is_head_office ? 'สำนักงานใหญ่' : `${esc(b.name)} (สาขาที่ ${esc(b.tax_branch_no || b.code)})`} ${esc(b.address)}</div>
      <div>${s.tax_id ? `เลขประจำตัวผู้เสียภาษี ${esc(s.tax_id)}` : ''}${b.phone || s.phone ? ` โทร. ${esc(formatPhone(b.phone || s.phone))}` : ''}</div>
    </div>
    <div class="title">${title}${extra}</div>
  </header>`;
}

const css = `
  body { font-size: 13pt; line-height: 1.45; margin: 0; }
  header { display: flex; align-items: flex-start; gap: 10pt; border-bottom: 1.2pt solid #1f3a5f; padding-bottom: 6pt; margin-bottom: 8pt; }
  .logo { width: 54pt; height: 54pt; object-fit: contain; }
  .school { flex: 1; font-size: 11.5pt; }
  .school .name { font-size: 16pt; font-weight: 700; color: #1f3a5f; }
  .school .name-en { font-size: 10.5pt; color: #444; }
  .title { text-align: right; font-size: 17pt; font-weight: 700; color: #1f3a5f; white-space: nowrap; }
  .title small { display: block; font-size: 11pt; font-weight: 400; color: #333; }
  .meta { display: grid; grid-template-columns: 1fr auto; gap: 2pt 16pt; margin: 6pt 0 8pt; }
  .meta .k { color: #555; }
  table { width: 100%; border-collapse: collapse; }
  th, td { border: 0.6pt solid #9aa7b6; padding: 3pt 6pt; vertical-align: top; }
  th { background: #e8eef5; font-weight: 700; text-align: left; }
  .num { text-align: right; white-space: nowrap; }
  .totals td { border: none; padding: 1pt 6pt; }
  .totals .strong td { font-weight: 700; border-top: 0.8pt solid #1f3a5f; }
  .words { margin: 6pt 0; padding: 4pt 8pt; background: #f3f6fa; border-radius: 3pt; }
  .muted { color: #555; font-size: 11pt; }
  .sign { display: flex; justify-content: space-around; margin-top: 26pt; text-align: center; font-size: 12pt; }
  .sign > div { width: 40%; }
  .sign .line { border-top: 0.6pt dotted #000; margin-top: 26pt; padding-top: 3pt; }
  .mark { display: inline-block; margin-top: 3pt; font-size: 11pt; font-weight: 700; border: 1pt solid #1f3a5f; color: #1f3a5f; padding: 0 8pt; border-radius: 3pt; }
  .void { position: fixed; top: 35%; left: 5%; width: 90%; text-align: center; font-size: 90pt; font-weight: 700; color: rgba(200, 0, 0, 0.28);
          transform: rotate(-24deg); border: 6pt solid rgba(200, 0, 0, 0.28); border-radius: 12pt; }
  .qr { display: flex; gap: 10pt; align-items: center; margin-top: 10pt; border: 0.6pt solid #9aa7b6; border-radius: 4pt; padding: 6pt; width: fit-content; }
  .qr svg { width: 110pt; height: 110pt; }
  .section { font-weight: 700; margin: 10pt 0 3pt; color: #1f3a5f; }
`;

function page(body: string, extraCss = '') {
  return `<!doctype html><html lang="th"><head><meta charset="utf-8"><style>${documentBaseCss()}${css}${extraCss}</style></head><body>${body}</body></html>`;
}

/** ใบเสร็จรับเงิน (or ใบคืนเงิน for a refund), A4. */
export function receiptHtml(s: ReceiptSnapshot, o: { copy: boolean; void: boolean }) {
  const refund = s.kind === 'refund';
  const title = refund ? 'ใบคืนเงิน' : 'ใบเสร็จรับเงิน';
  const sub = refund ? 'Refund Slip' : 'Receipt';
  const amountWords = bahtTextFromString(s.amount);
  // gross price, discount and the rest per line: the lines add up to ยอดรวม, ส่วนลด and ยอดสุทธิ below
  const items = s.items
    .map(
      (
        it,
        i,
      ) => `<tr><td class="num">${i + 1}</td><td>${esc(it.name)}</td><td class="num">${baht(it.cost ?? it.amount)}</td>
    <td class="num">${toSatang(it.discount ?? '0') > 0 ? baht(it.discount!) : '-'}</td><td class="num">${baht(it.amount)}</td></tr>`,
    )
    .join('');
  const paidAfter = fromSatang(toSatang(s.totals.paid_before) - toSatang(s.amount));
  const transfer =
    s.pay_type === 'transfer' && s.transfer
      ? ` &nbsp; ${s.transfer.bank ? `ธนาคาร ${esc(s.transfer.bank)}` : ''}${s.transfer.at ? ` &nbsp; โอนเมื่อ ${formatThaiDateTime(s.transfer.at)}` : ''}${s.transfer.ref ? ` &nbsp; เลขอ้างอิง ${esc(s.transfer.ref)}` : ''}`
      : '';
  const body = `
    ${o.void ? '<div class="void">ยกเลิก</div>' : ''}
    ${header(s.school, s.branch, title, `<small>${sub}</small><span class="mark">${o.copy ? 'สำเนา' : 'ต้นฉบับ'}</span>`)}
    <div class="meta">
      <div><span class="k">${refund ? 'จ่ายคืนให้' : 'ได้รับเงินจาก'}</span> <b>${esc(s.customer.name)}</b></div>
      <div><span class="k">เลขที่</span> <b>${esc(s.number)}</b></div>
      <div><span class="k">เลขประจำตัว</span> ${esc(idOf(s.customer.idcard))}${s.customer.phone ? ` &nbsp; <span class="k">โทร.</span> ${esc(formatPhone(s.customer.phone))}` : ''}</div>
      <div><span class="k">วันที่</span> ${formatThaiDateLong(s.issued_at)}</div>
      <div><span class="k">ที่อยู่</span> ${esc(s.customer.address) || '-'}</div>
      <div><span class="k">อ้างอิงใบสมัคร</span> ${esc(s.application_code)}</div>
    </div>
    <table>
      <tr><th style="width:28pt" class="num">ลำดับ</th><th>รายการ</th><th style="width:80pt" class="num">ราคา</th><th style="width:70pt" class="num">ส่วนลด</th><th style="width:90pt" class="num">จำนวนเงิน (บาท)</th></tr>
      ${items}
    </table>
    <table class="totals" style="margin-top:4pt">
      <tr><td class="num">ยอดรวม</td><td class="num" style="width:110pt">${baht(s.totals.total)}</td></tr>
      <tr><td class="num">หัก ส่วนลด</td><td class="num">${baht(s.totals.discount)}</td></tr>
      <tr><td class="num">ยอดสุทธิ</td><td class="num">${baht(s.totals.net)}</td></tr>
      ${
        refund
          ? `
      <tr><td class="num">ชำระไว้ก่อนคืนเงิน</td><td class="num">${baht(s.totals.paid_before)}</td></tr>
      <tr class="strong"><td class="num">จำนวนเงินที่คืน</td><td class="num">${baht(s.amount)}</td></tr>
      <tr><td class="num">ยอดชำระสุทธิหลังคืนเงิน</td><td class="num">${baht(paidAfter)}</td></tr>
      <tr class="strong"><td class="num">ยอดค้างชำระ</td><td class="num">${baht('0')}</td></tr>`
          : `
      <tr><td class="num">ชำระก่อนหน้านี้</td><td class="num">${baht(s.totals.paid_before)}</td></tr>
      <tr class="strong"><td class="num">ชำระครั้งนี้</td><td class="num">${baht(s.amount)}</td></tr>
      <tr><td class="num">ยอดคงเหลือ</td><td class="num">${baht(s.totals.balance_after)}</td></tr>`
      }
    </table>
    ${refund ? `<div class="muted">ใบสมัครนี้ปิดด้วยการคืนเงิน ไม่รับชำระเพิ่ม และไม่เรียกเก็บส่วนที่ยังไม่ได้ชำระ (${baht(s.totals.balance_after)} บาท)</div>` : ''}
    <div class="words">จำนวนเงิน (ตัวอักษร): <b>${esc(amountWords)}</b></div>
    <div>${refund ? 'คืนเงินโดย' : 'ชำระโดย'}: <b>${PAY[s.pay_type]}</b>${transfer}${s.note ? ` &nbsp; ${refund ? 'เหตุผล' : 'หมายเหตุ'}: ${esc(s.note)}` : ''}</div>
    ${vatLine(s.school)}
    <div class="sign">
      ${
        refund
          ? `<div><div class="line">ผู้รับเงินคืน</div>(${esc(s.customer.name)})</div><div><div class="line">ผู้จ่ายเงิน/ผู้อนุมัติ</div>(${esc(s.cashier)})</div>`
          : `<div><div class="line">ผู้จ่ายเงิน</div>(${esc(s.customer.name)})</div><div><div class="line">ผู้รับเงิน</div>(${esc(s.cashier)})</div>`
      }
    </div>
    <div class="muted" style="margin-top:10pt">ออกเมื่อ ${formatThaiDate(s.issued_at)} เวลา ${formatThaiTime(s.issued_at)}${o.void ? ' — เอกสารนี้ถูกยกเลิกแล้ว' : ''}</div>`;
  return page(body);
}

/** ใบสมัคร with lines, totals, payments and a PromptPay QR for the balance. */
export async function applicationHtml(d: ApplicationFormData) {
  const c = d.customer;
  // a QR only for money the school can still take: the amount due of an open application
  const dueS = toSatang(d.totals.due);
  let qr = '';
  if (d.school.promptpay_id && dueS > 0 && !d.closed_reason) {
    const payload = promptPayPayload({ id: d.school.promptpay_id, amountSatang: dueS });
    const svg = await QRCode.toString(payload, { type: 'svg', errorCorrectionLevel: 'M', margin: 1 });
    qr = `<div class="qr" data-promptpay="${esc(payload)}">${svg}<div><b>สแกนเพื่อชำระยอดคงเหลือ</b><br>พร้อมเพย์ ${esc(d.school.promptpay_id)}<br>จำนวน <b>${baht(d.totals.due)}</b> บาท<br><span class="muted">อ้างอิง ${esc(d.application_code)}</span></div></div>`;
  }
  const refundedS = toSatang(d.totals.refunded);
  const courseRows = d.courses
    .map(
      (
        l,
        i,
      ) => `<tr><td class="num">${i + 1}</td><td>${esc(l.name)}<div class="muted">${esc(l.type)}${l.promotion_code ? ` · โปรโมชั่น ${esc(l.promotion_code)}` : ''}${l.exam_date ? ` · วันสอบ ${formatThaiDate(l.exam_date)}` : ''}</div></td>
    <td class="num">${baht(l.cost)}</td><td class="num">${baht(l.discount)}</td><td class="num">${formatBaht(toSatang(l.cost) - toSatang(l.discount))}</td></tr>`,
    )
    .join('');
  const feeRows = d.other_fees
    .map(
      (
        l,
        i,
      ) => `<tr><td class="num">${d.courses.length + i + 1}</td><td>${esc(l.name)}${l.date ? `<div class="muted">วันที่ ${formatThaiDate(l.date)}</div>` : ''}</td>
    <td class="num">${baht(l.cost)}</td><td class="num">${baht(l.discount)}</td><td class="num">${formatBaht(toSatang(l.cost) - toSatang(l.discount))}</td></tr>`,
    )
    .join('');
  const payRows = d.payments
    .map(
      (
        p,
      ) => `<tr${p.is_void ? ' style="text-decoration:line-through;color:#888"' : ''}><td>${esc(p.number)}</td><td>${formatThaiDate(p.date)}</td>
    <td>${p.kind === 'refund' ? 'คืนเงิน' : 'รับชำระ'} (${PAY[p.pay_type]})${p.transfer ? `<div class="muted">${esc(p.transfer)}</div>` : ''}${p.is_void ? ' — ยกเลิก' : ''}</td><td class="num">${p.kind === 'refund' ? '-' : ''}${baht(p.amount)}</td></tr>`,
    )
    .join('');
  const body = `
    ${header(d.school, d.branch, esc(d.title), `<small>เลขที่ ${esc(d.application_code)}</small>`)}
    <div class="meta">
      <div><span class="k">ชื่อผู้สมัคร</span> <b>${esc(`${c.prefix}${c.fname} ${c.sname}`.trim())}</b></div>
      <div><span class="k">วันที่สมัคร</span> ${formatThaiDateLong(d.created_at)}</div>
      <div><span class="k">${c.is_foreigner ? 'เลขหนังสือเดินทาง' : 'เลขประจำตัวประชาชน'}</span> ${esc(idOf(c.idcard))}</div>
      <div><span class="k">สถานะ</span> ${esc(d.status)}</div>
      <div><span class="k">วันเกิด</span> ${c.birthday ? formatThaiDateLong(c.birthday) : '-'}${c.age !== null ? ` (อายุ ${c.age} ปี)` : ''}</div>
      <div><span class="k">โทร.</span> ${
        esc(
          [c.phone_1, c.phone_2]
            .filter(Boolean)
            .map((p) => formatPhone(p))
            .join(', '),
        ) || '-'
      }</div>
      <div style="grid-column: span 2"><span class="k">ที่อยู่</span> ${esc(c.address) || '-'}</div>
      ${d.related ? `<div style="grid-column: span 2"><span class="k">คำร้องของใบสมัคร</span> ${esc(d.related.code)}${d.related.courses.length ? ` (${esc(d.related.courses.join(', '))})` : ''}</div>` : ''}
    </div>
    <table>
      <tr><th class="num" style="width:28pt">ลำดับ</th><th>รายการ</th><th class="num" style="width:80pt">ราคา</th><th class="num" style="width:70pt">ส่วนลด</th><th class="num" style="width:85pt">สุทธิ</th></tr>
      ${courseRows}${feeRows}
    </table>
    <table class="totals" style="margin-top:4pt">
      <tr><td class="num">ยอดรวม</td><td class="num" style="width:110pt">${baht(d.totals.total)}</td></tr>
      <tr><td class="num">หัก ส่วนลด</td><td class="num">${baht(d.totals.discount)}</td></tr>
      <tr class="strong"><td class="num">ยอดสุทธิ</td><td class="num">${baht(d.totals.net)}</td></tr>
      ${
        refundedS > 0
          ? `
      <tr><td class="num">รับชำระ</td><td class="num">${baht(fromSatang(toSatang(d.totals.paid) + refundedS))}</td></tr>
      <tr><td class="num">หัก คืนเงิน</td><td class="num">${baht(d.totals.refunded)}</td></tr>
      <tr><td class="num">ชำระสุทธิ</td><td class="num">${baht(d.totals.paid)}</td></tr>`
          : `
      <tr><td class="num">ชำระแล้ว</td><td class="num">${baht(d.totals.paid)}</td></tr>`
      }
      <tr class="strong"><td class="num">${d.closed_reason ? 'ยอดค้างชำระ' : 'ยอดคงเหลือ'}</td><td class="num">${baht(d.totals.due)}</td></tr>
    </table>
    ${d.closed_reason ? `<div class="muted">${esc(d.closed_reason)}${toSatang(d.totals.balance) > 0 ? ` ไม่เรียกเก็บส่วนที่ยังไม่ได้ชำระ (${baht(d.totals.balance)} บาท)` : ''}</div>` : ''}
    <div class="words">${d.closed_reason ? 'ยอดค้างชำระ' : 'ยอดคงเหลือ'} (ตัวอักษร): <b>${esc(bahtTextFromString(d.totals.due))}</b></div>
    ${d.payments.length ? `<div class="section">ประวัติการชำระเงิน</div><table><tr><th>เลขที่</th><th>วันที่</th><th>รายการ</th><th class="num">จำนวนเงิน</th></tr>${payRows}</table>` : ''}
    ${qr}
    <div class="sign">
      <div><div class="line">ผู้สมัคร</div>(${esc(`${c.prefix}${c.fname} ${c.sname}`.trim())})</div>
      <div><div class="line">เจ้าหน้าที่</div>(${esc(d.staff)})</div>
    </div>`;
  return page(body);
}

/** Wraps a caller's HTML body in the shared fonts when it is not a full document. */
export function wrapHtml(html: string) {
  if (/<html[\s>]/i.test(html)) return html.replace(/<head>/i, `<head><style>${documentBaseCss()}</style>`);
  return page(html);
}
