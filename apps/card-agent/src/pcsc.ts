/**
 * PC/SC adapter: pcscd on Linux, the Smart Card service (SCardSvr) on Windows, through the
 * `pcsc-mini` binding (prebuilt N-API addon, no compiler needed at install time).
 *
 * Reader and card presence are tracked from the binding's background monitor, so "no reader" and
 * "no card" are answered from memory at once. The card is connected only for the length of one
 * read (never from inside a status callback) and always disconnected afterwards. When the PC/SC
 * service is missing or goes away (Windows stops SCardSvr when the last reader is unplugged), the
 * monitor is restarted every `retryMs` until it is back.
 */
import type * as Pcsc from 'pcsc-mini';
import {
  CardError,
  type CardErrorCode,
  type CardSource,
  type CardTransport,
  type ReaderInfo,
  type SourceStatus,
  withTimeout,
} from './transport.js';

type PcscModule = typeof Pcsc;

export interface PcscOptions {
  /** Use only readers whose name contains this text (case-insensitive). */
  readerFilter?: string;
  retryMs?: number;
  connectTimeoutMs?: number;
  transmitTimeoutMs?: number;
  log?: (msg: string) => void;
  /** For tests: a stand-in for the binding module. */
  binding?: PcscModule;
}

interface ReaderState {
  reader: Pcsc.Reader;
  status: number;
}

// Reader status bits (SCARD_STATE_*), identical on pcsc-lite and winscard.
const PRESENT = 0x20;
const EXCLUSIVE = 0x80;
const MUTE = 0x200;

/** How long a failed read waits for the monitor to say whether the card was removed. */
const SETTLE_MS = 600;

const NO_CARD_CODES = new Set(['NoSmartCard', 'RemovedCard', 'UnpoweredCard']);
const RETRY_CODES = new Set(['ResetCard', 'NotTransacted', 'CommError']);
const NO_READER_CODES = new Set([
  'NoService',
  'ServiceStopped',
  'NoReadersAvailable',
  'ReaderUnavailable',
  'UnknownReader',
  'NotStarted',
]);

export class PcscCardSource implements CardSource {
  private pcsc?: PcscModule;
  private client?: Pcsc.Client;
  private readonly readers = new Map<string, ReaderState>();
  private serviceUp = false;
  private lastError?: string;
  private retryTimer?: NodeJS.Timeout;
  private closed = false;
  private queue: Promise<unknown> = Promise.resolve();
  private readonly opts: Required<Omit<PcscOptions, 'readerFilter' | 'binding'>> & Pick<PcscOptions, 'readerFilter'>;

  private constructor(options: PcscOptions) {
    this.opts = {
      readerFilter: options.readerFilter,
      retryMs: options.retryMs ?? 1000,
      connectTimeoutMs: options.connectTimeoutMs ?? 2000,
      transmitTimeoutMs: options.transmitTimeoutMs ?? 3000,
      log: options.log ?? (() => {}),
    };
  }

  /** Loads the binding (a load failure is reported by status(), never thrown) and starts monitoring. */
  static async create(options: PcscOptions = {}): Promise<PcscCardSource> {
    const source = new PcscCardSource(options);
    try {
      const mod = options.binding ?? ((await import('pcsc-mini')) as PcscModule & { default?: PcscModule });
      source.pcsc = (mod as { default?: PcscModule }).default ?? mod;
    } catch (e) {
      source.lastError = `PC/SC binding pcsc-mini could not be loaded: ${(e as Error).message}`;
      source.opts.log(source.lastError);
      return source;
    }
    source.startMonitor();
    return source;
  }

