import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import cors from '@fastify/cors';
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fastifyStatic from '@fastify/static';
import { sql } from 'drizzle-orm';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Config } from './config.js';
import type { Database } from './db/connection.js';
import authPlugin from './http/auth.js';
import { securityHeaders } from './http/security-headers.js';
import { AppError, errorEnvelope } from './http/errors.js';
import { clientErrorHandler, frameworkErrors, nulError, nulPath, validatorCompiler } from './http/validation.js';
import { loggerOptions } from './http/logging.js';
import { checkResponses } from './http/responses.js';
import { utf8Bytes } from './http/bytes.js';
import { Envelope, ErrorEnvelope } from '@khabkhi/contracts';
import { Type } from 'typebox';
import { modules } from './modules/index.js';
import documentRoutes from './documents/routes.js';

export interface AppDeps {
  config: Config;
  database: Database;
  /** HMAC key for access tokens and signed document links */
  secret: Uint8Array;
  logger?: FastifyServerOptions['logger'];
}

export type App = FastifyInstance;

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
}

/**
 * The database is restarting or unreachable (connection refused, a connection closed under the statement,
 * class 08 / 57P0x), or a statement ran past statement_timeout (57014) or lock_timeout (55P03): 503, retry
 * (with the same Idempotency-Key a payment whose COMMIT answer was lost is not recorded twice).
 */
function databaseBusyOrDown(err: Error & { code?: string }, pgCode: string | undefined): boolean {
  if (pgCode && (pgCode.startsWith('08') || pgCode.startsWith('57P') || pgCode === '57014' || pgCode === '55P03'))
    return true;
  const cause = (err as { cause?: Error & { code?: string } }).cause ?? err;
  return (
    ['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT'].includes(String(cause.code)) ||
    /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/.test(
      cause.message ?? '',
    )
  );
}

