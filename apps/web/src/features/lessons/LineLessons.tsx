/**
 * The application page's lessons section: per course line, its hours ledger (included / booked / delivered / charged
 * / remaining, theory and practice; hours typed on evaluations before the timetable shown apart as history) and its
 * lessons, with a link that opens the timetable's booking dialog for that line.
 */
import { CalendarOutlined } from '@ant-design/icons';
import { Button, Card, Collapse, Table, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { useSession } from '../../api/useSession';
import { thaiDate } from '../../components/ThaiDate';
import { HoursTable } from './HoursTable';
import { kindName, STATE_TAG_COLOR, stateName, timeRange, type LessonState } from './lessonUi';
import { useLineLessons, type LessonRow } from './queries';

export interface LessonLine {
  line_id: number;
  course_name: string;
  course_type: string;
}

function LineSection({ line, branchId, customer }: { line: LessonLine; branchId: number; customer: string }) {
  const { can } = useSession();
  const lessons = useLineLessons(line.line_id);
  const book = `/lessons/timetable?branch=${branchId}&book=${line.line_id}&book_label=${encodeURIComponent(
    `${customer} · ${line.course_name}`,
  )}`;
  return (
    <div data-testid={`line-lessons-${line.line_id}`}>
      <HoursTable lineId={line.line_id} compact />
      <Collapse
        ghost
        size="small"
        style={{ marginTop: 8 }}
        items={[
          {
            key: 'l',
            label: `คาบเรียน (${lessons.data?.length ?? 0})`,
            extra: can('create', 'Lesson') && (
              <Link to={book} onClick={(e) => e.stopPropagation()} data-testid={`book-line-${line.line_id}`}>
                <Button size="small" icon={<CalendarOutlined />}>
                  จองคาบเรียน
                </Button>
              </Link>
            ),
            children: (
              <Table<LessonRow>
                size="small"
                rowKey="lesson_id"
                loading={lessons.isLoading}
                dataSource={lessons.data ?? []}
                pagination={false}
                scroll={{ x: 560 }}
                locale={{ emptyText: 'ยังไม่มีคาบเรียน' }}
                columns={[
                  {
                    title: 'วันเวลา',
                    key: 'w',
                    render: (_, r) => (
                      <span style={{ whiteSpace: 'nowrap' }}>
                        {thaiDate(r.date)} {timeRange(r)}
                      </span>
                    ),
                  },
                  { title: 'ชนิด', dataIndex: 'kind', render: (v: string) => kindName(v) },
                  {
                    title: 'ครูฝึก / รถ',
                    key: 'i',
                    render: (_, r) => [r.instructor_name, r.vehicle_name || r.room_name].filter(Boolean).join(' · '),
                  },
                  {
                    title: 'สถานะ',
                    dataIndex: 'state',
                    render: (v: string, r) => (
                      <span style={{ whiteSpace: 'nowrap' }}>
                        <Tag color={STATE_TAG_COLOR[v as LessonState]}>{stateName(v)}</Tag>
                        {r.charged && <Tag color="red">หักชั่วโมง</Tag>}
                      </span>
                    ),
                  },
                ]}
              />
            ),
          },
        ]}
      />
    </div>
  );
}

/** One card with a section per course line; nothing without the Lesson ability or without course lines. */
export function LineLessons({
  lines,
  branchId,
  customer,
}: {
  lines: LessonLine[];
  branchId: number;
  customer: string;
}) {
  const { can } = useSession();
  if (!lines.length || !can('read', 'Lesson')) return null;
  return (
    <Card title="ชั่วโมงเรียนและคาบเรียน" style={{ marginBottom: 16 }} data-testid="application-lessons">
      {lines.map((l, i) => (
        <div key={l.line_id} style={{ marginTop: i ? 20 : 0 }}>
          <Typography.Text strong>
            {l.course_name.includes(l.course_type) ? l.course_name : `${l.course_name} (${l.course_type})`}
          </Typography.Text>
          <LineSection line={l} branchId={branchId} customer={customer} />
        </div>
      ))}
    </Card>
  );
}
