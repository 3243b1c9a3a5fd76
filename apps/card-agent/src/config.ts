/** Agent configuration from environment variables (documented in README.md). */

export const DEFAULT_PORT = 8189;
export const DEFAULT_ORIGINS = ['http://localhost:3000', 'http://127.0.0.1:3000'];

export interface AgentConfig {
  /** Always loopback: the agent is for the browser on the same PC only. */
  host: '127.0.0.1';
  port: number;
  /** Dashboard origins allowed to call the agent from a browser (exact match). */
  origins: string[];
  /** Only readers whose name contains this (case-insensitive); empty = any reader. */
  readerFilter?: string;
  /** Upper bound for one whole /readCard (photo included). */
  readTimeoutMs: number;
  /** Per-APDU timeout. */
  transmitTimeoutMs: number;
  quiet: boolean;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AgentConfig {
  const port = intVar(env, 'CARD_AGENT_PORT', DEFAULT_PORT, 0, 65535);
  const origins = (env.CARD_AGENT_ORIGINS ?? DEFAULT_ORIGINS.join(','))
    .split(',')
    .map((o) => o.trim().replace(/\/+$/, ''))
    .filter(Boolean);
  for (const o of origins) {
    let u: URL;
    try {
      u = new URL(o);
    } catch {
      throw new Error(`CARD_AGENT_ORIGINS: "${o}" is not an origin like https://khabkhi.example.com`);
    }
    if (u.origin !== o)
      throw new Error(`CARD_AGENT_ORIGINS: "${o}" must be a bare origin (scheme://host[:port]), i.e. "${u.origin}"`);
  }
  return {
    host: '127.0.0.1',
    port,
    origins,
    readerFilter: env.CARD_AGENT_READER?.trim() || undefined,
    readTimeoutMs: intVar(env, 'CARD_AGENT_READ_TIMEOUT_MS', 15000, 1000, 120000),
    transmitTimeoutMs: intVar(env, 'CARD_AGENT_APDU_TIMEOUT_MS', 3000, 100, 60000),
    quiet: env.CARD_AGENT_QUIET === '1',
  };
}

function intVar(env: NodeJS.ProcessEnv, name: string, def: number, min: number, max: number): number {
  const raw = env[name]?.trim();
  if (!raw) return def;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max)
    throw new Error(`${name} must be an integer from ${min} to ${max}, got "${raw}"`);
  return n;
}
