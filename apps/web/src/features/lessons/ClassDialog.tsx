/** เปิดชั้นเรียนภาคทฤษฎี: room, instructor, licence type, day and times, seats (at most the room's capacity), note. */
import { Alert, App, AutoComplete, Col, Form, Input, InputNumber, Modal, Row, Select } from 'antd';
import { todayBangkok } from '@khabkhi/thai';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../api/client';
import { ThaiDatePicker } from '../../components/ThaiDatePicker';
import { timeOptions } from './lessonUi';
import { useCreateClass, useLessonSettings, useLineSearch, useRooms, useTimetable } from './queries';

interface Values {
  room_id?: number;
  instructor_id?: number;
  course_type?: string;
  date: string;
  start_time?: string;
  end_time?: string;
  capacity?: number | null;
  note?: string;
}

const DEFAULT_TYPES = ['รถยนต์', 'รถจักรยานยนต์'];

export function ClassDialog({ branchId, open, onClose }: { branchId: number; open: boolean; onClose: () => void }) {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [form] = Form.useForm<Values>();
  const [error, setError] = useState<string | null>(null);
  const date = Form.useWatch('date', form) ?? todayBangkok();
  const roomId = Form.useWatch('room_id', form);
  const rooms = useRooms(open ? branchId : 0);
  const instructors = useTimetable({
    branch_id: open ? branchId : 0,
    date_from: date,
    date_to: date,
    resource: 'instructor',
  });
  const types = useLineSearch(open ? branchId : 0, '');
  const settings = useLessonSettings();
  const create = useCreateClass();
  const times = timeOptions(settings.data?.day_start ?? '06:00', settings.data?.day_end ?? '21:00', 15);
  const room = rooms.data?.find((r) => r.room_id === roomId);
  const typeOptions = [
    ...new Set(
      [...DEFAULT_TYPES, ...(types.data?.types ?? []).map((o) => String(o.value))].filter((t) => t !== 'ทั้งหมด'),
    ),
  ].map((value) => ({ value }));

  useEffect(() => {
    if (open) {
      form.resetFields();
      setError(null);
    }
  }, [open, form]);

  const save = async (v: Values) => {
    setError(null);
    try {
      const r = await create.mutateAsync({
        branch_id: branchId,
        room_id: v.room_id!,
        instructor_id: v.instructor_id!,
        course_type: v.course_type!.trim(),
        date: v.date,
        start_time: v.start_time!,
        end_time: v.end_time!,
        ...(v.capacity ? { capacity: v.capacity } : {}),
        ...(v.note?.trim() ? { note: v.note.trim() } : {}),
      });
      message.success(r.message || 'เปิดชั้นเรียนเรียบร้อยแล้ว');
      onClose();
      navigate(`/lessons/classes/${r.data.lesson_id}`);
    } catch (e) {
      setError(errorMessage(e));
    }
  };

  return (
    <Modal
      open={open}
      title="เปิดชั้นเรียนภาคทฤษฎี"
      okText="เปิดชั้นเรียน"
      cancelText="ปิด"
      width={640}
      confirmLoading={create.isPending}
      onCancel={onClose}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} />}
      {rooms.data && rooms.data.length === 0 && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 12 }}
          title="สาขานี้ยังไม่มีห้องเรียน เพิ่มห้องเรียนได้ที่ ตั้งค่าตารางเรียน"
        />
      )}
      <Form
        form={form}
        layout="vertical"
        initialValues={{ date: todayBangkok() }}
        onFinish={(v) => void save(v)}
        requiredMark="optional"
      >
        <Row gutter={12}>
          <Col xs={24} sm={12}>
            <Form.Item name="room_id" label="ห้องเรียน" rules={[{ required: true, message: 'กรุณาเลือกห้องเรียน' }]}>
              <Select
                options={(rooms.data ?? []).map((r) => ({ value: r.room_id, label: `${r.name} (${r.capacity} ที่นั่ง)` }))}
              />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="instructor_id" label="ครูผู้สอน" rules={[{ required: true, message: 'กรุณาเลือกครูผู้สอน' }]}>
              <Select
                showSearch={{ optionFilterProp: 'label' }}
                options={(instructors.data?.resources ?? []).map((r) => ({ value: r.id, label: r.name }))}
              />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item
              name="course_type"
              label="ประเภทใบขับขี่"
              rules={[{ required: true, whitespace: true, message: 'กรุณาระบุประเภทใบขับขี่' }]}
            >
              <AutoComplete options={typeOptions} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="capacity" label={`จำนวนที่นั่ง${room ? ` (ไม่เกิน ${room.capacity})` : ''}`}>
              <InputNumber min={1} max={room?.capacity ?? 500} style={{ width: '100%' }} placeholder="เท่าความจุห้อง" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={8}>
            <Form.Item name="date" label="วันที่" rules={[{ required: true, message: 'กรุณาเลือกวันที่' }]}>
              <ThaiDatePicker style={{ width: '100%' }} allowClear={false} />
            </Form.Item>
          </Col>
          <Col xs={12} sm={8}>
            <Form.Item name="start_time" label="เวลาเริ่ม" rules={[{ required: true, message: 'กรุณาเลือกเวลาเริ่ม' }]}>
              <Select options={times} />
            </Form.Item>
          </Col>
          <Col xs={12} sm={8}>
            <Form.Item name="end_time" label="เวลาสิ้นสุด" rules={[{ required: true, message: 'กรุณาเลือกเวลาสิ้นสุด' }]}>
              <Select options={times} />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="note" label="หมายเหตุ" style={{ marginBottom: 0 }}>
          <Input.TextArea maxLength={500} autoSize={{ minRows: 1, maxRows: 3 }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
