import type http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_ORIGINS, DEFAULT_PORT, loadConfig } from '../src/config.js';
import { isValidNationalId } from '../src/parser.js';
import { createAgentServer } from '../src/server.js';
import { SAMPLE_CARD, SimulatedThaiIdCard, type SimulatedCardOptions } from '../src/simcard.js';
import { CardError, type CardSource, type CardTransport, type SourceStatus } from '../src/transport.js';
import { listen, request } from './support/http.js';

/** A CardSource whose behaviour each test sets. */
class FakeSource implements CardSource {
  mode: 'card' | 'no_reader' | 'no_card' | 'busy' | 'hang' | 'throw' = 'card';
  cardOptions: SimulatedCardOptions = {};
  sessions = 0;
  status(): SourceStatus {
    if (this.mode === 'no_reader') return { service: false, readers: [], error: 'NoService' };
    return { service: true, readers: [{ name: 'Fake Reader 00', card: this.mode !== 'no_card' }] };
  }
  async withCard<T>(fn: (card: CardTransport) => Promise<T>): Promise<T> {
    this.sessions++;
    switch (this.mode) {
      case 'no_reader':
      case 'no_card':
      case 'busy':
        throw new CardError(this.mode);
      case 'hang':
        return new Promise<T>(() => {});
      case 'throw':
        throw new Error('something odd');
      default:
        return fn(new SimulatedThaiIdCard(SAMPLE_CARD, this.cardOptions));
    }
  }
  async close() {}
}

const ORIGIN = 'http://localhost:3000';
let server: http.Server;
let port: number;
const source = new FakeSource();

