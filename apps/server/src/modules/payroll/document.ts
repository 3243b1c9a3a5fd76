/** The payslip (Thai, A4: two payslips a page would be cramped with Thai text, so one per page) and the month's summary. */
import { bahtTextFromString, formatBaht, formatNationalId, formatThaiDate, formatThaiDateTime } from '@khabkhi/thai';
import { esc } from '../../documents/templates.js';
import type { PayslipSnapshot } from './payslips.js';

const css = `
  body { font-size: 12.5pt; line-height: 1.4; margin: 0; }
  .slip { page-break-after: always; }
  .slip:last-child { page-break-after: auto; }
  header { display: flex; justify-content: space-between; border-bottom: 1.2pt solid #1f3a5f; padding-bottom: 4pt; margin-bottom: 6pt; }
  .school { font-size: 15pt; font-weight: 700; color: #1f3a5f; }
  .title { text-align: right; font-size: 16pt; font-weight: 700; color: #1f3a5f; }
  .title small { display: block; font-size: 11pt; font-weight: 400; color: #333; }
  .meta { display: grid; grid-template-columns: auto 1fr auto 1fr; gap: 1pt 10pt; margin-bottom: 6pt; }
  .meta .k { color: #555; }
  .cols { display: flex; gap: 8pt; }
  .cols > table { flex: 1; }
  table { width: 100%; border-collapse: collapse; }
  th, td { border: 0.6pt solid #9aa7b6; padding: 2pt 5pt; vertical-align: top; }
  th { background: #e8eef5; text-align: left; }
  .num { text-align: right; white-space: nowrap; }
  .sub { color: #555; font-size: 10.5pt; }
  .total td { font-weight: 700; background: #f3f6fa; }
  .net { margin-top: 6pt; padding: 5pt 8pt; border: 1pt solid #1f3a5f; display: flex; justify-content: space-between; font-size: 14pt; font-weight: 700; }
  .words { font-size: 11.5pt; margin-top: 2pt; }
  .ytd { margin-top: 6pt; }
  .foot { margin-top: 8pt; font-size: 10.5pt; color: #444; }
  .sign { display: flex; justify-content: space-around; margin-top: 24pt; text-align: center; font-size: 11.5pt; }
  .sign > div { width: 38%; }
  .sign .line { border-top: 0.6pt dotted #000; padding-top: 2pt; }
  .mark { border: 1pt solid #c00; color: #c00; padding: 0 6pt; font-size: 11pt; margin-left: 6pt; white-space: nowrap; }
`;

function rows(list: { name: string; detail: string; amount: string }[], n: number) {
  const out = list.map(
    (r) =>
      `<tr><td>${esc(r.name)}${r.detail ? `<div class="sub">${esc(r.detail)}</div>` : ''}</td><td class="num">${formatBaht(r.amount)}</td></tr>`,
  );
  while (out.length < n) out.push('<tr><td>&nbsp;</td><td></td></tr>');
  return out.join('');
}

