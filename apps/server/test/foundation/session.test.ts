import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import { sql } from 'drizzle-orm';
import { makeThaiNationalId } from '@khabkhi/thai';
import { seedRoles } from '../../src/http/abilities.js';
import { ACCESS_AUDIENCE } from '../../src/http/auth.js';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const login = (username: string, password: string, ip = '10.0.0.1') =>
  t.app
    .inject({ method: 'POST', url: '/api/user/login', payload: { username, password }, remoteAddress: ip })
    .then((r) => ({ status: r.statusCode, body: r.json(), raw: r.body }));
const refresh = (refreshToken: string) => t.call('POST', '/api/user/refresh', { refreshToken });
const me = (token: string) => t.call('GET', '/api/user/me', undefined, { authorization: `Bearer ${token}` });
const rows = async <T>(q: ReturnType<typeof sql>) => ((await t.db.execute(q)) as unknown as { rows: T[] }).rows;
const NO_SECRETS = /password|\$argon2|token_hash/i;

describe('login', () => {
  it('answers tokens, userData and the role abilities; never a password; one Thai message for a wrong user or password', async () => {
    const ok = await login('malee', DEMO_PASSWORD);
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ status: 'success', message: 'เข้าสู่ระบบสำเร็จ' });
    const d = ok.body.data;
    expect(Object.keys(d).sort()).toEqual(['ability', 'accessToken', 'refreshToken', 'userData']);
    expect(d.accessToken.split('.')).toHaveLength(3);
    expect(d.refreshToken).toMatch(/^[\w-]{40,}$/);
    expect(Object.keys(d.userData).sort()).toEqual(
      [
        'all_branches',
        'branch_id',
        'branch_name',
        'demo',
        'fname',
        'nickname',
        'photo',
        'prefix',
        'role',
        'role_id',
        'sname',
        'user_id',
        'username',
      ].sort(),
    );
    expect(d.userData).toMatchObject({
      username: 'malee',
      prefix: 'นางสาว',
      fname: 'มาลี',
      sname: 'ศรีสุข',
      nickname: 'มะลิ',
      photo: null,
      role: { slug: 'cashier', name: 'พนักงานหน้าเคาน์เตอร์/การเงิน' },
      branch_name: 'สำนักงานใหญ่ (บางนา)',
      all_branches: true, // head office staff see every branch
      demo: true, // the demo school says so (the web shows its banner)
    });
    expect(d.userData.role.role_id).toBe(d.userData.role_id);
    expect(d.ability).toEqual(seedRoles.find((r) => r.slug === 'cashier')!.abilities);
    expect(ok.raw).not.toMatch(NO_SECRETS);

    const suda = (await login('suda', DEMO_PASSWORD)).body.data;
    expect(suda.userData).toMatchObject({ branch_name: 'สาขาบางเขน', all_branches: false, role: { slug: 'cashier' } });
    const admin = (await login('admin', 'admin-test-pass')).body.data;
    expect(admin.ability).toEqual([{ action: 'manage', subject: 'all' }]);
    expect(admin.userData).toMatchObject({ all_branches: true, role: { slug: 'owner' } });

    const wrongPassword = await login('malee', 'nope-nope', '10.0.0.2');
    const wrongUser = await login('nobody', 'nope-nope', '10.0.0.2');
    expect(wrongPassword.status).toBe(401);
    expect(wrongUser.status).toBe(401);
    expect(wrongPassword.body).toEqual({ status: 'error', message: 'ชื่อผู้ใช้หรือรหัสผ่านไม่ถูกต้อง', data: null });
    expect(wrongUser.body).toEqual(wrongPassword.body);
  });

  it('takes the username in any case and with spaces around it', async () => {
    expect((await login('  MALEE ', DEMO_PASSWORD)).status).toBe(200);
  });

  it('/user/me never carries a password hash', async () => {
    for (const u of ['admin', 'malee', 'suda']) {
      const c = await t.as(u);
      const r = await c.get('/api/user/me');
      expect(r.status).toBe(200);
      expect(r.res.body).not.toMatch(/password_hash|\$argon2/);
      expect(r.body.data.username).toBe(u);
    }
  });
});

