/**
 * The compliance calendar and its iCalendar feed: the demo school's month shows its filings, vehicles, exams and
 * unclosed days; a filing ticked as done by head office (a branch manager refused, a made-up key refused); a feed
 * created, read without a login as RFC 5545 text (CRLF, folded lines, one stable UID per obligation), then revoked.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayBangkok } from '@khabkhi/thai';
import { createTestApp, type Client, type TestApp } from '../helpers.js';

let t: TestApp;
let admin: Client;
const today = todayBangkok();

beforeAll(async () => {
  t = await createTestApp({ demo: true, demoMoney: true });
  admin = await t.as('admin');
}, 180_000);
afterAll(async () => {
  await t?.close();
});

interface Item {
  key: string;
  kind: string;
  date: string;
  state: string;
  branch_id: number | null;
  title: string;
  link: { path: string; query: Record<string, string> };
}

async function calendar(c: Client, q: Record<string, unknown> = {}) {
  const r = await c.get('/api/compliance/calendar', q);
  expect(r.status, r.body.message).toBe(200);
  return r.body.data as { start: string; end: string; items: Item[]; branches: { value: number }[] };
}

describe('compliance/calendar', () => {
  it('a month of the demo school: filings, payroll, vehicles, exams, cash days — sorted, each with a link', async () => {
    const start = addDays(today, -31);
    const end = addDays(today, 60);
    const d = await calendar(admin, { start, end });
    const kinds = new Set(d.items.map((i) => i.kind));
    for (const k of ['sso', 'pnd1', 'pnd1_efiling', 'payroll', 'vehicle', 'exam', 'cash_close'])
      expect(kinds, k).toContain(k);
    expect(d.items.map((i) => i.date)).toEqual([...d.items.map((i) => i.date)].sort());
    expect(new Set(d.items.map((i) => i.key)).size).toBe(d.items.length);
    for (const i of d.items) {
      expect(i.date >= start && i.date <= end).toBe(true);
      expect(i.link.path.startsWith('/')).toBe(true);
      if (i.date < today) expect(['done', 'overdue']).toContain(i.state);
    }
    // the SSO of a month falls on the 15th of the next, or the working day after
    const sso = d.items.find((i) => i.kind === 'sso')!;
    expect(Number(sso.date.slice(8))).toBeGreaterThanOrEqual(15);
    expect(Number(sso.date.slice(8))).toBeLessThanOrEqual(17);
    // one branch: only its items and the school's filings
    const b = d.branches[1]!.value;
    const one = await calendar(admin, { start, end, branch: b });
    expect(one.items.every((i) => i.branch_id === null || i.branch_id === b)).toBe(true);
    expect(one.items.length).toBeLessThan(d.items.length);
  });

  it('a filing ticked as done by head office; a branch manager and a made-up key refused; bad ranges refused', async () => {
    const month = today.slice(0, 7);
    const d = await calendar(admin, { start: `${month}-01`, end: addDays(`${month}-01`, 45) });
    const filing = d.items.find((i) => i.kind === 'sso')!;
    const r = await admin.post('/api/compliance/mark', { key: filing.key, done: true });
    expect(r.status, r.body.message).toBe(200);
    const after = await calendar(admin, { start: `${month}-01`, end: addDays(`${month}-01`, 45) });
    expect(after.items.find((i) => i.key === filing.key)!.state).toBe('done');
    const anan = await t.as('anan');
    expect((await anan.post('/api/compliance/mark', { key: filing.key, done: false })).status).toBe(403);
    const bad = await admin.post('/api/compliance/mark', { key: 'vehicle:1:tax', done: true });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/^รายการ/);
    const back = await admin.get('/api/compliance/calendar', { start: '2026-12-01', end: '2026-11-01' });
    expect(back.status).toBe(400);
    expect((await admin.get('/api/compliance/calendar', { start: '2569-01-01' })).status).toBe(400);
    expect((await (await t.as('malee')).get('/api/compliance/calendar')).status).toBe(403);
  });
});

describe('the demo school', () => {
  it('a month of outbox history in every state, a linked student, a phone-calendar link, a filing ticked', async () => {
    const log = await admin.get('/api/reminders/outbox', { per_page: 100 });
    expect(log.status, log.body.message).toBe(200);
    expect(log.body.meta.total).toBeGreaterThan(20);
    const states = new Set(log.body.data.map((r: { state: string }) => r.state));
    for (const s of ['sent', 'failed', 'skipped']) expect(states).toContain(s);
    const feeds = await admin.get('/api/compliance/feeds');
    expect(feeds.body.data.length).toBeGreaterThan(0);
    const month = today.slice(0, 7);
    const d = await calendar(admin, { start: `${month}-01`, end: `${month}-28` });
    expect(d.items.some((i) => i.kind === 'pnd1' && i.state === 'done')).toBe(true);
  });
});

describe('compliance feeds (iCalendar)', () => {
  it('a feed read without a login: RFC 5545 text, CRLF, folded, one stable UID per obligation; revoked: gone', async () => {
    const branch = (await calendar(admin)).branches[0]!.value;
    const made = await admin.post('/api/compliance/feeds/create', { branch_id: branch, name: 'มือถือเจ้าของ' });
    expect(made.status, made.body.message).toBe(200);
    const path: string = made.body.data.path;
    expect(path).toMatch(/^\/api\/compliance\/feed\/[A-Za-z0-9_-]{43}\.ics$/);
    // the list shows the feed, never its secret
    const list = await admin.get('/api/compliance/feeds');
    expect(JSON.stringify(list.body.data)).not.toContain(path.split('/').pop()!.replace('.ics', ''));
    expect(list.body.data[0].name).toBe('มือถือเจ้าของ');
    expect(list.body.data[0].created_by_name).toBeTruthy();

    const first = await t.call('GET', path);
    expect(first.status).toBe(200);
    expect(first.res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    const text = first.res.body;
    expect(text.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    const lines = text.split('\r\n');
    for (const l of lines) expect(Buffer.byteLength(l, 'utf8'), l).toBeLessThanOrEqual(75);
    const unfolded = text.replace(/\r\n /g, '');
    const uids = unfolded.split('\r\n').filter((l) => l.startsWith('UID:'));
    expect(uids.length).toBeGreaterThan(3);
    expect(new Set(uids).size).toBe(uids.length);
    expect(unfolded.split('\r\n').filter((l) => l === 'BEGIN:VEVENT').length).toBe(uids.length);
    // no raw comma or semicolon in a TEXT value
    for (const l of unfolded.split('\r\n').filter((x) => /^(SUMMARY|DESCRIPTION):/.test(x)))
      expect(l.slice(l.indexOf(':') + 1)).not.toMatch(/(^|[^\\])[,;]/);
    const second = await t.call('GET', path.replace(/\.ics$/, ''));
    const uids2 = second.res.body
      .replace(/\r\n /g, '')
      .split('\r\n')
      .filter((l: string) => l.startsWith('UID:'));
    expect(uids2).toEqual(uids);
    // a branch feed shows no other branch's vehicles
    expect(unfolded).toContain('X-WR-CALNAME:');

    // revoked: the link answers nothing again; a made-up secret likewise
    const rev = await admin.post('/api/compliance/feeds/revoke', { feed_id: made.body.data.feed.feed_id });
    expect(rev.status, rev.body.message).toBe(200);
    expect((await t.call('GET', path)).status).toBe(404);
    expect((await t.call('GET', '/api/compliance/feed/not-a-secret.ics')).status).toBe(404);
    expect((await admin.get('/api/compliance/feeds')).body.data[0].revoked_at).not.toBeNull();
  });

  it('every-branch feeds are for head office; a branch manager makes one for their branch only', async () => {
    const anan = await t.as('anan');
    expect((await anan.post('/api/compliance/feeds/create', { branch_id: null, name: '' })).status).toBe(403);
    const mine = anan.userData.branch_id as number;
    const r = await anan.post('/api/compliance/feeds/create', { branch_id: mine, name: '' });
    expect(r.status, r.body.message).toBe(200);
    const hq = (await admin.post('/api/compliance/feeds/create', { branch_id: null, name: 'ทุกสาขา' })).body.data;
    expect((await anan.post('/api/compliance/feeds/revoke', { feed_id: hq.feed.feed_id })).status).toBe(404);
    expect(
      (await anan.get('/api/compliance/feeds')).body.data.every((f: { branch_id: number }) => f.branch_id === mine),
    ).toBe(true);
  });
});
