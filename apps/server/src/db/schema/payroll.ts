import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { branches, day, money, ts, users } from './core.js';
import { listPayroll } from './catalog.js';

/**
 * Dated statutory rates: kind 'sso' (social security: employee/employer basis points, wage floor and ceiling)
 * and kind 'tax' (withholding on salary: expense share and cap, personal allowance, brackets). The row valid
 * for a month is the one with the latest valid_from on or before the month's first day.
 */
export const payrollRates = pgTable(
  'payroll_rates',
  {
    rate_id: integer('rate_id').primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind').notNull(),
    valid_from: day('valid_from').notNull(),
    params: jsonb('params').$type<Record<string, unknown>>().notNull(),
    note: text('note').notNull().default(''),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payroll_rates_kind_from').on(t.kind, t.valid_from),
    check('payroll_rates_kind', sql`${t.kind} in ('sso', 'tax')`),
  ],
);

/** A branch's payroll of one month: draft → submitted → confirmed → approved (locked), with who and when per step. */
export const payrolls = pgTable(
  'payrolls',
  {
    payroll_id: integer('payroll_id').primaryKey().generatedAlwaysAsIdentity(),
    branch_id: integer('branch_id')
      .notNull()
      .references(() => branches.branch_id),
    /** 'YYYY-MM' (Common Era) */
    month: text('month').notNull(),
    status: text('status').notNull().default('draft'),
    salary: money('salary').notNull().default('0'),
    income: money('income').notNull().default('0'),
    deduction: money('deduction').notNull().default('0'),
    sso_employee: money('sso_employee').notNull().default('0'),
    sso_employer: money('sso_employer').notNull().default('0'),
    tax: money('tax').notNull().default('0'),
    net: money('net').notNull().default('0'),
    employees: integer('employees').notNull().default(0),
    created_by: integer('created_by')
      .notNull()
      .references(() => users.user_id),
    submitted_by: integer('submitted_by').references(() => users.user_id),
    submitted_at: ts('submitted_at'),
    confirmed_by: integer('confirmed_by').references(() => users.user_id),
    confirmed_at: ts('confirmed_at'),
    approved_by: integer('approved_by').references(() => users.user_id),
    approved_at: ts('approved_at'),
    reopened_by: integer('reopened_by').references(() => users.user_id),
    reopened_at: ts('reopened_at'),
    reopen_reason: text('reopen_reason').notNull().default(''),
    /** the accounting expenses recorded at approval (salaries, employer's social security); removed on reopen */
    expense_ids: jsonb('expense_ids').$type<number[]>().notNull().default([]),
    /** who acknowledged the deductions over the Labour Protection Act s.76 limits, and when */
    deductions_ack_by: integer('deductions_ack_by').references(() => users.user_id),
    deductions_ack_at: ts('deductions_ack_at'),
    /** the payslip version issued at the next approval (1, then +1 for every reopen) */
    version: integer('version').notNull().default(1),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payrolls_branch_month').on(t.branch_id, t.month),
    uniqueIndex('payrolls_id_month').on(t.payroll_id, t.month),
    index('payrolls_month').on(t.month),
    check('payrolls_status', sql`${t.status} in ('draft', 'submitted', 'confirmed', 'approved')`),
    check('payrolls_month_format', sql`${t.month} ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'`),
  ],
);

/**
 * The payroll workflow's roles, a setting of the school (one row, id 1): the role slugs that submit, confirm and
 * approve a month (an empty list: every role with the route's ability), and whether an owner may approve a month
 * they submitted themselves (a school with one owner). No one else ever approves what they submitted.
 */
export const payrollWorkflow = pgTable(
  'payroll_workflow',
  {
    id: integer('id').primaryKey().default(1),
    submit_roles: text('submit_roles')
      .array()
      .notNull()
      .default(sql`'{}'`),
    confirm_roles: text('confirm_roles')
      .array()
      .notNull()
      .default(sql`'{}'`),
    approve_roles: text('approve_roles')
      .array()
      .notNull()
      .default(sql`'{owner}'`),
    owner_self_approve: boolean('owner_self_approve').notNull().default(false),
    updated_by: integer('updated_by').references(() => users.user_id),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('payroll_workflow_one_row', sql`${t.id} = 1`),
    check('payroll_workflow_approvers', sql`cardinality(${t.approve_roles}) > 0`),
  ],
);

/**
 * One employee's line of a payroll; every amount computed by the server. A person has one line a month in the
 * whole school (payroll_lines_user_month): one pay, one social security, one withholding per person and month.
 */
