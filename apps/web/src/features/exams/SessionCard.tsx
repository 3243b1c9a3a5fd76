/** A session on the calendar's day: its students, booking a student (the rule message when refused), cancelling a seat, the roster. */
import { DeleteOutlined, EditOutlined, PrinterOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { todayBangkok } from '@khabkhi/thai';
import { Alert, App, Button, Card, Popconfirm, Select, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../api/client';
import { openPdf } from '../../api/documents';
import { useSession } from '../../api/useSession';
import { examKeys, examTables, STATUS_COLOR, type Session } from './api';
import { bookExam, cancelBooking, rosterPdf, searchPermissions } from './queries';

export function SessionCard({ s }: { s: Session }) {
  const qc = useQueryClient();
  const { can } = useSession();
  const { message } = App.useApp();
  const [search, setSearch] = useState('');
  const [line, setLine] = useState<number | null>(null);
  const [result, setResult] = useState<{ type: 'success' | 'error'; text: string } | null>(null);
  const found = useQuery({
    queryKey: examKeys.bookSearch(s.session_id, search),
    queryFn: () => searchPermissions(s, search),
    enabled: search.trim().length >= 2,
  });
  const refresh = () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: examKeys.all }),
      ...examTables.map((queryKey) => qc.invalidateQueries({ queryKey })),
    ]);
  const book = useMutation({
    mutationFn: () => bookExam({ session_id: s.session_id, line_id: line! }),
    onSuccess: async (res) => {
      setResult({ type: 'success', text: res.message });
      setLine(null);
      setSearch('');
      await refresh();
    },
    onError: (e) => setResult({ type: 'error', text: errorMessage(e) }),
  });
  const cancel = useMutation({
    mutationFn: (attempt_id: number) => cancelBooking(attempt_id, 'ยกเลิกจากปฏิทินสอบ'),
    onSuccess: async (res) => {
      void message.success(res.message);
      await refresh();
    },
    onError: (e) => setResult({ type: 'error', text: errorMessage(e) }),
  });
  const full = s.booked >= s.capacity;
  return (
    <Card
      size="small"
      style={{ marginBottom: 12, borderLeft: `4px solid ${s.kind === 'theory' ? '#1677ff' : '#389e0d'}` }}
      data-testid={`session-${s.session_id}`}
      title={
        <Space wrap>
          {s.start_time} น. <Tag color={s.kind === 'theory' ? 'blue' : 'green'}>{s.kind_name}</Tag>
          {s.course_type}
          <Tag color={full ? 'red' : 'default'}>
            จอง {s.booked}/{s.capacity}
          </Tag>
        </Space>
      }
      extra={
        <Space size={4}>
          <Button
            size="small"
            icon={<PrinterOutlined />}
            onClick={async () => openPdf((await rosterPdf(s.session_id)).data.pdf)}
          >
            รายชื่อ
          </Button>
          <Link to={`/exams/sessions/${s.session_id}`}>
            <Button size="small" icon={<EditOutlined />}>
              บันทึกผล
            </Button>
          </Link>
        </Space>
      }
    >
      <Typography.Text type="secondary">
        {s.branch_name}
        {s.place && ` · ${s.place}`}
        {s.examiner && ` · ผู้คุมสอบ ${s.examiner}`}
      </Typography.Text>
      <ol style={{ margin: '8px 0', paddingLeft: 22 }}>
        {s.students.map((a) => (
          <li key={a.attempt_id}>
            {a.customer_name} · {a.course_name}{' '}
            <Tag color={STATUS_COLOR[a.status]}>
              {a.status_name}
              {a.theory_score !== null ? ` ${a.theory_score}/${a.theory_total}` : ''}
            </Tag>
            {a.status === 'booked' && can('update', 'Exam') && (
              <Popconfirm
                title="ยกเลิกการจองนี้?"
                okText="ยกเลิกการจอง"
                cancelText="ปิด"
                onConfirm={() => cancel.mutate(a.attempt_id)}
              >
                <Button size="small" type="text" danger icon={<DeleteOutlined />} aria-label="ยกเลิกการจอง" />
              </Popconfirm>
            )}
          </li>
        ))}
      </ol>
      {result && (
        <Alert
          type={result.type}
          showIcon
          closable={{ onClose: () => setResult(null) }}
          title={result.text}
          style={{ marginBottom: 8 }}
          data-testid="book-result"
        />
      )}
      {can('update', 'Exam') && !full && s.exam_date >= todayBangkok() && (
        <div style={{ display: 'flex', gap: 8 }}>
          <Select
            showSearch={{ filterOption: false, onSearch: setSearch, searchValue: search }}
            value={line}
            onChange={(v) => setLine(v)}
            style={{ flex: 1, minWidth: 0 }}
            placeholder="จองสอบ: พิมพ์ชื่อ เลขบัตร หรือเบอร์โทรของผู้เรียน"
            data-testid="book-search"
            notFoundContent={
              search.trim().length < 2 ? 'พิมพ์อย่างน้อย 2 ตัวอักษร' : found.isFetching ? 'กำลังค้นหา…' : 'ไม่พบผู้เรียน'
            }
            options={(found.data?.data ?? []).map((p) => ({
              value: p.line_id,
              label: `${p.customer_name} · ${p.course_name} · ${p.application_code} · สิทธิ์ ${p.status}`,
            }))}
          />
          <Button
            type="primary"
            disabled={!line}
            loading={book.isPending}
            onClick={() => book.mutate()}
            data-testid="book-button"
          >
            จองสอบ
          </Button>
        </div>
      )}
    </Card>
  );
}