describe('refresh tokens', () => {
  it('a refresh answers a new pair and spends the old token; presenting a spent one revokes the whole family', async () => {
    const first = (await login('somchai', DEMO_PASSWORD)).body.data;
    const second = await refresh(first.refreshToken);
    expect(second.status).toBe(200);
    expect(second.body.message).toBe('ต่ออายุเซสชันสำเร็จ');
    expect(second.body.data.refreshToken).not.toBe(first.refreshToken);
    expect(second.body.data.userData.username).toBe('somchai');
    expect(second.res.body).not.toMatch(/password_hash|\$argon2/);
    const third = await refresh(second.body.data.refreshToken);
    expect(third.status).toBe(200);
    expect((await me(third.body.data.accessToken)).status).toBe(200);
    expect((await me(first.accessToken)).status).toBe(200); // the family is alive: its access tokens work

    // a copy of the first (spent) token is presented: the thief and the owner both lose the session
    const reuse = await refresh(first.refreshToken);
    expect(reuse.status).toBe(401);
    expect(reuse.body).toEqual({
      status: 'error',
      message: 'เซสชันหมดอายุ กรุณาเข้าสู่ระบบใหม่ (Invalid refresh token)',
      data: null,
    });
    expect((await refresh(third.body.data.refreshToken)).status).toBe(401); // the newest token of the family too
    for (const tok of [first.accessToken, second.body.data.accessToken, third.body.data.accessToken])
      expect((await me(tok)).status).toBe(401);
    const fam = await rows<{ live: number }>(
      sql`select count(*)::int as live from refresh_tokens r join users u using (user_id) where u.username = 'somchai' and r.revoked_at is null`,
    );
    expect(fam[0]!.live).toBe(0);
  });

  it('families are independent: revoking one session leaves another session of the same user working', async () => {
    const a = (await login('prasert', DEMO_PASSWORD, '10.0.1.1')).body.data;
    const b = (await login('prasert', DEMO_PASSWORD, '10.0.1.2')).body.data;
    await refresh(a.refreshToken);
    expect((await refresh(a.refreshToken)).status).toBe(401); // reuse ends family a
    expect((await me(a.accessToken)).status).toBe(401);
    expect((await me(b.accessToken)).status).toBe(200);
    expect((await refresh(b.refreshToken)).status).toBe(200);
  });

  it('an unknown or expired refresh token is 401; a malformed body is 400', async () => {
    expect((await refresh('x'.repeat(43))).status).toBe(401);
    const s = (await login('kittipong', DEMO_PASSWORD)).body.data;
    await t.db.execute(
      sql`update refresh_tokens set expires_at = now() - interval '1 minute' where user_id = (select user_id from users where username = 'kittipong')`,
    );
    expect((await refresh(s.refreshToken)).status).toBe(401);
    expect((await me(s.accessToken)).status).toBe(401); // the expired token's family is ended as well
    const bad = await t.call('POST', '/api/user/refresh', {});
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('โทเคนต่ออายุ: ต้องระบุ');
  });
});

