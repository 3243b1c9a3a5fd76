/**
 * The actions on one lesson, each a small dialog: check in by hand (student or instructor, a reason: audited),
 * complete (hours credited), no-show (charged; a manager may waive with a reason) and cancel (by the school or the
 * student, a reason; a student's cancellation later than the free notice is charged unless a manager waives it).
 */
import { Alert, App, Checkbox, Form, Input, Modal, Radio, Typography } from 'antd';
import type { ButtonProps } from 'antd';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../api/client';
import { useSession } from '../../api/useSession';
import { thaiDate } from '../../components/ThaiDate';
import { hoursText, isLateCancel, minutesBetween, timeRange } from './lessonUi';
import {
  useCancelLesson,
  useCheckinLesson,
  useCompleteLesson,
  useLessonSettings,
  useNoShowLesson,
  type LessonRow,
} from './queries';

export type LessonAction = 'checkin' | 'checkin_instructor' | 'complete' | 'noshow' | 'cancel';

const TITLES: Record<LessonAction, string> = {
  checkin: 'เช็กอินผู้เรียนด้วยมือ',
  checkin_instructor: 'เช็กอินครูฝึกด้วยมือ',
  complete: 'บันทึกเรียนจบ',
  noshow: 'บันทึกขาดเรียน',
  cancel: 'ยกเลิกคาบเรียน',
};
const OK: Record<LessonAction, string> = {
  checkin: 'เช็กอิน',
  checkin_instructor: 'เช็กอิน',
  complete: 'บันทึกเรียนจบ',
  noshow: 'บันทึกขาดเรียน',
  cancel: 'ยกเลิกคาบเรียน',
};

interface Values {
  reason?: string;
  by?: 'school' | 'student';
  waive?: boolean;
  waive_reason?: string;
  note?: string;
}

export function LessonActionModal({
  lesson,
  action,
  onClose,
}: {
  lesson: LessonRow;
  action: LessonAction | null;
  onClose: () => void;
}) {
  const { message } = App.useApp();
  const { can } = useSession();
  const manager = can('manage', 'Lesson');
  const [form] = Form.useForm<Values>();
  const [error, setError] = useState<string | null>(null);
  const settings = useLessonSettings();
  const checkin = useCheckinLesson();
  const complete = useCompleteLesson();
  const noshow = useNoShowLesson();
  const cancel = useCancelLesson();
  const by = Form.useWatch('by', form);
  const waive = Form.useWatch('waive', form);
  const busy = checkin.isPending || complete.isPending || noshow.isPending || cancel.isPending;

  useEffect(() => {
    if (action) {
      form.resetFields();
      setError(null);
    }
  }, [action, form]);

  const freeHours = settings.data?.free_cancel_hours ?? 24;
  const late = isLateCancel(lesson.starts_at, freeHours);
  const charge = hoursText(lesson.minutes || minutesBetween(lesson.start_time, lesson.end_time));
  const waiveFields = manager && (
    <>
      <Form.Item name="waive" valuePropName="checked" style={{ marginBottom: 8 }}>
        <Checkbox data-testid="action-waive">ยกเว้นการหักชั่วโมง (ผู้จัดการ)</Checkbox>
      </Form.Item>
      {waive && (
        <Form.Item
          name="waive_reason"
          label="เหตุผลที่ยกเว้น"
          rules={[{ required: true, whitespace: true, message: 'กรุณาระบุเหตุผลที่ยกเว้น' }]}
        >
          <Input maxLength={500} />
        </Form.Item>
      )}
    </>
  );

  const run = async (v: Values) => {
    setError(null);
    const id = lesson.lesson_id;
    const waiver = v.waive ? { waive: true, waive_reason: v.waive_reason?.trim() } : {};
    try {
      const r =
        action === 'checkin' || action === 'checkin_instructor'
          ? await checkin.mutateAsync({
              lesson_id: id,
              who: action === 'checkin' ? 'student' : 'instructor',
              reason: v.reason!.trim(),
            })
          : action === 'complete'
            ? await complete.mutateAsync({ lesson_id: id, ...(v.note?.trim() ? { note: v.note.trim() } : {}) })
            : action === 'noshow'
              ? await noshow.mutateAsync({ lesson_id: id, ...waiver })
              : await cancel.mutateAsync({ lesson_id: id, by: v.by!, reason: v.reason!.trim(), ...waiver });
      message.success(r.message || 'บันทึกเรียบร้อยแล้ว');
      onClose();
    } catch (e) {
      setError(errorMessage(e));
    }
  };

  return (
    <Modal
      open={!!action}
      title={action ? TITLES[action] : ''}
      okText={action ? OK[action] : ''}
      cancelText="ปิด"
      okButtonProps={{ danger: action === 'cancel' || action === 'noshow', 'data-testid': 'action-ok' } as ButtonProps}
      confirmLoading={busy}
      onCancel={onClose}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">
        {lesson.customer_name || lesson.room_name} · {thaiDate(lesson.date)} {timeRange(lesson)} น. · ครูฝึก{' '}
        {lesson.instructor_name || '-'}
      </Typography.Paragraph>
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} data-testid="action-error" />}
      <Form form={form} layout="vertical" onFinish={(v) => void run(v)} initialValues={{ by: 'student' }}>
        {(action === 'checkin' || action === 'checkin_instructor' || action === 'cancel') && (
          <Form.Item
            name="reason"
            label={action === 'cancel' ? 'เหตุผลที่ยกเลิก' : 'เหตุผลที่เช็กอินด้วยมือ (บันทึกในประวัติการแก้ไข)'}
            rules={[{ required: true, whitespace: true, message: 'กรุณาระบุเหตุผล' }]}
          >
            <Input
              maxLength={500}
              placeholder={action === 'cancel' ? '' : 'เช่น เครื่องอ่านบัตรเสีย ผู้เรียนลืมบัตร'}
              data-testid="action-reason"
            />
          </Form.Item>
        )}
        {action === 'cancel' && (
          <>
            <Form.Item name="by" label="ยกเลิกโดย">
              <Radio.Group
                options={[
                  { value: 'student', label: 'ผู้เรียนขอยกเลิก' },
                  { value: 'school', label: 'โรงเรียนยกเลิก (ไม่หักชั่วโมง)' },
                ]}
              />
            </Form.Item>
            {by === 'student' && late && (
              <Alert
                type="warning"
                showIcon
                style={{ marginBottom: 12 }}
                data-testid="late-cancel"
                title={`ยกเลิกน้อยกว่า ${freeHours} ชั่วโมงก่อนเริ่มเรียน: จะหักชั่วโมงเรียน ${charge}`}
                description={manager ? 'ผู้จัดการยกเว้นการหักได้ พร้อมระบุเหตุผล' : undefined}
              />
            )}
            {by === 'student' && late && waiveFields}
          </>
        )}
        {action === 'noshow' && (
          <>
            <Alert
              type="warning"
              showIcon
              style={{ marginBottom: 12 }}
              title={`ผู้เรียนขาดเรียน: จะหักชั่วโมงเรียน ${charge}`}
            />
            {waiveFields}
          </>
        )}
        {action === 'complete' && (
          <>
            <Typography.Paragraph>เครดิตชั่วโมงเรียน {charge} ให้ผู้เรียน</Typography.Paragraph>
            <Form.Item name="note" label="หมายเหตุ" style={{ marginBottom: 0 }}>
              <Input.TextArea maxLength={500} autoSize={{ minRows: 1, maxRows: 3 }} />
            </Form.Item>
          </>
        )}
      </Form>
    </Modal>
  );
}