export const payrollLines = pgTable(
  'payroll_lines',
  {
    line_id: integer('line_id').primaryKey().generatedAlwaysAsIdentity(),
    payroll_id: integer('payroll_id')
      .notNull()
      .references(() => payrolls.payroll_id),
    /** the payroll's month (kept equal to it by the composite foreign key) */
    month: text('month').notNull(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.user_id),
    is_daily: boolean('is_daily').notNull().default(false),
    /** the monthly salary or the day wage at the time */
    rate: money('rate').notNull().default('0'),
    days_worked: integer('days_worked').notNull().default(0),
    employed_days: integer('employed_days').notNull().default(0),
    /** the last day of employment when the employee left during the month */
    end_date: day('end_date'),
    salary: money('salary').notNull().default('0'),
    income: money('income').notNull().default('0'),
    deduction: money('deduction').notNull().default('0'),
    /** the wage actually paid the social security is computed on, before the floor and the ceiling (the
     *  engine's figure, stored so an approved month's สปส.1-10 never changes when the catalogue does) */
    sso_wage: money('sso_wage').notNull(),
    sso_base: money('sso_base').notNull().default('0'),
    sso_employee: money('sso_employee').notNull().default('0'),
    sso_employer: money('sso_employer').notNull().default('0'),
    tax: money('tax').notNull().default('0'),
    net: numeric('net', { precision: 14, scale: 2 }).notNull().default('0'),
    note: text('note').notNull().default(''),
    /** parts of income and deduction: the fixed monthly extra pay (pro rata, in income), the absence deducted
     *  (in deduction) and the irregular income (bonus, in income) of the month */
    extra: money('extra').notNull().default('0'),
    absence: money('absence').notNull().default('0'),
    irregular: money('irregular').notNull().default('0'),
    /** the branches the person belonged to during the month, with their days, when they moved (shown on the sheet) */
    branch_days: text('branch_days').notNull().default(''),
    /** the Labour Protection Act s.76 warnings of the line (Thai) */
    warnings: jsonb('warnings').$type<string[]>().notNull().default([]),
    /** the part of an advance not recovered this month, carried to next month's sheet (category advance_carried) */
    carry_advance: money('carry_advance').notNull().default('0'),
  },
  (t) => [
    check('payroll_lines_carry_advance', sql`${t.carry_advance} >= 0`),
    uniqueIndex('payroll_lines_payroll_user').on(t.payroll_id, t.user_id),
    uniqueIndex('payroll_lines_user_month').on(t.user_id, t.month),
    index('payroll_lines_user').on(t.user_id),
    foreignKey({
      name: 'payroll_lines_payroll_month_fk',
      columns: [t.payroll_id, t.month],
      foreignColumns: [payrolls.payroll_id, payrolls.month],
    }),
  ],
);

/** The incomes and deductions of a line (fill: value typed; multiply: value = rate, per_value = quantity). */
export const payrollLineItems = pgTable(
  'payroll_line_items',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    line_id: integer('line_id')
      .notNull()
      .references(() => payrollLines.line_id),
    list_payroll_id: integer('list_payroll_id')
      .notNull()
      .references(() => listPayroll.list_payroll_id),
    name: text('name').notNull(),
    type: text('type').notNull(),
    condition: text('condition').notNull(),
    value: money('value').notNull().default('0'),
    per_value: numeric('per_value', { precision: 10, scale: 2 }).notNull().default('0'),
    amount: money('amount').notNull().default('0'),
  },
  (t) => [index('payroll_line_items_line').on(t.line_id)],
);

/** An employee's standing incomes and deductions, copied into every new month (SPEC list-payrollListUser). */
export const payrollUserItems = pgTable(
  'payroll_user_items',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.user_id),
    list_payroll_id: integer('list_payroll_id')
      .notNull()
      .references(() => listPayroll.list_payroll_id),
    value: money('value').notNull().default('0'),
    per_value: numeric('per_value', { precision: 10, scale: 2 }).notNull().default('0'),
    note: text('note').notNull().default(''),
    is_delete: boolean('is_delete').notNull().default(false),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('payroll_user_items_user').on(t.user_id)],
);

/** A payslip issued at approval: the line as it was, frozen. A reopen and re-approval issues the next version. */
export const payslips = pgTable(
  'payslips',
  {
    payslip_id: integer('payslip_id').primaryKey().generatedAlwaysAsIdentity(),
    payroll_id: integer('payroll_id')
      .notNull()
      .references(() => payrolls.payroll_id),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.user_id),
    branch_id: integer('branch_id')
      .notNull()
      .references(() => branches.branch_id),
    month: text('month').notNull(),
    version: integer('version').notNull().default(1),
    is_current: boolean('is_current').notNull().default(true),
    net: money('net').notNull().default('0'),
    snapshot: jsonb('snapshot').$type<Record<string, unknown>>().notNull(),
    issued_by: integer('issued_by')
      .notNull()
      .references(() => users.user_id),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payslips_payroll_user_version').on(t.payroll_id, t.user_id, t.version),
    index('payslips_month').on(t.month),
  ],
);

/**
 * The branch an employee belongs to from a date (kept by a trigger on users.branch_id: the Bangkok day of the
 * change). The payroll puts a person on the sheet of the branch they belong to on the month's last day.
 */
export const employeeBranches = pgTable(
  'employee_branches',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.user_id),
    branch_id: integer('branch_id')
      .notNull()
      .references(() => branches.branch_id),
    valid_from: day('valid_from').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('employee_branches_user_from').on(t.user_id, t.valid_from)],
);

/** An employee's ล.ย.01 allowance declared from a date: a count (spouse, children, parents) or the year's amount. */
export const payrollAllowances = pgTable(
  'payroll_allowances',
  {
    allowance_id: integer('allowance_id').primaryKey().generatedAlwaysAsIdentity(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.user_id),
    kind: text('kind').notNull(),
    count: integer('count').notNull().default(0),
    amount: money('amount').notNull().default('0'),
    valid_from: day('valid_from').notNull(),
    note: text('note').notNull().default(''),
    is_delete: boolean('is_delete').notNull().default(false),
    created_by: integer('created_by')
      .notNull()
      .references(() => users.user_id),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payroll_allowances_user_kind_from')
      .on(t.user_id, t.kind, t.valid_from)
      .where(sql`not ${t.is_delete}`),
    check('payroll_allowances_count', sql`${t.count} >= 0 and ${t.count} <= 20`),
    check('payroll_allowances_amount', sql`${t.amount} >= 0`),
  ],
);
