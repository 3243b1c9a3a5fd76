import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/connection.js';
import { idempotencyKeys } from '../../db/schema/money.js';
import { badRequest, conflict } from '../../http/errors.js';

/**
 * The Idempotency-Key of the running call, handed to the run. A run that `claimsItself` (see idempotent) inserts
 * the key with its answer `{ applicationId, paymentId }` in its own write and sets `stored`; when the key is
 * already there it throws KeyTaken.
 */
export interface Claim {
  userId: number;
  key: string;
  route: string;
  stored: boolean;
}

/** The key was claimed by an earlier call: roll back and answer with that call's answer. */
export class KeyTaken extends Error {}

export interface Stored<T> {
  replayed: boolean;
  value: T;
}

const KEY_RE = /^[A-Za-z0-9_.:-]{8,100}$/;

/**
 * Runs a money mutation in ONE transaction. With an Idempotency-Key, the key is claimed inside that
 * transaction: a repeated key (even concurrently — the second claim waits on the first's row) returns the
 * first answer and records nothing. A failed call stores nothing, so its key may be used again.
 *
 * `claimsItself`: the run takes a lock that repeats of the call queue on (paybalance: the application row) and
 * claims the key in its own write, saving a round trip. A repeat then either meets the stored key (KeyTaken) or
 * fails the money checks because the first call already paid — either way the first answer is found and returned.
 */
export async function idempotent<T>(
  db: Db,
  userId: number,
  key: string | undefined,
  route: string,
  run: (tx: Tx, claim: Claim | null) => Promise<T>,
  options: { claimsItself?: boolean } = {},
): Promise<Stored<T>> {
  if (key === undefined || key === '') {
    return { replayed: false, value: await db.transaction((tx) => run(tx, null)) };
  }
  if (!KEY_RE.test(key)) throw badRequest('Idempotency-Key: ต้องเป็นตัวอักษรภาษาอังกฤษ ตัวเลข หรือ - _ . : ยาว 8–100 ตัว');
  const claim: Claim = { userId, key, route, stored: false };
  // no read first: the claim finds a finished key as surely, and a fresh key (the usual case) costs one round trip less
  try {
    const value = await db.transaction(async (tx) => {
      if (!options.claimsItself) {
        const claimed = await tx
          .insert(idempotencyKeys)
          .values({ user_id: userId, key, route, status_code: 0, response: {} })
          .onConflictDoNothing()
          .returning({ key: idempotencyKeys.key });
        if (claimed.length === 0) throw new KeyTaken();
      }
      const result = await run(tx, claim);
      if (claim.stored) return result;
      if (options.claimsItself) throw new Error(`${route}: the run did not store its Idempotency-Key`);
      await tx
        .update(idempotencyKeys)
        .set({ status_code: 200, response: result as object })
        .where(and(eq(idempotencyKeys.user_id, userId), eq(idempotencyKeys.key, key)));
      return result;
    });
    return { replayed: false, value };
  } catch (e) {
    if (!(e instanceof KeyTaken) && !options.claimsItself) throw e;
    const stored = await readStored<T>(db, userId, key, route);
    if (stored) return stored;
    if (e instanceof KeyTaken) throw conflict('รายการนี้กำลังบันทึกอยู่ กรุณารอสักครู่แล้วลองใหม่');
    throw e;
  }
}

async function readStored<T>(db: Db, userId: number, key: string, route: string): Promise<Stored<T> | null> {
  const [row] = await db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.user_id, userId), eq(idempotencyKeys.key, key)));
  if (!row || row.status_code === 0) return null;
  if (row.route !== route) throw conflict('Idempotency-Key นี้ถูกใช้กับรายการอื่นแล้ว');
  return { replayed: true, value: row.response as T };
}

/** Keys older than a week are of no use (a double click is seconds); called opportunistically. */
export async function pruneIdempotencyKeys(db: Db) {
  await db.delete(idempotencyKeys).where(sql`${idempotencyKeys.createdAt} < now() - interval '7 days'`);
}
