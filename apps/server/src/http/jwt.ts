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
  try {
    return verify(token);
  } catch {
    return null;
  }
}
