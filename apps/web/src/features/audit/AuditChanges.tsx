/** The before → after of one audit row, as a small table of Thai field names. */
import { Typography } from 'antd';
import { auditChanges } from './diff';

export function AuditChanges({
  before,
  after,
  entity,
  max = 12,
}: {
  before: unknown;
  after: unknown;
  entity?: string;
  max?: number;
}) {
  const changes = auditChanges(before, after, entity);
  if (!changes.length)
    return <Typography.Text type="secondary">{before && after ? 'ไม่มีช่องข้อมูลที่เปลี่ยน' : '-'}</Typography.Text>;
  const shown = changes.slice(0, max);
  return (
    <div className="audit-changes" style={{ fontSize: 13, lineHeight: 1.6, overflowWrap: 'anywhere' }}>
      {shown.map((c) => (
        <div key={c.path}>
          <Typography.Text type="secondary">{c.label}: </Typography.Text>
          {c.before && after !== null && after !== undefined ? (
            <>
              <Typography.Text delete type="danger">
                {c.before}
              </Typography.Text>{' '}
              →{' '}
            </>
          ) : null}
          {after === null || after === undefined ? (
            <Typography.Text delete type="danger">
              {c.before}
            </Typography.Text>
          ) : (
            <Typography.Text>{c.after}</Typography.Text>
          )}
        </div>
      ))}
      {changes.length > max && <Typography.Text type="secondary">และอีก {changes.length - max} รายการ</Typography.Text>}
    </div>
  );
}
