/**
 * LINE's webhook: LINE signs each call with the channel secret (x-line-signature: base64 HMAC-SHA256 of the raw
 * body); a call whose signature does not match is refused and nothing is read from it. A text message holding a
 * link code links the sender's LINE account to the student who was given the code, and a confirmation is queued for
 * them through the outbox (key line_linked:<code>, so a webhook LINE delivers twice queues it once); an "unfollow"
 * (the student blocked the account) drops their link.
 */
import { validateSignature } from '@line/bot-sdk';
import type { Db } from '../../db/connection.js';
import { forbidden } from '../../http/errors.js';
import { channelRow, enqueue } from './repo.js';
import { redeemCode, unlinkLineUser } from './repo-links.js';

/** LINE's check (the SDK's validateSignature: HMAC-SHA256 of the raw bytes, compared in constant time). */
export function validSignature(secret: string, raw: Buffer, signature: string): boolean {
  if (!secret || !signature) return false;
  return validateSignature(raw, secret, signature);
}

interface LineEvent {
  type?: string;
  source?: { type?: string; userId?: string };
  message?: { type?: string; text?: string };
}

const CODE = /(?:^|\D)(\d{6})(?:\D|$)/;

/** Verifies and handles one webhook call; returns how many students were linked. */
export async function handleWebhook(db: Db, raw: Buffer, signature: string): Promise<number> {
  const cfg = await channelRow(db);
  if (!validSignature(cfg.line_secret, raw, signature)) throw forbidden('ลายเซ็นของ LINE ไม่ถูกต้อง');
  let events: LineEvent[] = [];
  try {
    const parsed = JSON.parse(raw.toString('utf8')) as { events?: LineEvent[] };
    events = Array.isArray(parsed.events) ? parsed.events : [];
  } catch {
    events = [];
  }
  let linked = 0;
  for (const e of events) {
    const user = e.source?.type === 'user' ? (e.source.userId ?? '') : '';
    if (!/^U[0-9a-f]{32}$/.test(user)) continue;
    if (e.type === 'unfollow') {
      await unlinkLineUser(db, user);
      continue;
    }
    if (e.type !== 'message' || e.message?.type !== 'text') continue;
    const code = CODE.exec(e.message.text ?? '')?.[1];
    if (!code) continue;
    await db.transaction(async (tx) => {
      const s = await redeemCode(tx, code, user);
      if (!s) return;
      linked++;
      await enqueue(tx, [
        {
          branch_id: s.branch_id,
          kind: 'line_linked',
          channel: 'line',
          recipient: user,
          recipient_name: s.name,
          subject: 'เชื่อมบัญชี LINE แล้ว',
          body: `เรียนคุณ${s.name} เชื่อมบัญชี LINE กับโรงเรียนเรียบร้อยแล้ว ท่านจะได้รับการแจ้งเตือนนัดเรียน นัดสอบ และยอดค้างชำระทางช่องทางนี้`,
          reason: 'ผู้เรียนส่งรหัสเชื่อมบัญชี LINE',
          dedupe_key: `line_linked:${code}`,
        },
      ]);
    });
  }
  return linked;
}
