import { and, eq } from 'drizzle-orm';
import { isValidThaiNationalId } from '@khabkhi/thai';
import type { Db } from '../../db/connection.js';
import { branches, files, roles, users } from '../../db/schema/core.js';
import { audit } from '../../http/audit.js';
import { assertBranch, canDo, type Actor } from '../../http/auth.js';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors.js';
import { hashPassword, verifyPassword } from '../../lib/crypto.js';
import { revokeAllSessions } from '../auth/service.js';
import { findUser, usernameTaken } from './repo.js';

type Input = Record<string, unknown> & { role_id: number; branch_id: number; fname: string; username?: string; password?: string };

function checkIdentity(b: Record<string, unknown>) {
  const idcard = typeof b.idcard === 'string' ? b.idcard.replace(/[\s-]/g, '') : '';
  if (idcard && !b.is_foreigner && !isValidThaiNationalId(idcard)) {
    throw badRequest('เลขบัตรประชาชน (idcard): เลขไม่ถูกต้อง (ตรวจสอบหลักสุดท้ายไม่ผ่าน)');
  }
  if (b.idcard !== undefined) b.idcard = idcard;
  if (typeof b.birthday === 'string' && b.birthday > new Date().toISOString().slice(0, 10)) {
    throw badRequest('วันเกิด (birthday): ต้องไม่เป็นวันในอนาคต');
  }
}

/** A user may hand out only roles no wider than what they hold. */
async function checkRoleAndBranch(db: Db, actor: Actor, roleId: number, branchId: number) {
  const [role] = await db.select().from(roles).where(and(eq(roles.role_id, roleId), eq(roles.is_delete, false)));
  if (!role) throw badRequest('บทบาท (role_id): ไม่พบบทบาทนี้');
  const grantsAll = role.all_branches || role.abilities.some((a) => a.action === 'manage' && a.subject === 'all');
  if (grantsAll && !canDo(actor, 'manage', 'all')) throw forbidden('คุณไม่มีสิทธิ์กำหนดบทบาทเจ้าของ/ผู้ดูแลระบบ');
  const [branch] = await db.select().from(branches).where(and(eq(branches.branch_id, branchId), eq(branches.is_delete, false)));
  if (!branch) throw badRequest('สาขา (branch_id): ไม่พบสาขานี้');
  assertBranch(actor, branchId);
}

export async function registerUser(db: Db, actor: Actor, b: Input, reqId?: string) {
  checkIdentity(b);
  await checkRoleAndBranch(db, actor, b.role_id, b.branch_id);
  if (await usernameTaken(db, b.username!)) throw conflict('ชื่อผู้ใช้ (username): มีผู้ใช้ชื่อนี้แล้ว กรุณาเลือกชื่ออื่น');
  const { password, ...rest } = b;
  const password_hash = await hashPassword(password!);
  const id = await db.transaction(async (tx) => {
    const [row] = await tx.insert(users).values({ ...(rest as typeof users.$inferInsert), password_hash }).returning();
    if (row!.photo) await tx.update(files).set({ branch_id: row!.branch_id }).where(eq(files.file_id, row!.photo));
    await audit(tx, actor, { entity: 'user', entityId: row!.user_id, action: 'create', branchId: row!.branch_id, after: row }, reqId);
    return row!.user_id;
  });
  return (await findUser(db, id))!;
}

export async function getUserScoped(db: Db, actor: Actor, userId: number) {
  const row = await findUser(db, userId);
  if (!row) throw notFound('ไม่พบพนักงานนี้');
  assertBranch(actor, row.branch_id);
  return row;
}

export async function updateUser(db: Db, actor: Actor, b: Input & { user_id: number }, reqId?: string) {
  const before = await getUserScoped(db, actor, b.user_id);
  checkIdentity(b);
  await checkRoleAndBranch(db, actor, b.role_id, b.branch_id);
  if (b.username && await usernameTaken(db, b.username, b.user_id)) throw conflict('ชื่อผู้ใช้ (username): มีผู้ใช้ชื่อนี้แล้ว กรุณาเลือกชื่ออื่น');
  if (b.user_id === actor.userId && b.status === 'inactive') throw badRequest('ไม่สามารถระงับบัญชีของตัวเองได้');
  const { password, user_id, ...rest } = b;
  const set: Partial<typeof users.$inferInsert> = { ...(rest as Partial<typeof users.$inferInsert>), updatedAt: new Date() };
  if (password) { set.password_hash = await hashPassword(password); set.password_changed_at = new Date(); }
  await db.transaction(async (tx) => {
    const [after] = await tx.update(users).set(set).where(eq(users.user_id, user_id)).returning();
    if (after!.photo) await tx.update(files).set({ branch_id: after!.branch_id }).where(eq(files.file_id, after!.photo));
    if (password || b.status === 'inactive' || (b.role_id !== before.role_id)) await revokeAllSessions(tx, user_id);
    await audit(tx, actor, { entity: 'user', entityId: user_id, action: password ? 'update+password' : 'update', branchId: after!.branch_id, before, after }, reqId);
  });
  return (await findUser(db, user_id))!;
}

export async function deleteUser(db: Db, actor: Actor, userId: number, reqId?: string) {
  if (userId === actor.userId) throw badRequest('ไม่สามารถลบบัญชีของตัวเองได้');
  const before = await getUserScoped(db, actor, userId);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ is_delete: true, status: 'inactive', updatedAt: new Date() }).where(eq(users.user_id, userId));
    await revokeAllSessions(tx, userId);
    await audit(tx, actor, { entity: 'user', entityId: userId, action: 'delete', branchId: before.branch_id, before, after: { is_delete: true } }, reqId);
  });
}

export async function changeOwnPassword(db: Db, actor: Actor, oldPassword: string, newPassword: string, reqId?: string) {
  const [u] = await db.select({ hash: users.password_hash }).from(users).where(eq(users.user_id, actor.userId));
  if (!u || !(await verifyPassword(u.hash, oldPassword))) throw badRequest('รหัสผ่านเดิม (old_password): ไม่ถูกต้อง');
  if (oldPassword === newPassword) throw badRequest('รหัสผ่านใหม่ (new_password): ต้องไม่ซ้ำกับรหัสผ่านเดิม');
  const password_hash = await hashPassword(newPassword);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ password_hash, password_changed_at: new Date(), updatedAt: new Date() }).where(eq(users.user_id, actor.userId));
    await audit(tx, actor, { entity: 'user', entityId: actor.userId, action: 'change-password' }, reqId);
  });
}

export async function updateOwnProfile(db: Db, actor: Actor, b: Record<string, unknown>, reqId?: string) {
  const before = await findUser(db, actor.userId);
  await db.transaction(async (tx) => {
    const [after] = await tx.update(users).set({ ...(b as Partial<typeof users.$inferInsert>), updatedAt: new Date() })
      .where(eq(users.user_id, actor.userId)).returning();
    await audit(tx, actor, { entity: 'user', entityId: actor.userId, action: 'update-profile', before, after }, reqId);
  });
  return (await findUser(db, actor.userId))!;
}
