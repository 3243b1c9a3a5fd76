/**
 * The two channels a reminder goes out by:
 * - LINE Messaging API push through LINE's SDK for Node (@line/bot-sdk: POST {base}/v2/bot/message/push, Bearer channel
 *   access token) with an X-Line-Retry-Key
 *   made from the outbox row's key, so a push retried after a crash mid-send is accepted by LINE once (LINE answers a
 *   repeated key with 409, taken here as already sent);
 * - e-mail over SMTP through nodemailer, with a Message-ID made from the same key.
 * The base URL of LINE's API is configuration (LINE_API_BASE) so tests point it at a local stand-in.
 */
import { createHash } from 'node:crypto';
import { HTTPFetchError, messagingApi } from '@line/bot-sdk';
import nodemailer from 'nodemailer';

export interface Message {
  dedupe_key: string;
  recipient: string;
  subject: string;
  body: string;
}

export interface ChannelConfig {
  line_token: string;
  smtp_host: string;
  smtp_port: number;
  smtp_secure: boolean;
  smtp_user: string;
  smtp_pass: string;
  smtp_from: string;
}

/** A send's outcome: sent (with the provider's answer), or failed, retryable or not. */
export type Outcome = { ok: true; response: string } | { ok: false; retry: boolean; error: string };

/** A UUID (version-5 layout) from a key: LINE's retry key must be a UUID. */
export function uuidOf(key: string): string {
  const h = createHash('sha1').update(`khabkhi-outbox:${key}`).digest('hex');
  const v = `5${h.slice(13, 16)}`;
  const variant = ((parseInt(h.slice(16, 17), 16) & 0x3) | 0x8).toString(16) + h.slice(17, 20);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${v}-${variant}-${h.slice(20, 32)}`;
}

const TIMEOUT_MS = 15_000;

/**
 * A push through the LINE Messaging API SDK. A call that does not answer in 15 s is taken as a lost connection (tried
 * again later with the same retry key: if the first one did reach LINE, the second is answered 409 and counted sent).
 */
export async function sendLine(base: string, cfg: ChannelConfig, m: Message): Promise<Outcome> {
  if (!cfg.line_token) return { ok: false, retry: false, error: 'ยังไม่ได้ตั้งค่า LINE (Channel access token)' };
  const client = new messagingApi.MessagingApiClient({
    channelAccessToken: cfg.line_token,
    baseURL: base.replace(/\/$/, ''),
  });
  let timer: NodeJS.Timeout | undefined;
  try {
    const res = await Promise.race([
      client.pushMessageWithHttpInfo(
        { to: m.recipient, messages: [{ type: 'text', text: m.body.slice(0, 5000) }] },
        uuidOf(m.dedupe_key),
      ),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`ไม่ได้รับคำตอบภายใน ${TIMEOUT_MS / 1000} วินาที`)), TIMEOUT_MS);
      }),
    ]);
    const id = res.httpResponse.headers.get('x-line-request-id') ?? '';
    return { ok: true, response: `${res.httpResponse.status} ${id} ${JSON.stringify(res.body)}`.slice(0, 1000) };
  } catch (e) {
    if (!(e instanceof HTTPFetchError))
      return { ok: false, retry: true, error: `เชื่อมต่อ LINE ไม่ได้: ${(e as Error).message}`.slice(0, 1000) };
    // the same retry key accepted before: the message went out once already
    const accepted = e.headers.get('x-line-accepted-request-id');
    if (e.status === 409 && accepted) return { ok: true, response: `409 ส่งแล้วก่อนหน้า ${accepted}` };
    const retry = e.status === 429 || e.status >= 500;
    return { ok: false, retry, error: `LINE ตอบ ${e.status}: ${e.body}`.slice(0, 1000) };
  } finally {
    clearTimeout(timer);
  }
}

export async function sendEmail(cfg: ChannelConfig, m: Message): Promise<Outcome> {
  if (!cfg.smtp_host || !cfg.smtp_from) return { ok: false, retry: false, error: 'ยังไม่ได้ตั้งค่าอีเมล (SMTP host และผู้ส่ง)' };
  const transport = nodemailer.createTransport({
    host: cfg.smtp_host,
    port: cfg.smtp_port,
    secure: cfg.smtp_secure,
    ...(cfg.smtp_user ? { auth: { user: cfg.smtp_user, pass: cfg.smtp_pass } } : {}),
    // a local relay without a certificate still works; a real one negotiates STARTTLS when it offers it
    tls: { rejectUnauthorized: false },
    connectionTimeout: 15_000,
  });
  try {
    const info = await transport.sendMail({
      from: cfg.smtp_from,
      to: m.recipient,
      subject: m.subject,
      text: m.body,
      messageId: `<${uuidOf(m.dedupe_key)}@khabkhi>`,
    });
    return { ok: true, response: String(info.response ?? '').slice(0, 1000) };
  } catch (e) {
    const err = e as Error & { responseCode?: number };
    // 4xx SMTP replies are temporary, 5xx permanent; a connection error is worth another try
    const retry = err.responseCode === undefined || err.responseCode < 500;
    return { ok: false, retry, error: `ส่งอีเมลไม่ได้: ${err.message}`.slice(0, 1000) };
  } finally {
    transport.close();
  }
}
