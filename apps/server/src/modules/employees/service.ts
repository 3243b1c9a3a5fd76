import { and, eq, isNull, ne } from 'drizzle-orm';
import { isValidThaiNationalId } from '@khabkhi/thai';
import type { Db } from '../../db/connection.js';
import { branches, files, refreshTokens, roles, users } from '../../db/schema/core.js';
import { withPhoneDigits } from '../../lib/phones.js';
import { audit } from '../../http/audit.js';
import { softDeleteWithAudit } from '../../http/soft-delete.js';
import { assertBranch, canDo, type Actor } from '../../http/auth.js';
import type { Action, Subject } from '../../http/abilities.js';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors.js';
import { hashPassword, verifyPassword } from '../../lib/crypto.js';
import { revokeAllSessions } from '../auth/index.js';
import { findUser, usernameTaken } from './repo.js';

type Input = Record<string, unknown> & {
  role_id: number;
  branch_id: number;
  fname: string;
  username?: string;
  password?: string;
};

function checkIdentity(b: Record<string, unknown>) {
  const idcard = typeof b.idcard === 'string' ? b.idcard.replace(/[\s-]/g, '') : '';
  if (idcard && !b.is_foreigner && !isValidThaiNationalId(idcard)) {
    throw badRequest('เลขบัตรประชาชน: เลขไม่ถูกต้อง (ตรวจสอบหลักสุดท้ายไม่ผ่าน)');
  }
  if (b.idcard !== undefined) b.idcard = idcard;
  if (typeof b.birthday === 'string' && b.birthday > new Date().toISOString().slice(0, 10)) {
    throw badRequest('วันเกิด: ต้องไม่เป็นวันในอนาคต');
  }
}

/** True when every ability of the role is one the actor holds too (and an every-branch role needs an every-branch actor). */
function roleWithin(actor: Actor, role: { abilities: { action: string; subject: string }[]; all_branches: boolean }) {
  if (role.all_branches && actor.branchScope !== null) return false;
  return role.abilities.every((a) => canDo(actor, a.action as Action, a.subject as Subject));
}

const isOwnerLevel = (role: { abilities: { action: string; subject: string }[]; all_branches: boolean }) =>
  role.all_branches || role.abilities.some((a) => a.action === 'manage' && a.subject === 'all');

async function roleOf(db: Db, roleId: number) {
  const [role] = await db.select().from(roles).where(eq(roles.role_id, roleId));
  return role;
}

/**
 * A user may hand out only roles no wider than what they hold: otherwise a manager could create
 * (and sign in as) an account with more rights than their own.
 */
async function checkRoleAndBranch(db: Db, actor: Actor, roleId: number, branchId: number, grants: boolean) {
  const role = await roleOf(db, roleId);
  if (!role || role.is_delete) throw badRequest('บทบาท: ไม่พบบทบาทนี้');
  if (grants && !roleWithin(actor, role)) {
    throw forbidden(
      isOwnerLevel(role)
        ? 'คุณไม่มีสิทธิ์กำหนดบทบาทเจ้าของ/ผู้ดูแลระบบ'
        : `คุณไม่มีสิทธิ์กำหนดบทบาท "${role.name}" เพราะมีสิทธิ์มากกว่าของคุณ`,
    );
  }
  const [branch] = await db
    .select()
    .from(branches)
    .where(and(eq(branches.branch_id, branchId), eq(branches.is_delete, false)));
  if (!branch) throw badRequest('สาขา: ไม่พบสาขานี้');
  assertBranch(actor, branchId);
}

/**
 * Who may change another person's account. Any change to an owner-level account needs an owner.
 * Taking an account over (its password, username, role or status) or deleting it needs rights at
 * least as wide as that account's: a manager may not reset the owner's password and sign in as them.
 */
async function assertMayChange(
  db: Db,
  actor: Actor,
  target: { user_id: number; role_id: number },
  takeover: string | null,
) {
  if (target.user_id === actor.userId) return;
  const role = await roleOf(db, target.role_id);
  if (!role) return;
  if (isOwnerLevel(role) && !canDo(actor, 'manage', 'all')) throw forbidden('คุณไม่มีสิทธิ์แก้ไขบัญชีเจ้าของ/ผู้ดูแลระบบ');
  if (takeover && !roleWithin(actor, role)) throw forbidden(`คุณไม่มีสิทธิ์${takeover}ของผู้ใช้ที่มีสิทธิ์มากกว่าคุณ (${role.name})`);
}

/** A photo must be an uploaded photo the actor may see (not, say, another branch's employee photo). */
async function checkPhoto(db: Db, actor: Actor, photo: unknown, current?: string | null) {
  if (typeof photo !== 'string' || photo === current) return;
  const [f] = await db
    .select({ kind: files.kind, branch_id: files.branch_id })
    .from(files)
    .where(eq(files.file_id, photo));
  if (!f || f.kind !== 'photo') throw badRequest('รูปถ่าย: ไม่พบไฟล์รูปนี้ กรุณาอัปโหลดใหม่');
  if (actor.branchScope !== null && (f.branch_id === null || !actor.branchScope.includes(f.branch_id))) {
    throw forbidden('รูปถ่าย: คุณไม่มีสิทธิ์ใช้ไฟล์นี้');
  }
}

