/**
 * The agent's HTTP face (plain node:http). Serves exactly:
 *   GET /readCard        read the card in the reader (SPEC §3 fields + extras), ?photo=0 skips the photo
 *   GET /mockreadercard  the fixed sample card, `mock: true`
 *   GET /status          PC/SC service, readers, card presence
 * Browsers may call it only from the configured dashboard origins (CORS); requests from any other
 * Origin, or addressed to a host name other than localhost (DNS rebinding), get 403 and no CORS
 * headers. Everything else is 404/405.
 */
import http from 'node:http';
import type { AgentConfig } from './config.js';
import { mockReadCard } from './mock.js';
import { parseThaiIdData, type ReadCardOk } from './parser.js';
import { readThaiIdCard } from './reader.js';
import { CARD_MESSAGES, CardError, type CardErrorCode, type CardSource, withTimeout } from './transport.js';

export const AGENT_NAME = 'khabkhi-card-agent';
export const AGENT_VERSION = '0.1.0';

export interface ReadCardFail {
  result: CardErrorCode;
  message: string;
}

export type ReadCardAnswer = ReadCardOk | ReadCardFail;

export type ServerConfig = Pick<AgentConfig, 'origins' | 'readTimeoutMs'>;

const LOCAL_HOSTNAMES = new Set(['127.0.0.1', 'localhost', '[::1]']);

export function fail(code: CardErrorCode): ReadCardFail {
  return { result: code, message: CARD_MESSAGES[code] };
}

/** Read and parse the card; every failure becomes a Thai-message answer, never a throw. */
export async function readCard(
  source: CardSource,
  opts: { photo: boolean; timeoutMs: number; log?: (msg: string) => void },
): Promise<ReadCardAnswer> {
  const started = Date.now();
  try {
    const raw = await withTimeout(
      source.withCard((card) => readThaiIdCard(card, { photo: opts.photo })),
      opts.timeoutMs,
      () => new CardError('read_error', `no complete read within ${opts.timeoutMs} ms`),
    );
    const answer = parseThaiIdData(raw);
    opts.log?.(`readCard ok in ${Date.now() - started} ms`); // no personal data in the log
    return answer;
  } catch (e) {
    const err =
      e instanceof CardError ? e : new CardError('read_error', (e as Error)?.message ?? String(e), { cause: e });
    opts.log?.(`readCard ${err.code} in ${Date.now() - started} ms: ${err.message}`);
    return fail(err.code);
  }
}

export function createAgentServer(
  config: ServerConfig,
  source: CardSource,
  log: (msg: string) => void = () => {},
): http.Server {
  const origins = new Set(config.origins);

  const server = http.createServer((req, res) => {
    const send = (status: number, body: unknown, extra: Record<string, string> = {}) => {
      const text = JSON.stringify(body);
      res.writeHead(status, {
        'Content-Type': 'application/json; charset=utf-8',
        'Cache-Control': 'no-store',
        'X-Content-Type-Options': 'nosniff',
        ...extra,
      });
      res.end(req.method === 'HEAD' ? undefined : text);
    };

    // DNS-rebinding guard: only requests addressed to the loopback names.
    const host = (req.headers.host ?? '').toLowerCase().replace(/:\d+$/, '');
    if (req.headers.host !== undefined && !LOCAL_HOSTNAMES.has(host)) {
      send(403, { result: 'forbidden', message: 'ไม่อนุญาตให้เรียกใช้งานจากที่อยู่นี้' });
      return;
    }

    const origin = req.headers.origin;
    const cors: Record<string, string> = {};
    if (origin !== undefined) {
      if (!origins.has(origin)) {
        send(403, { result: 'forbidden', message: 'ไม่อนุญาตให้เว็บไซต์นี้อ่านบัตร' });
        return;
      }
      cors['Access-Control-Allow-Origin'] = origin;
      cors['Vary'] = 'Origin';
    }

    if (req.method === 'OPTIONS') {
      if (origin === undefined) {
        send(403, { result: 'forbidden', message: 'ไม่อนุญาต' });
        return;
      }
      const pre: Record<string, string> = {
        ...cors,
        'Access-Control-Allow-Methods': 'GET, OPTIONS',
        'Access-Control-Max-Age': '600',
      };
      const reqHeaders = req.headers['access-control-request-headers'];
      if (typeof reqHeaders === 'string' && /^[\w\-, ]*$/.test(reqHeaders))
        pre['Access-Control-Allow-Headers'] = reqHeaders;
      // Chrome's Private Network Access: a public dashboard calling 127.0.0.1.
      if (req.headers['access-control-request-private-network'] === 'true')
        pre['Access-Control-Allow-Private-Network'] = 'true';
      res.writeHead(204, { ...pre, 'Cache-Control': 'no-store' });
      res.end();
      return;
    }

    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const route = url.pathname.replace(/\/+$/, '').toLowerCase();
    const known = route === '/readcard' || route === '/mockreadercard' || route === '/status';
    if (!known) {
      send(404, { result: 'not_found', message: 'ไม่พบบริการนี้' }, cors);
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      send(405, { result: 'method_not_allowed', message: 'ใช้ได้เฉพาะ GET' }, { ...cors, Allow: 'GET, HEAD, OPTIONS' });
      return;
    }
    const photo = !/^(0|false|no)$/i.test(url.searchParams.get('photo') ?? '');

    if (route === '/status') {
      const s = source.status();
      send(
        200,
        {
          result: 'ok',
          agent: AGENT_NAME,
          version: AGENT_VERSION,
          service: s.service,
          reader: s.readers.length > 0,
          card: s.readers.some((r) => r.card),
          readers: s.readers,
          ...(s.error ? { error: s.error } : {}),
        },
        cors,
      );
      return;
    }
    if (route === '/mockreadercard') {
      mockReadCard({ photo }).then(
        (answer) => send(200, answer, cors),
        (e) => {
          log(`mockreadercard failed: ${(e as Error).message}`);
          send(500, fail('read_error'), cors);
        },
      );
      return;
    }
    readCard(source, { photo, timeoutMs: config.readTimeoutMs, log }).then((answer) => send(200, answer, cors));
  });

  // A stuck client must not keep sockets open forever.
  server.requestTimeout = config.readTimeoutMs + 5000;
  server.headersTimeout = Math.min(10000, server.requestTimeout);
  server.keepAliveTimeout = 5000;
  return server;
}
