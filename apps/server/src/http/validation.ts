import { Ajv, type ErrorObject, type SchemaValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { Socket } from 'node:net';
import type { FastifyReply, FastifyRequest, FastifySchemaCompiler } from 'fastify';
import { dateBounds, labelOf, type DateRange } from '@khabkhi/contracts';
import { formatThaiDate, todayBangkok } from '@khabkhi/thai';
import { AppError, errorEnvelope, type FieldError } from './errors.js';

const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ??
  addFormatsModule) as unknown as (a: Ajv) => Ajv;

/**
 * Two validators: bodies are taken as sent (no coercion, unknown fields refused);
 * query strings and path params are strings on the wire and are coerced to the schema's types.
 */
const common = { allErrors: true, strict: false, removeAdditional: false as const, useDefaults: true };
const bodyAjv = withDateRanges(addFormats(new Ajv({ ...common, coerceTypes: false })));
const queryAjv = withDateRanges(addFormats(new Ajv({ ...common, coerceTypes: 'array' })));

/**
 * The `x-date-range` keyword of the contracts' IsoDate: a well-formed date must lie within what it can mean (a
 * birthday up to today, a business date up to five years ahead…), checked against today in Bangkok at each request.
 */
function withDateRanges(ajv: Ajv): Ajv {
  const check: SchemaValidateFunction = (range: DateRange, data: string): boolean => {
    // a date, or the day of a timestamp as written in its offset; a malformed one is the format's to report
    if (!/^\d{4}-\d{2}-\d{2}($|T)/.test(data)) return true;
    const day = data.slice(0, 10);
    const { min, max } = dateBounds(range, todayBangkok());
    if (day >= min && day <= max) return true;
    check.errors = [{ keyword: 'x-date-range', params: { range, min, max, value: data } }];
    return false;
  };
  ajv.addKeyword({ keyword: 'x-date-range', type: 'string', schemaType: 'string', errors: true, validate: check });
  return ajv;
}

/**
 * Why a date is outside its range, in Thai: a year that looks Buddhist-era (2569) is named as such with the Common
 * Era year the system takes; a birthday after today is in the future; otherwise the range, in Thai dates.
 */
export function dateRangeProblem(p: { range: DateRange; min: string; max: string; value: string }): string {
  const year = Number(p.value.slice(0, 4));
  const ce = year - 543;
  if (year > Number(p.max.slice(0, 4)) && ce >= Number(p.min.slice(0, 4)) && ce <= Number(p.max.slice(0, 4)))
    return `ปี ${year} ดูเหมือนเป็นปีพุทธศักราช: ระบบรับปีคริสต์ศักราช (${ce})`;
  if (p.range === 'birth' && p.value > p.max) return 'ต้องไม่เป็นวันในอนาคต';
  return `ต้องอยู่ระหว่างวันที่ ${formatThaiDate(p.min)} ถึง ${formatThaiDate(p.max)}`;
}

export const validatorCompiler: FastifySchemaCompiler<unknown> = ({ schema, httpPart }) => {
  const ajv = httpPart === 'body' ? bodyAjv : queryAjv;
  const validate = ajv.compile(schema as object);
  return (data: unknown) => {
    if (validate(data)) return { value: data };
    const errors = validate.errors ?? [];
    const details = fieldErrors(errors, httpPart);
    return { error: new AppError(400, details[0]?.message ?? 'ข้อมูลไม่ถูกต้อง', details) };
  };
};

/** The property path of an error in API names, dot-separated ("courses.1.exam_date"); '' for the whole body. */
function pathOf(e: ErrorObject): string {
  const parts = e.instancePath
    .split('/')
    .filter(Boolean)
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (e.keyword === 'required') parts.push(String((e.params as { missingProperty: string }).missingProperty));
  if (e.keyword === 'additionalProperties')
    parts.push(String((e.params as { additionalProperty: string }).additionalProperty));
  return parts.join('.');
}

const isUnion = (e: ErrorObject) => e.keyword === 'anyOf' || e.keyword === 'oneOf';
const inside = (x: ErrorObject, u: ErrorObject) =>
  x !== u && x.schemaPath.startsWith(`${u.schemaPath}/`) && x.instancePath.startsWith(u.instancePath);

/**
 * Every invalid field (ajv runs with allErrors), once each, in the order of the schema: the errors of a
 * union's branches are folded into the union's one complaint, as in the message.
 */
export function fieldErrors(errors: ErrorObject[], httpPart?: string): FieldError[] {
  const unions = errors.filter(isUnion);
  const out: FieldError[] = [];
  const seen = new Set<string>();
  for (const e of errors) {
    if (unions.some((u) => inside(e, u))) continue;
    let shown = e;
    let text: string;
    if (isUnion(e)) {
      const within = errors.filter((x) => inside(x, e));
      const found = unionProblem([...within, e]);
      shown = found?.e ?? within[0] ?? e;
      text = found?.text ?? problem(shown);
    } else text = problem(e);
    const field = pathOf(shown);
    if (seen.has(field)) continue;
    seen.add(field);
    const name = fieldOf(shown);
    const message = name
      ? `${fieldName(name, lineOf(shown))}: ${text}`
      : shown.keyword === 'type' && httpPart === 'body'
        ? 'ข้อมูลที่ส่งมาไม่ถูกต้อง (ต้องเป็น JSON ออบเจกต์)'
        : `ข้อมูลไม่ถูกต้อง: ${text}`;
    out.push({ field, message });
  }
  return out;
}

