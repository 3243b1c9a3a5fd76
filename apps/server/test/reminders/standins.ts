/**
 * Local stand-ins for the two providers, on the loopback address only: an HTTP server that plays LINE's push API
 * (checks the path, the bearer token, the JSON body and the retry key; answers 409 to a retry key it accepted
 * before, as LINE does) and an SMTP server (smtp-server) that keeps what it receives.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface LinePush {
  path: string;
  auth: string;
  retryKey: string;
  body: { to: string; messages: { type: string; text: string }[] };
}

export async function lineStandIn(token: string) {
  const accepted = new Map<string, LinePush>();
  const requests: LinePush[] = [];
  /** statuses to answer the next requests with, before accepting (e.g. [429, 500]) */
  const failNext: number[] = [];
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const push: LinePush = {
        path: req.url ?? '',
        auth: String(req.headers.authorization ?? ''),
        retryKey: String(req.headers['x-line-retry-key'] ?? ''),
        body: raw ? JSON.parse(raw) : null,
      };
      requests.push(push);
      const json = (status: number, body: object, headers: Record<string, string> = {}) => {
        res.writeHead(status, { 'content-type': 'application/json', ...headers });
        res.end(JSON.stringify(body));
      };
      if (req.method !== 'POST' || push.path !== '/v2/bot/message/push') return json(404, { message: 'Not found' });
      if (push.auth !== `Bearer ${token}`) return json(401, { message: 'Authentication failed' });
      const f = failNext.shift();
      if (f) return json(f, { message: f === 429 ? 'Too many requests' : 'Internal error' });
      if (accepted.has(push.retryKey))
        return json(409, { message: 'The retry key is already accepted' }, { 'x-line-accepted-request-id': 'req-1' });
      accepted.set(push.retryKey, push);
      return json(
        200,
        { sentMessages: [{ id: String(accepted.size) }] },
        { 'x-line-request-id': `req-${accepted.size}` },
      );
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { base, accepted, requests, failNext, close: () => new Promise<void>((r) => server.close(() => r())) };
}

export interface Mail {
  from: string;
  to: string[];
  raw: string;
}

export async function smtpStandIn() {
  const mails: Mail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, cb) {
      let raw = '';
      stream.on('data', (c: Buffer) => (raw += c.toString('utf8')));
      stream.on('end', () => {
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
        });
        cb();
      });
    },
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const port = (server.server.address() as AddressInfo).port;
  return { port, mails, close: () => new Promise<void>((r) => server.close(() => r())) };
}
