/**
 * The DLT monthly training report of a branch and an instructor's day sheet: the figures (from report-repo.ts) and
 * their Thai A4 documents. A month's report counts completed lessons only, by the Bangkok day they started.
 */
import { eq } from 'drizzle-orm';
import type { Daysheet, LessonMonthReport } from '@khabkhi/contracts';
import { formatNationalId, formatThaiDate, formatThaiDateLong, THAI_MONTHS, todayBangkok } from '@khabkhi/thai';
import type { Conn } from '../../db/connection.js';
import { branches, schoolSettings, users } from '../../db/schema/core.js';
import { notFound } from '../../http/errors.js';
import { classSeats, daysheetLessons, reportInstructors, reportStudents, reportVehicles } from './report-repo.js';

const esc = (s: string | number | null | undefined) =>
  String(s ?? '').replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);
/** minutes as hours with up to two decimals: 90 → "1.5", 150 → "2.5", 0 → "0" */
export const hoursText = (minutes: number) => String(Math.round((minutes / 60) * 100) / 100);
export const monthName = (month: string) => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return `${THAI_MONTHS[m - 1]} ${y + 543}`;
};
const VEHICLE_TYPE: Record<string, string> = { car: 'รถยนต์', motorcycle: 'รถจักรยานยนต์' };
const STATE: Record<string, string> = {
  booked: 'จองแล้ว',
  checked_in: 'มาเรียนแล้ว',
  done: 'เรียนจบ',
  no_show: 'ขาดเรียน',
};

export async function monthReport(conn: Conn, branchId: number, month: string): Promise<LessonMonthReport> {
  const [b] = await conn.select().from(branches).where(eq(branches.branch_id, branchId));
  if (!b || b.is_delete) throw notFound('ไม่พบสาขานี้');
  const [students, instructors, vehicles] = await Promise.all([
    reportStudents(conn, branchId, month),
    reportInstructors(conn, branchId, month),
    reportVehicles(conn, branchId, month),
  ]);
  const byType = new Map<string, { course_type: string; students: Set<number>; theory: number; practice: number }>();
  for (const s of students) {
    const t = byType.get(s.course_type) ?? { course_type: s.course_type, students: new Set(), theory: 0, practice: 0 };
    t.students.add(s.customer_id);
    t.theory += s.theory_minutes;
    t.practice += s.practice_minutes;
    byType.set(s.course_type, t);
  }
  const types = [...byType.values()].map((t) => ({
    course_type: t.course_type,
    students: t.students.size,
    theory_minutes: t.theory,
    practice_minutes: t.practice,
  }));
  return {
    branch_id: branchId,
    branch_name: b.name,
    month,
    students,
    types,
    instructors,
    vehicles,
    totals: {
      students: new Set(students.map((s) => s.customer_id)).size,
      theory_minutes: types.reduce((a, t) => a + t.theory_minutes, 0),
      practice_minutes: types.reduce((a, t) => a + t.practice_minutes, 0),
      lessons: instructors.reduce((a, i) => a + i.lessons, 0),
    },
  };
}

