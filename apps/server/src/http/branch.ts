import { and, asc, eq } from 'drizzle-orm';
import type { Conn } from '../db/connection.js';
import { branches } from '../db/schema/core.js';
import { assertBranch, branchScopeWhere, type Actor } from './auth.js';
import { allOf, branchFilter } from './tables.js';
import { badRequest } from './errors.js';

/** The branch row, when it exists and is not deleted; else a Thai 400. (Scope is the caller's: see assertLiveBranch.) */
export async function liveBranchRow(conn: Conn, branchId: number) {
  const [b] = await conn
    .select()
    .from(branches)
    .where(and(eq(branches.branch_id, branchId), eq(branches.is_delete, false)));
  if (!b) throw badRequest('สาขา: ไม่พบสาขานี้');
  return b;
}

/** A record may go to this branch: it is in the actor's scope (else 403) and not deleted (else a Thai 400). */
export async function assertLiveBranch(conn: Conn, actor: Actor, branchId: number) {
  assertBranch(actor, branchId);
  await liveBranchRow(conn, branchId);
}

/**
 * A list's branch filter ("ทั้งหมด" or an id) that must stay in the actor's scope: a branch outside it is a 403, not an
 * empty list. undefined = every branch of the scope (the caller adds the scope's where).
 */
export function scopedBranchFilter(actor: Actor, v: string | undefined) {
  const b = branchFilter(v);
  if (b !== undefined && b > 0) assertBranch(actor, b);
  return b;
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
