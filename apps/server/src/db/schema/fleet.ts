import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  text,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { branches, day, files, money, ts, users } from './core.js';
import { listExpenses } from './catalog.js';
import { payrolls } from './payroll.js';

/**
 * The school's fleet: training and exam cars and motorcycles (SPEC §3 Vehicle; DOMAIN "Vehicles of the school fleet").
 * noti_* are the next due dates: ตรอ. inspection, พ.ร.บ. compulsory insurance, voluntary insurance, annual tax.
 */
export const vehicles = pgTable(
  'vehicles',
  {
    vehicle_id: integer('vehicle_id').primaryKey().generatedAlwaysAsIdentity(),
    branch_id: integer('branch_id')
      .notNull()
      .references(() => branches.branch_id),
    brand: text('brand').notNull().default(''),
    model: text('model').notNull().default(''),
    color: text('color').notNull().default(''),
    /** the plate number (ทะเบียน), e.g. 1กข 1234 */
    no: text('no').notNull(),
    /** the plate's province */
    province: text('province').notNull(),
    /** 'car' (รถยนต์) or 'motorcycle' (รถจักรยานยนต์) */
    type: text('type').notNull(),
    /** 'active' ใช้งาน, 'repair' ซ่อม, 'sold' จำหน่าย */
    status: text('status').notNull().default('active'),
    /** the school's exam car (used by students at the exam) */
    is_exam: boolean('is_exam').notNull().default(false),
    purchase_date: day('purchase_date'),
    /** first registration (จดทะเบียน): the vehicle's age for the ตรอ. rule */
    registration_date: day('registration_date'),
    insurance_company: text('insurance_company').notNull().default(''),
    /** ชั้น 1, 2+, 2, 3+, 3 */
    insurance_type: text('insurance_type').notNull().default(''),
    note: text('note').notNull().default(''),
    noti_check: day('noti_check'),
    noti_compulsory: day('noti_compulsory'),
    noti_insurance: day('noti_insurance'),
    noti_tax: day('noti_tax'),
    is_delete: boolean('is_delete').notNull().default(false),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('vehicles_plate_live')
      .on(t.no, t.province)
      .where(sql`not ${t.is_delete}`),
    index('vehicles_branch').on(t.branch_id),
    check('vehicles_type', sql`${t.type} in ('car', 'motorcycle')`),
  ],
);

/** Odometer readings; never decreasing per vehicle (checked by the service under a lock on the vehicle). */
export const vehicleOdometer = pgTable(
  'vehicle_odometer',
  {
    reading_id: integer('reading_id').primaryKey().generatedAlwaysAsIdentity(),
    vehicle_id: integer('vehicle_id')
      .notNull()
      .references(() => vehicles.vehicle_id),
    mile: integer('mile').notNull(),
    date: day('date').notNull(),
    /** the expense that recorded it, when it came with one */
    expenses_id: integer('expenses_id'),
    created_by: integer('created_by').references(() => users.user_id),
    is_delete: boolean('is_delete').notNull().default(false),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('vehicle_odometer_vehicle').on(t.vehicle_id, t.date),
    check('vehicle_odometer_mile', sql`${t.mile} >= 0`),
  ],
);

