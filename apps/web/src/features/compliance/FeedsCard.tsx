/**
 * The iCalendar links of the compliance calendar: a phone calendar subscribes to one (webcal://…) without signing in.
 * A new link is shown once (only its fingerprint is kept); a lost or shared link is revoked here and stops at once.
 */
import { CalendarOutlined, CopyOutlined, StopOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, Form, Input, Modal, Popconfirm, Select, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { errorMessage } from '../../api/client';
import { useSession } from '../../api/useSession';
import { ThaiDate } from '../../components/ThaiDate';
import { useCreateFeed, useFeeds, useRevokeFeed, type ComplianceFeed } from './queries';

export function FeedsCard({ branches }: { branches: { value: number; name: string }[] }) {
  const { message } = App.useApp();
  const { user } = useSession();
  const feeds = useFeeds();
  const create = useCreateFeed();
  const revoke = useRevokeFeed();
  const [form] = Form.useForm<{ branch_id: number | ''; name: string }>();
  const [link, setLink] = useState<string | null>(null);
  const every = branches.length > 1;
  const submit = async (v: { branch_id: number | ''; name: string }) => {
    try {
      const r = await create.mutateAsync({ branch_id: v.branch_id === '' ? null : v.branch_id, name: v.name ?? '' });
      setLink(`${window.location.origin}${r.data.path}`);
      form.resetFields(['name']);
    } catch (e) {
      message.error(errorMessage(e));
    }
  };
  return (
    <Card
      style={{ marginTop: 16 }}
      title={
        <span>
          <CalendarOutlined /> ลิงก์ปฏิทินสำหรับโทรศัพท์ (iCalendar)
        </span>
      }
    >
      <Typography.Paragraph type="secondary">
        สร้างลิงก์แล้วเพิ่มในปฏิทินของโทรศัพท์ (iPhone: การตั้งค่า › ปฏิทิน › บัญชี › เพิ่มปฏิทินที่สมัครรับ; Google Calendar: เพิ่มปฏิทินจาก URL)
        ลิงก์นี้เปิดได้โดยไม่ต้องเข้าสู่ระบบ อย่าส่งต่อ หากลิงก์หลุดให้ยกเลิกแล้วสร้างใหม่
      </Typography.Paragraph>
      <Form
        key={branches.length}
        form={form}
        layout="inline"
        onFinish={(v) => void submit(v)}
        initialValues={{ branch_id: every ? '' : (branches[0]?.value ?? user?.branch_id), name: '' }}
        style={{ marginBottom: 16, rowGap: 8 }}
      >
        <Form.Item name="branch_id" label="สาขา">
          <Select
            style={{ minWidth: 200 }}
            options={[
              ...(every ? [{ value: '', label: 'ทุกสาขา' }] : []),
              ...branches.map((b) => ({ value: b.value, label: b.name })),
            ]}
          />
        </Form.Item>
        <Form.Item name="name" label="ชื่อเรียก" rules={[{ max: 100, message: 'ชื่อเรียก: ไม่เกิน 100 ตัวอักษร' }]}>
          <Input placeholder="เช่น มือถือเจ้าของ" style={{ width: 200 }} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={create.isPending} data-testid="feed-create">
          สร้างลิงก์ปฏิทิน
        </Button>
      </Form>
      <Table<ComplianceFeed>
        rowKey="feed_id"
        size="small"
        loading={feeds.isLoading}
        dataSource={feeds.data ?? []}
        pagination={false}
        scroll={{ x: 760 }}
        locale={{ emptyText: 'ยังไม่มีลิงก์ปฏิทิน' }}
        columns={[
          { title: 'สาขา', dataIndex: 'branch_name' },
          { title: 'ชื่อเรียก', dataIndex: 'name', render: (v: string) => v || '-' },
          { title: 'สร้างโดย', dataIndex: 'created_by_name' },
          {
            title: 'สร้างเมื่อ',
            dataIndex: 'created_at',
            render: (v: string) => <ThaiDate value={v} variant="datetime" />,
          },
          {
            title: 'เปิดล่าสุด',
            dataIndex: 'last_read_at',
            render: (v: string | null) => (v ? <ThaiDate value={v} variant="datetime" /> : 'ยังไม่เคยเปิด'),
          },
          {
            title: 'สถานะ',
            key: 'state',
            render: (_: unknown, f) => (f.revoked_at ? <Tag>ยกเลิกแล้ว</Tag> : <Tag color="green">ใช้งานอยู่</Tag>),
          },
          {
            title: '',
            key: 'act',
            render: (_: unknown, f) =>
              f.revoked_at ? null : (
                <Popconfirm
                  title="ยกเลิกลิงก์ปฏิทินนี้?"
                  description="ปฏิทินในโทรศัพท์ที่สมัครไว้จะไม่ได้รับข้อมูลอีก"
                  okText="ยกเลิกลิงก์"
                  cancelText="ไม่"
                  onConfirm={async () => {
                    try {
                      await revoke.mutateAsync(f.feed_id);
                      message.success('ยกเลิกลิงก์ปฏิทินแล้ว');
                    } catch (e) {
                      message.error(errorMessage(e));
                    }
                  }}
                >
                  <Button size="small" danger icon={<StopOutlined />}>
                    ยกเลิก
                  </Button>
                </Popconfirm>
              ),
          },
        ]}
      />
      <Modal
        open={!!link}
        title="ลิงก์ปฏิทินใหม่"
        onCancel={() => setLink(null)}
        footer={<Button onClick={() => setLink(null)}>ปิด</Button>}
      >
        <Alert type="warning" showIcon title="คัดลอกลิงก์ไว้ตอนนี้ ระบบจะไม่แสดงลิงก์นี้อีก" style={{ marginBottom: 12 }} />
        <Input.TextArea value={link ?? ''} readOnly autoSize data-testid="feed-link" />
        <div style={{ marginTop: 12, display: 'flex', gap: 8 }}>
          <Button
            icon={<CopyOutlined />}
            onClick={() => {
              void navigator.clipboard?.writeText(link ?? '');
              message.success('คัดลอกลิงก์แล้ว');
            }}
          >
            คัดลอก
          </Button>
          <Button href={(link ?? '').replace(/^https?:/, 'webcal:')}>เปิดในแอปปฏิทิน</Button>
        </div>
      </Modal>
    </Card>
  );
}
