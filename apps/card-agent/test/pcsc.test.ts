/**
 * The PC/SC adapter against a stand-in for the pcsc-mini binding: service restarts, reader choice,
 * error mapping, timeouts, disconnect. (The real binding is exercised in integration.test.ts.)
 */
import { EventEmitter } from 'node:events';
import { afterEach, describe, expect, it } from 'vitest';
import { PcscCardSource } from '../src/pcsc.js';
import { readThaiIdCard } from '../src/reader.js';
import { SAMPLE_CARD, SimulatedThaiIdCard } from '../src/simcard.js';

const PRESENT = 0x20;
const EMPTY = 0x10;
const EXCLUSIVE = 0x80;
const MUTE = 0x200;

const pcscErr = (code: string) => Object.assign(new Error(`[ ${code} ]`), { code });

class FakeCard {
  disconnects = 0;
  constructor(
    private readonly sim: SimulatedThaiIdCard,
    private readonly behaviour: FakeReader['behaviour'],
  ) {}
  async state() {
    return { atr: this.sim.atr };
  }
  transmit(apdu: Uint8Array): Promise<Uint8Array> {
    if (this.behaviour.transmit === 'hang') return new Promise(() => {});
    if (this.behaviour.transmit) return Promise.reject(pcscErr(this.behaviour.transmit));
    return this.sim.transmit(apdu);
  }
  async disconnect() {
    this.disconnects++;
  }
}

class FakeReader extends EventEmitter {
  behaviour: { connect?: string | 'hang'; transmit?: string | 'hang' } = {};
  cards: FakeCard[] = [];
  constructor(private readonly readerName: string) {
    super();
  }
  name() {
    return this.readerName;
  }
  setStatus(raw: number) {
    this.emit('change', { raw });
  }
  connect(): Promise<FakeCard> {
    if (this.behaviour.connect === 'hang') return new Promise(() => {});
    if (this.behaviour.connect) return Promise.reject(pcscErr(this.behaviour.connect));
    const card = new FakeCard(new SimulatedThaiIdCard(SAMPLE_CARD), this.behaviour);
    this.cards.push(card);
    return Promise.resolve(card);
  }
}

function fakeBinding() {
  const state = {
    serviceUp: true,
    clients: [] as FakeClient[],
    starts: 0,
    startError: undefined as string | undefined,
  };
  class FakeClient extends EventEmitter {
    running = false;
    constructor() {
      super();
      state.clients.push(this);
    }
    start() {
      state.starts++;
      if (this.running) throw pcscErr('ClientAlreadyStarted');
      if (state.startError) throw pcscErr(state.startError);
      if (!state.serviceUp) throw pcscErr('NoService');
      this.running = true;
      return this;
    }
    stop() {
      this.running = false;
    }
    attach(name: string, status = EMPTY) {
      const r = new FakeReader(name);
      this.emit('reader', r);
      r.setStatus(status);
      return r;
    }
  }
  const binding = { Client: FakeClient, CardMode: { SHARED: 2 }, CardDisposition: { LEAVE: 0 } };
  return { binding: binding as never, state, current: () => state.clients[state.clients.length - 1] };
}

const sources: PcscCardSource[] = [];
async function make(opts: Partial<Parameters<typeof PcscCardSource.create>[0]> = {}) {
  const fake = fakeBinding();
  const source = await PcscCardSource.create({ binding: fake.binding, retryMs: 20, ...opts });
  sources.push(source);
  return { source, ...fake };
}
afterEach(async () => {
  await Promise.all(sources.splice(0).map((s) => s.close()));
});

const readName = (source: PcscCardSource) =>
  source.withCard(async (t) => (await readThaiIdCard(t, { photo: false })).nameTh);
const until = async (cond: () => boolean, ms = 2000) => {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error('condition not reached');
    await new Promise((r) => setTimeout(r, 5));
  }
};

