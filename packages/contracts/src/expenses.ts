/**
 * Expense records (SPEC §3 Income/expense record, §7 Accounting: expenses/*), optionally of a vehicle or an employee,
 * with their attached bills (photos or PDFs). Shared by server and web.
 */
import { Type, type Static } from 'typebox';
import { Id, IsoDate, Money, Nullable, Text } from './common.js';

export const RENEW_KINDS = ['check', 'compulsory', 'insurance', 'tax'] as const;
export const EXPENSE_PAY_TYPES = [
  { name: 'เงินสด', value: 'cash' },
  { name: 'โอนเงิน', value: 'transfer' },
] as const;

const Mile = Type.Integer({ minimum: 0, maximum: 9999999 });
const Liters = Type.String({ pattern: '^\\d{1,4}(\\.\\d{1,2})?$', maxLength: 7 });

const expenseFields = {
  branch_id: Type.Optional(Id()),
  list_expenses_id: Id(),
  date: IsoDate(),
  vehicle_id: Type.Optional(Nullable(Id())),
  user_id: Type.Optional(Nullable(Id())),
  detail: Type.Optional(Text(1000)),
  pay_type: Type.Union([Type.Literal('cash'), Type.Literal('transfer')]),
  mile: Type.Optional(Nullable(Mile)),
  liters: Type.Optional(Nullable(Liters)),
  is_full_tank: Type.Optional(Type.Boolean()),
  renew_kind: Type.Optional(Nullable(Type.Union(RENEW_KINDS.map((k) => Type.Literal(k))))),
  renew_until: Type.Optional(Nullable(IsoDate('due'))),
  value: Money(),
  /** uploaded bills (expenses/upload), in order; replaces the list on update */
  files: Type.Optional(Type.Array(Type.String({ format: 'uuid' }), { maxItems: 10, uniqueItems: true })),
};

/**
 * A manager's reason to record a tax renewal the fleet's renewal rules refuse (too early, the พ.ร.บ. lapsed, the ตรอ.
 * missing): kept in the audit log. Refused from anyone who does not approve requests; ignored when no rule is broken.
 */
const RuleOverrideReason = Type.Optional(Text(500));

export const ExpenseCreateBody = Type.Object(
  { ...expenseFields, rule_override_reason: RuleOverrideReason },
  { additionalProperties: false },
);
export type ExpenseCreateBody = Static<typeof ExpenseCreateBody>;
export const ExpenseUpdateBody = Type.Object(
  {
    expenses_id: Id(),
    ...(Object.fromEntries(Object.entries(expenseFields).map(([k, v]) => [k, Type.Optional(v)])) as {
      [K in keyof typeof expenseFields]: ReturnType<typeof Type.Optional<(typeof expenseFields)[K]>>;
    }),
    rule_override_reason: RuleOverrideReason,
  },
  { additionalProperties: false },
);
export type ExpenseUpdateBody = Static<typeof ExpenseUpdateBody>;
export const ExpenseDeleteBody = Type.Object({ expenses_id: Id() }, { additionalProperties: false });

export const ExpenseFile = Type.Object({
  file_id: Type.String(),
  file_type: Type.String(),
  mime: Type.String(),
  size: Type.Integer(),
});
export type ExpenseFile = Static<typeof ExpenseFile>;

export const Expense = Type.Object({
  expenses_id: Type.Integer(),
  branch_id: Type.Integer(),
  branch: Type.String(),
  list_expenses_id: Type.Integer(),
  /** the expense item's name */
  list_expenses: Type.String(),
  name: Type.String(),
  category_id: Type.Integer(),
  category: Type.String(),
  date: Type.String(),
  vehicle_id: Nullable(Type.Integer()),
  /** the plate and province */
  vehicle: Nullable(Type.String()),
  user_id: Nullable(Type.Integer()),
  /** the employee the expense is for */
  employee: Nullable(Type.String()),
  detail: Type.String(),
  pay_type: Type.String(),
  pay_type_name: Type.String(),
  mile: Nullable(Type.Integer()),
  liters: Nullable(Type.String()),
  is_full_tank: Type.Boolean(),
  renew_kind: Nullable(Type.String()),
  renew_until: Nullable(Type.String()),
  value: Type.String(),
  files: Type.Array(ExpenseFile),
  /** the first attachment (SPEC file, file_type) */
  file: Nullable(Type.String()),
  file_type: Nullable(Type.String()),
  created_by: Type.Integer(),
  /** who recorded it */
  user: Type.String(),
  type: Type.Literal('expenses'),
  createdAt: Type.String(),
  updatedAt: Type.String(),
  /** a full tank after an earlier one: km per litre since it */
  km_per_liter: Nullable(Type.String()),
});
export type Expense = Static<typeof Expense>;

/** An expense item to choose (expenses/list): with its category and what recording it means. */
export const ExpenseItem = Type.Object({
  list_expenses_id: Type.Integer(),
  name: Type.String(),
  branch_id: Type.Integer(),
  category_id: Type.Integer(),
  category: Type.String(),
  /** fuel: a vehicle's fill needs its mileage */
  is_fuel: Type.Boolean(),
  /** the renewal this item usually pays, or null */
  renew_kind: Nullable(Type.String()),
});
export type ExpenseItem = Static<typeof ExpenseItem>;
export const ExpenseCategory = Type.Object({
  category_id: Type.Integer(),
  name: Type.String(),
  list: Type.Array(ExpenseItem),
});
export type ExpenseCategory = Static<typeof ExpenseCategory>;

export const NameValue = Type.Object({ name: Type.String(), value: Type.Integer(), branch_id: Type.Integer() });
export const ExpenseOptionsQuery = Type.Object(
  { branch: Type.Optional(Type.String({ maxLength: 50 })) },
  { additionalProperties: false },
);
