import { formatBaht } from '@khabkhi/thai';
import { Typography } from 'antd';

export interface MoneyTextProps {
  /** Decimal baht string from the API ("1500", "1500.50") or a number of baht. */
  value: string | number | null | undefined;
  /** Append " บาท" (default false). */
  unit?: boolean;
  /** Colour negatives red (default true). */
  colorNegative?: boolean;
  strong?: boolean;
}

/** Money with thousands separators and two decimals: "15,000.00". */
export function formatMoney(value: string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return '-';
  try {
    // formatBaht reads a number as satang; this component takes baht, so pass a string
    return formatBaht(typeof value === 'number' ? String(value) : value);
  } catch {
    return String(value);
  }
}

export function MoneyText({ value, unit, colorNegative = true, strong }: MoneyTextProps) {
  const text = formatMoney(value);
  const negative = typeof value === 'string' ? value.startsWith('-') : typeof value === 'number' && value < 0;
  return (
    <Typography.Text
      strong={strong}
      type={colorNegative && negative ? 'danger' : undefined}
      style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
    >
      {text}
      {unit && text !== '-' ? ' บาท' : ''}
    </Typography.Text>
  );
}
