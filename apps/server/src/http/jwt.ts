/**
 * HS256 tokens (access tokens, document links) with fast-jwt: synchronous HMAC from node:crypto. jose goes
 * through WebCrypto, whose every sign and verify is an asynchronous job — a tenth of a payment's CPU at the counter.
 * Signers and verifiers are built once per secret and purpose.
 */
import { createSigner, createVerifier } from 'fast-jwt';

type Signer = (payload: Record<string, unknown>) => string;
type Verifier = (token: string) => Record<string, unknown>;

const signers = new WeakMap<Uint8Array, Map<string, Signer>>();
const verifiers = new WeakMap<Uint8Array, Map<string, Verifier>>();

function cached<T>(store: WeakMap<Uint8Array, Map<string, T>>, secret: Uint8Array, key: string, make: () => T): T {
  let m = store.get(secret);
  if (!m) store.set(secret, (m = new Map()));
  let v = m.get(key);
  if (!v) m.set(key, (v = make()));
  return v;
}

/** A token for `audience` that expires after ttlSeconds; iat and exp are set here. */
export function signToken(
  secret: Uint8Array,
  audience: string,
  ttlSeconds: number,
  claims: Record<string, unknown>,
): string {
  const sign = cached(
    signers,
    secret,
    `${audience}|${ttlSeconds}`,
    () =>
      createSigner({
        key: Buffer.from(secret),
        algorithm: 'HS256',
        aud: audience,
        expiresIn: ttlSeconds * 1000,
      }) as Signer,
  );
  return sign(claims);
}

/**
 * Tokens already verified, per verifier: the same access token comes with every request of a session, and its HMAC
 * and decoding were a sixteenth of a short request's CPU. Only a token that passed is remembered, under its whole
 * text (a changed byte is another key, verified afresh), frozen, and only until its own exp — checked at every use,
 * against the clock of that moment. Whether its session is still alive is not remembered: the caller asks the
 * database each time. At most MAX_REMEMBERED tokens per verifier; the oldest goes first.
 */
const MAX_REMEMBERED = 10_000;
const remembered = new WeakMap<Verifier, Map<string, Readonly<Record<string, unknown>>>>();

/** The claims of a valid token for `audience` (right signature and algorithm, not expired), or null. */
export function verifyToken(secret: Uint8Array, audience: string, token: string): Record<string, unknown> | null {
  const verify = cached(
    verifiers,
    secret,
    audience,
    () =>
      createVerifier({
        key: Buffer.from(secret),
        algorithms: ['HS256'],
        allowedAud: audience,
        requiredClaims: ['exp'],
      }) as Verifier,
  );
  let seen = remembered.get(verify);
  if (!seen) remembered.set(verify, (seen = new Map()));
  const known = seen.get(token);
  if (known) {
    if ((known.exp as number) * 1000 > Date.now()) return known;
    seen.delete(token);
    return null;
  }
  let claims: Record<string, unknown>;
  try {
    claims = verify(token);
  } catch {
    return null;
  }
  if (seen.size >= MAX_REMEMBERED) seen.delete(seen.keys().next().value!);
  seen.set(token, Object.freeze(claims));
  return claims;
}
