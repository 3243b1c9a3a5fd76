import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  pgView,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { branches, bytea, day, files, money, ts, users } from './core.js';
import { courses, otherFees, promotions } from './catalog.js';
import type { CloseTotals } from '@khabkhi/contracts';

/** A student. One per national ID, or per passport number when is_foreigner. School-wide (any branch finds them). */
export const customers = pgTable(
  'customers',
  {
    customer_id: integer('customer_id').primaryKey().generatedAlwaysAsIdentity(),
    is_foreigner: boolean('is_foreigner').notNull().default(false),
    /** national ID (13 digits) or passport number when is_foreigner */
    idcard: text('idcard').notNull(),
    prefix: text('prefix').notNull().default(''),
    fname: text('fname').notNull(),
    sname: text('sname').notNull().default(''),
    fname_en: text('fname_en').notNull().default(''),
    sname_en: text('sname_en').notNull().default(''),
    birthday: day('birthday'),
    address: text('address').notNull().default(''),
    moo: text('moo').notNull().default(''),
    soi: text('soi').notNull().default(''),
    street: text('street').notNull().default(''),
    subdistrict: text('subdistrict').notNull().default(''),
    district: text('district').notNull().default(''),
    province: text('province').notNull().default(''),
    postcode: text('postcode').notNull().default(''),
    phone_1: text('phone_1').notNull().default(''),
    phone_2: text('phone_2').notNull().default(''),
    /** the branch that first registered the customer */
    branch_id: integer('branch_id')
      .notNull()
      .references(() => branches.branch_id),
    is_delete: boolean('is_delete').notNull().default(false),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('customers_identity').on(t.is_foreigner, sql`upper(${t.idcard})`),
    index('customers_phone').on(t.phone_1),
    // prefix search at the counter: ID number, phone, full name or surname as typed
    index('customers_idcard_prefix').using('btree', sql`${t.idcard} text_pattern_ops`),
    index('customers_phone_prefix').using('btree', sql`${t.phone_1} text_pattern_ops`),
    index('customers_name_prefix').using('btree', sql`lower(${t.fname} || ' ' || ${t.sname}) text_pattern_ops`),
    index('customers_sname_prefix').using('btree', sql`lower(${t.sname}) text_pattern_ops`),
  ],
);

/**
 * One money document a customer owes: a course registration ('course'), an other-fee application ('fee')
 * or a request-fee application ('request', tied to the registration it concerns).
 * Identities (checked by the database): net = total − discount, balance = net − paid, 0 ≤ discount ≤ total, 0 ≤ paid ≤ net.
 */
// Stored with fillfactor 85 (migration 0036, a storage option drizzle-kit does not model): a payment's update of the
// money columns stays on its page (HOT).
export const applications = pgTable(
  'applications',
  {
    application_id: integer('application_id').primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind').notNull().default('course'),
    branch_id: integer('branch_id')
      .notNull()
      .references(() => branches.branch_id),
    application_code: text('application_code').notNull().unique(),
    customer_id: integer('customer_id')
      .notNull()
      .references(() => customers.customer_id),
    /** for kind 'request': the registration the request concerns */
    related_application_id: integer('related_application_id'),
    /** Thai status derived from the money: ค้างชำระ, ชำระครบ, คืนเงิน, คืนเงินบางส่วน, ยกเลิก */
    status: text('status').notNull(),
    total: money('total').notNull(),
    discount: money('discount').notNull(),
    net: money('net').notNull(),
    paid: money('paid').notNull(),
    balance: money('balance').notNull(),
    /** paid split by pay type (paid = paid_cash + paid_transfer), kept in the payment's transaction for the list totals */
    paid_cash: money('paid_cash').notNull().default('0'),
    paid_transfer: money('paid_transfer').notNull().default('0'),
    refunded: money('refunded').notNull().default('0'),
    /** the latest live vehicle check's result ('pass' | 'fail'; null = not checked), kept by a trigger on vehicle_checks */
    check_result: text('check_result'),
    note: text('note').notNull().default(''),
    created_by: integer('created_by')
      .notNull()
      .references(() => users.user_id),
    is_delete: boolean('is_delete').notNull().default(false),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check(
      'applications_identities',
      sql`${t.net} = ${t.total} - ${t.discount} and ${t.balance} = ${t.net} - ${t.paid}
    and ${t.discount} >= 0 and ${t.discount} <= ${t.total} and ${t.paid} >= 0 and ${t.paid} <= ${t.net} and ${t.refunded} >= 0
    and ${t.paid} = ${t.paid_cash} + ${t.paid_transfer}`,
    ),
    check('applications_kind', sql`${t.kind} in ('course', 'fee', 'request')`),
    /** the few cancelled registrations: a list's total is its rows in scope minus theirs (exam permissions) */
    index('applications_cancelled')
      .on(t.application_id)
      .where(sql`${t.is_delete}`),
    index('applications_kind_created').on(
      t.kind,
      t.createdAt.desc().nullsFirst(),
      t.application_id.desc().nullsFirst(),
    ),
    index('applications_kind_branch_created').on(
      t.kind,
      t.branch_id,
      t.createdAt.desc().nullsFirst(),
      t.application_id.desc().nullsFirst(),
    ),
    index('applications_customer').on(t.customer_id),
    // the migration adds INCLUDE (status, branch_id), which drizzle cannot declare
    index('applications_check_result')
      .on(t.check_result, t.kind, t.createdAt.desc(), t.application_id.desc())
      .where(sql`${t.check_result} is not null`),
    index('applications_kind_status_created').on(
      t.kind,
      t.status,
      t.createdAt.desc().nullsFirst(),
      t.application_id.desc().nullsFirst(),
    ),
  ],
);

