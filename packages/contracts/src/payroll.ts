import { Type, type Static } from 'typebox';
import { Id, IsoDate, Money, Nullable, Option, TableQuery, Text } from './common.js';

/** A payroll month, Common Era: '2026-11'. */
export const Month = () => Type.String({ pattern: '^\\d{4}-(0[1-9]|1[0-2])$', maxLength: 7 });
/** A month filter: a month, empty or the Thai "all". */
const MonthFilter = () => Type.String({ maxLength: 10 });
/** A quantity of a 'multiply' item (hours, persons, days): up to 2 decimals. */
export const Quantity = () => Type.String({ pattern: '^\\d{1,6}(\\.\\d{1,2})?$', maxLength: 9 });

export const PAYROLL_STATES = ['draft', 'submitted', 'confirmed', 'approved'] as const;
export type PayrollState = (typeof PAYROLL_STATES)[number];
export const PAYROLL_STATE_NAMES: Record<PayrollState, string> = {
  draft: 'ฉบับร่าง',
  submitted: 'ส่งตรวจแล้ว',
  confirmed: 'ผู้จัดการยืนยันแล้ว',
  approved: 'อนุมัติแล้ว',
};

export const PayrollTableQuery = Type.Object(
  { ...TableQuery.properties, month: Type.Optional(MonthFilter()) },
  { additionalProperties: false },
);
export type PayrollTableQuery = Static<typeof PayrollTableQuery>;

const Step = { by: Nullable(Type.String()), at: Nullable(Type.String()) };
export const PayrollRow = Type.Object({
  payroll_id: Type.Integer(),
  branch_id: Type.Integer(),
  branch_name: Type.String(),
  month: Type.String(),
  month_name: Type.String(),
  status: Type.String(),
  status_name: Type.String(),
  employees: Type.Integer(),
  version: Type.Integer(),
  salary: Type.String(),
  income: Type.String(),
  deduction: Type.String(),
  sso_employee: Type.String(),
  sso_employer: Type.String(),
  tax: Type.String(),
  net: Type.String(),
  created_by: Type.Integer(),
  submitted_by: Nullable(Type.Integer()),
  confirmed_by: Nullable(Type.Integer()),
  approved_by: Nullable(Type.Integer()),
  submitted: Type.Object(Step),
  confirmed: Type.Object(Step),
  approved: Type.Object(Step),
  reopened: Type.Object({ ...Step, reason: Type.String() }),
  /** the latest send-back of this version (by a confirmer or an approver, with its reason) */
  sent_back: Type.Object({ ...Step, reason: Type.String() }),
  /** who acknowledged the deductions over the Labour Protection Act s.76 limits, and when */
  deductions_ack: Type.Object(Step),
});
export type PayrollRow = Static<typeof PayrollRow>;
export const PayrollFilter = Type.Object({
  branch: Type.Array(Option),
  status: Type.Array(Option),
  month: Type.Array(Option),
});

