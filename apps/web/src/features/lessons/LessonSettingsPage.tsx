/**
 * ตั้งค่าตารางเรียน: the school's lesson rules (free-cancel notice, minimum paid share before the first practical
 * lesson, the timetable's day, the longest lesson and class), the rooms of a branch, and each instructor's weekly
 * hours, leave days and rates (a tab here rather than on the employee page: they are per branch, like the timetable).
 */
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import {
  Alert,
  App,
  Button,
  Card,
  Col,
  Form,
  Input,
  InputNumber,
  Modal,
  Popconfirm,
  Row,
  Select,
  Skeleton,
  Table,
  Tabs,
} from 'antd';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../api/client';
import { PageHeader } from '../../components/PageHeader';
import { AvailabilityTab } from './AvailabilityTab';
import { timeOptions } from './lessonUi';
import {
  useDeleteRoom,
  useLessonSettings,
  useRooms,
  useSaveRoom,
  useSaveSettings,
  type LessonSettings,
  type Room,
} from './queries';
import { useBranchParam } from './useBranchParam';

const TIMES = timeOptions('00:00', '23:30', 30);

function RulesForm() {
  const { message } = App.useApp();
  const q = useLessonSettings();
  const save = useSaveSettings();
  const [form] = Form.useForm<LessonSettings>();
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (q.data) form.setFieldsValue(q.data);
  }, [q.data, form]);
  if (q.isLoading) return <Skeleton active />;
  const run = async (v: LessonSettings) => {
    setError(null);
    try {
      const r = await save.mutateAsync(v);
      message.success(r.message || 'บันทึกการตั้งค่าเรียบร้อยแล้ว');
    } catch (e) {
      setError(errorMessage(e));
    }
  };
  const num = (name: keyof LessonSettings, label: string, min: number, max: number, suffix: string, extra?: string) => (
    <Col xs={24} sm={12}>
      <Form.Item name={name} label={label} extra={extra} rules={[{ required: true, message: `กรุณากรอก${label}` }]}>
        <InputNumber min={min} max={max} suffix={suffix} style={{ width: '100%' }} />
      </Form.Item>
    </Col>
  );
  return (
    <Card style={{ maxWidth: 760 }}>
      {(q.error || error) && (
        <Alert type="error" showIcon title={error ?? errorMessage(q.error)} style={{ marginBottom: 12 }} />
      )}
      <Form form={form} layout="vertical" onFinish={(v) => void run(v)}>
        <Row gutter={16}>
          {num(
            'free_cancel_hours',
            'แจ้งยกเลิกล่วงหน้าโดยไม่หักชั่วโมง',
            0,
            720,
            'ชั่วโมง',
            'ผู้เรียนยกเลิกช้ากว่านี้หรือขาดเรียน จะถูกหักชั่วโมงเรียน (ผู้จัดการยกเว้นได้)',
          )}
          {num('min_paid_percent', 'ชำระขั้นต่ำก่อนเรียนภาคปฏิบัติครั้งแรก', 0, 100, '%', '0 = ไม่บังคับ')}
          <Col xs={12} sm={6}>
            <Form.Item name="day_start" label="ตารางเริ่ม" rules={[{ required: true }]}>
              <Select options={TIMES} />
            </Form.Item>
          </Col>
          <Col xs={12} sm={6}>
            <Form.Item name="day_end" label="ตารางสิ้นสุด" rules={[{ required: true }]}>
              <Select options={TIMES} />
            </Form.Item>
          </Col>
          {num('max_practice_minutes', 'คาบปฏิบัติยาวไม่เกิน', 15, 1440, 'นาที')}
          {num('max_class_minutes', 'ชั้นเรียนทฤษฎียาวไม่เกิน', 15, 1440, 'นาที')}
        </Row>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          บันทึกการตั้งค่า
        </Button>
      </Form>
    </Card>
  );
}

