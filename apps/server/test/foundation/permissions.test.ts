/**
 * Permissions: every /api route × every demo role, and for the foundation routes also × a record of
 * the caller's own branch and of another branch. Expectations are computed from the seeded roles
 * with can() and the branch scope rule, so a route whose guard is loosened (or a role widened)
 * makes these tests fail; a few key answers are also written out by hand.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { addDays, makeThaiNationalId, todayBangkok } from '@khabkhi/thai';
import { can, seedRoles, type Action, type Subject } from '../../src/http/abilities.js';
import type { RouteRule } from '../../src/http/auth.js';
import { createTestApp, type Call, type Client, type TestApp } from '../helpers.js';
import { PNG, rows, upload } from './fixtures.js';
import { fillUrl, OMIT, pool, sample, type Hint, type Json } from './schemas.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const ACTORS: Record<string, { role: string; branch: 'HQ' | 'BKN' }> = {
  admin: { role: 'owner', branch: 'HQ' },
  somchai: { role: 'manager', branch: 'HQ' },
  malee: { role: 'cashier', branch: 'HQ' },
  prasert: { role: 'instructor', branch: 'HQ' },
  wanida: { role: 'accountant', branch: 'HQ' },
  anan: { role: 'manager', branch: 'BKN' },
  suda: { role: 'cashier', branch: 'BKN' },
};
const roleSeed = (slug: string) => seedRoles.find((r) => r.slug === slug)!;

/**
 * Routes that are open to the public or to any signed-in user. Each was looked at; a new route that
 * is not guarded by an ability must be added here with its reason, or the test below fails.
 */
const OPEN_ROUTES: Record<string, string> = {
  'GET /api/health': 'load-balancer probe; says only whether the database answers',
  'GET /api/documents/:token': 'PDF by a short-lived signed link (the token is the authorisation)',
  'POST /api/user/login': 'signing in',
  'POST /api/user/refresh': 'the refresh token is the credential',
  'POST /api/user/logout': 'ends the session named by the refresh token or bearer header',
  'GET /api/user/listforregister': 'form options only (roles, banks, fixed lists, branches in scope)',
  'GET /api/user/me': "the caller's own record",
  'PUT /api/user/profile': "the caller's own contact details",
  'POST /api/user/change-password': "the caller's own password, with the old one",
  'GET /api/branch/list': "branch options, filtered to the caller's scope",
  'GET /api/settings/get': 'school name, tax ID and PromptPay ID printed on every receipt',
  'POST /api/files/upload': "a photo stored under the caller's branch (logo needs manage Setting, checked inside)",
  'GET /api/files/limits': 'the upload size limit every photo field shows',
  'GET /api/files/:id': "branch scope checked inside against the file's branch",
  'GET /api/compliance/feed/:token': 'iCalendar feed by a revocable secret link (the secret is the authorisation)',
  'POST /api/reminders/line/webhook':
    "LINE's webhook: refused unless signed with the channel secret (the signature is the authorisation)",
  'GET /api/notifications': "the caller's own in-app notifications",
  'POST /api/notifications/read': "marks the caller's own notifications read",
};

describe('route inventory', () => {
  it('every route declares a rule; every open route is on the reviewed list, and the list has no stale entries', () => {
    const open = t.app.routeRules
      .filter((r) => r.auth === 'public' || r.auth === 'user')
      .map((r) => `${r.method} ${r.url}`)
      .sort();
    expect(open).toEqual(Object.keys(OPEN_ROUTES).sort());
    for (const r of t.app.routeRules) {
      expect(
        r.auth === 'public' || r.auth === 'user' || (Array.isArray(r.auth) && r.auth.length === 2),
        `${r.method} ${r.url}`,
      ).toBe(true);
    }
  });

  it('the roles in the database are the seeded roles the expectations are computed from', async () => {
    const db = await rows<{ slug: string; abilities: unknown; all_branches: boolean; child_branches: boolean }>(
      t,
      sql`select slug, abilities, all_branches, child_branches from roles order by sort`,
    );
    expect(db).toEqual(
      seedRoles.map((r) => ({
        slug: r.slug,
        abilities: r.abilities,
        all_branches: r.all_branches,
        child_branches: r.child_branches,
      })),
    );
  });
});

// ---------------------------------------------------------------------------------------------
// The foundation matrix: route × role × (own branch | other branch) with real records

type Target = 'own' | 'other';
interface Ctx {
  actor: string;
  target: Target;
  branchId: number;
  n: number;
}
interface Case {
  route: string;
  /** the ability the route must demand ('user' = any signed-in user) */
  needs: [Action, Subject] | 'user';
  /** the record belongs to the target branch, so the caller's branch scope applies */
  scoped: boolean;
  /** an extra rule beyond ability and scope, written from the product rules */
  also?: (actor: string, ctx: Ctx) => boolean;
  /** the status of an allowed call (200 unless the request is deliberately refused after the guard) */
  ok?: number;
  send: (c: Client, ctx: Ctx) => Promise<Call>;
  /** after a refused call: the record is unchanged */
  unchanged?: (ctx: Ctx) => Promise<void>;
}

const id = {
  branch: {} as Record<string, number>,
  role: {} as Record<string, number>,
  user: {} as Record<string, number>,
  photo: {} as Record<string, string>,
};
/** parent of each branch made during the test (for the child-branch scope rule) */
const parentOf: Record<number, number | null> = {};
let seq = 0;

