/**
 * ปฏิทินสอบ: a month or a week of sessions (coloured by kind and licence type); a day opens its sessions and
 * students, where staff add a session, book a student (the server's rule message shown when refused), print the
 * roster and go to the results. View, date and branch live in the URL.
 */
import {
  LeftOutlined,
  PlusOutlined,
  PrinterOutlined,
  RightOutlined,
  EditOutlined,
  DeleteOutlined,
} from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { addDays, formatThaiDate, THAI_MONTHS, todayBangkok } from '@khabkhi/thai';
import type { ExaminerOption } from '@khabkhi/contracts';
import {
  Alert,
  App,
  AutoComplete,
  Button,
  Card,
  Drawer,
  Empty,
  Form,
  Input,
  InputNumber,
  Popconfirm,
  Segmented,
  Select,
  Space,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { api, errorMessage, type Option } from '../../api/client';
import { useSession } from '../../api/useSession';
import { PageHeader } from '../../components/PageHeader';
import { ThaiDate } from '../../components/ThaiDate';
import { ThaiDatePicker } from '../../components/ThaiDatePicker';
import { openPdf } from '../../api/documents';
import {
  examKeys,
  examTables,
  monthGrid,
  STATUS_COLOR,
  weekOf,
  type CalEvent,
  type Permission,
  type Session,
} from './api';

const WEEKDAYS = ['จันทร์', 'อังคาร', 'พุธ', 'พฤหัสบดี', 'ศุกร์', 'เสาร์', 'อาทิตย์'];
const beYear = (iso: string) => Number(iso.slice(0, 4)) + 543;

function useFilters() {
  return useQuery({
    queryKey: ['exam', 'filters'],
    queryFn: async () =>
      (await api.table('/exam/gettable', { per_page: 1, start: todayBangkok(), end: todayBangkok() })).filter as {
        branch: Option[];
        type: Option[];
      },
    staleTime: 300_000,
  });
}

export default function ExamCalendar() {
  const [params, setParams] = useSearchParams();
  const view = params.get('view') === 'week' ? 'week' : 'month';
  const date = /^\d{4}-\d{2}-\d{2}$/.test(params.get('date') ?? '') ? params.get('date')! : todayBangkok();
  const branch = params.get('branch') ?? 'ทั้งหมด';
  const [day, setDay] = useState<string | null>(null);
  const filters = useFilters();
  const set = (k: Record<string, string>) => {
    const n = new URLSearchParams(params);
    for (const [a, b] of Object.entries(k)) n.set(a, b);
    setParams(n);
  };
  const range =
    view === 'week'
      ? { ...weekOf(date), days: Array.from({ length: 7 }, (_, i) => addDays(weekOf(date).start, i)) }
      : monthGrid(date.slice(0, 7));
  // a month asks for days (one event per kind and licence type a day); a week of one branch for every session, a week
  // of all branches for slots (one event per time, kind and licence type, with how many branches hold it)
  const group = view === 'month' ? 'day' : branch === 'ทั้งหมด' ? 'slot' : 'session';
  const query = { start: range.start, end: range.end, branch, group };
  const events = useQuery({
    queryKey: examKeys.calendar(query),
    queryFn: () => api.get<{ events: CalEvent[] }>('/exam/calendar', query),
  });
  const byDay = new Map<string, CalEvent[]>();
  for (const e of events.data?.events ?? []) {
    const d = e.start.slice(0, 10); // the day of an all-day event, of a session's or a slot's start
    byDay.set(d, [...(byDay.get(d) ?? []), e]);
  }
  const step = (n: number) => {
    if (view === 'week') return set({ date: addDays(date, 7 * n) });
    const [y, m] = date.split('-').map(Number) as [number, number];
    const d = new Date(Date.UTC(y, m - 1 + n, 1));
    set({ date: d.toISOString().slice(0, 10) });
  };
  const title =
    view === 'week'
      ? `${formatThaiDate(range.start)} – ${formatThaiDate(range.end)}`
      : `${THAI_MONTHS[Number(date.slice(5, 7)) - 1]} ${beYear(date)}`;
  const today = todayBangkok();
  return (
    <div>
      <PageHeader title="ปฏิทินสอบ" subtitle="คลิกวันเพื่อดูรอบสอบ ผู้เข้าสอบ และจองสอบ" />
      <Card>
        <Space wrap style={{ marginBottom: 12, width: '100%', justifyContent: 'space-between' }}>
          <Space wrap>
            <Button icon={<LeftOutlined />} onClick={() => step(-1)} aria-label="ก่อนหน้า" />
            <Button onClick={() => set({ date: today })}>วันนี้</Button>
            <Button icon={<RightOutlined />} onClick={() => step(1)} aria-label="ถัดไป" />
            <Typography.Title level={4} style={{ margin: 0 }} data-testid="calendar-title">
              {title}
            </Typography.Title>
          </Space>
          <Space wrap>
            <Select
              style={{ width: 200 }}
              value={branch}
              onChange={(v) => set({ branch: String(v) })}
              options={(filters.data?.branch ?? [{ name: 'ทั้งหมด', value: 'ทั้งหมด' }]).map((o) => ({
                label: o.name,
                value: String(o.value),
              }))}
              aria-label="สาขา"
            />
            <Segmented
              value={view}
              onChange={(v) => set({ view: String(v) })}
              options={[
                { label: 'เดือน', value: 'month' },
                { label: 'สัปดาห์', value: 'week' },
              ]}
            />
            <Space size={4}>
              <Tag color="#1677ff">ภาคทฤษฎี</Tag>
              <Tag color="#389e0d">ภาคปฏิบัติ</Tag>
            </Space>
          </Space>
        </Space>
        <div className={`kk-cal kk-cal-${view}`} data-testid="exam-calendar">
          {WEEKDAYS.map((w) => (
            <div key={w} className="kk-cal-head">
              {w}
            </div>
          ))}
          {range.days.map((d) => {
            const list = byDay.get(d) ?? [];
            const out = view === 'month' && d.slice(0, 7) !== date.slice(0, 7);
            return (
              <div
                key={d}
                role="button"
                tabIndex={0}
                data-date={d}
                className={`kk-cal-day${out ? ' is-out' : ''}${d === today ? ' is-today' : ''}`}
                onClick={() => setDay(d)}
                onKeyDown={(e) => {
                  if (e.key === 'Enter') setDay(d);
                }}
              >
                <div className="kk-cal-num">{view === 'week' ? formatThaiDate(d) : Number(d.slice(8))}</div>
                {list.map((e) => (
                  <div key={e.id} className="kk-cal-ev" style={{ background: e.color }} title={e.title}>
                    {e.title}
                  </div>
                ))}
              </div>
            );
          })}
        </div>
      </Card>
      <style>{`
        .kk-cal { display: grid; grid-template-columns: repeat(7, minmax(0, 1fr)); border-top: 1px solid #f0f0f0; border-left: 1px solid #f0f0f0; }
        .kk-cal-head { padding: 6px 8px; font-weight: 600; background: #fafafa; border-right: 1px solid #f0f0f0; border-bottom: 1px solid #f0f0f0; }
        .kk-cal-day { min-height: 104px; padding: 4px 6px; border-right: 1px solid #f0f0f0; border-bottom: 1px solid #f0f0f0; cursor: pointer; overflow: hidden; }
        .kk-cal-week .kk-cal-day { min-height: 360px; }
        .kk-cal-day:hover, .kk-cal-day:focus { background: #f6fbf8; outline: none; }
        .kk-cal-day.is-out { color: #bfbfbf; background: #fcfcfc; }
        .kk-cal-day.is-today .kk-cal-num { background: #0b6e4f; color: #fff; border-radius: 10px; padding: 0 8px; display: inline-block; }
        .kk-cal-ev { color: #fff; border-radius: 4px; padding: 1px 6px; margin-top: 3px; font-size: 12px; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
        .kk-cal-week .kk-cal-ev { white-space: normal; }
        .kk-cal-more { font-size: 12px; color: #666; margin-top: 2px; }
      `}</style>
      <DayDrawer
        day={day}
        branch={branch}
        branches={filters.data?.branch ?? []}
        types={filters.data?.type ?? []}
        onClose={() => setDay(null)}
      />
    </div>
  );
}

function DayDrawer({
  day,
  branch,
  branches,
  types,
  onClose,
}: {
  day: string | null;
  branch: string;
  branches: Option[];
  types: Option[];
  onClose: () => void;
}) {
  const { can } = useSession();
  const [adding, setAdding] = useState(false);
  const q = useQuery({
    queryKey: examKeys.sessions(day ?? '', day ?? '', branch),
    queryFn: () => api.get<Session[]>('/exam/session/list', { start: day!, branch }),
    enabled: !!day,
  });
  return (
    <Drawer
      open={!!day}
      onClose={() => {
        setAdding(false);
        onClose();
      }}
      size="large"
      title={
        day ? (
          <>
            รอบสอบวันที่ <ThaiDate value={day} variant="long" />
          </>
        ) : null
      }
      destroyOnHidden
      extra={
        can('create', 'Exam') && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)} data-testid="add-session">
            เพิ่มรอบสอบ
          </Button>
        )
      }
    >
      {adding && day && <SessionForm day={day} branches={branches} types={types} onDone={() => setAdding(false)} />}
      {q.isLoading ? (
        <Card loading />
      ) : !q.data?.length ? (
        <Empty description="วันนี้ยังไม่มีรอบสอบ" />
      ) : (
        q.data.map((s) => <SessionCard key={s.session_id} s={s} />)
      )}
    </Drawer>
  );
}