beforeAll(async () => {
  server = createAgentServer({ origins: [ORIGIN, 'https://khabkhi.example.com'], readTimeoutMs: 1000 }, source);
  port = await listen(server);
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

describe('GET /readCard', () => {
  it('answers the SPEC fields plus extras', async () => {
    source.mode = 'card';
    const r = await request(port, '/readCard');
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(r.headers['cache-control']).toBe('no-store');
    expect(r.body).toMatchObject({
      result: 'ok',
      title_th: 'นางสาว',
      fname_th: 'สมศรี',
      sname_th: 'ใจงาม',
      nat_id: '1103700456783',
      birthdate: '1990-04-15',
      address_no: '99/123',
      address_road: 'ซอยสุขุมวิท 63 ถนนสุขุมวิท',
      address_provinice: 'กรุงเทพมหานคร',
      address_amphor: 'วัฒนา',
      address_tumbol: 'คลองตันเหนือ',
      title_en: 'Miss',
      fname_en: 'Somsri',
      sname_en: 'Jaingam',
      gender: 'female',
      issue_date: '2022-01-10',
      expire_date: '2030-04-14',
    });
    expect(r.body.photo).toMatch(/^\/9j\//); // base64 of FF D8 FF
    expect(r.body.mock).toBeUndefined();
  });

  it('?photo=0 skips the photo', async () => {
    const r = await request(port, '/readCard?photo=0');
    expect(r.body.result).toBe('ok');
    expect(r.body.photo).toBeNull();
  });

  it.each([
    ['no_reader', /^ไม่พบเครื่องอ่านบัตร/],
    ['no_card', /^ไม่พบบัตรในเครื่องอ่าน/],
    ['busy', /โปรแกรมอื่น/],
    ['throw', /^อ่านข้อมูลจากบัตรไม่สำเร็จ/],
  ] as const)('%s: a non-ok result with a Thai message, quickly', async (mode, message) => {
    source.mode = mode;
    const r = await request(port, '/readCard');
    expect(r.status).toBe(200);
    expect(r.body.result).toBe(mode === 'throw' ? 'read_error' : mode);
    expect(r.body.message).toMatch(message);
    expect(Object.keys(r.body)).toEqual(['result', 'message']);
    expect(r.ms).toBeLessThan(1000);
  });

  it('a card that is not a Thai ID', async () => {
    source.mode = 'card';
    source.cardOptions = { thaiId: false };
    const r = await request(port, '/readCard');
    source.cardOptions = {};
    expect(r.body).toEqual({ result: 'not_thai_id', message: expect.stringContaining('ไม่ใช่บัตรประจำตัวประชาชน') });
  });

  it('a hung reader gives read_error at the read timeout, never a hang', async () => {
    source.mode = 'hang';
    const r = await request(port, '/readCard');
    expect(r.body.result).toBe('read_error');
    expect(r.ms).toBeGreaterThanOrEqual(900);
    expect(r.ms).toBeLessThan(2000);
  });
});

describe('GET /mockreadercard', () => {
  it('the fixed sample card, marked mock, valid ID, Bangkok address', async () => {
    source.mode = 'no_reader';
    source.sessions = 0;
    const r = await request(port, '/mockreadercard');
    expect(r.status).toBe(200);
    expect(r.body.mock).toBe(true);
    expect(r.body.result).toBe('ok');
    expect(isValidNationalId(r.body.nat_id)).toBe(true);
    expect(r.body).toMatchObject({
      address_amphor: 'วัฒนา',
      address_tumbol: 'คลองตันเหนือ',
      address_provinice: 'กรุงเทพมหานคร',
    });
    expect(r.body.photo).toMatch(/^\/9j\//);
    expect(source.sessions).toBe(0); // never touches the reader
  });
});

describe('GET /status', () => {
  it('says whether a reader and a card are present', async () => {
    source.mode = 'card';
    let r = await request(port, '/status');
    expect(r.body).toMatchObject({
      result: 'ok',
      agent: 'khabkhi-card-agent',
      service: true,
      reader: true,
      card: true,
    });
    expect(r.body.readers).toEqual([{ name: 'Fake Reader 00', card: true }]);
    source.mode = 'no_card';
    r = await request(port, '/status');
    expect(r.body).toMatchObject({ reader: true, card: false });
    source.mode = 'no_reader';
    r = await request(port, '/status');
    expect(r.body).toMatchObject({ service: false, reader: false, card: false, error: 'NoService' });
  });
});

describe('CORS and what is served', () => {
  it('an allowed origin gets its own origin back', async () => {
    const r = await request(port, '/status', { headers: { Origin: ORIGIN } });
    expect(r.status).toBe(200);
    expect(r.headers['access-control-allow-origin']).toBe(ORIGIN);
    expect(r.headers.vary).toBe('Origin');
  });

  it('another origin gets 403 and no CORS headers, and no card is read', async () => {
    source.mode = 'card';
    source.sessions = 0;
    for (const origin of ['http://evil.example', 'http://localhost:3001', 'null']) {
      const r = await request(port, '/readCard', { headers: { Origin: origin } });
      expect(r.status).toBe(403);
      expect(r.headers['access-control-allow-origin']).toBeUndefined();
    }
    expect(source.sessions).toBe(0);
  });

  it('preflight: allowed origin 204 (with Private Network Access), others refused', async () => {
    const ok = await request(port, '/readCard', {
      method: 'OPTIONS',
      headers: {
        Origin: 'https://khabkhi.example.com',
        'Access-Control-Request-Method': 'GET',
        'Access-Control-Request-Headers': 'content-type',
        'Access-Control-Request-Private-Network': 'true',
      },
    });
    expect(ok.status).toBe(204);
    expect(ok.headers['access-control-allow-origin']).toBe('https://khabkhi.example.com');
    expect(ok.headers['access-control-allow-methods']).toBe('GET, OPTIONS');
    expect(ok.headers['access-control-allow-headers']).toBe('content-type');
    expect(ok.headers['access-control-allow-private-network']).toBe('true');

    const bad = await request(port, '/readCard', {
      method: 'OPTIONS',
      headers: { Origin: 'http://evil.example', 'Access-Control-Request-Method': 'GET' },
    });
    expect(bad.status).toBe(403);
    expect(bad.headers['access-control-allow-origin']).toBeUndefined();
    expect(bad.headers['access-control-allow-methods']).toBeUndefined();
  });

  it('requests addressed to another host name are refused (DNS rebinding)', async () => {
    const r = await request(port, '/readCard', { headers: { Host: `attacker.example:${port}` } });
    expect(r.status).toBe(403);
    const local = await request(port, '/status', { headers: { Host: `localhost:${port}` } });
    expect(local.status).toBe(200);
  });

  it('nothing else is served', async () => {
    for (const path of ['/', '/index.html', '/readCard/extra', '/../etc/passwd', '/api/readCard']) {
      expect((await request(port, path)).status).toBe(404);
    }
    const post = await request(port, '/readCard', { method: 'POST' });
    expect(post.status).toBe(405);
    expect(post.headers.allow).toBe('GET, HEAD, OPTIONS');
  });
});

describe('config', () => {
  it('defaults: port 8189, the dashboard on localhost:3000, loopback only', () => {
    const c = loadConfig({});
    expect(DEFAULT_PORT).toBe(8189);
    expect(c).toMatchObject({ host: '127.0.0.1', port: 8189, origins: DEFAULT_ORIGINS });
    expect(DEFAULT_ORIGINS).toEqual(['http://localhost:3000', 'http://127.0.0.1:3000']);
  });

  it('reads the environment', () => {
    const c = loadConfig({
      CARD_AGENT_PORT: '9000',
      CARD_AGENT_ORIGINS: 'https://khabkhi.example.com/, http://localhost:5173',
      CARD_AGENT_READER: 'ACS',
    });
    expect(c).toMatchObject({
      port: 9000,
      origins: ['https://khabkhi.example.com', 'http://localhost:5173'],
      readerFilter: 'ACS',
    });
  });

  it('refuses bad values', () => {
    expect(() => loadConfig({ CARD_AGENT_PORT: 'http' })).toThrow(/CARD_AGENT_PORT/);
    expect(() => loadConfig({ CARD_AGENT_ORIGINS: 'khabkhi.example.com' })).toThrow(/CARD_AGENT_ORIGINS/);
    expect(() => loadConfig({ CARD_AGENT_ORIGINS: 'https://khabkhi.example.com/app' })).toThrow(/bare origin/);
  });
});
