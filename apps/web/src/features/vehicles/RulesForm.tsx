/** The fleet's dated rules (head office): reminder days, late-tax rate, ตรอ. ages — a new row from a date, audited. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Col, Form, InputNumber, Modal, Row } from 'antd';
import { useEffect, useState } from 'react';
import type { FleetRules } from '@khabkhi/contracts';
import { todayBangkok } from '@khabkhi/thai';
import { errorMessage } from '../../api/client';
import { MoneyInput } from '../../components/MoneyInput';
import { ThaiDatePicker } from '../../components/ThaiDatePicker';
import { label } from '../../i18n/th';
import { saveFleetRules, vehicleKeys } from './queries';

export function RulesForm({ open, onClose, current }: { open: boolean; onClose: () => void; current?: FleetRules }) {
  const [form] = Form.useForm<FleetRules>();
  const qc = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (open && current) {
      setError(null);
      form.setFieldsValue({ ...current, effective_from: todayBangkok() });
    }
  }, [open, current, form]);
  const save = useMutation({
    mutationFn: saveFleetRules,
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: vehicleKeys.rules });
      void qc.invalidateQueries({ queryKey: vehicleKeys.reminders });
      onClose();
    },
    onError: (e) => setError(errorMessage(e)),
  });
  const num = (name: keyof FleetRules, min: number, max: number) => (
    <Form.Item name={name} label={label(name)} rules={[{ required: true, message: 'กรุณากรอก' }]}>
      <InputNumber min={min} max={max} precision={0} style={{ width: '100%' }} />
    </Form.Item>
  );
  return (
    <Modal
      open={open}
      onCancel={onClose}
      title="เกณฑ์แจ้งเตือนยานพาหนะ"
      okText="บันทึก"
      cancelText="ยกเลิก"
      onOk={() => form.submit()}
      confirmLoading={save.isPending}
      destroyOnHidden
    >
      {error && <Alert type="error" role="alert" showIcon title={error} style={{ marginBottom: 12 }} />}
      <Form form={form} layout="vertical" onFinish={(v) => save.mutate(v)}>
        <Row gutter={12}>
          <Col span={12}>
            <Form.Item
              name="effective_from"
              label={label('effective_from')}
              rules={[{ required: true, message: 'กรุณาระบุวันที่' }]}
            >
              <ThaiDatePicker />
            </Form.Item>
          </Col>
          <Col span={12}>{num('remind_days', 1, 365)}</Col>
          <Col span={12}>
            <Form.Item
              name="tax_late_rate"
              label={label('tax_late_rate')}
              rules={[{ required: true, message: 'กรุณากรอก' }]}
            >
              <MoneyInput suffix="%" />
            </Form.Item>
          </Col>
          <Col span={12}>{num('tax_early_days', 0, 365)}</Col>
          <Col span={12}>{num('car_check_age', 1, 50)}</Col>
          <Col span={12}>{num('motorcycle_check_age', 1, 50)}</Col>
        </Row>
      </Form>
    </Modal>
  );
}
