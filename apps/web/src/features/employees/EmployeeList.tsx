import { Flex, Typography } from 'antd';
import { fullName } from '../../components/fullName';
import { useSession } from '../../api/useSession';
import { PhotoAvatar } from '../../components/AuthImage';
import { ListPage, type ListColumn } from '../../components/ListPage';
import { StatusTag } from '../../components/StatusTag';
import type { EmployeeRow } from './queries';
import { phoneText } from '../../components/phoneField';

const columns: ListColumn<EmployeeRow>[] = [
  {
    title: 'ชื่อ-นามสกุล',
    key: 'name',
    exportValue: (r) => fullName(r),
    wrap: 260,
    render: (_: unknown, r) => (
      <Flex align="center" gap={10}>
        <PhotoAvatar fileId={r.photo} size={36} fallback={r.fname} />
        <div style={{ lineHeight: 1.25 }}>
          <Typography.Text strong>{fullName(r)}</Typography.Text>
          {r.position && (
            <div>
              <Typography.Text type="secondary" style={{ fontSize: 13 }}>
                {r.position}
              </Typography.Text>
            </div>
          )}
        </div>
      </Flex>
    ),
  },
  { title: 'ชื่อเล่น', dataIndex: 'nickname', render: (v: string) => v || '-' },
  { title: 'ชื่อผู้ใช้', dataIndex: 'username', render: (v: string) => <Typography.Text code>{v}</Typography.Text> },
  { title: 'บทบาท', dataIndex: 'role_name' },
  { title: 'สาขา', dataIndex: 'branch_name' },
  { title: 'เบอร์โทรศัพท์', dataIndex: 'phone_1', render: phoneText },
  { title: 'ตำแหน่ง', dataIndex: 'position', hidden: true },
  { title: 'แผนก', dataIndex: 'department', hidden: true },
  {
    title: 'สถานะ',
    dataIndex: 'status',
    exportValue: (r) => (r.status === 'active' ? 'ทำงานอยู่' : 'ระงับการใช้งาน'),
    render: (v: string) => <StatusTag value={v} />,
  },
];

export default function EmployeeList() {
  const { can } = useSession();
  return (
    <ListPage<EmployeeRow>
      title="พนักงาน"
      subtitle="ข้อมูลพนักงานและบัญชีผู้ใช้ของทุกสาขาที่คุณดูแล"
      endpoint="/user/gettable"
      rowKey="user_id"
      columns={columns}
      filters={['branch', 'status', 'type']}
      filterLabels={{ type: 'บทบาท' }}
      search="ค้นหาชื่อ ชื่อเล่น ชื่อผู้ใช้ เบอร์โทร หรือเลขบัตร"
      addButton={can('create', 'User') ? { to: '/employees/new', label: 'เพิ่มพนักงาน' } : undefined}
      detailPath={(r) => `/employees/${r.user_id}`}
      exportName="พนักงาน"
    />
  );
}
