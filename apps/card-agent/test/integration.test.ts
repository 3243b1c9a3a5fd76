/**
 * End to end through the real PC/SC stack: Debian's pcscd with vsmartcard's vpcd virtual reader,
 * a Thai ID card emulated in this test (test/support/vicc.ts speaking vpcd's socket protocol,
 * answering with src/simcard.ts), and the agent itself running as a child process.
 * Needs Linux with pcscd and vsmartcard-vpcd (scripts/ensure-pcsc.sh installs them); skipped
 * elsewhere, failing instead when CI is set.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { isValidNationalId } from '../src/parser.js';
import {
  SAMPLE_PHOTO_JPEG,
  SimulatedThaiIdCard,
  type SimulatedCardOptions,
  type ThaiIdCardData,
} from '../src/simcard.js';
import { startAgent, type AgentHandle } from './support/agent.js';
import { request } from './support/http.js';
import { pcscUnavailableReason, startPcscd, type PcscdHandle } from './support/pcscd.js';
import { VirtualCard } from './support/vicc.js';

const unavailable = pcscUnavailableReason();

/** A Thai name and a Bangkok address (แขวง/เขต), valid ID. */
const CARD: ThaiIdCardData = {
  cid: '1101401234566',
  nameTh: 'นาย#ธนากร##สุขเจริญ',
  nameEn: 'Mr.#Thanakorn##Sukcharoen',
  birth: '25401105',
  gender: '1',
  issueDate: '25670620',
  expireDate: '25751104',
  address: '1/23#หมู่ที่ 2#ตรอกจันทน์#ซอยเจริญกรุง 57#ถนนเจริญกรุง#แขวงยานนาวา#เขตสาทร#กรุงเทพมหานคร',
  photo: SAMPLE_PHOTO_JPEG,
};

if (unavailable && process.env.CI) {
  it('PC/SC test stack is available in CI', () => {
    throw new Error(`cannot run the PC/SC integration test: ${unavailable}`);
  });
}

