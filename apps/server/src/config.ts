import path from 'node:path';

/**
 * Every environment variable the server reads, parsed and validated in one place.
 * Anything else in the server receives a Config; nothing reads process.env directly.
 */
export interface Config {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  adminPassword: string | undefined;
  /** create the demo school on an empty database: default only on the embedded database, never on DATABASE_URL */
  seedDemo: boolean;
  /** PostgreSQL: a statement running longer than this is cancelled (0 = no limit) */
  statementTimeoutMs: number;
  /** PostgreSQL: waiting longer than this for a row or table lock fails the statement (0 = wait forever) */
  lockTimeoutMs: number;
  /** PostgreSQL: connections in the pool of this server copy */
  poolSize: number;
  jwtSecret: string | undefined;
  accessTokenTtlSeconds: number;
  refreshTokenTtlDays: number;
  logLevel: string;
  corsOrigins: string[];
  webDist: string | undefined;
  uploadMaxBytes: number;
  loginMaxAttempts: number;
  loginWindowMinutes: number;
  chromiumPath: string;
  /** tests: refuse an answer with keys its response schema does not declare (the serializer would drop them) */
  checkResponses: boolean;
  /** LINE Messaging API base URL (tests point it at a local stand-in) */
  lineApiBase: string;
  /** seconds between two rounds of the reminders runner (plan + send); 0: no runner in this process */
  remindersIntervalSeconds: number;
  trustProxy: boolean;
}

export class ConfigError extends Error {}

function int(env: NodeJS.ProcessEnv, name: string, def: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return def;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max) {
    throw new ConfigError(`${name} must be an integer between ${min} and ${max} (got "${raw}")`);
  }
  return n;
}

function bool(env: NodeJS.ProcessEnv, name: string, def: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return def;
  if (['1', 'true', 'yes', 'on'].includes(raw.toLowerCase())) return true;
  if (['0', 'false', 'no', 'off'].includes(raw.toLowerCase())) return false;
  throw new ConfigError(`${name} must be 1/0 or true/false (got "${raw}")`);
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const databaseUrl = env.DATABASE_URL?.trim() || undefined;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new ConfigError('DATABASE_URL must start with postgres:// or postgresql://');
  }
  const jwtSecret = env.JWT_SECRET?.trim() || undefined;
  if (jwtSecret && jwtSecret.length < 32) throw new ConfigError('JWT_SECRET must be at least 32 characters');
  const adminPassword = env.ADMIN_PASSWORD || undefined;
  if (adminPassword !== undefined && adminPassword.length < 8) {
    throw new ConfigError('ADMIN_PASSWORD must be at least 8 characters');
  }
  return {
    port: int(env, 'PORT', 3000, 0, 65535),
    host: env.HOST?.trim() || '0.0.0.0',
    databaseUrl,
    dataDir: path.resolve(env.DATA_DIR?.trim() || './data'),
    adminPassword,
    seedDemo: bool(env, 'SEED_DEMO', !databaseUrl),
    statementTimeoutMs: int(env, 'STATEMENT_TIMEOUT_MS', 30_000, 0, 3_600_000),
    lockTimeoutMs: int(env, 'LOCK_TIMEOUT_MS', 10_000, 0, 3_600_000),
    poolSize: int(env, 'DATABASE_POOL_SIZE', 10, 1, 500),
    jwtSecret,
    accessTokenTtlSeconds: int(env, 'ACCESS_TOKEN_TTL_SECONDS', 15 * 60, 10, 24 * 3600),
    refreshTokenTtlDays: int(env, 'REFRESH_TOKEN_TTL_DAYS', 14, 1, 365),
    logLevel: env.LOG_LEVEL?.trim() || 'info',
    corsOrigins: (env.CORS_ORIGINS ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    webDist: env.WEB_DIST?.trim() || undefined,
    uploadMaxBytes: int(env, 'UPLOAD_MAX_BYTES', 2 * 1024 * 1024, 1024, 50 * 1024 * 1024),
    loginMaxAttempts: int(env, 'LOGIN_MAX_ATTEMPTS', 5, 1, 1000),
    loginWindowMinutes: int(env, 'LOGIN_WINDOW_MINUTES', 15, 1, 24 * 60),
    chromiumPath: env.CHROMIUM_PATH?.trim() || '/usr/bin/chromium',
    trustProxy: bool(env, 'TRUST_PROXY', false),
    checkResponses: bool(env, 'CHECK_RESPONSES', false),
    lineApiBase: env.LINE_API_BASE?.trim() || 'https://api.line.me',
    remindersIntervalSeconds: int(env, 'REMINDERS_INTERVAL_SECONDS', 60, 0, 24 * 3600),
  };
}
