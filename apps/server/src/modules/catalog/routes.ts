import type { FastifyInstance } from 'fastify';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { Type } from 'typebox';
import { Envelope, Id, IsoDate, Money, Text } from '@khabkhi/contracts';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { fromSatang, toSatang } from '@khabkhi/thai';
import type { Conn, Db } from '../../db/connection.js';
import { courses, courseTypes, evaluates, expenseCategories, listExpenses, listPayroll, otherFees, promotions } from '../../db/schema/catalog.js';
import { branches } from '../../db/schema/core.js';
import { audit } from '../../http/audit.js';
import { actorOf, branchScopeWhere } from '../../http/auth.js';
import { ALL, isAll, ok } from '../../http/envelope.js';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors.js';
import { allOf, namedOptions, withAll } from '../../http/tables.js';
import { crudRoutes, type CrudSpec } from '../../http/crud.js';
import { branchPrices, catalogScopeSql, offeredAtSql, saveBranchPrices, type PricedKind } from './offer.js';
import {
  EVALUATE_CATEGORIES, EVALUATE_STATUS, EXPENSE_STATUS, PAYROLL_CONDITIONS, PAYROLL_DEDUCTION_CATEGORIES, PAYROLL_INCOME_CATEGORIES,
  PAYROLL_STATUS, PAYROLL_TITLE_VALUES, PAYROLL_TYPES,
} from './options.js';

const Name = Type.String({ minLength: 1, maxLength: 150 });
const BranchPrices = Type.Array(Type.Object({ branch_id: Id(), price: Money() }, { additionalProperties: false }), { maxItems: 500 });
const Hours = Type.Integer({ minimum: 0, maximum: 1000 });

export async function courseTypeList(db: Conn) {
  return (await db.select({ name: courseTypes.name }).from(courseTypes).where(eq(courseTypes.is_delete, false)).orderBy(asc(courseTypes.sort), asc(courseTypes.name))).map((r) => r.name);
}

/** Course type → the youngest age a student registers at without a warning (0 = none). */
export async function courseTypeMinAges(db: Conn): Promise<Record<string, number>> {
  const rows = await db.select({ name: courseTypes.name, min_age: courseTypes.min_age }).from(courseTypes).where(eq(courseTypes.is_delete, false));
  return Object.fromEntries(rows.map((r) => [r.name, r.min_age]));
}

async function checkCourseType(conn: Conn, type: string, allowAll = false) {
  if (allowAll && type === ALL) return;
  const types = await courseTypeList(conn);
  if (!types.includes(type)) throw badRequest(`ประเภท: ไม่มีประเภทหลักสูตร "${type}" กรุณาเลือกจากรายการ`);
}

async function categoryTree(db: Db) {
  const rows = await db.select().from(expenseCategories).where(eq(expenseCategories.is_delete, false)).orderBy(asc(expenseCategories.sort), asc(expenseCategories.category_id));
  return rows.filter((r) => r.parent_id === null).map((p) => ({
    value: p.category_id, name: p.name,
    children: rows.filter((c) => c.parent_id === p.category_id).map((c) => ({ value: c.category_id, name: c.name })),
  }));
}

/** The school-wide rules of the crud factory for courses, promotions and fees (see offer.ts). */
function schoolWide(kind: PricedKind | null): NonNullable<CrudSpec['schoolWide']> {
  return {
    scope: catalogScopeSql,
    atBranch: offeredAtSql,
    extraKeys: ['branch_prices'],
    afterWrite: kind ? async (conn, id, row, actor, reqId) => {
      const names = new Map((await conn.select({ id: branches.branch_id, name: branches.name }).from(branches)).map((b) => [b.id, b.name]));
      const before = (await branchPrices(conn, kind, [id])).get(id) ?? new Map<number, string>();
      let prices: { branch_id: number; price: string }[];
      if (row.branch_id !== null) prices = [];
      else if (row.branch_prices === undefined) return;
      else {
        prices = (row.branch_prices as { branch_id: number; price: string }[]).map((p) => ({ branch_id: p.branch_id, price: String(p.price) }));
        const seen = new Set<number>();
        for (const p of prices) {
          if (seen.has(p.branch_id)) throw badRequest('ราคาตามสาขา: ระบุสาขาเดียวกันซ้ำ');
          seen.add(p.branch_id);
          if (row.branch_ids && !row.branch_ids.includes(p.branch_id)) throw badRequest('ราคาตามสาขา: สาขานี้ไม่ได้เปิดรายการนี้');
          if (!names.has(p.branch_id)) throw badRequest('ราคาตามสาขา: ไม่พบสาขานี้');
        }
      }
      await saveBranchPrices(conn, kind, id, prices);
      // the branch prices live beside the row: their change gets its own audit row, named by branch
      const show = (m: Iterable<[number, string]>) => Object.fromEntries([...m].map(([b, p]) => [names.get(b) ?? String(b), fromSatang(toSatang(p))]));
      const was = show(before), now = show(prices.map((p) => [p.branch_id, p.price] as [number, string]));
      if (JSON.stringify(was) !== JSON.stringify(now)) {
        await audit(conn, actor, { entity: kind, entityId: id, action: 'update', branchId: row.branch_id ?? null, before: { branch_prices: was }, after: { branch_prices: now } }, reqId);
      }
    } : undefined,
  };
}

