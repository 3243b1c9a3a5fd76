/**
 * The payroll workflow's roles, a setting of the school: which roles submit, confirm and approve a month (an empty
 * list: every role with the route's ability), and whether an owner may approve a month they submitted themselves
 * (a school with one owner). No one else ever approves what they submitted.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Conn, Tx } from '../../db/connection.js';
import { roles, users } from '../../db/schema/core.js';
import { payrollWorkflow } from '../../db/schema/payroll.js';
import { can } from '../../http/abilities.js';
import { audit } from '../../http/audit.js';
import type { Actor } from '../../http/auth.js';
import { badRequest } from '../../http/errors.js';

export interface WorkflowRoles {
  submit_roles: string[];
  confirm_roles: string[];
  approve_roles: string[];
  owner_self_approve: boolean;
}

/** The setting as today's school runs without one: abilities alone submit and confirm, the owner approves. */
const DEFAULTS: WorkflowRoles = {
  submit_roles: [],
  confirm_roles: [],
  approve_roles: ['owner'],
  owner_self_approve: false,
};

export const isOwner = (actor: Actor) => can(actor.abilities, 'manage', 'all');

export async function workflowRoles(conn: Conn): Promise<WorkflowRoles> {
  const [w] = await conn.select().from(payrollWorkflow).where(eq(payrollWorkflow.id, 1));
  return w
    ? {
        submit_roles: w.submit_roles,
        confirm_roles: w.confirm_roles,
        approve_roles: w.approve_roles,
        owner_self_approve: w.owner_self_approve,
      }
    : DEFAULTS;
}

/** How many active people the school has whose role manages everything (its owners and administrators). */
export async function ownerCount(conn: Conn) {
  const [r] = await conn
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .innerJoin(roles, eq(roles.role_id, users.role_id))
    .where(
      and(
        eq(users.status, 'active'),
        eq(users.is_delete, false),
        sql`${roles.abilities} @> '[{"action":"manage","subject":"all"}]'::jsonb`,
      ),
    );
  return r?.n ?? 0;
}

/** A step's roles allow the actor: no list = every role with the ability; 'owner' in a list covers whoever manages all. */
export const inRoles = (actor: Actor, list: string[]) =>
  !list.length || list.includes(actor.roleSlug) || (list.includes('owner') && isOwner(actor));

/** The Thai names of a step's roles, for a refusal ("ได้เฉพาะ …"). */
export async function roleNames(conn: Conn, list: string[]) {
  if (!list.length) return '';
  const rs = await conn.select({ name: roles.name }).from(roles).where(inArray(roles.slug, list));
  return rs.map((r) => r.name).join(', ');
}

/** The roles a step may be given (every role of the school), for the settings screen. */
export async function roleOptions(conn: Conn) {
  return conn.select({ value: roles.slug, name: roles.name }).from(roles).orderBy(asc(roles.sort), asc(roles.role_id));
}

export async function workflowSettings(conn: Conn) {
  return { ...(await workflowRoles(conn)), roles: await roleOptions(conn) };
}

/** payroll/workflow/update: the owner sets who submits, confirms and approves; unknown roles are refused in Thai. */
export async function saveWorkflowRoles(tx: Tx, actor: Actor, b: WorkflowRoles, requestId?: string) {
  const known = new Set((await roleOptions(tx)).map((r) => r.value));
  const fields: [keyof WorkflowRoles, string][] = [
    ['submit_roles', 'ผู้ส่งตรวจ'],
    ['confirm_roles', 'ผู้ยืนยัน'],
    ['approve_roles', 'ผู้อนุมัติ'],
  ];
  for (const [k, label] of fields) {
    const bad = (b[k] as string[]).filter((s) => !known.has(s));
    if (bad.length) throw badRequest(`${label}: ไม่พบบทบาท ${bad.join(', ')}`);
  }
  if (!b.approve_roles.length) throw badRequest('ผู้อนุมัติ: ต้องเลือกอย่างน้อยหนึ่งบทบาท');
  const before = await workflowRoles(tx);
  const row = {
    submit_roles: [...new Set(b.submit_roles)],
    confirm_roles: [...new Set(b.confirm_roles)],
    approve_roles: [...new Set(b.approve_roles)],
    owner_self_approve: b.owner_self_approve,
  };
  await tx
    .insert(payrollWorkflow)
    .values({ id: 1, ...row, updated_by: actor.userId })
    .onConflictDoUpdate({
      target: payrollWorkflow.id,
      set: { ...row, updated_by: actor.userId, updatedAt: new Date() },
    });
  await audit(
    tx,
    actor,
    { entity: 'payroll_workflow', entityId: 1, action: 'update', branchId: actor.branchId, before, after: row },
    requestId,
  );
  return row;
}
