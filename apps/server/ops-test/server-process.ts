/** The built server (dist/main.js) as a child process on a fresh PostgreSQL database: what a deployment runs. */
import { createPgDatabase } from '../test/helpers.js';
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const builtServer = path.join(serverDir, 'dist/main.js');
export const ADMIN_PASSWORD = 'ops-admin-password';

export function baseUrl(): string {
  const url = process.env.DATABASE_URL?.trim();
  if (!url)
    throw new Error('the operations tests need DATABASE_URL (a PostgreSQL server they may create databases on)');
  if (!fs.existsSync(builtServer))
    throw new Error(`${builtServer} is missing: run \`npm run build\` first (npm test does)`);
  return url;
}

/** A fresh database on the DATABASE_URL server (the API suites' helper), dropped by `drop()`. */
export async function createDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  return createPgDatabase(baseUrl());
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  output(): string;
  stop(): Promise<void>;
}

/** Starts `node dist/main.js`; resolves once it printed that it is running (or rejects with its output). */
export async function startServer(databaseUrl: string, env: Record<string, string> = {}): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, [builtServer], {
    cwd: serverDir,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      ADMIN_PASSWORD,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => {
    out += d;
  });
  child.stderr!.on('data', (d) => {
    out += d;
  });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start in 90 s:\n${out}`)), 90_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${out}`));
    });
    const poll = setInterval(() => {
      if (out.includes('is running at')) {
        clearInterval(poll);
        clearTimeout(timer);
        resolve();
      }
    }, 50);
  });
  return {
    url: `http://127.0.0.1:${port}`,
    child,
    output: () => out,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

export async function api(url: string, method: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(url, {
    method,
    headers: { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(20_000),
  });
  const text = await res.text();
  let json: any = null;
  try {
    json = JSON.parse(text);
  } catch {
    json = { raw: text };
  }
  return { status: res.status, body: json };
}

export async function login(url: string, username: string, password: string): Promise<string> {
  const res = await api(`${url}/api/user/login`, 'POST', { username, password });
  if (res.status !== 200) throw new Error(`login ${username}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data.accessToken as string;
}
