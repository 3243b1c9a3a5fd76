/**
 * The catalog's simple lists, each stated once for the typed CRUD factory (http/crud.ts): its table (through
 * the repository), fields, row schema, filters and rules. routes.ts only registers them.
 */
import { asc, eq, sql } from 'drizzle-orm';
import { Type } from 'typebox';
import {
  CourseRow,
  EvaluateRow,
  ExpenseItemRow,
  Id,
  IsoDate,
  Money,
  Nullable,
  OtherFeeRow,
  PayrollItemRow,
  PromotionRow,
  Text,
} from '@khabkhi/contracts';
import { fromSatang, toSatang } from '@khabkhi/thai';
import type { Db } from '../../db/connection.js';
import type { SoftDeleteTable } from '../../db/repository.js';
import { audit } from '../../http/audit.js';
import type { CrudRow, CrudSpec } from '../../http/crud.js';
import { ALL, isAll } from '../../http/envelope.js';
import { badRequest, conflict } from '../../http/errors.js';
import { namedOptions, withAll } from '../../http/tables.js';
import { courseChanged, criterionChanged } from './hooks.js';
import { branchPrices, catalogScopeSql, offeredAtSql, saveBranchPrices, type PricedKind } from './offer.js';
import {
  EVALUATE_CATEGORIES,
  EXPENSE_STATUS,
  PAYROLL_CONDITIONS,
  PAYROLL_DEDUCTION_CATEGORIES,
  PAYROLL_INCOME_CATEGORIES,
  PAYROLL_STATUS,
  PAYROLL_TYPES,
} from './options.js';
import {
  branchNames,
  categoriesFor,
  categoryTree,
  checkCourseType,
  courseRepo,
  courseTypeList,
  evaluateRepo,
  expenseCategory,
  expenseItemRepo,
  otherFeeRepo,
  payrollItemRepo,
  promotionCodeTaken,
  promotionRepo,
} from './repo.js';

const Name = Type.String({ minLength: 1, maxLength: 150 });
const BranchPrices = Type.Array(Type.Object({ branch_id: Id(), price: Money() }, { additionalProperties: false }), {
  maxItems: 500,
});
const Hours = Type.Integer({ minimum: 0, maximum: 1000 });

/** The school-wide rules of the crud factory for courses, promotions and fees (see offer.ts). */
function schoolWide<T extends SoftDeleteTable & Parameters<typeof catalogScopeSql>[1]>(
  kind: PricedKind | null,
): NonNullable<CrudSpec<T>['schoolWide']> {
  return {
    scope: catalogScopeSql,
    atBranch: offeredAtSql,
    extraKeys: ['branch_prices'],
    afterWrite: kind
      ? async (conn, id, row, actor, reqId) => {
          const names = await branchNames(conn);
          const before = (await branchPrices(conn, kind, [id])).get(id) ?? new Map<number, string>();
          let prices: { branch_id: number; price: string }[];
          if (row.branch_id !== null) prices = [];
          else if (row.branch_prices === undefined) return;
          else {
            prices = (row.branch_prices as { branch_id: number; price: string }[]).map((p) => ({
              branch_id: p.branch_id,
              price: String(p.price),
            }));
            const seen = new Set<number>();
            for (const p of prices) {
              if (seen.has(p.branch_id)) throw badRequest('ราคาตามสาขา: ระบุสาขาเดียวกันซ้ำ');
              seen.add(p.branch_id);
              if (row.branch_ids && !row.branch_ids.includes(p.branch_id))
                throw badRequest('ราคาตามสาขา: สาขานี้ไม่ได้เปิดรายการนี้');
              if (!names.has(p.branch_id)) throw badRequest('ราคาตามสาขา: ไม่พบสาขานี้');
            }
          }
          await saveBranchPrices(conn, kind, id, prices);
          // the branch prices live beside the row: their change gets its own audit row, named by branch
          const show = (m: Iterable<[number, string]>) =>
            Object.fromEntries([...m].map(([b, p]) => [names.get(b) ?? String(b), fromSatang(toSatang(p))]));
          const was = show(before),
            now = show(prices.map((p) => [p.branch_id, p.price] as [number, string]));
          if (JSON.stringify(was) !== JSON.stringify(now)) {
            await audit(
              conn,
              actor,
              {
                entity: kind,
                entityId: id,
                action: 'update',
                branchId: row.branch_id ?? null,
                before: { branch_prices: was },
                after: { branch_prices: now },
              },
              reqId,
            );
          }
        }
      : undefined,
  };
}

