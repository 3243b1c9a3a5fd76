/**
 * The one list screen: declared filters (listFilters.tsx: select, month, date range — all state in the URL),
 * free-text search, pagination; loading/empty states in Thai; an optional chart above the table; opt-in row
 * selection for bulk actions; export of the filtered rows (.xlsx with numeric money, .csv safe from formulas)
 * and an A4 landscape print of them; an "add" button and row click → detail.
 */
import { DownloadOutlined, FileExcelOutlined, PlusOutlined, PrinterOutlined, ReloadOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { App, Button, Card, Dropdown, Empty, Flex, Input, Space, Table } from 'antd';
import type { TableColumnType } from 'antd';
import { useMemo, useState, type Key, type ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { errorMessage, type Option, type TableResult } from '../api/client';
import { getTable } from '../api/common';
import { tableKeys } from '../api/queryKeys';
import { th } from '../i18n/th';
import { exportCsv, exportXlsx, type ExportColumn, type ExportKind } from './exportRows';
import { ALL, kindOf, selectOptions, type FilterContext } from './listFilters';
import { filterSpecs, listQuery, type ListSource } from './listQuery';
import { ListPrint, type PrintJob } from './ListPrint';
import { formatMoney } from './MoneyText';
import { PageHeader } from './PageHeader';
import { ResultBanner } from './ResultBanner';
import { useBanner } from './useBanner';

export type { FilterKey, FilterSpec, ListSource } from './listQuery';
export { filterSpecs } from './listQuery';

export interface ListColumn<T> extends TableColumnType<T> {
  /** Thai header; also the export and print header. */
  title: string;
  /** Export/print cell value; default: row[dataIndex]. */
  exportValue?: (row: T) => unknown;
  /** Leave this column out of the export and the print (e.g. photo, actions). */
  noExport?: boolean;
  /** What the value is: money is numeric in Excel and right-aligned; dates are Bangkok dates. */
  kind?: ExportKind;
  /** Long text: at most this wide (px), wrapping to two lines, the whole text in a tooltip. */
  wrap?: number;
}

export type ListResult<T> = TableResult<T> & { totals?: Record<string, string> };

/** A list: what it fetches (ListSource: endpoint, filters, …) and how it shows it. */
export interface ListPageProps<T> extends ListSource {
  title: string;
  subtitle?: ReactNode;
  columns: ListColumn<T>[];
  rowKey: keyof T & string;
  /** Free-text search (default true); a string sets the placeholder. */
  search?: boolean | string;
  /** "เพิ่ม…" button. */
  addButton?: { to: string; label: string };
  /** Row click → this path. */
  detailPath?: (row: T) => string;
  /** Row click → this action instead of a page (e.g. a drawer); ignored when detailPath is given. */
  onRowClick?: (row: T) => void;
  /** File name of the export (without extension); false hides export and print. */
  exportName?: string | false;
  /** Max rows in an export or a print (default 5000). */
  exportLimit?: number;
  /** Extra buttons on the header. */
  extra?: ReactNode;
  /** Totals or other figures of the whole filtered result, shown above the table (e.g. by cash / transfer). */
  summary?: (result: ListResult<T> | undefined) => ReactNode;
  /** A chart (or any figure) drawn from the result, above the table. */
  chart?: (result: ListResult<T> | undefined) => ReactNode;
  /** Row selection for bulk actions (opt-in): the bar shows the actions for the chosen rows. */
  selection?: { actions: (rows: T[], clear: () => void) => ReactNode };
}

function columnKey<T>(c: ListColumn<T>): string {
  return String(c.key ?? (Array.isArray(c.dataIndex) ? c.dataIndex.join('.') : c.dataIndex));
}

function valueOf<T>(c: ListColumn<T>): (row: T) => unknown {
  if (c.exportValue) return c.exportValue;
  const di = c.dataIndex;
  return (row: T) => {
    if (Array.isArray(di))
      return di.reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k as string], row);
    return di === undefined ? '' : (row as Record<string, unknown>)[di as string];
  };
}

/** The table's columns: money right-aligned and formatted, long text clamped with its tooltip. */
function tableColumn<T>(c: ListColumn<T>): TableColumnType<T> {
  const { exportValue: _e, noExport: _n, kind, wrap, ...col } = c;
  let render = col.render;
  if (kind === 'money' && !render)
    render = (v: unknown) => <span style={{ whiteSpace: 'nowrap' }}>{formatMoney(v as string)}</span>;
  if (wrap) {
    const inner = render;
    const text = valueOf(c);
    render = (v: unknown, r: T, i: number) => {
      const t = text(r);
      return (
        <div
          className="kk-clamp"
          style={{ maxWidth: wrap, minWidth: Math.min(wrap, 120) }}
          title={t === null || t === undefined ? undefined : String(t)}
        >
          {inner ? (inner(v, r, i) as ReactNode) : (v as ReactNode)}
        </div>
      );
    };
  }
  return {
    ...col,
    key: columnKey(c),
    align: col.align ?? (kind === 'money' || kind === 'number' ? 'right' : undefined),
    render,
  };
}

