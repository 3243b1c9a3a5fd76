/**
 * Request bodies made from the route registry's own JSON schemas, so that the bad-input and permission
 * suites cover a route the day it is added: a schema-valid sample of every body, query and path, and
 * the list of every field in it (nested objects and list lines included) to break one at a time.
 */
import { makeThaiNationalId } from '@khabkhi/thai';

export interface Json {
  type?: string;
  properties?: Record<string, Json>;
  required?: string[];
  items?: Json;
  anyOf?: Json[];
  const?: unknown;
  enum?: unknown[];
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  minItems?: number;
  maxItems?: number;
  additionalProperties?: boolean | Json;
}

/** A hint's answer that leaves an optional property out of the sample. */
export const OMIT = Symbol('omit');

/** A value the caller wants for a field (ids of real records, unique names); undefined = generate one, OMIT = leave it out. */
export type Hint = (field: string, schema: Json, path: string[]) => unknown;

let unique = 0;
/** a valid national ID that no other sample has used */
export const freshIdcard = () =>
  makeThaiNationalId(`19${String(Date.now() % 1e6).padStart(6, '0')}${String(++unique % 10000).padStart(4, '0')}`);

const STRING_CANDIDATES = [
  '100',
  '0812345678',
  '10110',
  'ZZ',
  'ทดสอบ',
  'abc',
  '0105562012345',
  'x',
  '2026-01',
  '09:00',
];

function stringSample(s: Json, field: string): string {
  if (s.format === 'date') return '2026-01-15';
  if (s.format === 'date-time') return '2026-01-15T10:30:00+07:00';
  if (s.format === 'uuid') return '00000000-0000-4000-8000-000000000000';
  if (s.format === 'email') return 'someone@example.com';
  if (field === 'idcard') return freshIdcard();
  if (/password/.test(field)) return 'sample-pass-123';
  if (field === 'username') return `sample_${++unique}`;
  const fits = (v: string) =>
    (s.minLength === undefined || [...v].length >= s.minLength) &&
    (s.maxLength === undefined || [...v].length <= s.maxLength) &&
    (!s.pattern || new RegExp(s.pattern, 'u').test(v));
  const found = STRING_CANDIDATES.find(fits) ?? (fits('') ? '' : undefined);
  if (found === undefined)
    throw new Error(`no sample string for "${field}" (${JSON.stringify(s)}): add one to STRING_CANDIDATES`);
  return found;
}

/** The first branch of a union that is not null. */
export const nonNull = (s: Json): Json => s.anyOf?.find((x) => x.type !== 'null') ?? s;
export const takesNull = (s: Json) => Boolean(s.anyOf?.some((x) => x.type === 'null'));

/** A value valid for the schema (every property of an object, one line per list). */
export function sample(s: Json, hint: Hint = () => undefined, path: string[] = []): unknown {
  const field = [...path].reverse().find((p) => !/^\d+$/.test(p)) ?? '';
  const given = path.length ? hint(field, s, path) : undefined;
  if (given !== undefined) return given;
  if (s.const !== undefined) return s.const;
  if (s.enum) return s.enum[0];
  if (s.anyOf) return sample(nonNull(s), hint, path);
  switch (s.type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(s.properties ?? {})) {
        const value = sample(v, hint, [...path, k]);
        if (value !== OMIT) out[k] = value;
      }
      return out;
    }
    case 'array':
      return Array.from({ length: Math.max(1, s.minItems ?? 0) }, (_, i) =>
        sample(s.items ?? {}, hint, [...path, String(i)]),
      );
    case 'string':
      return stringSample(s, field);
    case 'integer':
    case 'number':
      return Math.max(s.minimum ?? 1, s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : 1);
    case 'boolean':
      return true;
    default:
      return null;
  }
}

export interface FieldRef {
  /** path from the body's root: ['customer', 'fname'], ['courses', '0', 'course_id'] */
  path: string[];
  schema: Json;
  required: boolean;
}

