/** The hours ledger of a course line: theory and practice, included / extra / booked / delivered / charged / remaining. */
import { Alert, Skeleton, Table, Typography } from 'antd';
import { errorMessage } from '../../api/client';
import { HOURS_COLUMNS, hoursRows } from './lessonUi';
import { useLineHours } from './queries';

/**
 * `vertical`: one row per figure and a column per part, for narrow places (the lesson drawer); else one row per part.
 */
export function HoursTable({
  lineId,
  compact,
  vertical,
}: {
  lineId: number | null | undefined;
  compact?: boolean;
  vertical?: boolean;
}) {
  const q = useLineHours(lineId);
  if (!lineId) return null;
  if (q.isLoading) return <Skeleton active paragraph={{ rows: 2 }} title={false} />;
  if (q.error) return <Alert type="warning" showIcon title={errorMessage(q.error)} />;
  if (!q.data) return null;
  const rows = hoursRows(q.data);
  const recorded = rows.filter((r) => r.recorded);
  const note = recorded.length > 0 && (
    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
      ประวัติชั่วโมงที่บันทึกไว้ในการประเมินก่อนใช้ตารางเรียน: {recorded.map((r) => `${r.part} ${r.recorded}`).join(' · ')}
    </Typography.Text>
  );
  if (vertical) {
    const [theory, practice] = rows;
    return (
      <div data-testid="hours-table">
        <Table
          size="small"
          pagination={false}
          rowKey="key"
          dataSource={HOURS_COLUMNS.map((c) => ({
            key: c.key,
            title: c.title,
            theory: theory![c.key],
            practice: practice![c.key],
          }))}
          columns={[
            { title: 'ชั่วโมงเรียน', dataIndex: 'title' },
            { title: 'ภาคทฤษฎี', dataIndex: 'theory', align: 'right' },
            { title: 'ภาคปฏิบัติ', dataIndex: 'practice', align: 'right' },
          ]}
        />
        {note}
      </div>
    );
  }
  return (
    <div data-testid="hours-table">
      <Table
        size="small"
        pagination={false}
        rowKey="key"
        dataSource={rows}
        scroll={{ x: compact ? 560 : undefined }}
        columns={[
          { title: 'ชั่วโมงเรียน', dataIndex: 'part', width: 100 },
          ...HOURS_COLUMNS.map((c) => ({
            title: c.title,
            dataIndex: c.key,
            align: 'right' as const,
            render: (v: string, r: (typeof rows)[number]) =>
              c.key === 'remaining' ? (
                <Typography.Text strong type={r.short ? 'danger' : undefined}>
                  {v}
                </Typography.Text>
              ) : (
                v
              ),
          })),
        ]}
      />
      {recorded.length > 0 && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          ประวัติชั่วโมงที่บันทึกไว้ในการประเมินก่อนใช้ตารางเรียน: {recorded.map((r) => `${r.part} ${r.recorded}`).join(' · ')}
        </Typography.Text>
      )}
    </div>
  );
}
