/** Runs the real agent (src/main.ts) as a child process, as on the counter PC. */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const AGENT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface AgentHandle {
  port: number;
  child: ChildProcess;
  log(): string;
  stop(): Promise<void>;
}

export async function startAgent(env: NodeJS.ProcessEnv, timeoutMs = 15000, port = 0): Promise<AgentHandle> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: AGENT_DIR,
    env: { ...env, CARD_AGENT_PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);

  const boundPort = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`agent did not start in ${timeoutMs} ms:\n${output}`)), timeoutMs);
    const onData = (d: Buffer) => {
      output += d;
      const m = /listening on http:\/\/127\.0\.0\.1:(\d+)/.exec(output);
      if (m) {
        clearTimeout(timer);
        resolve(Number(m[1]));
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (d) => (output += d));
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`agent exited (${code}) before listening:\n${output}`));
    });
  });

  return {
    port: boundPort,
    child,
    log: () => output,
    stop: async () => {
      process.removeListener('exit', killOnExit);
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise<void>((r) => child.once('exit', () => r()));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 4000);
      await exited;
      clearTimeout(timer);
    },
  };
}
