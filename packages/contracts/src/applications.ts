import { Type, type Static, type TSchema } from 'typebox';
import type { CustomerInput } from './customers.js';
import { Id, IsoDate, IsoDateTime, Meta, Money, Nullable, Option, TableQuery, Text } from './common.js';

const S = Type.String();
const I = Type.Integer();
const NS = Nullable(Type.String());
const NI = Nullable(Type.Integer());

// ---- requests -------------------------------------------------------------------------------------------

export const PayType = Type.Union([Type.Literal('cash'), Type.Literal('transfer')]);
export type PayType = Static<typeof PayType>;

/** A transfer's details (optional in the API; the counter's form asks for them with โอนเงิน). */
export const TransferFields = {
  transfer_bank: Type.Optional(Text(50)),
  transfer_at: Type.Optional(Nullable(IsoDateTime())),
  transfer_ref: Type.Optional(Text(50)),
  transfer_slip: Type.Optional(Nullable(Type.String({ format: 'uuid' }))),
};
export const PaymentInput = Type.Optional(
  Nullable(
    Type.Object(
      { paid: Money(), pay_type: PayType, note: Type.Optional(Text(500)), ...TransferFields },
      { additionalProperties: false },
    ),
  ),
);
export const FeeLineInput = Type.Object(
  { other_fee_id: Id(), date: Type.Optional(Nullable(IsoDate())) },
  { additionalProperties: false },
);
export const RequestFeeLineInput = Type.Object(
  { request_fee_id: Id(), date: Type.Optional(Nullable(IsoDate())) },
  { additionalProperties: false },
);
export const CourseLineInput = Type.Object(
  {
    course_id: Id(),
    promotion_code: Type.Optional(Text(50)),
    discount: Type.Optional(Money()),
    exam_date: Type.Optional(Nullable(IsoDate())),
  },
  { additionalProperties: false },
);
export type CourseLineInput = Static<typeof CourseLineInput>;

/**
 * The create bodies of the three kinds of application, around the customer block (its schema lives with the
 * customers feature and is passed in).
 */
export const createBodies = <C extends TSchema>(customer: C) => ({
  course: Type.Object(
    {
      branch_id: Type.Optional(Id()),
      customer,
      courses: Type.Array(CourseLineInput, { maxItems: 20 }),
      other_fees: Type.Array(FeeLineInput, { maxItems: 20 }),
      payment: PaymentInput,
      note: Type.Optional(Text(500)),
    },
    { additionalProperties: false },
  ),
  fee: Type.Object(
    {
      branch_id: Type.Optional(Id()),
      customer,
      other_fees: Type.Array(FeeLineInput, { maxItems: 20 }),
      payment: PaymentInput,
      note: Type.Optional(Text(500)),
    },
    { additionalProperties: false },
  ),
  request: Type.Object(
    {
      application_id: Id(),
      request_fees: Type.Array(RequestFeeLineInput, { maxItems: 20 }),
      payment: PaymentInput,
      note: Type.Optional(Text(500)),
    },
    { additionalProperties: false },
  ),
});

export const PayBody = Type.Object(
  { application_id: Id(), paid: Money(), pay_type: PayType, note: Type.Optional(Text(500)), ...TransferFields },
  { additionalProperties: false },
);
export type PayBody = Static<typeof PayBody>;
export const RefundBody = Type.Object(
  {
    application_id: Id(),
    note: Type.String({ minLength: 1, maxLength: 500 }),
    value: Money(),
    pay_type: Type.Optional(PayType),
  },
  { additionalProperties: false },
);
export type RefundBody = Static<typeof RefundBody>;
export const DeleteApplicationBody = Type.Object(
  { application_id: Id(), note: Type.Optional(Text(500)) },
  { additionalProperties: false },
);
export const ApplicationIdBody = Type.Object({ application_id: Id() }, { additionalProperties: false });
export const ApplicationPaymentBody = Type.Object(
  { application_id: Id(), payment_id: Type.Optional(Id()) },
  { additionalProperties: false },
);
export type ApplicationPaymentBody = Static<typeof ApplicationPaymentBody>;
export const CheckPromotionBody = Type.Object(
  {
    index: Type.Integer({ minimum: 0, maximum: 100 }),
    code: Type.String({ minLength: 1, maxLength: 50 }),
    course_id: Id(),
    branch_id: Type.Optional(Id()),
  },
  { additionalProperties: false },
);
export type CheckPromotionBody = Static<typeof CheckPromotionBody>;
export const RegisterQuery = Type.Object(
  { branch: Type.Optional(Type.String({ maxLength: 20 })) },
  { additionalProperties: false },
);
export const ApplicationParams = Type.Object({ id: Id() }, { additionalProperties: false });
export const ApplicationQuery = TableQuery;