/** The list's "สาขา" column for school-wide items (ทุกสาขา, or the chosen branches) and their branch prices. */
async function decorateScope(db: Db, kind: PricedKind | null, idKey: string, rows: CrudRow[]) {
  const names = await branchNames(db);
  const wide = rows.filter((r) => r.branch_id === null).map((r) => r[idKey] as number);
  const prices = kind ? await branchPrices(db, kind, wide) : new Map<number, Map<number, string>>();
  return rows.map((r) => {
    if (r.branch_id !== null)
      return {
        ...r,
        scope: 'branch',
        branch_name: r.branch_name ?? names.get(r.branch_id) ?? '',
        ...(kind ? { branch_prices: [] } : {}),
      };
    const ids = r.branch_ids as number[] | null;
    return {
      ...r,
      scope: 'school',
      branch_name: ids ? `บางสาขา: ${ids.map((i) => names.get(i) ?? i).join(', ')}` : 'ทุกสาขา',
      ...(kind
        ? {
            branch_prices: [...(prices.get(r[idKey]) ?? new Map()).entries()].map(([branch_id, price]) => ({
              branch_id,
              branch_name: names.get(branch_id) ?? '',
              price: fromSatang(toSatang(price)),
            })),
          }
        : {}),
    };
  });
}

export const courseList: CrudSpec<typeof courseRepo.table> = {
  prefix: 'course',
  subject: 'Course',
  label: 'หลักสูตร',
  entity: 'course',
  repo: courseRepo,
  idKey: 'course_id',
  branched: true,
  row: CourseRow,
  moneyKeys: ['price'],
  schoolWide: schoolWide('course'),
  decorate: (d, rows) => decorateScope(d, 'course', 'course_id', rows),
  fields: {
    name: Name,
    detail: Type.Optional(Text(1000)),
    price: Money(),
    type: Type.String({ minLength: 1, maxLength: 100 }),
    theory_hours: Type.Optional(Hours),
    practice_hours: Type.Optional(Hours),
    is_activate: Type.Optional(Type.Boolean()),
    branch_prices: Type.Optional(BranchPrices),
  },
  textColumns: (t) => [t.name, t.detail],
  filters: (q, t) => [isAll(q.type) ? undefined : eq(t.type, q.type!)],
  filterOptions: async (d) => ({ type: withAll(namedOptions(await courseTypeList(d))) }),
  validate: async (conn, row) => {
    await checkCourseType(conn, row.type);
  },
  // the evaluation list's stored "training complete" of the course's lines follows its hours
  afterChange: courseChanged,
  order: (t) => [asc(t.branch_id), asc(t.type), asc(t.name)],
};

