/**
 * An instructor's availability at a branch: the weekly working hours, leave days and the dated lesson rates per
 * licence type and part (theory or practice). Saved whole (lesson/availability/update replaces the three lists).
 */
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, Col, Empty, Flex, Form, Input, List, Row, Select, Skeleton, Typography } from 'antd';
import { THAI_WEEKDAYS, todayBangkok, type WeekdayCode } from '@khabkhi/thai';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../api/client';
import { MoneyInput, moneyRule } from '../../components/MoneyInput';
import { formatMoney } from '../../components/MoneyText';
import { ThaiDatePicker } from '../../components/ThaiDatePicker';
import { timeOptions } from './lessonUi';
import { useAvailability, useSaveAvailability, type InstructorAvailability } from './queries';

/** weekday numbers as the API counts them (0 = Sunday … 6 = Saturday) */
const CODES: WeekdayCode[] = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];
const WEEKDAYS = CODES.map((c, i) => ({ value: i, label: THAI_WEEKDAYS[c] }));
const TIMES = [...timeOptions('00:00', '23:30', 30), { value: '23:59', label: '23:59 น.' }];

interface Values {
  hours: { weekday: number; start_time: string; end_time: string }[];
  leave: { date: string; reason?: string }[];
  rates: { course_type: string; part: 'practice' | 'theory'; rate: string; valid_from: string }[];
}

function InstructorForm({ branchId, who }: { branchId: number; who: InstructorAvailability }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const save = useSaveAvailability();
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setError(null);
    form.setFieldsValue({
      hours: who.hours.map((h) => ({ weekday: h.weekday, start_time: h.start_time, end_time: h.end_time })),
      leave: who.leave.map((l) => ({ date: l.date, reason: l.reason })),
      rates: who.rates.map((r) => ({
        course_type: r.course_type,
        part: r.part as 'practice' | 'theory',
        rate: r.rate,
        valid_from: r.valid_from,
      })),
    });
  }, [who, form]);

  const run = async (v: Values) => {
    setError(null);
    try {
      const r = await save.mutateAsync({
        branch_id: branchId,
        instructor_id: who.instructor_id,
        hours: v.hours ?? [],
        leave: (v.leave ?? []).map((l) => ({ date: l.date, ...(l.reason?.trim() ? { reason: l.reason.trim() } : {}) })),
        rates: v.rates ?? [],
      });
      message.success(r.message || 'บันทึกเวลาทำงานเรียบร้อยแล้ว');
    } catch (e) {
      setError(errorMessage(e));
    }
  };

  const del = (remove: (i: number) => void, i: number) => (
    <Button type="text" danger icon={<DeleteOutlined />} onClick={() => remove(i)} aria-label="ลบ" />
  );
  const req = (m: string) => [{ required: true, message: m }];
  return (
    <Form form={form} layout="vertical" onFinish={(v) => void run(v)}>
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} />}
      <Typography.Title level={5}>เวลาทำงานประจำสัปดาห์</Typography.Title>
      <Form.List name="hours">
        {(fields, { add, remove }) => (
          <>
            {fields.map((f) => (
              <Flex key={f.key} gap={8} align="baseline" wrap>
                <Form.Item style={{ marginBottom: 8 }} name={[f.name, 'weekday']} rules={req('เลือกวัน')}>
                  <Select options={WEEKDAYS} style={{ width: 130 }} placeholder="วัน" />
                </Form.Item>
                <Form.Item style={{ marginBottom: 8 }} name={[f.name, 'start_time']} rules={req('เลือกเวลาเริ่ม')}>
                  <Select options={TIMES} style={{ width: 110 }} placeholder="เริ่ม" />
                </Form.Item>
                <span>ถึง</span>
                <Form.Item style={{ marginBottom: 8 }} name={[f.name, 'end_time']} rules={req('เลือกเวลาสิ้นสุด')}>
                  <Select options={TIMES} style={{ width: 110 }} placeholder="สิ้นสุด" />
                </Form.Item>
                {del(remove, f.name)}
              </Flex>
            ))}
            <Button
              icon={<PlusOutlined />}
              onClick={() => add({ weekday: 1, start_time: '08:00', end_time: '17:00' })}
              style={{ marginBottom: 16 }}
            >
              เพิ่มช่วงเวลาทำงาน
            </Button>
          </>
        )}
      </Form.List>
      <Typography.Title level={5}>วันลา</Typography.Title>
      <Form.List name="leave">
        {(fields, { add, remove }) => (
          <>
            {fields.map((f) => (
              <Flex key={f.key} gap={8} align="baseline" wrap>
                <Form.Item style={{ marginBottom: 8 }} name={[f.name, 'date']} rules={req('เลือกวันที่')}>
                  <ThaiDatePicker style={{ width: 150 }} allowClear={false} />
                </Form.Item>
                <Form.Item style={{ marginBottom: 8 }} name={[f.name, 'reason']}>
                  <Input placeholder="เหตุผล เช่น ลาป่วย ลาพักร้อน" maxLength={200} style={{ width: 260 }} />
                </Form.Item>
                {del(remove, f.name)}
              </Flex>
            ))}
            <Button icon={<PlusOutlined />} onClick={() => add({ date: todayBangkok() })} style={{ marginBottom: 16 }}>
              เพิ่มวันลา
            </Button>
          </>
        )}
      </Form.List>
      <Typography.Title level={5}>อัตราค่าสอนต่อชั่วโมง</Typography.Title>
      <Form.List name="rates">
        {(fields, { add, remove }) => (
          <>
            {fields.map((f) => (
              <Flex key={f.key} gap={8} align="baseline" wrap>
                <Form.Item style={{ marginBottom: 8 }} name={[f.name, 'course_type']} rules={req('ระบุประเภท')}>
                  <Select
                    style={{ width: 150 }}
                    placeholder="ประเภทใบขับขี่"
                    options={[{ value: 'รถยนต์' }, { value: 'รถจักรยานยนต์' }]}
                  />
                </Form.Item>
                <Form.Item style={{ marginBottom: 8 }} name={[f.name, 'part']} rules={req('เลือกภาค')}>
                  <Select
                    style={{ width: 120 }}
                    options={[
                      { value: 'practice', label: 'ภาคปฏิบัติ' },
                      { value: 'theory', label: 'ภาคทฤษฎี' },
                    ]}
                  />
                </Form.Item>
                <Form.Item style={{ marginBottom: 8 }} name={[f.name, 'rate']} rules={[moneyRule('อัตราค่าสอน', true)]}>
                  <MoneyInput style={{ width: 130 }} />
                </Form.Item>
                <Form.Item style={{ marginBottom: 8 }} name={[f.name, 'valid_from']} rules={req('เลือกวันที่เริ่มใช้')}>
                  <ThaiDatePicker style={{ width: 150 }} allowClear={false} placeholder="ใช้ตั้งแต่" />
                </Form.Item>
                {del(remove, f.name)}
              </Flex>
            ))}
            <Button
              icon={<PlusOutlined />}
              onClick={() => add({ course_type: 'รถยนต์', part: 'practice', valid_from: todayBangkok() })}
              style={{ marginBottom: 16 }}
            >
              เพิ่มอัตราค่าสอน
            </Button>
          </>
        )}
      </Form.List>
      <div>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          บันทึกเวลาทำงานและอัตราค่าสอน
        </Button>
      </div>
    </Form>
  );
}

