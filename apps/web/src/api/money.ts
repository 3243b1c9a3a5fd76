/** Money mutations: each submit carries an Idempotency-Key, so a retried submit is paid once. */
import { requestEnvelope, type Envelope } from './client';

/** A money mutation with its Idempotency-Key: one key per submit, reused if the same submit is retried. */
export function moneyPost<TBody, TResult>(path: string, body: TBody, key: string): Promise<Envelope<TResult>> {
  return requestEnvelope<TResult>(path, { method: 'POST', body, headers: { 'Idempotency-Key': key } });
}

export const newKey = () =>
  crypto.randomUUID ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`;
