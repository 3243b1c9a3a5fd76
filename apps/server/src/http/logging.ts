/**
 * What the server writes to its log, and what it must never write: passwords, access and refresh tokens, and
 * the signed document links (`/api/documents/<token>`: whoever has the link opens the receipt until it expires).
 */
import type { FastifyRequest, FastifyServerOptions } from 'fastify';

const CENSOR = '[redacted]';

/** The URL with a document link's token replaced: the log keeps which route was called, never the key to it. */
export function maskUrl(url: string): string {
  return url.replace(/(\/api\/documents\/)[^/?#]+/i, `$1${CENSOR}`);
}

/** Fields that carry a secret wherever they appear in a logged object (one or two levels deep). */
const SECRET_KEYS = [
  'password',
  'old_password',
  'new_password',
  'confirm_password',
  'refreshToken',
  'accessToken',
  'token',
  'authorization',
  'cookie',
];

export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["idempotency-key"]',
  'res.headers["set-cookie"]',
  ...SECRET_KEYS.flatMap((k) => [k, `*.${k}`, `*.*.${k}`]),
];

/** pino options of the Fastify logger; `extra` (level, a test's stream) is merged over them. */
export function loggerOptions(level: string, extra?: FastifyServerOptions['logger']): FastifyServerOptions['logger'] {
  if (extra === false) return false;
  const given = extra && typeof extra === 'object' ? extra : {};
  return {
    level,
    redact: { paths: REDACT_PATHS, censor: CENSOR },
    serializers: {
      req(req: FastifyRequest) {
        return {
          method: req.method,
          url: maskUrl(req.url),
          host: req.host,
          remoteAddress: req.ip,
          remotePort: req.socket?.remotePort,
        };
      },
    },
    ...given,
  };
}