/** The rows of the report's Excel workbook (the web writes the file): one sheet per table, Thai headers. */
export function reportSheets(r: LessonMonthReport) {
  return [
    {
      sheet: 'ผู้เข้ารับการอบรม',
      columns: [
        'ลำดับ',
        'ชื่อ-นามสกุล',
        'เลขประจำตัวประชาชน',
        'ใบสมัคร',
        'หลักสูตร',
        'ประเภทรถ',
        'ทฤษฎีเดือนนี้ (ชม.)',
        'ปฏิบัติเดือนนี้ (ชม.)',
        'ทฤษฎีสะสม (ชม.)',
        'ปฏิบัติสะสม (ชม.)',
        'ทฤษฎีตามหลักสูตร (ชม.)',
        'ปฏิบัติตามหลักสูตร (ชม.)',
      ],
      rows: r.students.map((s, i) => [
        i + 1,
        s.customer_name,
        s.idcard,
        s.application_code,
        s.course_name,
        s.course_type,
        Number(hoursText(s.theory_minutes)),
        Number(hoursText(s.practice_minutes)),
        Number(hoursText(s.theory_total)),
        Number(hoursText(s.practice_total)),
        Number(hoursText(s.theory_required)),
        Number(hoursText(s.practice_required)),
      ]),
    },
    {
      sheet: 'สรุปตามประเภทรถ',
      columns: ['ประเภทรถ', 'จำนวนผู้เรียน', 'ทฤษฎี (ชม.)', 'ปฏิบัติ (ชม.)'],
      rows: r.types.map((t) => [
        t.course_type,
        t.students,
        Number(hoursText(t.theory_minutes)),
        Number(hoursText(t.practice_minutes)),
      ]),
    },
    {
      sheet: 'ครูฝึก',
      columns: ['ชื่อ-นามสกุล', 'เลขประจำตัวประชาชน', 'จำนวนคาบ', 'ผู้เรียน', 'ทฤษฎี (ชม.)', 'ปฏิบัติ (ชม.)'],
      rows: r.instructors.map((i) => [
        i.name,
        i.idcard,
        i.lessons,
        i.students,
        Number(hoursText(i.theory_minutes)),
        Number(hoursText(i.practice_minutes)),
      ]),
    },
    {
      sheet: 'รถที่ใช้ฝึก',
      columns: ['ทะเบียน', 'ประเภท', 'จำนวนคาบ', 'ชั่วโมงฝึก'],
      rows: r.vehicles.map((v) => [
        v.plate,
        VEHICLE_TYPE[v.type] ?? v.type,
        v.lessons,
        Number(hoursText(v.practice_minutes)),
      ]),
    },
  ];
}

const STYLE = `<style>
  body { font-size: 12pt; line-height: 1.4; margin: 0; }
  h1 { font-size: 17pt; margin: 0 0 2pt; text-align: center; }
  h2 { font-size: 13.5pt; margin: 10pt 0 2pt; }
  .sub { text-align: center; color: #333; margin-bottom: 8pt; }
  table { width: 100%; border-collapse: collapse; margin: 4pt 0; }
  td, th { border: 0.6pt solid #999; padding: 2pt 4pt; vertical-align: top; }
  th { background: #f0f0f0; text-align: left; }
  .num { text-align: right; white-space: nowrap; }
  .c { text-align: center; }
  .sign { display: flex; justify-content: space-around; margin-top: 30pt; text-align: center; }
  .sign > div { width: 40%; }
  .line { border-top: 0.6pt dotted #000; margin-bottom: 4pt; padding-top: 4pt; }
  .empty { color: #555; }
  .nw { white-space: nowrap; }
  /* the students' table keeps its column widths (a long header or ID no longer squeezes the names) */
  table.fixed { table-layout: fixed; }
  table.fixed th.num { white-space: normal; }
  table.fixed .id { font-size: 10.5pt; }
  tr, .end { break-inside: avoid; page-break-inside: avoid; }
  /* a block that starts a page keeps the Thai marks above its first line on that page (not drawn at the foot of the
     page before) */
  .end { padding-top: 6pt; }
  .end p { margin-top: 0; }
</style>`;

async function schoolHead(conn: Conn, branchId: number) {
  const [s] = await conn.select().from(schoolSettings).where(eq(schoolSettings.id, 1));
  const [b] = await conn.select().from(branches).where(eq(branches.branch_id, branchId));
  return `<div class="sub"><b>${esc(s?.name)}</b>${s?.tax_id ? ` เลขประจำตัวผู้เสียภาษี ${esc(s.tax_id)}` : ''}<br>${esc(b?.name)}${b?.phone_1 ? ` โทร ${esc(b.phone_1)}` : ''}</div>`;
}