export const promotionList: CrudSpec<typeof promotionRepo.table> = {
  prefix: 'promotion',
  subject: 'Promotion',
  label: 'โปรโมชั่น/ส่วนลด',
  entity: 'promotion',
  repo: promotionRepo,
  idKey: 'promotion_id',
  branched: true,
  row: PromotionRow,
  moneyKeys: ['value'],
  schoolWide: schoolWide(null),
  decorate: (d, rows) => decorateScope(d, null, 'promotion_id', rows),
  fields: {
    code: Type.String({ pattern: '^[A-Za-z0-9_-]{2,30}$' }),
    name: Name,
    detail: Type.Optional(Text(1000)),
    type: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    type_discount: Type.Optional(Type.Union([Type.Literal('percent'), Type.Literal('amount')])),
    value: Money(),
    start: IsoDate('any'),
    end: IsoDate('any'),
    is_unlimit: Type.Optional(Type.Boolean()),
    limit: Type.Optional(Type.Integer({ minimum: 0, maximum: 1000000 })),
    is_activate: Type.Optional(Type.Boolean()),
  },
  textColumns: (t) => [t.code, t.name],
  filters: (q, t) => [isAll(q.type) ? undefined : eq(t.type, q.type!)],
  filterOptions: async (d) => ({
    type: withAll(namedOptions(await courseTypeList(d))),
    type_discount: [
      { name: 'เปอร์เซ็นต์', value: 'percent' },
      { name: 'จำนวนเงิน', value: 'amount' },
    ],
  }),
  order: (t) => [sql`${t.end} desc`, asc(t.code)],
  validate: async (conn, row) => {
    row.code = String(row.code).toUpperCase();
    row.type ??= ALL;
    row.type_discount ??= 'percent';
    await checkCourseType(conn, row.type, true);
    const v = toSatang(row.value);
    if (row.type_discount === 'percent' && (v <= 0 || v > 10000))
      throw badRequest('มูลค่า: ส่วนลดแบบเปอร์เซ็นต์ต้องมากกว่า 0 และไม่เกิน 100');
    if (row.type_discount === 'amount' && v <= 0) throw badRequest('มูลค่า: ส่วนลดแบบจำนวนเงินต้องมากกว่า 0 บาท');
    if (!/^\d{4}-\d{2}-\d{2}$/.test(row.start) || Number.isNaN(Date.parse(row.start)))
      throw badRequest('วันเริ่มต้น: วันที่ไม่ถูกต้อง');
    if (row.end < row.start) throw badRequest('วันสิ้นสุด: ต้องไม่ก่อนวันเริ่มต้น');
    if (!row.is_unlimit && !(row.limit > 0)) throw badRequest('จำนวนสิทธิ์: ต้องมากกว่า 0 หรือเลือกไม่จำกัดจำนวน');
    // one code means one promotion wherever it is typed: a school-wide code is unique in the school
    const dup = await promotionCodeTaken(conn, row.code, row.branch_id, row.promotion_id);
    if (dup)
      throw conflict(
        dup.branch_id === null
          ? `รหัส: มีโปรโมชั่นรหัส ${row.code} ของทุกสาขาอยู่แล้ว`
          : `รหัส: มีโปรโมชั่นรหัส ${row.code} ในสาขานี้อยู่แล้ว`,
      );
  },
};

export const otherFeeList: CrudSpec<typeof otherFeeRepo.table> = {
  prefix: 'otherfee',
  subject: 'OtherFee',
  label: 'ค่าธรรมเนียม',
  entity: 'other_fee',
  repo: otherFeeRepo,
  idKey: 'other_fee_id',
  branched: true,
  row: OtherFeeRow,
  moneyKeys: ['price'],
  schoolWide: schoolWide('other_fee'),
  decorate: (d, rows) => decorateScope(d, 'other_fee', 'other_fee_id', rows),
  fields: {
    name: Name,
    detail: Type.Optional(Text(1000)),
    price: Money(),
    is_request_fee: Type.Optional(Type.Boolean()),
    lesson_part: Type.Optional(Nullable(Type.Union([Type.Literal('theory'), Type.Literal('practice')]))),
    lesson_hours: Type.Optional(Nullable(Type.Integer({ minimum: 1, maximum: 100 }))),
    is_activate: Type.Optional(Type.Boolean()),
    branch_prices: Type.Optional(BranchPrices),
  },
  textColumns: (t) => [t.name, t.detail],
  filters: (q, t) => [
    q.type === 'request' || q.type === 'ค่าคำร้อง'
      ? eq(t.is_request_fee, true)
      : q.type === 'other' || q.type === 'ค่าธรรมเนียมอื่น'
        ? eq(t.is_request_fee, false)
        : undefined,
  ],
  filterOptions: async () => ({
    type: withAll([
      { name: 'ค่าธรรมเนียมอื่น', value: 'other' },
      { name: 'ค่าคำร้อง', value: 'request' },
    ]),
  }),
  order: (t) => [asc(t.branch_id), asc(t.is_request_fee), asc(t.name)],
  // lesson hours are sold by a request fee (tied to the registration whose course line receives them)
  validate: async (_conn, row) => {
    row.lesson_part ??= null;
    row.lesson_hours ??= null;
    if ((row.lesson_part === null) !== (row.lesson_hours === null))
      throw badRequest('ชั่วโมงเรียนเพิ่ม: ระบุทั้งภาค (ทฤษฎี/ปฏิบัติ) และจำนวนชั่วโมง หรือไม่ระบุทั้งสองอย่าง');
    if (row.lesson_part !== null && !row.is_request_fee)
      throw badRequest('ชั่วโมงเรียนเพิ่ม: ขายได้เฉพาะค่าคำร้อง (ผูกกับใบสมัครหลักสูตรของผู้เรียน)');
  },
};

