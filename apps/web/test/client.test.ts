import { beforeEach, describe, expect, it, vi } from 'vitest';

// minimal browser globals for the client (node environment)
const store = new Map<string, string>();
const local = {
  getItem: (k: string) => store.get(k) ?? null,
  setItem: (k: string, v: string) => void store.set(k, String(v)),
  removeItem: (k: string) => void store.delete(k),
};
const ss = new Map<string, string>();
Object.assign(globalThis, {
  localStorage: local,
  sessionStorage: {
    getItem: (k: string) => ss.get(k) ?? null,
    setItem: (k: string, v: string) => void ss.set(k, v),
    removeItem: (k: string) => void ss.delete(k),
  },
  window: { location: { pathname: '/employees', search: '', assign: vi.fn() }, addEventListener: () => {} },
});

const { api, ApiError, setSessionExpiredHandler, SESSION_EXPIRED } = await import('../src/api/client');
const { can } = await import('../src/api/session');

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const user = {
  user_id: 1,
  username: 'a',
  prefix: '',
  fname: 'ก',
  sname: '',
  nickname: '',
  photo: null,
  role: { role_id: 1, slug: 'owner', name: 'x' },
  branch_id: 1,
  branch_name: 'HQ',
  all_branches: true,
};

function login(access = 'old', refresh = 'r1') {
  store.clear();
  store.set('accessToken', access);
  store.set('refreshToken', refresh);
  store.set('userData', JSON.stringify(user));
  store.set('ability', JSON.stringify([{ action: 'manage', subject: 'all' }]));
}

describe('api client', () => {
  beforeEach(() => {
    login();
    ss.clear();
    vi.restoreAllMocks();
  });

  it('unwraps the envelope and sends the bearer token', async () => {
    const f = vi.fn(async (_url: string, init: RequestInit) => {
      expect((init.headers as Record<string, string>).Authorization).toBe('Bearer old');
      return json(200, { status: 'success', message: 'สำเร็จ', data: { x: 1 } });
    });
    vi.stubGlobal('fetch', f);
    expect(await api.get('/user/me')).toEqual({ x: 1 });
    expect(f.mock.calls[0][0]).toBe('/api/user/me');
  });

  it('throws ApiError with the Thai message on status error', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(409, { status: 'error', message: 'รหัส (code): ซ้ำ', data: null })),
    );
    await expect(api.post('/branch/create', {})).rejects.toMatchObject({ message: 'รหัส (code): ซ้ำ', status: 409 });
    await expect(api.post('/branch/create', {})).rejects.toBeInstanceOf(ApiError);
  });

  it('refreshes once for concurrent 401s and retries each call once', async () => {
    let refreshes = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        if (url === '/api/user/refresh') {
          refreshes++;
          await new Promise((r) => setTimeout(r, 10));
          return json(200, {
            status: 'success',
            message: '',
            data: { accessToken: 'new', refreshToken: 'r2', userData: user, ability: [] },
          });
        }
        const auth = (init.headers as Record<string, string>).Authorization;
        return auth === 'Bearer new'
          ? json(200, { status: 'success', message: '', data: url })
          : json(401, { status: 'error', message: 'หมดอายุ', data: null });
      }),
    );
    const out = await Promise.all([api.get('/a'), api.get('/b'), api.get('/c')]);
    expect(out).toEqual(['/api/a', '/api/b', '/api/c']);
    expect(refreshes).toBe(1);
    expect(store.get('refreshToken')).toBe('r2');
  });

  it('clears the login and reports Invalid refresh token when the refresh fails', async () => {
    const onExpired = vi.fn();
    setSessionExpiredHandler(onExpired);
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url === '/api/user/refresh'
          ? json(401, { status: 'error', message: 'Invalid refresh token', data: null })
          : json(401, { status: 'error', message: 'หมดอายุ', data: null }),
      ),
    );
    await expect(api.get('/a')).rejects.toMatchObject({ status: 401 });
    expect(onExpired).toHaveBeenCalledWith(SESSION_EXPIRED);
    expect(store.get('accessToken')).toBeUndefined();
    expect(store.get('userData')).toBeUndefined();
    expect(ss.get('loginReason')).toBe('Invalid refresh token');
  });
});

describe('ability', () => {
  it('manage covers every action and all covers every subject', () => {
    expect(can([{ action: 'manage', subject: 'all' }], 'delete', 'Branch')).toBe(true);
    expect(can([{ action: 'read', subject: 'User' }], 'read', 'User')).toBe(true);
    expect(can([{ action: 'read', subject: 'User' }], 'update', 'User')).toBe(false);
    expect(can([{ action: 'manage', subject: 'Setting' }], 'manage', 'Branch')).toBe(false);
  });
});