function RoomsCard({ branchId }: { branchId: number }) {
  const { message } = App.useApp();
  const q = useRooms(branchId);
  const save = useSaveRoom();
  const del = useDeleteRoom();
  const [editing, setEditing] = useState<Partial<Room> | null>(null);
  const [form] = Form.useForm<{ name: string; capacity: number }>();
  useEffect(() => {
    if (editing) form.setFieldsValue({ name: editing.name ?? '', capacity: editing.capacity ?? 30 });
  }, [editing, form]);
  const run = async (v: { name: string; capacity: number }) => {
    try {
      const body = { branch_id: branchId, name: v.name.trim(), capacity: v.capacity };
      const r = await save.mutateAsync(editing?.room_id ? { room_id: editing.room_id, ...body } : body);
      message.success(r.message || 'บันทึกห้องเรียนแล้ว');
      setEditing(null);
    } catch (e) {
      message.error({ content: errorMessage(e), duration: 6 });
    }
  };
  return (
    <Card
      style={{ maxWidth: 760 }}
      title="ห้องเรียนภาคทฤษฎีของสาขา"
      extra={
        <Button icon={<PlusOutlined />} onClick={() => setEditing({})}>
          เพิ่มห้องเรียน
        </Button>
      }
    >
      {q.error && <Alert type="error" showIcon title={errorMessage(q.error)} />}
      <Table<Room>
        size="small"
        rowKey="room_id"
        loading={q.isLoading}
        dataSource={q.data ?? []}
        pagination={false}
        locale={{ emptyText: 'ยังไม่มีห้องเรียน' }}
        columns={[
          { title: 'ชื่อห้อง', dataIndex: 'name' },
          { title: 'ความจุ (ที่นั่ง)', dataIndex: 'capacity', align: 'right', width: 140 },
          {
            title: '',
            key: 'x',
            width: 100,
            render: (_, r) => (
              <>
                <Button type="text" icon={<EditOutlined />} onClick={() => setEditing(r)} aria-label="แก้ไข" />
                <Popconfirm
                  title={`ลบห้อง ${r.name}?`}
                  okText="ลบ"
                  cancelText="ไม่"
                  okButtonProps={{ danger: true }}
                  onConfirm={() =>
                    del
                      .mutateAsync(r.room_id)
                      .then((x) => message.success(x.message || 'ลบห้องเรียนแล้ว'))
                      .catch((e: unknown) => message.error(errorMessage(e)))
                  }
                >
                  <Button type="text" danger icon={<DeleteOutlined />} aria-label="ลบ" />
                </Popconfirm>
              </>
            ),
          },
        ]}
      />
      <Modal
        open={!!editing}
        title={editing?.room_id ? 'แก้ไขห้องเรียน' : 'เพิ่มห้องเรียน'}
        okText="บันทึก"
        cancelText="ปิด"
        confirmLoading={save.isPending}
        onCancel={() => setEditing(null)}
        onOk={() => form.submit()}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" onFinish={(v) => void run(v)}>
          <Form.Item name="name" label="ชื่อห้อง" rules={[{ required: true, whitespace: true, message: 'กรุณากรอกชื่อห้อง' }]}>
            <Input maxLength={100} />
          </Form.Item>
          <Form.Item name="capacity" label="ความจุ (ที่นั่ง)" rules={[{ required: true, message: 'กรุณากรอกความจุ' }]}>
            <InputNumber min={1} max={500} style={{ width: '100%' }} />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}

export default function LessonSettingsPage() {
  const { branchId, options, setBranch } = useBranchParam();
  return (
    <>
      <PageHeader
        title="ตั้งค่าตารางเรียน"
        subtitle="กติกาการจองและยกเลิก ห้องเรียน เวลาทำงาน วันลา และอัตราค่าสอนของครูฝึก"
        extra={
          <Select
            style={{ width: 200 }}
            value={branchId || undefined}
            options={options}
            onChange={(v: number) => setBranch(v)}
            aria-label="สาขา"
          />
        }
      />
      <Tabs
        items={[
          { key: 'hours', label: 'เวลาทำงานครูฝึก', children: <AvailabilityTab branchId={branchId} /> },
          { key: 'rooms', label: 'ห้องเรียน', children: <RoomsCard branchId={branchId} /> },
          { key: 'rules', label: 'กติกาการจอง', children: <RulesForm /> },
        ]}
      />
    </>
  );
}