export function payslipBody(school: { name: string; tax_id: string }, s: PayslipSnapshot) {
  const incomes = [
    { name: s.salary.label, detail: s.salary.detail, amount: s.salary.amount },
    ...s.incomes.filter((i) => i.amount !== '0'),
  ];
  const deductions = s.deductions.filter((d, i) => i < 2 || d.amount !== '0');
  const n = Math.max(incomes.length, deductions.length);
  const id = /^\d{13}$/.test(s.employee.idcard) ? formatNationalId(s.employee.idcard) : s.employee.idcard;
  return `<section class="slip">
  <header><div><div class="school">${esc(school.name)}</div><div>${esc(s.branch.is_head_office ? 'สำนักงานใหญ่' : s.branch.name)}${school.tax_id ? ` · เลขประจำตัวผู้เสียภาษี ${esc(school.tax_id)}` : ''}</div></div>
  <div class="title">สลิปเงินเดือน / ใบแจ้งเงินเดือน${s.version > 1 ? `<span class="mark">ฉบับแก้ไขครั้งที่ ${s.version - 1}</span>` : ''}${s.superseded ? '<span class="mark">ฉบับนี้ถูกแทนที่แล้ว</span>' : ''}<small>ประจำเดือน${esc(s.month_name)}</small></div></header>
  <div class="meta">
    <span class="k">ชื่อพนักงาน</span><span>${esc(s.employee.name)}</span><span class="k">รหัสพนักงาน</span><span>${s.employee.user_id}</span>
    <span class="k">ตำแหน่ง</span><span>${esc(s.employee.position)}${s.employee.department ? ` (${esc(s.employee.department)})` : ''}</span><span class="k">เลขประจำตัวประชาชน</span><span>${esc(id)}</span>
    <span class="k">งวดเงินเดือน</span><span>${esc(formatThaiDate(`${s.month}-01`))} – ${esc(formatThaiDate(s.pay_date))}</span><span class="k">วันที่จ่าย</span><span>${esc(formatThaiDate(s.pay_date))}</span>
    <span class="k">การจ่าย</span><span>${s.employee.salary_pay_type === 'cash' ? 'เงินสด' : `โอนเข้าบัญชี ${esc(s.employee.bank)} ${esc(s.employee.bank_acc)}`}</span><span class="k">สาขา</span><span>${esc(s.branch.name)}</span>
  </div>
  <div class="cols">
    <table><tr><th>รายได้</th><th class="num">จำนวนเงิน (บาท)</th></tr>${rows(incomes, n)}<tr class="total"><td>รวมรายได้</td><td class="num">${formatBaht(s.gross)}</td></tr></table>
    <table><tr><th>รายการหัก</th><th class="num">จำนวนเงิน (บาท)</th></tr>${rows(deductions, n)}<tr class="total"><td>รวมรายการหัก</td><td class="num">${formatBaht(s.total_deduction)}</td></tr></table>
  </div>
  <div class="net"><span>เงินได้สุทธิ</span><span>${formatBaht(s.net)} บาท</span></div>
  <div class="words">(${esc(s.net.startsWith('-') ? `ติดลบ ${bahtTextFromString(s.net.slice(1))}` : bahtTextFromString(s.net))})</div>
  <table class="ytd"><tr><th>สะสมตั้งแต่ต้นปี</th><th class="num">เงินได้สะสม</th><th class="num">ภาษีสะสม</th><th class="num">ประกันสังคมสะสม</th></tr>
    <tr><td>ถึงเดือน${esc(s.month_name)}</td><td class="num">${formatBaht(s.ytd.income)}</td><td class="num">${formatBaht(s.ytd.tax)}</td><td class="num">${formatBaht(s.ytd.sso)}</td></tr></table>
  <div class="foot">นายจ้างสมทบประกันสังคม ${formatBaht(s.sso_employer)} บาท${s.submitted_by ? ` · ส่งตรวจโดย ${esc(s.submitted_by)}` : ''}${s.confirmed_by ? ` · ยืนยันโดย ${esc(s.confirmed_by)}` : ''} · อนุมัติโดย ${esc(s.approved_by)} เมื่อ ${esc(formatThaiDateTime(s.approved_at))}</div>
  <div class="sign"><div><div class="line">ผู้จ่ายเงิน</div></div><div><div class="line">ผู้รับเงิน</div>(${esc(s.employee.name)})</div></div>
  </section>`;
}

export function payslipsHtml(school: { name: string; tax_id: string }, slips: PayslipSnapshot[]) {
  return `<!doctype html><html lang="th"><head><meta charset="utf-8"><style>${css}</style></head><body>${slips.map((s) => payslipBody(school, s)).join('')}</body></html>`;
}

export interface SummaryLine {
  user_name: string;
  position: string;
  salary: string;
  income: string;
  deduction: string;
  sso_employee: string;
  sso_employer: string;
  tax: string;
  net: string;
}

export function summaryHtml(d: {
  school: string;
  branch: string;
  month_name: string;
  status_name: string;
  lines: SummaryLine[];
  totals: Omit<SummaryLine, 'user_name' | 'position'>;
  steps: string[];
}) {
  const cell = (v: string) => `<td class="num">${formatBaht(v)}</td>`;
  return `<!doctype html><html lang="th"><head><meta charset="utf-8"><style>${css} body { font-size: 10.5pt; } th, td { padding: 2pt 3pt; } td.num { white-space: nowrap; } td.who { min-width: 120pt; }</style></head><body>
  <header><div><div class="school">${esc(d.school)}</div><div>${esc(d.branch)}</div></div><div class="title">สรุปเงินเดือนประจำเดือน${esc(d.month_name)}<small>สถานะ: ${esc(d.status_name)}</small></div></header>
  <table><tr><th>#</th><th>พนักงาน</th><th class="num">เงินเดือน</th><th class="num">รายได้อื่น</th><th class="num">รายการหัก</th><th class="num">ประกันสังคม<br>(ลูกจ้าง)</th><th class="num">ประกันสังคม<br>(นายจ้าง)</th><th class="num">ภาษี</th><th class="num">สุทธิ</th></tr>
  ${d.lines.map((l, i) => `<tr><td>${i + 1}</td><td class="who">${esc(l.user_name)}<div class="sub">${esc(l.position)}</div></td>${cell(l.salary)}${cell(l.income)}${cell(l.deduction)}${cell(l.sso_employee)}${cell(l.sso_employer)}${cell(l.tax)}${cell(l.net)}</tr>`).join('')}
  <tr class="total"><td></td><td>รวม ${d.lines.length} คน</td>${cell(d.totals.salary)}${cell(d.totals.income)}${cell(d.totals.deduction)}${cell(d.totals.sso_employee)}${cell(d.totals.sso_employer)}${cell(d.totals.tax)}${cell(d.totals.net)}</tr></table>
  <div class="foot">${d.steps.map(esc).join('<br>')}</div>
  </body></html>`;
}

export interface Wht50 {
  payer: { name: string; tax_id: string; address: string };
  payee: { name: string; idcard: string; address: string };
  year_be: number;
  /** เล่มที่ and เลขที่, given once at the first issue */
  book_no: string;
  number: number;
  income: string;
  tax: string;
  sso: string;
  months: number;
  issued: string;
}

