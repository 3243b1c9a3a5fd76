import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { can, seedRoles } from '../../src/http/abilities.js';
import { users } from '../../src/db/schema/core.js';
import { createTestApp, type TestApp } from '../helpers.js';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t?.close(); });

const ROLE_OF: Record<string, string> = { admin: 'owner', somchai: 'manager', malee: 'cashier', prasert: 'instructor', wanida: 'accountant', anan: 'manager', suda: 'cashier' };
// routes whose side effect would end the caller's session mid-matrix; they have their own session tests
const EXEMPT = new Set(['POST /api/user/logout', 'POST /api/user/change-password']);
const urlOf = (u: string) => u.replace(/:id\b/g, '999999').replace(/:token\b/g, 'not-a-token').replace(/:user_id\b/g, '999999');

describe('every /api route × every role', () => {
  it('declares a rule, and the guard answers 403 exactly when the role lacks the ability', async () => {
    const routes = t.app.routeRules.filter((r) => !EXEMPT.has(`${r.method} ${r.url}`));
    expect(routes.length).toBeGreaterThan(80);
    const failures: string[] = [];
    for (const [username, slug] of Object.entries(ROLE_OF)) {
      const abilities = seedRoles.find((r) => r.slug === slug)!.abilities;
      const c = await t.as(username);
      for (const r of routes) {
        if (r.auth === 'public') continue;
        const res = await c.req(r.method, urlOf(r.url), r.method === 'GET' ? undefined : {});
        const allowed = r.auth === 'user' || can(abilities, r.auth[0], r.auth[1]);
        if (res.status === 500) failures.push(`${username} ${r.method} ${r.url}: 500 ${res.body.message}`);
        if (res.status === 401) failures.push(`${username} ${r.method} ${r.url}: 401`);
        if (!allowed && res.status !== 403) failures.push(`${username} ${r.method} ${r.url}: expected 403, got ${res.status}`);
        if (allowed && res.status === 403 && !/สาขา/.test(res.body.message)) failures.push(`${username} ${r.method} ${r.url}: unexpected 403 ${res.body.message}`);
        if (res.status >= 400) expect(res.body.status, `${r.method} ${r.url}`).toBe('error');
      }
    }
    expect(failures).toEqual([]);
  });

  it('unauthenticated calls to every guarded route answer 401, public ones do not', async () => {
    for (const r of t.app.routeRules) {
      const res = await t.call(r.method, urlOf(r.url), r.method === 'GET' ? undefined : {});
      if (r.auth === 'public') expect(res.status, `${r.method} ${r.url}`).toBeLessThan(500);
      else expect(res.status, `${r.method} ${r.url}`).toBe(401);
      expect(res.body.status === 'error' ? res.body.message : 'ok', `${r.method} ${r.url}`).toMatch(/[ก-๙]|ok/);
    }
  });
});

describe('branch scope by id in the URL', () => {
  it('a BKN cashier and a BKN manager get 403 for HQ records; HQ staff see BKN records', async () => {
    const [hqEmployee] = (await t.db.select().from(users).where(sql`username = 'malee'`));
    const [bknEmployee] = (await t.db.select().from(users).where(sql`username = 'kittipong'`));
    expect((await (await t.as('suda')).get(`/api/user/get/${hqEmployee!.user_id}`)).status).toBe(403);
    expect((await (await t.as('anan')).get(`/api/user/get/${hqEmployee!.user_id}`)).status).toBe(403);
    expect((await (await t.as('anan')).get(`/api/user/get/${bknEmployee!.user_id}`)).status).toBe(200);
    expect((await (await t.as('somchai')).get(`/api/user/get/${bknEmployee!.user_id}`)).status).toBe(200);
    const branches = (await (await t.as('admin')).get('/api/branch/gettable')).body.data as { code: string; branch_id: number }[];
    const hq = branches.find((b) => b.code === 'HQ')!;
    expect((await (await t.as('anan')).put('/api/branch/update', { branch_id: hq.branch_id, code: 'HQ', name: 'ยึดสำนักงานใหญ่' })).status).toBe(403);
    const list = await (await t.as('anan')).get('/api/user/gettable', { per_page: 100 });
    expect(list.body.data.every((u: { branch_id: number }) => u.branch_id !== hq.branch_id)).toBe(true);
  });
});
