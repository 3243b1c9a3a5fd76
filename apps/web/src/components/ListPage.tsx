/**
 * The one list screen: filters (Selects fed by the response's `filter`, default ทั้งหมด),
 * free-text search, pagination, all state in the URL; loading/empty states in Thai;
 * export of the filtered rows (.xlsx/.csv); an "add" button and row click → detail.
 */
import { DownloadOutlined, FileExcelOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { App, Button, Card, Dropdown, Empty, Flex, Input, Select, Table } from 'antd';
import type { TableColumnType } from 'antd';
import { useMemo, useState, type ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { api, errorMessage, type Option, type TableResult } from '../api/client';
import { th } from '../i18n/th';
import { exportCsv, exportXlsx, type ExportColumn } from './exportRows';
import { PageHeader } from './PageHeader';
import { ThaiDatePicker } from './ThaiDatePicker';
import { ResultBanner } from './ResultBanner';
import { useBanner } from './useBanner';

export type FilterKey = 'branch' | 'status' | 'type' | 'category' | 'user';

const FILTER_LABELS: Record<FilterKey, string> = {
  branch: 'สาขา',
  status: 'สถานะ',
  type: 'ประเภท',
  category: 'หมวดหมู่',
  user: 'พนักงาน',
};

export interface ListColumn<T> extends TableColumnType<T> {
  /** Thai header; also the export header. */
  title: string;
  /** Export cell value; default: row[dataIndex]. */
  exportValue?: (row: T) => unknown;
  /** Leave this column out of the export (e.g. photo). */
  noExport?: boolean;
}

export interface ListPageProps<T> {
  title: string;
  subtitle?: ReactNode;
  /** Table endpoint, e.g. '/branch/gettable'. */
  endpoint: string;
  columns: ListColumn<T>[];
  rowKey: keyof T & string;
  /** Which dropdown filters to show, fed from the response's `filter[key]`. */
  filters?: FilterKey[];
  /** Label of each filter (defaults: สาขา, สถานะ, ประเภท, หมวดหมู่). */
  filterLabels?: Partial<Record<FilterKey, string>>;
  /** Default value of a filter when absent from the URL (default ทั้งหมด). */
  filterDefaults?: Partial<Record<FilterKey, string>>;
  /** Free-text search (default true); a string sets the placeholder. */
  search?: boolean | string;
  /** "เพิ่ม…" button. */
  addButton?: { to: string; label: string };
  /** Row click → this path. */
  detailPath?: (row: T) => string;
  /** File name of the export (without extension); false hides export. */
  exportName?: string | false;
  /** Max rows in an export (default 5000). */
  exportLimit?: number;
  /** Extra buttons on the header. */
  extra?: ReactNode;
  defaultPerPage?: number;
  /** A date range filter (start/end, YYYY-MM-DD) with its default, e.g. today for the payment history. */
  dateRange?: { start: string; end: string; label?: string };
  /** Extra fixed query parameters. */
  baseQuery?: Record<string, string>;
  /** Totals or other figures of the whole filtered result, shown above the table (e.g. by cash / transfer). */
  summary?: (result: (TableResult<T> & { totals?: Record<string, string> }) | undefined) => ReactNode;
}

const ALL = th.all;

function columnKey<T>(c: ListColumn<T>): string {
  return String(c.key ?? (Array.isArray(c.dataIndex) ? c.dataIndex.join('.') : c.dataIndex));
}

function defaultValue<T>(c: ListColumn<T>): (row: T) => unknown {
  if (c.exportValue) return c.exportValue;
  const di = c.dataIndex;
  return (row: T) => {
    if (Array.isArray(di)) return di.reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k as string], row);
    return di === undefined ? '' : (row as Record<string, unknown>)[di as string];
  };
}