// ---- answers --------------------------------------------------------------------------------------------

/** The customer on an application (customer/get's fields). */
export const ApplicationCustomer = Type.Object({
  customer_id: I,
  is_foreigner: Type.Boolean(),
  idcard: S,
  prefix: S,
  fname: S,
  sname: S,
  name: S,
  fname_en: S,
  sname_en: S,
  birthday: NS,
  age: NI,
  address: S,
  moo: S,
  soi: S,
  street: S,
  subdistrict: S,
  district: S,
  province: S,
  postcode: S,
  phone_1: S,
  phone_2: S,
  branch_id: I,
  createdAt: S,
  updatedAt: S,
});
export type ApplicationCustomer = Static<typeof ApplicationCustomer>;

export const CourseLine = Type.Object({
  line_id: I,
  course_id: I,
  course_name: S,
  course_type: S,
  promotion_id: NI,
  promotion_code: S,
  exam_date: NS,
  cost: S,
  discount: S,
});
export type CourseLine = Static<typeof CourseLine>;
export const FeeLine = Type.Object({ line_id: I, other_fee_id: I, other_fee_name: S, date: NS, cost: S, discount: S });
export type FeeLine = Static<typeof FeeLine>;
export const RequestFeeLine = Type.Object({
  line_id: I,
  request_fee_id: I,
  request_fee_name: S,
  date: NS,
  cost: S,
  discount: S,
});
export type RequestFeeLine = Static<typeof RequestFeeLine>;

/** A money entry of an application: a payment or a refund (negative), void or not. */
export const PaymentEntry = Type.Object({
  payment_id: I,
  payment_code: S,
  kind: Type.Union([Type.Literal('payment'), Type.Literal('refund')]),
  pay_type: PayType,
  pay_type_name: S,
  paid: S,
  note: S,
  createdAt: S,
  business_date: S,
  created_by_name: S,
  is_void: Type.Boolean(),
  transfer_bank: S,
  transfer_at: NS,
  transfer_ref: S,
  transfer_slip: NS,
  /** a void request waits for approval */
  pending_void: Type.Boolean(),
});
export type PaymentEntry = Static<typeof PaymentEntry>;

/** application/get (SPEC §7): the application with its customer, lines and money entries. */
export const ApplicationDetail = Type.Object({
  application_id: I,
  application_code: S,
  kind: S,
  branch_id: I,
  branch_name: S,
  status: S,
  total: S,
  discount: S,
  net: S,
  paid: S,
  balance: S,
  refunded: S,
  /** what is still owed: the balance while payments are taken, 0 once refunded or cancelled (closed_reason says why) */
  due: S,
  closed_reason: NS,
  note: S,
  is_delete: Type.Boolean(),
  createdAt: S,
  updatedAt: S,
  created_by_name: S,
  customer_id: I,
  customer: ApplicationCustomer,
  related_application_id: NI,
  related_application_code: NS,
  course_id: NI,
  promotion_id: NI,
  promotion: Type.Array(Type.Object({ promotion_id: NI, code: S, line_id: I })),
  courses: Type.Array(CourseLine),
  other_fees: Type.Array(FeeLine),
  request_fees: Type.Array(RequestFeeLine),
  payments: Type.Array(PaymentEntry),
});
export type ApplicationDetail = Static<typeof ApplicationDetail>;