/** A course line of a registration. cost is copied from the course price at registration. */
export const applicationCourses = pgTable(
  'application_courses',
  {
    line_id: integer('line_id').primaryKey().generatedAlwaysAsIdentity(),
    application_id: integer('application_id')
      .notNull()
      .references(() => applications.application_id),
    line_no: integer('line_no').notNull(),
    course_id: integer('course_id')
      .notNull()
      .references(() => courses.course_id),
    course_name: text('course_name').notNull(),
    course_type: text('course_type').notNull(),
    promotion_id: integer('promotion_id').references(() => promotions.promotion_id),
    promotion_code: text('promotion_code').notNull().default(''),
    exam_date: day('exam_date'),
    cost: money('cost').notNull(),
    discount: money('discount').notNull().default('0'),
  },
  (t) => [
    check('application_courses_money', sql`${t.cost} >= 0 and ${t.discount} >= 0 and ${t.discount} <= ${t.cost}`),
    index('application_courses_app').on(t.application_id),
  ],
);

/** An other-fee or request-fee line. */
export const applicationFees = pgTable(
  'application_fees',
  {
    line_id: integer('line_id').primaryKey().generatedAlwaysAsIdentity(),
    application_id: integer('application_id')
      .notNull()
      .references(() => applications.application_id),
    line_no: integer('line_no').notNull(),
    other_fee_id: integer('other_fee_id')
      .notNull()
      .references(() => otherFees.other_fee_id),
    other_fee_name: text('other_fee_name').notNull(),
    is_request_fee: boolean('is_request_fee').notNull().default(false),
    date: day('date'),
    cost: money('cost').notNull(),
    discount: money('discount').notNull().default('0'),
  },
  (t) => [
    check('application_fees_money', sql`${t.cost} >= 0 and ${t.discount} >= 0 and ${t.discount} <= ${t.cost}`),
    index('application_fees_app').on(t.application_id),
  ],
);

/**
 * Append-only money entries. kind 'payment' has amount > 0 and a receipt number;
 * kind 'refund' has amount < 0 and a refund-document number. A void never deletes: it sets is_void.
 */
export const payments = pgTable(
  'payments',
  {
    payment_id: integer('payment_id').primaryKey().generatedAlwaysAsIdentity(),
    application_id: integer('application_id')
      .notNull()
      .references(() => applications.application_id),
    branch_id: integer('branch_id')
      .notNull()
      .references(() => branches.branch_id),
    kind: text('kind').$type<'payment' | 'refund'>().notNull().default('payment'),
    /** receipt number (payment) or refund-document number (refund), unbroken per branch, kind and Buddhist year */
    payment_code: text('payment_code').notNull().unique(),
    pay_type: text('pay_type').$type<'cash' | 'transfer'>().notNull(),
    amount: money('amount').notNull(),
    note: text('note').notNull().default(''),
    /** the business day in Asia/Bangkok, for the daily close */
    business_date: day('business_date').notNull(),
    created_by: integer('created_by')
      .notNull()
      .references(() => users.user_id),
    is_void: boolean('is_void').notNull().default(false),
    voided_at: ts('voided_at'),
    voided_by: integer('voided_by'),
    /** for a refund: the payment type the money went back by; for a void: the approved request */
    void_request_id: integer('void_request_id'),
    /** a transfer (pay_type 'transfer'): the bank it came from, when it was made, the slip's reference and optionally a photo of the slip */
    transfer_bank: text('transfer_bank').notNull().default(''),
    transfer_at: ts('transfer_at'),
    transfer_ref: text('transfer_ref').notNull().default(''),
    transfer_slip: uuid('transfer_slip').references(() => files.file_id),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    check(
      'payments_sign',
      sql`(${t.kind} = 'payment' and ${t.amount} > 0) or (${t.kind} = 'refund' and ${t.amount} < 0)`,
    ),
    check('payments_pay_type', sql`${t.pay_type} in ('cash', 'transfer')`),
    index('payments_app').on(t.application_id),
    index('payments_branch_day').on(t.branch_id, t.business_date, t.createdAt, t.payment_id),
    index('payments_day').on(t.business_date, t.createdAt, t.payment_id),
  ],
);