/** Every property of every object in the sample's shape (one line of each list). */
export function fieldsOf(s: Json, path: string[] = []): FieldRef[] {
  const out: FieldRef[] = [];
  const obj = nonNull(s);
  if (obj.type === 'object') {
    for (const [k, v] of Object.entries(obj.properties ?? {})) {
      out.push({ path: [...path, k], schema: v, required: (obj.required ?? []).includes(k) });
      out.push(...fieldsOf(v, [...path, k]));
    }
  } else if (obj.type === 'array' && obj.items) {
    out.push(...fieldsOf(obj.items, [...path, '0']));
  }
  return out;
}

/** Every object (its path) in the sample's shape, for unknown extra fields. */
export function objectsOf(s: Json, path: string[] = []): string[][] {
  const obj = nonNull(s);
  if (obj.type === 'object')
    return [path, ...Object.entries(obj.properties ?? {}).flatMap(([k, v]) => objectsOf(v, [...path, k]))];
  if (obj.type === 'array' && obj.items) return objectsOf(obj.items, [...path, '0']);
  return [];
}

/** A deep copy of `body` with the value at `path` replaced (or removed when `value` is REMOVE). */
export const REMOVE = Symbol('remove');
export function setAt(body: unknown, path: string[], value: unknown): unknown {
  const copy = structuredClone(body) as Record<string, unknown>;
  let cur: Record<string, unknown> = copy;
  for (const p of path.slice(0, -1)) cur = cur[p] as Record<string, unknown>;
  const last = path[path.length - 1]!;
  if (value === REMOVE) delete cur[last];
  else cur[last] = value;
  return copy;
}

export function wrongType(s: Json): unknown {
  const x = nonNull(s);
  if (x.anyOf || x.const !== undefined || x.enum) return { an: 'object' };
  switch (x.type) {
    case 'string':
      return 12345;
    case 'integer':
    case 'number':
      return 'abc';
    case 'boolean':
      return 'yes';
    case 'array':
      return 'not-a-list';
    default:
      return 'not-an-object';
  }
}

/** A value too big for the field, or undefined when the field has no size bound. */
export function oversized(s: Json, sampleValue: unknown): unknown {
  const x = nonNull(s);
  if (x.type === 'string') {
    if (x.maxLength !== undefined) return 'ก'.repeat(x.maxLength + 1);
    if (x.pattern || x.format) return '9'.repeat(5000);
    return undefined;
  }
  if (x.type === 'integer' || x.type === 'number') return x.maximum !== undefined ? x.maximum + 1 : undefined;
  if (x.type === 'array' && x.maxItems !== undefined) {
    const one = Array.isArray(sampleValue) ? sampleValue[0] : undefined;
    return Array.from({ length: x.maxItems + 1 }, () => one);
  }
  return undefined;
}

/** The Thai words that must open a message about `field` (its label; a list line adds "รายการที่ n"). */
export const lineOf = (path: string[]) => {
  const i = path.filter((p) => /^\d+$/.test(p)).pop();
  return i === undefined ? undefined : Number(i) + 1;
};
export const leafOf = (path: string[]) => [...path].reverse().find((p) => !/^\d+$/.test(p))!;

/** The registry's path with ids filled in ("/api/user/get/:id" → "/api/user/get/7"). */
export const fillUrl = (url: string, params: Record<string, unknown>) =>
  url.replace(/:(\w+)/g, (_, k: string) => encodeURIComponent(String(params[k])));

/** Run the tasks, at most `n` at a time (the probes are independent: each is refused before it writes). */
export async function pool<T>(tasks: (() => Promise<T>)[], n = 8): Promise<T[]> {
  const out: T[] = new Array(tasks.length);
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const i = next++;
      out[i] = await tasks[i]!();
    }
  };
  await Promise.all(Array.from({ length: Math.min(n, tasks.length) }, worker));
  return out;
}
