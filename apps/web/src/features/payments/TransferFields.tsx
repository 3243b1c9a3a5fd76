/** The fields of a transfer (โอนเงิน): bank, date and time of the transfer, slip reference, optional slip photo. */
import { Col, Form, Input, Row, Select } from 'antd';
import { todayBangkok } from '@khabkhi/thai';
import { PhotoField } from '../../components/PhotoField';
import { ThaiDatePicker } from '../../components/ThaiDatePicker';
import { nowTimeBangkok, TIME_RE } from './transfer';

export function TransferFields({ banks }: { banks: string[] }) {
  return (
    <div data-testid="transfer-fields">
      <Row gutter={12}>
        <Col xs={24} md={12}>
          <Form.Item name="transfer_bank" label="ธนาคารที่โอนมา" rules={[{ required: true, message: 'กรุณาเลือกธนาคาร' }]}>
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              placeholder="เลือกธนาคาร"
              options={banks.map((b) => ({ value: b, label: b }))}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="transfer_ref"
            label="เลขอ้างอิงในสลิป"
            rules={[{ required: true, whitespace: true, message: 'กรุณากรอกเลขอ้างอิงในสลิป' }]}
          >
            <Input maxLength={50} placeholder="เช่น 016xxxxxxxxx" />
          </Form.Item>
        </Col>
        <Col xs={14} md={12}>
          <Form.Item name="transfer_date" label="วันที่โอน" rules={[{ required: true, message: 'กรุณาเลือกวันที่โอน' }]}>
            <ThaiDatePicker allowClear={false} disabledDate={(d) => d.format('YYYY-MM-DD') > todayBangkok()} />
          </Form.Item>
        </Col>
        <Col xs={10} md={12}>
          <Form.Item
            name="transfer_time"
            label="เวลาที่โอน"
            rules={[
              { required: true, message: 'กรุณากรอกเวลา' },
              { pattern: TIME_RE, message: 'เวลาเป็น ชั่วโมง:นาที เช่น 14:05' },
            ]}
          >
            <Input maxLength={5} placeholder="14:05" />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="transfer_slip" label="รูปสลิป (ถ้ามี)">
        <PhotoField size={56} shape="square" />
      </Form.Item>
    </div>
  );
}

/** What a form's transfer fields start with: today, now, no bank. */
export const transferDefaults = () => ({
  transfer_bank: undefined,
  transfer_date: todayBangkok(),
  transfer_time: nowTimeBangkok(),
  transfer_ref: '',
  transfer_slip: null,
});
