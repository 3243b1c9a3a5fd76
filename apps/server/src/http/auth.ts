import fp from 'fastify-plugin';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/connection.js';
import { namedStatement, rowsOf } from '../db/sql.js';
import { branches, refreshTokens, roles, users, type Ability } from '../db/schema/core.js';
import { can, type Action, type Subject } from './abilities.js';
import { forbidden, unauthorized } from './errors.js';
import { signToken, verifyToken } from './jwt.js';

/** Who is calling: loaded from the database on every request, so a disabled user stops at once. */
export interface Actor {
  userId: number;
  username: string;
  roleId: number;
  roleSlug: string;
  branchId: number;
  familyId: string;
  abilities: Ability[];
  /** null = every branch; otherwise the branch ids this user may see and change */
  branchScope: number[] | null;
}

/** 'public' routes need no token; 'user' any signed-in user; otherwise an ability. */
export type AuthRule = 'public' | 'user' | [Action, Subject];

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: AuthRule;
  }
  interface FastifyRequest {
    actor: Actor | null;
  }
}

export interface AuthOptions {
  db: Db;
  secret: Uint8Array;
  accessTtlSeconds: number;
}

export const ACCESS_AUDIENCE = 'khabkhi-api';

export async function signAccessToken(
  secret: Uint8Array,
  ttl: number,
  userId: number,
  familyId: string,
): Promise<string> {
  return signToken(secret, ACCESS_AUDIENCE, ttl, { sub: String(userId), fam: familyId });
}

/** The user and session family of a valid access token, or null (expired, forged, wrong audience). */
export async function verifyAccessToken(
  secret: Uint8Array,
  token: string,
): Promise<{ userId: number; familyId: string } | null> {
  const payload = verifyToken(secret, ACCESS_AUDIENCE, token);
  if (!payload) return null;
  const userId = Number(payload.sub);
  const familyId = String(payload.fam ?? '');
  if (!Number.isInteger(userId) || !/^[0-9a-f-]{36}$/.test(familyId)) return null;
  return { userId, familyId };
}

/**
 * The read behind every authenticated request: the user, the role and its abilities, the branch, and whether the
 * session family is alive. A named statement answered as the driver's rows (parsed and planned once per connection,
 * no per-request mapping of columns): it runs before every request's own reads.
 */
const actorStatement = namedStatement(
  'auth_actor',
  () => sql`select ${users.user_id} as "userId", ${users.username} as username, ${roles.role_id} as "roleId",
      ${roles.slug} as "roleSlug", ${roles.abilities} as abilities, ${roles.all_branches} as "allBranches",
      ${roles.child_branches} as "childBranches", ${users.branch_id} as "branchId",
      ${branches.is_head_office} as "headOffice",
      exists (select 1 from ${refreshTokens} where ${refreshTokens.family_id} = ${sql.placeholder('familyId')}::uuid
        and ${refreshTokens.user_id} = ${users.user_id} and ${refreshTokens.revoked_at} is null) as live
    from ${users}
    join ${roles} on ${roles.role_id} = ${users.role_id}
    join ${branches} on ${branches.branch_id} = ${users.branch_id}
    where ${users.user_id} = ${sql.placeholder('userId')} and not ${users.is_delete} and ${users.status} = 'active'
      and not ${roles.is_delete}
    limit 1`,
);

type ActorRow = {
  userId: number;
  username: string;
  roleId: number;
  roleSlug: string;
  abilities: Ability[];
  allBranches: boolean;
  childBranches: boolean;
  branchId: number;
  headOffice: boolean;
  live: boolean;
};

