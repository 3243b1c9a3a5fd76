/**
 * What a receipt shows besides the money (school, branch, customer, cashier and the lines), read in one prepared
 * statement: on its own, or as the payment's locking read of the application.
 */
import { eq, sql } from 'drizzle-orm';
import { todayBangkok } from '@khabkhi/thai';
import type { Conn } from '../../db/connection.js';
import { preparedAnywhere } from '../../db/sql.js';
import { branches, schoolSettings, users } from '../../db/schema/core.js';
import { applications, customers } from '../../db/schema/money.js';
import { notFound } from '../../http/errors.js';
import { dayLockSql } from './day-lock.js';

type ApplicationRow = typeof applications.$inferSelect;

export interface ReceiptContext {
  branch: typeof branches.$inferSelect;
  customer: typeof customers.$inferSelect;
  settings: typeof schoolSettings.$inferSelect | null;
  cashier: { prefix: string; fname: string; sname: string };
  lines: { name: string; cost: string; discount: string; code: string }[];
  /** set by lockForPayment: the business day whose lock the locking statement took (shared) */
  day?: string;
}

/** What a receipt shows besides the money (school, branch, customer, cashier and the lines), in one query. */
function contextQuery(tx: Conn, dayLock = false) {
  return tx
    .select({
      ...(dayLock
        ? {
            dayLock: sql<string>`pg_advisory_xact_lock_shared(${dayLockSql(sql`${applications.branch_id}`, sql`${sql.placeholder('day')}`)})`,
          }
        : {}),
      app: applications,
      branch: branches,
      customer: customers,
      settings: schoolSettings,
      cashier: { prefix: users.prefix, fname: users.fname, sname: users.sname },
      lines: sql<
        ReceiptContext['lines']
      >`(select coalesce(json_agg(json_build_object('name', l.name, 'cost', l.cost::text, 'discount', l.discount::text, 'code', l.code) order by l.line_no), '[]'::json)
      from (select line_no, course_name as name, cost, discount, promotion_code as code from application_courses where application_id = ${applications.application_id}
            union all select line_no, other_fee_name, cost, discount, '' from application_fees where application_id = ${applications.application_id}) l)`,
    })
    .from(applications)
    .innerJoin(branches, eq(branches.branch_id, applications.branch_id))
    .innerJoin(customers, eq(customers.customer_id, applications.customer_id))
    .innerJoin(users, eq(users.user_id, sql.placeholder('cashierId')))
    .leftJoin(schoolSettings, eq(schoolSettings.id, 1))
    .where(eq(applications.application_id, sql.placeholder('applicationId')));
}

// prepared: built once, parsed and planned once per pooled connection (run on the caller's transaction)
const receiptContextQuery = preparedAnywhere((tx: Conn) => contextQuery(tx).prepare('receipt_context'));
const lockForPaymentQuery = preparedAnywhere((tx: Conn) =>
  contextQuery(tx, true).for('update', { of: applications }).prepare('lock_for_payment'),
);

/** The receipt context of an application the caller has already locked. */
export async function receiptContext(tx: Conn, app: ApplicationRow, cashierId: number): Promise<ReceiptContext> {
  const [r] = await receiptContextQuery(tx).execute({ applicationId: app.application_id, cashierId });
  if (!r) throw notFound('ไม่พบใบสมัครนี้');
  return { branch: r.branch, customer: r.customer, settings: r.settings, cashier: r.cashier, lines: r.lines };
}

/** SELECT … FOR UPDATE of the application together with its receipt context: one round trip before a payment. */
export async function lockForPayment(
  tx: Conn,
  applicationId: number,
  cashierId: number,
): Promise<{ app: ApplicationRow; ctx: ReceiptContext }> {
  // prepared: parsed and planned once per connection
  // the same statement takes the business day's lock shared (see dayLockSql): no extra round trip
  const day = todayBangkok();
  const [r] = await lockForPaymentQuery(tx).execute({ applicationId, cashierId, day });
  if (!r) throw notFound('ไม่พบใบสมัครนี้');
  return {
    app: r.app,
    ctx: { branch: r.branch, customer: r.customer, settings: r.settings, cashier: r.cashier, lines: r.lines, day },
  };
}
