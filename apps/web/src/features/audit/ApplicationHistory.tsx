/** The history of one application (its own audit rows, its payments' and its requests'), oldest first. */
import { useQuery } from '@tanstack/react-query';
import { Card, Empty, Timeline, Typography } from 'antd';
import { ThaiDate } from '../../components/ThaiDate';
import { AuditChanges } from './AuditChanges';
import { ActionTag } from './AuditList';
import { auditKeys, getApplicationHistory } from './queries';

export function ApplicationHistory({ applicationId }: { applicationId: number }) {
  const q = useQuery({
    queryKey: auditKeys.application(applicationId),
    queryFn: () => getApplicationHistory(applicationId),
  });
  return (
    <Card
      title="ประวัติของใบสมัครนี้"
      className="form-section"
      style={{ marginTop: 16 }}
      loading={q.isLoading}
      data-testid="application-history"
    >
      {!q.data?.length ? (
        <Empty description="ยังไม่มีประวัติ" />
      ) : (
        <Timeline
          items={q.data.map((r) => ({
            key: r.id,
            content: (
              <div>
                <Typography.Text strong>
                  <ThaiDate value={r.at} variant="datetime" />
                </Typography.Text>{' '}
                <ActionTag r={r} /> {r.entity_name} · {r.user_name || 'ระบบ'}
                <AuditChanges before={r.before} after={r.after} entity={r.entity} max={8} />
              </div>
            ),
          }))}
        />
      )}
    </Card>
  );
}