export async function reportHtml(conn: Conn, r: LessonMonthReport) {
  const h = hoursText;
  const none = (cols: number) => `<tr><td colspan="${cols}" class="c empty">ไม่มีรายการ</td></tr>`;
  return `<!doctype html><html lang="th"><head><meta charset="utf-8">${STYLE}</head><body>
  <h1>รายงานผลการฝึกอบรมประจำเดือน ${esc(monthName(r.month))}</h1>${await schoolHead(conn, r.branch_id)}
  <h2>สรุปตามประเภทรถ</h2>
  <table><tr><th>ประเภทรถ</th><th class="num">ผู้เรียน (คน)</th><th class="num">ภาคทฤษฎี (ชม.)</th><th class="num">ภาคปฏิบัติ (ชม.)</th></tr>
  ${r.types.map((t) => `<tr><td>${esc(t.course_type)}</td><td class="num">${t.students}</td><td class="num">${h(t.theory_minutes)}</td><td class="num">${h(t.practice_minutes)}</td></tr>`).join('') || none(4)}
  <tr><th>รวม</th><th class="num">${r.totals.students}</th><th class="num">${h(r.totals.theory_minutes)}</th><th class="num">${h(r.totals.practice_minutes)}</th></tr></table>
  <h2>ผู้เข้ารับการอบรม</h2>
  <table class="fixed"><tr><th class="c" style="width:7%">ลำดับ</th><th style="width:24%">ชื่อ-นามสกุล</th><th style="width:19%">เลขประจำตัวประชาชน</th><th style="width:20%">หลักสูตร</th><th class="num" style="width:15%">ทฤษฎี (ชม.)<br><small>เดือนนี้ / สะสม / หลักสูตร</small></th><th class="num" style="width:15%">ปฏิบัติ (ชม.)<br><small>เดือนนี้ / สะสม / หลักสูตร</small></th></tr>
  ${
    r.students
      .map(
        (s, i) =>
          `<tr><td class="c">${i + 1}</td><td>${esc(s.customer_name)}<br><small>${esc(s.application_code)}</small></td><td class="nw id">${esc(/^\d{13}$/.test(s.idcard) ? formatNationalId(s.idcard) : s.idcard)}</td><td>${esc(s.course_name)}<br><small>${esc(s.course_type)}</small></td><td class="num">${h(s.theory_minutes)} / ${h(s.theory_total)} / ${h(s.theory_required)}</td><td class="num">${h(s.practice_minutes)} / ${h(s.practice_total)} / ${h(s.practice_required)}</td></tr>`,
      )
      .join('') || none(6)
  }</table>
  <h2>ครูฝึกที่สอน</h2>
  <table><tr><th>ชื่อ-นามสกุล</th><th>เลขประจำตัวประชาชน</th><th class="num">คาบ</th><th class="num">ผู้เรียน</th><th class="num">ทฤษฎี (ชม.)</th><th class="num">ปฏิบัติ (ชม.)</th></tr>
  ${r.instructors.map((i) => `<tr><td>${esc(i.name)}</td><td>${esc(/^\d{13}$/.test(i.idcard) ? formatNationalId(i.idcard) : i.idcard)}</td><td class="num">${i.lessons}</td><td class="num">${i.students}</td><td class="num">${h(i.theory_minutes)}</td><td class="num">${h(i.practice_minutes)}</td></tr>`).join('') || none(6)}
  </table>
  <h2>รถที่ใช้ฝึก</h2>
  <table><tr><th>ทะเบียน</th><th>ประเภท</th><th class="num">คาบ</th><th class="num">ชั่วโมงฝึก</th></tr>
  ${r.vehicles.map((v) => `<tr><td>${esc(v.plate)}</td><td>${esc(VEHICLE_TYPE[v.type] ?? v.type)}</td><td class="num">${v.lessons}</td><td class="num">${h(v.practice_minutes)}</td></tr>`).join('') || none(4)}
  </table>
  <div class="end"><p>นับเฉพาะคาบที่เรียนจบแล้ว ตามวันที่เริ่มเรียน (เวลาประเทศไทย) · พิมพ์เมื่อ ${formatThaiDateLong(todayBangkok())}</p>
  <div class="sign"><div><div class="line">ผู้จัดทำรายงาน</div>(..............................................)</div><div><div class="line">ผู้จัดการโรงเรียน</div>(..............................................)</div></div></div>
  </body></html>`;
}

