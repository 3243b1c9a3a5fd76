/**
 * The filter kinds of ListPage. A list declares its filters; each kind knows which URL parameters it owns,
 * what it sends to the server, how it reads in a print header and how it is drawn. Adding a kind is one
 * entry in FILTER_KINDS, not a branch inside ListPage.
 *
 * - select:    a dropdown fed by the response's `filter[key]` ({name, value} pairs, ทั้งหมด first)
 * - month:     a month (YYYY-MM) from a list of recent months; sends `key` or, with asRange, start/end
 * - dateRange: two dates (start/end, YYYY-MM-DD)
 */
import { THAI_MONTHS, formatThaiDate, todayBangkok } from '@khabkhi/thai';
import { Flex, Select } from 'antd';
import { lazy, Suspense, type ReactNode } from 'react';
import type { Option } from '../api/client';
import {
  ALL,
  FILTER_QUERY,
  monthDefault,
  monthKey,
  monthRange,
  urlValue,
  type FilterKey,
  type FilterSpec,
} from './listQuery';

export { ALL, monthRange, type FilterKey, type FilterSpec };

// the date picker (antd DatePicker and dayjs, ~40 kB gzip) is loaded only by lists that have a date filter
const ThaiDatePicker = lazy(() => import('./ThaiDatePicker').then((m) => ({ default: m.ThaiDatePicker })));
const pickerFallback = <span style={{ display: 'inline-block', width: 330, height: 32 }} />;

export const FILTER_LABELS: Record<string, string> = {
  branch: 'สาขา',
  status: 'สถานะ',
  type: 'ประเภท',
  category: 'หมวดหมู่',
  user: 'พนักงาน',
  list_expenses: 'รายการค่าใช้จ่าย',
};

export type UrlUpdate = (changes: Record<string, string | null>) => void;

export interface FilterContext {
  url: URLSearchParams;
  update: UrlUpdate;
  /** The response's options for a select filter. */
  options: (key: string) => Option[];
}

interface FilterKindDef<S extends FilterSpec> {
  /** The URL parameters this filter owns, with the value each one takes when absent. */
  params: (spec: S) => Record<string, string>;
  /** What is sent to the server for the current URL. */
  query: (spec: S, url: URLSearchParams) => Record<string, string>;
  /** True when the filter narrows the list (for the "nothing matches" message). */
  narrowed: (spec: S, url: URLSearchParams) => boolean;
  /** Label and the chosen value in words, for a print header. */
  describe: (spec: S, url: URLSearchParams, ctx: FilterContext) => [label: string, value: string] | null;
  render: (spec: S, ctx: FilterContext) => ReactNode;
}

const labelOf = (spec: FilterSpec) =>
  spec.label ??
  (spec.kind === 'select' ? (FILTER_LABELS[spec.key] ?? spec.key) : spec.kind === 'month' ? 'เดือน' : 'ช่วงวันที่');

const get = urlValue;

/** YYYY-MM → 'พฤศจิกายน 2569'. */
export function monthLabel(ym: string): string {
  const [y, m] = ym.split('-').map(Number) as [number, number];
  return `${THAI_MONTHS[m - 1]} ${y + 543}`;
}

/** The last n months, newest first, counted from the Bangkok today. */
export function recentMonths(n: number, today = todayBangkok()): string[] {
  let [y, m] = today.split('-').map(Number) as [number, number];
  const out: string[] = [];
  for (let i = 0; i < n; i++) {
    out.push(`${y}-${String(m).padStart(2, '0')}`);
    m -= 1;
    if (m === 0) {
      m = 12;
      y -= 1;
    }
  }
  return out;
}

const FieldLabel = ({ children }: { children: ReactNode }) => (
  <div style={{ fontSize: 13, color: 'rgba(0,0,0,0.55)', marginBottom: 4 }}>{children}</div>
);

