/** One lesson in a drawer: who, when, where, its state and check-ins, the line's hours, and the actions its state allows. */
import { Alert, Button, Descriptions, Drawer, Flex, Skeleton, Tag, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../api/client';
import { useSession } from '../../api/useSession';
import { thaiDate } from '../../components/ThaiDate';
import { HoursTable } from './HoursTable';
import { LessonActionModal, type LessonAction } from './LessonActionModal';
import { hoursText, kindName, STATE_TAG_COLOR, stateName, timeRange, type LessonState } from './lessonUi';
import { useLesson } from './queries';

const METHOD: Record<string, string> = { card: 'บัตรประชาชน', manual: 'เช็กอินด้วยมือ' };
const clock = (iso: string | null) => (iso ? thaiDate(iso, 'datetime') : '-');

export function LessonDrawer({ lessonId, onClose }: { lessonId: number | null; onClose: () => void }) {
  const { can } = useSession();
  const q = useLesson(lessonId);
  const [action, setAction] = useState<LessonAction | null>(null);
  const l = q.data;
  const update = can('update', 'Lesson');
  const actions: { key: LessonAction; label: string; primary?: boolean; danger?: boolean }[] = [];
  if (l && update && l.kind !== 'class') {
    if (l.state === 'booked') actions.push({ key: 'checkin', label: 'เช็กอินผู้เรียน', primary: true });
    if ((l.state === 'booked' || l.state === 'checked_in') && !l.instructor_checked_in_at && l.kind === 'practice')
      actions.push({ key: 'checkin_instructor', label: 'เช็กอินครูฝึก' });
    if (l.state === 'checked_in') actions.push({ key: 'complete', label: 'เรียนจบ', primary: true });
    // a no-show is recorded once the lesson has started
    if (l.state === 'booked' && new Date(l.starts_at).getTime() <= Date.now())
      actions.push({ key: 'noshow', label: 'ขาดเรียน', danger: true });
    if (l.state === 'booked') actions.push({ key: 'cancel', label: 'ยกเลิก', danger: true });
  }
  return (
    <Drawer
      open={!!lessonId}
      onClose={onClose}
      size={460}
      title={l ? `${kindName(l.kind)} · ${thaiDate(l.date)} ${timeRange(l)} น.` : 'คาบเรียน'}
      data-testid="lesson-drawer"
    >
      {q.isLoading && <Skeleton active />}
      {q.error && <Alert type="error" showIcon title={errorMessage(q.error)} />}
      {l && (
        <>
          <Flex gap={8} wrap style={{ marginBottom: 16 }}>
            {actions.map((a) => (
              <Button
                key={a.key}
                type={a.primary ? 'primary' : 'default'}
                danger={a.danger}
                onClick={() => setAction(a.key)}
                data-testid={`lesson-${a.key}`}
              >
                {a.label}
              </Button>
            ))}
            {l.kind === 'class' && (
              <Link to={`/lessons/classes/${l.lesson_id}`}>
                <Button type="primary">รายชื่อผู้เรียนในชั้นเรียน</Button>
              </Link>
            )}
          </Flex>
          <Descriptions
            size="small"
            column={1}
            bordered
            styles={{ label: { width: 120, whiteSpace: 'nowrap' } }}
            items={[
              {
                key: 's',
                label: 'สถานะ',
                children: (
                  <Flex gap={4} wrap>
                    <Tag color={STATE_TAG_COLOR[l.state as LessonState]} data-testid="lesson-state">
                      {stateName(l.state)}
                    </Tag>
                    {l.charged && <Tag color="red">หักชั่วโมง</Tag>}
                  </Flex>
                ),
              },
              {
                key: 'c',
                label: 'ผู้เรียน',
                children: l.application_id ? (
                  <Link to={`/applications/${l.application_id}`}>
                    {l.customer_name} ({l.application_code})
                  </Link>
                ) : (
                  l.customer_name || '-'
                ),
              },
              { key: 't', label: 'ประเภทใบขับขี่', children: l.course_type || '-' },
              {
                key: 'w',
                label: 'วันเวลา',
                children: `${thaiDate(l.date, 'long')} ${timeRange(l)} น. (${hoursText(l.minutes)})`,
              },
              { key: 'i', label: 'ครูฝึก', children: l.instructor_name || '-' },
              ...(l.kind === 'practice' ? [{ key: 'v', label: 'รถฝึก', children: l.vehicle_name || '-' }] : []),
              ...(l.room_name ? [{ key: 'r', label: 'ห้องเรียน', children: l.room_name }] : []),
              ...(l.kind === 'class'
                ? [{ key: 'e', label: 'ที่นั่ง', children: `${l.enrolled}/${l.capacity ?? '-'}` }]
                : []),
              ...(l.pickup ? [{ key: 'p', label: 'จุดรับ-ส่ง', children: l.pickup }] : []),
              {
                key: 'ci',
                label: 'ผู้เรียนมาถึง',
                children: l.checked_in_at
                  ? `${clock(l.checked_in_at)}${l.checkin_method ? ` (${METHOD[l.checkin_method] ?? l.checkin_method})` : ''}`
                  : '-',
              },
              ...(l.kind === 'practice'
                ? [{ key: 'ii', label: 'ครูฝึกมาถึง', children: clock(l.instructor_checked_in_at) }]
                : []),
              ...(l.state === 'cancelled'
                ? [
                    {
                      key: 'x',
                      label: 'การยกเลิก',
                      children: `${l.cancel_by === 'school' ? 'โรงเรียนยกเลิก' : 'ผู้เรียนยกเลิก'}: ${l.cancel_reason || '-'}`,
                    },
                  ]
                : []),
              ...(l.note ? [{ key: 'n', label: 'หมายเหตุ', children: l.note }] : []),
            ]}
          />
          {l.line_id && (
            <div style={{ marginTop: 16 }}>
              <Typography.Title level={5}>ชั่วโมงเรียนของหลักสูตร</Typography.Title>
              <HoursTable lineId={l.line_id} vertical />
            </div>
          )}
          <LessonActionModal lesson={l} action={action} onClose={() => setAction(null)} />
        </>
      )}
    </Drawer>
  );
}
