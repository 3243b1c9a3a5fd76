import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeThaiNationalId } from '@khabkhi/thai';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../helpers.js';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t?.close(); });

const login = (username: string, password: string, ip = '10.0.0.1') =>
  t.app.inject({ method: 'POST', url: '/api/user/login', payload: { username, password }, remoteAddress: ip }).then((r) => ({ status: r.statusCode, body: r.json() }));
const refresh = (refreshToken: string) => t.call('POST', '/api/user/refresh', { refreshToken });
const me = (token: string) => t.call('GET', '/api/user/me', undefined, { authorization: `Bearer ${token}` });

describe('session', () => {
  it('login answers tokens, userData and abilities; never a password; one Thai message for a wrong user or password', async () => {
    const ok = await login('malee', DEMO_PASSWORD);
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({ accessToken: expect.any(String), refreshToken: expect.any(String), userData: { username: 'malee', role: expect.anything(), branch_id: expect.any(Number) } });
    expect(ok.body.data.ability).toEqual(expect.arrayContaining([{ action: 'create', subject: 'Application' }]));
    expect(JSON.stringify(ok.body)).not.toMatch(/password_hash|\$argon2/);
    const wrongPassword = await login('malee', 'nope-nope', '10.0.0.2');
    const wrongUser = await login('nobody', 'nope-nope', '10.0.0.2');
    expect(wrongPassword.status).toBe(401);
    expect(wrongUser.status).toBe(401);
    expect(wrongPassword.body.message).toBe(wrongUser.body.message);
    expect(wrongPassword.body.message).toMatch(/[ก-๙]/);
  });

  it('a refresh spends the old token; presenting a spent one revokes the whole family', async () => {
    const first = (await login('somchai', DEMO_PASSWORD)).body.data;
    const second = await refresh(first.refreshToken);
    expect(second.status).toBe(200);
    expect((await me(second.body.data.accessToken)).status).toBe(200);
    const reuse = await refresh(first.refreshToken);
    expect(reuse.status).toBe(401);
    expect((await refresh(second.body.data.refreshToken)).status).toBe(401);
    expect((await me(second.body.data.accessToken)).status).toBe(401);
  });

  it('logout revokes; forged or missing tokens are 401 envelopes', async () => {
    const s = (await login('wanida', DEMO_PASSWORD)).body.data;
    const out = await t.call('POST', '/api/user/logout', { refreshToken: s.refreshToken }, { authorization: `Bearer ${s.accessToken}` });
    expect(out.status).toBe(200);
    expect((await me(s.accessToken)).status).toBe(401);
    expect((await refresh(s.refreshToken)).status).toBe(401);
    for (const h of [{}, { authorization: 'Bearer x.y.z' }, { authorization: `Bearer ${s.accessToken.slice(0, -3)}abc` }]) {
      const r = await t.call('GET', '/api/user/me', undefined, h as Record<string, string>);
      expect(r.status).toBe(401);
      expect(r.body).toMatchObject({ status: 'error', message: expect.stringMatching(/[ก-๙]/) });
    }
  });

  it('repeated failures are rate-limited per IP and username with a Thai 429', async () => {
    let last = 0;
    let message = '';
    for (let i = 0; i < 7; i++) {
      const r = await login('prasert', 'wrong-' + i, '10.9.9.9');
      last = r.status;
      message = r.body.message;
    }
    expect(last).toBe(429);
    expect(message).toMatch(/[ก-๙]/);
    expect((await login('prasert', DEMO_PASSWORD, '10.9.9.9')).status).toBe(429);
    expect((await login('prasert', DEMO_PASSWORD, '10.8.8.8')).status).toBe(200);
  });

  it('a deleted or disabled employee cannot log in and their tokens stop working', async () => {
    const admin = await t.as('admin');
    const opts = (await admin.get('/api/user/listforregister')).body.data;
    const cashierRole = opts.role.find((r: { name: string }) => r.name.includes('การเงิน'));
    const mk = async (username: string, id12: string) => (await admin.post('/api/user/register', {
      username, password: 'temp-pass-123', role_id: cashierRole.role_id ?? cashierRole.value, branch_id: opts.branch[0].branch_id ?? opts.branch[0].value,
      fname: 'ทดสอบ', idcard: makeThaiNationalId(id12),
    })).body.data;
    const a = await mk('temp_a', '110170023071');
    const b = await mk('temp_b', '110170023072');
    expect(a?.user_id, 'register').toBeTruthy();
    const sa = (await login('temp_a', 'temp-pass-123')).body.data;
    const sb = (await login('temp_b', 'temp-pass-123')).body.data;
    expect((await admin.del('/api/user/delete', { user_id: a.user_id })).status).toBe(200);
    expect((await me(sa.accessToken)).status).toBe(401);
    expect((await login('temp_a', 'temp-pass-123')).status).toBe(401);
    const cur = (await admin.get(`/api/user/get/${b.user_id}`)).body.data;
    const off = await admin.put('/api/user/update', { user_id: b.user_id, username: cur.username, role_id: cur.role_id, branch_id: cur.branch_id, fname: cur.fname, idcard: cur.idcard, status: 'inactive' });
    expect(off.status, off.body.message).toBe(200);
    expect((await me(sb.accessToken)).status).toBe(401);
    expect((await login('temp_b', 'temp-pass-123')).status).toBe(401);
    expect((await admin.del('/api/user/delete', { user_id: (await admin.get('/api/user/me')).body.data.user_id })).status).toBe(400);
  });
});
