/**
 * The log never holds a secret: no password, no access or refresh token, no document-link token (the path of
 * `/api/documents/<token>` opens a receipt for whoever has it). Reads what the server really writes.
 */
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ADMIN_PASSWORD, createTestApp, DEMO_PASSWORD, type TestApp } from './helpers.js';
import { maskUrl } from '../src/http/logging.js';

let t: TestApp;
const lines: string[] = [];
const sink = new Writable({
  write(chunk, _enc, done) {
    lines.push(...String(chunk).split('\n').filter(Boolean));
    done();
  },
});
const logText = () => lines.join('\n');

beforeAll(async () => {
  t = await createTestApp({ demoMoney: true, logStream: sink });
});
afterAll(async () => {
  await t?.close();
});

describe('log redaction', () => {
  it('masks the token of a document link but keeps the route', () => {
    expect(maskUrl('/api/documents/eyJhbGciOi.abc.def?download=1')).toBe('/api/documents/[redacted]?download=1');
    expect(maskUrl('/api/application/gettable?page=2')).toBe('/api/application/gettable?page=2');
  });

  it('writes requests to the log without passwords, tokens or document-link tokens', async () => {
    const admin = await t.login('admin');
    const malee = await t.login('malee');
    const refreshed = await t.call('POST', '/api/user/refresh', { refreshToken: malee.refreshToken });
    expect(refreshed.status).toBe(200);
    const rows = (
      (await t.db.execute(sql`select payment_id from payments order by payment_id limit 1`)) as unknown as {
        rows: { payment_id: number }[];
      }
    ).rows;
    const link = await admin.post('/api/payment/pdf', { payment_id: rows[0]!.payment_id });
    expect(link.status).toBe(200);
    const url: string = link.body.data.pdf;
    const token = url.split('/').pop()!;
    expect(token.length).toBeGreaterThan(20);
    await t.call('GET', url);
    await t.call('GET', `/api/documents/${token.slice(0, -3)}xyz`); // a tampered link: refused, and logged masked
    // a handler that logs an object holding secrets (as an error path might)
    t.app.log.error(
      {
        body: { username: 'malee', password: DEMO_PASSWORD },
        refreshToken: malee.refreshToken,
        headers: { authorization: `Bearer ${admin.token}` },
      },
      'diagnostic',
    );
    await new Promise((r) => setTimeout(r, 50));

    const text = logText();
    expect(lines.length).toBeGreaterThan(5);
    expect(text).toContain('/api/documents/[redacted]');
    expect(text).toContain('/api/user/login');
    expect(text).toContain('diagnostic');
    for (const secret of [
      ADMIN_PASSWORD,
      DEMO_PASSWORD,
      token,
      token.slice(0, -3),
      admin.token,
      malee.token,
      malee.refreshToken,
      admin.refreshToken,
      refreshed.body.data.refreshToken,
    ]) {
      expect(text).not.toContain(secret);
    }
  });
});