export async function daysheet(conn: Conn, instructorId: number, date: string): Promise<Daysheet> {
  const [u] = await conn.select().from(users).where(eq(users.user_id, instructorId));
  if (!u) throw notFound('ไม่พบครูฝึกนี้');
  const rows = await daysheetLessons(conn, instructorId, date);
  const seats = await classSeats(
    conn,
    rows.filter((r) => r.kind === 'class').map((r) => r.lesson_id),
  );
  const [b] = await conn
    .select()
    .from(branches)
    .where(eq(branches.branch_id, rows[0]?.branch_id ?? u.branch_id));
  return {
    instructor_id: instructorId,
    instructor_name: `${u.prefix}${u.fname} ${u.sname}`.trim(),
    branch_name: b?.name ?? '',
    date,
    lessons: rows.map(({ branch_id: _b, ...r }) => ({
      ...r,
      seats: r.kind === 'class' ? seats.filter((s) => s.class_id === r.lesson_id) : null,
    })),
  };
}

export function daysheetHtml(head: string, d: Daysheet) {
  const rows = d.lessons
    .map((l) => {
      const who =
        l.kind === 'class'
          ? `ชั้นเรียนภาคทฤษฎี ${esc(l.room)} (${l.seats?.length ?? 0} คน)<br><small>${(l.seats ?? []).map((s) => esc(s.customer_name)).join(', ')}</small>`
          : `${esc(l.customer_name)}<br><small>${esc(l.application_code)}${l.phone ? ` โทร ${esc(l.phone)}` : ''}</small>`;
      return `<tr><td class="c nw">${esc(l.start_time)}–${esc(l.end_time)}</td><td>${who}</td><td>${esc(l.course_type)}</td><td>${esc(l.vehicle)}${l.pickup ? `<br><small>รับที่ ${esc(l.pickup)}</small>` : ''}</td><td class="nw">${esc(STATE[l.state] ?? l.state)}</td><td></td><td></td></tr>`;
    })
    .join('');
  return `<!doctype html><html lang="th"><head><meta charset="utf-8">${STYLE}</head><body>
  <h1>ตารางสอนประจำวัน</h1>${head}
  <p>ครูฝึก <b>${esc(d.instructor_name)}</b> · วันที่ ${formatThaiDateLong(d.date)} · ${d.lessons.length} คาบ</p>
  <table><tr><th class="c nw" style="width:13%">เวลา</th><th style="width:26%">ผู้เรียน</th><th class="nw" style="width:10%">ประเภท</th><th style="width:17%">รถ / จุดรับ</th><th class="nw" style="width:10%">สถานะ</th><th style="width:16%">ลายมือชื่อผู้เรียน</th><th style="width:8%">เวลาเลิก</th></tr>
  ${rows || '<tr><td colspan="7" class="c empty">ไม่มีคาบสอนในวันนี้</td></tr>'}</table>
  <p>พิมพ์เมื่อ ${formatThaiDate(todayBangkok())}</p>
  <div class="sign"><div><div class="line">ครูฝึก</div>(${esc(d.instructor_name)})</div><div><div class="line">ผู้ตรวจสอบ</div>(..............................................)</div></div>
  </body></html>`;
}

export const daysheetHead = schoolHead;

/** The branch of an employee (the day sheet's scope); 404 in Thai when there is no such employee. */
export async function instructorBranch(conn: Conn, userId: number): Promise<number> {
  const [u] = await conn.select({ branch_id: users.branch_id }).from(users).where(eq(users.user_id, userId));
  if (!u) throw notFound('ไม่พบครูฝึกนี้');
  return u.branch_id;
}
