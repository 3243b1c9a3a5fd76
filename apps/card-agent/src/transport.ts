/**
 * The seams between the layers of the card agent.
 *
 *   CardTransport  one connected card: send an APDU, get the response bytes (data + SW1 SW2).
 *                  Implemented by the PC/SC adapter (src/pcsc.ts) and by the simulated card
 *                  (src/simcard.ts) used in tests and by /mockreadercard.
 *   CardSource     what the HTTP server talks to: reader/card presence and "read the card now".
 */

export interface CardTransport {
  /** Answer-to-reset of the connected card (decides the GET RESPONSE variant). */
  readonly atr: Uint8Array;
  /** Send one command APDU; resolves with the full response including the status word. */
  transmit(apdu: Uint8Array): Promise<Uint8Array>;
}

export type CardErrorCode =
  | 'no_reader' // no PC/SC service or no reader attached
  | 'no_card' // reader present, no card in it (or the card was pulled out)
  | 'not_thai_id' // a card that does not have the Thai ID applet
  | 'read_error' // anything else that went wrong while talking to the card
  | 'busy'; // another program holds the card exclusively

/** Thai messages shown by the dashboard as they are. */
export const CARD_MESSAGES: Record<CardErrorCode, string> = {
  no_reader: 'ไม่พบเครื่องอ่านบัตร กรุณาเสียบเครื่องอ่านบัตรแล้วลองใหม่อีกครั้ง',
  no_card: 'ไม่พบบัตรในเครื่องอ่าน กรุณาเสียบบัตรประจำตัวประชาชนแล้วลองใหม่อีกครั้ง',
  not_thai_id: 'บัตรที่เสียบไม่ใช่บัตรประจำตัวประชาชนไทย กรุณาตรวจสอบบัตรแล้วลองใหม่อีกครั้ง',
  read_error: 'อ่านข้อมูลจากบัตรไม่สำเร็จ กรุณาถอดบัตรแล้วเสียบใหม่อีกครั้ง',
  busy: 'เครื่องอ่านบัตรกำลังถูกใช้งานโดยโปรแกรมอื่น กรุณาปิดโปรแกรมนั้นแล้วลองใหม่อีกครั้ง',
};

export class CardError extends Error {
  constructor(
    readonly code: CardErrorCode,
    detail?: string,
    options?: { cause?: unknown },
  ) {
    super(detail ?? code, options);
    this.name = 'CardError';
  }
}

export interface ReaderInfo {
  name: string;
  card: boolean;
}

export interface SourceStatus {
  /** PC/SC service reachable (pcscd on Linux, SCardSvr on Windows). */
  service: boolean;
  readers: ReaderInfo[];
  /** Last service error, for troubleshooting. */
  error?: string;
}

export interface CardSource {
  status(): SourceStatus;
  /**
   * Connect to the card in the chosen reader, run `fn` with it, disconnect.
   * Rejects with a CardError for every expected failure.
   */
  withCard<T>(fn: (card: CardTransport) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export function hex(bytes: Uint8Array): string {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0').toUpperCase()).join(' ');
}

/** Reject with `onTimeout()` if `p` has not settled within `ms`. */
export function withTimeout<T>(p: Promise<T>, ms: number, onTimeout: () => Error): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(onTimeout()), ms);
    p.then(
      (v) => {
        clearTimeout(timer);
        resolve(v);
      },
      (e) => {
        clearTimeout(timer);
        reject(e);
      },
    );
  });
}
