/**
 * Server errors under the form fields they are about. A refused request names every invalid field in the
 * envelope's `details` ([{ field: 'courses.1.exam_date', message: 'วันสอบ รายการที่ 2: …' }]); each is put under
 * the form field of that path. An error without details (a rule of the server such as a duplicate code) names
 * its field in Thai before the colon ("ชื่อผู้ใช้: ซ้ำ …"): fieldOfMessage finds which field that is.
 */
import type { FormInstance } from 'antd';
import { fieldLabels, type FieldError } from '@khabkhi/contracts';
import { ApiError } from '../api/client';

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

/** The field errors of an API error's envelope (`details`), or none. */
export function detailsOf(error: unknown): FieldError[] {
  const body = error instanceof ApiError ? (error.body as { details?: unknown } | undefined) : undefined;
  const details = body?.details;
  if (!Array.isArray(details)) return [];
  return details.filter((d): d is FieldError => typeof d?.field === 'string' && typeof d?.message === 'string');
}

/** "courses.1.exam_date" → ['courses', 1, 'exam_date'] (antd's name path). */
export const namePathOf = (field: string): (string | number)[] =>
  field
    .split('.')
    .filter(Boolean)
    .map((p) => (/^\d+$/.test(p) ? Number(p) : p));

/** Whether the form has a field at this name path (a Form.Item of that name, or a value in its store). */
function formHas(form: FormInstance, path: (string | number)[]): boolean {
  const key = path.join('.');
  if (form.getFieldsError().some((f) => f.name.join('.') === key)) return true;
  let v: unknown = form.getFieldsValue(true);
  for (const p of path) {
    if (v === null || typeof v !== 'object' || !(p in (v as object))) return false;
    v = (v as Record<string | number, unknown>)[p];
  }
  return true;
}

/**
 * Put the server's error under the fields it names: every entry of `details` whose field the form has, or else
 * the field the Thai message names. Takes the error itself (or only its message). Returns the first field marked.
 */
export function applyServerError(form: FormInstance, error: unknown): string | null {
  const details = detailsOf(error)
    .map((d) => ({ ...d, path: namePathOf(d.field) }))
    .filter((d) => d.path.length && formHas(form, d.path));
  if (details.length) {
    const byField = new Map<string, { path: (string | number)[]; errors: string[] }>();
    for (const d of details) {
      const entry = byField.get(d.field) ?? { path: d.path, errors: [] };
      entry.errors.push(d.message);
      byField.set(d.field, entry);
    }
    form.setFields([...byField.values()].map((e) => ({ name: e.path, errors: e.errors })));
    form.scrollToField(details[0]!.path, { block: 'center' });
    return details[0]!.field;
  }
  const message = typeof error === 'string' ? error : error instanceof Error ? error.message : '';
  const registered = form
    .getFieldsError()
    .filter((e) => e.name.length === 1)
    .map((e) => String(e.name[0]));
  const fields = [...new Set([...Object.keys(form.getFieldsValue(true) as Record<string, unknown>), ...registered])];
  const f = message ? fieldOfMessage(message, fields) : null;
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
