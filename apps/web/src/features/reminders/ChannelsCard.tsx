/** The channels of the reminders: LINE and SMTP (secrets typed in, never shown back) and the quiet hours. */
import { Alert, App, Button, Card, Col, Form, Input, InputNumber, Row, Switch, Tag } from 'antd';
import type { ReminderChannels } from '@khabkhi/contracts';
import { errorMessage } from '../../api/client';
import { saveChannels, useChannels, useReminderMutation } from './queries';

type Values = Omit<ReminderChannels, 'line_token_set' | 'line_secret_set' | 'smtp_pass_set' | 'webhook_path'> & {
  line_token?: string;
  line_secret?: string;
  smtp_pass?: string;
};

export function ChannelsCard() {
  const { message } = App.useApp();
  const ch = useChannels();
  const save = useReminderMutation(saveChannels);
  const [form] = Form.useForm<Values>();
  if (!ch.data) return null;
  const { line_token_set, line_secret_set, smtp_pass_set, webhook_path, ...rest } = ch.data;
  const set = (on: boolean) => (on ? <Tag color="green">ตั้งค่าแล้ว</Tag> : <Tag>ยังไม่ได้ตั้งค่า</Tag>);
  return (
    <Card title="ช่องทางการส่ง" style={{ marginTop: 16 }} data-testid="reminder-channels">
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        title="ถ้ายังไม่ได้ตั้งค่า ระบบยังทำงานได้ตามปกติ และประวัติการแจ้งเตือนจะแสดงข้อความที่ส่งไม่ได้พร้อมเหตุผล"
      />
      <Form
        form={form}
        layout="vertical"
        initialValues={rest}
        onFinish={async (v) => {
          const body: Values = { ...v };
          // a secret left empty keeps the stored one
          if (!body.line_token) delete body.line_token;
          if (!body.line_secret) delete body.line_secret;
          if (!body.smtp_pass) delete body.smtp_pass;
          try {
            await save.mutateAsync(body);
            form.resetFields(['line_token', 'line_secret', 'smtp_pass']);
            message.success('บันทึกช่องทางการแจ้งเตือนแล้ว');
          } catch (e) {
            message.error(errorMessage(e));
          }
        }}
      >
        <Row gutter={12}>
          <Col xs={24} md={12}>
            <Form.Item
              name="line_token"
              label={<span>LINE Channel access token {set(line_token_set)}</span>}
              extra="จาก LINE Developers Console (Messaging API) เว้นว่างไว้เพื่อใช้ค่าเดิม"
            >
              <Input.Password autoComplete="new-password" placeholder={line_token_set ? '••••••••' : ''} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="line_secret"
              label={<span>LINE Channel secret {set(line_secret_set)}</span>}
              extra={`ใช้ตรวจลายเซ็นของ Webhook ที่ LINE ส่งมา (ผู้เรียนส่งรหัสเชื่อมบัญชี) ตั้ง Webhook URL ใน LINE เป็น ${window.location.origin}${webhook_path}`}
            >
              <Input.Password autoComplete="new-password" placeholder={line_secret_set ? '••••••••' : ''} />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item
              name="quiet_start"
              label="งดส่งตั้งแต่ (น.)"
              rules={[{ pattern: /^([01]\d|2[0-3]):[0-5]\d$/, message: 'เริ่มช่วงงดส่ง: รูปแบบ HH:MM' }]}
            >
              <Input placeholder="21:00" />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item
              name="quiet_end"
              label="ถึง (น.)"
              rules={[{ pattern: /^([01]\d|2[0-3]):[0-5]\d$/, message: 'สิ้นสุดช่วงงดส่ง: รูปแบบ HH:MM' }]}
            >
              <Input placeholder="07:00" />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="smtp_host" label="เซิร์ฟเวอร์ SMTP">
              <Input placeholder="smtp.example.com" />
            </Form.Item>
          </Col>
          <Col xs={12} md={4}>
            <Form.Item name="smtp_port" label="พอร์ต">
              <InputNumber min={1} max={65535} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={12} md={4}>
            <Form.Item name="smtp_secure" label="SSL/TLS" valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="smtp_from" label="ผู้ส่งอีเมล">
              <Input placeholder="โรงเรียน <school@example.com>" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="smtp_user" label="ชื่อผู้ใช้ SMTP">
              <Input autoComplete="off" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="smtp_pass"
              label={<span>รหัสผ่าน SMTP {set(smtp_pass_set)}</span>}
              extra="เว้นว่างไว้เพื่อใช้ค่าเดิม"
            >
              <Input.Password autoComplete="new-password" />
            </Form.Item>
          </Col>
        </Row>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          บันทึกช่องทาง
        </Button>
      </Form>
    </Card>
  );
}
