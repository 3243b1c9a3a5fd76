import { Input } from 'antd';
import type { InputProps } from 'antd';
import { isMoneyString } from '@khabkhi/thai';
import type { Rule } from 'antd/es/form';

export interface MoneyInputProps extends Omit<InputProps, 'value' | 'onChange'> {
  /** Decimal baht string ("15000", "15000.50"). */
  value?: string;
  onChange?: (value: string) => void;
}

/** Money as the API speaks it (decimal string of baht); commas typed by the user are dropped. */
export function MoneyInput({ value, onChange, ...rest }: MoneyInputProps) {
  return (
    <Input
      inputMode="decimal"
      suffix="บาท"
      style={{ textAlign: 'right' }}
      {...rest}
      value={value ?? ''}
      onChange={(e) => onChange?.(e.target.value.replace(/[,\s]/g, ''))}
    />
  );
}

/** Form rule: a non-negative amount with at most 2 decimals. */
export const moneyRule = (what: string, required = false): Rule => ({
  validator: (_, v: string | undefined) => {
    if (v === undefined || v === '') return required ? Promise.reject(new Error(`กรุณากรอก${what}`)) : Promise.resolve();
    return isMoneyString(v) ? Promise.resolve() : Promise.reject(new Error(`${what}ต้องเป็นจำนวนเงิน ไม่ติดลบ ทศนิยมไม่เกิน 2 ตำแหน่ง เช่น 15000 หรือ 15000.50`));
  },
});
