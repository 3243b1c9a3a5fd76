/**
 * Theory classes: the list of classes (the lessons list narrowed to classes) with "เปิดชั้นเรียน", and a class's
 * roster: its enrolled students (one seat each), enrolling more by searching the branch's course lines, check-in per
 * seat and completing the class.
 */
import { PlusOutlined, UserAddOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, Descriptions, Flex, Select, Skeleton, Table, Tag, Typography } from 'antd';
import { addDays, todayBangkok } from '@khabkhi/thai';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { errorMessage } from '../../api/client';
import { useSession } from '../../api/useSession';
import { ListPage, type ListColumn } from '../../components/ListPage';
import { PageHeader } from '../../components/PageHeader';
import { thaiDate } from '../../components/ThaiDate';
import { ClassDialog } from './ClassDialog';
import { LessonActionModal, type LessonAction } from './LessonActionModal';
import { STATE_TAG_COLOR, stateName, timeRange, type LessonState } from './lessonUi';
import { LESSON_TABLE, useClassSeats, useEnrollClass, useLesson, useLineSearch, type LessonRow } from './queries';
import { useBranchParam } from './useBranchParam';

const stateTag = (s: string) => <Tag color={STATE_TAG_COLOR[s as LessonState]}>{stateName(s)}</Tag>;

const classColumns: ListColumn<LessonRow>[] = [
  { title: 'วันที่', dataIndex: 'date', width: 110, kind: 'date', render: (v: string) => thaiDate(v) },
  { title: 'เวลา', key: 'time', width: 110, render: (_: unknown, r) => timeRange(r), exportValue: (r) => timeRange(r) },
  { title: 'ประเภท', dataIndex: 'course_type', width: 130 },
  {
    // the room's branch under it: head office sees every branch's "ห้องอบรม 1" at the same hour
    title: 'ห้องเรียน',
    dataIndex: 'room_name',
    width: 160,
    render: (v: string, r) => (
      <>
        {v}
        <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
          {r.branch_name}
        </Typography.Text>
      </>
    ),
  },
  { title: 'ครูผู้สอน', dataIndex: 'instructor_name', wrap: 160 },
  {
    title: 'ที่นั่ง',
    key: 'seats',
    width: 90,
    render: (_: unknown, r) => `${r.enrolled}/${r.capacity ?? '-'}`,
    exportValue: (r) => `${r.enrolled}/${r.capacity ?? '-'}`,
  },
  { title: 'สถานะ', dataIndex: 'state', width: 110, render: stateTag, exportValue: (r) => stateName(r.state) },
  // in the export and the print; on screen under the room
  { title: 'สาขา', dataIndex: 'branch_name', hidden: true },
];

export function ClassList() {
  const { can } = useSession();
  const { branchId } = useBranchParam();
  const [adding, setAdding] = useState(false);
  const today = todayBangkok();
  return (
    <>
      <ListPage<LessonRow>
        title="ชั้นเรียนภาคทฤษฎี"
        subtitle="ชั้นเรียนของสาขา คลิกแถวเพื่อดูรายชื่อผู้เรียน เพิ่มผู้เรียน และเช็กอิน"
        endpoint={LESSON_TABLE}
        baseQuery={{ kind: 'class' }}
        rowKey="lesson_id"
        filters={['branch', 'status']}
        search="ชื่อครูผู้สอน"
        dateRange={{ start: addDays(today, -7), end: addDays(today, 30), label: 'วันที่เรียน' }}
        exportName="ชั้นเรียนภาคทฤษฎี"
        columns={classColumns}
        detailPath={(r) => `/lessons/classes/${r.lesson_id}`}
        extra={
          can('create', 'Lesson') && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)} data-testid="class-new">
              เปิดชั้นเรียน
            </Button>
          )
        }
      />
      <ClassDialog branchId={branchId} open={adding} onClose={() => setAdding(false)} />
    </>
  );
}