describe('logout and access tokens', () => {
  it('logout revokes the refresh token and the access tokens of that session only', async () => {
    const s = (await login('wanida', DEMO_PASSWORD)).body.data;
    const other = (await login('wanida', DEMO_PASSWORD)).body.data;
    const out = await t.call(
      'POST',
      '/api/user/logout',
      { refreshToken: s.refreshToken },
      { authorization: `Bearer ${s.accessToken}` },
    );
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ status: 'success', message: 'ออกจากระบบแล้ว', data: null });
    expect((await me(s.accessToken)).status).toBe(401);
    expect((await refresh(s.refreshToken)).status).toBe(401);
    expect((await me(other.accessToken)).status).toBe(200);
  });

  it('logout with only the bearer token (no body) ends that session as well', async () => {
    const s = (await login('anan', DEMO_PASSWORD)).body.data;
    const out = await t.call('POST', '/api/user/logout', undefined, { authorization: `Bearer ${s.accessToken}` });
    expect(out.status).toBe(200);
    expect((await me(s.accessToken)).status).toBe(401);
    expect((await refresh(s.refreshToken)).status).toBe(401);
    // logging out twice, or with nothing at all, is harmless
    expect((await t.call('POST', '/api/user/logout', {})).status).toBe(200);
  });

  it('missing, forged, tampered, expired or wrong-audience access tokens are 401 envelopes with a Thai message', async () => {
    const s = (await login('suda', DEMO_PASSWORD)).body.data;
    const secret = new TextEncoder().encode(t.config.jwtSecret);
    const userId = s.userData.user_id;
    const fam = (
      await rows<{ family_id: string }>(
        sql`select family_id::text from refresh_tokens where token_hash is not null and user_id = ${userId} order by created_at desc limit 1`,
      )
    )[0]!.family_id;
    const sign = (key: Uint8Array, exp: number | string, aud = ACCESS_AUDIENCE, sub = String(userId)) =>
      new SignJWT({ fam })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(sub)
        .setAudience(aud)
        .setIssuedAt(Math.floor(Date.now() / 1000) - 3600)
        .setExpirationTime(exp)
        .sign(key);
    // sanity: a token made the same way but valid is accepted, so the refusals below are about the one thing changed
    expect((await me(await sign(secret, '5m'))).status).toBe(200);
    const none = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from(JSON.stringify({ sub: String(userId), fam, aud: ACCESS_AUDIENCE })).toString('base64url')}.`;
    const cases: [string, Record<string, string>][] = [
      ['missing', {}],
      ['not bearer', { authorization: `Basic ${Buffer.from('suda:khabkhi-demo').toString('base64')}` }],
      ['garbage', { authorization: 'Bearer x.y.z' }],
      ['tampered signature', { authorization: `Bearer ${s.accessToken.slice(0, -4)}AAAA` }],
      [
        'forged with another key',
        {
          authorization: `Bearer ${await sign(new TextEncoder().encode('another-secret-another-secret-0123456789'), '5m')}`,
        },
      ],
      ['expired', { authorization: `Bearer ${await sign(secret, Math.floor(Date.now() / 1000) - 60)}` }],
      ['wrong audience', { authorization: `Bearer ${await sign(secret, '5m', 'someone-else')}` }],
      ['alg none', { authorization: `Bearer ${none}` }],
      ['another user id', { authorization: `Bearer ${await sign(secret, '5m', ACCESS_AUDIENCE, '1')}` }],
    ];
    for (const [what, h] of cases) {
      const r = await t.call('GET', '/api/user/me', undefined, h);
      expect(r.status, what).toBe(401);
      expect(r.body, what).toMatchObject({ status: 'error', data: null, message: expect.stringMatching(/เข้าสู่ระบบ/) });
      expect(r.res.body, what).not.toMatch(/at .*\.(ts|js):\d+|Error:/);
    }
  });
});

describe('login rate limit', () => {
  it('repeated failures of one IP and username answer a Thai 429; other pairs are unaffected', async () => {
    const statuses: number[] = [];
    let message = '';
    for (let i = 0; i < 7; i++) {
      const r = await login('prasert', 'wrong-' + i, '10.9.9.9');
      statuses.push(r.status);
      message = r.body.message;
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429]);
    expect(message).toBe('เข้าสู่ระบบไม่สำเร็จหลายครั้งเกินไป กรุณารอ 15 นาทีแล้วลองใหม่');
    expect((await login('prasert', DEMO_PASSWORD, '10.9.9.9')).status).toBe(429); // even the right password waits
    expect((await login('PRASERT', DEMO_PASSWORD, '10.9.9.9')).status).toBe(429); // the same name in capitals is the same pair
    expect((await login('prasert', DEMO_PASSWORD, '10.8.8.8')).status).toBe(200); // another IP
    expect((await login('malee', DEMO_PASSWORD, '10.9.9.9')).status).toBe(200); // another username from the same IP
  });

  it('a success starts the count again', async () => {
    for (let i = 0; i < 4; i++) expect((await login('thanawat', 'wrong', '10.7.7.7')).status).toBe(401);
    expect((await login('thanawat', DEMO_PASSWORD, '10.7.7.7')).status).toBe(200);
    for (let i = 0; i < 4; i++) expect((await login('thanawat', 'wrong', '10.7.7.7')).status).toBe(401);
    expect((await login('thanawat', DEMO_PASSWORD, '10.7.7.7')).status).toBe(200);
  });

  it('one IP guessing many usernames is stopped too', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) statuses.push((await login(`guess${i}`, 'wrong', '10.6.6.6')).status);
    expect(statuses.slice(0, 20).every((s) => s === 401)).toBe(true);
    expect(statuses[20]).toBe(429);
  });
});

describe('deleted and disabled accounts', () => {
  it('cannot log in, and their existing access and refresh tokens stop working at once', async () => {
    const admin = await t.as('admin');
    const opts = (await admin.get('/api/user/listforregister')).body.data;
    const cashierRole = opts.role.find((r: { slug: string }) => r.slug === 'cashier');
    const mk = async (username: string, id12: string) => {
      const r = await admin.post('/api/user/register', {
        username,
        password: 'temp-pass-123',
        role_id: cashierRole.role_id,
        branch_id: opts.branch[0].branch_id,
        fname: 'ทดสอบ',
        idcard: makeThaiNationalId(id12),
      });
      expect(r.status, r.body.message).toBe(200);
      return r.body.data;
    };
    const a = await mk('temp_a', '110170023071');
    const b = await mk('temp_b', '110170023072');
    const sa = (await login('temp_a', 'temp-pass-123')).body.data;
    const sb = (await login('temp_b', 'temp-pass-123')).body.data;
    expect((await me(sa.accessToken)).status).toBe(200);

    expect((await admin.del('/api/user/delete', { user_id: a.user_id })).status).toBe(200);
    expect((await me(sa.accessToken)).status).toBe(401);
    expect((await refresh(sa.refreshToken)).status).toBe(401);
    const deleted = await login('temp_a', 'temp-pass-123');
    expect(deleted.status).toBe(401);
    expect(deleted.body.message).toBe('ชื่อผู้ใช้หรือรหัสผ่านไม่ถูกต้อง'); // the same message: no hint that the account exists

    const cur = (await admin.get(`/api/user/get/${b.user_id}`)).body.data;
    const off = await admin.put('/api/user/update', {
      user_id: b.user_id,
      username: cur.username,
      role_id: cur.role_id,
      branch_id: cur.branch_id,
      fname: cur.fname,
      idcard: cur.idcard,
      status: 'inactive',
    });
    expect(off.status, off.body.message).toBe(200);
    expect((await me(sb.accessToken)).status).toBe(401);
    expect((await refresh(sb.refreshToken)).status).toBe(401);
    expect((await login('temp_b', 'temp-pass-123')).status).toBe(401);
    // enabled again: a fresh login works, the old session stays ended
    const on = await admin.put('/api/user/update', {
      user_id: b.user_id,
      role_id: cur.role_id,
      branch_id: cur.branch_id,
      fname: cur.fname,
      status: 'active',
    });
    expect(on.status, on.body.message).toBe(200);
    expect((await me(sb.accessToken)).status).toBe(401);
    expect((await login('temp_b', 'temp-pass-123')).status).toBe(200);
  });
});
