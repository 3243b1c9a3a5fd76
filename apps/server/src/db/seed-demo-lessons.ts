/**
 * Demo timetable (after the demo registrations, vehicles and payroll): at each branch a second instructor, a
 * classroom, the instructors' weekly hours (Monday to Saturday, 08:00–17:00) and dated pay rates, and two weeks of
 * lessons around today — past ones completed (a few missed, one cancelled late by the student), future ones booked —
 * plus a theory class a week with its seats. Written as rows that keep every rule of the lessons module: no
 * instructor, vehicle, student or room in two overlapping live lessons, no line past its package hours, only
 * vehicles in service of the course's type, only working hours.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { addDays, makeThaiNationalId, todayBangkok } from '@khabkhi/thai';
import type { Db } from './connection.js';
import { branches, roles, users } from './schema/core.js';
import { courses } from './schema/catalog.js';
import { applicationCourses, applications } from './schema/money.js';
import { vehicles } from './schema/fleet.js';
import { instructorHours, instructorRates, lessonRooms, lessons } from './schema/lessons.js';
import { refreshLineTraining } from '../modules/evaluations/index.js';

const VEHICLE_OF: Record<string, 'car' | 'motorcycle'> = { รถยนต์: 'car', รถจักรยานยนต์: 'motorcycle' };
/** practice slots of a day (Bangkok): start hour and length in minutes */
const SLOTS: [number, number][] = [
  [8, 120],
  [10, 90],
  [13, 120],
  [15, 90],
];
/** username, first name, last name, nickname and the first 12 digits of the national ID (the DLT report names it) */
const SECOND_INSTRUCTOR: Record<string, [string, string, string, string, string]> = {
  HQ: ['somsak', 'สมศักดิ์', 'ถอยจอด', 'ศักดิ์', '310150061234'],
  BKN: ['wichai', 'วิชัย', 'เลี้ยวขวา', 'ชัย', '310220045678'],
  CNX: ['araya', 'อารยา', 'ขับปลอดภัย', 'ยา', '350010023456'],
};

/** A Bangkok day and hour:minute as an instant. */
const at = (day: string, hour: number, minute = 0) =>
  new Date(`${day}T${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}:00+07:00`);
const weekday = (day: string) => new Date(`${day}T12:00:00+07:00`).getUTCDay();