describe.skipIf(!!unavailable)('through pcscd + vpcd (real PC/SC stack)', () => {
  let pcscd: PcscdHandle;
  let agent: AgentHandle;
  const cards: VirtualCard[] = [];

  const get = (path: string, headers?: Record<string, string>) => request(agent.port, path, { headers });
  const insert = async (slot: 0 | 1, options: SimulatedCardOptions = {}, data = CARD) => {
    const card = await VirtualCard.insert(pcscd.ports[slot], new SimulatedThaiIdCard(data, options));
    cards.push(card);
    await until(async () =>
      (await get('/status')).body.readers.some(
        (r: { name: string; card: boolean }) => r.name.endsWith(`0${slot}`) && r.card,
      ),
    );
    return card;
  };
  /** Pull a card and wait until the reader reports the slot empty (so the next insert is seen as new). */
  const remove = async (card: VirtualCard) => {
    const slot = pcscd.ports.indexOf(card.port);
    await card.remove();
    cards.splice(cards.indexOf(card), 1);
    await until(
      async () =>
        !(await get('/status')).body.readers.some(
          (r: { name: string; card: boolean }) => r.name.endsWith(`0${slot}`) && r.card,
        ),
    );
  };
  const until = async (cond: () => Promise<boolean>, ms = 4000) => {
    const end = Date.now() + ms;
    while (!(await cond())) {
      if (Date.now() > end) throw new Error('timed out waiting for the reader state');
      await new Promise((r) => setTimeout(r, 50));
    }
  };

  beforeAll(async () => {
    pcscd = await startPcscd();
    try {
      agent = await startAgent(pcscd.env);
      await until(async () => (await get('/status')).body.readers?.length === 2, 8000);
    } catch (e) {
      await agent?.stop();
      await pcscd.stop();
      throw e;
    }
  }, 30_000);

  afterAll(async () => {
    await Promise.all(cards.map((c) => c.remove()));
    await agent?.stop();
    await pcscd?.stop();
  }, 15_000);

  beforeEach((ctx) => {
    ctx.onTestFailed(() => {
      console.log(
        `--- pcscd (${pcscd?.mode}) log tail ---\n${pcscd?.log().slice(-4000)}\n--- agent log ---\n${agent?.log()}`,
      );
    });
  });

  it('empty reader: status says reader yes, card no; /readCard answers no_card at once', async () => {
    const status = await get('/status');
    expect(status.body).toMatchObject({ service: true, reader: true, card: false });
    expect(status.body.readers.map((r: { name: string }) => r.name)).toEqual([
      'Virtual PCD 00 00',
      'Virtual PCD 00 01',
    ]);
    const r = await get('/readCard');
    expect(r.body).toEqual({ result: 'no_card', message: expect.stringMatching(/^ไม่พบบัตรในเครื่องอ่าน/) });
    expect(r.ms).toBeLessThan(1000);
  });

  it('card inserted: the Thai name, ID, birthday, Bangkok address and photo, over HTTP with CORS', async () => {
    const vc = await insert(0);
    expect((await get('/status')).body).toMatchObject({ reader: true, card: true });
    const r = await get('/readCard', { Origin: 'http://localhost:3000' });
    expect(r.status).toBe(200);
    expect(r.headers['access-control-allow-origin']).toBe('http://localhost:3000');
    expect(r.body).toMatchObject({
      result: 'ok',
      title_th: 'นาย',
      fname_th: 'ธนากร',
      sname_th: 'สุขเจริญ',
      nat_id: '1101401234566',
      birthdate: '1997-11-05',
      address_no: '1/23',
      address_road: 'หมู่ที่ 2 ตรอกจันทน์ ซอยเจริญกรุง 57 ถนนเจริญกรุง',
      address_tumbol: 'ยานนาวา',
      address_amphor: 'สาทร',
      address_provinice: 'กรุงเทพมหานคร',
      title_en: 'Mr.',
      fname_en: 'Thanakorn',
      sname_en: 'Sukcharoen',
      gender: 'male',
      issue_date: '2024-06-20',
      expire_date: '2032-11-04',
      photo: Buffer.from(SAMPLE_PHOTO_JPEG).toString('base64'),
    });
    expect(isValidNationalId(r.body.nat_id)).toBe(true);
    // The card really saw the T=0 dance: 61 xx answered with GET RESPONSE 00 C0 00 00.
    expect(vc.apdus.some((a) => a[0] === 0x00 && a[1] === 0xc0 && a[3] === 0x00)).toBe(true);
  });

  it('card removed: a Thai no-card message within a second', async () => {
    const removedAt = Date.now();
    await cards[0].remove();
    cards.pop();
    const r = await get('/readCard');
    expect(r.body).toEqual({ result: 'no_card', message: expect.stringMatching(/^ไม่พบบัตรในเครื่องอ่าน/) });
    expect(Date.now() - removedAt).toBeLessThan(1000);
    await until(async () => (await get('/status')).body.card === false);
  });

  it('a 3B 67 card (GET RESPONSE P2 = 01) in the second slot', async () => {
    const vc = await insert(1, { atr: '3b67', maxChunk: 32 });
    const r = await get('/readCard?photo=0');
    expect(r.body).toMatchObject({ result: 'ok', fname_th: 'ธนากร', address_amphor: 'สาทร', photo: null });
    expect(vc.apdus.some((a) => a[1] === 0xc0 && a[3] === 0x01)).toBe(true);
    expect(vc.apdus.some((a) => a[1] === 0xc0 && a[3] === 0x00)).toBe(false);
    await remove(vc);
  });

  it('a card that is not a Thai ID', async () => {
    const vc = await insert(0, { thaiId: false });
    const r = await get('/readCard');
    expect(r.body).toEqual({ result: 'not_thai_id', message: expect.stringContaining('ไม่ใช่บัตรประจำตัวประชาชนไทย') });
    expect(r.ms).toBeLessThan(1000);
    await remove(vc);
  });

  it('card pulled out in the middle of reading the photo: no_card, no hang', async () => {
    const vc = await insert(0);
    const pending = get('/readCard');
    await new Promise((r) => setTimeout(r, 500));
    const removedAt = Date.now();
    await vc.remove();
    cards.pop();
    const r = await pending;
    expect(r.body.result).toBe('no_card');
    expect(Date.now() - removedAt).toBeLessThan(1000);
    await until(async () => (await get('/status')).body.card === false);
  });

  it('no PC/SC service: no_reader within a second', async () => {
    const lonely = await startAgent({ ...process.env, PCSCLITE_CSOCK_NAME: '/nonexistent/khabkhi/pcscd.comm' });
    try {
      const r = await request(lonely.port, '/readCard');
      expect(r.body).toEqual({ result: 'no_reader', message: expect.stringMatching(/^ไม่พบเครื่องอ่านบัตร/) });
      expect(r.ms).toBeLessThan(1000);
      expect((await request(lonely.port, '/status')).body).toMatchObject({
        service: false,
        reader: false,
        card: false,
      });
    } finally {
      await lonely.stop();
    }
  });

  it('pcscd going away while the agent runs: no_reader within a second', async (ctx) => {
    if (pcscd.mode === 'reused') ctx.skip(); // never stop a system-wide pcscd
    await insert(0);
    await pcscd.stop();
    const stoppedAt = Date.now();
    await until(async () => (await get('/readCard')).body.result === 'no_reader', 2000);
    expect(Date.now() - stoppedAt).toBeLessThan(1000);
    expect((await get('/status')).body).toMatchObject({ service: false, reader: false });
  });
});
