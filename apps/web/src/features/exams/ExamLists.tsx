/**
 * The exam lists: ตารางสอบ (date filter, default today), ประวัติการสอบ, สิทธิ์สอบ (extend / disable in a dialog;
 * the list keeps its page, per_page and filters after a change) and จัดการสอบ (status default ค้างชำระ, with
 * today's sessions to record).
 */
import { CalendarOutlined, EditOutlined, StopOutlined, FieldTimeOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { addDays, todayBangkok } from '@khabkhi/thai';
import { Button, Card, Empty, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import type { ExamApplicationRow } from '@khabkhi/contracts';
import { useSession } from '../../api/useSession';
import { ListPage, type ListColumn } from '../../components/ListPage';
import { MoneyText } from '../../components/MoneyText';
import { ThaiDate } from '../../components/ThaiDate';
import { examKeys, PERMISSION_COLOR, STATUS_COLOR, type Attempt, type Permission } from './api';
import { listSessions } from './queries';
import { PermissionDialog, type PermissionAction } from './PermissionDialogs';

const kindTag = (r: { kind: string; kind_name: string }) => (
  <Tag color={r.kind === 'theory' ? 'blue' : 'green'}>{r.kind_name}</Tag>
);

function score(r: Attempt) {
  if (r.theory_score !== null && r.theory_score !== undefined) return `${r.theory_score}/${r.theory_total}`;
  const p = r.practical as { passed: boolean }[] | null;
  if (Array.isArray(p)) return `ผ่าน ${p.filter((x) => x.passed).length}/${p.length} ท่า`;
  return '-';
}

const attemptColumns: ListColumn<Attempt>[] = [
  { title: 'วันสอบ', dataIndex: 'exam_date', kind: 'date', render: (v: string) => <ThaiDate value={v} /> },
  { title: 'เวลา', dataIndex: 'start_time', render: (v: string) => `${v} น.` },
  { title: 'ภาคสอบ', dataIndex: 'kind_name', render: (_: string, r) => kindTag(r) },
  { title: 'ประเภทใบขับขี่', dataIndex: 'course_type' },
  { title: 'ผู้เข้าสอบ', dataIndex: 'customer_name', wrap: 200 },
  { title: 'เลขบัตรประชาชน', dataIndex: 'idcard' },
  { title: 'หลักสูตร', dataIndex: 'course_name', wrap: 180 },
  { title: 'ผลสอบ', dataIndex: 'status_name', render: (v: string, r) => <Tag color={STATUS_COLOR[r.status]}>{v}</Tag> },
  { title: 'คะแนน', key: 'score', dataIndex: 'theory_score', exportValue: score, render: (_: unknown, r) => score(r) },
  { title: 'สถานที่', dataIndex: 'place', wrap: 140 },
  { title: 'สาขา', dataIndex: 'branch_name', wrap: 140 },
];

const examFilters = ['branch', 'status', 'type', 'exam_kind'];
const examLabels = { status: 'ผลสอบ', type: 'ประเภทใบขับขี่', exam_kind: 'ภาคสอบ' };

export function ExamSchedule() {
  const today = todayBangkok();
  return (
    <ListPage<Attempt>
      title="ตารางสอบ"
      subtitle="ผู้เข้าสอบตามวันที่ (ค่าเริ่มต้นวันนี้) คลิกแถวเพื่อบันทึกผลของรอบสอบ"
      endpoint="/exam/gettable"
      rowKey="attempt_id"
      filters={examFilters}
      filterLabels={examLabels}
      dateRange={{ start: today, end: today, label: 'วันสอบ' }}
      detailPath={(r) => `/exams/sessions/${r.session_id}`}
      exportName="ตารางสอบ"
      columns={attemptColumns}
      search="ค้นหาชื่อ เลขบัตร เบอร์โทร หรือเลขที่ใบสมัคร"
      extra={
        <Link to="/exams/calendar">
          <Button icon={<CalendarOutlined />}>ปฏิทินสอบ</Button>
        </Link>
      }
    />
  );
}

export function ExamHistory() {
  const today = todayBangkok();
  return (
    <ListPage<Attempt>
      title="ประวัติการสอบ"
      subtitle="ผลสอบที่บันทึกแล้วและการจองทั้งหมดตามช่วงวันที่"
      endpoint="/exam/gettable"
      rowKey="attempt_id"
      filters={examFilters}
      filterLabels={examLabels}
      dateRange={{ start: addDays(today, -30), end: today, label: 'วันสอบ' }}
      detailPath={(r) => `/exams/permissions/${r.application_id}`}
      exportName="ประวัติการสอบ"
      columns={attemptColumns}
      search="ค้นหาชื่อ เลขบัตร เบอร์โทร หรือเลขที่ใบสมัคร"
    />
  );
}

export function PermissionList() {
  const { can } = useSession();
  const [action, setAction] = useState<PermissionAction | null>(null);
  const mayChange = can('update', 'Exam');
  return (
    <>
      <ListPage<Permission>
        title="สิทธิ์สอบ"
        subtitle="สิทธิ์ที่ยังใช้ได้ขึ้นก่อน เรียงจากใกล้หมดที่สุด ตามด้วยสิทธิ์ที่หมดแล้ว ต่ออายุหรือระงับสิทธิ์พร้อมเหตุผล"
        endpoint="/exam/permission"
        rowKey="line_id"
        filters={['branch', 'status', 'type']}
        filterLabels={{ status: 'สถานะสิทธิ์', type: 'ประเภทใบขับขี่' }}
        detailPath={(r) => `/exams/permissions/${r.application_id}`}
        exportName="สิทธิ์สอบ"
        search="ค้นหาชื่อ เลขบัตร เบอร์โทร หรือเลขที่ใบสมัคร"
        columns={[
          {
            title: 'เลขที่ใบสมัคร',
            dataIndex: 'application_code',
            render: (v: string) => <span style={{ whiteSpace: 'nowrap' }}>{v}</span>,
          },
          { title: 'ผู้เรียน', dataIndex: 'customer_name', wrap: 180 },
          { title: 'หลักสูตร', dataIndex: 'course_name', wrap: 160 },
          {
            title: 'สิทธิ์สอบถึง',
            dataIndex: 'permission_date',
            kind: 'date',
            render: (v: string) => <ThaiDate value={v} />,
          },
          { title: 'สถานะ', dataIndex: 'status', render: (v: string) => <Tag color={PERMISSION_COLOR[v]}>{v}</Tag> },
          {
            title: 'เหลือ',
            dataIndex: 'days_left',
            kind: 'number',
            render: (v: number, r) =>
              r.status === 'สอบผ่านแล้ว' || !r.is_active ? '-' : v < 0 ? `เลยมา ${-v} วัน` : `${v} วัน`,
          },
          {
            title: 'วันสอบ',
            dataIndex: 'exam_date',
            kind: 'date',
            render: (v: string | null) => <ThaiDate value={v} />,
          },
          { title: 'สาขา', dataIndex: 'branch_name', wrap: 140 },
          ...(mayChange
            ? [
                {
                  title: 'จัดการ',
                  key: 'actions',
                  noExport: true,
                  fixed: 'right' as const,
                  render: (_: unknown, r: Permission) =>
                    r.status === 'สอบผ่านแล้ว' ? null : (
                      <Space size={4} onClick={(e) => e.stopPropagation()}>
                        <Button
                          size="small"
                          icon={<FieldTimeOutlined />}
                          data-testid={`extend-${r.line_id}`}
                          onClick={() => setAction({ kind: 'extend', row: r })}
                        >
                          ต่ออายุ
                        </Button>
                        {r.is_active && (
                          <Button
                            size="small"
                            danger
                            icon={<StopOutlined />}
                            data-testid={`disable-${r.line_id}`}
                            onClick={() => setAction({ kind: 'disable', row: r })}
                          >
                            ระงับ
                          </Button>
                        )}
                      </Space>
                    ),
                },
              ]
            : []),
        ]}
      />
      <PermissionDialog action={action} onClose={() => setAction(null)} />
    </>
  );
}

function TodaySessions() {
  const today = todayBangkok();
  const q = useQuery({
    queryKey: examKeys.sessions(today, today, ''),
    queryFn: () => listSessions({ start: today }),
  });
  return (
    <Card
      size="small"
      title="รอบสอบวันนี้ — บันทึกผลสอบ"
      style={{ marginBottom: 16 }}
      loading={q.isLoading}
      data-testid="today-sessions"
    >
      {!q.data?.length ? (
        <Empty description="วันนี้ไม่มีรอบสอบ" image={Empty.PRESENTED_IMAGE_SIMPLE} />
      ) : (
        <Space wrap>
          {q.data.map((s) => (
            <Link key={s.session_id} to={`/exams/sessions/${s.session_id}`}>
              <Button icon={<EditOutlined />}>
                {s.start_time} น. {s.kind_name} {s.course_type} · {s.branch_name} ({s.recorded}/{s.booked} บันทึกแล้ว)
              </Button>
            </Link>
          ))}
        </Space>
      )}
    </Card>
  );
}

export function ManageExam() {
  return (
    <ListPage<ExamApplicationRow>
      title="จัดการสอบ"
      subtitle="ผู้เรียนและสถานะการสอบของแต่ละหลักสูตร (ค่าเริ่มต้น: ค้างชำระ — เก็บเงินให้ครบก่อนสอบ)"
      endpoint="/application/getformanageExam"
      rowKey="application_id"
      filters={['branch', 'status', 'type']}
      filterDefaults={{ status: 'ค้างชำระ' }}
      filterLabels={{ type: 'ประเภทใบขับขี่', status: 'สถานะการชำระ' }}
      detailPath={(r) => `/exams/permissions/${r.application_id}`}
      exportName="จัดการสอบ"
      summary={() => <TodaySessions />}
      columns={[
        {
          title: 'เลขที่ใบสมัคร',
          dataIndex: 'application_code',
          render: (v: string) => <span style={{ whiteSpace: 'nowrap' }}>{v}</span>,
        },
        { title: 'ผู้เรียน', dataIndex: 'customer_name', wrap: 200 },
        {
          title: 'หลักสูตร / การสอบ',
          key: 'course',
          dataIndex: 'course',
          exportValue: (r) => r.course.map((c) => `${c.course_name} ${c.last_status_name ?? 'ยังไม่จองสอบ'}`).join(', '),
          render: (_: unknown, r) => (
            <Space direction="vertical" size={0}>
              {r.course.map((c) => (
                <span key={c.line_id}>
                  {c.course_name} ·{' '}
                  {c.last_status_name ? (
                    <Tag color={STATUS_COLOR[c.last_status!]}>{c.last_status_name}</Tag>
                  ) : (
                    <Typography.Text type="secondary">ยังไม่จองสอบ</Typography.Text>
                  )}
                  {c.exam_date && (
                    <>
                      {' '}
                      · สอบ <ThaiDate value={c.exam_date} />
                    </>
                  )}{' '}
                  · <Tag color={PERMISSION_COLOR[c.status]}>สิทธิ์ {c.status}</Tag>
                </span>
              ))}
            </Space>
          ),
        },
        {
          title: 'สถานะการชำระ',
          dataIndex: 'status',
          render: (v: string) => <Tag color={v === 'ค้างชำระ' ? 'orange' : 'green'}>{v}</Tag>,
        },
        { title: 'คงเหลือ', dataIndex: 'balance', kind: 'money', render: (v: string) => <MoneyText value={v} strong /> },
        { title: 'สาขา', dataIndex: 'branch_name', wrap: 140 },
      ]}
    />
  );
}
