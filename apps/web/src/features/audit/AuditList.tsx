/** ประวัติการใช้งาน: who did what, when, at which branch, and the before → after of each change (owners, managers). */
import { addDays, todayBangkok } from '@khabkhi/thai';
import { Tag } from 'antd';
import { ListPage } from '../../components/ListPage';
import { thaiDate } from '../../components/ThaiDate';
import { AuditChanges } from './AuditChanges';
import { auditChanges } from './diff';
import type { AuditRow } from '@khabkhi/contracts';

/** An audit row as the API answers it (packages/contracts). */
export type { AuditRow };

const ACTION_COLORS: Record<string, string> = {
  create: 'green',
  update: 'blue',
  delete: 'red',
  refund: 'purple',
  void: 'red',
  approve: 'green',
  reject: 'orange',
  close: 'geekblue',
  'confirm-refused': 'orange',
};
export const ActionTag = ({ r }: { r: AuditRow }) => (
  <Tag color={ACTION_COLORS[r.action] ?? 'default'}>{r.action_name}</Tag>
);

export default function AuditList() {
  const today = todayBangkok();
  return (
    <ListPage<AuditRow>
      title="ประวัติการใช้งาน"
      subtitle="ใครทำอะไร เมื่อไร ที่สาขาใด พร้อมค่าก่อนและหลังการเปลี่ยนแปลง"
      endpoint="/audit/gettable"
      rowKey="id"
      filters={['branch', 'user', 'type', 'status']}
      filterLabels={{ type: 'ข้อมูล', status: 'การกระทำ', user: 'ผู้ใช้' }}
      dateRange={{ start: addDays(today, -6), end: today, label: 'วันที่' }}
      search="เลขที่รายการ (รหัสในระบบ)"
      exportName="ประวัติการใช้งาน"
      defaultPerPage={20}
      columns={[
        {
          title: 'เวลา',
          dataIndex: 'at',
          width: 128,
          render: (v: string) => <span style={{ whiteSpace: 'normal' }}>{thaiDate(v, 'datetime')}</span>,
          exportValue: (r) => r.at,
        },
        { title: 'ผู้ใช้', dataIndex: 'user_name', width: 150, ellipsis: true, render: (v: string) => v || 'ระบบ' },
        {
          title: 'สาขา',
          dataIndex: 'branch_name',
          width: 120,
          ellipsis: true,
          render: (v: string) => v || 'ทั้งโรงเรียน',
        },
        {
          title: 'ข้อมูล',
          dataIndex: 'entity_name',
          width: 130,
          render: (v: string, r: AuditRow) => (
            <>
              {v} <span style={{ color: '#888' }}>#{r.entity_id}</span>
            </>
          ),
          exportValue: (r) => `${r.entity_name} #${r.entity_id}`,
        },
        {
          title: 'การกระทำ',
          dataIndex: 'action_name',
          width: 96,
          render: (_: string, r: AuditRow) => <ActionTag r={r} />,
          exportValue: (r) => r.action_name,
        },
        {
          title: 'การเปลี่ยนแปลง (ก่อน → หลัง)',
          key: 'changes',
          render: (_: unknown, r: AuditRow) => <AuditChanges before={r.before} after={r.after} entity={r.entity} />,
          exportValue: (r) =>
            auditChanges(r.before, r.after, r.entity)
              .map((c) => `${c.label}: ${c.before ? `${c.before} → ` : ''}${c.after}`)
              .join('; '),
        },
      ]}
    />
  );
}