function SessionForm({
  day,
  branches,
  types,
  onDone,
}: {
  day: string;
  branches: Option[];
  types: Option[];
  onDone: () => void;
}) {
  const qc = useQueryClient();
  const { message } = App.useApp();
  const { user } = useSession();
  const [error, setError] = useState<string | null>(null);
  const [form] = Form.useForm();
  const create = useMutation({
    mutationFn: ({ examiner, ...v }: Record<string, unknown> & { examiner?: ExaminerValue }) =>
      api.post('/exam/session/create', {
        ...v,
        examiner: examiner?.text.trim() ?? '',
        examiner_id: examiner?.id ?? null,
      }),
    onSuccess: async (res) => {
      void message.success(res.message);
      onDone();
      await qc.invalidateQueries({ queryKey: examKeys.all });
    },
    onError: (e) => setError(errorMessage(e)),
  });
  const realBranches = branches.filter((b) => b.value !== 'ทั้งหมด');
  const realTypes = types.filter((t) => t.value !== 'ทั้งหมด');
  return (
    <Card size="small" title="เพิ่มรอบสอบ" style={{ marginBottom: 16 }} data-testid="session-form">
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 8 }} />}
      <Form
        form={form}
        layout="vertical"
        onFinish={(v) => create.mutate(v)}
        onValuesChange={(changed) => {
          // another branch has other staff: a picked employee of the old branch is cleared, a typed name kept
          if ('branch_id' in changed) {
            const cur = form.getFieldValue('examiner') as ExaminerValue | undefined;
            if (cur?.id) form.setFieldValue('examiner', { text: '', id: null });
          }
        }}
        initialValues={{
          exam_date: day,
          start_time: '09:00',
          exam_kind: 'theory',
          capacity: 20,
          course_type: realTypes[0]?.value,
          branch_id: realBranches.find((b) => b.value === user?.branch_id)?.value ?? realBranches[0]?.value,
        }}
      >
        <Space wrap align="start">
          <Form.Item name="branch_id" label="สาขา" rules={[{ required: true, message: 'กรุณาเลือกสาขา' }]}>
            <Select style={{ width: 200 }} options={realBranches.map((b) => ({ label: b.name, value: b.value }))} />
          </Form.Item>
          <Form.Item name="exam_date" label="วันสอบ" rules={[{ required: true, message: 'กรุณาเลือกวันสอบ' }]}>
            <ThaiDatePicker style={{ width: 160 }} />
          </Form.Item>
          <Form.Item
            name="start_time"
            label="เวลา"
            rules={[{ required: true, pattern: /^([01]\d|2[0-3]):[0-5]\d$/, message: 'เวลาแบบ 09:00' }]}
          >
            <Input style={{ width: 90 }} />
          </Form.Item>
          <Form.Item name="exam_kind" label="ภาคสอบ">
            <Select
              style={{ width: 130 }}
              options={[
                { label: 'ภาคทฤษฎี', value: 'theory' },
                { label: 'ภาคปฏิบัติ', value: 'practical' },
              ]}
            />
          </Form.Item>
          <Form.Item name="course_type" label="ประเภทใบขับขี่" rules={[{ required: true, message: 'กรุณาเลือกประเภท' }]}>
            <Select style={{ width: 170 }} options={realTypes.map((t) => ({ label: t.name, value: t.value }))} />
          </Form.Item>
          <Form.Item name="capacity" label="ที่นั่ง" rules={[{ required: true, message: 'กรุณาระบุจำนวนที่นั่ง' }]}>
            <InputNumber min={1} max={500} style={{ width: 90 }} />
          </Form.Item>
          <Form.Item name="place" label="สถานที่">
            <Input style={{ width: 200 }} maxLength={200} />
          </Form.Item>
          <Form.Item noStyle dependencies={['branch_id', 'examiner']}>
            {({ getFieldValue }) => (
              <Form.Item
                name="examiner"
                label="ผู้คุมสอบ"
                tooltip="เลือกพนักงานของสาขา หรือพิมพ์ชื่อผู้คุมสอบจากภายนอก"
                extra={
                  <span data-testid="examiner-kind">
                    {(getFieldValue('examiner') as ExaminerValue | undefined)?.id
                      ? 'พนักงานของโรงเรียน'
                      : (getFieldValue('examiner') as ExaminerValue | undefined)?.text.trim()
                        ? 'ผู้คุมสอบจากภายนอก'
                        : ''}
                  </span>
                }
              >
                <ExaminerPicker branchId={getFieldValue('branch_id') as number | undefined} />
              </Form.Item>
            )}
          </Form.Item>
        </Space>
        <Space>
          <Button type="primary" htmlType="submit" loading={create.isPending} data-testid="save-session">
            บันทึกรอบสอบ
          </Button>
          <Button onClick={onDone}>ยกเลิก</Button>
        </Space>
      </Form>
    </Card>
  );
}

