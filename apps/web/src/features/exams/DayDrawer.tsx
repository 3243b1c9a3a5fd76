/** One day of the exam calendar: its sessions with their students, and the form that adds a session. */
import { PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Drawer, Empty } from 'antd';
import type { Option } from '../../api/client';
import { useSession } from '../../api/useSession';
import { ThaiDate } from '../../components/ThaiDate';
import { examKeys } from './api';
import { listSessions } from './queries';
import { SessionCard } from './SessionCard';
import { SessionForm } from './SessionForm';
import { useState } from 'react';

export function DayDrawer({
  day,
  branch,
  branches,
  types,
  onClose,
}: {
  day: string | null;
  branch: string;
  branches: Option[];
  types: Option[];
  onClose: () => void;
}) {
  const { can } = useSession();
  const [adding, setAdding] = useState(false);
  const q = useQuery({
    queryKey: examKeys.sessions(day ?? '', day ?? '', branch),
    queryFn: () => listSessions({ start: day!, branch }),
    enabled: !!day,
  });
  return (
    <Drawer
      open={!!day}
      onClose={() => {
        setAdding(false);
        onClose();
      }}
      size="large"
      title={
        day ? (
          <>
            รอบสอบวันที่ <ThaiDate value={day} variant="long" />
          </>
        ) : null
      }
      destroyOnHidden
      extra={
        can('create', 'Exam') && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)} data-testid="add-session">
            เพิ่มรอบสอบ
          </Button>
        )
      }
    >
      {adding && day && <SessionForm day={day} branches={branches} types={types} onDone={() => setAdding(false)} />}
      {q.isLoading ? (
        <Card loading />
      ) : !q.data?.length ? (
        <Empty description="วันนี้ยังไม่มีรอบสอบ" />
      ) : (
        q.data.map((s) => <SessionCard key={s.session_id} s={s} />)
      )}
    </Drawer>
  );
}