export const ItemColumn = Type.Object({
  list_payroll_id: Type.Integer(),
  name: Type.String(),
  type: Type.String(),
  condition: Type.String(),
  value: Type.String(),
  title_value: Type.String(),
  /** the item's category (e.g. 'teaching': the column lesson pay is proposed in) */
  category: Type.Optional(Type.String()),
});
export type ItemColumn = Static<typeof ItemColumn>;
export const LineItem = Type.Object({
  list_payroll_id: Type.Integer(),
  name: Type.String(),
  type: Type.String(),
  condition: Type.String(),
  value: Type.String(),
  per_value: Type.String(),
  amount: Type.String(),
  title_value: Type.String(),
});
export type LineItem = Static<typeof LineItem>;
export const SheetLine = Type.Object({
  user_id: Type.Integer(),
  user_name: Type.String(),
  position: Type.String(),
  branch_id: Type.Integer(),
  branch_name: Type.String(),
  is_daily: Type.Boolean(),
  rate: Type.String(),
  days_worked: Type.Integer(),
  employed_days: Type.Integer(),
  days_of_month: Type.Integer(),
  end_date: Nullable(Type.String()),
  start_date: Nullable(Type.String()),
  salary: Type.String(),
  income: Type.String(),
  deduction: Type.String(),
  /** the wage actually paid the social security is computed on, before the floor and the ceiling (สปส.1-10) */
  sso_wage: Type.String(),
  sso_base: Type.String(),
  sso_employee: Type.String(),
  sso_employer: Type.String(),
  tax: Type.String(),
  net: Type.String(),
  note: Type.String(),
  payslip_id: Nullable(Type.Integer()),
  items: Type.Array(LineItem),
  /** parts of income and deduction: the fixed monthly extra pay, the irregular income (bonus), the absence deducted */
  extra: Type.String(),
  irregular: Type.String(),
  absence: Type.String(),
  /** the days at each branch when the person moved during the month ('' when not) */
  branch_days: Type.String(),
  /** deductions over the Labour Protection Act s.76 limits, for the manager to acknowledge */
  warnings: Type.Array(Type.String()),
  /** the part of an advance carried to next month's sheet ('0.00' when none) */
  carry_advance: Type.String(),
});
export type SheetLine = Static<typeof SheetLine>;
export const Totals = Type.Object({
  salary: Type.String(),
  income: Type.String(),
  deduction: Type.String(),
  sso_employee: Type.String(),
  sso_employer: Type.String(),
  tax: Type.String(),
  net: Type.String(),
});
export const Sheet = Type.Object({
  branch_id: Type.Integer(),
  branch_name: Type.String(),
  month: Type.String(),
  month_name: Type.String(),
  payroll: Nullable(PayrollRow),
  is_payroll: Type.Boolean(),
  is_approve: Type.Boolean(),
  editable: Type.Boolean(),
  items: Type.Array(ItemColumn),
  lines: Type.Array(SheetLine),
  totals: Totals,
  rates: Type.Object({ sso: Type.String(), tax: Type.String() }),
});
export type Sheet = Static<typeof Sheet>;
export const SheetQuery = Type.Object(
  { branch: Type.Optional(Type.String({ maxLength: 20 })), month: Type.Optional(Month()) },
  { additionalProperties: false },
);

const ItemInput = Type.Object(
  { list_payroll_id: Id(), value: Type.Optional(Money()), per_value: Type.Optional(Quantity()) },
  { additionalProperties: false },
);
export const LineInput = Type.Object(
  {
    user_id: Id(),
    days_worked: Type.Optional(Type.Integer({ minimum: 0, maximum: 31 })),
    end_date: Type.Optional(Nullable(IsoDate())),
    note: Type.Optional(Text(500)),
    items: Type.Optional(Type.Array(ItemInput, { maxItems: 50 })),
    /** the part of an advance not recovered this month, carried to next month's sheet as its own line */
    carry_advance: Type.Optional(Money()),
  },
  { additionalProperties: false },
);
export type LineInput = Static<typeof LineInput>;
/**
 * The manager's acknowledgement of deductions over the Labour Protection Act s.76 limits (the employee's written
 * consent is on file): without it, saving or submitting a sheet with such deductions is refused, naming the people.
 */
const Acknowledge = () => Type.Optional(Type.Boolean());
export const SheetUpdate = Type.Object(
  {
    branch_id: Id(),
    month: Month(),
    lines: Type.Array(LineInput, { maxItems: 500 }),
    acknowledge_deductions: Acknowledge(),
  },
  { additionalProperties: false },
);
export type SheetUpdate = Static<typeof SheetUpdate>;

export const ReportRow = Type.Object({
  payroll_id: Type.Integer(),
  status: Type.String(),
  status_name: Type.String(),
  month: Type.String(),
  ...SheetLine.properties,
});
export type ReportRow = Static<typeof ReportRow>;
export const ReportUpdate = Type.Object(
  { month: Month(), ...LineInput.properties, acknowledge_deductions: Acknowledge() },
  { additionalProperties: false },
);
export type ReportUpdate = Static<typeof ReportUpdate>;