function fieldOf(e: ErrorObject): string {
  if (e.keyword === 'required') return String((e.params as { missingProperty: string }).missingProperty);
  if (e.keyword === 'additionalProperties')
    return String((e.params as { additionalProperty: string }).additionalProperty);
  const parts = e.instancePath.split('/').filter(Boolean);
  // a line inside an array: "course[0].cost" → name the field itself
  const last = [...parts].reverse().find((p) => !/^\d+$/.test(p));
  return last ?? '';
}

function problem(e: ErrorObject): string {
  const p = e.params as Record<string, unknown>;
  switch (e.keyword) {
    case 'required':
      return 'ต้องระบุ';
    case 'additionalProperties':
      return 'ไม่ใช่ช่องข้อมูลที่ระบบรู้จัก';
    case 'type':
      return `ชนิดข้อมูลไม่ถูกต้อง (ต้องเป็น${typeName(String(p.type))})`;
    case 'minLength':
      return p.limit === 1 ? 'ต้องระบุ' : `ต้องมีอย่างน้อย ${p.limit} ตัวอักษร`;
    case 'maxLength':
      return `ยาวเกิน ${p.limit} ตัวอักษร`;
    case 'minimum':
      return `ต้องไม่น้อยกว่า ${p.limit}`;
    case 'maximum':
      return `ต้องไม่เกิน ${p.limit}`;
    case 'exclusiveMinimum':
      return `ต้องมากกว่า ${p.limit}`;
    case 'minItems':
      return `ต้องมีอย่างน้อย ${p.limit} รายการ`;
    case 'maxItems':
      return `มีได้ไม่เกิน ${p.limit} รายการ`;
    case 'enum':
      return `ต้องเป็นค่าใดค่าหนึ่งใน: ${(p.allowedValues as unknown[]).join(', ')}`;
    case 'const':
      return `ต้องเป็น ${String(p.allowedValue)}`;
    case 'pattern':
      return 'รูปแบบไม่ถูกต้อง';
    case 'format':
      return p.format === 'date' ? DATE_PROBLEM : 'รูปแบบไม่ถูกต้อง';
    case 'x-date-range':
      return dateRangeProblem(p as Parameters<typeof dateRangeProblem>[0]);
    case 'anyOf':
    case 'oneOf':
      return 'ค่าไม่ถูกต้อง';
    default:
      return 'ค่าไม่ถูกต้อง';
  }
}

/** An ISO date that does not exist (2026-02-30, 2026-13-01) or is not YYYY-MM-DD. */
export const DATE_PROBLEM = 'ไม่ใช่วันที่ที่มีอยู่จริง (ต้องเป็นวันที่ในรูปแบบ ปปปป-ดด-วว ปีคริสต์ศักราช)';

function typeName(t: string): string {
  return (
    (
      {
        string: 'ข้อความ',
        integer: 'จำนวนเต็ม',
        number: 'ตัวเลข',
        boolean: 'ค่าจริง/เท็จ',
        array: 'รายการ',
        object: 'ออบเจกต์',
        null: 'ค่าว่าง',
      } as Record<string, string>
    )[t.split(',')[0]] ?? t
  );
}

/**
 * A value that matched no branch of a union (anyOf) leaves one error per branch before the anyOf
 * itself: say what the union allows, not what its first branch wanted ("ต้องเป็น exempt" for a
 * field that also takes vat7).
 */
function unionProblem(errors: ErrorObject[]): { e: ErrorObject; text: string } | undefined {
  const union = errors.find((x) => x.keyword === 'anyOf' || x.keyword === 'oneOf');
  if (!union) return undefined;
  // a value of the right shape with a wrong field inside (a payment object whose amount is missing):
  // name that field, not the union ("การชำระเงิน: ต้องเป็นค่าว่าง" would say the opposite of the truth)
  const inner = errors.find(
    (x) =>
      x !== union &&
      x.schemaPath.startsWith(`${union.schemaPath}/`) &&
      (x.instancePath.startsWith(`${union.instancePath}/`) ||
        x.keyword === 'required' ||
        x.keyword === 'additionalProperties'),
  );
  if (inner) return { e: inner, text: problem(inner) };
  const branches = errors.filter(
    (x) => x !== union && x.instancePath === union.instancePath && x.schemaPath.startsWith(`${union.schemaPath}/`),
  );
  if (!branches.length) return undefined;
  // literals: each branch says const (and, with allErrors, also type when the value is of another type)
  const consts = branches.filter((x) => x.keyword === 'const');
  if (
    consts.length &&
    branches.every((x) => x.keyword === 'const' || x.keyword === 'type') &&
    consts.length === new Set(branches.map((x) => x.schemaPath.replace(/\/[^/]+$/, ''))).size
  ) {
    return {
      e: union,
      text: `ต้องเป็นค่าใดค่าหนึ่งใน: ${consts.map((x) => String((x.params as { allowedValue: unknown }).allowedValue)).join(', ')}`,
    };
  }
  if (branches.every((x) => x.keyword === 'type')) {
    return {
      e: union,
      text: `ชนิดข้อมูลไม่ถูกต้อง (ต้องเป็น${branches.map((x) => typeName(String((x.params as { type: string }).type))).join(' หรือ ')})`,
    };
  }
  // a mix (e.g. '' or an e-mail address): the most specific complaint is the one that is neither const nor type
  const specific = branches.find((x) => x.keyword !== 'const' && x.keyword !== 'type');
  return specific ? { e: specific, text: problem(specific) } : undefined;
}

