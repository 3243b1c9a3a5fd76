/**
 * The branch timetable of a period: its rows (instructors with their working hours and leave, or vehicles with why
 * one is out of service) and every lesson of the period as the grid draws it, the names once per id.
 */
import { sql } from 'drizzle-orm';
import { addDays, daysBetween, formatThaiDate } from '@khabkhi/thai';
import type { TimetableQuery } from '@khabkhi/contracts';
import type { Conn } from '../../db/connection.js';
import { assertBranch, type Actor } from '../../http/auth.js';
import { badRequest } from '../../http/errors.js';
import { branchInstructors } from './lists.js';
import { lessonSettingsOf, rowsOf, timetableLessons, timetableNames } from './repo.js';
import { bangkokInstant, VEHICLE_TYPE_NAMES, weekdayIndex } from './rules.js';

const MAX_TIMETABLE_DAYS = 42;

export async function timetable(conn: Conn, actor: Actor, q: TimetableQuery) {
  assertBranch(actor, q.branch_id);
  if (q.date_to < q.date_from) throw badRequest('ถึงวันที่: ต้องไม่ก่อนวันที่เริ่ม');
  const days = daysBetween(q.date_from, q.date_to) + 1;
  if (days > MAX_TIMETABLE_DAYS) throw badRequest(`ถึงวันที่: ตารางเรียนแสดงได้ครั้งละไม่เกิน ${MAX_TIMETABLE_DAYS} วัน`);
  const dates = Array.from({ length: days }, (_, i) => addDays(q.date_from, i));
  const resource = q.resource ?? 'instructor';
  const from = bangkokInstant(q.date_from, '00:00').toISOString();
  const to = bangkokInstant(addDays(q.date_to, 1), '00:00').toISOString();
  // the rows, the lessons with their names (the names need the lessons' ids) and the school day, side by side
  const [resources, { lessons, names }, s] = await Promise.all([
    resource === 'instructor' ? instructorRows(conn, q, dates) : vehicleRows(conn, q),
    timetableLessons(conn, q.branch_id, from, to).then(async (lessons) => ({
      lessons,
      names: await timetableNames(conn, lessons),
    })),
    lessonSettingsOf(conn),
  ]);
  return { resource, day_start: s.day_start, day_end: s.day_end, resources, lessons, names };
}

/** The branch's instructors with their working hours per day of the period (leave days excluded) and their leave. */
async function instructorRows(conn: Conn, q: TimetableQuery, dates: string[]) {
  const people = await branchInstructors(conn, q.branch_id);
  const ids = people.map((p) => p.user_id);
  const [hours, leave] = ids.length
    ? await Promise.all([
        rowsOf(
          conn,
          sql`select user_id, weekday, start_time, end_time from instructor_hours
            where branch_id = ${q.branch_id} and user_id in (${sql.join(ids, sql`, `)}) order by start_time`,
        ),
        rowsOf(
          conn,
          sql`select user_id, date::text as date, reason from instructor_leave
            where user_id in (${sql.join(ids, sql`, `)}) and date between ${q.date_from} and ${q.date_to} order by date`,
        ),
      ])
    : [[], []];
  const weekdays = dates.map((dt) => [dt, weekdayIndex(dt)] as const);
  return people.map((p) => {
    const off = leave.filter((x) => Number(x.user_id) === p.user_id);
    const offDays = new Set(off.map((x) => String(x.date).slice(0, 10)));
    const mine = hours.filter((h) => Number(h.user_id) === p.user_id);
    return {
      id: p.user_id,
      name: p.name,
      detail: p.position,
      unavailable: mine.length ? '' : 'ยังไม่ได้กำหนดเวลาทำงาน',
      hours: weekdays
        .filter(([dt]) => !offDays.has(dt))
        .flatMap(([dt, wd]) =>
          mine
            .filter((h) => Number(h.weekday) === wd)
            .map((h) => ({ date: dt, start_time: String(h.start_time), end_time: String(h.end_time) })),
        ),
      leave: off.map((x) => ({ date: String(x.date).slice(0, 10), reason: String(x.reason) })),
    };
  });
}

/** The branch's vehicles (not sold), each with why it cannot be booked in the period, if it cannot. */
async function vehicleRows(conn: Conn, q: TimetableQuery) {
  const vs = await rowsOf(
    conn,
    sql`select vehicle_id, no, province, brand, model, type, status, noti_tax::text as noti_tax,
        noti_compulsory::text as noti_compulsory
      from vehicles where branch_id = ${q.branch_id} and not is_delete and status <> 'sold' order by type, no`,
  );
  return vs.map((v) => {
    const why: string[] = [];
    if (v.status === 'repair') why.push('อยู่ระหว่างซ่อม');
    if (v.noti_tax && String(v.noti_tax) < q.date_to) why.push(`ภาษีครบกำหนด ${formatThaiDate(String(v.noti_tax))}`);
    if (v.noti_compulsory && String(v.noti_compulsory) < q.date_to)
      why.push(`พ.ร.บ. หมด ${formatThaiDate(String(v.noti_compulsory))}`);
    return {
      id: Number(v.vehicle_id),
      name: `${String(v.no)} ${String(v.province)}`,
      detail: VEHICLE_TYPE_NAMES[String(v.type)] ?? String(v.type),
      unavailable: why.join(', '),
      hours: [],
      leave: [],
    };
  });
}
