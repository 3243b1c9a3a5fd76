/**
 * The demo school's exams, on top of the demo registrations: at each branch, theory and practical
 * sessions from ten days ago to two weeks ahead (today's included, so the home page and the schedule show rows),
 * recorded results (a pass, a 42-of-50 fail), bookings waiting for today and next week, and exam permissions: one
 * ending within the warning days after an extension, one disabled, each with its history rows. A line whose training
 * is complete (seed-demo-evaluations, seeded before) passed both exams, so its training certificate prints. Each
 * session's examiner is the branch's instructor, picked as an employee (examiner_id) with the name on the roster.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import { addDays, todayBangkok } from '@khabkhi/thai';
import type { Db } from './connection.js';
import { branches, roles, schoolSettings, users } from './schema/core.js';
import { evaluates, otherFees } from './schema/catalog.js';
import { applicationCourses, applications } from './schema/money.js';
import { examAttempts, examPermissionHistory, examPermissions, examSessions } from './schema/exams.js';
import { refreshPassed } from '../modules/exams/index.js';

export async function seedDemoExams(db: Db) {
  const [{ n }] = (await db.select({ n: sql<number>`count(*)::int` }).from(examSessions)) as [{ n: number }];
  if (n > 0) return;
  const today = todayBangkok();
  // the demo school charges its request fees for an extension and a change of exam date (the dialogs offer them)
  const fee = async (name: string) =>
    (
      await db
        .select({ id: otherFees.other_fee_id })
        .from(otherFees)
        .where(and(eq(otherFees.name, name), eq(otherFees.is_request_fee, true)))
    )[0]?.id ?? null;
  await db
    .update(schoolSettings)
    .set({
      exam_extend_fee_id: await fee('ค่าคำร้องต่ออายุสิทธิ์สอบ'),
      exam_changedate_fee_id: await fee('ค่าคำร้องเปลี่ยนวันสอบ'),
    })
    .where(eq(schoolSettings.id, 1));
  const branchRows = await db
    .select()
    .from(branches)
    .where(eq(branches.is_delete, false))
    .orderBy(asc(branches.branch_id));
  const manoeuvres = async (type: string) =>
    db
      .select({ evaluate_id: evaluates.evaluate_id, title: evaluates.title })
      .from(evaluates)
      .where(and(eq(evaluates.type, type), eq(evaluates.category, 'manoeuvre'), eq(evaluates.is_delete, false)))
      .orderBy(asc(evaluates.sort));
  for (const b of branchRows) {
    const staff = await db
      .select({ u: users, slug: roles.slug })
      .from(users)
      .innerJoin(roles, eq(roles.role_id, users.role_id))
      .where(and(eq(users.branch_id, b.branch_id), eq(users.is_demo, true)));
    const examiner = staff.find((x) => x.slug === 'instructor') ?? staff[0];
    const officer = staff.find((x) => x.slug === 'cashier') ?? staff[0];
    if (!examiner || !officer) continue;
    const examinerName = `${examiner.u.prefix}${examiner.u.fname} ${examiner.u.sname}`;
    const lines = await db
      .select({ l: applicationCourses, a: applications })
      .from(applicationCourses)
      .innerJoin(applications, eq(applications.application_id, applicationCourses.application_id))
      .where(
        and(
          eq(applications.branch_id, b.branch_id),
          eq(applications.kind, 'course'),
          eq(applications.is_delete, false),
        ),
      )
      .orderBy(asc(applicationCourses.line_id));
    const sessions = new Map<string, number>();
    const session = async (
      offset: number,
      kind: 'theory' | 'practical',
      type: string,
      time: string,
      capacity: number,
    ) => {
      const key = `${offset}|${kind}|${type}`;
      if (sessions.has(key)) return sessions.get(key)!;
      const [s] = await db
        .insert(examSessions)
        .values({
          branch_id: b.branch_id,
          exam_date: addDays(today, offset),
          start_time: time,
          kind,
          course_type: type,
          capacity,
          place: kind === 'theory' ? 'ห้องสอบทฤษฎี ชั้น 2' : 'สนามฝึกหลังอาคาร',
          examiner: examinerName,
          examiner_id: examiner.u.user_id,
          created_by: officer.u.user_id,
        })
        .returning();
      sessions.set(key, s!.session_id);
      return s!.session_id;
    };
    // the branch's timetable: car theory and practical, motorcycle theory
    for (const off of [-10, -3, 0, 3, 7, 14]) await session(off, 'theory', 'รถยนต์', '09:00', 20);
    for (const off of [-10, -3, 0, 7]) await session(off, 'practical', 'รถยนต์', '13:00', 10);
    for (const off of [-3, 0, 7]) await session(off, 'theory', 'รถจักรยานยนต์', '10:30', 15);
    await session(7, 'practical', 'รถจักรยานยนต์', '14:00', 10);

    const attempt = async (
      line: (typeof lines)[number],
      offset: number,
      kind: 'theory' | 'practical',
      result: 'passed' | 'failed' | 'booked',
      score?: number,
    ) => {
      const type = line.l.course_type;
      const sid = await session(offset, kind, type, kind === 'theory' ? '09:00' : '13:00', 20);
      let practical: { evaluate_id: number; title: string; passed: boolean }[] | null = null;
      if (kind === 'practical' && result !== 'booked')
        practical = (await manoeuvres(type)).map((m, i) => ({ ...m, passed: result === 'passed' || i > 0 }));
      await db.insert(examAttempts).values({
        session_id: sid,
        line_id: line.l.line_id,
        application_id: line.a.application_id,
        customer_id: line.a.customer_id,
        branch_id: b.branch_id,
        status: result,
        theory_score: kind === 'theory' && result !== 'booked' ? (score ?? 47) : null,
        theory_total: kind === 'theory' && result !== 'booked' ? 50 : null,
        practical,
        booked_by: officer.u.user_id,
        recorded_by: result === 'booked' ? null : examiner.u.user_id,
        recorded_at: result === 'booked' ? null : new Date(`${addDays(today, offset)}T16:00:00+07:00`),
      });
      await db
        .update(applicationCourses)
        .set({ exam_date: addDays(today, offset) })
        .where(eq(applicationCourses.line_id, line.l.line_id));
    };
    const history = async (
      line: (typeof lines)[number],
      action: string,
      oldValue: string,
      newValue: string,
      reason: string,
    ) =>
      db.insert(examPermissionHistory).values({
        line_id: line.l.line_id,
        action,
        old_value: oldValue,
        new_value: newValue,
        reason,
        user_id: officer.u.user_id,
      });

    // a line whose training the evaluations demo completed passed both exams, so its training certificate prints
    const trained = new Set(
      (
        (await db.execute(sql`select l.line_id from application_courses l join courses co on co.course_id = l.course_id
      join student_evaluations se on se.line_id = l.line_id and not se.is_delete
      join applications a on a.application_id = l.application_id and a.branch_id = ${b.branch_id}
      group by l.line_id, co.theory_hours, co.practice_hours
      having sum(se.theory_hours) >= co.theory_hours and sum(se.practice_hours) >= co.practice_hours`)) as unknown as {
          rows: { line_id: number }[];
        }
      ).rows.map((r) => Number(r.line_id)),
    );
    let i = -1; // the other lines take the cases in turn
    for (const line of lines) {
      const car = line.l.course_type === 'รถยนต์';
      if (trained.has(line.l.line_id)) {
        await attempt(line, -10, 'theory', 'passed', 49);
        await attempt(line, -3, 'practical', 'passed');
        continue;
      }
      i++;
      // the order keeps a small branch's three untrained lines on the expiring, failed and disabled cases
      switch ([0, 1, 3, 2][i % 4]) {
        case 0: {
          // passed theory, booked for today's practical (or today's theory for a motorcycle)
          if (car) {
            await attempt(line, -10, 'theory', 'passed', 47);
            await attempt(line, 0, 'practical', 'booked');
          } else await attempt(line, 0, 'theory', 'booked');
          // an extension that still ends within the warning days
          const granted = addDays(today, 6);
          await db
            .update(examPermissions)
            .set({ permission_date: granted })
            .where(eq(examPermissions.line_id, line.l.line_id));
          await history(line, 'extend', addDays(today, -2), granted, 'ผู้เรียนติดงานต่างจังหวัด ขอต่อสิทธิ์สอบ');
          break;
        }
        case 1: {
          // failed theory with 42 of 50 ten days ago; booked again after the retake wait
          await attempt(line, -10, 'theory', 'failed', 42);
          await attempt(line, 0, 'theory', 'booked');
          break;
        }
        case 2: {
          // passed both: the course is done
          await attempt(line, -10, 'theory', 'passed', 48);
          if (car) await attempt(line, -3, 'practical', 'passed');
          else await attempt(line, 7, 'practical', 'booked');
          break;
        }
        default: {
          // booked for next week; permission disabled on another line of the branch once
          await attempt(line, 3, 'theory', 'booked');
          if (i === 2) {
            const pdate = addDays(today, 40);
            await db
              .update(examAttempts)
              .set({ status: 'cancelled', note: 'ระงับสิทธิ์สอบ: ขาดการติดต่อเกิน 30 วัน' })
              .where(eq(examAttempts.line_id, line.l.line_id));
            await db
              .update(examPermissions)
              .set({ permission_date: pdate, is_active: false })
              .where(eq(examPermissions.line_id, line.l.line_id));
            await history(line, 'disable', `${pdate} (ใช้ได้)`, `${pdate} (ระงับ)`, 'ขาดการติดต่อเกิน 30 วัน');
          }
        }
      }
    }
  }
  // each session's seat count from its live bookings
  await db.execute(sql`update exam_sessions s set booked = (select count(*)::int from exam_attempts a where a.session_id = s.session_id and a.status <> 'cancelled'),
    passed = (select count(*)::int from exam_attempts a where a.session_id = s.session_id and a.status = 'passed'),
    failed = (select count(*)::int from exam_attempts a where a.session_id = s.session_id and a.status = 'failed'),
    recorded = (select count(*)::int from exam_attempts a where a.session_id = s.session_id and a.status in ('passed', 'failed', 'absent'))`);
  // the lines whose practical passed are done (สอบผ่านแล้ว)
  await refreshPassed(db);
}
