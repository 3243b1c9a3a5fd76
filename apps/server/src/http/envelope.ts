export interface Envelope<T> {
  status: 'success' | 'error';
  message: string;
  data: T;
}
export interface Meta {
  page: number;
  per_page: number;
  total: number;
  last_page: number;
}
export interface TableEnvelope<T, F> extends Envelope<T[]> {
  filter: F;
  meta: Meta;
}

export const ok = <T>(data: T, message = 'สำเร็จ'): Envelope<T> => ({ status: 'success', message, data });

export const ALL = 'ทั้งหมด';

export interface PageQuery {
  page?: number;
  per_page?: number;
}

export function pageOf(q: PageQuery): { page: number; perPage: number; offset: number } {
  const page = Math.max(1, Math.floor(q.page ?? 1));
  const perPage = Math.min(100, Math.max(1, Math.floor(q.per_page ?? 10)));
  return { page, perPage, offset: (page - 1) * perPage };
}

export function metaOf(page: number, perPage: number, total: number): Meta {
  return { page, per_page: perPage, total, last_page: Math.max(1, Math.ceil(total / perPage)) };
}

export function table<T, F>(
  rows: T[],
  filter: F,
  page: number,
  perPage: number,
  total: number,
  message = 'สำเร็จ',
): TableEnvelope<T, F> {
  return { status: 'success', message, data: rows, filter, meta: metaOf(page, perPage, total) };
}

/** A filter value meaning "no filter": absent, empty or the Thai word for all. */
export function isAll(v: unknown): boolean {
  return v === undefined || v === null || v === '' || v === ALL || v === 'all';
}
