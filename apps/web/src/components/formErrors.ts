/**
 * Server messages name the field in Thai ("ชื่อผู้ใช้: ต้องระบุ", "รหัส (code): ซ้ำ …").
 * fieldErrorFromMessage finds which form field it is about so the error shows next to it.
 */
import type { FormInstance } from 'antd';
import { fieldLabels } from '@khabkhi/contracts';

export function fieldOfMessage(message: string, fields: string[]): string | null {
  const head = message.split(/[:：]/)[0] ?? '';
  // "(field)" in the message, e.g. "เลขประจำตัวผู้เสียภาษี (tax_id): ..."
  const m = /\(([a-z_0-9]+)\)/.exec(head);
  if (m && fields.includes(m[1])) return m[1];
  // exact label before the colon, longest label first
  const sorted = [...fields].sort((a, b) => (fieldLabels[b]?.length ?? 0) - (fieldLabels[a]?.length ?? 0));
  for (const f of sorted) {
    const l = fieldLabels[f];
    if (l && head.trim() === l) return f;
  }
  for (const f of sorted) {
    const l = fieldLabels[f];
    if (l && head.includes(l)) return f;
  }
  return null;
}

/** Put the server's message under the field it names (if any); returns the field name. */
export function applyServerError(form: FormInstance, message: string): string | null {
  const fields = Object.keys(form.getFieldsValue(true) as Record<string, unknown>);
  const f = fieldOfMessage(message, fields);
  if (f) {
    form.setFields([{ name: f, errors: [message] }]);
    form.scrollToField(f, { block: 'center' });
  }
  return f;
}

/** Focus the first field with a validation error (keyboard users). */
export function focusFirstError(form: FormInstance, errorFields: { name: (string | number)[] }[]) {
  const first = errorFields[0];
  if (first) {
    form.scrollToField(first.name, { block: 'center' });
    form.focusField(first.name);
  }
}
