/**
 * The bell in the header: the signed-in person's in-app notifications (reminders for staff: a vehicle date, a
 * payroll waiting for their step, a student's permission ending…) with the unread count; opening one marks it read,
 * "อ่านทั้งหมด" marks all. Loaded after the shell (its own chunk), polled every two minutes.
 */
import { BellOutlined } from '@ant-design/icons';
import { Badge, Button, Empty, Popover, Typography } from 'antd';
import { useState } from 'react';
import { ThaiDate } from '../../components/ThaiDate';
import { useMarkRead, useNotifications } from './queries';

export default function NotificationBell() {
  const [open, setOpen] = useState(false);
  const n = useNotifications();
  const read = useMarkRead();
  const unread = n.data?.unread ?? 0;
  const list = (
    <div style={{ width: 360, maxHeight: 420, overflowY: 'auto' }} data-testid="notification-list">
      {!n.data?.rows.length ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="ยังไม่มีการแจ้งเตือน" />
      ) : (
        n.data.rows.map((r) => (
          <div
            key={r.outbox_id}
            role="button"
            tabIndex={0}
            onClick={() => !r.read && read.mutate({ outbox_id: r.outbox_id })}
            onKeyDown={(e) => e.key === 'Enter' && !r.read && read.mutate({ outbox_id: r.outbox_id })}
            style={{
              padding: '8px 10px',
              borderRadius: 6,
              marginBottom: 4,
              cursor: r.read ? 'default' : 'pointer',
              background: r.read ? undefined : '#f0f7f3',
            }}
          >
            <Typography.Text strong={!r.read}>{r.subject}</Typography.Text>
            <div style={{ fontSize: 13 }}>{r.body}</div>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {r.branch_name} · <ThaiDate value={r.created_at} variant="datetime" />
            </Typography.Text>
          </div>
        ))
      )}
    </div>
  );
  return (
    <Popover
      open={open}
      onOpenChange={setOpen}
      trigger="click"
      placement="bottomRight"
      title={
        <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center' }}>
          <span>การแจ้งเตือน</span>
          {unread > 0 && (
            <Button size="small" type="link" onClick={() => read.mutate({})}>
              อ่านทั้งหมด
            </Button>
          )}
        </div>
      }
      content={list}
    >
      <button
        type="button"
        className="kk-icon-btn"
        aria-label={unread ? `การแจ้งเตือน ยังไม่อ่าน ${unread} รายการ` : 'การแจ้งเตือน'}
        data-testid="notification-bell"
      >
        <Badge count={unread} size="small" overflowCount={99}>
          <BellOutlined style={{ fontSize: 17 }} />
        </Badge>
      </button>
    </Popover>
  );
}
