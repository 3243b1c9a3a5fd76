/**
 * Starts a pcscd for the integration tests, with the vsmartcard vpcd reader on free TCP ports.
 *
 * Preferred ('private'): pcscd runs in its own mount namespace (`unshare -m`) with a temporary
 * directory bound over /run/pcscd, so its socket, pid file and vpcd ports never touch a pcscd
 * that may already run system-wide. Clients find it through PCSCLITE_CSOCK_NAME (honoured by
 * libpcsclite; pcscd 1.9 itself ignores that variable, hence the namespace).
 * Fallback without unshare: reuse a running system pcscd that has vpcd on its default port
 * 35963, or start one on the default socket when none runs. Always stopped by stop(), and killed
 * on process exit even if the test crashes; `-x` makes an orphan quit after 60 s idle anyway.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export const VPCD_DRIVER = '/usr/lib/pcsc/drivers/serial/libifdvpcd.so';
export const PCSCD = '/usr/sbin/pcscd';
const DEFAULT_SOCKET = '/run/pcscd/pcscd.comm';
const DEFAULT_VPCD_PORT = 0x8c7b; // 35963, /etc/reader.conf.d/vpcd

export interface PcscdHandle {
  mode: 'private' | 'started' | 'reused';
  /** Environment for PC/SC clients (PCSCLITE_CSOCK_NAME set in private mode). */
  env: NodeJS.ProcessEnv;
  socketPath: string;
  /** vpcd slot ports: one reader per port, named "Virtual PCD 00 00", "Virtual PCD 00 01". */
  ports: [number, number];
  log(): string;
  stop(): Promise<void>;
}

/** Why the PC/SC integration test cannot run here, or null if it can. */
export function pcscUnavailableReason(): string | null {
  if (process.platform !== 'linux') return 'not Linux';
  if (!fs.existsSync(PCSCD)) return `${PCSCD} missing (run scripts/ensure-pcsc.sh)`;
  if (!fs.existsSync(VPCD_DRIVER)) return `${VPCD_DRIVER} missing (apt-get install vsmartcard-vpcd)`;
  return null;
}

function canUnshare(): boolean {
  if (process.env.CARD_AGENT_TEST_NO_UNSHARE === '1') return false; // to exercise the fallbacks
  if (process.getuid?.() !== 0) return false;
  const r = spawnSync('unshare', ['-m', '--propagation', 'private', 'true'], { timeout: 3000, stdio: 'ignore' });
  return r.status === 0;
}

function listening(port: number): boolean {
  const hexPort = `:${port.toString(16).toUpperCase().padStart(4, '0')} `;
  for (const f of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text = '';
    try {
      text = fs.readFileSync(f, 'utf8');
    } catch {
      continue;
    }
    for (const line of text.split('\n').slice(1)) {
      const cols = line.trim().split(/\s+/);
      if (cols[1]?.endsWith(hexPort.trim()) && cols[3] === '0A') return true;
    }
  }
  return false;
}

function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.once('error', () => resolve(false));
    srv.listen({ port, host: '0.0.0.0', exclusive: true }, () => srv.close(() => resolve(true)));
  });
}

async function freePortPair(): Promise<number> {
  for (let i = 0; i < 50; i++) {
    const p = 20000 + Math.floor(Math.random() * 40000);
    if ((await portFree(p)) && (await portFree(p + 1))) return p;
  }
  throw new Error('no free port pair for vpcd');
}

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function systemPcscdRunning(): boolean {
  try {
    const pid = Number(fs.readFileSync('/run/pcscd/pcscd.pid', 'utf8').trim());
    if (pid > 0 && pidAlive(pid)) return true;
  } catch {
    /* no pid file */
  }
  return spawnSync('pgrep', ['-x', 'pcscd'], { timeout: 3000 }).status === 0;
}

async function waitFor(cond: () => boolean, timeoutMs: number, what: string, child?: ChildProcess, log?: () => string) {
  const deadline = Date.now() + timeoutMs;
  while (!cond()) {
    if (child && child.exitCode !== null)
      throw new Error(`pcscd exited (${child.exitCode}) before ${what}:\n${log?.()}`);
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}:\n${log?.() ?? ''}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export async function startPcscd(): Promise<PcscdHandle> {
  const reason = pcscUnavailableReason();
  if (reason) throw new Error(reason);

  const privateNs = canUnshare();
  if (!privateNs && systemPcscdRunning()) {
    if (!listening(DEFAULT_VPCD_PORT)) {
      throw new Error(
        'a system-wide pcscd runs without the vpcd reader; stop it or install vsmartcard-vpcd and restart it',
      );
    }
    return {
      mode: 'reused',
      env: { ...process.env },
      socketPath: DEFAULT_SOCKET,
      ports: [DEFAULT_VPCD_PORT, DEFAULT_VPCD_PORT + 1],
      log: () => '(system pcscd reused; see its own log)',
      stop: async () => {},
    };
  }

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'khabkhi-pcscd-'));
  const confDir = path.join(dir, 'reader.conf.d');
  const runDir = path.join(dir, 'run');
  fs.mkdirSync(confDir);
  fs.mkdirSync(runDir);
  const port = await freePortPair();
  const hexPort = `0x${port.toString(16).toUpperCase()}`;
  fs.writeFileSync(
    path.join(confDir, 'vpcd'),
    `FRIENDLYNAME "Virtual PCD"\nDEVICENAME   /dev/null:${hexPort}\nLIBPATH      ${VPCD_DRIVER}\nCHANNELID    ${hexPort}\n`,
  );

  const pcscdArgs = ['-f', '-a', '-x', '-c', confDir];
  const child = privateNs
    ? spawn(
        'unshare',
        [
          '-m',
          '--propagation',
          'private',
          'sh',
          '-c',
          'mkdir -p /run/pcscd && mount --bind "$1" /run/pcscd && shift && exec "$@"',
          'sh',
          runDir,
          PCSCD,
          ...pcscdArgs,
        ],
        { stdio: ['ignore', 'pipe', 'pipe'] },
      )
    : spawn(PCSCD, pcscdArgs, { stdio: ['ignore', 'pipe', 'pipe'] });

  let output = '';
  child.stdout?.on('data', (d) => (output = (output + d).slice(-200_000)));
  child.stderr?.on('data', (d) => (output = (output + d).slice(-200_000)));
  const log = () => output;
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);

  const socketPath = privateNs ? path.join(runDir, 'pcscd.comm') : DEFAULT_SOCKET;
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    process.removeListener('exit', killOnExit);
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise<void>((r) => child.once('exit', () => r()));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 3000);
      await exited;
      clearTimeout(timer);
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };

  try {
    await waitFor(
      () => fs.existsSync(socketPath) && listening(port) && listening(port + 1),
      8000,
      'pcscd socket and vpcd ports',
      child,
      log,
    );
  } catch (e) {
    await stop();
    throw e;
  }
  return {
    mode: privateNs ? 'private' : 'started',
    env: privateNs ? { ...process.env, PCSCLITE_CSOCK_NAME: socketPath } : { ...process.env },
    socketPath,
    ports: [port, port + 1],
    log,
    stop,
  };
}
