/** ตั้งค่าโรงเรียน › เกณฑ์การสอบ: every number the exam rules use, saved on its own (PUT /exam/settings). */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Form, InputNumber, Row, Select, Switch } from 'antd';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../api/client';
import { settingsKeys } from '../../api/queryKeys';

import type { ExamSettings } from '@khabkhi/contracts';
import { examKeys } from './api';
import { courseTypes, examSettings, requestFees, saveExamSettings } from './queries';

export default function ExamSettingsCard() {
  const qc = useQueryClient();
  const [form] = Form.useForm();
  const [banner, setBanner] = useState<{ type: 'success' | 'error'; text: string } | null>(null);
  const s = useQuery({ queryKey: settingsKeys.get, queryFn: examSettings });
  const types = useQuery({ queryKey: examKeys.courseTypes, queryFn: courseTypes });
  const fees = useQuery({
    queryKey: examKeys.requestFees,
    queryFn: requestFees,
  });
  useEffect(() => {
    if (s.data) form.setFieldsValue({ ...s.data, hours: s.data.exam_min_training_hours ?? {} });
  }, [s.data, form]);
  const save = useMutation({
    mutationFn: (v: ExamSettings & { hours?: Record<string, number | null> }) => {
      const { hours, ...rest } = v;
      const minHours = Object.fromEntries(
        Object.entries(hours ?? {}).filter(([, h]) => typeof h === 'number' && h > 0),
      ) as Record<string, number>;
      return saveExamSettings({
        ...rest,
        exam_min_training_hours: minHours,
        exam_extend_fee_id: rest.exam_extend_fee_id ?? null,
        exam_changedate_fee_id: rest.exam_changedate_fee_id ?? null,
      });
    },
    onSuccess: async (res) => {
      setBanner({ type: 'success', text: res.message });
      await qc.invalidateQueries({ queryKey: settingsKeys.get });
    },
    onError: (e) => setBanner({ type: 'error', text: errorMessage(e) }),
  });
  const feeOptions = (fees.data ?? []).map((f) => ({
    label: `${f.name} (${Number(f.price).toLocaleString('th-TH')} บาท)`,
    value: f.other_fee_id,
  }));
  return (
    <Card title="เกณฑ์การสอบ" style={{ marginTop: 16 }} loading={s.isLoading} data-testid="exam-settings">
      {banner && (
        <Alert
          type={banner.type}
          showIcon
          title={banner.text}
          closable={{ onClose: () => setBanner(null) }}
          style={{ marginBottom: 12 }}
        />
      )}
      <Form
        form={form}
        layout="vertical"
        onFinish={(v) => {
          setBanner(null);
          save.mutate(v);
        }}
      >
        <Row gutter={16}>
          <Col xs={24} md={6}>
            <Form.Item name="exam_theory_questions" label="จำนวนข้อสอบภาคทฤษฎี">
              <InputNumber min={1} max={200} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} md={6}>
            <Form.Item name="exam_theory_pass_mark" label="คะแนนผ่านภาคทฤษฎี">
              <InputNumber min={1} max={200} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} md={6}>
            <Form.Item name="exam_retake_wait_days" label="ระยะรอสอบใหม่หลังสอบไม่ผ่าน (วัน)">
              <InputNumber min={0} max={365} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} md={6}>
            <Form.Item name="exam_needs_full_payment" label="ต้องชำระครบก่อนจองสอบ" valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
          <Col xs={24} md={6}>
            <Form.Item
              name="exam_permission_days"
              label="อายุสิทธิ์สอบนับจากวันสมัคร (วัน)"
              extra="ใช้กับผู้สมัครใหม่ สิทธิ์สอบของผู้สมัครเดิมไม่เปลี่ยน"
            >
              <InputNumber min={1} max={3650} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} md={6}>
            <Form.Item name="exam_permission_warn_days" label="เตือนสิทธิ์สอบใกล้หมด (วัน)">
              <InputNumber min={1} max={365} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} md={6}>
            <Form.Item name="exam_extend_fee_id" label="ค่าคำร้องต่ออายุสิทธิ์สอบ">
              <Select allowClear placeholder="ไม่เก็บค่าคำร้อง" options={feeOptions} />
            </Form.Item>
          </Col>
          <Col xs={24} md={6}>
            <Form.Item name="exam_changedate_fee_id" label="ค่าคำร้องเปลี่ยนวันสอบ">
              <Select allowClear placeholder="ไม่เก็บค่าคำร้อง" options={feeOptions} />
            </Form.Item>
          </Col>
          {(types.data ?? []).map((t) => (
            <Col xs={12} md={6} key={t}>
              <Form.Item name={['hours', t]} label={`ชั่วโมงอบรมขั้นต่ำ ${t}`} extra="ว่าง = ไม่กำหนด">
                <InputNumber min={0} max={1000} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
          ))}
        </Row>
        <Button htmlType="submit" loading={save.isPending}>
          บันทึกเกณฑ์การสอบ
        </Button>
      </Form>
    </Card>
  );
}