export async function registerUser(db: Db, actor: Actor, b: Input, reqId?: string) {
  checkIdentity(b);
  await checkRoleAndBranch(db, actor, b.role_id, b.branch_id, true);
  await checkPhoto(db, actor, b.photo);
  if (await usernameTaken(db, b.username!)) throw conflict('ชื่อผู้ใช้: มีผู้ใช้ชื่อนี้แล้ว กรุณาเลือกชื่ออื่น');
  const { password, ...rest } = b;
  const password_hash = await hashPassword(password!);
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(users)
      .values({ ...withPhoneDigits(rest as typeof users.$inferInsert), password_hash })
      .returning();
    if (row!.photo) await tx.update(files).set({ branch_id: row!.branch_id }).where(eq(files.file_id, row!.photo));
    await audit(
      tx,
      actor,
      { entity: 'user', entityId: row!.user_id, action: 'create', branchId: row!.branch_id, after: row },
      reqId,
    );
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
  const self = b.user_id === actor.userId;
  if (self && b.status === 'inactive') throw badRequest('ไม่สามารถระงับบัญชีของตัวเองได้');
  if (self && b.password) throw badRequest('รหัสผ่าน: เปลี่ยนรหัสผ่านของตัวเองที่หน้าข้อมูลส่วนตัว โดยระบุรหัสผ่านเดิม');
  const roleChanged = b.role_id !== before.role_id;
  const takeover = b.password
    ? 'เปลี่ยนรหัสผ่าน'
    : roleChanged
      ? 'เปลี่ยนบทบาท'
      : b.username !== undefined && b.username.toLowerCase() !== before.username.toLowerCase()
        ? 'เปลี่ยนชื่อผู้ใช้'
        : b.status !== undefined && b.status !== before.status
          ? 'เปลี่ยนสถานะ'
          : null;
  await assertMayChange(db, actor, before, takeover);
  await checkRoleAndBranch(db, actor, b.role_id, b.branch_id, roleChanged);
  await checkPhoto(db, actor, b.photo, before.photo);
  if (b.username && (await usernameTaken(db, b.username, b.user_id))) throw conflict('ชื่อผู้ใช้: มีผู้ใช้ชื่อนี้แล้ว กรุณาเลือกชื่ออื่น');
  const { password, user_id, ...rest } = b;
  const set: Partial<typeof users.$inferInsert> = {
    ...withPhoneDigits(rest as Partial<typeof users.$inferInsert>),
    updatedAt: new Date(),
  };
  if (password) {
    set.password_hash = await hashPassword(password);
    set.password_changed_at = new Date();
  }
  await db.transaction(async (tx) => {
    const [after] = await tx.update(users).set(set).where(eq(users.user_id, user_id)).returning();
    if (after!.photo)
      await tx.update(files).set({ branch_id: after!.branch_id }).where(eq(files.file_id, after!.photo));
    if (password || b.status === 'inactive' || roleChanged) await revokeAllSessions(tx, user_id);
    await audit(
      tx,
      actor,
      {
        entity: 'user',
        entityId: user_id,
        action: password ? 'update+password' : 'update',
        branchId: after!.branch_id,
        before,
        after,
      },
      reqId,
    );
  });
  return (await findUser(db, user_id))!;
}

export async function deleteUser(db: Db, actor: Actor, userId: number, reqId?: string) {
  if (userId === actor.userId) throw badRequest('ไม่สามารถลบบัญชีของตัวเองได้');
  const before = await getUserScoped(db, actor, userId);
  await assertMayChange(db, actor, before, 'ลบบัญชี');
  await db.transaction(async (tx) => {
    await revokeAllSessions(tx, userId);
    await softDeleteWithAudit(
      tx,
      actor,
      users,
      users.user_id,
      userId,
      { entity: 'user', branchId: before.branch_id, before, after: { is_delete: true }, also: { status: 'inactive' } },
      reqId,
    );
  });
}

export async function changeOwnPassword(
  db: Db,
  actor: Actor,
  oldPassword: string,
  newPassword: string,
  reqId?: string,
) {
  const [u] = await db.select({ hash: users.password_hash }).from(users).where(eq(users.user_id, actor.userId));
  if (!u || !(await verifyPassword(u.hash, oldPassword))) throw badRequest('รหัสผ่านเดิม: ไม่ถูกต้อง');
  if (oldPassword === newPassword) throw badRequest('รหัสผ่านใหม่: ต้องไม่ซ้ำกับรหัสผ่านเดิม');
  const password_hash = await hashPassword(newPassword);
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ password_hash, password_changed_at: new Date(), updatedAt: new Date() })
      .where(eq(users.user_id, actor.userId));
    // every other session of this user ends (a stolen one among them); the current one stays
    await tx
      .update(refreshTokens)
      .set({ revoked_at: new Date() })
      .where(
        and(
          eq(refreshTokens.user_id, actor.userId),
          ne(refreshTokens.family_id, actor.familyId),
          isNull(refreshTokens.revoked_at),
        ),
      );
    await audit(tx, actor, { entity: 'user', entityId: actor.userId, action: 'change-password' }, reqId);
  });
}

export async function updateOwnProfile(db: Db, actor: Actor, b: Record<string, unknown>, reqId?: string) {
  const before = await findUser(db, actor.userId);
  await checkPhoto(db, actor, b.photo, before?.photo);
  await db.transaction(async (tx) => {
    const [after] = await tx
      .update(users)
      .set({ ...withPhoneDigits(b as Partial<typeof users.$inferInsert>), updatedAt: new Date() })
      .where(eq(users.user_id, actor.userId))
      .returning();
    await audit(tx, actor, { entity: 'user', entityId: actor.userId, action: 'update-profile', before, after }, reqId);
  });
  return (await findUser(db, actor.userId))!;
}