/** The list's "สาขา" column for school-wide items (ทุกสาขา, or the chosen branches) and their branch prices. */
async function decorateScope(db: Db, kind: PricedKind | null, idKey: string, rows: Record<string, any>[]) {
  const names = new Map((await db.select({ id: branches.branch_id, name: branches.name }).from(branches)).map((b) => [b.id, b.name]));
  const wide = rows.filter((r) => r.branch_id === null).map((r) => r[idKey] as number);
  const prices = kind ? await branchPrices(db, kind, wide) : new Map<number, Map<number, string>>();
  return rows.map((r) => {
    if (r.branch_id !== null) return { ...r, scope: 'branch', branch_name: r.branch_name ?? names.get(r.branch_id) ?? '', ...(kind ? { branch_prices: [] } : {}) };
    const ids = r.branch_ids as number[] | null;
    return {
      ...r, scope: 'school',
      branch_name: ids ? `บางสาขา: ${ids.map((i) => names.get(i) ?? i).join(', ')}` : 'ทุกสาขา',
      ...(kind ? { branch_prices: [...(prices.get(r[idKey]) ?? new Map()).entries()].map(([branch_id, price]) => ({ branch_id, branch_name: names.get(branch_id) ?? '', price: fromSatang(toSatang(price)) })) } : {}),
    };
  });
}

