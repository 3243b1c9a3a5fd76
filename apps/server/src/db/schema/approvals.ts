import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { branches, ts, users } from './core.js';

/**
 * Maker–checker for every feature (modules/approvals): one person files a request of a registered kind about a
 * subject (a payment to void, a payroll month to reopen …), a different person with the kind's ability decides, and an
 * approval runs the kind's apply in the deciding transaction. `payload` holds what the kind needs to show and apply
 * (void_payment: application_id, payment_id, value). At most one pending request per kind and subject.
 */
export const approvalRequests = pgTable(
  'approval_requests',
  {
    request_id: integer('request_id').primaryKey().generatedAlwaysAsIdentity(),
    /** a key of the kinds registry, e.g. 'void_payment' */
    kind: text('kind').notNull(),
    /** the id of what the request is about (void_payment: the payment) */
    subject_id: integer('subject_id').notNull(),
    branch_id: integer('branch_id')
      .notNull()
      .references(() => branches.branch_id),
    payload: jsonb('payload').notNull().default({}),
    /** why the requester asks */
    reason: text('reason').notNull(),
    requested_by: integer('requested_by')
      .notNull()
      .references(() => users.user_id),
    decided_by: integer('decided_by').references(() => users.user_id),
    /** pending | approved | rejected */
    decision: text('decision').notNull().default('pending'),
    decided_at: ts('decided_at'),
    /** the decider's note */
    note: text('note').notNull().default(''),
    /** decided by its own maker, allowed only where the kind's setting says so (a school with one owner) */
    self_decided: boolean('self_decided').notNull().default(false),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    check('approval_requests_decision', sql`${t.decision} in ('pending', 'approved', 'rejected')`),
    check(
      'approval_requests_maker_checker',
      sql`${t.decided_by} is null or ${t.decided_by} <> ${t.requested_by} or ${t.self_decided}`,
    ),
    uniqueIndex('approval_requests_one_pending')
      .on(t.kind, t.subject_id)
      .where(sql`${t.decision} = 'pending'`),
    index('approval_requests_branch_decision').on(t.branch_id, t.decision),
  ],
);