export const CreateResult = Type.Object({
  application: ApplicationDetail,
  payment_id: NI,
  createStatus: Type.Boolean(),
  pdf: NS,
  application_pdf: S,
});
export type CreateResult = Static<typeof CreateResult>;
export const PayResult = Type.Object({
  application: ApplicationDetail,
  payment: PaymentEntry,
  createStatus: Type.Boolean(),
  pdf: S,
});
export type PayResult = Static<typeof PayResult>;
export const RefundResult = Type.Object({ application: ApplicationDetail, payment: PaymentEntry, mode: S, pdf: S });
export type RefundResult = Static<typeof RefundResult>;

export const CheckPromotionResult = Type.Object({
  index: I,
  promotion_id: I,
  code: S,
  name: S,
  type_discount: S,
  value: S,
  discount: S,
  cost: S,
});
export type CheckPromotionResult = Static<typeof CheckPromotionResult>;

/** application/getforregister: what the registration form offers for a branch. */
export const RegisterOptions = Type.Object({
  branches: Type.Array(Type.Object({ branch_id: I, name: S })),
  branch_id: I,
  courses: Type.Array(Type.Object({ course_id: I, name: S, type: S, detail: S, branch_id: NI, price: S })),
  other_fees: Type.Array(Type.Object({ other_fee_id: I, name: S, price: S })),
  request_fees: Type.Array(Type.Object({ other_fee_id: I, name: S, price: S })),
  pay_types: Type.Array(Type.Object({ value: PayType, name: S })),
  banks: Type.Array(S),
  prefixes: Type.Array(S),
  card_agent_port: I,
  /** why the course list is empty and where to fix it (null when there are courses) */
  courses_hint: NS,
  /** course type → minimum age before the form warns */
  min_ages: Type.Record(Type.String(), Type.Integer()),
});
export type RegisterOptions = Static<typeof RegisterOptions>;

/** A row of the application lists. */
export const ApplicationRow = Type.Object({
  application_id: I,
  application_code: S,
  /** SPEC §3's names of an other-fee application's id and number (applicationfee/gettable only) */
  application_other_fee_id: Type.Optional(I),
  application_other_fee_code: Type.Optional(S),
  createdAt: S,
  branch_id: I,
  branch_name: S,
  customer_id: I,
  customer_name: S,
  idcard: S,
  phone_1: S,
  course_names: NS,
  total: S,
  discount: S,
  net: S,
  paid: S,
  balance: S,
  status: S,
  note: S,
  /** what is still owed (0 once refunded or cancelled) */
  due: S,
});
export type ApplicationRow = Static<typeof ApplicationRow>;
export const OverdueRow = Type.Object({
  ...ApplicationRow.properties,
  days: I,
  exam_date: NS,
  exam_passed: Type.Boolean(),
  last_paid_at: NS,
});
export type OverdueRow = Static<typeof OverdueRow>;

export const ApplicationFilter = Type.Object({
  branch: Type.Array(Option),
  status: Type.Array(Option),
  type: Type.Array(Option),
});
/** paid by cash and by transfer, owed and net over the whole filtered list */
export const ApplicationTotals = Type.Object({ cash: S, transfer: S, paid: S, balance: S, net: S });

/** A table answer (data, filter, meta) with the totals of the whole filtered result. */
export const TableWithTotals = <T extends TSchema, F extends TSchema, X extends TSchema>(
  row: T,
  filter: F,
  totals: X,
) =>
  Type.Object({
    status: Type.Union([Type.Literal('success'), Type.Literal('error')]),
    message: S,
    data: Type.Array(row),
    filter,
    meta: Meta,
    totals,
  });
export const ApplicationTable = TableWithTotals(ApplicationRow, ApplicationFilter, ApplicationTotals);
export const OverdueTable = TableWithTotals(OverdueRow, ApplicationFilter, ApplicationTotals);

type CreateBodies = ReturnType<typeof createBodies<TSchema>>;
/** The create bodies as the web sends them, with the customer block of the customers feature. */
export type CreateCourseBody = Omit<Static<CreateBodies['course']>, 'customer'> & { customer: CustomerInput };
export type CreateFeeBody = Omit<Static<CreateBodies['fee']>, 'customer'> & { customer: CustomerInput };
export type CreateRequestBody = Static<CreateBodies['request']>;
