import { Ajv, type ErrorObject } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { FastifySchemaCompiler } from 'fastify';
import { labelOf } from '@khabkhi/contracts';
import { AppError } from './errors.js';

const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule) as unknown as (a: Ajv) => Ajv;

/**
 * Two validators: bodies are taken as sent (no coercion, unknown fields refused);
 * query strings and path params are strings on the wire and are coerced to the schema's types.
 */
const common = { allErrors: false, strict: false, removeAdditional: false as const, useDefaults: true };
const bodyAjv = addFormats(new Ajv({ ...common, coerceTypes: false }));
const queryAjv = addFormats(new Ajv({ ...common, coerceTypes: 'array' }));

export const validatorCompiler: FastifySchemaCompiler<unknown> = ({ schema, httpPart }) => {
  const ajv = httpPart === 'body' ? bodyAjv : queryAjv;
  const validate = ajv.compile(schema as object);
  return (data: unknown) => {
    if (validate(data)) return { value: data };
    return { error: new AppError(400, thaiValidationMessage(validate.errors ?? [], httpPart), { errors: validate.errors?.map(simplify) }) };
  };
};

function simplify(e: ErrorObject) {
  return { field: fieldOf(e), keyword: e.keyword, params: e.params };
}

function fieldOf(e: ErrorObject): string {
  if (e.keyword === 'required') return String((e.params as { missingProperty: string }).missingProperty);
  if (e.keyword === 'additionalProperties') return String((e.params as { additionalProperty: string }).additionalProperty);
  const parts = e.instancePath.split('/').filter(Boolean);
  // a line inside an array: "course[0].cost" → name the field itself
  const last = [...parts].reverse().find((p) => !/^\d+$/.test(p));
  return last ?? '';
}

function problem(e: ErrorObject): string {
  const p = e.params as Record<string, unknown>;
  switch (e.keyword) {
    case 'required': return 'ต้องระบุ';
    case 'additionalProperties': return 'ไม่ใช่ช่องข้อมูลที่ระบบรู้จัก';
    case 'type': return `ชนิดข้อมูลไม่ถูกต้อง (ต้องเป็น${typeName(String(p.type))})`;
    case 'minLength': return p.limit === 1 ? 'ต้องระบุ' : `ต้องมีอย่างน้อย ${p.limit} ตัวอักษร`;
    case 'maxLength': return `ยาวเกิน ${p.limit} ตัวอักษร`;
    case 'minimum': return `ต้องไม่น้อยกว่า ${p.limit}`;
    case 'maximum': return `ต้องไม่เกิน ${p.limit}`;
    case 'exclusiveMinimum': return `ต้องมากกว่า ${p.limit}`;
    case 'minItems': return `ต้องมีอย่างน้อย ${p.limit} รายการ`;
    case 'maxItems': return `มีได้ไม่เกิน ${p.limit} รายการ`;
    case 'enum': return `ต้องเป็นค่าใดค่าหนึ่งใน: ${(p.allowedValues as unknown[]).join(', ')}`;
    case 'const': return `ต้องเป็น ${String(p.allowedValue)}`;
    case 'pattern': return 'รูปแบบไม่ถูกต้อง';
    case 'format': return 'รูปแบบไม่ถูกต้อง';
    case 'anyOf': case 'oneOf': return 'ค่าไม่ถูกต้อง';
    default: return 'ค่าไม่ถูกต้อง';
  }
}

function typeName(t: string): string {
  return ({ string: 'ข้อความ', integer: 'จำนวนเต็ม', number: 'ตัวเลข', boolean: 'ค่าจริง/เท็จ', array: 'รายการ', object: 'ออบเจกต์', null: 'ค่าว่าง' } as Record<string, string>)[t.split(',')[0]] ?? t;
}

/**
 * A value that matched no branch of a union (anyOf) leaves one error per branch before the anyOf
 * itself: say what the union allows, not what its first branch wanted ("ต้องเป็น exempt" for a
 * field that also takes vat7).
 */
function unionProblem(errors: ErrorObject[]): { e: ErrorObject; text: string } | undefined {
  const union = errors.find((x) => x.keyword === 'anyOf' || x.keyword === 'oneOf');
  if (!union) return undefined;
  const branches = errors.filter((x) => x !== union && x.instancePath === union.instancePath && x.schemaPath.startsWith(`${union.schemaPath}/`));
  if (!branches.length) return undefined;
  if (branches.every((x) => x.keyword === 'const')) {
    return { e: union, text: `ต้องเป็นค่าใดค่าหนึ่งใน: ${branches.map((x) => String((x.params as { allowedValue: unknown }).allowedValue)).join(', ')}` };
  }
  if (branches.every((x) => x.keyword === 'type')) {
    return { e: union, text: `ชนิดข้อมูลไม่ถูกต้อง (ต้องเป็น${branches.map((x) => typeName(String((x.params as { type: string }).type))).join(' หรือ ')})` };
  }
  // a mix (e.g. '' or an e-mail address): the most specific complaint is the one that is neither const nor type
  const specific = branches.find((x) => x.keyword !== 'const' && x.keyword !== 'type');
  return specific ? { e: union, text: problem(specific) } : undefined;
}

export function thaiValidationMessage(errors: ErrorObject[], httpPart?: string): string {
  const first = errors[0];
  if (!first) return 'ข้อมูลไม่ถูกต้อง';
  const union = unionProblem(errors);
  const e = union?.e ?? first;
  const text = union?.text ?? problem(e);
  const field = fieldOf(e);
  if (!field) {
    if (e.keyword === 'type' && httpPart === 'body') return 'ข้อมูลที่ส่งมาไม่ถูกต้อง (ต้องเป็น JSON ออบเจกต์)';
    return `ข้อมูลไม่ถูกต้อง: ${text}`;
  }
  const label = labelOf(field);
  const named = label === field ? `"${field}"` : `${label} (${field})`;
  return `${named}: ${text}`;
}