const select: FilterKindDef<Extract<FilterSpec, { kind: 'select' }>> = {
  params: (s) => ({ [s.key]: s.default ?? ALL }),
  query: FILTER_QUERY.select,
  narrowed: (s, url) => get(url, s.key, s.default ?? ALL) !== ALL,
  describe: (s, url, ctx) => {
    const v = get(url, s.key, s.default ?? ALL);
    return [labelOf(s), ctx.options(s.key).find((o) => String(o.value) === v)?.name ?? v];
  },
  render: (s, ctx) => (
    <div key={`select-${s.key}`} style={{ minWidth: 180 }}>
      <FieldLabel>{labelOf(s)}</FieldLabel>
      <Select
        id={`filter-${s.key}`}
        style={{ width: '100%', minWidth: 180 }}
        value={get(ctx.url, s.key, s.default ?? ALL)}
        aria-label={labelOf(s)}
        options={ctx.options(s.key).map((o) => ({ label: o.name, value: String(o.value) }))}
        onChange={(v: string) => ctx.update({ [s.key]: v === (s.default ?? ALL) ? null : v })}
        showSearch={{ optionFilterProp: 'label' }}
        popupMatchSelectWidth={false}
      />
    </div>
  ),
};

const month: FilterKindDef<Extract<FilterSpec, { kind: 'month' }>> = {
  params: (s) => ({ [monthKey(s)]: monthDefault(s) }),
  query: FILTER_QUERY.month,
  narrowed: () => true,
  describe: (s, url) => [labelOf(s), monthLabel(get(url, monthKey(s), monthDefault(s)))],
  render: (s, ctx) => {
    const v = get(ctx.url, monthKey(s), monthDefault(s));
    const months = recentMonths(s.months ?? 24);
    if (!months.includes(v) && /^\d{4}-\d{2}$/.test(v)) months.unshift(v);
    return (
      <div key={`month-${monthKey(s)}`} style={{ minWidth: 180 }}>
        <FieldLabel>{labelOf(s)}</FieldLabel>
        <Select
          id={`filter-${monthKey(s)}`}
          style={{ width: '100%', minWidth: 180 }}
          value={v}
          aria-label={labelOf(s)}
          options={months.map((m) => ({ value: m, label: monthLabel(m) }))}
          onChange={(m: string) => ctx.update({ [monthKey(s)]: m === monthDefault(s) ? null : m })}
        />
      </div>
    );
  },
};

const dateRange: FilterKindDef<Extract<FilterSpec, { kind: 'dateRange' }>> = {
  params: (s) => ({ start: s.default.start, end: s.default.end }),
  query: FILTER_QUERY.dateRange,
  narrowed: () => true,
  describe: (s, url) => {
    const a = get(url, 'start', s.default.start);
    const b = get(url, 'end', s.default.end);
    // an open range (a list whose dates are optional, default empty): only the ends that are set
    if (!a && !b) return null;
    if (!a || !b) return [labelOf(s), a ? `ตั้งแต่ ${formatThaiDate(a)}` : `ถึง ${formatThaiDate(b)}`];
    return [labelOf(s), a === b ? formatThaiDate(a) : `${formatThaiDate(a)} ถึง ${formatThaiDate(b)}`];
  },
  render: (s, ctx) => (
    <div key="dateRange">
      <FieldLabel>{labelOf(s)}</FieldLabel>
      <Flex gap={6} align="center">
        <Suspense fallback={pickerFallback}>
          <ThaiDatePicker
            value={get(ctx.url, 'start', s.default.start)}
            allowClear={!s.default.start}
            aria-label="ตั้งแต่วันที่"
            onChange={(v) => ctx.update({ start: v && v !== s.default.start ? v : null })}
          />
          <span>ถึง</span>
          <ThaiDatePicker
            value={get(ctx.url, 'end', s.default.end)}
            allowClear={!s.default.end}
            aria-label="ถึงวันที่"
            onChange={(v) => ctx.update({ end: v && v !== s.default.end ? v : null })}
          />
        </Suspense>
      </Flex>
    </div>
  ),
};

// each kind checked against its own spec; looked up by the spec's kind
export const FILTER_KINDS: { [K in FilterSpec['kind']]: FilterKindDef<Extract<FilterSpec, { kind: K }>> } = {
  select,
  month,
  dateRange,
};

export function kindOf<S extends FilterSpec>(spec: S): FilterKindDef<S> {
  return FILTER_KINDS[spec.kind] as unknown as FilterKindDef<S>;
}

/** Only {name, value} options reach a dropdown; ทั้งหมด is first whether or not the server sent it. */
export function selectOptions(opts: readonly Option[] | undefined): Option[] {
  const valid = (opts ?? []).filter(
    (o): o is Option =>
      !!o && typeof o === 'object' && typeof o.name === 'string' && o.value !== undefined && o.value !== null,
  );
  return valid.some((o) => String(o.value) === ALL) ? valid : [{ name: ALL, value: ALL }, ...valid];
}
