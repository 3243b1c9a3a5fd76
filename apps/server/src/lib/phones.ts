import { phoneDigits } from '@khabkhi/thai';

const PHONE_KEYS = ['phone_1', 'phone_2', 'emergency_phone', 'phone'] as const;

/** The same record with every phone field stored as digits only (0812345678), whatever the separators typed. */
export function withPhoneDigits<T extends object>(o: T): T {
  const out = { ...o } as Record<string, unknown>;
  for (const k of PHONE_KEYS) if (typeof out[k] === 'string') out[k] = phoneDigits(out[k] as string);
  return out as T;
}