  status(): SourceStatus {
    const readers: ReaderInfo[] = [...this.readers.entries()]
      .filter(([name]) => this.matches(name))
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([name, r]) => ({ name, card: (r.status & PRESENT) !== 0 }));
    return {
      service: this.serviceUp,
      readers,
      ...(this.lastError && !this.serviceUp ? { error: this.lastError } : {}),
    };
  }

  withCard<T>(fn: (card: CardTransport) => Promise<T>): Promise<T> {
    // One card session at a time; a queued request starts when the previous one has finished.
    const run = this.queue.then(() => this.session(fn));
    this.queue = run.catch(() => {});
    return run;
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retryTimer);
    await this.queue;
    this.stopMonitor();
  }

  private matches(name: string): boolean {
    const f = this.opts.readerFilter?.toLowerCase();
    return !f || name.toLowerCase().includes(f);
  }

  private startMonitor(): void {
    if (this.closed || !this.pcsc) return;
    // A client whose monitor failed cannot be started again, so it is replaced; one that merely
    // failed to start (service absent) is reused (making a new one each second leaks memory).
    this.client ??= this.newClient();
    try {
      this.client.start();
      this.serviceUp = true;
      this.lastError = undefined;
      this.opts.log('PC/SC service connected');
    } catch (e) {
      this.onServiceDown(e, false);
    }
  }

  private newClient(): Pcsc.Client {
    const client = new this.pcsc!.Client();
    client.on('reader', (reader) => {
      if (client !== this.client) return;
      const name = reader.name();
      this.readers.set(name, { reader, status: 0 });
      this.opts.log(`reader attached: ${name}`);
      reader.on('change', (status) => {
        const state = this.readers.get(name);
        if (state && state.reader === reader) state.status = status.raw;
      });
      reader.on('disconnect', () => {
        if (this.readers.get(name)?.reader === reader) this.readers.delete(name);
        this.opts.log(`reader detached: ${name}`);
      });
    });
    client.on('error', (err) => {
      if (client !== this.client) return;
      this.onServiceDown(err, true);
    });
    return client;
  }

  private onServiceDown(err: unknown, monitorFailed: boolean): void {
    const msg = describe(err);
    if (this.serviceUp || msg !== this.lastError) this.opts.log(`PC/SC service unavailable: ${msg}`);
    this.serviceUp = false;
    this.lastError = msg;
    this.readers.clear();
    // Only a client that merely found no service is kept for the next attempt.
    const code = (err as { code?: unknown })?.code;
    if (monitorFailed || (code !== 'NoService' && code !== 'ServiceStopped')) this.stopMonitor();
    clearTimeout(this.retryTimer);
    if (!this.closed) {
      this.retryTimer = setTimeout(() => this.startMonitor(), this.opts.retryMs);
      this.retryTimer.unref();
    }
  }

  private stopMonitor(): void {
    const client = this.client;
    this.client = undefined;
    this.readers.clear();
    try {
      client?.stop();
    } catch {
      /* the service is already gone */
    }
  }

  /** The reader to use: the first (by name) holding a card, else the first one at all. */
  private chooseReader(): [string, ReaderState] | undefined {
    const candidates = [...this.readers.entries()]
      .filter(([name]) => this.matches(name))
      .sort(([a], [b]) => a.localeCompare(b));
    return candidates.find(([, r]) => (r.status & PRESENT) !== 0) ?? candidates[0];
  }

  private async session<T>(fn: (card: CardTransport) => Promise<T>): Promise<T> {
    try {
      return await this.attempt(fn);
    } catch (e) {
      // Transient link trouble with the card still in the reader (another program reset it,
      // Windows' smart-card plug and play touched a freshly inserted card, a card swapped faster
      // than the monitor noticed): one fresh connection usually reads it.
      const code = (e as { cause?: { code?: unknown } }).cause?.code;
      if (e instanceof CardError && e.code === 'read_error' && typeof code === 'string' && RETRY_CODES.has(code)) {
        this.opts.log(`retrying once: ${e.message}`);
        await new Promise((r) => setTimeout(r, 100));
        return this.attempt(fn);
      }
      throw e;
    }
  }

  private async attempt<T>(fn: (card: CardTransport) => Promise<T>): Promise<T> {
    if (!this.pcsc || !this.serviceUp) throw new CardError('no_reader', this.lastError ?? 'PC/SC service not running');
    const chosen = this.chooseReader();
    if (!chosen) throw new CardError('no_reader', 'no card reader attached');
    const [name, state] = chosen;
    if ((state.status & PRESENT) === 0) throw new CardError('no_card', `no card in ${name}`);
    if (state.status & MUTE)
      throw new CardError('read_error', `the card in ${name} does not answer (inserted the wrong way?)`);
    if (state.status & EXCLUSIVE) throw new CardError('busy', `${name} is held exclusively by another program`);

    const { CardMode, CardDisposition } = this.pcsc;
    let card: Pcsc.Card;
    try {
      card = await withTimeout(
        state.reader.connect(CardMode.SHARED),
        this.opts.connectTimeoutMs,
        () => new Error('connect timed out'),
      );
    } catch (e) {
      throw await this.toCardError(e, name);
    }
    try {
      const { atr } = await withTimeout(
        card.state(),
        this.opts.transmitTimeoutMs,
        () => new Error('card status timed out'),
      );
      const transport: CardTransport = {
        atr,
        transmit: (apdu) =>
          withTimeout(
            card.transmit(apdu),
            this.opts.transmitTimeoutMs,
            () => new CardError('read_error', 'the card did not answer in time'),
          ),
      };
      return await fn(transport);
    } catch (e) {
      throw await this.toCardError(e, name);
    } finally {
      // Disconnect outside any status callback; never let a stuck disconnect hold the queue.
      await withTimeout(card.disconnect(CardDisposition.LEAVE), 1000, () => new Error('disconnect timed out')).catch(
        () => {},
      );
    }
  }

  /**
   * Classify a failure. A card pulled out mid-read surfaces as assorted errors (RemovedCard,
   * NotTransacted, CommError, a timeout…) shortly before the monitor reports the card gone, so an
   * unclassified failure waits up to `SETTLE_MS` for that report before calling it a read error.
   */
  private async toCardError(e: unknown, readerName: string): Promise<CardError> {
    const code = (e as { code?: unknown }).code;
    let kind: CardErrorCode;
    if (e instanceof CardError && e.code !== 'read_error') kind = e.code;
    else if (typeof code === 'string' && NO_CARD_CODES.has(code)) kind = 'no_card';
    else if (typeof code === 'string' && NO_READER_CODES.has(code)) kind = 'no_reader';
    else if (code === 'SharingViolation') kind = 'busy';
    else kind = (await this.cardGone(readerName)) ? 'no_card' : 'read_error';
    return e instanceof CardError && e.code === kind
      ? e
      : new CardError(kind, `${readerName}: ${describe(e)}`, { cause: e });
  }

  private async cardGone(readerName: string): Promise<boolean> {
    const gone = () => ((this.readers.get(readerName)?.status ?? 0) & PRESENT) === 0;
    const deadline = Date.now() + SETTLE_MS;
    while (!gone() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25));
    return gone();
  }
}

function describe(e: unknown): string {
  if (e instanceof Error) {
    const code = (e as { code?: unknown }).code;
    return typeof code === 'string' && !e.message.includes(code) ? `${code}: ${e.message}` : e.message;
  }
  return String(e);
}