export const StepBody = Type.Object(
  { payroll_id: Id(), acknowledge_deductions: Acknowledge() },
  { additionalProperties: false },
);
export type StepBody = Static<typeof StepBody>;
export const PayrollReopenBody = Type.Object(
  { payroll_id: Id(), reason: Type.String({ minLength: 1, maxLength: 500 }) },
  { additionalProperties: false },
);
export type PayrollReopenBody = Static<typeof PayrollReopenBody>;
/** A submitted or confirmed month back to draft, with the reason the maker reads. */
export const PayrollSendBackBody = PayrollReopenBody;

/** One step of a month's workflow as its history shows it (every version). */
export const PayrollHistoryStep = Type.Object({
  /** submit | confirm | approve | send_back | reopen */
  step: Type.String(),
  step_name: Type.String(),
  by: Nullable(Type.String()),
  at: Type.String(),
  reason: Type.String(),
  version: Type.Integer(),
  /** decided by its own maker, as the school's setting allows a one-owner school */
  self: Type.Boolean(),
});
export type PayrollHistoryStep = Static<typeof PayrollHistoryStep>;

/** Who submits, confirms and approves a payroll month (role slugs; empty: every role with the ability). */
export const PayrollWorkflowBody = Type.Object(
  {
    submit_roles: Type.Array(Type.String({ minLength: 1, maxLength: 50 }), { maxItems: 20 }),
    confirm_roles: Type.Array(Type.String({ minLength: 1, maxLength: 50 }), { maxItems: 20 }),
    approve_roles: Type.Array(Type.String({ minLength: 1, maxLength: 50 }), { minItems: 1, maxItems: 20 }),
    owner_self_approve: Type.Boolean(),
  },
  { additionalProperties: false },
);
export type PayrollWorkflowBody = Static<typeof PayrollWorkflowBody>;
export const PayrollWorkflow = Type.Object({
  ...PayrollWorkflowBody.properties,
  roles: Type.Array(Option),
});
export type PayrollWorkflow = Static<typeof PayrollWorkflow>;