export function ListPage<T extends object>(props: ListPageProps<T>) {
  const {
    title, subtitle, endpoint, columns, rowKey, filters = [], filterLabels = {}, filterDefaults = {}, search = true,
    addButton, detailPath, exportName, exportLimit = 5000, extra, defaultPerPage = 10, summary, dateRange, baseQuery,
  } = props;
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const [exporting, setExporting] = useState(false);
  // a detail page may navigate back here with { state: { banner } } (e.g. after a delete)
  const [banner, setBanner] = useBanner(endpoint);

  const page = Math.max(1, Number(params.get('page')) || 1);
  const perPage = Math.min(100, Math.max(1, Number(params.get('per_page')) || defaultPerPage));
  const text = params.get('text') ?? '';
  const filterValues = Object.fromEntries(filters.map((k) => [k, params.get(k) ?? filterDefaults[k] ?? ALL])) as Record<FilterKey, string>;

  const start = dateRange ? (params.get('start') ?? dateRange.start) : null;
  const end = dateRange ? (params.get('end') ?? dateRange.end) : null;
  const query = useMemo(() => {
    const q: Record<string, string | number> = { ...baseQuery, page, per_page: perPage };
    if (start) q.start = start;
    if (end) q.end = end;
    // a list whose default is not ทั้งหมด (e.g. ค้างชำระ) must say ทั้งหมด explicitly when the user picks it
    for (const k of filters) if (filterValues[k] && (filterValues[k] !== ALL || (filterDefaults[k] ?? ALL) !== ALL)) q[k] = filterValues[k];
    if (text) q.text = text;
    return q;
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [page, perPage, text, start, end, JSON.stringify(filterValues)]);

  const result = useQuery({
    queryKey: [endpoint, query],
    queryFn: () => api.table<T>(endpoint, query),
    placeholderData: keepPreviousData,
  });

  const update = (changes: Record<string, string | number | null>, resetPage = true) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(changes)) {
      const isDefault = v === null || v === '' || (k in filterDefaults ? v === filterDefaults[k as FilterKey] : v === ALL);
      if (isDefault) next.delete(k);
      else next.set(k, String(v));
    }
    if (resetPage && !('page' in changes)) next.delete('page');
    setParams(next);
  };

  const filterOptions = (k: FilterKey): Option[] => {
    const opts = result.data?.filter?.[k] ?? [{ name: ALL, value: ALL }];
    return opts.some((o) => String(o.value) === ALL) ? opts : [{ name: ALL, value: ALL }, ...opts];
  };

  const exportCols: ExportColumn<T>[] = columns.filter((c) => !c.noExport).map((c) => ({ title: c.title, value: defaultValue(c) }));

  const doExport = async (kind: 'xlsx' | 'csv') => {
    setExporting(true);
    const hide = message.loading(th.exporting, 0);
    try {
      const rows: T[] = [];
      for (let p = 1; rows.length < exportLimit; p++) {
        const res: TableResult<T> = await api.table<T>(endpoint, { ...query, page: p, per_page: 100 });
        rows.push(...res.data);
        if (p >= res.meta.last_page || res.data.length === 0) break;
      }
      const data = rows.slice(0, exportLimit);
      const name = (exportName || title).replace(/[\\/:*?"<>|]/g, '');
      if (kind === 'xlsx') await exportXlsx(data, exportCols, name);
      else exportCsv(data, exportCols, name);
      message.success(`ส่งออก ${data.length.toLocaleString('th-TH')} รายการเรียบร้อยแล้ว${rows.length >= exportLimit ? ` (สูงสุด ${exportLimit.toLocaleString('th-TH')} รายการ)` : ''}`);
    } catch (e) {
      message.error(errorMessage(e));
    } finally {
      hide();
      setExporting(false);
    }
  };

  const meta = result.data?.meta;
  const tableColumns = columns.map((c) => ({ ...c, key: columnKey(c) }));

  return (
    <div>
      <PageHeader
        title={title}
        subtitle={subtitle}
        extra={
          <>
            {extra}
            {exportName !== false && (
              <Dropdown
                menu={{
                  items: [
                    { key: 'xlsx', icon: <FileExcelOutlined />, label: th.exportExcel + ' (.xlsx)' },
                    { key: 'csv', icon: <DownloadOutlined />, label: th.exportCsv + ' (.csv)' },
                  ],
                  onClick: ({ key }) => void doExport(key as 'xlsx' | 'csv'),
                }}
                disabled={exporting || !meta?.total}
              >
                <Button icon={<DownloadOutlined />} loading={exporting}>ส่งออก</Button>
              </Dropdown>
            )}
            {addButton && (
              <Link to={addButton.to}>
                <Button type="primary" icon={<PlusOutlined />}>{addButton.label}</Button>
              </Link>
            )}
          </>
        }
      />
      <ResultBanner result={banner} onClose={() => setBanner(null)} />
      <Card variant="outlined" styles={{ body: { padding: 16 } }}>
        <Flex gap={12} wrap style={{ marginBottom: 16 }} align="end">
          {filters.map((k) => (
            <div key={k} style={{ minWidth: 180 }}>
              <div style={{ fontSize: 13, color: 'rgba(0,0,0,0.55)', marginBottom: 4 }}>{filterLabels[k] ?? FILTER_LABELS[k]}</div>
              <Select
                style={{ width: '100%', minWidth: 180 }}
                value={filterValues[k]}
                aria-label={filterLabels[k] ?? FILTER_LABELS[k]}
                options={filterOptions(k).map((o) => ({ label: o.name, value: String(o.value) }))}
                onChange={(v) => update({ [k]: v })}
                showSearch={{ optionFilterProp: 'label' }}
              />
            </div>
          ))}
          {dateRange && (
            <div>
              <div style={{ fontSize: 13, color: 'rgba(0,0,0,0.55)', marginBottom: 4 }}>{dateRange.label ?? 'ช่วงวันที่'}</div>
              <Flex gap={6} align="center">
                <ThaiDatePicker value={start} allowClear={false} aria-label="ตั้งแต่วันที่" onChange={(v) => update({ start: v && v !== dateRange.start ? v : null })} />
                <span>ถึง</span>
                <ThaiDatePicker value={end} allowClear={false} aria-label="ถึงวันที่" onChange={(v) => update({ end: v && v !== dateRange.end ? v : null })} />
              </Flex>
            </div>
          )}
          {search && (
            <div style={{ flex: '1 1 260px', maxWidth: 420 }}>
              <div style={{ fontSize: 13, color: 'rgba(0,0,0,0.55)', marginBottom: 4 }}>{th.search}</div>
              <Input.Search
                key={text}
                defaultValue={text}
                allowClear
                placeholder={typeof search === 'string' ? search : th.searchPlaceholder}
                enterButton={th.search}
                onSearch={(v) => update({ text: v.trim() || null })}
                aria-label={th.search}
              />
            </div>
          )}
          <Button icon={<ReloadOutlined />} onClick={() => void result.refetch()} aria-label="โหลดใหม่" title="โหลดใหม่" />
        </Flex>
        {summary && !result.isError && <div style={{ marginBottom: 12 }}>{summary(result.data as never)}</div>}
        {result.isError && (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={<span style={{ color: '#c0392b' }}>{errorMessage(result.error)}</span>} />
        )}
        {!result.isError && (
          <Table<T>
            rowKey={rowKey}
            size="middle"
            columns={tableColumns}
            dataSource={result.data?.data ?? []}
            loading={{ spinning: result.isFetching, tip: th.loading }}
            scroll={{ x: 'max-content' }}
            locale={{ emptyText: result.isLoading ? th.loading : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={text || filters.some((k) => filterValues[k] !== ALL) ? 'ไม่พบข้อมูลที่ตรงกับเงื่อนไขการค้นหา' : th.empty} /> }}
            onRow={detailPath ? (row) => ({
              onClick: () => navigate(detailPath(row)),
              onKeyDown: (e) => { if (e.key === 'Enter') navigate(detailPath(row)); },
              tabIndex: 0,
              style: { cursor: 'pointer' },
            }) : undefined}
            pagination={{
              current: meta?.page ?? page,
              pageSize: meta?.per_page ?? perPage,
              total: meta?.total ?? 0,
              showSizeChanger: true,
              pageSizeOptions: [10, 20, 50, 100],
              showTotal: (total, range) => th.totalRows(total, range[0], range[1]),
              onChange: (p, ps) => update(ps !== perPage ? { per_page: ps === defaultPerPage ? null : ps, page: null } : { page: p === 1 ? null : p }, false),
            }}
          />
        )}
      </Card>
    </div>
  );
}
