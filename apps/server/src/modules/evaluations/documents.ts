/** The training record (hours and evaluation results) and the training certificate (ใบรับรองผลการอบรม), Thai, A4. */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { formatNationalId, formatThaiDate, formatThaiDateLong, todayBangkok } from '@khabkhi/thai';
import { branches, schoolSettings } from '../../db/schema/core.js';
import { registerDocumentType, signDocumentLink } from '../../documents/index.js';
import { formatAddress } from '../customers/index.js';
import { certificateData, studentEvaluation } from './student.js';

const esc = (s: string | number | null | undefined) =>
  String(s ?? '').replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

type Student = Awaited<ReturnType<typeof studentEvaluation>>;
interface Head {
  school: string;
  taxId: string;
  schoolAddress: string;
  branch: string;
  branchAddress: string;
  phone: string;
}

const STYLE = `<style>
  body { font-size: 13pt; line-height: 1.45; margin: 0; }
  h1 { font-size: 19pt; margin: 0 0 2pt; text-align: center; }
  .sub { text-align: center; color: #333; margin-bottom: 10pt; }
  table { width: 100%; border-collapse: collapse; margin: 6pt 0; }
  td, th { border: 0.6pt solid #999; padding: 2pt 5pt; vertical-align: top; }
  th { background: #f0f0f0; text-align: left; }
  .num { text-align: right; white-space: nowrap; }
  .c { text-align: center; }
  .kv td { border: none; padding: 1pt 4pt; }
  .kv td:first-child { width: 28%; color: #333; }
  .sign { display: flex; justify-content: space-around; margin-top: 36pt; text-align: center; }
  .sign > div { width: 40%; }
  .line { border-top: 0.6pt dotted #000; margin-bottom: 4pt; padding-top: 4pt; }
  .ok { color: #166534; font-weight: 700; } .no { color: #b91c1c; font-weight: 700; }
</style>`;

function header(h: Head) {
  return `<div class="sub"><b>${esc(h.school)}</b>${h.taxId ? ` เลขประจำตัวผู้เสียภาษี ${esc(h.taxId)}` : ''}<br>${esc(h.branch)} ${esc(h.branchAddress)}${h.phone ? ` โทร ${esc(h.phone)}` : ''}</div>`;
}

function studentBlock(d: Student) {
  return `<table class="kv">
    <tr><td>ชื่อผู้เรียน</td><td><b>${esc(d.customer_name)}</b></td></tr>
    <tr><td>เลขประจำตัวประชาชน</td><td>${esc(formatNationalId(d.idcard))}</td></tr>
    <tr><td>หลักสูตร</td><td>${esc(d.course_name)} (ประเภท${esc(d.course_type)})</td></tr>
    <tr><td>ใบสมัครเลขที่</td><td>${esc(d.application_code)} สมัครเมื่อ ${formatThaiDate(d.registered_at)}</td></tr>
    ${d.exam_date ? `<tr><td>วันสอบ</td><td>${formatThaiDate(d.exam_date)}</td></tr>` : ''}
  </table>`;
}

/** The part of the hours typed on evaluations before the lessons module (recorded history), named apart. */
const recordedNote = (h: number) => (h ? `<br><small>(รวมชั่วโมงที่บันทึกไว้เดิม ${h} ชั่วโมง)</small>` : '');

export function trainingRecordHtml(h: Head, d: Student) {
  const sessions = [...d.evaluations].reverse();
  return `<!doctype html><html lang="th"><head><meta charset="utf-8">${STYLE}</head><body>
  <h1>บันทึกผลการฝึกอบรมขับรถ</h1>${header(h)}
  ${studentBlock(d)}
  <table><tr><th>ชั่วโมงการอบรม</th><th class="num">กำหนดตามหลักสูตร</th><th class="num">อบรมแล้ว</th></tr>
    <tr><td>ภาคทฤษฎี</td><td class="num">${d.hours.theory_required} ชั่วโมง</td><td class="num">${d.hours.theory_done} ชั่วโมง${recordedNote(d.hours.theory_recorded)}</td></tr>
    <tr><td>ภาคปฏิบัติ</td><td class="num">${d.hours.practice_required} ชั่วโมง</td><td class="num">${d.hours.practice_done} ชั่วโมง${recordedNote(d.hours.practice_recorded)}</td></tr></table>
  <table><tr><th style="width:6%">ที่</th><th>หัวข้อการประเมิน</th><th style="width:20%">หมวด</th><th style="width:16%">ผล</th><th style="width:17%">วันที่ประเมิน</th></tr>
    ${d.criteria
      .map(
        (c, i) => `<tr><td class="c">${i + 1}</td><td>${esc(c.title)}</td><td>${esc(c.category_name)}</td>
      <td class="${c.level === null ? '' : c.passed ? 'ok' : 'no'}">${esc(c.level_name)}</td><td>${c.date ? formatThaiDate(c.date) : '-'}</td></tr>`,
      )
      .join('')}
  </table>
  <table><tr><th style="width:17%">วันที่</th><th>ครูฝึก</th><th class="num" style="width:10%">ทฤษฎี</th><th class="num" style="width:10%">ปฏิบัติ</th><th>หมายเหตุ</th></tr>
    ${
      sessions.length
        ? sessions
            .map(
              (e) =>
                `<tr><td>${formatThaiDate(e.date)}</td><td>${esc(e.instructor_name)}</td><td class="num">${e.theory_hours}</td><td class="num">${e.practice_hours}</td><td>${esc(e.note)}</td></tr>`,
            )
            .join('')
        : '<tr><td colspan="5" class="c">ยังไม่มีการบันทึกการอบรม</td></tr>'
    }
  </table>
  <div>สรุปผล: <b>${d.completed ? 'อบรมครบตามหลักสูตรและผ่านเกณฑ์การประเมินทุกหัวข้อ' : `ยังไม่ครบ (${esc(d.missing.join(', '))})`}</b></div>
  <div class="sub" style="margin-top:6pt">พิมพ์เมื่อ ${formatThaiDateLong(todayBangkok())}</div>
  <div class="sign"><div><div class="line">ครูฝึก</div>(..............................................)</div><div><div class="line">ผู้เรียน</div>(${esc(d.customer_name)})</div></div>
  </body></html>`;
}

