import type { Conn, Tx } from '../../db/connection.js';
import type { approvalRequests } from '../../db/schema/approvals.js';
import type { Action, Subject } from '../../http/abilities.js';
import type { Actor } from '../../http/auth.js';

export type ApprovalRow = typeof approvalRequests.$inferSelect;

/**
 * One kind of maker–checker request (README "Approvals"). A feature defines its kind beside its own code and
 * registers it once (`registerApprovalKind`) when its route plugin loads; request/gettable, request/approve and the
 * menu badge then handle it with no change here.
 */
export interface ApprovalKind<P extends Record<string, unknown> = Record<string, unknown>> {
  /** the registry key stored in approval_requests.kind, e.g. 'void_payment' */
  kind: string;
  /** Thai name shown in the requests list */
  name: string;
  /** ability needed to file a request of this kind */
  request: [Action, Subject];
  /** ability needed to decide (on top of the route's `approve Request`); never the requester */
  decide: [Action, Subject];
  /** audit entity of the request rows (default 'approval_request') */
  entity?: string;
  /** Thai message answered when a request of this kind is approved */
  approvedMessage?: string;
  /**
   * Run in the filing transaction: load the subject, refuse (Thai AppError) what may not be asked, and return the
   * branch the request belongs to and the payload to keep (what the list shows and apply needs).
   */
  validate(
    tx: Tx,
    actor: Actor,
    subjectId: number,
    reason: string,
  ): Promise<{ branchId: number; payload: P; label: string }>;
  /** Run in the deciding transaction when approved, before the request row is marked: a throw writes nothing. */
  apply(tx: Tx, actor: Actor, request: ApprovalRow & { payload: P }, reqId?: string): Promise<void>;
  /**
   * Who may decide, in place of the generic rule (the `approve Request` ability, the kind's decide ability, never
   * the requester): refuse with a Thai AppError, or answer `self: true` when the kind's setting lets this maker
   * decide their own request (the row is then marked self_decided, the only way past the database's maker–checker).
   */
  authorize?(tx: Tx, actor: Actor, request: ApprovalRow & { payload: P }, approve: boolean): Promise<{ self: boolean }>;
  /** Run in the deciding transaction when rejected (sent back, with the decider's note), before the row is marked. */
  reject?(tx: Tx, actor: Actor, request: ApprovalRow & { payload: P }, note: string, reqId?: string): Promise<void>;
  /**
   * Locks the subject before the request row is locked, when the kind's own screen decides with the subject locked
   * first (a payroll month): both ways of deciding then take their locks in one order and never deadlock.
   */
  lockSubject?(tx: Tx, subjectId: number): Promise<unknown>;
  /** Whether this person decides requests of the kind at all (the menu badge and the list's button), beyond `decide`. */
  mayDecide?(conn: Conn, actor: Actor): Promise<boolean>;
}

const registry = new Map<string, ApprovalKind<any>>();

/** Adds a kind; the same definition may be registered again (every app instance loads the plugins), another one may not take its key. */
export function registerApprovalKind<P extends Record<string, unknown>>(k: ApprovalKind<P>): ApprovalKind<P> {
  const had = registry.get(k.kind);
  if (had && had !== k) throw new Error(`approval kind "${k.kind}" is already registered`);
  registry.set(k.kind, k);
  return k;
}

export function approvalKind(kind: string): ApprovalKind | undefined {
  return registry.get(kind);
}

export function approvalKinds(): ApprovalKind[] {
  return [...registry.values()];
}