export function ClassRoster() {
  const { message } = App.useApp();
  const { can } = useSession();
  const id = Number(useParams().id) || 0;
  const q = useLesson(id);
  const c = q.data;
  const seatsQ = useClassSeats(c);
  const [text, setText] = useState('');
  const [picked, setPicked] = useState<number[]>([]);
  const lines = useLineSearch(c?.branch_id ?? 0, text);
  const enroll = useEnrollClass();
  const [act, setAct] = useState<{ lesson: LessonRow; action: LessonAction } | null>(null);
  const update = can('update', 'Lesson');

  if (q.isLoading) return <Skeleton active />;
  if (q.error || !c) return <Alert type="error" showIcon title={errorMessage(q.error) || 'ไม่พบชั้นเรียน'} />;
  const seats = seatsQ.data ?? [];
  const enrolledLines = new Set(seats.filter((s) => s.state !== 'cancelled').map((s) => s.line_id));
  const full = c.capacity !== null && c.enrolled >= c.capacity;
  const live = c.state === 'booked' || c.state === 'checked_in';

  const doEnroll = async () => {
    try {
      const r = await enroll.mutateAsync({ class_id: c.lesson_id, line_ids: picked });
      message.success(r.message || 'เพิ่มผู้เรียนเข้าชั้นเรียนแล้ว');
      setPicked([]);
    } catch (e) {
      message.error({ content: errorMessage(e), duration: 6 });
    }
  };

  return (
    <>
      <PageHeader
        title={`ชั้นเรียนภาคทฤษฎี ${c.course_type}`}
        subtitle={`${thaiDate(c.date, 'long')} ${timeRange(c)} น.`}
        back="/lessons/classes"
        extra={
          update &&
          live && (
            <Button
              type="primary"
              onClick={() => setAct({ lesson: c, action: 'complete' })}
              data-testid="class-complete"
            >
              บันทึกจบชั้นเรียน
            </Button>
          )
        }
      />
      <Card style={{ marginBottom: 16 }}>
        <Descriptions
          size="small"
          column={{ xs: 1, md: 3 }}
          items={[
            { key: 's', label: 'สถานะ', children: stateTag(c.state) },
            { key: 'r', label: 'ห้องเรียน', children: c.room_name || '-' },
            { key: 'i', label: 'ครูผู้สอน', children: c.instructor_name || '-' },
            { key: 'e', label: 'ที่นั่ง', children: `${c.enrolled}/${c.capacity ?? '-'}` },
            { key: 'b', label: 'สาขา', children: c.branch_name },
            ...(c.note ? [{ key: 'n', label: 'หมายเหตุ', children: c.note }] : []),
          ]}
        />
      </Card>
      {can('create', 'Lesson') && live && (
        <Card title="เพิ่มผู้เรียน" size="small" style={{ marginBottom: 16 }}>
          {full ? (
            <Typography.Text type="warning">ชั้นเรียนเต็มแล้ว</Typography.Text>
          ) : (
            <Flex gap={8} wrap>
              <Select
                mode="multiple"
                style={{ flex: 1, minWidth: 280 }}
                value={picked}
                onChange={setPicked}
                showSearch={{ filterOption: false, onSearch: setText }}
                placeholder="ค้นหาผู้เรียนด้วยชื่อ เลขบัตรประชาชน หรือเลขที่ใบสมัคร"
                loading={lines.isFetching}
                options={(lines.data?.rows ?? [])
                  .filter((r) => !enrolledLines.has(r.line_id))
                  .map((r) => ({
                    value: r.line_id,
                    label: `${r.customer_name} · ${r.course_name} · ${r.application_code}`,
                  }))}
                data-testid="class-enroll-search"
              />
              <Button
                icon={<UserAddOutlined />}
                disabled={!picked.length}
                loading={enroll.isPending}
                onClick={() => void doEnroll()}
              >
                เพิ่มเข้าชั้นเรียน
              </Button>
            </Flex>
          )}
        </Card>
      )}
      <Card title={`รายชื่อผู้เรียน (${seats.length})`}>
        <Table<LessonRow>
          size="small"
          rowKey="lesson_id"
          dataSource={seats}
          loading={seatsQ.isLoading}
          pagination={false}
          locale={{ emptyText: 'ยังไม่มีผู้เรียนในชั้นเรียนนี้' }}
          columns={[
            { title: '#', key: 'n', width: 50, render: (_, __, i) => i + 1 },
            {
              title: 'ผู้เรียน',
              dataIndex: 'customer_name',
              render: (v: string, r) =>
                r.application_id ? <Link to={`/applications/${r.application_id}`}>{v}</Link> : v,
            },
            { title: 'เลขที่ใบสมัคร', dataIndex: 'application_code', responsive: ['lg'] },
            { title: 'สถานะ', dataIndex: 'state', width: 120, render: stateTag },
            {
              title: 'มาถึง',
              dataIndex: 'checked_in_at',
              width: 150,
              render: (v: string | null) => (v ? thaiDate(v, 'datetime') : '-'),
            },
            {
              title: '',
              key: 'x',
              width: 200,
              render: (_, r) =>
                update && (
                  <Flex gap={4}>
                    {r.state === 'booked' && (
                      <Button size="small" onClick={() => setAct({ lesson: r, action: 'checkin' })}>
                        เช็กอิน
                      </Button>
                    )}
                    {r.state === 'booked' && (
                      <Button size="small" danger onClick={() => setAct({ lesson: r, action: 'cancel' })}>
                        ยกเลิก
                      </Button>
                    )}
                  </Flex>
                ),
            },
          ]}
        />
      </Card>
      {act && <LessonActionModal lesson={act.lesson} action={act.action} onClose={() => setAct(null)} />}
    </>
  );
}
