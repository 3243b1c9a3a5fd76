import { and, asc, eq } from 'drizzle-orm';
import type { Conn } from '../db/connection.js';
import { branches } from '../db/schema/core.js';
import { assertBranch, branchScopeWhere, type Actor } from './auth.js';
import { allOf } from './tables.js';
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

/**
 * The live branches in the actor's scope, by id — the branch choices of every filter and form. One query for the
 * whole server: a feature maps the rows to its own shape ({ value, name } options, [id, name] pairs).
 */
export function liveBranchesInScope(conn: Conn, actor: Actor) {
  return conn
    .select({ branch_id: branches.branch_id, name: branches.name })
    .from(branches)
    .where(allOf(eq(branches.is_delete, false), branchScopeWhere(actor, branches.branch_id)))
    .orderBy(asc(branches.branch_id));
}