export function certificateHtml(h: Head, d: Student, number: string) {
  return `<!doctype html><html lang="th"><head><meta charset="utf-8">${STYLE}<style>
    body { font-size: 15pt; } .frame { border: 3pt double #1e3a8a; padding: 22pt 28pt; min-height: 240mm; box-sizing: border-box; }
    h1 { font-size: 26pt; color: #1e3a8a; margin-top: 10pt; } .big { font-size: 22pt; font-weight: 700; text-align: center; margin: 10pt 0; }
    .body { text-align: center; line-height: 1.9; } .no-right { text-align: right; font-size: 12pt; }
  </style></head><body><div class="frame">
  <div class="no-right">เลขที่ ${esc(number)}</div>
  <div class="sub" style="font-size:16pt"><b>${esc(h.school)}</b><br>${esc(h.branch)} ${esc(h.branchAddress)}</div>
  <h1>ใบรับรองผลการอบรม</h1>
  <div class="body">ขอรับรองว่า</div>
  <div class="big">${esc(d.customer_name)}</div>
  <div class="body">เลขประจำตัวประชาชน ${esc(formatNationalId(d.idcard))}<br>
  ได้ผ่านการอบรม <b>${esc(d.course_name)}</b> (ประเภท${esc(d.course_type)})<br>
  ภาคทฤษฎี ${d.hours.theory_done} ชั่วโมง ภาคปฏิบัติ ${d.hours.practice_done} ชั่วโมง<br>
  และผ่านเกณฑ์การประเมินครบทั้ง ${d.criteria.length} หัวข้อ<br>
  ให้ไว้ ณ วันที่ ${formatThaiDateLong(todayBangkok())}</div>
  <div class="sign"><div><div class="line">ครูฝึก</div>(..............................................)</div><div><div class="line">ผู้จัดการโรงเรียน</div>(..............................................)</div></div>
  </div></body></html>`;
}

async function headOf(app: FastifyInstance, branchId: number): Promise<Head> {
  const db = app.deps.database.db;
  const [s] = await db.select().from(schoolSettings).where(eq(schoolSettings.id, 1));
  const [b] = await db.select().from(branches).where(eq(branches.branch_id, branchId));
  return {
    school: s?.name ?? '',
    taxId: s?.tax_id ?? '',
    schoolAddress: s?.address ?? '',
    branch: b?.name ?? '',
    branchAddress: b ? formatAddress(b) : '',
    phone: b?.phone_1 ?? '',
  };
}

export const trainingRecordLink = (app: FastifyInstance, lineId: number) =>
  signDocumentLink(app.deps.secret, { type: 'training-record', id: lineId });
export const certificateLink = (app: FastifyInstance, lineId: number) =>
  signDocumentLink(app.deps.secret, { type: 'training-certificate', id: lineId });

export function registerEvaluationDocuments(app: FastifyInstance) {
  const db = () => app.deps.database.db;
  registerDocumentType(app, 'training-record', async (lineId) => {
    const d = await studentEvaluation(db(), null, lineId);
    const html = trainingRecordHtml(await headOf(app, d.branch_id), d);
    return {
      pdf: await app.documents.html(html, { format: 'a4' }),
      filename: `บันทึกการอบรม-${d.application_code}-${d.line_id}.pdf`,
    };
  });
  registerDocumentType(app, 'training-certificate', async (lineId) => {
    const d0 = await studentEvaluation(db(), null, lineId);
    const d = await certificateData(db(), null, d0.application_id, lineId);
    const html = certificateHtml(await headOf(app, d.branch_id), d, `${d.application_code}-${d.line_id}`);
    return {
      pdf: await app.documents.html(html, { format: 'a4' }),
      filename: `ใบรับรองผลการอบรม-${d.application_code}-${d.line_id}.pdf`,
    };
  });
}
