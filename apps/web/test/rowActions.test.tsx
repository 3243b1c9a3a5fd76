// @vitest-environment jsdom
/**
 * The edit and delete buttons of a record's row: named in Thai after the record, the pencil edits at once, the bin
 * deletes only after its confirmation; a user who may not change records gets no column.
 */
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Table } from 'antd';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { rowActionsColumn } from '../src/components/RowActions';
import { installDom } from './setupDom';

beforeAll(() => installDom());
afterEach(() => cleanup());

type Row = { id: number; name: string };
const rows: Row[] = [
  { id: 1, name: 'ครั้งที่ 1' },
  { id: 2, name: 'ครั้งที่ 2' },
];

function Harness({ editable, calls }: { editable: boolean; calls: string[] }) {
  return (
    <Table<Row>
      rowKey="id"
      pagination={false}
      dataSource={rows}
      columns={[
        { title: 'รายการ', dataIndex: 'name' },
        ...rowActionsColumn<Row>(editable, 'รายการอบรม', {
          onEdit: (r) => calls.push(`edit ${r.id}`),
          onDelete: (r) => calls.push(`delete ${r.id}`),
          editTestId: (r) => `edit-${r.id}`,
        }),
      ]}
    />
  );
}

describe('rowActionsColumn', () => {
  it('edits the row at once and deletes it only after the confirmation', async () => {
    const calls: string[] = [];
    render(<Harness editable calls={calls} />);
    expect(screen.getAllByRole('button', { name: 'แก้ไขรายการอบรม' })).toHaveLength(2);
    fireEvent.click(screen.getByTestId('edit-2'));
    expect(calls).toEqual(['edit 2']);
    fireEvent.click(screen.getAllByRole('button', { name: 'ลบรายการอบรม' })[0]!);
    expect(calls).toEqual(['edit 2']);
    await screen.findByText('ลบรายการอบรมนี้?');
    fireEvent.click(screen.getByRole('button', { name: 'ลบ' }));
    await waitFor(() => expect(calls).toEqual(['edit 2', 'delete 1']));
  });

  it('gives no column to a user who may not change the records', () => {
    render(<Harness editable={false} calls={[]} />);
    expect(screen.queryByRole('button', { name: 'แก้ไขรายการอบรม' })).toBeNull();
    expect(screen.getAllByRole('columnheader')).toHaveLength(1);
  });
});
