/**
 * The one HTTP client: bearer token from the stored login, envelope unwrap, and on 401
 * exactly one refresh (shared by all calls failing at once) and one retry. When the refresh
 * fails the stored login is cleared and the app goes to /login with "Invalid refresh token".
 */
import { session, type LoginData } from './session';

export interface Option {
  name: string;
  value: string | number;
}
export interface Meta {
  page: number;
  per_page: number;
  total: number;
  last_page: number;
}
export interface Envelope<T> {
  status: 'success' | 'error';
  message: string;
  data: T;
}
export interface TableResult<T> extends Envelope<T[]> {
  filter: Record<string, Option[]>;
  meta: Meta;
}

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly body?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const SESSION_EXPIRED = 'Invalid refresh token';

type Query = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  query?: Query;
  headers?: Record<string, string>;
  /** Return the raw Response (files); no envelope unwrap. */
  raw?: boolean;
  signal?: AbortSignal;
}

let refreshing: Promise<boolean> | null = null;
let onSessionExpired: (message: string) => void = (message) => {
  window.location.assign(`/login?reason=${encodeURIComponent(message)}`);
};

/** The router installs a navigate-based handler (no full reload). */
export function setSessionExpiredHandler(fn: (message: string) => void): void {
  onSessionExpired = fn;
}

export function buildUrl(path: string, query?: Query): string {
  const url = path.startsWith('/api') ? path : `/api${path.startsWith('/') ? '' : '/'}${path}`;
  if (!query) return url;
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    if (v === undefined || v === null || v === '') continue;
    qs.set(k, String(v));
  }
  const s = qs.toString();
  return s ? `${url}?${s}` : url;
}

async function send(path: string, opts: RequestOptions): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json', ...opts.headers };
  const token = session.accessToken;
  if (token) headers.Authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (opts.body instanceof FormData) body = opts.body;
  else if (opts.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(opts.body);
  }
  try {
    return await fetch(buildUrl(path, opts.query), {
      method: opts.method ?? 'GET',
      headers,
      body,
      signal: opts.signal,
    });
  } catch (e) {
    if ((e as Error).name === 'AbortError') throw e;
    throw new ApiError('ไม่สามารถเชื่อมต่อเซิร์ฟเวอร์ได้ กรุณาตรวจสอบการเชื่อมต่อเครือข่าย', 0);
  }
}

/** One refresh for all concurrent 401s. Resolves true when a new token pair is stored. */
function refreshOnce(): Promise<boolean> {
  if (!refreshing) {
    refreshing = (async () => {
      const refreshToken = session.refreshToken;
      if (!refreshToken) return false;
      try {
        const res = await fetch('/api/user/refresh', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
          body: JSON.stringify({ refreshToken }),
        });
        const json = (await res.json().catch(() => null)) as Envelope<LoginData> | null;
        if (!res.ok || !json || json.status !== 'success') return false;
        session.save(json.data);
        return true;
      } catch {
        return false;
      }
    })().finally(() => {
      // let calls that failed during this refresh still see the result, then allow a future refresh
      setTimeout(() => {
        refreshing = null;
      }, 0);
    });
  }
  return refreshing;
}

function expire(): never {
  // kept across the redirect (the login guard may redirect before our handler does)
  sessionStorage.setItem('loginReason', SESSION_EXPIRED);
  if (!window.location.pathname.startsWith('/login'))
    sessionStorage.setItem('loginFrom', window.location.pathname + window.location.search);
  session.clear();
  onSessionExpired(SESSION_EXPIRED);
  throw new ApiError(`เซสชันหมดอายุ กรุณาเข้าสู่ระบบใหม่ (${SESSION_EXPIRED})`, 401);
}

async function readEnvelope<T>(res: Response): Promise<Envelope<T>> {
  const json = (await res.json().catch(() => null)) as Envelope<T> | null;
  if (!res.ok || !json || json.status === 'error') {
    const msg = json?.message || `เกิดข้อผิดพลาดจากเซิร์ฟเวอร์ (HTTP ${res.status})`;
    throw new ApiError(msg, res.status, json);
  }
  return json;
}

async function call(path: string, opts: RequestOptions): Promise<Response> {
  const tokenUsed = session.accessToken;
  let res = await send(path, opts);
  if (res.status === 401 && session.refreshToken) {
    // another call may already have refreshed while this one was in flight: then just retry
    const ok = session.accessToken !== tokenUsed || (await refreshOnce());
    if (!ok) expire();
    res = await send(path, opts);
    if (res.status === 401) expire();
  } else if (res.status === 401 && session.isLoggedIn()) {
    expire();
  }
  return res;
}

/** Full envelope (tables need filter and meta). */
export async function requestEnvelope<T>(path: string, opts: RequestOptions = {}): Promise<Envelope<T>> {
  return readEnvelope<T>(await call(path, opts));
}

/** Envelope unwrapped: returns data, throws ApiError with the Thai message. */
export async function request<T>(path: string, opts: RequestOptions = {}): Promise<T> {
  return (await requestEnvelope<T>(path, opts)).data;
}

/** A file behind the bearer header, as a Blob. */
export async function requestBlob(path: string): Promise<Blob> {
  const res = await call(path, {});
  if (!res.ok) throw new ApiError('ไม่พบไฟล์', res.status);
  return res.blob();
}

export const api = {
  get: <T>(path: string, query?: Query) => request<T>(path, { query }),
  post: <T>(path: string, body?: unknown) => requestEnvelope<T>(path, { method: 'POST', body }),
  put: <T>(path: string, body?: unknown) => requestEnvelope<T>(path, { method: 'PUT', body }),
  del: <T>(path: string, body?: unknown) => requestEnvelope<T>(path, { method: 'DELETE', body }),
  table: <T>(path: string, query?: Query) => requestEnvelope<T[]>(path, { query }) as Promise<TableResult<T>>,
  upload: async (file: File | Blob): Promise<{ file_id: string }> => {
    const fd = new FormData();
    fd.append('file', file);
    return request<{ file_id: string }>('/files/upload', { method: 'POST', body: fd });
  },
};

/** Login without the 401 dance (a wrong password answers 400/401 with a Thai message). */
export async function login(username: string, password: string): Promise<LoginData> {
  const res = await fetch('/api/user/login', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({ username, password }),
  }).catch(() => {
    throw new ApiError('ไม่สามารถเชื่อมต่อเซิร์ฟเวอร์ได้ กรุณาตรวจสอบการเชื่อมต่อเครือข่าย', 0);
  });
  const env = await readEnvelope<LoginData>(res);
  session.save(env.data);
  return env.data;
}

export async function logout(): Promise<void> {
  const refreshToken = session.refreshToken;
  try {
    if (refreshToken) {
      await fetch('/api/user/logout', {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          ...(session.accessToken ? { Authorization: `Bearer ${session.accessToken}` } : {}),
        },
        body: JSON.stringify({ refreshToken }),
      });
    }
  } finally {
    session.clear();
  }
}

/** Thai message of any thrown value. */
export function errorMessage(e: unknown): string {
  if (e instanceof ApiError) return e.message;
  if (e instanceof Error) return e.message;
  return 'เกิดข้อผิดพลาดที่ไม่ทราบสาเหตุ';
}