/** The copies the form requires, each marked as the Revenue Department's form marks it. */
export const WHT50_COPIES = [
  'ฉบับที่ 1 (สำหรับผู้ถูกหักภาษี ณ ที่จ่าย ใช้แนบพร้อมกับแบบแสดงรายการภาษี)',
  'ฉบับที่ 2 (สำหรับผู้ถูกหักภาษี ณ ที่จ่าย เก็บไว้เป็นหลักฐาน)',
];

const whtCss = `
  .cert { page-break-after: always; }
  .cert:last-child { page-break-after: auto; }
  .copy { font-size: 10.5pt; color: #333; display: flex; justify-content: space-between; margin-bottom: 2pt; }
  .no { text-align: right; font-size: 11.5pt; }
  .box { border: 0.8pt solid #1f3a5f; padding: 5pt 8pt; margin-bottom: 6pt; }
  .k { color: #555; } h1 { text-align: center; font-size: 16pt; margin: 0; } .c { text-align: center; }
`;

function wht50Page(d: Wht50, copy: string) {
  const id = (v: string) => (/^\d{13}$/.test(v) ? formatNationalId(v) : v);
  return `<section class="cert">
  <div class="copy"><span>${esc(copy)}</span></div>
  <div class="no">เล่มที่ ${esc(d.book_no)} &nbsp; เลขที่ ${d.number}</div>
  <h1>หนังสือรับรองการหักภาษี ณ ที่จ่าย</h1>
  <div class="c">ตามมาตรา 50 ทวิ แห่งประมวลรัษฎากร · ปีภาษี ${d.year_be}</div>
  <div class="box"><b>ผู้มีหน้าที่หักภาษี ณ ที่จ่าย</b><br>ชื่อ ${esc(d.payer.name)}<br><span class="k">เลขประจำตัวผู้เสียภาษีอากร</span> ${esc(id(d.payer.tax_id))}<br><span class="k">ที่อยู่</span> ${esc(d.payer.address)}</div>
  <div class="box"><b>ผู้ถูกหักภาษี ณ ที่จ่าย</b><br>ชื่อ ${esc(d.payee.name)}<br><span class="k">เลขประจำตัวผู้เสียภาษีอากร (เลขประจำตัวประชาชน)</span> ${esc(id(d.payee.idcard))}<br><span class="k">ที่อยู่</span> ${esc(d.payee.address || '-')}</div>
  <div class="box">ลำดับที่ ${d.number} ในแบบ ☑ ภ.ง.ด.1ก &nbsp; ☐ ภ.ง.ด.1ก พิเศษ &nbsp; ☐ ภ.ง.ด.2 &nbsp; ☐ ภ.ง.ด.3 &nbsp; ☐ ภ.ง.ด.53</div>
  <table><tr><th>ประเภทเงินได้พึงประเมินที่จ่าย</th><th>ปีภาษีที่จ่าย</th><th class="num">จำนวนเงินที่จ่าย</th><th class="num">ภาษีที่หักและนำส่งไว้</th></tr>
    <tr><td>1. เงินเดือน ค่าจ้าง เบี้ยเลี้ยง โบนัส ฯลฯ ตามมาตรา 40 (1) (${d.months} เดือน)</td><td>${d.year_be}</td><td class="num">${formatBaht(d.income)}</td><td class="num">${formatBaht(d.tax)}</td></tr>
    <tr class="total"><td colspan="2">รวมเงินที่จ่ายและภาษีที่หักนำส่ง</td><td class="num">${formatBaht(d.income)}</td><td class="num">${formatBaht(d.tax)}</td></tr></table>
  <div class="words">รวมเงินภาษีที่หักนำส่ง (ตัวอักษร): ${esc(bahtTextFromString(d.tax))}</div>
  <div class="box" style="margin-top:6pt">เงินสมทบจ่ายเข้ากองทุนประกันสังคม ${formatBaht(d.sso)} บาท</div>
  <div class="box">ผู้จ่ายเงิน: ☑ (1) หัก ณ ที่จ่าย &nbsp; ☐ (2) ออกให้ตลอดไป &nbsp; ☐ (3) ออกให้ครั้งเดียว &nbsp; ☐ (4) อื่น ๆ</div>
  <div class="sign"><div></div><div>ขอรับรองว่าข้อความและตัวเลขดังกล่าวข้างต้นถูกต้องตรงกับความจริงทุกประการ<div class="line" style="margin-top:30pt">ผู้มีหน้าที่หักภาษี ณ ที่จ่าย</div>วันที่ ${esc(formatThaiDate(d.issued))}</div></div>
  </section>`;
}

/**
 * หนังสือรับรองการหักภาษี ณ ที่จ่าย ตามมาตรา 50 ทวิ: a year's salary (40(1)), the tax withheld and the social
 * security paid, with its book and number, in the form's two copies; several people's certificates in one PDF.
 */
export function wht50Html(list: Wht50[]) {
  return `<!doctype html><html lang="th"><head><meta charset="utf-8"><style>${css}${whtCss}</style></head><body>
  ${list.map((d) => WHT50_COPIES.map((c) => wht50Page(d, c)).join('')).join('')}
  </body></html>`;
}
