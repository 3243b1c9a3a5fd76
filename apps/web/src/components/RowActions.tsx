/**
 * The edit and delete buttons of a record's row: a pencil, and a bin that asks before deleting. `what` names the
 * record in Thai ("รายการอบรม" → "แก้ไขรายการอบรม", "ลบรายการอบรมนี้?").
 */
import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { Button, Popconfirm, Space } from 'antd';

export interface RowActionsProps {
  what: string;
  onEdit: () => void;
  onDelete: () => void;
  /** data-testid of the pencil */
  editTestId?: string;
}

export function RowActions({ what, onEdit, onDelete, editTestId }: RowActionsProps) {
  return (
    <Space size={0}>
      <Button
        type="text"
        icon={<EditOutlined />}
        aria-label={`แก้ไข${what}`}
        title={`แก้ไข${what}`}
        data-testid={editTestId}
        onClick={onEdit}
      />
      <Popconfirm title={`ลบ${what}นี้?`} okText="ลบ" cancelText="ยกเลิก" onConfirm={onDelete}>
        <Button type="text" danger icon={<DeleteOutlined />} aria-label={`ลบ${what}`} title={`ลบ${what}`} />
      </Popconfirm>
    </Space>
  );
}

/** A table's last column with RowActions, or no column when the user may not change the records. */
export function rowActionsColumn<T>(
  editable: boolean,
  what: string,
  actions: { onEdit: (row: T) => void; onDelete: (row: T) => void; editTestId?: (row: T) => string },
) {
  if (!editable) return [];
  return [
    {
      title: '',
      key: 'actions',
      width: 90,
      render: (_: unknown, row: T) => (
        <RowActions
          what={what}
          onEdit={() => actions.onEdit(row)}
          onDelete={() => actions.onDelete(row)}
          editTestId={actions.editTestId?.(row)}
        />
      ),
    },
  ];
}