export function ListPage<T extends object>(props: ListPageProps<T>) {
  const {
    title,
    subtitle,
    endpoint,
    columns,
    rowKey,
    search = true,
    addButton,
    detailPath,
    onRowClick,
    exportName,
    exportLimit = 5000,
    extra,
    defaultPerPage = 10,
    summary,
    chart,
    baseQuery,
    selection,
  } = props;
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const [busy, setBusy] = useState<'export' | 'print' | null>(null);
  const [printJob, setPrintJob] = useState<PrintJob | null>(null);
  const [selected, setSelected] = useState<{ keys: Key[]; rows: T[] }>({ keys: [], rows: [] });
  const open = (row: T) => (detailPath ? navigate(detailPath(row)) : onRowClick?.(row));
  // a detail page may navigate back here with { state: { banner } } (e.g. after a delete)
  const [banner, setBanner] = useBanner(endpoint);

  const specs = useMemo(
    () => filterSpecs(props), // eslint-disable-next-line react-hooks/exhaustive-deps
    [JSON.stringify([props.filters, props.filterLabels, props.filterDefaults, props.dateRange])],
  );
  const page = Math.max(1, Number(params.get('page')) || 1);
  const perPage = Math.min(100, Math.max(1, Number(params.get('per_page')) || defaultPerPage));
  const text = params.get('text') ?? '';

  // the same function as the route's prefetch (listQuery.ts): one query key for both
  const query = useMemo(
    () => listQuery({ endpoint, baseQuery, defaultPerPage }, params, specs),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [params.toString(), specs, JSON.stringify(baseQuery), defaultPerPage],
  );

  const result = useQuery({
    queryKey: tableKeys.list(endpoint, query),
    queryFn: () => getTable<T>(endpoint, query),
    placeholderData: keepPreviousData,
  });

  const update = (changes: Record<string, string | number | null>, resetPage = true) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(changes)) {
      if (v === null || v === '') next.delete(k);
      else next.set(k, String(v));
    }
    if (resetPage && !('page' in changes)) next.delete('page');
    setParams(next);
  };

  const ctx: FilterContext = {
    url: params,
    update,
    options: (k: string): Option[] => selectOptions(result.data?.filter?.[k]),
  };

  const exportCols: ExportColumn<T>[] = columns
    .filter((c) => !c.noExport)
    .map((c) => ({ title: c.title, value: valueOf(c), kind: c.kind }));

  /** Every filtered row, page by page, up to the limit. */
  const fetchAll = async (): Promise<{ rows: T[]; capped: boolean }> => {
    const rows: T[] = [];
    for (let p = 1; rows.length < exportLimit; p++) {
      const res: TableResult<T> = await getTable<T>(endpoint, { ...query, page: p, per_page: 100 });
      rows.push(...res.data);
      if (p >= res.meta.last_page || res.data.length === 0) break;
    }
    return { rows: rows.slice(0, exportLimit), capped: rows.length >= exportLimit };
  };

  const doExport = async (kind: 'xlsx' | 'csv') => {
    setBusy('export');
    const hide = message.loading(th.exporting, 0);
    try {
      const { rows, capped } = await fetchAll();
      const name = (exportName || title).replace(/[\\/:*?"<>|]/g, '');
      if (kind === 'xlsx') await exportXlsx(rows, exportCols, name);
      else exportCsv(rows, exportCols, name);
      message.success(
        `ส่งออก ${rows.length.toLocaleString('th-TH')} รายการเรียบร้อยแล้ว${capped ? ` (สูงสุด ${exportLimit.toLocaleString('th-TH')} รายการ)` : ''}`,
      );
    } catch (e) {
      message.error(errorMessage(e));
    } finally {
      hide();
      setBusy(null);
    }
  };

  const doPrint = async () => {
    setBusy('print');
    try {
      const { rows, capped } = await fetchAll();
      const filterLines = specs
        .map((s) => kindOf(s).describe(s, params, ctx))
        .filter((x): x is [string, string] => x !== null);
      if (text) filterLines.push([th.search, text]);
      const branchChosen = specs.some(
        (s) => s.kind === 'select' && s.key === 'branch' && (params.get('branch') ?? s.default ?? ALL) !== ALL,
      );
      setPrintJob({
        title,
        rows,
        columns: exportCols,
        filters: filterLines,
        capped,
        limit: exportLimit,
        branchFromFilter: branchChosen,
      });
    } catch (e) {
      message.error(errorMessage(e));
    } finally {
      setBusy(null);
    }
  };

  const meta = result.data?.meta;
  const narrowed = !!text || specs.some((s) => s.kind === 'select' && kindOf(s).narrowed(s, params));
  const clearSelection = () => setSelected({ keys: [], rows: [] });

  return (
    <div>
      <PageHeader
        title={title}
        subtitle={subtitle}
        extra={
          <>
            {extra}
            {exportName !== false && (
              <>
                <Button
                  icon={<PrinterOutlined />}
                  loading={busy === 'print'}
                  disabled={busy !== null || !meta?.total}
                  onClick={() => void doPrint()}
                >
                  พิมพ์
                </Button>
                <Dropdown
                  menu={{
                    items: [
                      { key: 'xlsx', icon: <FileExcelOutlined />, label: th.exportExcel + ' (.xlsx)' },
                      { key: 'csv', icon: <DownloadOutlined />, label: th.exportCsv + ' (.csv)' },
                    ],
                    onClick: ({ key }) => void doExport(key === 'csv' ? 'csv' : 'xlsx'),
                  }}
                  disabled={busy !== null || !meta?.total}
                >
                  <Button icon={<DownloadOutlined />} loading={busy === 'export'}>
                    ส่งออก
                  </Button>
                </Dropdown>
              </>
            )}
            {addButton && (
              <Link to={addButton.to}>
                <Button type="primary" icon={<PlusOutlined />}>
                  {addButton.label}
                </Button>
              </Link>
            )}
          </>
        }
      />
      <ResultBanner result={banner} onClose={() => setBanner(null)} />
      <Card variant="outlined" styles={{ body: { padding: 16 } }}>
        <Flex gap={12} wrap style={{ marginBottom: 16 }} align="end">
          {specs.map((s) => kindOf(s).render(s, ctx))}
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
          <Button
            icon={<ReloadOutlined />}
            onClick={() => void result.refetch()}
            aria-label="โหลดใหม่"
            title="โหลดใหม่"
          />
        </Flex>
        {summary && !result.isError && <div style={{ marginBottom: 12 }}>{summary(result.data)}</div>}
        {chart && !result.isError && (
          <div style={{ marginBottom: 12 }} data-testid="list-chart">
            {chart(result.data)}
          </div>
        )}
        {selection && selected.keys.length > 0 && (
          <Flex
            align="center"
            gap={12}
            wrap
            style={{ marginBottom: 12, padding: '8px 12px', background: '#eef7f2', borderRadius: 8 }}
            data-testid="selection-bar"
          >
            <span>เลือกแล้ว {selected.keys.length.toLocaleString('th-TH')} รายการ</span>
            <Space wrap>{selection.actions(selected.rows, clearSelection)}</Space>
            <Button type="link" onClick={clearSelection}>
              ล้างที่เลือก
            </Button>
          </Flex>
        )}
        {result.isError && (
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={<span style={{ color: '#c0392b' }}>{errorMessage(result.error)}</span>}
          />
        )}
        {!result.isError && (
          <Table<T>
            rowKey={rowKey}
            size="middle"
            columns={columns.map(tableColumn)}
            dataSource={result.data?.data ?? []}
            loading={{ spinning: result.isFetching, tip: th.loading }}
            scroll={{ x: 'max-content' }}
            rowSelection={
              selection
                ? {
                    selectedRowKeys: selected.keys,
                    preserveSelectedRowKeys: true,
                    onChange: (keys, rows) => setSelected({ keys, rows }),
                  }
                : undefined
            }
            locale={{
              emptyText: result.isLoading ? (
                th.loading
              ) : (
                <Empty
                  image={Empty.PRESENTED_IMAGE_SIMPLE}
                  description={narrowed ? 'ไม่พบข้อมูลที่ตรงกับเงื่อนไขการค้นหา' : th.empty}
                />
              ),
            }}
            onRow={
              detailPath || onRowClick
                ? (row) => ({
                    onClick: (e) => {
                      if (
                        !(e.target as HTMLElement).closest(
                          'button, a, .ant-checkbox-wrapper, .ant-table-selection-column',
                        )
                      )
                        open(row);
                    },
                    onKeyDown: (e) => {
                      if (e.key === 'Enter' && e.target === e.currentTarget) open(row);
                    },
                    tabIndex: 0,
                    style: { cursor: 'pointer' },
                  })
                : undefined
            }
            pagination={{
              current: meta?.page ?? page,
              pageSize: meta?.per_page ?? perPage,
              total: meta?.total ?? 0,
              showSizeChanger: true,
              pageSizeOptions: [10, 20, 50, 100],
              showTotal: (total, range) => th.totalRows(total, range[0], range[1]),
              onChange: (p, ps) =>
                update(
                  ps !== perPage
                    ? { per_page: ps === defaultPerPage ? null : ps, page: null }
                    : { page: p === 1 ? null : p },
                  false,
                ),
            }}
          />
        )}
      </Card>
      {printJob && <ListPrint job={printJob} onDone={() => setPrintJob(null)} />}
    </div>
  );
}