function inScope(actor: string, branchId: number): boolean {
  const a = ACTORS[actor]!;
  const r = roleSeed(a.role);
  if (r.all_branches || a.branch === 'HQ') return true; // every-branch role, or head-office staff
  const own = id.branch[a.branch]!;
  return branchId === own || (r.child_branches && parentOf[branchId] === own);
}
/** every ability of the role is one the actor holds (no handing out, or taking over, wider rights) */
const roleWithin = (actor: string, slug: string) => {
  const mine = roleSeed(ACTORS[actor]!.role).abilities;
  const theirs = roleSeed(slug);
  return (
    (!theirs.all_branches || roleSeed(ACTORS[actor]!.role).all_branches || ACTORS[actor]!.branch === 'HQ') &&
    theirs.abilities.every((x) => can(mine, x.action as Action, x.subject as Subject))
  );
};
const isHeadOfficeScope = (actor: string) =>
  roleSeed(ACTORS[actor]!.role).all_branches || ACTORS[actor]!.branch === 'HQ';

async function admin() {
  return t.as('admin');
}
async function newBranch(parent: number) {
  const r = await (
    await admin()
  ).post('/api/branch/create', { code: `V${++seq}`, name: `สาขาทดสอบ ${seq}`, parent_id: parent });
  expect(r.status, r.body.message).toBe(200);
  parentOf[r.body.data.branch_id] = parent;
  return r.body.data.branch_id as number;
}
async function newEmployee(branchId: number, slug = 'cashier') {
  const r = await (
    await admin()
  ).post('/api/user/register', {
    username: `victim${++seq}`,
    password: 'victim-pass-1',
    role_id: id.role[slug],
    branch_id: branchId,
    fname: 'ผู้ทดสอบ',
    idcard: makeThaiNationalId(`1720000${String(seq).padStart(5, '0')}`),
  });
  expect(r.status, r.body.message).toBe(200);
  return r.body.data.user_id as number;
}
const TARGET_EMPLOYEE: Record<string, string> = { HQ: 'prasert', BKN: 'kittipong' };
const branchCode = (bid: number) => Object.entries(id.branch).find(([, v]) => v === bid)?.[0] ?? 'HQ';

const CASES: Case[] = [
  {
    route: 'GET /api/user/get/:id',
    needs: ['read', 'User'],
    scoped: true,
    send: (c, x) => c.get(`/api/user/get/${id.user[TARGET_EMPLOYEE[branchCode(x.branchId)]!]}`),
  },
  {
    route: 'GET /api/user/gettable',
    needs: ['read', 'User'],
    scoped: false,
    send: (c, x) => c.get('/api/user/gettable', { branch: x.branchId }),
  },
  {
    route: 'POST /api/user/register',
    needs: ['create', 'User'],
    scoped: true,
    also: (a) => roleWithin(a, 'cashier'),
    send: (c, x) =>
      c.post('/api/user/register', {
        username: `m${++seq}_${x.actor}`,
        password: 'matrix-pass-1',
        role_id: id.role.cashier,
        branch_id: x.branchId,
        fname: 'เมทริกซ์',
        idcard: makeThaiNationalId(`1730000${String(seq).padStart(5, '0')}`),
      }),
  },
  {
    route: 'PUT /api/user/update',
    needs: ['update', 'User'],
    scoped: true,
    send: async (c, x) => {
      const u = (await (await admin()).get(`/api/user/get/${id.user[TARGET_EMPLOYEE[branchCode(x.branchId)]!]}`)).body
        .data;
      return c.put('/api/user/update', {
        user_id: u.user_id,
        role_id: u.role_id,
        branch_id: u.branch_id,
        fname: u.fname,
        nickname: u.nickname,
      });
    },
  },
  {
    route: 'DELETE /api/user/delete',
    needs: ['delete', 'User'],
    scoped: true,
    also: (a) => roleWithin(a, 'cashier'),
    send: async (c, x) => {
      const victim = await newEmployee(x.branchId);
      (x as Ctx & { victim?: number }).victim = victim;
      return c.del('/api/user/delete', { user_id: victim });
    },
    unchanged: async (x) => {
      expect((await (await admin()).get(`/api/user/get/${(x as Ctx & { victim: number }).victim}`)).status).toBe(200);
    },
  },
  {
    route: 'GET /api/user/listforregister',
    needs: 'user',
    scoped: false,
    send: (c) => c.get('/api/user/listforregister'),
  },
  { route: 'GET /api/user/me', needs: 'user', scoped: false, send: (c) => c.get('/api/user/me') },
  {
    route: 'PUT /api/user/profile',
    needs: 'user',
    scoped: false,
    send: (c) => c.put('/api/user/profile', { emergency_relation: 'ญาติ' }),
  },
  {
    route: 'POST /api/user/change-password',
    needs: 'user',
    scoped: false,
    ok: 400,
    send: (c) =>
      c.post('/api/user/change-password', { old_password: 'certainly-not-mine', new_password: 'never-applied-1' }),
  },
  {
    route: 'GET /api/branch/get/:id',
    needs: ['read', 'Branch'],
    scoped: true,
    send: (c, x) => c.get(`/api/branch/get/${x.branchId}`),
  },
  {
    route: 'GET /api/branch/gettable',
    needs: ['read', 'Branch'],
    scoped: false,
    send: (c) => c.get('/api/branch/gettable'),
  },
  { route: 'GET /api/branch/list', needs: 'user', scoped: false, send: (c) => c.get('/api/branch/list') },
  {
    route: 'POST /api/branch/create',
    needs: ['create', 'Branch'],
    scoped: false,
    also: (a) => isHeadOfficeScope(a),
    send: (c, x) => c.post('/api/branch/create', { code: `N${++seq}`, name: `ใหม่ ${seq}`, parent_id: x.branchId }),
  },
  {
    route: 'PUT /api/branch/update',
    needs: ['update', 'Branch'],
    scoped: true,
    send: async (c, x) => {
      const b = (await (await admin()).get(`/api/branch/get/${x.branchId}`)).body.data;
      return c.put('/api/branch/update', { branch_id: b.branch_id, code: b.code, name: b.name, line: b.line });
    },
  },
  {
    route: 'DELETE /api/branch/delete',
    needs: ['delete', 'Branch'],
    scoped: true,
    // an empty branch under the target branch: a child of the caller's own branch is in a manager's scope
    send: async (c, x) => {
      const victim = await newBranch(x.branchId);
      (x as Ctx & { victim?: number }).victim = victim;
      return c.del('/api/branch/delete', { branch_id: victim });
    },
    unchanged: async (x) => {
      expect(
        (await (await admin()).get(`/api/branch/get/${(x as Ctx & { victim: number }).victim}`)).body.data.is_delete,
      ).toBe(false);
    },
  },
  { route: 'GET /api/settings/get', needs: 'user', scoped: false, send: (c) => c.get('/api/settings/get') },
  {
    route: 'PUT /api/settings/update',
    needs: ['manage', 'Setting'],
    scoped: false,
    send: async (c) => {
      const s = (await (await admin()).get('/api/settings/get')).body.data;
      return c.put('/api/settings/update', {
        name: s.name,
        tax_id: s.tax_id,
        vat_mode: s.vat_mode,
        promptpay_id: s.promptpay_id,
        card_agent_port: s.card_agent_port,
      });
    },
  },
  { route: 'POST /api/files/upload', needs: 'user', scoped: false, send: (c) => upload(t, c.token, PNG) },
  { route: 'GET /api/files/limits', needs: 'user', scoped: false, send: (c) => c.get('/api/files/limits') },
  {
    route: 'GET /api/files/:id',
    needs: 'user',
    scoped: true,
    send: (c, x) =>
      t.call('GET', `/api/files/${id.photo[branchCode(x.branchId)]}`, undefined, {
        authorization: `Bearer ${c.token}`,
      }),
  },
];