describe('PcscCardSource', () => {
  it('reads through the binding and disconnects afterwards', async () => {
    const { source, current } = await make();
    const reader = current().attach('ACS ACR39U 00', PRESENT);
    expect(source.status()).toEqual({ service: true, readers: [{ name: 'ACS ACR39U 00', card: true }] });
    const name = await readName(source);
    expect(Buffer.from(name).length).toBe(100);
    expect(reader.cards).toHaveLength(1);
    expect(reader.cards[0].disconnects).toBe(1);
  });

  it('no service: no_reader at once; retries on the same client (no leak) until the service is back', async () => {
    const fake = fakeBinding();
    fake.state.serviceUp = false;
    const source = await PcscCardSource.create({ binding: fake.binding, retryMs: 20 });
    sources.push(source);
    expect(source.status()).toMatchObject({ service: false, readers: [] });
    expect(source.status().error).toMatch(/NoService/);
    const t = Date.now();
    await expect(readName(source)).rejects.toMatchObject({ code: 'no_reader' });
    expect(Date.now() - t).toBeLessThan(50);
    await until(() => fake.state.starts >= 4);
    expect(fake.state.clients).toHaveLength(1);
    fake.state.serviceUp = true;
    await until(() => source.status().service);
    expect(fake.state.clients).toHaveLength(1);
  });

  it('monitor failure (pcscd/SCardSvr stopped): readers dropped, a fresh client started', async () => {
    const { source, state, current } = await make();
    current().attach('Reader A', PRESENT);
    state.serviceUp = false;
    current().emit('error', pcscErr('ServiceStopped'));
    expect(source.status()).toMatchObject({ service: false, readers: [] });
    await expect(readName(source)).rejects.toMatchObject({ code: 'no_reader' });
    await until(() => state.starts >= 3);
    state.serviceUp = true;
    await until(() => source.status().service);
    expect(state.clients).toHaveLength(2);
    current().attach('Reader A', PRESENT);
    await expect(readName(source)).resolves.toBeInstanceOf(Uint8Array);
  });

  it('a client that fails to start for another reason is replaced, not retried forever', async () => {
    const fake = fakeBinding();
    fake.state.startError = 'InvalidHandle';
    const source = await PcscCardSource.create({ binding: fake.binding, retryMs: 20 });
    sources.push(source);
    await until(() => fake.state.clients.length >= 3);
    fake.state.startError = undefined;
    await until(() => source.status().service);
  });

  it('no reader, no card, mute card, reader held exclusively', async () => {
    const { source, current } = await make();
    await expect(readName(source)).rejects.toMatchObject({ code: 'no_reader' });
    const r = current().attach('Reader A');
    await expect(readName(source)).rejects.toMatchObject({ code: 'no_card' });
    r.setStatus(PRESENT | MUTE);
    await expect(readName(source)).rejects.toMatchObject({ code: 'read_error' });
    r.setStatus(PRESENT | EXCLUSIVE);
    await expect(readName(source)).rejects.toMatchObject({ code: 'busy' });
    r.emit('disconnect');
    await expect(readName(source)).rejects.toMatchObject({ code: 'no_reader' });
  });

  it('uses the reader that holds a card, and honours the reader filter', async () => {
    const { source, current } = await make();
    const a = current().attach('Reader A');
    const b = current().attach('Reader B', PRESENT);
    await readName(source);
    expect(a.cards).toHaveLength(0);
    expect(b.cards).toHaveLength(1);

    const filtered = await make({ readerFilter: 'reader a' });
    const fa = filtered.current().attach('Reader A');
    filtered.current().attach('Reader B', PRESENT);
    await expect(readName(filtered.source)).rejects.toMatchObject({ code: 'no_card' });
    expect(filtered.source.status().readers.map((r) => r.name)).toEqual(['Reader A']);
    fa.setStatus(PRESENT);
    await readName(filtered.source);
  });

  it('binding error codes map to the agent codes', async () => {
    const { source, current } = await make();
    const r = current().attach('Reader A', PRESENT);
    r.behaviour = { connect: 'SharingViolation' };
    await expect(readName(source)).rejects.toMatchObject({ code: 'busy' });
    r.behaviour = { connect: 'RemovedCard' };
    await expect(readName(source)).rejects.toMatchObject({ code: 'no_card' });
    r.behaviour = { connect: 'UnresponsiveCard' };
    await expect(readName(source)).rejects.toMatchObject({ code: 'read_error' });
  });

  it('card pulled out mid-read: an odd error becomes no_card once the monitor reports it, well within a second', async () => {
    const { source, current } = await make();
    const r = current().attach('Reader A', PRESENT);
    r.behaviour = { transmit: 'NotTransacted' };
    setTimeout(() => r.setStatus(EMPTY), 100);
    const t = Date.now();
    await expect(readName(source)).rejects.toMatchObject({ code: 'no_card' });
    expect(Date.now() - t).toBeLessThan(500);
    expect(r.cards[0].disconnects).toBe(1);
  });

  it('a hung connect or transmit times out as read_error and the next read still runs', async () => {
    const { source, current } = await make({ connectTimeoutMs: 150, transmitTimeoutMs: 150 });
    const r = current().attach('Reader A', PRESENT);
    r.behaviour = { connect: 'hang' };
    let t = Date.now();
    await expect(readName(source)).rejects.toMatchObject({ code: 'read_error' });
    expect(Date.now() - t).toBeLessThan(1200);
    r.behaviour = { transmit: 'hang' };
    t = Date.now();
    await expect(readName(source)).rejects.toMatchObject({ code: 'read_error' });
    expect(Date.now() - t).toBeLessThan(1200);
    expect(r.cards[0].disconnects).toBe(1);
    r.behaviour = {};
    await expect(readName(source)).resolves.toBeInstanceOf(Uint8Array);
  });

  it('reads are serialised', async () => {
    const { source, current } = await make();
    current().attach('Reader A', PRESENT);
    let inside = 0;
    let maxInside = 0;
    const slow = () =>
      source.withCard(async () => {
        inside++;
        maxInside = Math.max(maxInside, inside);
        await new Promise((r) => setTimeout(r, 20));
        inside--;
      });
    await Promise.all([slow(), slow(), slow()]);
    expect(maxInside).toBe(1);
  });

  it('a binding that cannot load is reported, not thrown', async () => {
    const broken = new Proxy(
      {},
      {
        get: () => {
          throw new Error('Required addon dependency not found');
        },
      },
    );
    const source = await PcscCardSource.create({ binding: broken as never });
    sources.push(source);
    expect(source.status()).toMatchObject({ service: false, readers: [] });
    await expect(readName(source)).rejects.toMatchObject({ code: 'no_reader' });
  });
});
