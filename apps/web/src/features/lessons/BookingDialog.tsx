/**
 * จองคาบเรียน: a practical lesson of a student's course line (found by name, ID number, application number or phone
 * among the branch's live course lines), instructor and vehicle (prefilled from the timetable's column), the day and
 * times (from the chosen slot), pick-up place and note. The line's hours ledger shows before saving.
 */
import { Alert, App, Col, Form, Input, Modal, Row, Select, Typography } from 'antd';
import type { ButtonProps } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { errorMessage } from '../../api/client';
import { ThaiDatePicker } from '../../components/ThaiDatePicker';
import { HoursTable } from './HoursTable';
import { timeOptions } from './lessonUi';
import { useCreateLesson, useLineSearch, useLessonSettings, useTimetable } from './queries';

export interface BookingPrefill {
  date: string;
  start_time: string;
  end_time: string;
  instructor_id?: number;
  vehicle_id?: number;
  line_id?: number;
  /** shown in the line select before any search (e.g. from the application page) */
  line_label?: string;
}

interface Values {
  line_id?: number;
  instructor_id?: number;
  vehicle_id?: number;
  date: string;
  start_time: string;
  end_time: string;
  pickup?: string;
  note?: string;
}

export function BookingDialog({
  branchId,
  prefill,
  onClose,
  onBooked,
}: {
  branchId: number;
  prefill: BookingPrefill | null;
  onClose: () => void;
  onBooked?: (lessonId: number) => void;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const date = Form.useWatch('date', form) ?? prefill?.date ?? '';
  const lineId = Form.useWatch('line_id', form);
  const lines = useLineSearch(prefill ? branchId : 0, text);
  const settings = useLessonSettings();
  const range = { branch_id: prefill ? branchId : 0, date_from: date, date_to: date };
  const instructors = useTimetable({ ...range, resource: 'instructor' });
  const vehicles = useTimetable({ ...range, resource: 'vehicle' });
  const create = useCreateLesson();

  useEffect(() => {
    if (!prefill) return;
    setError(null);
    setText('');
    form.resetFields();
    form.setFieldsValue(
      Object.fromEntries(Object.entries(prefill).filter(([, v]) => v !== '' && v !== undefined)) as Partial<Values>,
    );
  }, [prefill, form]);

  const lineOptions = useMemo(() => {
    const opts = (lines.data?.rows ?? []).map((r) => ({
      value: r.line_id,
      label: `${r.customer_name} · ${r.course_name.includes(r.course_type) ? r.course_name : `${r.course_name} (${r.course_type})`} · ${r.application_code}`,
    }));
    if (prefill?.line_id && !opts.some((o) => o.value === prefill.line_id))
      opts.unshift({ value: prefill.line_id, label: prefill.line_label ?? `รายการ ${prefill.line_id}` });
    return opts;
  }, [lines.data, prefill]);

  const resourceOptions = (rs: typeof instructors.data) =>
    (rs?.resources ?? []).map((r) => {
      const off = r.unavailable || (r.leave.some((l) => l.date === date) ? 'ลา' : '');
      return {
        value: r.id,
        label: `${r.name}${r.detail ? ` (${r.detail})` : ''}${off ? ` — ${off}` : ''}`,
        disabled: !!r.unavailable,
      };
    });
  const times = timeOptions(settings.data?.day_start ?? '06:00', settings.data?.day_end ?? '21:00', 15);

  const save = async (v: Values) => {
    setError(null);
    try {
      const r = await create.mutateAsync({
        line_id: v.line_id!,
        instructor_id: v.instructor_id!,
        vehicle_id: v.vehicle_id!,
        date: v.date,
        start_time: v.start_time,
        end_time: v.end_time,
        ...(v.pickup?.trim() ? { pickup: v.pickup.trim() } : {}),
        ...(v.note?.trim() ? { note: v.note.trim() } : {}),
      });
      message.success(r.message || 'จองคาบเรียนเรียบร้อยแล้ว');
      onBooked?.(r.data.lesson_id);
      onClose();
    } catch (e) {
      setError(errorMessage(e));
    }
  };

  return (
    <Modal
      open={!!prefill}
      title="จองคาบเรียนภาคปฏิบัติ"
      okText="บันทึกการจอง"
      cancelText="ปิด"
      width={720}
      confirmLoading={create.isPending}
      onCancel={onClose}
      onOk={() => form.submit()}
      destroyOnHidden
      okButtonProps={{ 'data-testid': 'booking-save' } as ButtonProps}
    >
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} data-testid="booking-error" />}
      <Form form={form} layout="vertical" onFinish={(v) => void save(v)} requiredMark="optional">
        <Form.Item
          name="line_id"
          label="ผู้เรียนและหลักสูตร"
          rules={[{ required: true, message: 'กรุณาเลือกผู้เรียน (ค้นหาด้วยชื่อ เลขบัตรประชาชน หรือเลขที่ใบสมัคร)' }]}
        >
          <Select
            showSearch={{ filterOption: false, onSearch: setText }}
            placeholder="พิมพ์ชื่อ เลขบัตรประชาชน เลขที่ใบสมัคร หรือเบอร์โทร"
            options={lineOptions}
            loading={lines.isFetching}
            notFoundContent={lines.isFetching ? 'กำลังค้นหา…' : 'ไม่พบผู้เรียนที่กำลังเรียนในสาขานี้'}
            data-testid="booking-line"
          />
        </Form.Item>
        {lineId ? (
          <div style={{ marginBottom: 12 }}>
            <Typography.Text type="secondary">ชั่วโมงเรียนของหลักสูตรนี้</Typography.Text>
            <HoursTable lineId={lineId} compact />
          </div>
        ) : null}
        <Row gutter={12}>
          <Col xs={24} sm={12}>
            <Form.Item name="instructor_id" label="ครูฝึก" rules={[{ required: true, message: 'กรุณาเลือกครูฝึก' }]}>
              <Select
                showSearch={{ optionFilterProp: 'label' }}
                options={resourceOptions(instructors.data)}
                data-testid="booking-instructor"
              />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="vehicle_id" label="รถฝึก" rules={[{ required: true, message: 'กรุณาเลือกรถฝึก' }]}>
              <Select
                showSearch={{ optionFilterProp: 'label' }}
                options={resourceOptions(vehicles.data)}
                data-testid="booking-vehicle"
              />
            </Form.Item>
          </Col>
          <Col xs={24} sm={8}>
            <Form.Item name="date" label="วันที่" rules={[{ required: true, message: 'กรุณาเลือกวันที่' }]}>
              <ThaiDatePicker style={{ width: '100%' }} allowClear={false} />
            </Form.Item>
          </Col>
          <Col xs={12} sm={8}>
            <Form.Item name="start_time" label="เวลาเริ่ม" rules={[{ required: true, message: 'กรุณาเลือกเวลาเริ่ม' }]}>
              <Select options={times} showSearch={{ optionFilterProp: 'label' }} />
            </Form.Item>
          </Col>
          <Col xs={12} sm={8}>
            <Form.Item
              name="end_time"
              label="เวลาสิ้นสุด"
              dependencies={['start_time']}
              rules={[
                { required: true, message: 'กรุณาเลือกเวลาสิ้นสุด' },
                ({ getFieldValue }) => ({
                  validator: (_, v: string | undefined) =>
                    !v || !getFieldValue('start_time') || v > getFieldValue('start_time')
                      ? Promise.resolve()
                      : Promise.reject(new Error('เวลาสิ้นสุดต้องหลังเวลาเริ่ม')),
                }),
              ]}
            >
              <Select options={times} showSearch={{ optionFilterProp: 'label' }} />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="pickup" label="จุดรับ-ส่ง">
          <Input maxLength={200} placeholder="เช่น หน้าโรงเรียน หรือที่อยู่ของผู้เรียน" />
        </Form.Item>
        <Form.Item name="note" label="หมายเหตุ" style={{ marginBottom: 0 }}>
          <Input.TextArea maxLength={500} autoSize={{ minRows: 1, maxRows: 3 }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
