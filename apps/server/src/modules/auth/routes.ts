import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Envelope, LoginBody, LogoutBody, RefreshBody, Session } from '@khabkhi/contracts';
import { ok } from '../../http/envelope.js';
import { verifyAccessToken } from '../../http/auth.js';
import { login, logout, refresh } from './service.js';

export default async function authRoutes(plain: FastifyInstance) {
  const app = plain.withTypeProvider<TypeBoxTypeProvider>();
  const deps = () => ({ db: app.deps.database.db, config: app.deps.config, secret: app.deps.secret });

  app.post(
    '/user/login',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['session'],
        summary: 'Sign in',
        body: LoginBody,
        security: [],
        response: { 200: Envelope(Session) },
      },
    },
    async (req) => ok(await login(deps(), req.ip, req.body.username, req.body.password), 'เข้าสู่ระบบสำเร็จ'),
  );

  app.post(
    '/user/refresh',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['session'],
        summary: 'Rotate the refresh token',
        body: RefreshBody,
        security: [],
        response: { 200: Envelope(Session) },
      },
    },
    async (req) => ok(await refresh(deps(), req.body.refreshToken), 'ต่ออายุเซสชันสำเร็จ'),
  );

  app.post(
    '/user/logout',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['session'],
        summary: 'Sign out (revokes the session family)',
        body: LogoutBody,
        response: { 200: Envelope(Type.Null()) },
      },
      // a logout without a body (only the bearer header) is fine
      preValidation: async (req) => {
        if (req.body === undefined || req.body === null) req.body = {};
      },
    },
    async (req) => {
      // the session of the bearer token ends too, so a client that sends only its access token is signed out
      const header = req.headers.authorization;
      const claims = header?.startsWith('Bearer ')
        ? await verifyAccessToken(app.deps.secret, header.slice(7).trim())
        : null;
      if (claims) await logout(deps(), undefined, claims.familyId);
      await logout(deps(), req.body?.refreshToken, undefined);
      return ok(null, 'ออกจากระบบแล้ว');
    },
  );
}
