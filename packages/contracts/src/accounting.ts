import { Type, type Static } from 'typebox';
import { Id, IsoDate, IsoDateFilter, Money, Nullable, Option, Text } from './common.js';

/** Accounting (SPEC §2 Accounting, §3 Income/expense record and Chart, §7 Accounting). */

export const PayTypeSchema = Type.Union([Type.Literal('cash'), Type.Literal('transfer')]);
/** Attachments of a record: ids of files uploaded through accounting/upload (photos or PDFs of the bill). */
export const FileIds = Type.Array(Type.String({ format: 'uuid', maxLength: 36 }), { maxItems: 10 });

export const IncomeBody = Type.Object(
  {
    branch_id: Id(),
    date: IsoDate(),
    name: Type.String({ minLength: 1, maxLength: 200 }),
    detail: Type.Optional(Text(1000)),
    pay_type: PayTypeSchema,
    value: Money(),
    files: Type.Optional(FileIds),
  },
  { additionalProperties: false },
);
export type IncomeBody = Static<typeof IncomeBody>;

export const IncomeUpdateBody = Type.Object(
  {
    income_id: Id(),
    branch_id: Type.Optional(Id()),
    date: Type.Optional(IsoDate()),
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
    detail: Type.Optional(Text(1000)),
    pay_type: Type.Optional(PayTypeSchema),
    value: Type.Optional(Money()),
    files: Type.Optional(FileIds),
  },
  { additionalProperties: false },
);
export type IncomeUpdateBody = Static<typeof IncomeUpdateBody>;

export const IncomeDeleteBody = Type.Object({ income_id: Id() }, { additionalProperties: false });
export const IncomeParams = Type.Object({ id: Id() }, { additionalProperties: false });

export const AttachedFile = Type.Object({
  file_id: Type.String(),
  file_type: Type.String(),
  mime: Type.String(),
  size: Type.Integer(),
  url: Type.String(),
});
export type AttachedFile = Static<typeof AttachedFile>;

export const Income = Type.Object({
  income_id: Type.Integer(),
  branch_id: Type.Integer(),
  branch_name: Type.String(),
  date: Type.String(),
  name: Type.String(),
  detail: Type.String(),
  pay_type: Type.String(),
  value: Type.String(),
  user: Type.String(),
  createdAt: Type.String(),
  updatedAt: Type.String(),
  files: Type.Array(AttachedFile),
});
export type Income = Static<typeof Income>;

/** Filters of both accounting tables (DESIGN "Table query parameters"). */
export const AccountingQuery = Type.Object(
  {
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000000 })),
    per_page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
    branch: Type.Optional(Type.String({ maxLength: 50 })),
    start: Type.Optional(IsoDateFilter()),
    end: Type.Optional(IsoDateFilter()),
    /** income: the source (course, fee, request, other); expenses: the expense category id */
    category: Type.Optional(Type.String({ maxLength: 100 })),
    list_expenses: Type.Optional(Type.String({ maxLength: 50 })),
    /** pay type: cash, transfer or ทั้งหมด */
    type: Type.Optional(Type.String({ maxLength: 50 })),
    text: Type.Optional(Type.String({ maxLength: 100 })),
  },
  { additionalProperties: false },
);
export type AccountingQuery = Static<typeof AccountingQuery>;

export const IncomeSource = Type.Union([
  Type.Literal('course'),
  Type.Literal('fee'),
  Type.Literal('request'),
  Type.Literal('other'),
]);
export type IncomeSource = Static<typeof IncomeSource>;

/** One income row: a payment or refund of an application (read-only here) or an other income typed by staff. */
export const IncomeRow = Type.Object({
  key: Type.String(),
  source: IncomeSource,
  source_name: Type.String(),
  /** payment, refund or other_income */
  type: Type.String(),
  date: Type.String(),
  name: Type.String(),
  other_name: Type.String(),
  detail: Type.String(),
  pay_type: Type.String(),
  value: Type.String(),
  branch_id: Type.Integer(),
  branch_name: Type.String(),
  user: Type.String(),
  createdAt: Type.String(),
  application_id: Nullable(Type.Integer()),
  application_code: Nullable(Type.String()),
  application_other_fee_id: Nullable(Type.Integer()),
  payment_id: Nullable(Type.Integer()),
  payment_code: Nullable(Type.String()),
  income_id: Nullable(Type.Integer()),
  other_income: Type.Boolean(),
  editable: Type.Boolean(),
  file_count: Type.Integer(),
});
export type IncomeRow = Static<typeof IncomeRow>;

