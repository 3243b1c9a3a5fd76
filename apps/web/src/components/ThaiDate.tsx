import { formatThaiDate, formatThaiDateLong, formatThaiDateTime } from '@khabkhi/thai';

export interface ThaiDateProps {
  /** ISO date 'YYYY-MM-DD' (CE) or an ISO timestamp. */
  value: string | null | undefined;
  /** short: 22 พ.ย. 2569 (default) · long: 22 พฤศจิกายน 2569 · datetime: 22 พ.ย. 2569 14:05 น. */
  variant?: 'short' | 'long' | 'datetime';
}

export function thaiDate(value: string | null | undefined, variant: ThaiDateProps['variant'] = 'short'): string {
  if (!value) return '-';
  try {
    if (variant === 'long') return formatThaiDateLong(value);
    if (variant === 'datetime') return formatThaiDateTime(value);
    return formatThaiDate(value);
  } catch {
    return value;
  }
}

/** Buddhist-era date with Thai month names, e.g. 22 พ.ย. 2569. */
export function ThaiDate({ value, variant = 'short' }: ThaiDateProps) {
  return <span style={{ whiteSpace: 'nowrap' }}>{thaiDate(value, variant)}</span>;
}
