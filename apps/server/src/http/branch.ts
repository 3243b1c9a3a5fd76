import { and, eq } from 'drizzle-orm';
import type { Conn } from '../db/connection.js';
import { branches } from '../db/schema/core.js';
import { assertBranch, type Actor } from './auth.js';
import { badRequest } from './errors.js';

/** A record may go to this branch: it is in the actor's scope (else 403) and not deleted (else a Thai 400). */
export async function assertLiveBranch(conn: Conn, actor: Actor, branchId: number) {
  assertBranch(actor, branchId);
  const [b] = await conn
    .select({ id: branches.branch_id })
    .from(branches)
    .where(and(eq(branches.branch_id, branchId), eq(branches.is_delete, false)));
  if (!b) throw badRequest('สาขา: ไม่พบสาขานี้');
}
