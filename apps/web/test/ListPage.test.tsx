// @vitest-environment jsdom
/**
 * ListPage against every filter kind: each one reads its value from the URL, writes the user's choice
 * back to the URL and sends the matching query; dropdowns show the {name, value} options by name.
 * Also: the chart slot, row selection and the print view.
 */
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp } from 'antd';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ListPage, type ListColumn, type ListPageProps } from '../src/components/ListPage';
import { monthLabel, recentMonths } from '../src/components/listFilters';
import { listQuery, prefetchList, type ListSource } from '../src/components/listQuery';
import { installDom } from './setupDom';

interface Row {
  id: number;
  name: string;
  amount: string;
  createdAt: string;
}

const rows: Row[] = [
  { id: 1, name: 'นายสมชาย ใจดี', amount: '1500.5', createdAt: '2026-11-22T18:30:00.000Z' },
  { id: 2, name: '=HYPERLINK("http://x")', amount: '-20', createdAt: '2026-11-23T03:00:00.000Z' },
];
const columns: ListColumn<Row>[] = [
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
let lastLocation = '';
function Probe() {
  const l = useLocation();
  lastLocation = l.search;
  return null;
}

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
        return new Response(JSON.stringify({ status: 'success', message: '', data: { name: 'โรงเรียนสอนขับรถทดสอบ' } }));
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

function mount(
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

const tableCalls = () => calls.filter((u) => u.pathname === '/api/thing/gettable');
const lastQuery = () => Object.fromEntries(tableCalls().at(-1)!.searchParams);

/** The options of the dropdown of the Select with this aria-label (opening it). */
async function openOptions(label: string): Promise<Element[]> {
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
async function choose(label: string, option: string) {
  const opt = (await openOptions(label)).find((e) => e.textContent === option);
  if (!opt)
    throw new Error(
      `no option ${option} in ${label}: ${(await openOptions(label)).map((e) => e.textContent).join('|')} aria=${screen.getByRole('combobox', { name: label }).getAttribute('aria-controls')}`,
    );
  fireEvent.click(opt);
}

const optionTexts = async (label: string) => (await openOptions(label)).map((e) => e.textContent);

describe('ListPage select filters', () => {
  it('reads the URL, shows {name, value} options by name, writes the value to the URL and sends it', async () => {
    mount({ filters: ['branch', 'status', 'user', 'list_expenses'] }, '/list?status=approved');
    await screen.findByText('นายสมชาย ใจดี');
    expect(lastQuery()).toMatchObject({ status: 'approved', page: '1', per_page: '10' });
    expect(lastQuery()).not.toHaveProperty('branch');
    // the chosen status shows its Thai name, not its value
    expect(screen.getByRole('combobox', { name: 'สถานะ' }).closest('.ant-select')!.textContent).toContain('อนุมัติแล้ว');

    expect(await optionTexts('สถานะ')).toEqual(['ทั้งหมด', 'รออนุมัติ', 'อนุมัติแล้ว']);
    await choose('สถานะ', 'รออนุมัติ');
    await waitFor(() => expect(lastQuery()).toMatchObject({ status: 'pending' }));
    expect(new URLSearchParams(lastLocation).get('status')).toBe('pending');
  });

  it('branch, user and list_expenses dropdowns write and send their values (ทั้งหมด added when left out)', async () => {
    mount({ filters: ['branch', 'status', 'user', 'list_expenses'] }, '/list?status=pending');
    await screen.findByText('นายสมชาย ใจดี');
    await choose('สาขา', 'สาขาบางนา');
    await waitFor(() => expect(lastQuery()).toMatchObject({ branch: '2', status: 'pending' }));

    // user and list_expenses: ทั้งหมด is added when the server leaves it out
    await choose('พนักงาน', 'สุดา');
    await waitFor(() => expect(lastQuery()).toMatchObject({ user: '8' }));
    expect(await optionTexts('รายการค่าใช้จ่าย')).toEqual(['ทั้งหมด', 'ค่าน้ำมัน']);
    await choose('รายการค่าใช้จ่าย', 'ค่าน้ำมัน');
    await waitFor(() => expect(lastQuery()).toMatchObject({ list_expenses: '31' }));
    expect(Object.fromEntries(new URLSearchParams(lastLocation))).toEqual({
      status: 'pending',
      branch: '2',
      user: '8',
      list_expenses: '31',
    });
  });

  it('back to ทั้งหมด: the parameter leaves the URL and the query', async () => {
    mount({ filters: ['status'] }, '/list?status=pending');
    await screen.findByText('นายสมชาย ใจดี');
    expect(lastQuery()).toMatchObject({ status: 'pending' });
    await choose('สถานะ', 'ทั้งหมด');
    await waitFor(() => expect(lastQuery()).not.toHaveProperty('status'));
    expect(new URLSearchParams(lastLocation).has('status')).toBe(false);
  });

  it('a filter whose default is not ทั้งหมด sends its default, and ทั้งหมด explicitly when chosen', async () => {
    mount({ filters: ['status'], filterDefaults: { status: 'pending' } });
    await screen.findByText('นายสมชาย ใจดี');
    expect(lastQuery()).toMatchObject({ status: 'pending' });
    await choose('สถานะ', 'ทั้งหมด');
    await waitFor(() => expect(lastQuery()).toMatchObject({ status: 'ทั้งหมด' }));
    expect(new URLSearchParams(lastLocation).get('status')).toBe('ทั้งหมด');
  });
});

describe('ListPage month and date range filters', () => {
  it('a month filter reads ?month, offers Thai month names and sends the month (or its range)', async () => {
    const [thisMonth, lastMonth] = recentMonths(2);
    mount(
      { filters: [{ kind: 'month' }, { kind: 'month', key: 'period', label: 'งวด', asRange: true }] },
      '/list?period=2026-02',
    );
    await screen.findByText('นายสมชาย ใจดี');
    expect(lastQuery()).toMatchObject({ month: thisMonth, start: '2026-02-01', end: '2026-02-28' });
    expect(screen.getByRole('combobox', { name: 'งวด' }).closest('.ant-select')!.textContent).toContain('กุมภาพันธ์ 2569');
    await choose('เดือน', monthLabel(lastMonth!));
    await waitFor(() => expect(lastQuery()).toMatchObject({ month: lastMonth }));
    expect(new URLSearchParams(lastLocation).get('month')).toBe(lastMonth);
  });

  it('a date range reads ?start/?end, sends both, and the legacy dateRange prop is the same kind', async () => {
    mount({ dateRange: { start: '2026-11-01', end: '2026-11-23' } }, '/list?start=2026-11-05');
    await screen.findByText('นายสมชาย ใจดี');
    expect(lastQuery()).toMatchObject({ start: '2026-11-05', end: '2026-11-23' });
    expect(((await screen.findByLabelText('ตั้งแต่วันที่')) as HTMLInputElement).value).toBe('05/11/2569');
    cleanup();
    mount({ filters: [{ kind: 'dateRange', label: 'วันที่รับเงิน', default: { start: '2026-10-01', end: '2026-10-31' } }] });
    await screen.findByText('นายสมชาย ใจดี');
    expect(lastQuery()).toMatchObject({ start: '2026-10-01', end: '2026-10-31' });
    expect(screen.getByText('วันที่รับเงิน')).toBeTruthy();
  });

  it('search text is written to the URL and sent', async () => {
    mount({});
    await screen.findByText('นายสมชาย ใจดี');
    const box = screen.getByRole('searchbox', { name: 'ค้นหา' });
    fireEvent.change(box, { target: { value: ' 0812345678 ' } });
    fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(lastQuery()).toMatchObject({ text: '0812345678' }));
    expect(new URLSearchParams(lastLocation).get('text')).toBe('0812345678');
  });
});

describe("the route's prefetch of a list", () => {
  const source: ListSource = {
    endpoint: '/thing/gettable',
    filters: ['branch', 'status'],
    filterDefaults: { status: 'pending' },
    dateRange: { start: '2026-11-01', end: '2026-11-30' },
  };

  it('asks for what ListPage asks for, from the same URL', () => {
    const url = new URLSearchParams('branch=2&page=3&text=สมชาย&end=2026-11-15');
    expect(listQuery(source, url)).toEqual({
      page: 3,
      per_page: 10,
      branch: '2',
      status: 'pending',
      start: '2026-11-01',
      end: '2026-11-15',
      text: 'สมชาย',
    });
    expect(
      listQuery(
        { endpoint: '/x', baseQuery: { kind: 'fee' }, defaultPerPage: 20 },
        new URLSearchParams('per_page=500'),
      ),
    ).toEqual({ kind: 'fee', page: 1, per_page: 100 });
  });

  it('fills the key ListPage reads: the list draws its rows with no second request', async () => {
    const qc = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 30_000 } } });
    prefetchList(qc, source, new URLSearchParams('branch=2'));
    await waitFor(() => expect(tableCalls()).toHaveLength(1));
    mount({ ...source }, '/list?branch=2', qc);
    await screen.findByText('นายสมชาย ใจดี');
    expect(tableCalls()).toHaveLength(1);
    expect(lastQuery()).toEqual({
      page: '1',
      per_page: '10',
      branch: '2',
      status: 'pending',
      start: '2026-11-01',
      end: '2026-11-30',
    });
  });
});

