import type { Conn } from '../db/connection.js';
import { auditLog } from '../db/schema/core.js';
import type { Actor } from './auth.js';

const SECRET_FIELDS = new Set(['password', 'password_hash', 'token_hash', 'data']);

function clean(v: unknown): unknown {
  if (v === null || v === undefined) return null;
  if (v instanceof Date) return v.toISOString();
  if (Buffer.isBuffer(v)) return `<${v.length} bytes>`;
  if (Array.isArray(v)) return v.map(clean);
  if (typeof v === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v as Record<string, unknown>)) {
      if (!SECRET_FIELDS.has(k)) out[k] = clean(x);
    }
    return out;
  }
  return v;
}

export interface AuditEntry {
  entity: string;
  entityId: string | number;
  action: string;
  branchId?: number | null;
  before?: unknown;
  after?: unknown;
}

/** Writes who, when, branch, entity, id, before and after — inside the caller's transaction. */
export async function audit(conn: Conn, actor: Actor | null, e: AuditEntry, requestId?: string): Promise<void> {
  await conn.insert(auditLog).values({
    user_id: actor?.userId ?? null,
    branch_id: e.branchId ?? actor?.branchId ?? null,
    entity: e.entity,
    entity_id: String(e.entityId),
    action: e.action,
    before: clean(e.before) as object | null,
    after: clean(e.after) as object | null,
    request_id: requestId ?? null,
  });
}
