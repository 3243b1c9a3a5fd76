import { and, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Conn } from '../../db/connection.js';
import { auditLog, branches, users } from '../../db/schema/core.js';
import { moneyRequests, payments } from '../../db/schema/money.js';

const rowSelect = {
  id: auditLog.id,
  at: auditLog.at,
  user_id: auditLog.user_id,
  branch_id: auditLog.branch_id,
  entity: auditLog.entity,
  entity_id: auditLog.entity_id,
  action: auditLog.action,
  before: auditLog.before,
  after: auditLog.after,
  user_name: sql<string>`coalesce(nullif(trim(${users.fname} || ' ' || ${users.sname}), '') || ' (' || ${users.username} || ')', '')`,
  branch_name: sql<string>`coalesce(${branches.name}, '')`,
};

/** One page of audit rows, newest first, with the total. */
export async function auditPage(conn: Conn, where: SQL | undefined, limit: number, offset: number) {
  const rows = await conn
    .select(rowSelect)
    .from(auditLog)
    .leftJoin(users, eq(users.user_id, auditLog.user_id))
    .leftJoin(branches, eq(branches.branch_id, auditLog.branch_id))
    .where(where)
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(limit)
    .offset(offset);
  const [{ total }] = (await conn
    .select({ total: sql<number>`count(*)::int` })
    .from(auditLog)
    .where(where)) as [{ total: number }];
  return { rows, total };
}

/** Every audit row about one application: the application itself, its payments and refunds, and its requests. */
export async function applicationHistory(conn: Conn, applicationId: number) {
  const id = String(applicationId);
  return conn
    .select(rowSelect)
    .from(auditLog)
    .leftJoin(users, eq(users.user_id, auditLog.user_id))
    .leftJoin(branches, eq(branches.branch_id, auditLog.branch_id))
    .where(
      or(
        and(
          inArray(auditLog.entity, ['application', 'application_fee', 'application_request_fee']),
          eq(auditLog.entity_id, id),
        ),
        and(
          eq(auditLog.entity, 'payment'),
          inArray(
            auditLog.entity_id,
            conn
              .select({ id: sql<string>`${payments.payment_id}::text` })
              .from(payments)
              .where(eq(payments.application_id, applicationId)),
          ),
        ),
        and(
          eq(auditLog.entity, 'money_request'),
          inArray(
            auditLog.entity_id,
            conn
              .select({ id: sql<string>`${moneyRequests.request_id}::text` })
              .from(moneyRequests)
              .where(eq(moneyRequests.application_id, applicationId)),
          ),
        ),
      ),
    )
    .orderBy(auditLog.at, auditLog.id);
}

export async function usersInScope(conn: Conn, scope: number[] | null) {
  return conn
    .select({
      value: users.user_id,
      name: sql<string>`${users.fname} || ' ' || ${users.sname} || ' (' || ${users.username} || ')'`,
    })
    .from(users)
    .where(scope === null ? undefined : inArray(users.branch_id, scope))
    .orderBy(users.username);
}

export async function branchesInScope(conn: Conn, scope: number[] | null) {
  return conn
    .select({ value: branches.branch_id, name: branches.name })
    .from(branches)
    .where(and(eq(branches.is_delete, false), scope === null ? undefined : inArray(branches.branch_id, scope)))
    .orderBy(branches.branch_id);
}
