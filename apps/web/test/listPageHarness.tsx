/**
 * The ListPage tests' harness: a ListPage mounted in a router and a query client against a fetch that answers two
 * rows with every filter kind's options, the requests it sent, the URL it wrote, and antd Select helpers.
 * installListHarness() installs the DOM and the fetch for the file that calls it (the tests are split in two files so
 * the two test workers share them).
 */
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp } from 'antd';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { ListPage, type ListColumn, type ListPageProps } from '../src/components/ListPage';
import { installDom } from './setupDom';

export interface Row {
  id: number;
  name: string;
  amount: string;
  createdAt: string;
}

export const rows: Row[] = [
  { id: 1, name: 'นายสมชาย ใจดี', amount: '1500.5', createdAt: '2026-11-22T18:30:00.000Z' },
  { id: 2, name: '=HYPERLINK("http://x")', amount: '-20', createdAt: '2026-11-23T03:00:00.000Z' },
];
export const columns: ListColumn<Row>[] = [
  { title: 'ชื่อ', dataIndex: 'name', wrap: 200 },
  { title: 'จำนวนเงิน', dataIndex: 'amount', kind: 'money' },
  { title: 'วันที่', dataIndex: 'createdAt', kind: 'date' },
];

const FILTER = {
  branch: [
    { name: 'ทั้งหมด', value: 'ทั้งหมด' },
    { name: 'สำนักงานใหญ่', value: 1 },
    { name: 'สาขาบางนา', value: 2 },
  ],
  status: [
    { name: 'ทั้งหมด', value: 'ทั้งหมด' },
    { name: 'รออนุมัติ', value: 'pending' },
    { name: 'อนุมัติแล้ว', value: 'approved' },
  ],
  user: [
    { name: 'มาลี', value: 7 },
    { name: 'สุดา', value: 8 },
  ],
  list_expenses: [{ name: 'ค่าน้ำมัน', value: 31 }],
};

let calls: URL[] = [];
let location = '';
/** The search part of the URL the list last wrote. */
export const lastLocation = () => location;
function Probe() {
  const l = useLocation();
  location = l.search;
  return null;
}

/** Installs the DOM and the fetch stub for the calling file's tests. */
export function installListHarness() {
  vi.setConfig({ testTimeout: 60_000 });
  beforeAll(() => installDom());
  beforeEach(() => {
    calls = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string) => {
        const u = new URL(input, 'http://test');
        calls.push(u);
        if (u.pathname === '/api/settings/get')
          return new Response(
            JSON.stringify({ status: 'success', message: '', data: { name: 'โรงเรียนสอนขับรถทดสอบ' } }),
          );
        return new Response(
          JSON.stringify({
            status: 'success',
            message: 'สำเร็จ',
            data: rows,
            filter: FILTER,
            meta: { page: 1, per_page: 10, total: rows.length, last_page: 1 },
          }),
          { headers: { 'content-type': 'application/json' } },
        );
      }),
    );
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });
}

export function mount(
  props: Partial<ListPageProps<Row>>,
  url = '/list',
  qc = new QueryClient({ defaultOptions: { queries: { retry: false } } }),
) {
  return render(
    <QueryClientProvider client={qc}>
      <AntApp>
        <MemoryRouter initialEntries={[url]}>
          <ListPage<Row> title="รายการทดสอบ" endpoint="/thing/gettable" rowKey="id" columns={columns} {...props} />
          <Probe />
        </MemoryRouter>
      </AntApp>
    </QueryClientProvider>,
  );
}

export const tableCalls = () => calls.filter((u) => u.pathname === '/api/thing/gettable');
export const lastQuery = () => Object.fromEntries(tableCalls().at(-1)!.searchParams);

/** The options of the dropdown of the Select with this aria-label (opening it). */
export async function openOptions(label: string): Promise<Element[]> {
  const box = screen.getByRole('combobox', { name: label });
  fireEvent.mouseDown(box);
  return waitFor(() => {
    const list = document.getElementById(box.getAttribute('aria-controls') ?? '');
    const popup = list?.closest('.ant-select-dropdown');
    const opts = popup ? Array.from(popup.querySelectorAll('.ant-select-item-option')) : [];
    if (!opts.length) throw new Error(`no dropdown for ${label}`);
    return opts;
  });
}

/** Opens an antd Select by its aria-label and picks the option with this text. */
export async function choose(label: string, option: string) {
  const opt = (await openOptions(label)).find((e) => e.textContent === option);
  if (!opt)
    throw new Error(
      `no option ${option} in ${label}: ${(await openOptions(label)).map((e) => e.textContent).join('|')} aria=${screen.getByRole('combobox', { name: label }).getAttribute('aria-controls')}`,
    );
  fireEvent.click(opt);
}

export const optionTexts = async (label: string) => (await openOptions(label)).map((e) => e.textContent);