/** The document issued for a money entry: the snapshot taken in the payment's transaction, and the stored original PDF. */
export const receipts = pgTable('receipts', {
  payment_id: integer('payment_id')
    .primaryKey()
    .references(() => payments.payment_id),
  snapshot: jsonb('snapshot').notNull(),
  /** rendered once on first print, then served as the original; reprints are marked สำเนา */
  pdf: bytea('pdf'),
  print_count: integer('print_count').notNull().default(0),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/** Gapless counters per branch, Buddhist year and series (RC receipts, RF refunds, AP/OF/RQ applications). */
export const docSequences = pgTable(
  'doc_sequences',
  {
    branch_id: integer('branch_id').notNull(),
    be_year: integer('be_year').notNull(),
    series: text('series').notNull(),
    last_no: integer('last_no').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.branch_id, t.be_year, t.series] })],
);

export const promotionUsages = pgTable(
  'promotion_usages',
  {
    usage_id: integer('usage_id').primaryKey().generatedAlwaysAsIdentity(),
    promotion_id: integer('promotion_id')
      .notNull()
      .references(() => promotions.promotion_id),
    application_id: integer('application_id')
      .notNull()
      .references(() => applications.application_id),
    line_id: integer('line_id').notNull(),
    discount: money('discount').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('promotion_usages_promotion').on(t.promotion_id)],
);

/** Idempotency-Key: the first answer of a mutating money call, replayed for a repeated key. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    user_id: integer('user_id').notNull(),
    key: text('key').notNull(),
    route: text('route').notNull(),
    status_code: integer('status_code').notNull(),
    response: jsonb('response').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.user_id, t.key] })],
);

/**
 * The payment voids of the generic maker–checker (approval_requests, kind 'void_payment') in the columns the money
 * requests had before: a view (migration `approvals_view`), read by the audit history and the tests. Writes go
 * through modules/approvals.
 */
export const moneyRequests = pgView('money_requests', {
  request_id: integer('request_id').notNull(),
  branch_id: integer('branch_id').notNull(),
  kind: text('kind').notNull(),
  application_id: integer('application_id').notNull(),
  payment_id: integer('payment_id'),
  note: text('note').notNull(),
  value: money('value').notNull(),
  /** pending | approved | rejected */
  status: text('status').notNull(),
  requested_by: integer('requested_by').notNull(),
  decided_by: integer('decided_by'),
  decided_at: ts('decided_at'),
  decision_note: text('decision_note').notNull(),
  createdAt: ts('created_at').notNull(),
}).existing();

/**
 * The daily cash close of a branch: totals frozen when the manager closes the day; no payment, refund or void of a
 * closed day is recorded. A manager may reopen it with a reason (the row keeps who and why); closing again issues
 * the next version of the report. At most one open (not reopened) close per branch and day.
 */
export const cashCloses = pgTable(
  'cash_closes',
  {
    close_id: integer('close_id').primaryKey().generatedAlwaysAsIdentity(),
    branch_id: integer('branch_id')
      .notNull()
      .references(() => branches.branch_id),
    business_date: day('business_date').notNull(),
    version: integer('version').notNull().default(1),
    totals: jsonb('totals').$type<CloseTotals>().notNull(),
    closed_by: integer('closed_by')
      .notNull()
      .references(() => users.user_id),
    pdf: bytea('pdf'),
    reopened_at: ts('reopened_at'),
    reopened_by: integer('reopened_by'),
    reopen_reason: text('reopen_reason').notNull().default(''),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('cash_closes_branch_day')
      .on(t.branch_id, t.business_date)
      .where(sql`${t.reopened_at} is null`),
    uniqueIndex('cash_closes_branch_day_version').on(t.branch_id, t.business_date, t.version),
  ],
);

/**
 * Counts and money sums of applications per branch, kind and status, kept exact by a trigger on
 * applications (migration 0003) in the same transaction as every change: list counts and totals
 * without a text filter read ~100 rows here instead of scanning the applications.
 */
export const applicationStats = pgTable(
  'application_stats',
  {
    branch_id: integer('branch_id').notNull(),
    kind: text('kind').notNull(),
    status: text('status').notNull(),
    n: integer('n').notNull().default(0),
    net: numeric('net', { precision: 16, scale: 2 }).notNull().default('0'),
    paid: numeric('paid', { precision: 16, scale: 2 }).notNull().default('0'),
    paid_cash: numeric('paid_cash', { precision: 16, scale: 2 }).notNull().default('0'),
    paid_transfer: numeric('paid_transfer', { precision: 16, scale: 2 }).notNull().default('0'),
    balance: numeric('balance', { precision: 16, scale: 2 }).notNull().default('0'),
  },
  (t) => [primaryKey({ columns: [t.branch_id, t.kind, t.status] })],
);
