/**
 * รายการคาบเรียน: every lesson, class and seat of the user's branches, with URL filters (branch, instructor, vehicle,
 * state, kind, date range, and the student by the search text) and the Excel export of other lists. A row opens
 * the lesson's drawer.
 */
import { CalendarOutlined } from '@ant-design/icons';
import { Button, Tag } from 'antd';
import { addDays, todayBangkok } from '@khabkhi/thai';
import { useState } from 'react';
import { Link } from 'react-router';
import { ListPage, type ListColumn } from '../../components/ListPage';
import { thaiDate } from '../../components/ThaiDate';
import { LessonDrawer } from './LessonDrawer';
import { hoursText, kindName, STATE_TAG_COLOR, stateName, timeRange, type LessonState } from './lessonUi';
import { LESSON_TABLE, type LessonRow } from './queries';

const columns: ListColumn<LessonRow>[] = [
  {
    title: 'วันที่',
    dataIndex: 'date',
    width: 110,
    kind: 'date',
    render: (v: string) => <span style={{ whiteSpace: 'nowrap' }}>{thaiDate(v)}</span>,
  },
  {
    title: 'เวลา',
    key: 'time',
    width: 110,
    render: (_: unknown, r) => <span style={{ whiteSpace: 'nowrap' }}>{timeRange(r)}</span>,
    exportValue: (r) => timeRange(r),
  },
  {
    title: 'ผู้เรียน',
    dataIndex: 'customer_name',
    wrap: 170,
    render: (v: string, r) => v || (r.kind === 'class' ? `ชั้นเรียน ${r.enrolled}/${r.capacity ?? '-'} ที่นั่ง` : '-'),
  },
  { title: 'เลขที่ใบสมัคร', dataIndex: 'application_code', width: 150, responsive: ['xxl'] },
  { title: 'ประเภท', dataIndex: 'course_type', width: 110 },
  {
    title: 'ชนิด',
    dataIndex: 'kind',
    width: 110,
    responsive: ['xl'],
    render: (v: string) => kindName(v),
    exportValue: (r) => kindName(r.kind),
  },
  { title: 'ครูฝึก', dataIndex: 'instructor_name', wrap: 150 },
  {
    title: 'รถ / ห้อง',
    key: 'place',
    wrap: 130,
    render: (_: unknown, r) => r.vehicle_name || r.room_name || '-',
    exportValue: (r) => r.vehicle_name || r.room_name,
  },
  {
    title: 'ชั่วโมง',
    dataIndex: 'minutes',
    width: 90,
    kind: 'number',
    responsive: ['xl'],
    render: (v: number) => hoursText(v),
    exportValue: (r) => Math.round((r.minutes / 60) * 100) / 100,
  },
  {
    title: 'สถานะ',
    dataIndex: 'state',
    width: 120,
    render: (v: string, r) => (
      <span style={{ whiteSpace: 'nowrap' }}>
        <Tag color={STATE_TAG_COLOR[v as LessonState]} style={{ marginInlineEnd: 4 }}>
          {stateName(v)}
        </Tag>
        {r.charged && <Tag color="red">หักชั่วโมง</Tag>}
      </span>
    ),
    exportValue: (r) => `${stateName(r.state)}${r.charged ? ' (หักชั่วโมง)' : ''}`,
  },
  { title: 'สาขา', dataIndex: 'branch_name', width: 130, ellipsis: true, responsive: ['xxl'] },
];

export default function LessonList() {
  const [openId, setOpenId] = useState<number | null>(null);
  const today = todayBangkok();
  return (
    <>
      <ListPage<LessonRow>
        title="รายการคาบเรียน"
        subtitle="คาบเรียนภาคปฏิบัติ ชั้นเรียนภาคทฤษฎี และที่นั่งของผู้เรียน คลิกแถวเพื่อดูรายละเอียดและเช็กอิน"
        endpoint={LESSON_TABLE}
        rowKey="lesson_id"
        filters={['branch', 'instructor', 'vehicle', 'class', 'status', 'kind']}
        filterLabels={{ instructor: 'ครูฝึก', vehicle: 'รถ', class: 'ชั้นเรียน', status: 'สถานะ', kind: 'ชนิด' }}
        dateRange={{ start: addDays(today, -7), end: addDays(today, 7), label: 'วันที่เรียน' }}
        search="ผู้เรียน เลขบัตรประชาชน เลขที่ใบสมัคร ครูฝึก หรือทะเบียนรถ"
        exportName="รายการคาบเรียน"
        columns={columns}
        extra={
          <Link to="/lessons/timetable">
            <Button icon={<CalendarOutlined />}>ตารางเรียน</Button>
          </Link>
        }
        onRowClick={(r) => setOpenId(r.lesson_id)}
      />
      <LessonDrawer lessonId={openId} onClose={() => setOpenId(null)} />
    </>
  );
}
