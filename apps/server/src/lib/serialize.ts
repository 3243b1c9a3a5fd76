/** A value as it crosses the API: a Date becomes its ISO string. */
type ApiValue<V> = V extends Date ? string : V;
/** A row as the API answers it (what toApi makes of it). */
export type ApiRow<T> = { [K in keyof T]: ApiValue<T[K]> };

/** Row → API: Dates as ISO strings; numeric columns listed in moneyKeys as canonical baht strings. */
export function toApi<T extends Record<string, unknown>>(row: T, moneyKeys: readonly string[] = []): ApiRow<T> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(row)) {
    if (v instanceof Date) out[k] = v.toISOString();
    else if (moneyKeys.includes(k) && typeof v === 'string') out[k] = canonicalMoney(v);
    else out[k] = v;
  }
  return out as ApiRow<T>;
}

/** "1500.00" → "1500", "1500.50" → "1500.50", "0.00" → "0" */
export function canonicalMoney(v: string): string {
  const neg = v.startsWith('-');
  const [i, f = ''] = (neg ? v.slice(1) : v).split('.');
  const intPart = (i ?? '0').replace(/^0+(?=\d)/, '') || '0';
  const frac = f.padEnd(2, '0').slice(0, 2);
  const s = frac === '00' ? intPart : `${intPart}.${frac}`;
  return neg && s !== '0' ? `-${s}` : s;
}
