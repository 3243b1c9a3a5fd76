import { Input } from 'antd';
import type { InputProps } from 'antd';
import { isMoneyString } from '@khabkhi/thai';
import type { Rule } from 'antd/es/form';

export interface MoneyInputProps extends Omit<InputProps, 'value' | 'onChange'> {
  /** Decimal baht string ("15000", "15000.50"); undefined when empty. */
  value?: string;
  onChange?: (value: string | undefined) => void;
}

/**
 * What a typed amount means: commas and spaces dropped; a cleared field is no amount (undefined), so an optional
 * money field left empty is omitted from the request instead of being sent as "" (which the server refused with
 * "รูปแบบไม่ถูกต้อง").
 */
export function moneyFromTyped(text: string): string | undefined {
  const v = text.replace(/[,\s]/g, '');
  return v === '' ? undefined : v;
}

/** Money as the API speaks it (decimal string of baht); commas typed by the user are dropped. */
export function MoneyInput({ value, onChange, ...rest }: MoneyInputProps) {
  return (
    <Input
      inputMode="decimal"
      suffix="บาท"
      {...rest}
      style={{ textAlign: 'right', ...rest.style }}
      value={value ?? ''}
      onChange={(e) => onChange?.(moneyFromTyped(e.target.value))}
    />
  );
}

/** Form rule: a non-negative amount with at most 2 decimals. */
export const moneyRule = (what: string, required = false): Rule => ({
  validator: (_, v: string | undefined) => {
    if (v === undefined || v === '') return required ? Promise.reject(new Error(`กรุณากรอก${what}`)) : Promise.resolve();
    return isMoneyString(v)
      ? Promise.resolve()
      : Promise.reject(new Error(`${what}ต้องเป็นจำนวนเงิน ไม่ติดลบ ทศนิยมไม่เกิน 2 ตำแหน่ง เช่น 15000 หรือ 15000.50`));
  },
});
