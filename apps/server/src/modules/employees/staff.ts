import { and, asc, eq, sql } from 'drizzle-orm';
import type { Conn } from '../../db/connection.js';
import { branches, users } from '../../db/schema/core.js';

/**
 * Staff who may teach or check at a branch: its own active users and the head office's; with `userId`, that one
 * person if they are among them (a rule's check reads one row, not the branch's whole staff).
 */
export async function staffOf(conn: Conn, branchId: number, userId?: number) {
  return conn
    .select({
      user_id: users.user_id,
      name: sql<string>`${users.prefix} || ${users.fname} || ' ' || ${users.sname}`,
      position: users.position,
      branch_id: users.branch_id,
      branch_name: branches.name,
    })
    .from(users)
    .innerJoin(branches, eq(branches.branch_id, users.branch_id))
    .where(
      and(
        eq(users.is_delete, false),
        eq(users.status, 'active'),
        sql`(${users.branch_id} = ${branchId} or ${branches.is_head_office})`,
        userId === undefined ? undefined : eq(users.user_id, userId),
      ),
    )
    .orderBy(
      sql`case when ${users.branch_id} = ${branchId} then 0 else 1 end`,
      sql`case when ${users.department} = 'ฝึกอบรม' then 0 else 1 end`,
      asc(users.fname),
    );
}
