import { signToken, verifyToken } from '../http/jwt.js';

const AUDIENCE = 'khabkhi-document';

export interface DocumentPayload {
  type: string;
  id: number;
  copy?: boolean;
}

/** A short-lived signed link to a document: a new tab opens it without a bearer header. */
export async function signDocumentLink(
  secret: Uint8Array,
  payload: DocumentPayload,
  ttlSeconds = 600,
): Promise<string> {
  return `/api/documents/${signToken(secret, AUDIENCE, ttlSeconds, { t: payload.type, i: payload.id, ...(payload.copy ? { c: 1 } : {}) })}`;
}

export async function verifyDocumentToken(secret: Uint8Array, token: string): Promise<DocumentPayload | null> {
  const payload = verifyToken(secret, AUDIENCE, token);
  if (!payload || typeof payload.t !== 'string' || !Number.isInteger(payload.i)) return null;
  return { type: payload.t, id: payload.i as number, copy: payload.c === 1 };
}