export async function seedDemoLessons(db: Db) {
  const today = todayBangkok();
  const [instructorRole] = await db.select().from(roles).where(eq(roles.slug, 'instructor'));
  const [firstUser] = await db.select({ id: users.user_id }).from(users).orderBy(asc(users.user_id)).limit(1);
  for (const b of await db
    .select()
    .from(branches)
    .where(eq(branches.is_delete, false))
    .orderBy(asc(branches.branch_id))) {
    const teachers = await db
      .select({ id: users.user_id, password: users.password_hash })
      .from(users)
      .where(and(eq(users.branch_id, b.branch_id), eq(users.department, 'ฝึกอบรม'), eq(users.is_delete, false)))
      .orderBy(asc(users.user_id));
    if (!teachers.length) continue;
    const second = SECOND_INSTRUCTOR[b.code];
    if (second && instructorRole && teachers.length === 1) {
      const [username, fname, sname, nickname, id12] = second;
      const [u] = await db
        .insert(users)
        .values({
          username,
          password_hash: teachers[0]!.password,
          role_id: instructorRole.role_id,
          branch_id: b.branch_id,
          prefix: fname === 'อารยา' ? 'นางสาว' : 'นาย',
          fname,
          sname,
          nickname,
          idcard: makeThaiNationalId(id12),
          position: 'ครูฝึกภาคปฏิบัติ',
          department: 'ฝึกอบรม',
          start_date: addDays(today, -400),
          salary: '16000',
          sso_salary: '16000',
          day_off: ['sun'],
          employee_type: 'monthly',
          is_demo: true,
        })
        .returning({ id: users.user_id, password: users.password_hash });
      teachers.push(u!);
    }
    // weekly hours Monday–Saturday and the pay rates (from the start of last year)
    const rateFrom = `${Number(today.slice(0, 4)) - 1}-01-01`;
    for (const t of teachers) {
      await db
        .insert(instructorHours)
        .values(
          [1, 2, 3, 4, 5, 6].map((weekday) => ({
            user_id: t.id,
            branch_id: b.branch_id,
            weekday,
            start_time: '08:00',
            end_time: '17:00',
          })),
        )
        .onConflictDoNothing();
      await db
        .insert(instructorRates)
        .values([
          { user_id: t.id, course_type: 'รถยนต์', part: 'practice', rate: '150', valid_from: rateFrom },
          { user_id: t.id, course_type: 'รถจักรยานยนต์', part: 'practice', rate: '120', valid_from: rateFrom },
          { user_id: t.id, course_type: 'รถยนต์', part: 'theory', rate: '100', valid_from: rateFrom },
          { user_id: t.id, course_type: 'รถจักรยานยนต์', part: 'theory', rate: '100', valid_from: rateFrom },
        ])
        .onConflictDoNothing();
    }
    const [room] = await db
      .insert(lessonRooms)
      .values({ branch_id: b.branch_id, name: 'ห้องอบรม 1', capacity: 30 })
      .returning();

    // the branch's vehicles in service, by type
    const fleet = await db
      .select()
      .from(vehicles)
      .where(and(eq(vehicles.branch_id, b.branch_id), eq(vehicles.is_delete, false), eq(vehicles.status, 'active')))
      .orderBy(asc(vehicles.vehicle_id));
    const usable = (type: 'car' | 'motorcycle', day: string) =>
      fleet.filter(
        (v) =>
          v.type === type && (!v.noti_tax || v.noti_tax >= day) && (!v.noti_compulsory || v.noti_compulsory >= day),
      );

    // live course lines of the branch (registrations not cancelled, not refunded), oldest first
    const lines = await db
      .select({
        line_id: applicationCourses.line_id,
        application_id: applications.application_id,
        customer_id: applications.customer_id,
        course_type: applicationCourses.course_type,
        theory_hours: courses.theory_hours,
        practice_hours: courses.practice_hours,
      })
      .from(applicationCourses)
      .innerJoin(applications, eq(applications.application_id, applicationCourses.application_id))
      .innerJoin(courses, eq(courses.course_id, applicationCourses.course_id))
      .where(
        and(
          eq(applications.branch_id, b.branch_id),
          eq(applications.kind, 'course'),
          eq(applications.is_delete, false),
          inArray(applications.status, ['ค้างชำระ', 'ชำระครบ']),
        ),
      )
      .orderBy(asc(applicationCourses.line_id));
    // the demo books at most half of a line's practice and theory hours: the rest is left for staff trying the timetable
    const practiceLeft = new Map(lines.map((l) => [l.line_id, Math.floor((l.practice_hours * 60) / 2)]));
    const theoryLeft = new Map(lines.map((l) => [l.line_id, Math.floor((l.theory_hours * 60) / 2)]));
    const busy = new Set<string>(); // `${customer}|${day}|${slot}` and `v${vehicle}|${day}|${slot}`
    const classTeacher = teachers[teachers.length - 1]!;
    const rows: (typeof lessons.$inferInsert)[] = [];
    let n = 0;
    // days taken from today outwards (0, 1, −1, 2, −2 …) so that both weeks get lessons from the few lines
    for (const d of [0, 1, -1, 2, -2, 3, -3, 4, -4, 5, -5, 6, -6, 7, -7]) {
      const day = addDays(today, d);
      if (weekday(day) === 0) continue; // Sunday: the school is closed
      let perDay = 0; // the few demo students' hours spread over the two weeks: at most two lessons a day
      for (const [ti, t] of teachers.entries()) {
        for (const [si, [hour, minutes]] of SLOTS.entries()) {
          // each instructor teaches three of the four slots, shifted per instructor and day
          if ((si + ti + d + 14) % 4 === 3) continue;
          // Saturday afternoon the last instructor teaches the theory class
          if (weekday(day) === 6 && t === classTeacher && si >= 2) continue;
          const line = lines.find(
            (l) =>
              (practiceLeft.get(l.line_id) ?? 0) >= minutes &&
              VEHICLE_OF[l.course_type] &&
              !busy.has(`${l.customer_id}|${day}|${si}`) &&
              (n + l.line_id) % 3 !== 0,
          );
          if (!line || perDay >= 2) continue;
          const type = VEHICLE_OF[line.course_type]!;
          const cars = usable(type, day);
          const vehicle = cars[(ti + si) % Math.max(cars.length, 1)];
          if (!vehicle || busy.has(`v${vehicle.vehicle_id}|${day}|${si}`)) continue;
          n++;
          perDay++;
          const past = d < 0 || (d === 0 && hour + minutes / 60 <= 12);
          const state = past ? (n % 11 === 0 ? 'no_show' : 'done') : 'booked';
          const startsAt = at(day, hour, 0);
          practiceLeft.set(line.line_id, practiceLeft.get(line.line_id)! - minutes);
          busy.add(`${line.customer_id}|${day}|${si}`);
          busy.add(`v${vehicle.vehicle_id}|${day}|${si}`);
          rows.push({
            branch_id: b.branch_id,
            kind: 'practice',
            state,
            starts_at: startsAt,
            ends_at: new Date(startsAt.getTime() + minutes * 60_000),
            minutes,
            course_type: line.course_type,
            line_id: line.line_id,
            application_id: line.application_id,
            customer_id: line.customer_id,
            instructor_id: t.id,
            vehicle_id: vehicle.vehicle_id,
            pickup: n % 5 === 0 ? 'หน้าสถานีรถไฟฟ้า' : '',
            charged: state === 'no_show',
            checked_in_at: state === 'done' ? new Date(startsAt.getTime() - 10 * 60_000) : null,
            checkin_method: state === 'done' ? (n % 2 ? 'card' : 'manual') : null,
            checkin_reason: state === 'done' && !(n % 2) ? 'ลืมบัตรประชาชน ตรวจสอบจากรูปถ่ายแล้ว' : '',
            checked_in_by: state === 'done' ? t.id : null,
            instructor_checked_in_at: state === 'done' ? new Date(startsAt.getTime() - 15 * 60_000) : null,
            instructor_checkin_method: state === 'done' ? 'card' : null,
            completed_at: state === 'done' ? new Date(startsAt.getTime() + minutes * 60_000) : null,
            completed_by: state === 'done' ? t.id : null,
            created_by: firstUser!.id,
          });
        }
      }
    }
    // one late cancellation by the student (charged): the first booked lesson
    const late = rows.find((r) => r.state === 'booked');
    if (late) {
      late.state = 'cancelled';
      late.cancel_by = 'student';
      late.cancel_reason = 'ติดธุระด่วน แจ้งล่วงหน้าไม่ถึง 24 ชั่วโมง';
      late.charged = true;
    }
    if (rows.length) await db.insert(lessons).values(rows);

    // a theory class on Saturday afternoon of last week and of this week, the students who still have theory hours
    const teacher = classTeacher;
    for (const d of [-7, 0].map((w) => {
      const base = addDays(today, w);
      return addDays(base, (6 - weekday(base) + 7) % 7);
    })) {
      const startsAt = at(d, 13);
      const past = d < today;
      const type = 'รถยนต์';
      const takers = lines.filter((l) => l.course_type === type && (theoryLeft.get(l.line_id) ?? 0) >= 150).slice(0, 8);
      // a student already in a practice lesson that afternoon does not take the class
      const clash = await db
        .select({ customer_id: lessons.customer_id })
        .from(lessons)
        .where(
          and(
            eq(lessons.branch_id, b.branch_id),
            sql`tstzrange(${lessons.starts_at}, ${lessons.ends_at}) && tstzrange(${startsAt}::timestamptz, ${new Date(startsAt.getTime() + 150 * 60_000)}::timestamptz)`,
            inArray(lessons.state, ['booked', 'checked_in', 'done']),
          ),
        );
      const seated = takers.filter((l) => !clash.some((c) => c.customer_id === l.customer_id));
      const uniq = [...new Map(seated.map((l) => [l.customer_id, l])).values()];
      const [cls] = await db
        .insert(lessons)
        .values({
          branch_id: b.branch_id,
          kind: 'class',
          state: past ? 'done' : 'booked',
          starts_at: startsAt,
          ends_at: new Date(startsAt.getTime() + 150 * 60_000),
          minutes: 150,
          course_type: type,
          instructor_id: teacher.id,
          room_id: room!.room_id,
          capacity: room!.capacity,
          enrolled: uniq.length,
          note: 'กฎหมายจราจรและมารยาทในการขับขี่',
          completed_at: past ? new Date(startsAt.getTime() + 150 * 60_000) : null,
          completed_by: past ? teacher.id : null,
          created_by: firstUser!.id,
        })
        .returning({ id: lessons.lesson_id });
      if (!uniq.length) continue;
      await db.insert(lessons).values(
        uniq.map((l, i) => {
          theoryLeft.set(l.line_id, theoryLeft.get(l.line_id)! - 150);
          const state = past ? (i === uniq.length - 1 && uniq.length > 2 ? 'no_show' : 'done') : 'booked';
          return {
            branch_id: b.branch_id,
            kind: 'seat',
            state,
            starts_at: startsAt,
            ends_at: new Date(startsAt.getTime() + 150 * 60_000),
            minutes: 150,
            course_type: type,
            line_id: l.line_id,
            application_id: l.application_id,
            customer_id: l.customer_id,
            class_id: cls!.id,
            charged: state === 'no_show',
            checked_in_at: state === 'done' ? new Date(startsAt.getTime() - 5 * 60_000) : null,
            checkin_method: state === 'done' ? 'card' : null,
            completed_at: state === 'done' ? new Date(startsAt.getTime() + 150 * 60_000) : null,
            completed_by: state === 'done' ? teacher.id : null,
            created_by: firstUser!.id,
          };
        }),
      );
    }
  }
  // the training hours of the lines with completed lessons, as each completion keeps them (the evaluation list reads them)
  const taught = await db
    .selectDistinct({ line_id: lessons.line_id })
    .from(lessons)
    .where(and(eq(lessons.state, 'done'), sql`${lessons.line_id} is not null`))
    .orderBy(asc(lessons.line_id));
  for (const l of taught) await db.transaction((tx) => refreshLineTraining(tx, l.line_id!));
}
