// @vitest-environment jsdom
/**
 * A record page's form never overwrites what the user has typed: a new record's form shows its starting values at
 * its first render (no effect fills it afterwards, which emptied a field typed in the moment before the effect ran),
 * a re-read of the same record after a save is written into the form, and going from one record to another (or to
 * "add another") starts that page afresh.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Form, Input } from 'antd';
import { useLayoutEffect } from 'react';
import { MemoryRouter, Route, Routes, useNavigate } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CrudDetail } from '../src/components/CrudDetail';
import { oneRecordAtATime, useRereadValues } from '../src/components/recordForm';
import { installDom } from './setupDom';

beforeAll(() => installDom());
afterEach(() => cleanup());

type Row = { name: string };

function Page({ data }: { data?: Row }) {
  const [form] = Form.useForm();
  useRereadValues(form, data, (d) => ({ name: d.name }));
  return (
    <Form form={form} initialValues={data ?? { name: '' }}>
      <Form.Item name="name" label="ชื่อ">
        <Input />
      </Form.Item>
    </Form>
  );
}

describe('record forms', () => {
  it('a new catalog item shows its starting values (its scope too) at the first render, before any effect', () => {
    // read in the commit itself (a layout effect runs before any effect): what a keystroke at that moment would meet
    let atCommit: string[] = [];
    function Probe() {
      useLayoutEffect(() => {
        atCommit = ['#name', '#scope'].map((q) => document.querySelector<HTMLInputElement>(q)?.value ?? '(none)');
      }, []);
      return null;
    }
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter initialEntries={['/fees/new']}>
          <Routes>
            <Route
              path="/fees/:id"
              element={
                <CrudDetail
                  prefix="otherfee"
                  idKey="other_fee_id"
                  subject="OtherFee"
                  listPath="/fees"
                  noun="ค่าธรรมเนียม"
                  fields={[{ name: 'name', label: 'ชื่อรายการ', kind: 'text', initial: 'ค่าเช่ารถสอบ' }]}
                  custom={{
                    section: (
                      <>
                        <Form.Item name="scope" label="สาขาที่เปิด">
                          <Input />
                        </Form.Item>
                        <Probe />
                      </>
                    ),
                    blank: { scope: 'สาขานี้' },
                    fromRecord: () => ({}),
                    toBody: () => ({}),
                  }}
                />
              }
            />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(atCommit).toEqual(['ค่าเช่ารถสอบ', 'สาขานี้']);
  });

  it('what is typed stays when the record is read again unchanged; a changed read is shown', () => {
    const first = { name: 'สาขาบางเขน' };
    const { rerender } = render(<Page data={first} />);
    const input = screen.getByLabelText('ชื่อ') as HTMLInputElement;
    expect(input.value).toBe('สาขาบางเขน');
    fireEvent.change(input, { target: { value: 'สาขาบางเขน 2' } });
    rerender(<Page data={first} />);
    expect(input.value).toBe('สาขาบางเขน 2');
    rerender(<Page data={{ name: 'สาขาบางเขน (บันทึกแล้ว)' }} />);
    expect(input.value).toBe('สาขาบางเขน (บันทึกแล้ว)');
  });

  it('going from a record to "add another" mounts the page afresh', () => {
    const Keyed = oneRecordAtATime(Page);
    let go: (to: string) => void = () => {};
    function Nav() {
      go = useNavigate();
      return null;
    }
    render(
      <MemoryRouter initialEntries={['/x/1']}>
        <Nav />
        <Routes>
          <Route path="/x/:id" element={<Keyed data={{ name: 'รายการที่ 1' }} />} />
        </Routes>
      </MemoryRouter>,
    );
    fireEvent.change(screen.getByLabelText('ชื่อ'), { target: { value: 'แก้แล้ว' } });
    act(() => go('/x/new'));
    // the same element under another :id: without the fresh mount the form would still hold แก้แล้ว
    expect((screen.getByLabelText('ชื่อ') as HTMLInputElement).value).toBe('รายการที่ 1');
  });
});