export function AvailabilityTab({ branchId }: { branchId: number }) {
  const q = useAvailability(branchId);
  const [picked, setPicked] = useState<number | null>(null);
  if (q.isLoading) return <Skeleton active />;
  if (q.error) return <Alert type="error" showIcon title={errorMessage(q.error)} />;
  const list = q.data ?? [];
  if (!list.length) return <Empty description="สาขานี้ยังไม่มีครูฝึก" />;
  const who = list.find((i) => i.instructor_id === picked) ?? list[0]!;
  return (
    <Row gutter={16}>
      <Col xs={24} md={7}>
        <Card size="small" title="ครูฝึก" styles={{ body: { padding: 0, maxHeight: 520, overflow: 'auto' } }}>
          <List
            size="small"
            dataSource={list}
            renderItem={(i) => (
              <List.Item
                onClick={() => setPicked(i.instructor_id)}
                style={{
                  cursor: 'pointer',
                  paddingInline: 12,
                  background: i.instructor_id === who.instructor_id ? '#e6f4ff' : undefined,
                }}
              >
                <div>
                  <div>{i.name}</div>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {i.position} · {i.hours.length ? `${i.hours.length} ช่วงเวลา/สัปดาห์` : 'ยังไม่กำหนดเวลาทำงาน'}
                    {i.rates.length ? ` · ${formatMoney(i.rates[0]!.rate)} บาท/ชม.` : ''}
                  </Typography.Text>
                </div>
              </List.Item>
            )}
          />
        </Card>
      </Col>
      <Col xs={24} md={17}>
        <Card size="small" title={who.name}>
          <InstructorForm branchId={branchId} who={who} />
        </Card>
      </Col>
    </Row>
  );
}
