/**
 * A virtual smart card for vsmartcard's vpcd reader driver (loaded by pcscd).
 *
 * vpcd listens on a TCP port per reader slot; a card is "inserted" by connecting to it and
 * "removed" by closing the connection. Every message, both ways, is a 2-byte big-endian length
 * followed by the payload. A 1-byte payload from vpcd is a control code (0 power off, 1 power on,
 * 2 reset, 4 "send your ATR"); anything longer is a command APDU, answered with the response APDU.
 */
import net from 'node:net';

export interface EmulatedCard {
  readonly atr: Uint8Array;
  respond(apdu: Uint8Array): Uint8Array;
  reset(): void;
}

const CTRL_OFF = 0;
const CTRL_ON = 1;
const CTRL_RESET = 2;
const CTRL_ATR = 4;

export class VirtualCard {
  /** Commands received from the reader, for assertions. */
  readonly apdus: Uint8Array[] = [];
  private buffer = Buffer.alloc(0);

  private constructor(
    readonly port: number,
    private readonly socket: net.Socket,
    private readonly card: EmulatedCard,
  ) {
    socket.setNoDelay(true);
    socket.on('data', (chunk) => this.onData(chunk));
    socket.on('error', () => {}); // the reader going away is the test's business, not a crash
  }

  /** Insert `card` into the vpcd slot listening on `port` (retries until vpcd listens). */
  static async insert(port: number, card: EmulatedCard, timeoutMs = 5000, host = '127.0.0.1'): Promise<VirtualCard> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      try {
        const socket = await new Promise<net.Socket>((resolve, reject) => {
          const s = net.connect({ host, port });
          const timer = setTimeout(() => {
            s.destroy();
            reject(new Error('connect timeout'));
          }, 1000);
          s.once('connect', () => {
            clearTimeout(timer);
            s.removeAllListeners('error');
            resolve(s);
          });
          s.once('error', (e) => {
            clearTimeout(timer);
            reject(e);
          });
        });
        return new VirtualCard(port, socket, card);
      } catch (e) {
        if (Date.now() > deadline) throw new Error(`vpcd on port ${port} not reachable: ${(e as Error).message}`);
        await new Promise((r) => setTimeout(r, 100));
      }
    }
  }

  /** Pull the card out of the reader. */
  async remove(): Promise<void> {
    if (this.socket.destroyed) return;
    await new Promise<void>((resolve) => {
      this.socket.once('close', () => resolve());
      this.socket.destroy();
    });
  }

  private send(payload: Uint8Array): void {
    const frame = Buffer.alloc(2 + payload.length);
    frame.writeUInt16BE(payload.length, 0);
    frame.set(payload, 2);
    this.socket.write(frame);
  }

  private onData(chunk: Buffer): void {
    this.buffer = Buffer.concat([this.buffer, chunk]);
    while (this.buffer.length >= 2) {
      const len = this.buffer.readUInt16BE(0);
      if (this.buffer.length < 2 + len) return;
      const payload = Uint8Array.from(this.buffer.subarray(2, 2 + len));
      this.buffer = this.buffer.subarray(2 + len);
      this.handle(payload);
    }
  }

  private handle(payload: Uint8Array): void {
    if (payload.length === 1) {
      switch (payload[0]) {
        case CTRL_OFF:
        case CTRL_ON:
        case CTRL_RESET:
          this.card.reset();
          return;
        case CTRL_ATR:
          this.send(this.card.atr);
          return;
        default:
          return;
      }
    }
    this.apdus.push(payload);
    this.send(this.card.respond(payload));
  }
}