/** Public routes have their own suites (session.test.ts, envelope.test.ts, documents). */
const MATRIX_EXEMPT: Record<string, string> = {
  'GET /api/health': 'public; envelope.test.ts',
  'POST /api/user/login': 'public; session.test.ts',
  'POST /api/user/refresh': 'public; session.test.ts',
  'POST /api/user/logout': 'public; session.test.ts',
};
const FOUNDATION = /^\/api\/(user|branch|settings|files|health)\b/;

describe('foundation routes × roles × own and other branch', () => {
  beforeAll(async () => {
    const a = await admin();
    for (const b of (await a.get('/api/branch/list')).body.data) {
      id.branch[b.code] = b.branch_id;
      parentOf[b.branch_id] = b.parent_id;
    }
    for (const r of (await a.get('/api/user/listforregister')).body.data.role) id.role[r.slug] = r.role_id;
    for (const u of (await a.get('/api/user/gettable', { per_page: 100 })).body.data) id.user[u.username] = u.user_id;
    id.photo.HQ = (await upload(t, a.token, PNG)).body.data.file_id;
    id.photo.BKN = (await upload(t, (await t.as('suda')).token, PNG)).body.data.file_id;
  });

  it("every foundation route is in the matrix or exempt with a reason, and the matrix states each route's rule", () => {
    const foundation = t.app.routeRules
      .filter((r) => FOUNDATION.test(r.url))
      .map((r) => `${r.method} ${r.url}`)
      .sort();
    const covered = [...CASES.map((c) => c.route), ...Object.keys(MATRIX_EXEMPT)].sort();
    expect(foundation).toEqual(covered);
    for (const c of CASES) {
      const declared = t.app.routeRules.find((r) => `${r.method} ${r.url}` === c.route)!.auth;
      expect(declared, c.route).toEqual(c.needs);
    }
  });

  it('answers exactly what the abilities, the branch scope and the role rules allow', async () => {
    const failures: string[] = [];
    let allowedCount = 0;
    let refusedCount = 0;
    for (const actor of Object.keys(ACTORS)) {
      const c = await t.as(actor);
      const abilities = roleSeed(ACTORS[actor]!.role).abilities;
      for (const target of ['own', 'other'] as Target[]) {
        const own = ACTORS[actor]!.branch;
        const branchId = id.branch[target === 'own' ? own : own === 'HQ' ? 'BKN' : 'HQ']!;
        for (const k of CASES) {
          const ctx: Ctx = { actor, target, branchId, n: ++seq };
          const allowed =
            (k.needs === 'user' || can(abilities, k.needs[0], k.needs[1])) &&
            (!k.scoped || inScope(actor, branchId)) &&
            (k.also ? k.also(actor, ctx) : true);
          const res = await k.send(c, ctx);
          const want = allowed ? (k.ok ?? 200) : 403;
          if (allowed) allowedCount++;
          else refusedCount++;
          if (res.status !== want)
            failures.push(`${actor} ${target} ${k.route}: expected ${want}, got ${res.status} ${res.body?.message}`);
          if (res.status >= 400 && (res.body.status !== 'error' || !/[ก-๙]/.test(res.body.message)))
            failures.push(`${actor} ${k.route}: not a Thai error envelope`);
          if (!allowed && k.unchanged) await k.unchanged(ctx);
          // a list filtered to a branch outside the caller's scope shows nothing of it
          if (k.route === 'GET /api/user/gettable' && res.status === 200 && !inScope(actor, branchId)) {
            if (res.body.data.length !== 0)
              failures.push(`${actor} sees ${res.body.data.length} employees of another branch`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
    // the matrix exercises both outcomes in quantity (it cannot pass by everything being allowed or refused)
    expect(allowedCount).toBeGreaterThan(100);
    expect(refusedCount).toBeGreaterThan(60);
  });

  it('key answers, written out', async () => {
    const suda = await t.as('suda');
    const malee = await t.as('malee');
    expect((await suda.get(`/api/user/get/${id.user.malee}`)).status).toBe(403); // a BKN cashier and an HQ employee
    expect((await suda.get(`/api/user/get/${id.user.kittipong}`)).status).toBe(403); // a cashier has no User ability at all
    expect((await malee.get(`/api/user/get/${id.user.prasert}`)).status).toBe(403);
    expect((await malee.get('/api/user/gettable')).status).toBe(403);
    expect(
      (
        await malee.post('/api/user/register', {
          username: 'x_by_malee',
          password: 'whatever-1',
          role_id: id.role.cashier,
          branch_id: id.branch.HQ,
          fname: 'x',
        })
      ).status,
    ).toBe(403);
    expect((await (await t.as('anan')).get(`/api/user/get/${id.user.kittipong}`)).status).toBe(200);
    expect((await (await t.as('anan')).get(`/api/user/get/${id.user.malee}`)).status).toBe(403);
    expect((await (await t.as('somchai')).get(`/api/user/get/${id.user.kittipong}`)).status).toBe(200); // head office sees every branch
    expect((await (await t.as('wanida')).get(`/api/user/get/${id.user.suda}`)).status).toBe(200);
    expect((await (await t.as('prasert')).get('/api/branch/gettable')).status).toBe(200);
    expect((await (await t.as('somchai')).put('/api/settings/update', {})).status).toBe(403); // the guard answers before validation
    expect((await (await t.as('anan')).del('/api/branch/delete', { branch_id: id.branch.BKN })).status).toBe(403);
  });
});

// ---------------------------------------------------------------------------------------------
// Every registered route (all modules) × every role: the guard alone, with ids that do not exist

// routes whose side effect would end the caller's session mid-matrix; they have their own session tests
const GUARD_EXEMPT = new Set(['POST /api/user/logout', 'POST /api/user/change-password']);
const urlOf = (u: string) =>
  u
    .replace(/:id\b/g, '999999')
    .replace(/:token\b/g, 'not-a-token')
    .replace(/:user_id\b/g, '999999');

/**
 * Rules beyond the ability and the branch scope, written from the product rules (each was looked at):
 * a route listed here is allowed only when the function says so as well.
 */
const EXTRA_RULES: Record<string, (actor: string) => boolean> = {
  // handing out or taking over an account needs every right of its role (the target employees are cashiers)
  'POST /api/user/register': (a) => roleWithin(a, 'cashier'),
  'PUT /api/user/update': (a) => roleWithin(a, 'cashier'),
  'DELETE /api/user/delete': (a) => roleWithin(a, 'cashier'),
  // only the head office opens a branch
  'POST /api/branch/create': (a) => isHeadOfficeScope(a),
  // a course type's minimum age holds for the whole school: set by the head office only
  'PUT /api/course/type/update': (a) => isHeadOfficeScope(a),
  // the fleet's reminder days, late-tax rate and ตรอ. ages hold for the whole school
  'PUT /api/vehicle/rules/update': (a) => isHeadOfficeScope(a),
  // a payroll's final approval and its reopening belong to the owner (the branch manager confirms)
  'POST /api/payroll/approve': (a) => ACTORS[a]!.role === 'owner',
  'POST /api/payroll/reopen': (a) => ACTORS[a]!.role === 'owner',
  // the statutory filings are the school's (one employer): ticked as done by head-office staff
  'POST /api/compliance/mark': (a) => isHeadOfficeScope(a),
};
/**
 * Routes that name a record of a branch but answer other branches by design, with the reason. Every
 * other route that names a branch's record (a path id, an id in the body, a branch filter) is expected
 * to refuse a caller outside that branch.
 */
const UNSCOPED_BY_DESIGN: Record<string, string> = {
  'GET /api/customer/check': 'a returning customer is found by national ID at any branch (what another branch sees)',
  'POST /api/user/change-password': "the caller's own password",
  'POST /api/files/upload': "stored under the caller's own branch",
};

interface Fixture {
  branch: number;
  course: number;
  promotion: number;
  promoCode: string;
  fee: number;
  requestFee: number;
  listExpenses: number;
  listPayroll: number;
  /** a draft payroll month of the branch */
  payroll: number;
  /** a ล.ย.01 allowance of the branch's employee */
  allowance: number;
  evaluate: number;
  employee: number;
  customer: number;
  idcard: string;
  courseApp: number;
  coursePayment: number;
  feeApp: number;
  feePayment: number;
  requestApp: number;
  requestPayment: number;
  request: number;
  close: number;
  photo: string;
  code: string;
  name: string;
  income: number;
  vehicle: number;
  expense: number;
  /** exams: the course line of courseApp, a session of the branch and that line's seat in it */
  line: number;
  session: number;
  attempt: number;
  /** lessons: a practical lesson of the fixture line, a classroom and a theory class in it */
  lesson: number;
  room: number;
  klass: number;
}

describe('every /api route × every demo user × a record of their own and of another branch (generated from the registry)', () => {
  const fx: Record<'HQ' | 'BKN', Fixture> = {} as never;
  let cashierRole = 0;
  let n = 0;

  async function makeFixture(code: 'HQ' | 'BKN'): Promise<Fixture> {
    const a = await admin();
    const branch = (await a.get('/api/branch/list')).body.data.find((b: { code: string }) => b.code === code);
    const ok = (r: Call, what: string) => {
      expect(r.status, `${code} ${what}: ${r.body.message}`).toBe(200);
      return r.body.data;
    };
    const branch_id = branch.branch_id as number;
    const course = ok(
      await a.post('/api/course/create', {
        branch_id,
        name: `หลักสูตรเมทริกซ์ ${code}`,
        price: '5000',
        type: (await a.get('/api/course/type')).body.data[0],
      }),
      'course',
    ).course_id;
    const promoCode = `MX${code}`;
    const promotion = ok(
      await a.post('/api/promotion/create', {
        branch_id,
        code: promoCode,
        name: 'ส่วนลดเมทริกซ์',
        type: 'ทั้งหมด',
        type_discount: 'amount',
        value: '100',
        start: '2020-01-01',
        end: '2099-12-31',
        is_unlimit: true,
        limit: 0,
      }),
      'promotion',
    ).promotion_id;
    const fee = ok(
      await a.post('/api/otherfee/create', { branch_id, name: `ค่าธรรมเนียมเมทริกซ์ ${code}`, price: '300' }),
      'fee',
    ).other_fee_id;
    const requestFee = ok(
      await a.post('/api/otherfee/create', {
        branch_id,
        name: `ค่าคำร้องเมทริกซ์ ${code}`,
        price: '200',
        is_request_fee: true,
      }),
      'request fee',
    ).other_fee_id;
    const [category] = await rows<{ id: number }>(
      t,
      sql`select category_id as id from expense_categories where not is_delete order by category_id limit 1`,
    );
    const listExpenses = ok(
      await a.post('/api/list-expenses/create', {
        branch_id,
        name: `ค่าใช้จ่ายเมทริกซ์ ${code}`,
        category_id: category!.id,
      }),
      'list-expenses',
    ).list_expenses_id;
    const listPayroll = ok(
      await a.post('/api/list-payroll/create', { branch_id, name: `รายการเงินเดือนเมทริกซ์ ${code}` }),
      'list-payroll',
    ).list_payroll_id;
    const payroll = ok(
      await a.put('/api/list-payrollList/update', { branch_id, month: '2025-12', lines: [] }),
      'payroll month',
    ).payroll.payroll_id as number;
    // evaluation criteria are school-wide: the same record for both branches
    const [criterion] = await rows<{ id: number }>(
      t,
      sql`select evaluate_id as id from evaluates where not is_delete order by evaluate_id limit 1`,
    );
    const evaluate = criterion!.id;
    const employee = await newEmployee(branch_id, 'cashier');
    const allowance = ok(
      await a.post('/api/payroll/allowance/create', {
        user_id: employee,
        kind: 'spouse',
        count: 1,
        valid_from: '2025-01-01',
      }),
      'allowance',
    ).rows[0].allowance_id as number;
    const idcard = makeThaiNationalId(`1740000${String(++n).padStart(5, '0')}`);
    const cust = { is_foreigner: false, prefix: 'นาย', fname: 'ลูกค้าเมทริกซ์', sname: code, idcard };
    const app = ok(
      await a.post('/api/application/create', {
        branch_id,
        customer: cust,
        courses: [{ course_id: course }],
        other_fees: [],
        payment: { paid: '1000', pay_type: 'cash' },
      }),
      'application',
    );
    const feeApp = ok(
      await a.post('/api/applicationfee/create', {
        branch_id,
        customer: cust,
        other_fees: [{ other_fee_id: fee }],
        payment: { paid: '100', pay_type: 'cash' },
      }),
      'fee application',
    );
    const reqApp = ok(
      await a.post('/api/applicationrequest/create', {
        application_id: app.application.application_id,
        request_fees: [{ request_fee_id: requestFee }],
        payment: { paid: '50', pay_type: 'cash' },
      }),
      'request application',
    );
    // a second payment whose void is pending (asked by the branch's cashier, so any approver may decide it)
    const cashier = await t.as(code === 'HQ' ? 'malee' : 'suda');
    const second = ok(
      await cashier.post('/api/application/paybalance', {
        application_id: app.application.application_id,
        paid: '100',
        pay_type: 'cash',
      }),
      'second payment',
    );
    const request = ok(
      await cashier.post('/api/payment/request-delete', { payment_id: second.payment.payment_id, note: 'ทดสอบเมทริกซ์' }),
      'void request',
    ).request_id;
    const close = ok(await a.post('/api/cash-close/close', { branch_id, date: '2025-01-02' }), 'cash close').close_id;
    const photo = (await upload(t, cashier.token, PNG)).body.data.file_id;
    const income = ok(
      await a.post('/api/income/create', {
        branch_id,
        date: '2025-01-03',
        name: `รายรับเมทริกซ์ ${code}`,
        pay_type: 'cash',
        value: '10',
      }),
      'other income',
    ).income_id;
    const vehicle = ok(
      await a.post('/api/vehicle/create', { branch_id, no: `มข ${code}`, province: 'กรุงเทพมหานคร', type: 'car' }),
      'vehicle',
    ).vehicle_id;
    const expense = ok(
      await a.post('/api/expenses/create', {
        branch_id,
        list_expenses_id: listExpenses,
        vehicle_id: vehicle,
        mile: 100,
        pay_type: 'transfer',
        date: '2026-01-10',
        value: '500',
      }),
      'expense',
    ).expenses_id;
    // exams: a session of the branch next month and the fixture line's seat in it (written directly: the line owes money)
    const line = app.application.courses[0].line_id as number;
    const session = ok(
      await a.post('/api/exam/session/create', {
        branch_id,
        exam_date: addDays(todayBangkok(), 30),
        start_time: '09:00',
        exam_kind: 'theory',
        course_type: app.application.courses[0].course_type,
        capacity: 5,
      }),
      'exam session',
    ).session_id as number;
    const [seat] = await rows<{ id: number }>(
      t,
      sql`insert into exam_attempts (session_id, line_id, application_id, customer_id, branch_id, booked_by)
      values (${session}, ${line}, ${app.application.application_id}, ${app.application.customer.customer_id}, ${branch_id}, ${id.user.malee ?? 1}) returning attempt_id as id`,
    );
    await rows(t, sql`update exam_sessions set booked = 1 where session_id = ${session}`);
    // lessons (written directly: the matrix's employee has no working hours)
    const [room] = await rows<{ id: number }>(
      t,
      sql`insert into lesson_rooms (branch_id, name, capacity) values (${branch_id}, ${`ห้องเมทริกซ์ ${code}`}, 5) returning room_id as id`,
    );
    const [lesson] = await rows<{ id: number }>(
      t,
      sql`insert into lessons (branch_id, kind, starts_at, ends_at, minutes, course_type, line_id, application_id, customer_id, instructor_id, vehicle_id, created_by)
      values (${branch_id}, 'practice', now() + interval '40 days', now() + interval '40 days 1 hour', 60, ${app.application.courses[0].course_type},
        ${line}, ${app.application.application_id}, ${app.application.customer.customer_id}, ${employee}, ${vehicle}, ${employee}) returning lesson_id as id`,
    );
    const [klass] = await rows<{ id: number }>(
      t,
      sql`insert into lessons (branch_id, kind, starts_at, ends_at, minutes, course_type, instructor_id, room_id, capacity, created_by)
      values (${branch_id}, 'class', now() + interval '41 days', now() + interval '41 days 2 hours', 120, ${app.application.courses[0].course_type},
        ${employee}, ${room!.id}, 5, ${employee}) returning lesson_id as id`,
    );
    return {
      lesson: lesson!.id,
      room: room!.id,
      klass: klass!.id,
      line,
      session,
      attempt: seat!.id,
      vehicle,
      expense,
      branch: branch_id,
      course,
      promotion,
      promoCode,
      fee,
      requestFee,
      listExpenses,
      listPayroll,
      payroll,
      allowance,
      evaluate,
      employee,
      customer: app.application.customer.customer_id,
      idcard,
      courseApp: app.application.application_id,
      coursePayment: app.payment_id,
      feeApp: feeApp.application.application_id,
      feePayment: feeApp.payment_id,
      requestApp: reqApp.application.application_id,
      requestPayment: reqApp.payment_id,
      request,
      close,
      photo,
      code: branch.code,
      name: branch.name,
      income,
    };
  }

  beforeAll(async () => {
    const a = await admin();
    for (const r of (await a.get('/api/user/listforregister')).body.data.role) id.role[r.slug] = r.role_id;
    for (const b of (await a.get('/api/branch/list')).body.data) {
      id.branch[b.code] = b.branch_id;
      parentOf[b.branch_id] ??= b.parent_id;
    }
    cashierRole = id.role.cashier!;
    fx.HQ = await makeFixture('HQ');
    fx.BKN = await makeFixture('BKN');
  });

  /** The request for one route aimed at the records of branch `f`, and whether it names a branch's record. */
  function requestFor(r: RouteRule, f: Fixture): { url: string; body?: unknown; scoped: boolean } {
    let scoped = false;
    const prefix = r.url.split('/')[2]!;
    const appOf = (p: string) =>
      p === 'applicationfee' ? f.feeApp : p === 'applicationrequest' ? f.requestApp : f.courseApp;
    const payOf = (p: string) =>
      p === 'applicationfee' ? f.feePayment : p === 'applicationrequest' ? f.requestPayment : f.coursePayment;
    const hint: Hint = (field, _s, path) => {
      const own = (v: unknown) => {
        scoped = true;
        return v;
      };
      switch (field) {
        case 'branch_id':
          return own(f.branch);
        case 'parent_id':
          return OMIT;
        case 'application_id':
          return own(r.url === '/api/applicationrequest/create' ? f.courseApp : appOf(prefix));
        case 'payment_id':
          return r.url === '/api/request/refund/pdf' ? OMIT : own(payOf(prefix));
        case 'request_id':
          return own(f.request);
        case 'close_id':
          return own(f.close);
        case 'income_id':
          return own(f.income);
        case 'branch':
          return own(String(f.branch));
        case 'line_id':
          return own(f.line);
        case 'session_id':
          return own(f.session);
        case 'attempt_id':
          return own(f.attempt);
        case 'lesson_id':
          return own(f.lesson);
        case 'class_id':
          return own(f.klass);
        case 'room_id':
          return own(f.room);
        case 'line_ids':
          return own(_s.type === 'array' ? [f.line] : f.line);
        case 'instructor_id':
          return r.url.startsWith('/api/lesson/') ? own(f.employee) : undefined;
        case 'course_id':
          return own(f.course);
        case 'other_fee_id':
          return own(f.fee);
        case 'request_fee_id':
          return own(f.requestFee);
        case 'promotion_id':
          return own(f.promotion);
        case 'list_expenses_id':
          return own(f.listExpenses);
        case 'list_payroll_id':
          return own(f.listPayroll);
        case 'payroll_id':
          return own(f.payroll);
        case 'payslip_id':
          return OMIT; // the payslip PDF then names the branch's payroll month (there is no payslip of a draft)
        case 'evaluate_id':
          return f.evaluate; // school-wide
        case 'user_id':
          return own(f.employee);
        case 'customer_id':
          return path[0] === 'customer' ? OMIT : own(f.customer);
        case 'role_id':
          return cashierRole;
        case 'photo':
          return own(f.photo);
        case 'logo':
          return OMIT;
        case 'promotion_code':
          return '';
        case 'code':
          return r.url === '/api/application/checkpromotion'
            ? f.promoCode
            : r.url === '/api/branch/update'
              ? f.code
              : `M${++n}`;
        case 'name':
          return r.url === '/api/branch/update' ? f.name : undefined;
        case 'username':
          return `mx${++n}`;
        case 'old_password':
          return 'certainly-not-mine';
        case 'paid':
        case 'value':
          return '1';
        // an expense of the fixture's item (fuel: a vehicle's fill needs a mileage, so the matrix records it without one)
        case 'vehicle_id':
          return r.url.startsWith('/api/expenses/') ? OMIT : own(f.vehicle);
        case 'expenses_id':
          return own(f.expense);
        case 'mile':
        case 'liters':
        case 'renew_kind':
        case 'renew_until':
        case 'files':
          return OMIT;
        case 'is_full_tank':
          return false;
        case 'insurance_type':
          return 'ชั้น 1';
        case 'no':
          return `มข ${++n}`;
        // the reminder channels: never a real provider (there is no network); secrets left as stored
        case 'smtp_host':
        case 'smtp_from':
          return '';
        case 'line_token':
        case 'smtp_pass':
          return OMIT;
        default:
          return undefined;
      }
    };
    const params: Record<string, unknown> = {};
    for (const k of Object.keys((r.schema.params as Json | undefined)?.properties ?? {})) {
      scoped = prefix !== 'evaluate';
      params[k] =
        prefix === 'files'
          ? f.photo
          : r.url === '/api/payroll/history/:id'
            ? f.payroll
            : r.url === '/api/payroll/allowance/:id'
              ? f.allowance
              : prefix === 'user' || prefix === 'payroll'
                ? f.employee
                : prefix === 'branch'
                  ? f.branch
                  : prefix === 'course'
                    ? f.course
                    : prefix === 'promotion'
                      ? f.promotion
                      : prefix === 'otherfee'
                        ? f.fee
                        : prefix === 'list-expenses'
                          ? f.listExpenses
                          : prefix === 'list-payroll'
                            ? f.listPayroll
                            : prefix === 'evaluate'
                              ? f.evaluate
                              : prefix === 'income'
                                ? f.income
                                : prefix === 'vehicle'
                                  ? f.vehicle
                                  : prefix === 'expenses'
                                    ? f.expense
                                    : prefix === 'lesson'
                                      ? k === 'line_id'
                                        ? f.line
                                        : f.lesson
                                      : appOf(prefix);
    }
    const query = r.schema.querystring as Json | undefined;
    const q = new URLSearchParams();
    if (query?.properties?.branch) {
      q.set('branch', String(f.branch));
      scoped = true;
    }
    if (query?.properties?.idcard) q.set('idcard', f.idcard);
    const url = fillUrl(r.url, params) + (q.size ? `?${q}` : '');
    const body = r.method === 'GET' ? undefined : r.schema.body ? sample(r.schema.body as Json, hint) : {};
    return { url, body, scoped: scoped && !UNSCOPED_BY_DESIGN[`${r.method} ${r.url}`] };
  }

  /** Every table's row count and the audit log's: a refused call changes none of them. */
  const footprint = async () =>
    (
      await rows(
        t,
        sql`select (select count(*) from audit_log)::int as audit,
    (select count(*) from applications)::int as apps, (select count(*) from payments)::int as pays, (select count(*) from customers)::int as customers,
    (select count(*) from money_requests)::int as requests, (select count(*) from cash_closes)::int as closes, (select count(*) from users where not is_delete)::int as users,
    (select count(*) from branches where not is_delete)::int as branches, (select count(*) from courses where not is_delete)::int as courses,
    (select md5(string_agg(concat_ws(',', application_id, paid, balance, status, is_delete), '|' order by application_id)) from applications) as money`,
      )
    )[0];

  it('answers what the abilities, the branch scope and the listed product rules allow; no 500; a refused call writes nothing', async () => {
    const routes = t.app.routeRules.filter((r) => r.auth !== 'public' && !GUARD_EXEMPT.has(`${r.method} ${r.url}`));
    expect(routes.length).toBeGreaterThan(90);
    for (const k of [...Object.keys(EXTRA_RULES), ...Object.keys(UNSCOPED_BY_DESIGN)]) {
      expect(routes.some((r) => `${r.method} ${r.url}` === k) || GUARD_EXEMPT.has(k), `stale entry ${k}`).toBe(true);
    }
    const failures: string[] = [];
    let allowedOk = 0;
    let refused = 0;
    let crossBranchRefusals = 0;
    const calls = routes.flatMap((r) =>
      Object.keys(ACTORS).flatMap((actor) =>
        (['own', 'other'] as const).map((target) => {
          const key = `${r.method} ${r.url}`;
          const own = ACTORS[actor]!.branch;
          const f = fx[target === 'own' ? own : own === 'HQ' ? 'BKN' : 'HQ'];
          const req = requestFor(r, f);
          const abilities = roleSeed(ACTORS[actor]!.role).abilities;
          const allowed =
            r.auth !== 'public' &&
            (r.auth === 'user' || can(abilities, r.auth[0], r.auth[1])) &&
            (!req.scoped || inScope(actor, f.branch)) &&
            (EXTRA_RULES[key]?.(actor) ?? true);
          return { r, key, actor, target, req, allowed };
        }),
      ),
    );
    const judge = (c: (typeof calls)[number], res: Call) => {
      const where = `${c.actor} ${c.target} ${c.key}`;
      if (res.status >= 500 || res.status === 401) failures.push(`${where}: ${res.status} ${res.body.message}`);
      if (res.status >= 400 && (res.body.status !== 'error' || !/[ก-๙]/.test(res.body.message)))
        failures.push(`${where}: not a Thai error envelope`);
      if (c.allowed) {
        if (res.status === 403) failures.push(`${where}: refused although allowed: ${res.body.message}`);
        else if (res.status === 200) allowedOk++;
        return;
      }
      refused++;
      if (c.target === 'other') crossBranchRefusals++;
      // a list filtered to a branch outside the caller's scope may answer an empty page instead of 403
      const listOfNothing =
        c.r.method === 'GET' &&
        res.status === 200 &&
        Array.isArray(res.body.data) &&
        res.body.data.every(
          (row: { branch_id?: number }) => row.branch_id === undefined || inScope(c.actor, row.branch_id),
        );
      if (res.status !== 403 && !listOfNothing)
        failures.push(`${where}: expected 403, got ${res.status} ${res.body.message}`);
    };
    const send = async (c: (typeof calls)[number]) => (await t.as(c.actor)).req(c.r.method, c.req.url, c.req.body);

    // every refused call first, while every record is there (an allowed delete or approval uses its record up);
    // together they must leave the database exactly as it was
    const refusedCalls = calls.filter((x) => !x.allowed);
    const before = await footprint();
    for (const [c, res] of await pool(refusedCalls.map((c) => async () => [c, await send(c)] as const))) judge(c, res);
    if (JSON.stringify(await footprint()) !== JSON.stringify(before)) {
      // name the call that wrote: replay the refused writes one by one
      for (const c of refusedCalls.filter((x) => x.r.method !== 'GET')) {
        const b = await footprint();
        await send(c);
        const a = await footprint();
        if (JSON.stringify(a) !== JSON.stringify(b))
          failures.push(
            `${c.actor} ${c.target} ${c.key}: a refused call wrote ${JSON.stringify(b)} → ${JSON.stringify(a)}`,
          );
      }
      failures.push('the refused calls changed the database');
    }
    // then the allowed ones, one at a time (they write, and some use up what the next one names)
    for (const c of calls.filter((x) => x.allowed)) judge(c, await send(c));
    expect(failures).toEqual([]);
    // both outcomes in quantity: it cannot pass by everything being allowed, or refused
    console.log(
      `generated matrix: ${calls.length} calls, ${allowedOk} allowed and answered 200, ${refused} refused (${crossBranchRefusals} for another branch)`,
    );
    expect(allowedOk).toBeGreaterThan(400);
    expect(refused).toBeGreaterThan(400);
    expect(crossBranchRefusals).toBeGreaterThan(150);
  }, 300_000);

  it("no audited write by a branch user falls outside that user's branches", async () => {
    const outside = await rows(
      t,
      sql`select u.username, a.entity, a.action, a.branch_id from audit_log a join users u on u.user_id = a.user_id
      where u.username in ('anan', 'suda') and a.branch_id is not null and a.branch_id not in (select branch_id from branches where code = 'BKN' or parent_id = (select branch_id from branches where code = 'BKN'))`,
    );
    expect(outside).toEqual([]);
    const bkn = await rows(
      t,
      sql`select count(*)::int as n from audit_log a join users u on u.user_id = a.user_id where u.username in ('anan', 'suda')`,
    );
    expect(bkn[0]!.n).toBeGreaterThan(20);
  });

  it('unauthenticated calls to every guarded route answer 401, public ones do not', async () => {
    for (const r of t.app.routeRules) {
      const res = await t.call(r.method, urlOf(r.url), r.method === 'GET' ? undefined : {});
      if (r.auth === 'public') expect(res.status, `${r.method} ${r.url}`).toBeLessThan(500);
      else {
        expect(res.status, `${r.method} ${r.url}`).toBe(401);
        expect(res.body, `${r.method} ${r.url}`).toEqual({ status: 'error', message: 'กรุณาเข้าสู่ระบบ', data: null });
      }
    }
  });
});
