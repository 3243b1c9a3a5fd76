/**
 * Phone fields: what is typed keeps only digits (and a leading +), the field shows the number in the usual
 * groups (081-234-5678, 02-123-4567), and the server stores the digits. Spread on a Form.Item:
 *   <Form.Item name="phone_1" label="เบอร์โทรศัพท์" {...phoneItemProps}><Input maxLength={20} inputMode="tel" /></Form.Item>
 */
import { formatPhone } from '@khabkhi/thai';

export const phoneItemProps = {
  normalize: (v: string | undefined) => String(v ?? '').replace(/(?!^\+)[^\d]/g, ''),
  getValueProps: (v: string | undefined) => ({ value: v && /^\d+$/.test(v) ? formatPhone(v) : (v ?? '') }),
  rules: [{ pattern: /^\+?\d{0,15}$/, message: 'เบอร์โทรศัพท์ใช้ได้เฉพาะตัวเลข' }],
};

/** A phone number in a table or a detail: formatted, or '-' when there is none. */
export const phoneText = (v: string | null | undefined) => (v ? formatPhone(v) : '-');
