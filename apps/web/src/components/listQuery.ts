/**
 * What a list (ListPage) asks the server for, from its declaration and the URL — without the list's UI, so
 * that the route can fetch a list's first page while the page's code is still loading (router.tsx:
 * `prefetchList`). ListPage computes its query with the same function, so both use one query key.
 */
import { todayBangkok } from '@khabkhi/thai';
import type { QueryClient } from '@tanstack/react-query';
import { api } from '../api/client';
import { tableKeys } from '../api/queryKeys';
import { th } from '../i18n/th';

export const ALL = th.all;

/** The select filters the lists use today; any other key is allowed when the server offers it. */
export type FilterKey = 'branch' | 'status' | 'type' | 'category' | 'user' | 'list_expenses' | (string & {});

export type FilterSpec =
  | { kind: 'select'; key: FilterKey; label?: string; default?: string }
  | { kind: 'month'; key?: string; label?: string; default?: string; asRange?: boolean; months?: number }
  | { kind: 'dateRange'; label?: string; default: { start: string; end: string } };

/** The part of a list's declaration that decides what it fetches. */
export interface ListSource {
  /** Table endpoint, e.g. '/branch/gettable'. */
  endpoint: string;
  /** The filters: a key is a dropdown fed from the response's `filter[key]`; a spec declares any kind. */
  filters?: (FilterKey | FilterSpec)[];
  /** Label of a dropdown filter (defaults: สาขา, สถานะ, ประเภท, หมวดหมู่, พนักงาน, รายการค่าใช้จ่าย). */
  filterLabels?: Partial<Record<FilterKey, string>>;
  /** Default value of a dropdown filter when absent from the URL (default ทั้งหมด). */
  filterDefaults?: Partial<Record<FilterKey, string>>;
  /** A date range filter (start/end, YYYY-MM-DD) with its default; same as a { kind: 'dateRange' } filter. */
  dateRange?: { start: string; end: string; label?: string };
  /** Extra fixed query parameters. */
  baseQuery?: Record<string, string>;
  defaultPerPage?: number;
}

export const urlValue = (url: URLSearchParams, key: string, dflt: string) => url.get(key) ?? dflt;

/** First and last day of a YYYY-MM month. */
export function monthRange(ym: string): { start: string; end: string } {
  const [y, m] = ym.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return { start: `${ym}-01`, end: `${ym}-${String(last).padStart(2, '0')}` };
}

export const monthKey = (s: Extract<FilterSpec, { kind: 'month' }>) => s.key ?? 'month';
export const monthDefault = (s: Extract<FilterSpec, { kind: 'month' }>) => s.default ?? todayBangkok().slice(0, 7);

/** What each filter kind sends to the server for the current URL. */
export const FILTER_QUERY: {
  [K in FilterSpec['kind']]: (spec: Extract<FilterSpec, { kind: K }>, url: URLSearchParams) => Record<string, string>;
} = {
  // a list whose default is not ทั้งหมด (e.g. ค้างชำระ) must say ทั้งหมด explicitly when the user picks it
  select: (s, url) => {
    const v = urlValue(url, s.key, s.default ?? ALL);
    return v !== ALL || (s.default ?? ALL) !== ALL ? { [s.key]: v } : {};
  },
  month: (s, url) => {
    const v = urlValue(url, monthKey(s), monthDefault(s));
    if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(v)) return {};
    return s.asRange ? monthRange(v) : { [monthKey(s)]: v };
  },
  dateRange: (s, url) => ({ start: urlValue(url, 'start', s.default.start), end: urlValue(url, 'end', s.default.end) }),
};

/** The filters of a list as specs: dropdown keys, the legacy dateRange prop and declared specs alike. */
export function filterSpecs(
  p: Pick<ListSource, 'filters' | 'filterLabels' | 'filterDefaults' | 'dateRange'>,
): FilterSpec[] {
  const specs: FilterSpec[] = (p.filters ?? []).map((f) =>
    typeof f === 'string' ? { kind: 'select', key: f, label: p.filterLabels?.[f], default: p.filterDefaults?.[f] } : f,
  );
  if (p.dateRange)
    specs.push({
      kind: 'dateRange',
      label: p.dateRange.label,
      default: { start: p.dateRange.start, end: p.dateRange.end },
    });
  return specs;
}

/** The query a list sends for this URL: page, per_page, the filters' values and the search text. */
export function listQuery(
  source: ListSource,
  url: URLSearchParams,
  specs = filterSpecs(source),
): Record<string, string | number> {
  const page = Math.max(1, Number(url.get('page')) || 1);
  const perPage = Math.min(100, Math.max(1, Number(url.get('per_page')) || (source.defaultPerPage ?? 10)));
  const q: Record<string, string | number> = { ...source.baseQuery, page, per_page: perPage };
  for (const s of specs)
    Object.assign(q, (FILTER_QUERY[s.kind] as (s: FilterSpec, u: URLSearchParams) => Record<string, string>)(s, url));
  const text = url.get('text') ?? '';
  if (text) q.text = text;
  return q;
}

/** Starts fetching a list's rows for this URL (under the key ListPage reads), e.g. while its code loads. */
export function prefetchList(client: QueryClient, source: ListSource, url: URLSearchParams): void {
  const q = listQuery(source, url);
  void client.prefetchQuery({
    queryKey: tableKeys.list(source.endpoint, q),
    queryFn: () => api.table(source.endpoint, q),
  });
}
