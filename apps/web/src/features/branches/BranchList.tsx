import { Tag } from 'antd';
import { useSession } from '../../api/useSession';
import { ListPage, type ListColumn } from '../../components/ListPage';
import { StatusTag } from '../../components/StatusTag';
import type { Branch } from './queries';
import { phoneText } from '../../components/phoneField';

const columns: ListColumn<Branch>[] = [
  {
    title: 'รหัส',
    dataIndex: 'code',
    render: (v: string, r) => (
      <span style={{ whiteSpace: 'nowrap' }}>
        <b>{v}</b>
        {r.is_head_office ? (
          <Tag color="gold" style={{ marginInlineStart: 6 }}>
            สำนักงานใหญ่
          </Tag>
        ) : null}
      </span>
    ),
  },
  { title: 'ชื่อสาขา', dataIndex: 'name', wrap: 240 },
  { title: 'สาขาแม่', dataIndex: 'parent_name', render: (v: string | null) => v || '-' },
  { title: 'จังหวัด', dataIndex: 'province', render: (v: string) => v || '-' },
  { title: 'เบอร์โทรศัพท์', dataIndex: 'phone_1', render: phoneText },
  {
    title: 'พนักงาน (คน)',
    dataIndex: 'employees',
    align: 'right',
    render: (v: number) => (v ?? 0).toLocaleString('th-TH'),
  },
  {
    title: 'สถานะ',
    dataIndex: 'is_delete',
    exportValue: (r) => (r.is_delete ? 'ปิดแล้ว (ลบ)' : 'เปิดทำการ'),
    render: (v: boolean) => <StatusTag value={v ? 'deleted' : 'active'} label={v ? 'ปิดแล้ว' : 'เปิดทำการ'} />,
  },
];

export default function BranchList() {
  const { can } = useSession();
  return (
    <ListPage<Branch>
      title="สาขา"
      subtitle="สาขาของโรงเรียนทั้งหมดที่คุณมีสิทธิ์ดูแล"
      endpoint="/branch/gettable"
      rowKey="branch_id"
      columns={columns}
      filters={['status']}
      search="ค้นหาชื่อสาขา รหัส จังหวัด หรือเบอร์โทร"
      addButton={can('create', 'Branch') ? { to: '/branches/new', label: 'เพิ่มสาขา' } : undefined}
      detailPath={(r) => `/branches/${r.branch_id}`}
      exportName="สาขา"
    />
  );
}
