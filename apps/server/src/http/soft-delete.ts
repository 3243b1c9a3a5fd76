/**
 * Soft delete with its audit row — the one way a feature removes a record: the row is marked deleted (with its
 * updatedAt when the table has one; `also` sets further columns in the same statement, e.g. an account made inactive)
 * and the audit log records it (action 'delete', the row before, and `after` as the caller gives it). Returns the row
 * as it is now. Both writes are the caller's transaction.
 */
import { eq, getTableColumns } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Conn } from '../db/connection.js';
import type { RowOf, SoftDeleteTable } from '../db/repository.js';
import { audit, type AuditEntry } from './audit.js';
import type { Actor } from './auth.js';

export interface SoftDeleteOptions {
  entity: string;
  branchId?: number | null;
  before: unknown;
  /** what the audit row records as after; 'row' = the row as deleted; absent = nothing */
  after?: unknown;
  /** further columns set with the flag */
  also?: Record<string, unknown>;
  /** the audit row's entity id when it is not the row's id */
  entityId?: AuditEntry['entityId'];
}

export async function softDeleteWithAudit<T extends SoftDeleteTable>(
  conn: Conn,
  actor: Actor,
  table: T,
  idColumn: PgColumn,
  id: number,
  o: SoftDeleteOptions,
  requestId?: string,
): Promise<RowOf<T>> {
  const hasUpdatedAt = 'updatedAt' in getTableColumns(table);
  const [row] = (await conn
    .update(table)
    .set({ is_delete: true, ...o.also, ...(hasUpdatedAt ? { updatedAt: new Date() } : {}) } as never)
    .where(eq(idColumn, id))
    .returning()) as RowOf<T>[];
  await audit(
    conn,
    actor,
    {
      entity: o.entity,
      entityId: o.entityId ?? id,
      action: 'delete',
      branchId: o.branchId,
      before: o.before,
      ...(o.after === undefined ? {} : { after: o.after === 'row' ? row : o.after }),
    },
    requestId,
  );
  return row!;
}