/** Expense records (SPEC §3 Income/expense record), optionally of a vehicle or an employee. */
export const expenses = pgTable(
  'expenses',
  {
    expenses_id: integer('expenses_id').primaryKey().generatedAlwaysAsIdentity(),
    branch_id: integer('branch_id')
      .notNull()
      .references(() => branches.branch_id),
    list_expenses_id: integer('list_expenses_id')
      .notNull()
      .references(() => listExpenses.list_expenses_id),
    /** the business day in Asia/Bangkok */
    date: day('date').notNull(),
    vehicle_id: integer('vehicle_id').references(() => vehicles.vehicle_id),
    /** the employee the expense is for (e.g. an advance), not who recorded it */
    user_id: integer('user_id').references(() => users.user_id),
    detail: text('detail').notNull().default(''),
    pay_type: text('pay_type').notNull(),
    /** odometer at the time (fuel and repairs of a vehicle) */
    mile: integer('mile'),
    /** litres filled, for a fuel expense */
    liters: numeric('liters', { precision: 10, scale: 2 }),
    is_full_tank: boolean('is_full_tank').notNull().default(false),
    /** a renewal this expense paid: 'check' | 'compulsory' | 'insurance' | 'tax'; renew_until is the new due date */
    renew_kind: text('renew_kind'),
    renew_until: day('renew_until'),
    /** the vehicle's due date before this renewal moved it (put back when the renewal is deleted or changed) */
    renew_prev: day('renew_prev'),
    value: money('value').notNull(),
    /** the approved payroll that booked this expense: read-only outside payroll (reopen and re-approve the month) */
    payroll_id: integer('payroll_id').references((): AnyPgColumn => payrolls.payroll_id),
    created_by: integer('created_by')
      .notNull()
      .references(() => users.user_id),
    is_delete: boolean('is_delete').notNull().default(false),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('expenses_value', sql`${t.value} > 0`),
    check('expenses_pay_type', sql`${t.pay_type} in ('cash', 'transfer')`),
    check(
      'expenses_renew_kind',
      sql`${t.renew_kind} is null or ${t.renew_kind} in ('check', 'compulsory', 'insurance', 'tax')`,
    ),
    index('expenses_branch_date').on(t.branch_id, t.date),
    index('expenses_vehicle').on(t.vehicle_id, t.date),
    // accounting/expensestable: a page of the live expenses newest first, read from the top of the index
    index('expenses_page_order')
      .on(t.date.desc(), t.createdAt.desc(), t.expenses_id.desc())
      .where(sql`not ${t.is_delete}`),
    // vehicle/expenses/gettable: a page newest first and the filtered count and total over the live vehicle expenses
    // only (a third of all expenses). The migration adds INCLUDE (branch_id, list_expenses_id, vehicle_id, value), which
    // drizzle cannot declare, so the count and total of a period are an index-only scan.
    index('expenses_vehicle_rows')
      .on(t.date, t.expenses_id)
      .where(sql`${t.vehicle_id} is not null and not ${t.is_delete}`),
    // the table's expense-item filter offers the items ever recorded for a vehicle: one probe per item
    index('expenses_vehicle_items')
      .on(t.list_expenses_id)
      .where(sql`${t.vehicle_id} is not null and not ${t.is_delete}`),
  ],
);

/** Other income typed by staff (SPEC other_income); payments and refunds are income too but are read from payments. */
export const otherIncomes = pgTable(
  'other_incomes',
  {
    income_id: integer('income_id').primaryKey().generatedAlwaysAsIdentity(),
    branch_id: integer('branch_id')
      .notNull()
      .references(() => branches.branch_id),
    date: day('date').notNull(),
    /** what the income is, e.g. ขายเศษวัสดุ, ค่าเช่าสนาม */
    name: text('name').notNull(),
    detail: text('detail').notNull().default(''),
    pay_type: text('pay_type').notNull(),
    value: money('value').notNull(),
    created_by: integer('created_by')
      .notNull()
      .references(() => users.user_id),
    is_delete: boolean('is_delete').notNull().default(false),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('other_incomes_value', sql`${t.value} > 0`),
    check('other_incomes_pay_type', sql`${t.pay_type} in ('cash', 'transfer')`),
    index('other_incomes_branch_date').on(t.branch_id, t.date),
    // the income table's page across branches: the newest other incomes of a period without sorting them all
    index('other_incomes_newest')
      .on(t.date, t.createdAt, t.income_id)
      .where(sql`not ${t.is_delete}`),
  ],
);

/** Attached bills and slips (photos or PDFs), several per expense or income record; stored in files. */
export const accountingFiles = pgTable(
  'accounting_files',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    expenses_id: integer('expenses_id').references(() => expenses.expenses_id),
    income_id: integer('income_id').references(() => otherIncomes.income_id),
    file_id: uuid('file_id')
      .notNull()
      .references(() => files.file_id),
    /** 'image' or 'pdf' */
    file_type: text('file_type').notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [
    check('accounting_files_owner', sql`(${t.expenses_id} is null) <> (${t.income_id} is null)`),
    index('accounting_files_expense').on(t.expenses_id),
    index('accounting_files_income').on(t.income_id),
  ],
);

/**
 * The fleet's rules as a dated table (DOMAIN: rates and ages change; never inline in code): the row in force on a day
 * is the one with the latest effective_from on or before it. Seeded by the migration with today's law.
 */
export const fleetRules = pgTable(
  'fleet_rules',
  {
    rule_id: integer('rule_id').primaryKey().generatedAlwaysAsIdentity(),
    effective_from: day('effective_from').notNull(),
    /** a due date within this many days (or overdue) is a reminder */
    remind_days: integer('remind_days').notNull(),
    /** surcharge of an overdue annual tax, percent per month or part of a month */
    tax_late_rate: numeric('tax_late_rate', { precision: 5, scale: 2 }).notNull(),
    /** the tax may be paid this many days before it is due */
    tax_early_days: integer('tax_early_days').notNull(),
    /** a car this old (years since registration) needs the ตรอ. inspection before its tax */
    car_check_age: integer('car_check_age').notNull(),
    motorcycle_check_age: integer('motorcycle_check_age').notNull(),
    created_by: integer('created_by').references(() => users.user_id),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('fleet_rules_from').on(t.effective_from)],
);