export const expenseItemList: CrudSpec<typeof expenseItemRepo.table> = {
  prefix: 'list-expenses',
  subject: 'ListExpense',
  label: 'รายการค่าใช้จ่าย',
  entity: 'list_expenses',
  repo: expenseItemRepo,
  idKey: 'list_expenses_id',
  branched: true,
  row: ExpenseItemRow,
  statusColumn: 'status',
  fields: {
    name: Name,
    category_id: Id(),
    type: Type.Optional(Text(100)),
    status: Type.Optional(Type.Union(EXPENSE_STATUS.map((s) => Type.Literal(s.value)))),
    detail: Type.Optional(Text(1000)),
  },
  textColumns: (t) => [t.name, t.detail],
  filters: (q, t) => [
    isAll(q.category)
      ? undefined
      : Number.isInteger(Number(q.category))
        ? sql`(${t.category_id} = ${Number(q.category)} or ${t.category_id} in (select category_id from expense_categories where parent_id = ${Number(q.category)}))`
        : sql`false`,
  ],
  filterOptions: async (d) => ({
    status: withAll(EXPENSE_STATUS),
    // one flat {name, value} list: a main category (its sub-categories included) then each sub-category
    category: withAll(
      (await categoryTree(d)).flatMap((p) => [
        { name: p.name, value: p.value },
        ...p.children.map((c) => ({ name: `${p.name} / ${c.name}`, value: c.value })),
      ]),
    ),
  }),
  validate: async (conn, row) => {
    if (!(await expenseCategory(conn, row.category_id))) throw badRequest('หมวดหมู่: ไม่พบหมวดหมู่นี้');
  },
  decorate: async (d, rows) => {
    const { cats, parents } = await categoriesFor(d, [...new Set(rows.map((r) => r.category_id as number))]);
    return rows.map((r) => {
      const c = cats.find((x) => x.category_id === r.category_id);
      const p = c?.parent_id ? parents.find((x) => x.category_id === c.parent_id) : undefined;
      return {
        ...r,
        category: c ? (p ? `${p.name} / ${c.name}` : c.name) : '',
        status_name: EXPENSE_STATUS.find((s) => s.value === r.status)?.name ?? r.status,
      };
    });
  },
  order: (t) => [asc(t.category_id), asc(t.name)],
};