/** The examiner as the form holds it: the name shown and, when picked from the staff list, the employee's id. */
type ExaminerValue = { text: string; id: number | null };

/**
 * ผู้คุมสอบ: the branch's staff (exam/examiners, readable with the exam ability) offered as the name is typed; picking
 * one keeps the employee's id, and a name typed that matches nobody is an outside examiner (no id).
 */
function ExaminerPicker({
  id,
  branchId,
  value,
  onChange,
}: {
  id?: string;
  branchId?: number;
  value?: ExaminerValue;
  onChange?: (v: ExaminerValue) => void;
}) {
  const staff = useQuery({
    queryKey: ['exam', 'examiners', branchId],
    queryFn: () => api.get<ExaminerOption[]>('/exam/examiners', { branch_id: branchId! }),
    enabled: !!branchId,
    staleTime: 300_000,
  });
  const text = value?.text ?? '';
  const q = text.trim().toLowerCase();
  const options = (staff.data ?? [])
    .filter((o) => !q || value?.id === o.value || o.name.toLowerCase().includes(q))
    .map((o) => {
      const extra = [o.position, o.branch_name].filter(Boolean).join(' · ');
      return {
        value: String(o.value),
        label: (
          <div data-testid={`examiner-option-${o.value}`} title={o.name}>
            {o.name}
            {extra && (
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {' '}
                · {extra}
              </Typography.Text>
            )}
          </div>
        ),
      };
    });
  return (
    <AutoComplete
      id={id}
      style={{ width: 240 }}
      popupMatchSelectWidth={360}
      value={text}
      options={options}
      onSearch={(t) => onChange?.({ text: t, id: null })}
      onChange={(t) => {
        // typing changes the text (and forgets a picked employee); a pick is handled by onSelect
        if (!(staff.data ?? []).some((o) => String(o.value) === t)) onChange?.({ text: t, id: null });
      }}
      onSelect={(v: string) => {
        const o = staff.data?.find((x) => String(x.value) === v);
        if (o) onChange?.({ text: o.name, id: o.value });
      }}
      // Escape closes the suggestions only: the drawer (and the half-filled form) stays open
      onKeyDown={(e) => {
        if (e.key === 'Escape') e.stopPropagation();
      }}
      placeholder="เลือกพนักงาน หรือพิมพ์ชื่อ"
      aria-label="ผู้คุมสอบ"
      maxLength={200}
      allowClear
      data-testid="examiner-input"
    />
  );
}

