/**
 * Response schemas are the contract of what a route answers: Fastify's serializer writes only the keys a
 * schema declares and drops every other one without a word. In tests (CHECK_RESPONSES=1) each answer is
 * compared with its schema first, so a handler that answers a key its schema forgot fails loudly instead of
 * losing the key (or, the other way round, a new column never reaches a client by accident).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from './errors.js';

interface Schema {
  type?: string | string[];
  properties?: Record<string, Schema>;
  patternProperties?: Record<string, Schema>;
  additionalProperties?: boolean | Schema;
  items?: Schema | Schema[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
}

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v) && !(v instanceof Date) && !Buffer.isBuffer(v);

/** The paths of every key in `value` that `schema` does not declare (and so the serializer would drop). */
export function undeclaredKeys(given: unknown, value: unknown, path = ''): string[] {
  if (!given || typeof given !== 'object' || value === undefined || value === null) return [];
  const schema = given as Schema;
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches) {
    // the branch the value fits best: a value matching any branch fully is fine
    let best: string[] | undefined;
    for (const b of branches) {
      if (!fitsType(b, value)) continue;
      const found = undeclaredKeys(b, value, path);
      if (!found.length) return [];
      if (!best || found.length < best.length) best = found;
    }
    return best ?? [];
  }
  if (schema.allOf) return [];
  if (Array.isArray(value)) {
    const items = Array.isArray(schema.items) ? undefined : schema.items;
    return value.flatMap((v, i) => undeclaredKeys(items, v, `${path}[${i}]`));
  }
  if (!isPlainObject(value)) return [];
  const objectish =
    schema.type === 'object' || schema.properties !== undefined || schema.patternProperties !== undefined;
  if (!objectish) return [];
  const out: string[] = [];
  for (const [k, v] of Object.entries(value)) {
    if (v === undefined || typeof v === 'function') continue;
    const at = path ? `${path}.${k}` : k;
    const declared = schema.properties?.[k];
    if (declared) {
      out.push(...undeclaredKeys(declared, v, at));
      continue;
    }
    const pattern = Object.entries(schema.patternProperties ?? {}).find(([p]) => new RegExp(p, 'u').test(k));
    if (pattern) {
      out.push(...undeclaredKeys(pattern[1], v, at));
      continue;
    }
    if (schema.additionalProperties === true) continue;
    if (schema.additionalProperties && typeof schema.additionalProperties === 'object') {
      out.push(...undeclaredKeys(schema.additionalProperties, v, at));
      continue;
    }
    out.push(at);
  }
  return out;
}

function fitsType(s: Schema, v: unknown): boolean {
  const types = s.type === undefined ? undefined : Array.isArray(s.type) ? s.type : [s.type];
  if (!types) return true;
  return types.some((t) =>
    t === 'null'
      ? v === null
      : t === 'array'
        ? Array.isArray(v)
        : t === 'object'
          ? isPlainObject(v)
          : t === 'integer' || t === 'number'
            ? typeof v === 'number'
            : t === 'string'
              ? typeof v === 'string' || v instanceof Date
              : t === 'boolean'
                ? typeof v === 'boolean'
                : true,
  );
}

/** The response schema of this answer's status ("200", "2xx", "default"), if the route has one. */
export function responseSchemaOf(req: FastifyRequest, reply: FastifyReply): Schema | undefined {
  const all = req.routeOptions.schema?.response as Record<string, Schema> | undefined;
  if (!all) return undefined;
  const status = String(reply.statusCode);
  return all[status] ?? all[`${status[0]}xx`] ?? all.default;
}

/** Refuse (500, naming the keys) an answer with keys its response schema does not declare. */
export function checkResponses(app: FastifyInstance) {
  app.addHook('preSerialization', async (req, reply, payload) => {
    const schema = responseSchemaOf(req, reply);
    if (!schema) return payload;
    const leaks = undeclaredKeys(schema, payload);
    if (leaks.length) {
      throw new AppError(
        500,
        `คำตอบของ ${req.method} ${req.routeOptions.url} มีช่องที่ response schema ไม่ได้ประกาศ: ${leaks.slice(0, 10).join(', ')}`,
      );
    }
    return payload;
  });
}

/**
 * A route's option: its answers are written with JSON.stringify instead of the serializer compiled from its response
 * schema. Only for an answer built field by field in its schema's order (never a database row handed on), large and
 * full of Thai text: the compiled serializer escapes each short string in a JavaScript loop and joins the answer piece
 * by piece, and for the exam calendar's week of every session (560 events, 268 kB) that took 1.9 ms where
 * JSON.stringify takes 1.2. The schema still documents the answer and, in tests, checks it (CHECK_RESPONSES); the
 * route's test compares the bytes written with what the schema's serializer writes.
 */
export const writtenAsBuilt = {
  serializerCompiler: () => (data: unknown) => JSON.stringify(data),
};
