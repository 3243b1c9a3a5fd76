/**
 * Demo evaluations and vehicle checks (after the demo registrations): at each branch one student who finished the
 * training (every criterion passed, hours done — the certificate prints), two in training, and vehicle checks —
 * one passed in the branch's exam car, one failed in the student's own car whose พ.ร.บ. ran out before the exam.
 * Each branch gets an exam car and an exam motorcycle when it has none.
 */
import { and, asc, eq } from 'drizzle-orm';
import { addDays, todayBangkok } from '@khabkhi/thai';
import type { Db } from './connection.js';
import { branches, users } from './schema/core.js';
import { courses, evaluates } from './schema/catalog.js';
import { applicationCourses, applications } from './schema/money.js';
import { vehicles } from './schema/fleet.js';
import { evaluationResults, studentEvaluations, vehicleChecks } from './schema/evaluations.js';
import { evaluationSettingsOf, refreshLineTraining } from '../modules/evaluations/index.js';

const PLATES: Record<string, [string, string][]> = {
  HQ: [
    ['ฝส 1001', 'กรุงเทพมหานคร'],
    ['1กข 2002', 'กรุงเทพมหานคร'],
  ],
  BKN: [
    ['ฝส 2001', 'กรุงเทพมหานคร'],
    ['2กข 3003', 'กรุงเทพมหานคร'],
  ],
  CNX: [
    ['ฝส 3001', 'เชียงใหม่'],
    ['3กข 4004', 'เชียงใหม่'],
  ],
};

const bkkDay = (d: Date) => new Date(d.getTime() + 7 * 3600_000).toISOString().slice(0, 10);

