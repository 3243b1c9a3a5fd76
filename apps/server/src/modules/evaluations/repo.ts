/** The SQL of evaluations and vehicle checks: settings, names, the application and line a record belongs to. */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { todayBangkok } from '@khabkhi/thai';
import type { Conn } from '../../db/connection.js';
import { branches } from '../../db/schema/core.js';
import { courses, evaluates } from '../../db/schema/catalog.js';
import { applicationCourses, applications, customers } from '../../db/schema/money.js';
import { vehicles } from '../../db/schema/fleet.js';
import { evaluationSettings } from '../../db/schema/evaluations.js';

/** The school's rules until it stores its own in evaluation_settings (row id 1), which then is the truth. */
export const DEFAULT_EVALUATION_SETTINGS = {
  levels: [
    { value: 1, name: 'ต้องปรับปรุง' },
    { value: 2, name: 'พอใช้' },
    { value: 3, name: 'ดี' },
    { value: 4, name: 'ดีมาก' },
  ],
  pass_level: 2,
  check_items: {
    car: [
      'ไฟหน้า ไฟท้าย ไฟเลี้ยว',
      'ไฟเบรก',
      'เบรกและเบรกมือ',
      'ยางและดอกยาง',
      'กระจกมองข้างและมองหลัง',
      'แตร',
      'เข็มขัดนิรภัย',
      'ที่ปัดน้ำฝน',
      'ป้ายทะเบียนและป้ายภาษี',
    ],
    motorcycle: [
      'ไฟหน้า ไฟท้าย ไฟเลี้ยว',
      'ไฟเบรก',
      'เบรกหน้าและเบรกหลัง',
      'ยางและดอกยาง',
      'กระจกมองข้าง',
      'แตร',
      'ป้ายทะเบียนและป้ายภาษี',
    ],
  },
};
export type EvaluationSettings = typeof DEFAULT_EVALUATION_SETTINGS;

export async function evaluationSettingsOf(conn: Conn): Promise<EvaluationSettings> {
  const [row] = await conn.select().from(evaluationSettings).where(eq(evaluationSettings.id, 1));
  // no row yet: the defaults hold (a read never writes; a school's own rules are a row with id 1)
  return row
    ? { levels: row.levels, pass_level: row.pass_level, check_items: row.check_items }
    : DEFAULT_EVALUATION_SETTINGS;
}

export const name = (t: string) =>
  sql.raw(`(${t}.prefix || ${t}.fname || case when ${t}.sname <> '' then ' ' || ${t}.sname else '' end)`);
export const userName = (t = 'u') => name(t);

export interface ListArgs {
  branch?: string;
  status?: string;
  type?: string;
  category?: string;
  text?: string;
  start?: string;
  end?: string;
}

export const EVAL_STATUS = { notStarted: 'ยังไม่เริ่มอบรม', training: 'กำลังอบรม', completed: 'อบรมครบ' } as const;

/** The application a record belongs to, with what the rules need. */
export async function applicationOf(conn: Conn, applicationId: number) {
  const [a] = await conn
    .select({
      application_id: applications.application_id,
      kind: applications.kind,
      branch_id: applications.branch_id,
      is_delete: applications.is_delete,
      status: applications.status,
      createdAt: applications.createdAt,
      application_code: applications.application_code,
      customer_name: sql<string>`${customers.prefix} || ${customers.fname} || ' ' || ${customers.sname}`,
    })
    .from(applications)
    .innerJoin(customers, eq(customers.customer_id, applications.customer_id))
    .where(eq(applications.application_id, applicationId));
  return a;
}

export async function lineOf(conn: Conn, lineId: number) {
  const [l] = await conn
    .select({
      line_id: applicationCourses.line_id,
      application_id: applicationCourses.application_id,
      course_id: applicationCourses.course_id,
      course_name: applicationCourses.course_name,
      course_type: applicationCourses.course_type,
      exam_date: applicationCourses.exam_date,
      theory_required: courses.theory_hours,
      practice_required: courses.practice_hours,
    })
    .from(applicationCourses)
    .innerJoin(courses, eq(courses.course_id, applicationCourses.course_id))
    .where(eq(applicationCourses.line_id, lineId));
  return l;
}

export async function criteriaOf(conn: Conn, courseType: string) {
  return conn
    .select({ evaluate_id: evaluates.evaluate_id, title: evaluates.title, category: evaluates.category })
    .from(evaluates)
    .where(and(eq(evaluates.type, courseType), eq(evaluates.is_delete, false), eq(evaluates.is_activate, true)))
    .orderBy(asc(evaluates.sort), asc(evaluates.evaluate_id));
}

export async function examCarsOf(conn: Conn, branchId: number) {
  const rows = await conn
    .select()
    .from(vehicles)
    .where(
      and(
        eq(vehicles.branch_id, branchId),
        eq(vehicles.is_exam, true),
        eq(vehicles.is_delete, false),
        eq(vehicles.status, 'active'),
      ),
    )
    .orderBy(asc(vehicles.type), asc(vehicles.no));
  return rows.map((v) => ({
    vehicle_id: v.vehicle_id,
    no: v.no,
    province: v.province,
    type: v.type,
    brand: v.brand,
    model: v.model,
    tax_until: v.noti_tax,
    compulsory_until: v.noti_compulsory,
  }));
}

export async function branchNames(conn: Conn, ids: number[]) {
  if (!ids.length) return new Map<number, string>();
  const rows = await conn
    .select({ id: branches.branch_id, name: branches.name })
    .from(branches)
    .where(inArray(branches.branch_id, ids));
  return new Map(rows.map((r) => [r.id, r.name]));
}

export const today = () => todayBangkok();
