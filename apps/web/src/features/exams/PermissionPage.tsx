/** สิทธิ์สอบ — one application: each course line's permission, its history (who, when, old → new, reason) and attempts. */
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Descriptions, Empty, Space, Table, Tag, Timeline, Typography } from 'antd';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { useSession } from '../../api/useSession';
import { MoneyText } from '../../components/MoneyText';
import { PageHeader } from '../../components/PageHeader';
import { ThaiDate } from '../../components/ThaiDate';
import { examKeys, PERMISSION_COLOR, STATUS_COLOR, type Attempt } from './api';
import { permissionDetail } from './queries';
import { PermissionDialog, type PermissionAction } from './PermissionDialogs';
import { ChangeDateDialog, type ChangeTarget } from './ChangeDateDialog';

const valueText = (v: string) =>
  v.replace(/(\d{4}-\d{2}-\d{2})/g, (d) =>
    new Intl.DateTimeFormat('th-TH-u-ca-buddhist', {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      timeZone: 'UTC',
    }).format(new Date(`${d}T00:00:00Z`)),
  );

export function ExamAttemptsTable({ rows }: { rows: Attempt[] }) {
  return (
    <Table<Attempt>
      size="small"
      rowKey="attempt_id"
      pagination={false}
      dataSource={rows}
      locale={{ emptyText: 'ยังไม่มีประวัติการสอบ' }}
      columns={[
        {
          title: 'วันสอบ',
          dataIndex: 'exam_date',
          render: (v: string, r) => (
            <>
              <ThaiDate value={v} /> {r.start_time} น.
            </>
          ),
        },
        { title: 'ภาคสอบ', dataIndex: 'kind_name' },
        { title: 'หลักสูตร', dataIndex: 'course_name' },
        {
          title: 'ผล',
          dataIndex: 'status_name',
          render: (v: string, r) => <Tag color={STATUS_COLOR[r.status]}>{v}</Tag>,
        },
        {
          title: 'คะแนน',
          key: 's',
          render: (_: unknown, r) =>
            r.theory_score !== null
              ? `${r.theory_score}/${r.theory_total}`
              : Array.isArray(r.practical)
                ? (r.practical as { title: string; passed: boolean }[])
                    .filter((p) => !p.passed)
                    .map((p) => `ไม่ผ่าน: ${p.title}`)
                    .join(', ') || 'ผ่านทุกท่า'
                : '-',
        },
        { title: 'สาขา', dataIndex: 'branch_name' },
        { title: 'ผู้บันทึก', dataIndex: 'recorded_by_name' },
      ]}
    />
  );
}

export default function PermissionPage() {
  const id = Number(useParams().id);
  const { can } = useSession();
  const [action, setAction] = useState<PermissionAction | null>(null);
  const [change, setChange] = useState<ChangeTarget | null>(null);
  const q = useQuery({
    queryKey: examKeys.permission(id),
    queryFn: () => permissionDetail(id),
  });
  const d = q.data;
  return (
    <div>
      <PageHeader
        title={`สิทธิ์สอบ ${d?.application_code ?? ''}`}
        subtitle={d ? `${d.customer_name} · ${d.branch_name}` : undefined}
        back="/exams/permissions"
        extra={
          d && (
            <Link to={`/applications/${d.application_id}`}>
              <Button>ดูใบสมัคร</Button>
            </Link>
          )
        }
      />
      <Card loading={q.isLoading} style={{ marginBottom: 16 }}>
        {d && (
          <Descriptions
            size="small"
            column={{ xs: 1, md: 3 }}
            items={[
              { key: 'n', label: 'ผู้เรียน', children: d.customer_name },
              { key: 'i', label: 'เลขบัตรประชาชน', children: d.idcard },
              {
                key: 's',
                label: 'สถานะการชำระ',
                children: (
                  <Space>
                    {d.status}
                    <MoneyText value={d.balance} unit />
                  </Space>
                ),
              },
            ]}
          />
        )}
      </Card>
      {d?.lines.map((l) => (
        <Card
          key={l.line_id}
          title={`${l.course_name} (${l.course_type})`}
          style={{ marginBottom: 16 }}
          data-testid={`line-${l.line_id}`}
          extra={
            can('update', 'Exam') &&
            l.status !== 'สอบผ่านแล้ว' && (
              <Space>
                {l.attempts.some((a) => a.status === 'booked') && (
                  <Button
                    onClick={() =>
                      setChange({ line: l, branchId: d.branch_id, customer: d.customer_name, fee: d.fees.changedate })
                    }
                  >
                    เปลี่ยนวันสอบ
                  </Button>
                )}
                <Button
                  onClick={() => setAction({ kind: 'extend', row: { ...l, customer_name: d.customer_name } })}
                  data-testid="detail-extend"
                >
                  ต่ออายุสิทธิ์
                </Button>
                {l.is_active && (
                  <Button
                    danger
                    onClick={() => setAction({ kind: 'disable', row: { ...l, customer_name: d.customer_name } })}
                  >
                    ระงับสิทธิ์
                  </Button>
                )}
              </Space>
            )
          }
        >
          <Descriptions
            size="small"
            column={{ xs: 1, md: 4 }}
            style={{ marginBottom: 12 }}
            items={[
              { key: 'p', label: 'สิทธิ์สอบถึง', children: <ThaiDate value={l.permission_date} /> },
              { key: 's', label: 'สถานะ', children: <Tag color={PERMISSION_COLOR[l.status]}>{l.status}</Tag> },
              { key: 'e', label: 'วันสอบ', children: <ThaiDate value={l.exam_date} /> },
              { key: 'd', label: 'เหลือ', children: l.is_active && !l.passed ? `${l.days_left} วัน` : '-' },
            ]}
          />
          <Typography.Title level={5}>ประวัติการสอบ</Typography.Title>
          <ExamAttemptsTable rows={l.attempts} />
          <Typography.Title level={5} style={{ marginTop: 16 }}>
            ประวัติการเปลี่ยนแปลงสิทธิ์และวันสอบ
          </Typography.Title>
          {!l.history.length ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="ยังไม่มีการเปลี่ยนแปลง" />
          ) : (
            <Timeline
              data-testid="permission-history"
              items={l.history.map((h) => ({
                key: h.history_id,
                content: (
                  <div>
                    <Typography.Text strong>
                      <ThaiDate value={h.createdAt} variant="datetime" />
                    </Typography.Text>{' '}
                    <Tag>{h.action_name}</Tag> {h.user_name}
                    <br />
                    {valueText(h.old_value) || '-'} → {valueText(h.new_value)} · เหตุผล: {h.reason}
                    {h.request_application_id && (
                      <>
                        {' '}
                        · <Link to={`/request-applications/${h.request_application_id}`}>ใบคำร้อง</Link>
                      </>
                    )}
                  </div>
                ),
              }))}
            />
          )}
        </Card>
      ))}
      <PermissionDialog action={action} onClose={() => setAction(null)} />
      <ChangeDateDialog target={change} onClose={() => setChange(null)} />
    </div>
  );
}
