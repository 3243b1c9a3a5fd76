/**
 * ตั้งค่าการแจ้งเตือน — for each reminder: on or off, how many days before, by which channel, its own quiet hours
 * (empty: the school's), to which staff roles, and its Thai template (placeholders listed, a preview before saving; an
 * unknown placeholder is refused). Below, the channels: LINE's channel access token and secret and the SMTP server
 * (secrets are never shown back, only whether they are set) and the school's quiet hours. "ส่งตอนนี้" runs one round.
 */
import { SendOutlined } from '@ant-design/icons';
import {
  Alert,
  App,
  Button,
  Card,
  Checkbox,
  Col,
  Form,
  Input,
  InputNumber,
  Row,
  Select,
  Skeleton,
  Switch,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import type { ReminderSettingBody } from '@khabkhi/contracts';
import { errorMessage } from '../../api/client';
import { PageHeader } from '../../components/PageHeader';
import { ChannelsCard } from './ChannelsCard';
import { useRegisterOptions } from '../employees/queries';
import {
  previewReminder,
  runReminders,
  saveReminderSetting,
  useChannels,
  useReminderMutation,
  useReminderSettings,
  type ReminderSetting,
} from './queries';

export default function SettingsPage() {
  const { message } = App.useApp();
  const settings = useReminderSettings();
  const run = useReminderMutation(runReminders);
  const roles = useRegisterOptions();
  return (
    <div>
      <PageHeader
        title="ตั้งค่าการแจ้งเตือน"
        subtitle="ใครได้รับการแจ้งเตือนใด ทางช่องทางไหน และข้อความที่ส่ง"
        extra={
          <Button
            icon={<SendOutlined />}
            loading={run.isPending}
            onClick={async () => {
              try {
                const r = await run.mutateAsync(undefined);
                message.success(
                  r.data.quiet
                    ? `อยู่ในช่วงงดส่ง: เข้าคิว ${r.data.queued} ข้อความ`
                    : `เข้าคิว ${r.data.queued} ข้อความ ส่งแล้ว ${r.data.sent} ข้อความ`,
                );
              } catch (e) {
                message.error(errorMessage(e));
              }
            }}
          >
            ส่งตอนนี้
          </Button>
        }
      />
      {settings.isError && <Alert type="error" showIcon title={errorMessage(settings.error)} />}
      {!settings.data ? (
        <Skeleton active />
      ) : (
        <Row gutter={[16, 16]}>
          {settings.data.map((s) => (
            <Col xs={24} xl={12} key={s.kind}>
              <KindCard s={s} roles={roles.data?.role ?? []} />
            </Col>
          ))}
        </Row>
      )}
      <ChannelsCard />
    </div>
  );
}

function KindCard({ s, roles }: { s: ReminderSetting; roles: { slug: string; name: string }[] }) {
  const school = useChannels().data;
  const { message } = App.useApp();
  const [form] = Form.useForm<Omit<ReminderSetting, 'kind' | 'name' | 'audience' | 'placeholders'>>();
  const save = useReminderMutation(saveReminderSetting);
  const [preview, setPreview] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const showPreview = async () => {
    try {
      const r = await previewReminder({
        kind: s.kind,
        template: form.getFieldValue('template'),
      });
      setPreview(r.data.text);
      setError(null);
    } catch (e) {
      setError(errorMessage(e));
      setPreview(null);
    }
  };
  return (
    <Card
      title={s.name}
      extra={<Tag>{s.audience === 'student' ? 'ถึงผู้เรียน' : 'ถึงพนักงาน'}</Tag>}
      data-testid={`reminder-${s.kind}`}
    >
      <Typography.Paragraph type="secondary" style={{ marginTop: -8 }}>
        {s.note}
      </Typography.Paragraph>
      <Form
        form={form}
        layout="vertical"
        initialValues={s}
        onFinish={async (v) => {
          try {
            await save.mutateAsync({
              kind: s.kind,
              ...v,
              quiet_start: v.quiet_start ?? '',
              quiet_end: v.quiet_end ?? '',
            } as ReminderSettingBody);
            message.success('บันทึกการตั้งค่าการแจ้งเตือนแล้ว');
            setError(null);
          } catch (e) {
            setError(errorMessage(e));
          }
        }}
      >
        <Row gutter={12}>
          <Col span={8}>
            <Form.Item name="enabled" label="เปิดใช้งาน" valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="days_before" label="แจ้งล่วงหน้า (วัน)">
              <InputNumber min={0} max={90} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="channels" label="ช่องทาง">
              <Checkbox.Group
                options={[
                  { label: 'LINE', value: 'line' },
                  { label: 'อีเมล', value: 'email', disabled: s.audience === 'student' },
                  { label: 'ในระบบ', value: 'app', disabled: s.audience === 'student' },
                ]}
              />
            </Form.Item>
          </Col>
        </Row>
        <Row gutter={12}>
          <Col span={12}>
            <Form.Item
              name="quiet_start"
              label="งดส่งตั้งแต่ (น.)"
              rules={[{ pattern: /^(([01]\d|2[0-3]):[0-5]\d)?$/, message: 'เริ่มช่วงงดส่ง: รูปแบบ HH:MM' }]}
            >
              <Input placeholder={`ตามโรงเรียน (${school?.quiet_start ?? '21:00'})`} allowClear />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              name="quiet_end"
              label="ถึง (น.)"
              rules={[{ pattern: /^(([01]\d|2[0-3]):[0-5]\d)?$/, message: 'สิ้นสุดช่วงงดส่ง: รูปแบบ HH:MM' }]}
            >
              <Input placeholder={`ตามโรงเรียน (${school?.quiet_end ?? '07:00'})`} allowClear />
            </Form.Item>
          </Col>
        </Row>
        {s.audience === 'staff' && s.kind !== 'payroll_waiting' && (
          <Form.Item name="roles" label="ผู้รับ (บทบาท)">
            <Select mode="multiple" options={roles.map((r) => ({ value: r.slug, label: r.name }))} />
          </Form.Item>
        )}
        <Form.Item
          name="template"
          label="ข้อความแจ้งเตือน"
          extra={`ใช้ได้: ${s.placeholders.map((p) => `{${p}}`).join(' ')}`}
          rules={[{ required: true, message: 'ข้อความแจ้งเตือน: ต้องระบุ' }]}
        >
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 5 }} maxLength={1000} />
        </Form.Item>
        {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} />}
        {preview && <Alert type="info" title={`ตัวอย่าง: ${preview}`} style={{ marginBottom: 12 }} />}
        <Button onClick={() => void showPreview()} style={{ marginRight: 8 }}>
          ดูตัวอย่าง
        </Button>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          บันทึก
        </Button>
      </Form>
    </Card>
  );
}
