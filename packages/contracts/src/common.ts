import { Type, type TSchema, type Static } from 'typebox';

/** Money crosses the API as a decimal string of baht: "1500", "1500.50", "0". */
export const Money = (opts: { description?: string } = {}) =>
  Type.String({ pattern: '^\\d{1,12}(\\.\\d{1,2})?$', maxLength: 15, ...opts });
/**
 * What a date can mean, and so the years it may hold (a Buddhist-era year typed as a Common Era one, 2569 for 2026,
 * falls outside every range):
 * - birth: a birthday, 1900-01-01 to today;
 * - business: a day the school works with (a payment, an expense, an exam, a check), 2000-01-01 to today + 5 years;
 * - due: a date something runs until (a permission, a vehicle's tax, พ.ร.บ., insurance, ตรอ.), 2000-01-01 to today + 10 years;
 * - history: a past record (a vehicle's registration or purchase, an employee's first day), 1950-01-01 to today + 1 year;
 * - any: a list filter or an open-ended period, 1900-01-01 to 2399-12-31.
 */
export type DateRange = 'birth' | 'business' | 'due' | 'history' | 'any';
const DATE_RANGES: Record<DateRange, { min: string; years: number | null }> = {
  birth: { min: '1900-01-01', years: 0 },
  business: { min: '2000-01-01', years: 5 },
  due: { min: '2000-01-01', years: 10 },
  history: { min: '1950-01-01', years: 1 },
  any: { min: '1900-01-01', years: null },
};
/** The first and last day a date of this range may be, on the given day (YYYY-MM-DD). */
export function dateBounds(range: DateRange, today: string): { min: string; max: string } {
  const r = DATE_RANGES[range] ?? DATE_RANGES.business;
  if (r.years === null) return { min: r.min, max: '2399-12-31' };
  const y = Number(today.slice(0, 4)) + r.years;
  const md = today.slice(5) === '02-29' && r.years % 4 !== 0 ? '02-28' : today.slice(5);
  return { min: r.min, max: `${y}-${md}` };
}
/**
 * ISO date, Common Era, that exists on the calendar and lies in its range: the `date` format (RFC 3339 full-date)
 * refuses 2026-02-30 and 2026-13-01, and the server's `x-date-range` keyword the years outside what the date can mean
 * (with a hint when the year looks Buddhist-era), so no route checks dates by hand.
 */
export const IsoDate = (range: DateRange = 'business') =>
  Type.String({ format: 'date', maxLength: 10, 'x-date-range': range });
/**
 * ISO 8601 timestamp (a transfer's moment) whose day, as written in its own offset, lies in the range: a Buddhist-era
 * year is refused with the same hint as a date's.
 */
export const IsoDateTime = (range: DateRange = 'business') =>
  Type.String({ format: 'date-time', maxLength: 40, 'x-date-range': range });
/** A date filter of a list: a real ISO date, or empty for "no date". */
export const IsoDateFilter = () => Type.Union([Type.Literal(''), IsoDate('any')]);
export const Id = () => Type.Integer({ minimum: 1, maximum: 2147483647 });
export const Text = (max = 255, min = 0) => Type.String({ maxLength: max, minLength: min });
export const Required = (max = 255) => Type.String({ maxLength: max, minLength: 1 });
export const Nullable = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()]);

export const IdParams = Type.Object({ id: Id() }, { additionalProperties: false });
export const IdBody = Type.Object({ id: Id() }, { additionalProperties: false });

/** Table query parameters shared by every list endpoint (docs/architecture.md "The API contract"). */
export const TableQuery = Type.Object(
  {
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000000 })),
    per_page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
    branch: Type.Optional(Type.String({ maxLength: 50 })),
    status: Type.Optional(Type.String({ maxLength: 50 })),
    type: Type.Optional(Type.String({ maxLength: 100 })),
    category: Type.Optional(Type.String({ maxLength: 100 })),
    user: Type.Optional(Type.String({ maxLength: 50 })),
    text: Type.Optional(Type.String({ maxLength: 100 })),
    start: Type.Optional(IsoDateFilter()),
    end: Type.Optional(IsoDateFilter()),
    list_expenses: Type.Optional(Type.String({ maxLength: 50 })),
  },
  { additionalProperties: false },
);
export type TableQuery = Static<typeof TableQuery>;

export const Envelope = <T extends TSchema>(data: T) =>
  Type.Object({ status: Type.Union([Type.Literal('success'), Type.Literal('error')]), message: Type.String(), data });

/** One invalid field of a request: its path in API names ("courses.1.exam_date") and the Thai message naming it. */
export const FieldError = Type.Object({
  field: Type.String({
    description: 'property path in API names, dot-separated (courses.1.exam_date); empty for the whole request',
  }),
  message: Type.String({ description: 'Thai message naming the field by its Thai label' }),
});
export type FieldError = Static<typeof FieldError>;

/** Every 4xx/5xx answer: a Thai message, no data, and for bad input every invalid field in `details`. */
export const ErrorEnvelope = Type.Object({
  status: Type.Literal('error'),
  message: Type.String(),
  data: Type.Null(),
  details: Type.Optional(Type.Array(FieldError)),
});
export type ErrorEnvelope = Static<typeof ErrorEnvelope>;

export const Meta = Type.Object({
  page: Type.Integer(),
  per_page: Type.Integer(),
  total: Type.Integer(),
  last_page: Type.Integer(),
});

export const TableEnvelope = <T extends TSchema, F extends TSchema>(row: T, filter: F) =>
  Type.Object({
    status: Type.Union([Type.Literal('success'), Type.Literal('error')]),
    message: Type.String(),
    data: Type.Array(row),
    filter,
    meta: Meta,
  });

export const Option = Type.Object({
  name: Type.String(),
  value: Type.Union([Type.String(), Type.Integer(), Type.Boolean()]),
});

/** A signed link to a printed document (receipt, form, report …), opened in a new tab. */
export const PdfLink = Type.Object({ pdf: Type.String() });
export type PdfLink = Static<typeof PdfLink>;
/** Bytes answered as they are (a PDF, a photo): Fastify sends a Buffer without serializing it. */
export const Binary = (description = 'file bytes') =>
  Type.Unsafe<Uint8Array>({ type: 'string', format: 'binary', description });
