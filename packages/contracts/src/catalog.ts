/**
 * The catalog lists' contract: what each list row looks like on the wire (courses, promotions, other fees,
 * expense items, payroll items, evaluation criteria), their filters and option lists. The server's CRUD
 * factory answers these rows (response schemas) and the web's catalog screens type their rows from them.
 */
import { Type, type Static } from 'typebox';
import { Id, Money, Nullable } from './common.js';

const Stamp = () => Type.String({ description: 'ISO date-time' });
/** Keys of every row of a list made by the CRUD factory. */
const common = { is_delete: Type.Boolean(), createdAt: Stamp(), updatedAt: Stamp() };
/** A school-wide item (branch_id null) is offered by branch_ids, or by every branch when that is null. */
const scoped = {
  branch_id: Nullable(Id()),
  branch_ids: Nullable(Type.Array(Type.Integer())),
  /** the branch's name, or ทุกสาขา / บางสาขา: … for a school-wide item */
  branch_name: Type.Optional(Type.String()),
  scope: Type.Optional(Type.Union([Type.Literal('branch'), Type.Literal('school')])),
};
export const BranchPrice = Type.Object({ branch_id: Id(), branch_name: Type.String(), price: Money() });
export type BranchPrice = Static<typeof BranchPrice>;

/** Option of a dropdown: Thai name, stored value. */
export const CatalogOption = Type.Object({
  name: Type.String(),
  value: Type.Union([Type.String(), Type.Integer(), Type.Boolean()]),
});
export type CatalogOption = Static<typeof CatalogOption>;
/** The filter block of a list: filter name → options ({name, value}, ทั้งหมด first). */
export const ListFilter = Type.Record(Type.String(), Type.Array(CatalogOption));

export const CourseRow = Type.Object({
  course_id: Id(),
  ...scoped,
  name: Type.String(),
  detail: Type.String(),
  price: Money(),
  type: Type.String(),
  theory_hours: Type.Integer(),
  practice_hours: Type.Integer(),
  is_activate: Type.Boolean(),
  ...common,
  branch_prices: Type.Optional(Type.Array(BranchPrice)),
});
export type CourseRow = Static<typeof CourseRow>;

export const PromotionRow = Type.Object({
  promotion_id: Id(),
  ...scoped,
  code: Type.String(),
  name: Type.String(),
  detail: Type.String(),
  type: Type.String(),
  type_discount: Type.String(),
  value: Money(),
  start: Type.String(),
  end: Type.String(),
  is_unlimit: Type.Boolean(),
  limit: Type.Integer(),
  usage: Type.Integer(),
  is_activate: Type.Boolean(),
  ...common,
});
export type PromotionRow = Static<typeof PromotionRow>;

export const OtherFeeRow = Type.Object({
  other_fee_id: Id(),
  ...scoped,
  name: Type.String(),
  detail: Type.String(),
  price: Money(),
  is_request_fee: Type.Boolean(),
  /** a request fee selling lesson hours beyond the package: the part and the hours (null: not lesson hours) */
  lesson_part: Type.Optional(Nullable(Type.String())),
  lesson_hours: Type.Optional(Nullable(Type.Integer())),
  is_activate: Type.Boolean(),
  ...common,
  branch_prices: Type.Optional(Type.Array(BranchPrice)),
});
export type OtherFeeRow = Static<typeof OtherFeeRow>;

export const ExpenseItemRow = Type.Object({
  list_expenses_id: Id(),
  branch_id: Id(),
  branch_name: Type.Optional(Type.String()),
  name: Type.String(),
  category_id: Id(),
  type: Type.String(),
  status: Type.String(),
  detail: Type.String(),
  ...common,
  /** the category's name (main / sub) and the status in Thai */
  category: Type.String(),
  status_name: Type.String(),
});
export type ExpenseItemRow = Static<typeof ExpenseItemRow>;

export const PayrollItemRow = Type.Object({
  list_payroll_id: Id(),
  branch_id: Id(),
  branch_name: Type.Optional(Type.String()),
  name: Type.String(),
  value: Money(),
  title_value: Type.String(),
  condition: Type.String(),
  category: Type.String(),
  status: Type.String(),
  type: Type.String(),
  ...common,
  type_name: Type.String(),
  condition_name: Type.String(),
  status_name: Type.String(),
  category_name: Type.String(),
});
export type PayrollItemRow = Static<typeof PayrollItemRow>;

export const EvaluateRow = Type.Object({
  evaluate_id: Id(),
  title: Type.String(),
  category: Type.String(),
  type: Type.String(),
  sort: Type.Integer(),
  is_activate: Type.Boolean(),
  ...common,
  category_name: Type.String(),
});
export type EvaluateRow = Static<typeof EvaluateRow>;

export const CourseTypeRow = Type.Object({ name: Type.String(), min_age: Type.Integer() });
export type CourseTypeRow = Static<typeof CourseTypeRow>;
export const CourseTypeBody = Type.Object(
  { name: Type.String({ minLength: 1, maxLength: 100 }) },
  { additionalProperties: false },
);
export const CourseTypeMinAgeBody = Type.Object(
  { name: Type.String({ minLength: 1, maxLength: 100 }), min_age: Type.Integer({ minimum: 0, maximum: 99 }) },
  { additionalProperties: false },
);

export const ExpenseCategoryOption = Type.Object({
  value: Type.Integer(),
  name: Type.String(),
  children: Type.Array(Type.Object({ value: Type.Integer(), name: Type.String() })),
});
export type ExpenseCategoryOption = Static<typeof ExpenseCategoryOption>;
export const ExpenseLists = Type.Object({
  category: Type.Array(ExpenseCategoryOption),
  status: Type.Array(CatalogOption),
});
export type ExpenseLists = Static<typeof ExpenseLists>;
export const PayrollLists = Type.Object({
  branch: Type.Array(Type.Tuple([Type.Integer(), Type.String()])),
  category_income: Type.Array(CatalogOption),
  category_deduction: Type.Array(CatalogOption),
  condition: Type.Array(CatalogOption),
  status: Type.Array(CatalogOption),
  title_value: Type.Array(CatalogOption),
  type: Type.Array(CatalogOption),
});
export type PayrollLists = Static<typeof PayrollLists>;
export const EvaluateLists = Type.Object({
  category: Type.Array(CatalogOption),
  status: Type.Array(CatalogOption),
  type: Type.Array(CatalogOption),
});
export type EvaluateLists = Static<typeof EvaluateLists>;