function SessionCard({ s }: { s: Session }) {
  const qc = useQueryClient();
  const { can } = useSession();
  const { message } = App.useApp();
  const [search, setSearch] = useState('');
  const [line, setLine] = useState<number | null>(null);
  const [result, setResult] = useState<{ type: 'success' | 'error'; text: string } | null>(null);
  const found = useQuery({
    queryKey: ['exam', 'book-search', s.session_id, search],
    queryFn: () =>
      api.table<Permission>('/exam/permission', {
        text: search,
        type: s.course_type,
        branch: String(s.branch_id),
        per_page: 10,
      }),
    enabled: search.trim().length >= 2,
  });
  const refresh = () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: examKeys.all }),
      ...examTables.map((queryKey) => qc.invalidateQueries({ queryKey })),
    ]);
  const book = useMutation({
    mutationFn: () => api.post('/exam/book', { session_id: s.session_id, line_id: line }),
    onSuccess: async (res) => {
      setResult({ type: 'success', text: res.message });
      setLine(null);
      setSearch('');
      await refresh();
    },
    onError: (e) => setResult({ type: 'error', text: errorMessage(e) }),
  });
  const cancel = useMutation({
    mutationFn: (attempt_id: number) => api.post('/exam/cancel', { attempt_id, reason: 'ยกเลิกจากปฏิทินสอบ' }),
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
            onClick={async () =>
              openPdf((await api.post<{ pdf: string }>('/exam/roster/pdf', { session_id: s.session_id })).data.pdf)
            }
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
