import { integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { ts, users } from './core.js';

/**
 * A withholding certificate (50 ทวิ) issued for a person and tax year (Common Era): its book (เล่มที่, the
 * Buddhist year) and number (เลขที่, running within the book), given at the first issue and kept for reprints.
 */
export const payrollCertificates = pgTable(
  'payroll_certificates',
  {
    certificate_id: integer('certificate_id').primaryKey().generatedAlwaysAsIdentity(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.user_id),
    year: integer('year').notNull(),
    book_no: text('book_no').notNull(),
    number: integer('number').notNull(),
    issued_by: integer('issued_by')
      .notNull()
      .references(() => users.user_id),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payroll_certificates_user_year').on(t.user_id, t.year),
    uniqueIndex('payroll_certificates_book_number').on(t.book_no, t.number),
  ],
);