export const UserItem = Type.Object({
  id: Type.Integer(),
  user_id: Type.Integer(),
  list_payroll_id: Type.Integer(),
  name: Type.String(),
  type: Type.String(),
  condition: Type.String(),
  title_value: Type.String(),
  value: Type.String(),
  per_value: Type.String(),
  amount: Type.String(),
  note: Type.String(),
  branch_id: Type.Integer(),
});
export type UserItem = Static<typeof UserItem>;
export const UserItemCreate = Type.Object(
  {
    user_id: Id(),
    list_payroll_id: Id(),
    value: Type.Optional(Money()),
    per_value: Type.Optional(Quantity()),
    note: Type.Optional(Text(500)),
  },
  { additionalProperties: false },
);
export type UserItemCreate = Static<typeof UserItemCreate>;
export const UserItemUpdate = Type.Object(
  {
    id: Id(),
    value: Type.Optional(Money()),
    per_value: Type.Optional(Quantity()),
    note: Type.Optional(Text(500)),
    is_delete: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type UserItemUpdate = Static<typeof UserItemUpdate>;
export const UserItemQuery = Type.Object(
  { user: Type.Optional(Type.String({ maxLength: 20 })) },
  { additionalProperties: false },
);

export const UserInfo = Type.Object({
  user_id: Type.Integer(),
  name: Type.String(),
  position: Type.String(),
  department: Type.String(),
  branch_id: Type.Integer(),
  branch_name: Type.String(),
  is_salary_daily: Type.Boolean(),
  salary: Type.String(),
  sso_salary: Type.String(),
  bank: Type.String(),
  bank_acc: Type.String(),
  salary_pay_type: Type.String(),
  start_date: Nullable(Type.String()),
  idcard: Type.String(),
});
const DetailLine = Type.Object({
  name: Type.String(),
  type: Type.String(),
  condition: Type.String(),
  value: Type.String(),
  per_value: Type.String(),
  amount: Type.String(),
  list_payroll_id: Nullable(Type.Integer()),
  title_value: Type.String(),
  computed: Type.Boolean(),
});
export type DetailLine = Static<typeof DetailLine>;
export const StaffDetail = Type.Object({
  user_info: UserInfo,
  salary: Type.Array(DetailLine),
  income: Type.Array(DetailLine),
  deduction: Type.Array(DetailLine),
});
export type StaffDetail = Static<typeof StaffDetail>;
export const HistoryQuery = Type.Object({ month: Type.Optional(Month()) }, { additionalProperties: false });
export const HistoryData = Type.Object({
  ...StaffDetail.properties,
  month: Type.String(),
  month_name: Type.String(),
  payroll_id: Nullable(Type.Integer()),
  status: Type.String(),
  net: Type.String(),
  sso_employer: Type.String(),
  payslip_id: Nullable(Type.Integer()),
  months: Type.Array(Option),
  days_worked: Type.Integer(),
  days_of_month: Type.Integer(),
  end_date: Nullable(Type.String()),
  note: Type.String(),
});
export type HistoryData = Static<typeof HistoryData>;
export const HistoryEnvelope = Type.Object({
  status: Type.Union([Type.Literal('success'), Type.Literal('error')]),
  message: Type.String(),
  data: HistoryData,
  detail: Type.Object({ is_approve: Type.Boolean(), is_payroll: Type.Boolean() }),
});

export const PayslipRow = Type.Object({
  payslip_id: Type.Integer(),
  payroll_id: Type.Integer(),
  user_id: Type.Integer(),
  user_name: Type.String(),
  branch_id: Type.Integer(),
  branch_name: Type.String(),
  month: Type.String(),
  month_name: Type.String(),
  version: Type.Integer(),
  is_current: Type.Boolean(),
  net: Type.String(),
  createdAt: Type.String(),
});
export type PayslipRow = Static<typeof PayslipRow>;
export const PayslipPdfBody = Type.Object(
  {
    payslip_id: Type.Optional(Id()),
    payroll_id: Type.Optional(Id()),
    document: Type.Optional(Type.Union([Type.Literal('payslips'), Type.Literal('summary')])),
  },
  { additionalProperties: false },
);
export type PayslipPdfBody = Static<typeof PayslipPdfBody>;

/** A ล.ย.01 allowance an employee declared from a date: a count (spouse, children, parents) or the year's amount. */
export const AllowanceRow = Type.Object({
  allowance_id: Type.Integer(),
  user_id: Type.Integer(),
  kind: Type.String(),
  kind_name: Type.String(),
  count: Type.Integer(),
  amount: Type.String(),
  /** the year's deduction it gives, capped as the Revenue Code allows */
  value: Type.String(),
  valid_from: Type.String(),
  note: Type.String(),
  created_by: Nullable(Type.String()),
  createdAt: Type.String(),
});
export type AllowanceRow = Static<typeof AllowanceRow>;
/** A kind of allowance: per person (count × per, at most max_count) or an amount up to cap. */
export const AllowanceKind = Type.Object({
  value: Type.String(),
  name: Type.String(),
  per: Nullable(Type.String()),
  max_count: Nullable(Type.Integer()),
  cap: Nullable(Type.String()),
});
export type AllowanceKind = Static<typeof AllowanceKind>;
export const Allowances = Type.Object({
  rows: Type.Array(AllowanceRow),
  kinds: Type.Array(AllowanceKind),
  /** the year's allowances the withholding uses this month (the latest declaration of each kind, capped) */
  total: Type.String(),
});
export type Allowances = Static<typeof Allowances>;
export const AllowanceQuery = Type.Object(
  { user: Type.Optional(Type.String({ maxLength: 20 })) },
  { additionalProperties: false },
);
export const AllowanceCreate = Type.Object(
  {
    user_id: Id(),
    kind: Type.String({ minLength: 1, maxLength: 40 }),
    count: Type.Optional(Type.Integer({ minimum: 0, maximum: 20 })),
    amount: Type.Optional(Money()),
    valid_from: IsoDate(),
    note: Type.Optional(Text(500)),
  },
  { additionalProperties: false },
);
export type AllowanceCreate = Static<typeof AllowanceCreate>;