export async function seedDemoEvaluations(db: Db) {
  const settings = await evaluationSettingsOf(db);
  const today = todayBangkok();
  const items = (type: 'car' | 'motorcycle', bad: string[] = []) =>
    settings.check_items[type].map((name) => ({ name, ok: !bad.includes(name) }));
  for (const b of await db
    .select()
    .from(branches)
    .where(eq(branches.is_delete, false))
    .orderBy(asc(branches.branch_id))) {
    const [instructor] = await db
      .select({ id: users.user_id })
      .from(users)
      .where(and(eq(users.branch_id, b.branch_id), eq(users.department, 'ฝึกอบรม'), eq(users.is_delete, false)))
      .limit(1);
    if (!instructor) continue;
    // exam cars of the branch (tax and พ.ร.บ. valid for months)
    const hasExam = await db
      .select({ id: vehicles.vehicle_id })
      .from(vehicles)
      .where(and(eq(vehicles.branch_id, b.branch_id), eq(vehicles.is_exam, true), eq(vehicles.is_delete, false)));
    if (!hasExam.length && PLATES[b.code]) {
      const [car, moto] = PLATES[b.code]!;
      await db
        .insert(vehicles)
        .values([
          {
            branch_id: b.branch_id,
            brand: 'Toyota',
            model: 'Yaris Ativ',
            color: 'ขาว',
            no: car[0],
            province: car[1],
            type: 'car',
            is_exam: true,
            noti_tax: addDays(today, 200),
            noti_compulsory: addDays(today, 200),
            noti_check: addDays(today, 200),
            note: 'รถสอบของโรงเรียน (ตัวอย่าง)',
          },
          {
            branch_id: b.branch_id,
            brand: 'Honda',
            model: 'Wave 110i',
            color: 'แดง',
            no: moto[0],
            province: moto[1],
            type: 'motorcycle',
            is_exam: true,
            noti_tax: addDays(today, 150),
            noti_compulsory: addDays(today, 150),
            note: 'รถจักรยานยนต์สอบ (ตัวอย่าง)',
          },
        ])
        .onConflictDoNothing();
    }
    const cars = await db
      .select()
      .from(vehicles)
      .where(
        and(
          eq(vehicles.branch_id, b.branch_id),
          eq(vehicles.is_exam, true),
          eq(vehicles.is_delete, false),
          eq(vehicles.status, 'active'),
        ),
      );
    const lines = await db
      .select({
        line_id: applicationCourses.line_id,
        application_id: applications.application_id,
        course_type: applicationCourses.course_type,
        created: applications.createdAt,
        exam_date: applicationCourses.exam_date,
        theory: courses.theory_hours,
        practice: courses.practice_hours,
      })
      .from(applicationCourses)
      .innerJoin(applications, eq(applications.application_id, applicationCourses.application_id))
      .innerJoin(courses, eq(courses.course_id, applicationCourses.course_id))
      .where(
        and(
          eq(applications.branch_id, b.branch_id),
          eq(applications.kind, 'course'),
          eq(applications.is_delete, false),
        ),
      )
      .orderBy(asc(applications.createdAt), asc(applicationCourses.line_id))
      .limit(3);
    for (const [i, l] of lines.entries()) {
      const criteria = await db
        .select({ id: evaluates.evaluate_id })
        .from(evaluates)
        .where(and(eq(evaluates.type, l.course_type), eq(evaluates.is_delete, false), eq(evaluates.is_activate, true)))
        .orderBy(asc(evaluates.sort));
      const start = bkkDay(l.created);
      const dayN = (n: number) => {
        const d = addDays(start, n);
        return d > today ? today : d;
      };
      // i = 0: finished; i = 1: half-way with one criterion still below the passing level; i = 2: one session
      const sessions = i === 0 ? 3 : i === 1 ? 2 : 1;
      for (let s = 0; s < sessions; s++) {
        const last = i === 0 && s === sessions - 1;
        const [ev] = await db
          .insert(studentEvaluations)
          .values({
            branch_id: b.branch_id,
            application_id: l.application_id,
            line_id: l.line_id,
            date: dayN(s * 2 + 1),
            instructor_id: instructor.id,
            theory_hours: i === 0 ? (s === 0 ? l.theory : 0) : s === 0 ? Math.min(l.theory, 3) : 0,
            practice_hours:
              i === 0 ? (last ? l.practice - 2 * Math.floor(l.practice / 3) : Math.floor(l.practice / 3)) : 2,
            note: last ? 'ผ่านครบทุกหัวข้อ พร้อมสอบ' : s === 0 ? 'เรียนทฤษฎีและเริ่มฝึกในสนาม' : 'ฝึกท่าสอบในสนาม',
            created_by: instructor.id,
          })
          .returning();
        const share = criteria.filter((_, k) => (i === 0 ? (last ? true : k % sessions === s) : k % 3 === s));
        const levelOf = (k: number) => (i === 0 ? (last ? 3 + (k % 2) : 1 + (k % 2)) : k === 0 ? 1 : 2 + (k % 2));
        if (share.length)
          await db
            .insert(evaluationResults)
            .values(share.map((c, k) => ({ evaluation_id: ev!.evaluation_id, evaluate_id: c.id, level: levelOf(k) })));
      }
      // the line's figures kept at commit, as evaluate/record writes them
      await db.transaction((tx) => refreshLineTraining(tx, l.line_id));
      // vehicle checks: the finished student passed in the exam car, the second failed in her own car (พ.ร.บ. expired)
      const type = l.course_type === 'รถจักรยานยนต์' ? ('motorcycle' as const) : ('car' as const);
      const examDate = l.exam_date ?? addDays(today, 7);
      const car = cars.find((c) => c.type === type);
      if (i === 0 && car) {
        await db.insert(vehicleChecks).values({
          branch_id: b.branch_id,
          application_id: l.application_id,
          line_id: l.line_id,
          check_date: today,
          exam_date: examDate,
          owner: 'school',
          vehicle_id: car.vehicle_id,
          no: car.no,
          province: car.province,
          type,
          tax_until: car.noti_tax ?? addDays(today, 100),
          compulsory_until: car.noti_compulsory ?? addDays(today, 100),
          items: items(type),
          result: 'pass',
          fail_reasons: [],
          checked_by: instructor.id,
          note: 'พร้อมใช้สอบ',
          created_by: instructor.id,
        });
      } else if (i === 1) {
        const until = addDays(examDate, -3);
        await db.insert(vehicleChecks).values({
          branch_id: b.branch_id,
          application_id: l.application_id,
          line_id: l.line_id,
          check_date: today,
          exam_date: examDate,
          owner: 'student',
          vehicle_id: null,
          no: type === 'car' ? `7กง ${4400 + b.branch_id}` : `1กฉ ${550 + b.branch_id}`,
          province: b.province || 'กรุงเทพมหานคร',
          type,
          tax_until: addDays(today, 120),
          compulsory_until: until,
          items: items(type, [settings.check_items[type][0] ?? '']),
          result: 'fail',
          fail_reasons: [`พ.ร.บ. หมดอายุก่อนวันสอบ`, `ไม่ผ่านรายการตรวจ: ${settings.check_items[type][0]}`],
          checked_by: instructor.id,
          note: 'ให้ต่อ พ.ร.บ. และซ่อมไฟก่อนวันสอบ',
          created_by: instructor.id,
        });
      }
    }
  }
}
