import { and, count, eq, gt, isNull, max, sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/connection.js';
import { branches, loginAttempts, refreshTokens, roles, users } from '../../db/schema/core.js';
import { signAccessToken } from '../../http/auth.js';
import { tooMany, unauthorized } from '../../http/errors.js';
import { randomToken, sha256, verifyPassword } from '../../lib/crypto.js';
import type { Config } from '../../config.js';

export const BAD_LOGIN = 'ชื่อผู้ใช้หรือรหัสผ่านไม่ถูกต้อง';
export const BAD_REFRESH = 'เซสชันหมดอายุ กรุณาเข้าสู่ระบบใหม่ (Invalid refresh token)';

export interface SessionDeps {
  db: Db;
  config: Config;
  secret: Uint8Array;
}

export async function userData(db: Db, userId: number) {
  const rows = await db
    .select({
      user_id: users.user_id,
      username: users.username,
      prefix: users.prefix,
      fname: users.fname,
      sname: users.sname,
      nickname: users.nickname,
      photo: users.photo,
      role_id: roles.role_id,
      role_slug: roles.slug,
      role_name: roles.name,
      abilities: roles.abilities,
      branch_id: users.branch_id,
      branch_name: branches.name,
      is_head_office: branches.is_head_office,
      all_branches: roles.all_branches,
      // the demo school (seeded for a try-out): the web shows a banner so nobody takes it for real books
      demo: sql<boolean>`exists (select 1 from ${branches} where ${branches.is_head_office} and ${branches.is_demo})`,
    })
    .from(users)
    .innerJoin(roles, eq(roles.role_id, users.role_id))
    .innerJoin(branches, eq(branches.branch_id, users.branch_id))
    .where(eq(users.user_id, userId));
  const r = rows[0]!;
  return {
    userData: {
      user_id: r.user_id,
      username: r.username,
      prefix: r.prefix,
      fname: r.fname,
      sname: r.sname,
      nickname: r.nickname,
      photo: r.photo,
      role: { role_id: r.role_id, slug: r.role_slug, name: r.role_name },
      role_id: r.role_id,
      branch_id: r.branch_id,
      branch_name: r.branch_name,
      all_branches: r.all_branches || r.is_head_office,
      demo: r.demo,
    },
    ability: r.abilities,
  };
}

async function issuePair(d: SessionDeps, conn: Pick<Db, 'insert'>, userId: number, familyId: string) {
  const refreshToken = randomToken();
  await conn.insert(refreshTokens).values({
    user_id: userId,
    family_id: familyId,
    token_hash: sha256(refreshToken),
    expires_at: new Date(Date.now() + d.config.refreshTokenTtlDays * 86400_000),
  });
  const accessToken = await signAccessToken(d.secret, d.config.accessTokenTtlSeconds, userId, familyId);
  return { accessToken, refreshToken };
}

async function assertNotThrottled(d: SessionDeps, ip: string, username: string) {
  const since = new Date(Date.now() - d.config.loginWindowMinutes * 60_000);
  // failures since the last success of the same pair count; a success starts the count again
  const lastOk = await d.db
    .select({ at: max(loginAttempts.at) })
    .from(loginAttempts)
    .where(and(eq(loginAttempts.ip, ip), eq(loginAttempts.username, username), eq(loginAttempts.success, true)));
  const from = lastOk[0]?.at && lastOk[0].at > since ? lastOk[0].at : since;
  const [pair] = await d.db
    .select({ n: count() })
    .from(loginAttempts)
    .where(
      and(
        eq(loginAttempts.ip, ip),
        eq(loginAttempts.username, username),
        eq(loginAttempts.success, false),
        gt(loginAttempts.at, from),
      ),
    );
  const [byIp] = await d.db
    .select({ n: count() })
    .from(loginAttempts)
    .where(and(eq(loginAttempts.ip, ip), eq(loginAttempts.success, false), gt(loginAttempts.at, since)));
  if ((pair?.n ?? 0) >= d.config.loginMaxAttempts || (byIp?.n ?? 0) >= d.config.loginMaxAttempts * 4) {
    throw tooMany(`เข้าสู่ระบบไม่สำเร็จหลายครั้งเกินไป กรุณารอ ${d.config.loginWindowMinutes} นาทีแล้วลองใหม่`);
  }
}

export async function login(d: SessionDeps, ip: string, usernameRaw: string, password: string) {
  const username = usernameRaw.trim().toLowerCase();
  await assertNotThrottled(d, ip, username);
  const [u] = await d.db
    .select({
      user_id: users.user_id,
      hash: users.password_hash,
      status: users.status,
      roleLive: sql<boolean>`not ${roles.is_delete}`,
    })
    .from(users)
    .innerJoin(roles, eq(roles.role_id, users.role_id))
    .where(and(sql`lower(${users.username}) = ${username}`, eq(users.is_delete, false)))
    .limit(1);
  const good = u ? await verifyPassword(u.hash, password) : await verifyPassword(DUMMY_HASH, password);
  if (!u || !good || u.status !== 'active' || !u.roleLive) {
    await d.db.insert(loginAttempts).values({ ip, username, success: false });
    throw unauthorized(BAD_LOGIN);
  }
  await d.db.insert(loginAttempts).values({ ip, username, success: true });
  const pair = await issuePair(d, d.db, u.user_id, randomUUID());
  return { ...pair, ...(await userData(d.db, u.user_id)) };
}

// a real argon2id hash of a random string, so that an unknown username costs the same time as a known one
const DUMMY_HASH = '$argon2id$v=19$m=19456,t=2,p=1$VMp+uYbK5ErK+oeJbhILvw$m6dM1I2HOekTBYCr4QDywa4UOOQrSGwu+b/zkA4ix0I';

export async function refresh(d: SessionDeps, token: string) {
  const hash = sha256(token);
  const outcome = await d.db.transaction(async (tx) => {
    const [row] = await tx.select().from(refreshTokens).where(eq(refreshTokens.token_hash, hash)).for('update');
    if (!row) return { error: true as const };
    if (row.used_at || row.revoked_at || row.expires_at < new Date()) {
      // reuse of a spent token: someone holds a copy — end the whole family
      await tx
        .update(refreshTokens)
        .set({ revoked_at: new Date() })
        .where(and(eq(refreshTokens.family_id, row.family_id), isNull(refreshTokens.revoked_at)));
      return { error: true as const };
    }
    const [u] = await tx
      .select({ status: users.status, is_delete: users.is_delete })
      .from(users)
      .where(eq(users.user_id, row.user_id));
    if (!u || u.is_delete || u.status !== 'active') return { error: true as const };
    await tx.update(refreshTokens).set({ used_at: new Date() }).where(eq(refreshTokens.id, row.id));
    const pair = await issuePair(d, tx, row.user_id, row.family_id);
    return { error: false as const, pair, userId: row.user_id };
  });
  if (outcome.error) throw unauthorized(BAD_REFRESH);
  return { ...outcome.pair, ...(await userData(d.db, outcome.userId)) };
}

export async function logout(d: SessionDeps, token: string | undefined, familyId: string | undefined) {
  let family = familyId;
  if (token) {
    const [row] = await d.db
      .select({ family_id: refreshTokens.family_id })
      .from(refreshTokens)
      .where(eq(refreshTokens.token_hash, sha256(token)));
    family = row?.family_id ?? family;
  }
  if (!family) return;
  await d.db
    .update(refreshTokens)
    .set({ revoked_at: new Date() })
    .where(and(eq(refreshTokens.family_id, family), isNull(refreshTokens.revoked_at)));
}

/** Ends every session of a user (deleted, disabled or password changed by an administrator). */
export async function revokeAllSessions(db: Pick<Db, 'update'>, userId: number) {
  await db
    .update(refreshTokens)
    .set({ revoked_at: new Date() })
    .where(and(eq(refreshTokens.user_id, userId), isNull(refreshTokens.revoked_at)));
}
