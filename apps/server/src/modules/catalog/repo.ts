/** The catalog's queries beside the CRUD factory's: course types, expense categories, branch names. */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Conn, Db } from '../../db/connection.js';
import { repository } from '../../db/repository.js';
import {
  courses,
  courseTypes,
  evaluates,
  expenseCategories,
  listExpenses,
  listPayroll,
  otherFees,
  promotions,
} from '../../db/schema/catalog.js';
import { branches } from '../../db/schema/core.js';
import { audit } from '../../http/audit.js';
import { type Actor } from '../../http/auth.js';
import { ALL } from '../../http/envelope.js';
import { badRequest, conflict, notFound } from '../../http/errors.js';
import { liveBranchesInScope } from '../../http/branch.js';

export const courseRepo = repository(courses, courses.course_id);
export const promotionRepo = repository(promotions, promotions.promotion_id);
export const otherFeeRepo = repository(otherFees, otherFees.other_fee_id);
export const expenseItemRepo = repository(listExpenses, listExpenses.list_expenses_id);
export const payrollItemRepo = repository(listPayroll, listPayroll.list_payroll_id);
export const evaluateRepo = repository(evaluates, evaluates.evaluate_id);

export async function courseTypeList(db: Conn) {
  return (
    await db
      .select({ name: courseTypes.name })
      .from(courseTypes)
      .where(eq(courseTypes.is_delete, false))
      .orderBy(asc(courseTypes.sort), asc(courseTypes.name))
  ).map((r) => r.name);
}

/** Course type → the youngest age a student registers at without a warning (0 = none). */
export async function courseTypeMinAges(db: Conn): Promise<Record<string, number>> {
  const rows = await db
    .select({ name: courseTypes.name, min_age: courseTypes.min_age })
    .from(courseTypes)
    .where(eq(courseTypes.is_delete, false));
  return Object.fromEntries(rows.map((r) => [r.name, r.min_age]));
}

export async function checkCourseType(conn: Conn, type: string, allowAll = false) {
  if (allowAll && type === ALL) return;
  const types = await courseTypeList(conn);
  if (!types.includes(type)) throw badRequest(`ประเภท: ไม่มีประเภทหลักสูตร "${type}" กรุณาเลือกจากรายการ`);
}

/** Course types with their minimum ages, in the order of the screen. */
export async function courseTypeRows(db: Conn) {
  return db
    .select({ name: courseTypes.name, min_age: courseTypes.min_age })
    .from(courseTypes)
    .where(eq(courseTypes.is_delete, false))
    .orderBy(asc(courseTypes.sort), asc(courseTypes.name));
}

export async function setCourseTypeMinAge(db: Db, actor: Actor, name: string, minAge: number, reqId: string) {
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(courseTypes)
      .where(and(eq(courseTypes.name, name), eq(courseTypes.is_delete, false)))
      .for('update');
    if (!before) throw notFound('ไม่พบประเภทหลักสูตรนี้');
    const [after] = await tx
      .update(courseTypes)
      .set({ min_age: minAge, updatedAt: new Date() })
      .where(eq(courseTypes.course_type_id, before.course_type_id))
      .returning();
    await audit(
      tx,
      actor,
      { entity: 'course_type', entityId: before.course_type_id, action: 'update', before, after },
      reqId,
    );
  });
}

export async function addCourseType(db: Db, actor: Actor, name: string, reqId: string) {
  await db.transaction(async (tx) => {
    const [row] = await tx.insert(courseTypes).values({ name }).onConflictDoNothing().returning();
    if (!row) throw conflict(`มีประเภทหลักสูตร "${name}" อยู่แล้ว`);
    await audit(
      tx,
      actor,
      { entity: 'course_type', entityId: row.course_type_id, action: 'create', after: row },
      reqId,
    );
  });
}

/** A course type no live course uses: soft deleted, audited. */
export async function removeCourseType(db: Db, actor: Actor, name: string, reqId: string) {
  await db.transaction(async (tx) => {
    const [used] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(courses)
      .where(and(eq(courses.type, name), eq(courses.is_delete, false)));
    if (used!.n > 0)
      throw badRequest(`ยังมีหลักสูตร ${used!.n} รายการที่ใช้ประเภท "${name}" อยู่ กรุณาเปลี่ยนประเภทของหลักสูตรเหล่านั้นก่อน`);
    const [row] = await tx
      .update(courseTypes)
      .set({ is_delete: true, updatedAt: new Date() })
      .where(and(eq(courseTypes.name, name), eq(courseTypes.is_delete, false)))
      .returning();
    if (!row) throw notFound('ไม่พบประเภทหลักสูตรนี้');
    await audit(
      tx,
      actor,
      { entity: 'course_type', entityId: row.course_type_id, action: 'delete', before: row },
      reqId,
    );
  });
}

/** Expense categories, main ones with their sub-categories. */
export async function categoryTree(db: Conn) {
  const rows = await db
    .select()
    .from(expenseCategories)
    .where(eq(expenseCategories.is_delete, false))
    .orderBy(asc(expenseCategories.sort), asc(expenseCategories.category_id));
  return rows
    .filter((r) => r.parent_id === null)
    .map((p) => ({
      value: p.category_id,
      name: p.name,
      children: rows.filter((c) => c.parent_id === p.category_id).map((c) => ({ value: c.category_id, name: c.name })),
    }));
}

export async function expenseCategory(conn: Conn, id: number) {
  const [c] = await conn
    .select()
    .from(expenseCategories)
    .where(and(eq(expenseCategories.category_id, id), eq(expenseCategories.is_delete, false)));
  return c;
}

/** The categories of these ids and every main category (to name "main / sub"). */
export async function categoriesFor(db: Conn, ids: number[]) {
  const cats = ids.length
    ? await db.select().from(expenseCategories).where(inArray(expenseCategories.category_id, ids))
    : [];
  const parents = await db
    .select()
    .from(expenseCategories)
    .where(sql`${expenseCategories.parent_id} is null`);
  return { cats, parents };
}

/** Branch id → name, every branch (deleted ones too: old rows still name them). */
export async function branchNames(conn: Conn): Promise<Map<number, string>> {
  return new Map(
    (await conn.select({ id: branches.branch_id, name: branches.name }).from(branches)).map((b) => [b.id, b.name]),
  );
}

/** The branches this user works in, as [id, name] pairs. */
export async function branchPairs(db: Conn, actor: Actor): Promise<[number, string][]> {
  const rows = await liveBranchesInScope(db, actor);
  return rows.map((x) => [x.branch_id, x.name]);
}

/** Another live promotion using this code where it could be typed (the same branch, or school-wide), or none. */
export async function promotionCodeTaken(conn: Conn, code: string, branchId: number | null, exceptId?: number) {
  const [dup] = await conn
    .select({ id: promotions.promotion_id, branch_id: promotions.branch_id })
    .from(promotions)
    .where(
      and(
        branchId === null ? undefined : sql`(${promotions.branch_id} is null or ${promotions.branch_id} = ${branchId})`,
        eq(promotions.is_delete, false),
        sql`upper(${promotions.code}) = ${code}`,
        exceptId ? sql`${promotions.promotion_id} <> ${exceptId}` : undefined,
      ),
    );
  return dup;
}