const Health = Envelope(Type.Object({ database: Type.String(), ok: Type.Boolean() }));

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config } = deps;
  const app = Fastify({
    logger: loggerOptions(config.logLevel, deps.logger),
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{8,64}$/.test(given) ? given : randomUUID();
    },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // signed document links carry a JWT in the path
    routerOptions: { maxParamLength: 1000 },
    ajv: { customOptions: { strict: false } },
    // failures before routing (an undecodable URL, an overlong path parameter) and at the HTTP level
    // (oversized headers or request line) answer in the Thai envelope too
    frameworkErrors,
    clientErrorHandler,
  }).withTypeProvider<TypeBoxTypeProvider>();

  app.decorate('deps', deps);
  app.setValidatorCompiler(validatorCompiler);
  // A serialized answer leaves as the bytes it is sent as: Fastify would otherwise measure a string's UTF-8 length for
  // Content-Length (a full pass over the text, slow for Thai) and the socket encode it again; a Buffer is measured by
  // its size and written as it is. The text is encoded in one pass (utf8Bytes).
  app.addHook('onSend', (req, reply, payload, done) => {
    reply.header('x-request-id', req.id);
    done(null, typeof payload === 'string' ? utf8Bytes(payload) : payload);
  });
  // a NUL character in any body field, query parameter or path parameter: a Thai 400 before any route sees it
  app.addHook('preValidation', async (req) => {
    const found = nulPath(req.params, ['params']) ?? nulPath(req.query, ['query']) ?? nulPath(req.body, ['body']);
    if (found) throw nulError(found.slice(1));
  });

  // every API route answers errors in the one envelope; the OpenAPI document shows it (details: the invalid fields)
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || route.url.startsWith('/api/docs')) return;
    const schema = (route.schema ??= {});
    schema.response = { '4xx': ErrorEnvelope, ...(schema.response as object | undefined) };
  });
  if (config.checkResponses) checkResponses(app);

  app.setErrorHandler((err: Error & { statusCode?: number; code?: string }, req, reply) => {
    if (err instanceof AppError) {
      if (err.statusCode >= 500) req.log.error({ err }, 'server error');
      return reply.status(err.statusCode).send(errorEnvelope(err.message, err.details));
    }
    // database races the transaction lost: a duplicate created at the same moment, a deadlock/serialization failure
    const pgCode =
      (err as { cause?: { code?: string } }).cause?.code ??
      (/^\d{5}$/.test(String(err.code)) ? String(err.code) : undefined);
    if (pgCode === '23505')
      return reply
        .status(409)
        .send({ status: 'error', message: 'ข้อมูลนี้ซ้ำกับที่มีอยู่แล้ว (อาจมีผู้บันทึกพร้อมกัน) กรุณาตรวจสอบแล้วลองใหม่', data: null });
    if (pgCode === '40001' || pgCode === '40P01')
      return reply
        .status(409)
        .send({ status: 'error', message: 'มีการบันทึกข้อมูลเดียวกันพร้อมกัน กรุณาลองใหม่อีกครั้ง', data: null });
    if (databaseBusyOrDown(err, pgCode)) {
      req.log.warn({ err }, 'database unavailable or busy');
      return reply.status(503).send({
        status: 'error' as const,
        message: 'ฐานข้อมูลไม่พร้อมหรือไม่ว่างชั่วคราว กรุณาตรวจสอบรายการแล้วลองใหม่อีกครั้ง',
        data: null,
      });
    }
    // data exceptions (class 22: a value out of range, an impossible date, a bad encoding) are the caller's input
    if (pgCode?.startsWith('22')) {
      req.log.warn({ err }, 'data exception');
      return reply
        .status(400)
        .send(errorEnvelope('ข้อมูลที่ส่งมาไม่ถูกต้อง (ค่าอยู่นอกช่วงหรือมีรูปแบบที่บันทึกไม่ได้) กรุณาตรวจสอบแล้วลองใหม่'));
    }
    // a multipart body the parser cannot read (no boundary, cut short, malformed parts)
    if (
      /^FST_(INVALID_MULTIPART|NO_FORM_DATA|PARTS_LIMIT|FILES_LIMIT|FIELDS_LIMIT|PROTO_VIOLATION)/.test(
        String(err.code),
      ) ||
      /^(Multipart|Unexpected end of (form|multipart)|Malformed part header|Boundary not found)/i.test(err.message)
    ) {
      return reply
        .status(400)
        .send(errorEnvelope('ข้อมูลไฟล์ที่ส่งมาไม่สมบูรณ์หรือไม่ใช่ multipart/form-data ที่ถูกต้อง กรุณาเลือกไฟล์แล้วอัปโหลดใหม่'));
    }
    const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 500;
    if (status === 500) {
      req.log.error({ err }, 'unhandled error');
      return reply.status(500).send({ status: 'error', message: 'เกิดข้อผิดพลาดภายในระบบ กรุณาลองใหม่อีกครั้ง', data: null });
    }
    const messages: Record<string, string> = {
      FST_ERR_CTP_INVALID_JSON_BODY: 'ข้อมูลที่ส่งมาไม่ใช่ JSON ที่ถูกต้อง',
      FST_ERR_CTP_EMPTY_JSON_BODY: 'ไม่พบข้อมูลที่ส่งมา',
      FST_ERR_CTP_BODY_TOO_LARGE: 'ข้อมูลที่ส่งมามีขนาดใหญ่เกินไป',
      FST_ERR_CTP_INVALID_MEDIA_TYPE: 'ชนิดข้อมูลที่ส่งมาไม่รองรับ',
      FST_REQ_FILE_TOO_LARGE: 'ไฟล์มีขนาดใหญ่เกินกำหนด',
      FST_ERR_VALIDATION: 'ข้อมูลไม่ถูกต้อง',
    };
    const fallback =
      status === 413
        ? 'ข้อมูลที่ส่งมามีขนาดใหญ่เกินไป'
        : status === 415
          ? 'ชนิดข้อมูลที่ส่งมาไม่รองรับ'
          : status === 404
            ? 'ไม่พบข้อมูลที่ต้องการ'
            : 'คำขอไม่ถูกต้อง';
    const message = (err.code && messages[err.code]) ?? (err.code === 'FST_ERR_VALIDATION' ? err.message : fallback);
    return reply.status(status).send({ status: 'error', message, data: null });
  });

  securityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        // the ID-card agent runs on the counter PC's loopback
        connectSrc: ["'self'", 'http://127.0.0.1:*', 'http://localhost:*'],
        frameSrc: ["'self'"],
        objectSrc: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(cors, { origin: config.corsOrigins.length ? config.corsOrigins : false, credentials: false });
  await app.register(multipart, { limits: { fileSize: config.uploadMaxBytes, files: 1, fields: 10 } });

  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Khabkhi API (ขับขี่)',
        version: '0.1.0',
        description: 'Back office of a multi-branch Thai driving school',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  await app.register(authPlugin, {
    db: deps.database.db,
    secret: deps.secret,
    accessTtlSeconds: config.accessTokenTtlSeconds,
  });

  app.get(
    '/api/health',
    {
      config: { auth: 'public' },
      schema: { tags: ['system'], summary: 'Database reachable', response: { 200: Health, 503: Health } },
    },
    async (_req, reply) => {
      try {
        await deps.database.db.execute(sql`select 1`);
        return { status: 'success' as const, message: 'พร้อมใช้งาน', data: { database: deps.database.kind, ok: true } };
      } catch (err) {
        app.log.error({ err }, 'health check failed');
        return reply.status(503).send({
          status: 'error' as const,
          message: 'ไม่สามารถเชื่อมต่อฐานข้อมูลได้',
          data: { database: deps.database.kind, ok: false },
        });
      }
    },
  );

  await app.register(documentRoutes);
  for (const mod of modules) await app.register(mod, { prefix: '/api' });

  const webDist = config.webDist ?? path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../web/dist');
  const hasWeb = fs.existsSync(path.join(webDist, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, { root: webDist, wildcard: false, index: ['index.html'] });
  }
  app.setNotFoundHandler((req, reply) => {
    if (req.url.startsWith('/api/') || req.url === '/api' || req.method !== 'GET' || !hasWeb) {
      return reply.status(404).send({ status: 'error', message: 'ไม่พบที่อยู่ที่เรียก (ไม่มี API นี้)', data: null });
    }
    return reply.type('text/html').sendFile('index.html');
  });

  return app;
}
