import { SignJWT, jwtVerify } from 'jose';

const AUDIENCE = 'khabkhi-document';

export interface DocumentPayload { type: string; id: number; copy?: boolean }

/** A short-lived signed link to a document: a new tab opens it without a bearer header. */
export async function signDocumentLink(secret: Uint8Array, payload: DocumentPayload, ttlSeconds = 600): Promise<string> {
  const token = await new SignJWT({ t: payload.type, i: payload.id, ...(payload.copy ? { c: 1 } : {}) })
    .setProtectedHeader({ alg: 'HS256' }).setAudience(AUDIENCE).setIssuedAt().setExpirationTime(`${ttlSeconds}s`).sign(secret);
  return `/api/documents/${token}`;
}

export async function verifyDocumentToken(secret: Uint8Array, token: string): Promise<DocumentPayload | null> {
  try {
    const { payload } = await jwtVerify(token, secret, { audience: AUDIENCE, algorithms: ['HS256'] });
    if (typeof payload.t !== 'string' || !Number.isInteger(payload.i)) return null;
    return { type: payload.t, id: payload.i as number, copy: payload.c === 1 };
  } catch {
    return null;
  }
}
