/**
 * ประวัติการแจ้งเตือน — every message of the outbox, newest first: to whom, by which channel, why it exists, its state,
 * attempts and the provider's answer or why it failed; a failed or skipped one can be queued again. Filters (state,
 * channel, branch, dates) are in the URL.
 */
import { RedoOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, Select, Space, Table, Tag, Typography } from 'antd';
import { useSearchParams } from 'react-router';
import { REMINDER_STATE_NAMES } from '@khabkhi/contracts';
import { errorMessage } from '../../api/client';
import { useSession } from '../../api/useSession';
import { PageHeader } from '../../components/PageHeader';
import { ThaiDate } from '../../components/ThaiDate';
import { ThaiDatePicker } from '../../components/ThaiDatePicker';
import { useBranchOptions } from '../branches/queries';
import { resendOutbox, STATE_COLOR, useOutbox, useReminderMutation, type OutboxRow } from './queries';

export default function OutboxPage() {
  const [params, setParams] = useSearchParams();
  const { message } = App.useApp();
  const { can } = useSession();
  const status = params.get('status') ?? '';
  const type = params.get('type') ?? '';
  const branch = params.get('branch') ?? '';
  const start = params.get('start') ?? '';
  const end = params.get('end') ?? '';
  const page = Number(params.get('page')) || 1;
  const branches = useBranchOptions();
  const q = useOutbox({
    ...(status ? { status } : {}),
    ...(type ? { type } : {}),
    ...(branch ? { branch } : {}),
    ...(start ? { start } : {}),
    ...(end ? { end } : {}),
    page,
    per_page: 20,
  });
  const resend = useReminderMutation(resendOutbox);
  const set = (k: string, v: string) => {
    const n = new URLSearchParams(params);
    if (v) n.set(k, v);
    else n.delete(k);
    if (k !== 'page') n.delete('page');
    setParams(n, { replace: true });
  };
  const d = q.data;
  return (
    <div>
      <PageHeader
        title="ประวัติการแจ้งเตือน"
        subtitle="ข้อความ LINE อีเมล และแจ้งเตือนในระบบ ถึงผู้เรียนและพนักงาน ส่งครั้งเดียวต่อรายการ"
      />
      <Card>
        <Space wrap style={{ marginBottom: 12 }}>
          <Select
            aria-label="สถานะ"
            style={{ width: 200 }}
            value={status}
            onChange={(v) => set('status', v)}
            options={[
              { value: '', label: 'ทุกสถานะ' },
              ...Object.entries(REMINDER_STATE_NAMES).map(([value, label]) => ({ value, label })),
            ]}
          />
          <Select
            aria-label="ช่องทาง"
            style={{ width: 160 }}
            value={type}
            onChange={(v) => set('type', v)}
            options={[
              { value: '', label: 'ทุกช่องทาง' },
              { value: 'line', label: 'LINE' },
              { value: 'email', label: 'อีเมล' },
              { value: 'app', label: 'แจ้งเตือนในระบบ' },
            ]}
          />
          <Select
            aria-label="สาขา"
            style={{ width: 220 }}
            value={branch}
            onChange={(v) => set('branch', v)}
            options={[
              { value: '', label: 'ทุกสาขา' },
              ...(branches.data ?? []).map((b) => ({ value: String(b.branch_id), label: b.name })),
            ]}
          />
          <Space.Compact>
            <ThaiDatePicker
              aria-label="ตั้งแต่วันที่"
              placeholder="ตั้งแต่วันที่"
              style={{ width: 150 }}
              value={start || null}
              onChange={(v) => set('start', v ?? '')}
            />
            <ThaiDatePicker
              aria-label="ถึงวันที่"
              placeholder="ถึงวันที่"
              style={{ width: 150 }}
              value={end || null}
              onChange={(v) => set('end', v ?? '')}
            />
          </Space.Compact>
        </Space>
        {q.isError && <Alert type="error" showIcon title={errorMessage(q.error)} style={{ marginBottom: 12 }} />}
        <Table<OutboxRow>
          rowKey="outbox_id"
          size="middle"
          loading={q.isLoading}
          dataSource={d?.data ?? []}
          scroll={{ x: 1000 }}
          data-testid="outbox-table"
          locale={{ emptyText: 'ยังไม่มีข้อความ' }}
          pagination={{
            current: page,
            pageSize: 20,
            total: d?.meta.total ?? 0,
            showSizeChanger: false,
            showTotal: (n) => `ทั้งหมด ${n.toLocaleString('th-TH')} ข้อความ`,
            onChange: (p) => set('page', String(p)),
          }}
          columns={[
            {
              title: 'เวลา',
              dataIndex: 'created_at',
              width: 150,
              render: (v: string) => <ThaiDate value={v} variant="datetime" />,
            },
            {
              title: 'การแจ้งเตือน',
              dataIndex: 'kind_name',
              render: (v: string, r) => (
                <div>
                  <div>{v}</div>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {r.reason}
                  </Typography.Text>
                </div>
              ),
            },
            {
              title: 'ผู้รับ',
              dataIndex: 'recipient_name',
              width: 180,
              render: (v: string, r) => (
                <div>
                  <div>{v}</div>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {r.channel === 'line' ? 'LINE' : r.channel === 'email' ? 'อีเมล' : 'แจ้งเตือนในระบบ'}{' '}
                    {r.channel === 'email' ? r.recipient : ''}
                  </Typography.Text>
                </div>
              ),
            },
            { title: 'สาขา', dataIndex: 'branch_name', width: 140 },
            {
              title: 'สถานะ',
              dataIndex: 'state',
              width: 200,
              render: (v: string, r) => (
                <div>
                  <Tag color={STATE_COLOR[v]}>{r.state_name}</Tag>
                  {r.attempts > 1 && <Typography.Text type="secondary">ครั้งที่ {r.attempts}</Typography.Text>}
                  {r.last_error && (
                    <div>
                      <Typography.Text type="danger" style={{ fontSize: 12 }}>
                        {r.last_error}
                      </Typography.Text>
                    </div>
                  )}
                  {r.sent_at && (
                    <div style={{ fontSize: 12 }}>
                      ส่งเมื่อ <ThaiDate value={r.sent_at} variant="datetime" />
                    </div>
                  )}
                </div>
              ),
            },
            {
              title: '',
              key: 'act',
              width: 110,
              render: (_: unknown, r) =>
                (r.state === 'failed' || r.state === 'skipped') && can('manage', 'Accounting') ? (
                  <Button
                    size="small"
                    icon={<RedoOutlined />}
                    onClick={async () => {
                      try {
                        await resend.mutateAsync({ outbox_id: r.outbox_id });
                        message.success('นำข้อความเข้าคิวส่งใหม่แล้ว');
                      } catch (e) {
                        message.error(errorMessage(e));
                      }
                    }}
                  >
                    ส่งใหม่
                  </Button>
                ) : null,
            },
          ]}
          expandable={{
            expandedRowRender: (r) => (
              <div>
                <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 4 }}>
                  {r.body}
                </Typography.Paragraph>
                {r.provider_response && (
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    คำตอบจากผู้ให้บริการ: {r.provider_response}
                  </Typography.Text>
                )}
              </div>
            ),
          }}
        />
      </Card>
    </div>
  );
}
