import { Type } from 'typebox';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../http/envelope.js';
import { verifyAccessToken } from '../../http/auth.js';
import { login, logout, refresh } from './service.js';

const LoginBody = Type.Object({
  username: Type.String({ minLength: 1, maxLength: 100 }),
  password: Type.String({ minLength: 1, maxLength: 200 }),
}, { additionalProperties: false });
const RefreshBody = Type.Object({ refreshToken: Type.String({ minLength: 1, maxLength: 200 }) }, { additionalProperties: false });
const LogoutBody = Type.Object({ refreshToken: Type.Optional(Type.String({ maxLength: 200 })) }, { additionalProperties: false });

export default async function authRoutes(app: FastifyInstance) {
  const deps = () => ({ db: app.deps.database.db, config: app.deps.config, secret: app.deps.secret });

  app.post('/user/login', {
    config: { auth: 'public' },
    schema: { tags: ['session'], summary: 'Sign in', body: LoginBody, security: [] },
  }, async (req) => {
    const b = req.body as { username: string; password: string };
    return ok(await login(deps(), req.ip, b.username, b.password), 'เข้าสู่ระบบสำเร็จ');
  });

  app.post('/user/refresh', {
    config: { auth: 'public' },
    schema: { tags: ['session'], summary: 'Rotate the refresh token', body: RefreshBody, security: [] },
  }, async (req) => ok(await refresh(deps(), (req.body as { refreshToken: string }).refreshToken), 'ต่ออายุเซสชันสำเร็จ'));

  app.post('/user/logout', {
    config: { auth: 'public' },
    schema: { tags: ['session'], summary: 'Sign out (revokes the session family)', body: LogoutBody },
    // a logout without a body (only the bearer header) is fine
    preValidation: async (req) => { if (req.body === undefined || req.body === null) req.body = {}; },
  }, async (req) => {
    const b = (req.body ?? {}) as { refreshToken?: string };
    // the session of the bearer token ends too, so a client that sends only its access token is signed out
    const header = req.headers.authorization;
    const claims = header?.startsWith('Bearer ') ? await verifyAccessToken(app.deps.secret, header.slice(7).trim()) : null;
    if (claims) await logout(deps(), undefined, claims.familyId);
    await logout(deps(), b.refreshToken, undefined);
    return ok(null, 'ออกจากระบบแล้ว');
  });
}