export const payrollItemList: CrudSpec<typeof payrollItemRepo.table> = {
  prefix: 'list-payroll',
  subject: 'ListPayroll',
  label: 'รายการเงินเดือน',
  entity: 'list_payroll',
  repo: payrollItemRepo,
  idKey: 'list_payroll_id',
  branched: true,
  row: PayrollItemRow,
  statusColumn: 'status',
  moneyKeys: ['value'],
  fields: {
    name: Name,
    value: Type.Optional(Money()),
    title_value: Type.Optional(Text(50)),
    condition: Type.Optional(Type.Union(PAYROLL_CONDITIONS.map((c) => Type.Literal(c.value)))),
    category: Type.Optional(Text(100)),
    status: Type.Optional(Type.Union(PAYROLL_STATUS.map((s) => Type.Literal(s.value)))),
    type: Type.Optional(Type.Union(PAYROLL_TYPES.map((s) => Type.Literal(s.value)))),
  },
  textColumns: (t) => [t.name, t.category],
  filters: (q, t) => [
    isAll(q.type) ? undefined : eq(t.type, q.type!),
    isAll(q.category) ? undefined : eq(t.category, q.category!),
  ],
  filterOptions: async () => ({ status: withAll(PAYROLL_STATUS), type: withAll(PAYROLL_TYPES) }),
  validate: async (_c, row) => {
    row.type ??= 'income';
    const cats = row.type === 'income' ? PAYROLL_INCOME_CATEGORIES : PAYROLL_DEDUCTION_CATEGORIES;
    if (row.category && !cats.some((c) => c.value === row.category))
      throw badRequest(`หมวดหมู่: "${row.category}" ไม่ใช่หมวดของ${row.type === 'income' ? 'รายได้' : 'รายการหัก'}`);
    if (row.condition === 'multiply' && !(toSatang(row.value ?? '0') > 0))
      throw badRequest('มูลค่า: รายการแบบคูณจำนวนต้องมีอัตราต่อหน่วยมากกว่า 0');
  },
  decorate: async (_d, rows) =>
    rows.map((r) => ({
      ...r,
      type_name: PAYROLL_TYPES.find((x) => x.value === r.type)?.name ?? r.type,
      condition_name: PAYROLL_CONDITIONS.find((x) => x.value === r.condition)?.name ?? r.condition,
      status_name: PAYROLL_STATUS.find((x) => x.value === r.status)?.name ?? r.status,
      category_name:
        [...PAYROLL_INCOME_CATEGORIES, ...PAYROLL_DEDUCTION_CATEGORIES].find((x) => x.value === r.category)?.name ??
        r.category,
    })),
  order: (t) => [asc(t.type), asc(t.list_payroll_id)],
};

export const evaluateList: CrudSpec<typeof evaluateRepo.table> = {
  prefix: 'evaluate',
  subject: 'Evaluate',
  label: 'หัวข้อการประเมิน',
  entity: 'evaluate',
  repo: evaluateRepo,
  idKey: 'evaluate_id',
  branched: false,
  row: EvaluateRow,
  fields: {
    title: Type.String({ minLength: 1, maxLength: 300 }),
    category: Type.Union(EVALUATE_CATEGORIES.map((c) => Type.Literal(c.value))),
    type: Type.String({ minLength: 1, maxLength: 100 }),
    is_activate: Type.Optional(Type.Boolean()),
  },
  textColumns: (t) => [t.title],
  filters: (q, t) => [
    isAll(q.type) ? undefined : eq(t.type, q.type!),
    isAll(q.category) ? undefined : eq(t.category, q.category!),
  ],
  filterOptions: async (d) => ({
    type: withAll(namedOptions(await courseTypeList(d))),
    category: withAll(EVALUATE_CATEGORIES),
  }),
  validate: async (conn, row) => {
    await checkCourseType(conn, row.type);
  },
  // the evaluation list's stored count of passed criteria follows a criterion's active flag, type and deletion
  afterChange: criterionChanged,
  decorate: async (_d, rows) =>
    rows.map((r) => ({
      ...r,
      category_name: EVALUATE_CATEGORIES.find((c) => c.value === r.category)?.name ?? r.category,
    })),
  order: (t) => [asc(t.type), asc(t.category), asc(t.sort), asc(t.evaluate_id)],
};
