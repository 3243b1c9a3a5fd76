// @vitest-environment jsdom
/**
 * ListPage's month, date range and search filters (read from the URL, written back, sent), the route's prefetch of a
 * list, and the slots: the chart, row selection and the print view.
 */
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { monthLabel, recentMonths } from '../src/components/listFilters';
import { listQuery, prefetchList, type ListSource } from '../src/components/listQuery';
import { choose, lastLocation, lastQuery, mount, tableCalls, installListHarness } from './listPageHarness';

installListHarness();

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
    expect(new URLSearchParams(lastLocation()).get('month')).toBe(lastMonth);
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
    expect(new URLSearchParams(lastLocation()).get('text')).toBe('0812345678');
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
