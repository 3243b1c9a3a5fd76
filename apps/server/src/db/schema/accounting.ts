import { boolean, date, index, integer, jsonb, numeric, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { ts, users } from './core.js';

/**
 * A printed accounting report: the figures of the filtered period frozen when the report was asked for, so the
 * short-lived signed link (which carries only an id) prints exactly what the person saw, within their branch scope.
 */
export const accountingReports = pgTable('accounting_reports', {
  report_id: integer('report_id').primaryKey().generatedAlwaysAsIdentity(),
  snapshot: jsonb('snapshot').notNull(),
  created_by: integer('created_by')
    .notNull()
    .references(() => users.user_id),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/**
 * Per-day income totals, kept exact by triggers on payments and other_incomes in the money's own transaction (as
 * application_stats is): one row per branch, business day, source (the application's kind, or 'other'), refund or
 * not, and pay type. The accounting charts and totals read these instead of every payment of the period.
 */
export const incomeDays = pgTable(
  'income_days',
  {
    branch_id: integer('branch_id').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    source: text('source').notNull(),
    refund: boolean('refund').notNull(),
    pay_type: text('pay_type').notNull(),
    n: integer('n').notNull().default(0),
    value: numeric('value', { precision: 16, scale: 2 }).notNull().default('0'),
  },
  (t) => [
    primaryKey({ columns: [t.branch_id, t.date, t.source, t.refund, t.pay_type] }),
    index('income_days_date').on(t.date),
  ],
);

/** Per-day expense totals by branch, expense item and pay type, kept by a trigger on expenses (the category is joined when read). */
export const expenseDays = pgTable(
  'expense_days',
  {
    branch_id: integer('branch_id').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    list_expenses_id: integer('list_expenses_id').notNull(),
    pay_type: text('pay_type').notNull(),
    n: integer('n').notNull().default(0),
    value: numeric('value', { precision: 16, scale: 2 }).notNull().default('0'),
  },
  (t) => [
    primaryKey({ columns: [t.branch_id, t.date, t.list_expenses_id, t.pay_type] }),
    index('expense_days_date').on(t.date),
  ],
);