export const ExpenseRow = Type.Object({
  expenses_id: Type.Integer(),
  date: Type.String(),
  list_expenses_id: Type.Integer(),
  list_expenses: Type.String(),
  category_id: Type.Integer(),
  category: Type.String(),
  vehicle_id: Nullable(Type.Integer()),
  vehicle: Type.String(),
  user_id: Nullable(Type.Integer()),
  employee: Type.String(),
  detail: Type.String(),
  pay_type: Type.String(),
  mile: Nullable(Type.Integer()),
  value: Type.String(),
  branch_id: Type.Integer(),
  branch_name: Type.String(),
  user: Type.String(),
  createdAt: Type.String(),
  file_count: Type.Integer(),
});
export type ExpenseRow = Static<typeof ExpenseRow>;

export const ChartPoint = Type.Object({
  key: Type.String(),
  label: Type.String(),
  income: Type.String(),
  expenses: Type.String(),
});
export const DonutSlice = Type.Object({ key: Type.String(), name: Type.String(), value: Type.String() });
export const Chart = Type.Object({
  /** per day, or per month when the range is longer than 62 days */
  period: Type.Union([Type.Literal('day'), Type.Literal('month')]),
  income_column: Type.Array(ChartPoint),
  /** net by source: course, fee, request, other; refunds lower their source and are also shown as their own negative slice */
  income_donut: Type.Array(DonutSlice),
  expenses_donut: Type.Array(DonutSlice),
  total_income: Type.String(),
  total_expenses: Type.String(),
  net: Type.String(),
});
export type Chart = Static<typeof Chart>;

export const AccountingFilter = Type.Object({
  branch: Type.Array(Option),
  category: Type.Array(Option),
  list_expenses: Type.Array(Option),
  type: Type.Array(Option),
  range: Type.Object({ start: Type.String(), end: Type.String() }),
});
export type AccountingFilter = Static<typeof AccountingFilter>;

const Meta = Type.Object({
  page: Type.Integer(),
  per_page: Type.Integer(),
  total: Type.Integer(),
  last_page: Type.Integer(),
});
const Status = Type.Union([Type.Literal('success'), Type.Literal('error')]);
export const IncomeTable = Type.Object({
  status: Status,
  message: Type.String(),
  data: Type.Array(IncomeRow),
  filter: AccountingFilter,
  meta: Meta,
  chart: Chart,
});
export type IncomeTable = Static<typeof IncomeTable>;
export const ExpenseTable = Type.Object({
  status: Status,
  message: Type.String(),
  data: Type.Array(ExpenseRow),
  filter: AccountingFilter,
  meta: Meta,
  chart: Chart,
});
export type ExpenseTable = Static<typeof ExpenseTable>;

export const PrintBody = Type.Object(
  {
    branch: Type.Optional(Type.String({ maxLength: 50 })),
    start: Type.Optional(IsoDateFilter()),
    end: Type.Optional(IsoDateFilter()),
  },
  { additionalProperties: false },
);
export type PrintBody = Static<typeof PrintBody>;

export const UploadedFile = Type.Object({
  file_id: Type.String(),
  mime: Type.String(),
  size: Type.Integer(),
  file_type: Type.String(),
});
export type UploadedFile = Static<typeof UploadedFile>;

/** accounting/profitloss: income − expenses per month of the period (default this year in Bangkok), by source and by category. */
export const ProfitLossQuery = Type.Object(
  {
    branch: Type.Optional(Type.String({ maxLength: 50 })),
    start: Type.Optional(IsoDateFilter()),
    end: Type.Optional(IsoDateFilter()),
  },
  { additionalProperties: false },
);
export type ProfitLossQuery = Static<typeof ProfitLossQuery>;

/** One month (or the totals): income by source key (course, fee, request, other, refund — negative), expenses by top-level category id. */
export const ProfitLossRow = Type.Object({
  key: Type.String(),
  label: Type.String(),
  start: Type.String(),
  end: Type.String(),
  income: Type.Record(Type.String(), Type.String()),
  total_income: Type.String(),
  expenses: Type.Record(Type.String(), Type.String()),
  total_expenses: Type.String(),
  net: Type.String(),
});
export type ProfitLossRow = Static<typeof ProfitLossRow>;

export const ProfitLossColumn = Type.Object({ key: Type.String(), name: Type.String() });
export const ProfitLoss = Type.Object({
  status: Status,
  message: Type.String(),
  data: Type.Array(ProfitLossRow),
  totals: ProfitLossRow,
  columns: Type.Object({ income: Type.Array(ProfitLossColumn), expenses: Type.Array(ProfitLossColumn) }),
  filter: Type.Object({ branch: Type.Array(Option), range: Type.Object({ start: Type.String(), end: Type.String() }) }),
});
export type ProfitLoss = Static<typeof ProfitLoss>;
