/**
 * Test support: a real server on a fresh database per test file.
 * - Without DATABASE_URL: an in-memory PGlite, migrated and seeded.
 * - With DATABASE_URL: a new database `khabkhi_t_<random>` on that server, dropped on close.
 * Nothing is mocked: requests go through fastify.inject into the real routes and SQL.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../src/app.js';
import { loadConfig, type Config } from '../src/config.js';
import { openDatabase, type Db } from '../src/db/connection.js';
import { DEMO_PASSWORD, type SeedOptions } from '../src/db/seed.js';
import { createSeededPgDatabase, seededPglite } from './seeded-database.js';

export const ADMIN_PASSWORD = 'admin-test-pass';
export { DEMO_PASSWORD };

export interface Envelope<T = any> {
  status: 'success' | 'error';
  message: string;
  data: T;
  filter?: any;
  meta?: any;
  chart?: any;
  totals?: any;
}

export interface Call {
  status: number;
  body: Envelope;
  res: LightMyRequestResponse;
}

export interface Client {
  token: string;
  refreshToken: string;
  userData: any;
  get(url: string, query?: Record<string, unknown>): Promise<Call>;
  post(url: string, body?: unknown, headers?: Record<string, string>): Promise<Call>;
  put(url: string, body?: unknown, headers?: Record<string, string>): Promise<Call>;
  del(url: string, body?: unknown): Promise<Call>;
  req(method: string, url: string, body?: unknown, headers?: Record<string, string>): Promise<Call>;
}

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  kind: 'pglite' | 'postgres';
  config: Config;
  /** login with a username (demo users share DEMO_PASSWORD; admin uses ADMIN_PASSWORD) */
  login(username: string, password?: string): Promise<Client>;
  /** cached login per username */
  as(username: string): Promise<Client>;
  /** an unauthenticated call */
  call(method: string, url: string, body?: unknown, headers?: Record<string, string>): Promise<Call>;
  close(): Promise<void>;
}

function parse(res: LightMyRequestResponse): Call {
  let body: Envelope;
  try {
    body = res.json();
  } catch {
    body = { status: 'error', message: res.body, data: null };
  }
  return { status: res.statusCode, body, res };
}

export async function createPgDatabase(
  baseUrl: string,
  seeded?: SeedOptions,
): Promise<{ url: string; drop(): Promise<void> }> {
  const pg = await import('pg');
  const name = `khabkhi_t_${randomBytes(6).toString('hex')}`;
  if (seeded) await createSeededPgDatabase(baseUrl, name, seeded);
  else {
    const admin = new pg.default.Client({ connectionString: baseUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
  }
  const u = new URL(baseUrl);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    async drop() {
      const c = new pg.default.Client({ connectionString: baseUrl });
      await c.connect();
      // the pool's sockets may still be closing: wait for them rather than killing them (a killed
      // client that is already ending emits an error nobody listens to any more)
      for (let i = 0; ; i++) {
        try {
          await c.query(`drop database if exists ${name}`);
          break;
        } catch (e) {
          if ((e as { code?: string }).code !== '55006' || i >= 50) {
            await c.query(`drop database if exists ${name} with (force)`);
            break;
          }
          await new Promise((r) => setTimeout(r, 100));
        }
      }
      await c.end();
    },
  };
}

export interface TestAppOptions {
  demo?: boolean;
  /** the demo registrations and payments of `npm start` */
  demoMoney?: boolean;
  env?: Record<string, string>;
  /** receives the server's log lines (JSON) at level info: the log-redaction test reads them */
  logStream?: NodeJS.WritableStream;
  /** routes or hooks a test adds before the app is ready (e.g. a route that fails on purpose) */
  extend?: (app: FastifyInstance, db: Db) => void;
}

export async function createTestApp(opts: TestAppOptions = {}): Promise<TestApp> {
  const baseUrl = process.env.DATABASE_URL?.trim() || undefined;
  const seedOpts: SeedOptions = {
    adminPassword: ADMIN_PASSWORD,
    demo: opts.demo ?? true,
    demoMoney: opts.demoMoney ?? false,
  };
  // every test file starts from a copy of the migrated, seeded database (see seeded-database.ts)
  const pgDb = baseUrl ? await createPgDatabase(baseUrl, seedOpts) : undefined;
  const config = loadConfig({
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    JWT_SECRET: 'test-secret-test-secret-test-secret-0123456789',
    // an answer with a key its response schema does not declare fails the test (the serializer would drop it)
    CHECK_RESPONSES: '1',
    ...(pgDb ? { DATABASE_URL: pgDb.url } : {}),
    ...opts.env,
  });
  const dbOpts = {
    poolSize: 20,
    statementTimeoutMs: config.statementTimeoutMs,
    lockTimeoutMs: config.lockTimeoutMs,
  };
  const database = pgDb
    ? await openDatabase({ ...dbOpts, databaseUrl: pgDb.url })
    : await seededPglite(seedOpts, dbOpts);
  const secret = new TextEncoder().encode(config.jwtSecret);
  const logger = opts.logStream ? { level: 'info', stream: opts.logStream } : { level: config.logLevel };
  const app = await buildApp({ config, database, secret, logger });
  opts.extend?.(app, database.db);
  await app.ready();

  async function call(
    method: string,
    url: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Call> {
    const res = await app.inject({
      method: method as any,
      url,
      headers: { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers },
      payload: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    return parse(res);
  }

  async function login(username: string, password?: string): Promise<Client> {
    const pw = password ?? (username === 'admin' ? ADMIN_PASSWORD : DEMO_PASSWORD);
    const r = await call('POST', '/api/user/login', { username, password: pw });
    if (r.status !== 200) throw new Error(`login ${username} failed: ${r.status} ${r.body.message}`);
    const { accessToken, refreshToken, userData } = r.body.data;
    const auth = (h: Record<string, string> = {}) => ({ authorization: `Bearer ${accessToken}`, ...h });
    const qs = (q?: Record<string, unknown>) => {
      if (!q) return '';
      const p = new URLSearchParams();
      for (const [k, v] of Object.entries(q)) if (v !== undefined && v !== null) p.set(k, String(v));
      const s = p.toString();
      return s ? `?${s}` : '';
    };
    return {
      token: accessToken,
      refreshToken,
      userData,
      get: (url, q) => call('GET', url + qs(q), undefined, auth()),
      post: (url, body, h) => call('POST', url, body ?? {}, auth(h)),
      put: (url, body, h) => call('PUT', url, body ?? {}, auth(h)),
      del: (url, body) => call('DELETE', url, body ?? {}, auth()),
      req: (method, url, body, h) => call(method, url, body, auth(h)),
    };
  }

  const cache = new Map<string, Promise<Client>>();
  return {
    app,
    db: database.db,
    kind: database.kind,
    config,
    login,
    as(username) {
      let c = cache.get(username);
      if (!c) {
        c = login(username);
        cache.set(username, c);
      }
      return c;
    },
    call,
    async close() {
      await app.close();
      await database.close();
      await pgDb?.drop();
    },
  };
}
