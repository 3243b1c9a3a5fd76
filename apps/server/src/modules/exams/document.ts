import { formatThaiDateLong, formatThaiDateTime } from '@khabkhi/thai';
import type { rosterData } from './lists.js';

/** 1-2345-67890-12-3 for a Thai national ID; a passport number as it is */
const idText = (v: string) =>
  /^\d{13}$/.test(v) ? `${v[0]}-${v.slice(1, 5)}-${v.slice(5, 10)}-${v.slice(10, 12)}-${v[12]}` : v;
const esc = (s: string) => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

/** รายชื่อผู้เข้าสอบ: the roster of one session (A4, Thai, BE dates) with a signature column. */
export function rosterHtml(d: { school: string } & Awaited<ReturnType<typeof rosterData>>) {
  const s = d.session;
  const rows = d.students
    .map(
      (
        a,
        i,
      ) => `<tr><td class="c">${i + 1}</td><td class="nw">${esc(a.customer_name)}</td><td class="c mono">${esc(idText(a.idcard))}</td>
    <td>${esc(a.course_name)}</td><td class="sig"></td></tr>`,
    )
    .join('');
  const blank = Math.max(0, Math.min(5, s.capacity - d.students.length));
  const empty = Array.from(
    { length: blank },
    (_, i) =>
      `<tr><td class="c">${d.students.length + i + 1}</td><td></td><td></td><td></td><td class="sig"></td></tr>`,
  ).join('');
  return `<!doctype html><html lang="th"><head><meta charset="utf-8"><style>
    body { font-size: 14pt; line-height: 1.45; margin: 0; }
    h1 { font-size: 20pt; margin: 0 0 2pt; text-align: center; }
    .sub { text-align: center; margin-bottom: 10pt; }
    table { width: 100%; border-collapse: collapse; }
    td, th { border: 0.6pt solid #666; padding: 4pt 6pt; vertical-align: top; }
    th { background: #f0f0f0; }
    .c { text-align: center; white-space: nowrap; }
    .mono { letter-spacing: 0.5pt; }
    .nw { white-space: nowrap; }
    .sig { height: 22pt; }
    .foot { margin-top: 28pt; display: flex; justify-content: space-between; }
    .line { border-top: 0.6pt dotted #000; padding-top: 3pt; width: 220pt; text-align: center; }
  </style></head><body>
  <h1>รายชื่อผู้เข้าสอบ</h1>
  <div class="sub">${esc(d.school)} ${esc(s.branch_name)}<br>
  สอบ${esc(s.kind_name)} ${esc(s.course_type)} วันที่ ${formatThaiDateLong(s.exam_date)} เวลา ${esc(s.start_time)} น.${s.place ? ` สถานที่ ${esc(s.place)}` : ''}${s.examiner ? `<br>ผู้คุมสอบ ${esc(s.examiner)}` : ''}</div>
  <table><thead><tr><th class="c" style="width:6%">ลำดับ</th><th style="width:27%">ชื่อ-นามสกุล</th><th class="c" style="width:20%">เลขประจำตัวประชาชน</th><th style="width:29%">หลักสูตร</th><th class="c" style="width:18%">ลายมือชื่อ</th></tr></thead>
  <tbody>${rows}${empty}</tbody></table>
  <div>รวม ${d.students.length} คน (ที่นั่ง ${s.capacity})</div>
  <div class="foot"><div>พิมพ์เมื่อ ${formatThaiDateTime(new Date())}</div><div class="line">ผู้คุมสอบ${s.examiner ? `<br>(${esc(s.examiner)})` : ''}</div></div>
  </body></html>`;
}