export async function loadActor(db: Db, userId: number, familyId: string): Promise<Actor | null> {
  const r = rowsOf<ActorRow>(await actorStatement(db, { userId, familyId }))[0];
  if (!r || !r.live) return null;
  let branchScope: number[] | null = null;
  if (!r.allBranches && !r.headOffice) {
    branchScope = [r.branchId];
    if (r.childBranches) {
      const kids = await db
        .select({ id: branches.branch_id })
        .from(branches)
        .where(and(eq(branches.parent_id, r.branchId), eq(branches.is_delete, false)));
      branchScope.push(...kids.map((k) => k.id));
    }
  }
  return {
    userId: r.userId,
    username: r.username,
    roleId: r.roleId,
    roleSlug: r.roleSlug,
    branchId: r.branchId,
    familyId,
    abilities: r.abilities,
    branchScope,
  };
}

export interface RouteRule {
  method: string;
  url: string;
  auth: AuthRule;
  /** the request and response schemas as declared (JSON Schema): body, querystring, params, response by status */
  schema: { body?: unknown; querystring?: unknown; params?: unknown; response?: Record<string, unknown> };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** every /api route with its rule and request schemas (the permission and bad-input tests walk it) */
    routeRules: RouteRule[];
  }
}

export default fp<AuthOptions>(
  async function authPlugin(app: FastifyInstance, opts) {
    app.decorateRequest('actor', null);

    // Every /api route must say who may call it: a route without a rule is a programming error.
    const registry: RouteRule[] = [];
    app.decorate('routeRules', registry);
    app.addHook('onRoute', (route) => {
      if (!route.url.startsWith('/api/') || route.url.startsWith('/api/docs')) return;
      if (!route.config?.auth) throw new Error(`route ${route.method} ${route.url} has no auth rule`);
      const schema = {
        body: route.schema?.body,
        querystring: route.schema?.querystring,
        params: route.schema?.params,
        response: route.schema?.response as Record<string, unknown> | undefined,
      };
      for (const m of [route.method].flat())
        if (m !== 'HEAD') registry.push({ method: m, url: route.url, auth: route.config.auth as AuthRule, schema });
    });

    app.addHook('onRequest', async (req) => {
      const rule = req.routeOptions.config?.auth;
      if (!rule || rule === 'public') return;
      const header = req.headers.authorization;
      const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
      if (!token) throw unauthorized('กรุณาเข้าสู่ระบบ');
      const claims = await verifyAccessToken(opts.secret, token);
      if (!claims) throw unauthorized('เซสชันหมดอายุ กรุณาเข้าสู่ระบบใหม่');
      const actor = await loadActor(opts.db, claims.userId, claims.familyId);
      if (!actor) throw unauthorized('เซสชันหมดอายุหรือบัญชีถูกระงับ กรุณาเข้าสู่ระบบใหม่');
      req.actor = actor;
      if (rule !== 'user' && !can(actor.abilities, rule[0], rule[1])) throw forbidden();
    });
  },
  { name: 'khabkhi-auth' },
);

/** The caller of a route whose rule is not 'public'. */
export function actorOf(req: FastifyRequest): Actor {
  if (!req.actor) throw unauthorized();
  return req.actor;
}

export function canDo(actor: Actor, action: Action, subject: Subject): boolean {
  return can(actor.abilities, action, subject);
}

/** 403 unless the branch is inside the actor's scope (also for ids guessed in a URL). */
export function assertBranch(actor: Actor, branchId: number | null | undefined): void {
  if (actor.branchScope === null) return;
  if (branchId === null || branchId === undefined || !actor.branchScope.includes(branchId)) {
    throw forbidden('คุณไม่มีสิทธิ์เข้าถึงข้อมูลของสาขานี้');
  }
}

/** A WHERE condition restricting a branch column to the actor's scope, or undefined for all. */
export function branchScopeWhere(actor: Actor, column: Parameters<typeof inArray>[0]) {
  return actor.branchScope === null ? undefined : inArray(column, actor.branchScope);
}

/**
 * The same scope as a condition always present, for raw SQL: `column` is an SQL column or an aliased name
 * ('v.branch_id'); true for the head office, false for a scope of no branch.
 */
export function branchScopeSql(actor: Actor, column: Parameters<typeof inArray>[0] | string): SQL {
  return branchScopeWhere(actor, typeof column === 'string' ? sql.raw(column) : column) ?? sql`true`;
}