export default async function catalogRoutes(app: FastifyInstance) {
  const db = () => app.deps.database.db;

  // ---- courses ------------------------------------------------------------
  crudRoutes(app, {
    prefix: 'course', subject: 'Course', label: 'หลักสูตร', entity: 'course', table: courses as never, idKey: 'course_id', branched: true,
    moneyKeys: ['price'], schoolWide: schoolWide('course'), decorate: (d, rows) => decorateScope(d, 'course', 'course_id', rows),
    fields: { name: Name, detail: Type.Optional(Text(1000)), price: Money(), type: Type.String({ minLength: 1, maxLength: 100 }), theory_hours: Type.Optional(Hours), practice_hours: Type.Optional(Hours), is_activate: Type.Optional(Type.Boolean()), branch_prices: Type.Optional(BranchPrices) },
    textColumns: (t) => [t.name, t.detail],
    filters: (q, t) => [isAll(q.type) ? undefined : eq(t.type, q.type!)],
    filterOptions: async (d) => ({ type: withAll(namedOptions(await courseTypeList(d))) }),
    validate: async (conn, row) => { await checkCourseType(conn, row.type); },
    order: (t) => [asc(t.branch_id), asc(t.type), asc(t.name)],
  });

  app.get('/course/type', { config: { auth: ['read', 'Course'] }, schema: { tags: ['course'], summary: 'Course types (licence classes)' } },
    async () => ok(await courseTypeList(db())));

  const TypeBody = Type.Object({ name: Type.String({ minLength: 1, maxLength: 100 }) }, { additionalProperties: false });
  const TypeRow = Type.Object({ name: Type.String(), min_age: Type.Integer() });
  const typeRows = async () => (await db().select({ name: courseTypes.name, min_age: courseTypes.min_age }).from(courseTypes)
    .where(eq(courseTypes.is_delete, false)).orderBy(asc(courseTypes.sort), asc(courseTypes.name)));
  const typed = app.withTypeProvider<TypeBoxTypeProvider>();
  typed.get('/course/type/list', {
    config: { auth: ['read', 'Course'] },
    schema: { tags: ['course'], summary: 'Course types with the minimum age the registration form warns under', response: { 200: Envelope(Type.Array(TypeRow)) } },
  }, async () => ok(await typeRows()));
  const MinAgeBody = Type.Object({ name: Type.String({ minLength: 1, maxLength: 100 }), min_age: Type.Integer({ minimum: 0, maximum: 99 }) }, { additionalProperties: false });
  typed.put('/course/type/update', {
    config: { auth: ['update', 'Course'] },
    schema: { tags: ['course'], summary: 'Set a course type’s minimum age', body: MinAgeBody, response: { 200: Envelope(Type.Array(TypeRow)) } },
  }, async (req) => {
    const { name, min_age } = req.body;
    if (actorOf(req).branchScope !== null) throw forbidden('อายุขั้นต่ำของประเภทหลักสูตรใช้ทั้งโรงเรียน แก้ไขได้เฉพาะสำนักงานใหญ่');
    await db().transaction(async (tx) => {
      const [before] = await tx.select().from(courseTypes).where(and(eq(courseTypes.name, name), eq(courseTypes.is_delete, false))).for('update');
      if (!before) throw notFound('ไม่พบประเภทหลักสูตรนี้');
      const [after] = await tx.update(courseTypes).set({ min_age, updatedAt: new Date() }).where(eq(courseTypes.course_type_id, before.course_type_id)).returning();
      await audit(tx, actorOf(req), { entity: 'course_type', entityId: before.course_type_id, action: 'update', before, after }, req.id);
    });
    return ok(await typeRows(), `บันทึกอายุขั้นต่ำของ${name}เป็น ${min_age} ปีเรียบร้อยแล้ว`);
  });
  app.post('/course/type/create', { config: { auth: ['update', 'Course'] }, schema: { tags: ['course'], summary: 'Add a course type', body: TypeBody } }, async (req) => {
    const name = (req.body as { name: string }).name.trim();
    if (!name) throw badRequest('ชื่อ: ต้องระบุ');
    await db().transaction(async (tx) => {
      const [row] = await tx.insert(courseTypes).values({ name }).onConflictDoNothing().returning();
      if (!row) throw conflict(`มีประเภทหลักสูตร "${name}" อยู่แล้ว`);
      await audit(tx, actorOf(req), { entity: 'course_type', entityId: row.course_type_id, action: 'create', after: row }, req.id);
    });
    return ok(await courseTypeList(db()), `เพิ่มประเภทหลักสูตร "${name}" เรียบร้อยแล้ว`);
  });
  app.delete('/course/type/delete', { config: { auth: ['update', 'Course'] }, schema: { tags: ['course'], summary: 'Remove a course type not used by live courses', body: TypeBody } }, async (req) => {
    const name = (req.body as { name: string }).name;
    await db().transaction(async (tx) => {
      const [used] = await tx.select({ n: sql<number>`count(*)::int` }).from(courses).where(and(eq(courses.type, name), eq(courses.is_delete, false)));
      if (used!.n > 0) throw badRequest(`ยังมีหลักสูตร ${used!.n} รายการที่ใช้ประเภท "${name}" อยู่ กรุณาเปลี่ยนประเภทของหลักสูตรเหล่านั้นก่อน`);
      const [row] = await tx.update(courseTypes).set({ is_delete: true, updatedAt: new Date() }).where(and(eq(courseTypes.name, name), eq(courseTypes.is_delete, false))).returning();
      if (!row) throw notFound('ไม่พบประเภทหลักสูตรนี้');
      await audit(tx, actorOf(req), { entity: 'course_type', entityId: row.course_type_id, action: 'delete', before: row }, req.id);
    });
    return ok(await courseTypeList(db()), `ลบประเภทหลักสูตร "${name}" เรียบร้อยแล้ว`);
  });

  // ---- promotions ---------------------------------------------------------
  crudRoutes(app, {
    prefix: 'promotion', subject: 'Promotion', label: 'โปรโมชั่น/ส่วนลด', entity: 'promotion', table: promotions as never, idKey: 'promotion_id', branched: true,
    moneyKeys: ['value'], schoolWide: schoolWide(null), decorate: (d, rows) => decorateScope(d, null, 'promotion_id', rows),
    fields: {
      code: Type.String({ pattern: '^[A-Za-z0-9_-]{2,30}$' }), name: Name, detail: Type.Optional(Text(1000)),
      type: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
      type_discount: Type.Optional(Type.Union([Type.Literal('percent'), Type.Literal('amount')])),
      value: Money(), start: IsoDate(), end: IsoDate(), is_unlimit: Type.Optional(Type.Boolean()),
      limit: Type.Optional(Type.Integer({ minimum: 0, maximum: 1000000 })), is_activate: Type.Optional(Type.Boolean()),
    },
    textColumns: (t) => [t.code, t.name],
    filters: (q, t) => [isAll(q.type) ? undefined : eq(t.type, q.type!)],
    filterOptions: async (d) => ({ type: withAll(namedOptions(await courseTypeList(d))), type_discount: [{ name: 'เปอร์เซ็นต์', value: 'percent' }, { name: 'จำนวนเงิน', value: 'amount' }] }),
    order: (t) => [sql`${t.end} desc`, asc(t.code)],
    validate: async (conn, row) => {
      row.code = String(row.code).toUpperCase();
      row.type ??= ALL;
      row.type_discount ??= 'percent';
      await checkCourseType(conn, row.type, true);
      const v = toSatang(row.value);
      if (row.type_discount === 'percent' && (v <= 0 || v > 10000)) throw badRequest('มูลค่า: ส่วนลดแบบเปอร์เซ็นต์ต้องมากกว่า 0 และไม่เกิน 100');
      if (row.type_discount === 'amount' && v <= 0) throw badRequest('มูลค่า: ส่วนลดแบบจำนวนเงินต้องมากกว่า 0 บาท');
      if (!/^\d{4}-\d{2}-\d{2}$/.test(row.start) || Number.isNaN(Date.parse(row.start))) throw badRequest('วันเริ่มต้น: วันที่ไม่ถูกต้อง');
      if (row.end < row.start) throw badRequest('วันสิ้นสุด: ต้องไม่ก่อนวันเริ่มต้น');
      if (!row.is_unlimit && !(row.limit > 0)) throw badRequest('จำนวนสิทธิ์: ต้องมากกว่า 0 หรือเลือกไม่จำกัดจำนวน');
      // one code means one promotion wherever it is typed: a school-wide code is unique in the school
      const [dup] = await conn.select({ id: promotions.promotion_id, branch_id: promotions.branch_id }).from(promotions).where(and(
        row.branch_id === null ? undefined : sql`(${promotions.branch_id} is null or ${promotions.branch_id} = ${row.branch_id})`,
        eq(promotions.is_delete, false), sql`upper(${promotions.code}) = ${row.code}`,
        row.promotion_id ? sql`${promotions.promotion_id} <> ${row.promotion_id}` : undefined));
      if (dup) throw conflict(dup.branch_id === null ? `รหัส: มีโปรโมชั่นรหัส ${row.code} ของทุกสาขาอยู่แล้ว` : `รหัส: มีโปรโมชั่นรหัส ${row.code} ในสาขานี้อยู่แล้ว`);
    },
  });
  app.get('/promotion/type', { config: { auth: ['read', 'Promotion'] }, schema: { tags: ['promotion'], summary: 'Course types a promotion may target (ทั้งหมด = all)' } },
    async () => ok([ALL, ...(await courseTypeList(db()))]));

  // ---- other fees ---------------------------------------------------------
  crudRoutes(app, {
    prefix: 'otherfee', subject: 'OtherFee', label: 'ค่าธรรมเนียม', entity: 'other_fee', table: otherFees as never, idKey: 'other_fee_id', branched: true,
    moneyKeys: ['price'], schoolWide: schoolWide('other_fee'), decorate: (d, rows) => decorateScope(d, 'other_fee', 'other_fee_id', rows),
    fields: { name: Name, detail: Type.Optional(Text(1000)), price: Money(), is_request_fee: Type.Optional(Type.Boolean()), is_activate: Type.Optional(Type.Boolean()), branch_prices: Type.Optional(BranchPrices) },
    textColumns: (t) => [t.name, t.detail],
    filters: (q, t) => [q.type === 'request' || q.type === 'ค่าคำร้อง' ? eq(t.is_request_fee, true) : q.type === 'other' || q.type === 'ค่าธรรมเนียมอื่น' ? eq(t.is_request_fee, false) : undefined],
    filterOptions: async () => ({ type: withAll([{ name: 'ค่าธรรมเนียมอื่น', value: 'other' }, { name: 'ค่าคำร้อง', value: 'request' }]) }),
    order: (t) => [asc(t.branch_id), asc(t.is_request_fee), asc(t.name)],
  });

  // ---- expense items ------------------------------------------------------
  crudRoutes(app, {
    prefix: 'list-expenses', subject: 'ListExpense', label: 'รายการค่าใช้จ่าย', entity: 'list_expenses', table: listExpenses as never, idKey: 'list_expenses_id', branched: true,
    statusColumn: 'status',
    fields: { name: Name, category_id: Id(), type: Type.Optional(Text(100)), status: Type.Optional(Type.Union(EXPENSE_STATUS.map((s) => Type.Literal(s.value)))), detail: Type.Optional(Text(1000)) },
    textColumns: (t) => [t.name, t.detail],
    filters: (q, t) => [isAll(q.category) ? undefined : Number.isInteger(Number(q.category))
      ? sql`(${t.category_id} = ${Number(q.category)} or ${t.category_id} in (select category_id from expense_categories where parent_id = ${Number(q.category)}))`
      : sql`false`],
    filterOptions: async (d) => ({
      status: withAll(EXPENSE_STATUS),
      // one flat {name, value} list: a main category (its sub-categories included) then each sub-category
      category: withAll((await categoryTree(d)).flatMap((p) => [{ name: p.name, value: p.value }, ...p.children.map((c) => ({ name: `${p.name} / ${c.name}`, value: c.value }))])),
    }),
    validate: async (conn, row) => {
      const [c] = await conn.select().from(expenseCategories).where(and(eq(expenseCategories.category_id, row.category_id), eq(expenseCategories.is_delete, false)));
      if (!c) throw badRequest('หมวดหมู่: ไม่พบหมวดหมู่นี้');
    },
    decorate: async (d, rows) => {
      const ids = [...new Set(rows.map((r) => r.category_id))];
      const cats = ids.length ? await d.select().from(expenseCategories).where(inArray(expenseCategories.category_id, ids)) : [];
      const parents = await d.select().from(expenseCategories).where(sql`${expenseCategories.parent_id} is null`);
      return rows.map((r) => {
        const c = cats.find((x) => x.category_id === r.category_id);
        const p = c?.parent_id ? parents.find((x) => x.category_id === c.parent_id) : undefined;
        return { ...r, category: c ? (p ? `${p.name} / ${c.name}` : c.name) : '', status_name: EXPENSE_STATUS.find((s) => s.value === r.status)?.name ?? r.status };
      });
    },
    order: (t) => [asc(t.category_id), asc(t.name)],
  });
  app.get('/list-expenses/list', { config: { auth: ['read', 'ListExpense'] }, schema: { tags: ['list-expenses'], summary: 'Expense categories (nested) and statuses' } },
    async () => ok({ category: await categoryTree(db()), status: EXPENSE_STATUS }));

  // ---- payroll items ------------------------------------------------------
  crudRoutes(app, {
    prefix: 'list-payroll', subject: 'ListPayroll', label: 'รายการเงินเดือน', entity: 'list_payroll', table: listPayroll as never, idKey: 'list_payroll_id', branched: true,
    statusColumn: 'status', moneyKeys: ['value'],
    fields: {
      name: Name, value: Type.Optional(Money()), title_value: Type.Optional(Text(50)),
      condition: Type.Optional(Type.Union(PAYROLL_CONDITIONS.map((c) => Type.Literal(c.value)))), category: Type.Optional(Text(100)),
      status: Type.Optional(Type.Union(PAYROLL_STATUS.map((s) => Type.Literal(s.value)))), type: Type.Optional(Type.Union(PAYROLL_TYPES.map((s) => Type.Literal(s.value)))),
    },
    textColumns: (t) => [t.name, t.category],
    filters: (q, t) => [isAll(q.type) ? undefined : eq(t.type, q.type!), isAll(q.category) ? undefined : eq(t.category, q.category!)],
    filterOptions: async () => ({ status: withAll(PAYROLL_STATUS), type: withAll(PAYROLL_TYPES) }),
    validate: async (_c, row) => {
      row.type ??= 'income';
      const cats = row.type === 'income' ? PAYROLL_INCOME_CATEGORIES : PAYROLL_DEDUCTION_CATEGORIES;
      if (row.category && !cats.some((c) => c.value === row.category)) throw badRequest(`หมวดหมู่: "${row.category}" ไม่ใช่หมวดของ${row.type === 'income' ? 'รายได้' : 'รายการหัก'}`);
      if (row.condition === 'multiply' && !(toSatang(row.value ?? '0') > 0)) throw badRequest('มูลค่า: รายการแบบคูณจำนวนต้องมีอัตราต่อหน่วยมากกว่า 0');
    },
    decorate: async (_d, rows) => rows.map((r) => ({
      ...r, type_name: PAYROLL_TYPES.find((x) => x.value === r.type)?.name ?? r.type,
      condition_name: PAYROLL_CONDITIONS.find((x) => x.value === r.condition)?.name ?? r.condition,
      status_name: PAYROLL_STATUS.find((x) => x.value === r.status)?.name ?? r.status,
      category_name: [...PAYROLL_INCOME_CATEGORIES, ...PAYROLL_DEDUCTION_CATEGORIES].find((x) => x.value === r.category)?.name ?? r.category,
    })),
    order: (t) => [asc(t.type), asc(t.list_payroll_id)],
  });
  app.get('/list-payroll/list', { config: { auth: ['read', 'ListPayroll'] }, schema: { tags: ['list-payroll'], summary: 'Payroll item options' } }, async (req) => {
    const actor = actorOf(req);
    const b = await db().select({ value: branches.branch_id, name: branches.name }).from(branches)
      .where(allOf(eq(branches.is_delete, false), branchScopeWhere(actor, branches.branch_id))).orderBy(asc(branches.branch_id));
    return ok({
      branch: b.map((x) => [x.value, x.name]), category_income: PAYROLL_INCOME_CATEGORIES, category_deduction: PAYROLL_DEDUCTION_CATEGORIES,
      condition: PAYROLL_CONDITIONS, status: PAYROLL_STATUS, title_value: PAYROLL_TITLE_VALUES, type: PAYROLL_TYPES,
    });
  });

  // ---- evaluation criteria (school-wide) ----------------------------------
  crudRoutes(app, {
    prefix: 'evaluate', subject: 'Evaluate', label: 'หัวข้อการประเมิน', entity: 'evaluate', table: evaluates as never, idKey: 'evaluate_id', branched: false,
    fields: { title: Type.String({ minLength: 1, maxLength: 300 }), category: Type.Union(EVALUATE_CATEGORIES.map((c) => Type.Literal(c.value))), type: Type.String({ minLength: 1, maxLength: 100 }), is_activate: Type.Optional(Type.Boolean()) },
    textColumns: (t) => [t.title],
    filters: (q, t) => [isAll(q.type) ? undefined : eq(t.type, q.type!), isAll(q.category) ? undefined : eq(t.category, q.category!)],
    filterOptions: async (d) => ({ type: withAll(namedOptions(await courseTypeList(d))), category: withAll(EVALUATE_CATEGORIES) }),
    validate: async (conn, row) => { await checkCourseType(conn, row.type); },
    decorate: async (_d, rows) => rows.map((r) => ({ ...r, category_name: EVALUATE_CATEGORIES.find((c) => c.value === r.category)?.name ?? r.category })),
    order: (t) => [asc(t.type), asc(t.category), asc(t.sort), asc(t.evaluate_id)],
  });
  app.get('/evaluate/list', { config: { auth: ['read', 'Evaluate'] }, schema: { tags: ['evaluate'], summary: 'Evaluation dropdowns (name/value pairs)' } },
    async () => ok({ category: EVALUATE_CATEGORIES, status: EVALUATE_STATUS, type: (await courseTypeList(db())).map((n) => ({ name: n, value: n })) }));
}
