import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/connection.js';
import { idempotencyKeys } from '../../db/schema/money.js';
import { badRequest, conflict } from '../../http/errors.js';

/**
 * The claimed key of the running call. A money write that can store the answer in its own statement does so
 * (the answer being `{ applicationId, paymentId }`) and sets `stored`, saving a round trip under its locks.
 */
export interface Claim {
  userId: number;
  key: string;
  stored: boolean;
}

export interface Stored<T> {
  replayed: boolean;
  value: T;
}

class Replay extends Error {}

const KEY_RE = /^[A-Za-z0-9_.:-]{8,100}$/;

/**
 * Runs a money mutation in ONE transaction. With an Idempotency-Key, the key is claimed inside that
 * transaction: a repeated key (even concurrently — the second claim waits on the first's row) returns the
 * first answer and records nothing. A failed call stores nothing, so its key may be used again.
 */
export async function idempotent<T>(db: Db, userId: number, key: string | undefined, route: string, run: (tx: Tx, claim: Claim | null) => Promise<T>): Promise<Stored<T>> {
  if (key === undefined || key === '') {
    return { replayed: false, value: await db.transaction((tx) => run(tx, null)) };
  }
  if (!KEY_RE.test(key)) throw badRequest('Idempotency-Key: ต้องเป็นตัวอักษรภาษาอังกฤษ ตัวเลข หรือ - _ . : ยาว 8–100 ตัว');
  // no read first: the claim below finds a finished key as surely, and a fresh key (the usual case) costs one round trip less
  try {
    const value = await db.transaction(async (tx) => {
      const claimed = await tx.insert(idempotencyKeys)
        .values({ user_id: userId, key, route, status_code: 0, response: {} })
        .onConflictDoNothing().returning({ key: idempotencyKeys.key });
      if (claimed.length === 0) throw new Replay();
      const claim: Claim = { userId, key, stored: false };
      const result = await run(tx, claim);
      if (!claim.stored) {
        await tx.update(idempotencyKeys).set({ status_code: 200, response: result as object })
          .where(and(eq(idempotencyKeys.user_id, userId), eq(idempotencyKeys.key, key)));
      }
      return result;
    });
    return { replayed: false, value };
  } catch (e) {
    if (!(e instanceof Replay)) throw e;
    const stored = await readStored<T>(db, userId, key, route);
    if (!stored) throw conflict('รายการนี้กำลังบันทึกอยู่ กรุณารอสักครู่แล้วลองใหม่');
    return stored;
  }
}

async function readStored<T>(db: Db, userId: number, key: string, route: string): Promise<Stored<T> | null> {
  const [row] = await db.select().from(idempotencyKeys).where(and(eq(idempotencyKeys.user_id, userId), eq(idempotencyKeys.key, key)));
  if (!row || row.status_code === 0) return null;
  if (row.route !== route) throw conflict('Idempotency-Key นี้ถูกใช้กับรายการอื่นแล้ว');
  return { replayed: true, value: row.response as T };
}

/** Keys older than a week are of no use (a double click is seconds); called opportunistically. */
export async function pruneIdempotencyKeys(db: Db) {
  await db.delete(idempotencyKeys).where(sql`${idempotencyKeys.createdAt} < now() - interval '7 days'`);
}
