import { integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { branches, ts, users } from './core.js';

/**
 * The compliance calendar's iCalendar feeds: a secret link per branch (null: every branch) a phone calendar
 * subscribes to without signing in. Only the SHA-256 of the secret is kept; revoking ends the link for good.
 */
export const complianceFeeds = pgTable(
  'compliance_feeds',
  {
    feed_id: integer('feed_id').primaryKey().generatedAlwaysAsIdentity(),
    branch_id: integer('branch_id').references(() => branches.branch_id),
    name: text('name').notNull().default(''),
    token_hash: text('token_hash').notNull(),
    created_by: integer('created_by')
      .notNull()
      .references(() => users.user_id),
    createdAt: ts('created_at').notNull().defaultNow(),
    revoked_by: integer('revoked_by').references(() => users.user_id),
    revokedAt: ts('revoked_at'),
    lastReadAt: ts('last_read_at'),
  },
  (t) => [uniqueIndex('compliance_feeds_token').on(t.token_hash)],
);

/** A statutory filing ticked as done by staff: one row per obligation key (e.g. sso:2026-10). */
export const complianceDone = pgTable('compliance_done', {
  key: text('key').primaryKey(),
  done_by: integer('done_by')
    .notNull()
    .references(() => users.user_id),
  doneAt: ts('done_at').notNull().defaultNow(),
});