describe('ListPage slots', () => {
  it('draws the chart slot from the result and formats money cells; long names are clamped with a tooltip', async () => {
    mount({ chart: (res) => <div>กราฟ {res?.data.length ?? 0} แถว</div> });
    await screen.findByText('กราฟ 2 แถว');
    expect(screen.getByTestId('list-chart')).toBeTruthy();
    expect(screen.getByText('1,500.50')).toBeTruthy();
    const cell = screen.getByText('นายสมชาย ใจดี').closest('.kk-clamp') as HTMLElement;
    expect(cell.title).toBe('นายสมชาย ใจดี');
    expect(cell.style.maxWidth).toBe('200px');
  });

  it('row selection is opt-in and hands the chosen rows to the bulk actions', async () => {
    const act1 = vi.fn();
    mount({
      selection: {
        actions: (sel, clear) => (
          <button
            type="button"
            onClick={() => {
              act1(sel.map((r) => r.id));
              clear();
            }}
          >
            อนุมัติที่เลือก
          </button>
        ),
      },
    });
    await screen.findByText('นายสมชาย ใจดี');
    const boxes = screen.getAllByRole('checkbox');
    expect(boxes.length).toBe(3); // all + two rows
    fireEvent.click(boxes[2]!);
    const bar = await screen.findByTestId('selection-bar');
    expect(bar.textContent).toContain('เลือกแล้ว 1 รายการ');
    fireEvent.click(within(bar).getByText('อนุมัติที่เลือก'));
    expect(act1).toHaveBeenCalledWith([2]);
    await waitFor(() => expect(screen.queryByTestId('selection-bar')).toBeNull());
  });

  it('without selection there are no checkboxes', async () => {
    mount({});
    await screen.findByText('นายสมชาย ใจดี');
    expect(screen.queryAllByRole('checkbox')).toHaveLength(0);
  });

  it('prints the filtered rows with the school, the filters and the Buddhist-era date', async () => {
    const print = vi.fn();
    vi.stubGlobal('print', print);
    window.print = print;
    mount({ filters: ['status'], exportName: 'ทดสอบ' }, '/list?status=pending');
    await screen.findByText('นายสมชาย ใจดี');
    fireEvent.click(screen.getByRole('button', { name: /พิมพ์/ }));
    const view = await screen.findByTestId('list-print');
    await waitFor(() => expect(view.textContent).toContain('โรงเรียนสอนขับรถทดสอบ'));
    expect(view.textContent).toContain('สถานะ: รออนุมัติ');
    expect(view.textContent).toMatch(/พิมพ์เมื่อ \d{1,2} \S+ 25\d\d/);
    const cells = Array.from(view.querySelectorAll('tbody tr')).map((tr) =>
      Array.from(tr.querySelectorAll('td')).map((td) => td.textContent),
    );
    // 22 Nov 18:30 UTC is 23 Nov in Bangkok
    expect(cells).toEqual([
      ['1', 'นายสมชาย ใจดี', '1,500.50', '23 พ.ย. 2569'],
      ['2', '=HYPERLINK("http://x")', '-20.00', '23 พ.ย. 2569'],
    ]);
    // the print asks for every filtered row with the same filters
    expect(tableCalls().at(-1)!.searchParams.get('status')).toBe('pending');
    expect(tableCalls().at(-1)!.searchParams.get('per_page')).toBe('100');
    await waitFor(() => expect(print).toHaveBeenCalled());
    act(() => {
      window.dispatchEvent(new Event('afterprint'));
    });
    await waitFor(() => expect(screen.queryByTestId('list-print')).toBeNull());
  });
});
