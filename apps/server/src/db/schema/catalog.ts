import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { branches, day, money, ts } from './core.js';

/** Licence classes / course types (รถยนต์, รถจักรยานยนต์, …): data, editable. */
export const courseTypes = pgTable(
  'course_types',
  {
    course_type_id: integer('course_type_id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    sort: integer('sort').notNull().default(0),
    /** the youngest age a student of this licence class may register at without a warning (0 = no minimum) */
    min_age: integer('min_age').notNull().default(0),
    is_delete: boolean('is_delete').notNull().default(false),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('course_types_name_live')
      .on(t.name)
      .where(sql`not ${t.is_delete}`),
  ],
);

export const courses = pgTable(
  'courses',
  {
    course_id: integer('course_id').primaryKey().generatedAlwaysAsIdentity(),
    /** null: a school-wide item (offered by every branch, or by the branches in branch_ids); else the one branch that offers it */
    branch_id: integer('branch_id').references(() => branches.branch_id),
    /** school-wide items only: the branches that offer it; null = every branch (a new branch too) */
    branch_ids: integer('branch_ids').array(),
    name: text('name').notNull(),
    detail: text('detail').notNull().default(''),
    price: money('price').notNull(),
    /** the course type's name (course/type) */
    type: text('type').notNull(),
    theory_hours: integer('theory_hours').notNull().default(0),
    practice_hours: integer('practice_hours').notNull().default(0),
    is_activate: boolean('is_activate').notNull().default(true),
    is_delete: boolean('is_delete').notNull().default(false),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('courses_branch').on(t.branch_id)],
);

export const promotions = pgTable(
  'promotions',
  {
    promotion_id: integer('promotion_id').primaryKey().generatedAlwaysAsIdentity(),
    /** null: a school-wide item (offered by every branch, or by the branches in branch_ids); else the one branch that offers it */
    branch_id: integer('branch_id').references(() => branches.branch_id),
    /** school-wide items only: the branches that offer it; null = every branch (a new branch too) */
    branch_ids: integer('branch_ids').array(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    detail: text('detail').notNull().default(''),
    /** a course type name the promotion applies to, or 'ทั้งหมด' for every type */
    type: text('type').notNull().default('ทั้งหมด'),
    /** 'percent' (default) or 'amount' */
    type_discount: text('type_discount').notNull().default('percent'),
    value: money('value').notNull(),
    start: day('start').notNull(),
    end: day('end').notNull(),
    is_unlimit: boolean('is_unlimit').notNull().default(false),
    limit: integer('limit').notNull().default(0),
    /** counted by the server inside the registration transaction; never typed by staff */
    usage: integer('usage').notNull().default(0),
    is_activate: boolean('is_activate').notNull().default(true),
    is_delete: boolean('is_delete').notNull().default(false),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('promotions_code_live')
      .on(sql`coalesce(${t.branch_id}, 0)`, sql`upper(${t.code})`)
      .where(sql`not ${t.is_delete}`),
  ],
);

export const otherFees = pgTable(
  'other_fees',
  {
    other_fee_id: integer('other_fee_id').primaryKey().generatedAlwaysAsIdentity(),
    /** null: a school-wide item (offered by every branch, or by the branches in branch_ids); else the one branch that offers it */
    branch_id: integer('branch_id').references(() => branches.branch_id),
    /** school-wide items only: the branches that offer it; null = every branch (a new branch too) */
    branch_ids: integer('branch_ids').array(),
    name: text('name').notNull(),
    detail: text('detail').notNull().default(''),
    price: money('price').notNull(),
    /** a request fee (ค่าคำร้อง): change of exam date, re-issued certificate, extended exam permission */
    is_request_fee: boolean('is_request_fee').notNull().default(false),
    /** a request fee selling lesson hours: the part ('theory' | 'practice') and the hours added once paid (or null) */
    lesson_part: text('lesson_part'),
    lesson_hours: integer('lesson_hours'),
    is_activate: boolean('is_activate').notNull().default(true),
    is_delete: boolean('is_delete').notNull().default(false),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('other_fees_branch').on(t.branch_id),
    check(
      'other_fees_lesson_hours',
      sql`(${t.lesson_part} is null and ${t.lesson_hours} is null) or (${t.lesson_part} in ('theory', 'practice') and ${t.lesson_hours} between 1 and 100)`,
    ),
  ],
);

/** A school-wide course's or fee's price at one branch, where it differs from the school-wide price. */
export const catalogPrices = pgTable(
  'catalog_prices',
  {
    /** 'course' or 'other_fee' */
    kind: text('kind').notNull(),
    item_id: integer('item_id').notNull(),
    branch_id: integer('branch_id')
      .notNull()
      .references(() => branches.branch_id),
    price: money('price').notNull(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.item_id, t.branch_id] })],
);

/** Expense categories, nested one level (parent → children). */
export const expenseCategories = pgTable('expense_categories', {
  category_id: integer('category_id').primaryKey().generatedAlwaysAsIdentity(),
  parent_id: integer('parent_id'),
  name: text('name').notNull(),
  sort: integer('sort').notNull().default(0),
  is_delete: boolean('is_delete').notNull().default(false),
});

export const listExpenses = pgTable(
  'list_expenses',
  {
    list_expenses_id: integer('list_expenses_id').primaryKey().generatedAlwaysAsIdentity(),
    branch_id: integer('branch_id')
      .notNull()
      .references(() => branches.branch_id),
    name: text('name').notNull(),
    category_id: integer('category_id')
      .notNull()
      .references(() => expenseCategories.category_id),
    type: text('type').notNull().default(''),
    status: text('status').notNull().default('active'),
    detail: text('detail').notNull().default(''),
    is_delete: boolean('is_delete').notNull().default(false),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('list_expenses_branch').on(t.branch_id)],
);

export const listPayroll = pgTable(
  'list_payroll',
  {
    list_payroll_id: integer('list_payroll_id').primaryKey().generatedAlwaysAsIdentity(),
    branch_id: integer('branch_id')
      .notNull()
      .references(() => branches.branch_id),
    name: text('name').notNull(),
    value: money('value').notNull().default('0'),
    /** the unit label of value, e.g. บาท/เดือน, บาท/ชั่วโมง, % */
    title_value: text('title_value').notNull().default(''),
    /** 'fill' = entered each month; 'multiply' = rate × quantity */
    condition: text('condition').notNull().default('fill'),
    category: text('category').notNull().default(''),
    status: text('status').notNull().default('active'),
    /** 'income' (default) or 'deduction' */
    type: text('type').notNull().default('income'),
    is_delete: boolean('is_delete').notNull().default(false),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('list_payroll_branch').on(t.branch_id)],
);

/** Evaluation criteria instructors score students against. */
export const evaluates = pgTable('evaluates', {
  evaluate_id: integer('evaluate_id').primaryKey().generatedAlwaysAsIdentity(),
  title: text('title').notNull(),
  category: text('category').notNull(),
  /** the licence/course type the criterion belongs to */
  type: text('type').notNull(),
  sort: integer('sort').notNull().default(0),
  is_activate: boolean('is_activate').notNull().default(true),
  is_delete: boolean('is_delete').notNull().default(false),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});