/** The Thai message of a refused request: its first invalid field (every one is in `details`). */
export function thaiValidationMessage(errors: ErrorObject[], httpPart?: string): string {
  return fieldErrors(errors, httpPart)[0]?.message ?? 'ข้อมูลไม่ถูกต้อง';
}

/**
 * How a message names a field: its Thai label only ("วันสิ้นสุด", never "วันสิ้นสุด (end)"), with the line
 * of a list ("วันสอบ รายการที่ 2"). A key the API does not know has no Thai label: it is quoted as sent.
 */
export function fieldName(field: string, line?: number): string {
  const label = labelOf(field);
  const named = label === field ? `ช่องข้อมูล "${field}"` : label;
  return line === undefined ? named : `${named} รายการที่ ${line}`;
}

/** The 1-based line of the innermost list an error is inside ("/courses/1/exam_date" → 2). */
function lineOf(e: ErrorObject): number | undefined {
  const index = e.instancePath
    .split('/')
    .filter((p) => /^\d+$/.test(p))
    .pop();
  return index === undefined ? undefined : Number(index) + 1;
}

/**
 * U+0000 cannot be stored in PostgreSQL text (and has no business in a form): the path of the first
 * string or key holding one, or undefined. Checked for body, query and params of every route before
 * validation, so no route needs to think of it.
 */
export function nulPath(value: unknown, path: string[] = [], depth = 0): string[] | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path : undefined;
  if (value === null || typeof value !== 'object' || depth > 32) return undefined;
  for (const [k, v] of Object.entries(value)) {
    if (k.includes('\u0000')) return [...path, k];
    const found = nulPath(v, [...path, k], depth + 1);
    if (found) return found;
  }
  return undefined;
}

/** The Thai 400 for a NUL character found at `path` (see nulPath). */
export function nulError(path: string[]): AppError {
  const field = [...path].reverse().find((p) => !/^\d+$/.test(p));
  const index = path.filter((p) => /^\d+$/.test(p)).pop();
  const text = 'มีอักขระควบคุมที่ใช้ไม่ได้ (NUL) กรุณาพิมพ์ใหม่';
  const message = field
    ? `${fieldName(field.replace(/\u0000/g, ''), index === undefined ? undefined : Number(index) + 1)}: ${text}`
    : `ข้อมูลไม่ถูกต้อง: ${text}`;
  return new AppError(400, message, [{ field: path.join('.'), message }]);
}

/** Fastify's errors raised before routing: an undecodable URL (%E0%A4%A) or a path parameter over the limit. */
export function frameworkErrors(err: Error & { code?: string }, _req: FastifyRequest, reply: FastifyReply) {
  if (err.code === 'FST_ERR_MAX_PARAM_LENGTH') return reply.status(414).send(errorEnvelope('ที่อยู่ที่เรียกยาวเกินกำหนด'));
  if (err.code === 'FST_ERR_BAD_URL')
    return reply.status(400).send(errorEnvelope('ที่อยู่ที่เรียกไม่ถูกต้อง (มีอักขระที่ถอดรหัสไม่ได้)'));
  return reply.status(400).send(errorEnvelope('คำขอไม่ถูกต้อง'));
}

/**
 * Errors of the HTTP parser, before Fastify sees a request (headers or request line over the size limit,
 * a malformed request): the Thai envelope written on the socket, then the connection is closed.
 */
export function clientErrorHandler(err: Error & { code?: string }, socket: Socket) {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const tooLarge = err.code === 'HPE_HEADER_OVERFLOW';
  const timeout = err.code === 'ERR_HTTP_REQUEST_TIMEOUT';
  const [status, reason, message] = tooLarge
    ? [431, 'Request Header Fields Too Large', 'ส่วนหัวหรือที่อยู่ของคำขอยาวเกินกำหนด']
    : timeout
      ? [408, 'Request Timeout', 'คำขอใช้เวลานานเกินกำหนด กรุณาลองใหม่อีกครั้ง']
      : [400, 'Bad Request', 'คำขอไม่ถูกต้อง'];
  const body = JSON.stringify(errorEnvelope(message));
  if (!socket.writable) return void socket.destroy();
  // end() flushes the answer before closing (destroy() could cut it off)
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}
