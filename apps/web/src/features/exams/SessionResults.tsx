/**
 * บันทึกผลสอบ of one session, from the keyboard: theory — type the score and Enter moves to the next student;
 * practical — type one digit per manoeuvre (1 ผ่าน, 0 ไม่ผ่าน) and Enter; "ข" or "-" marks absent. Enter on the last
 * student saves the whole session at once.
 */
import { PrinterOutlined, SaveOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Input, Space, Table, Tag, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useParams } from 'react-router';
import { errorMessage } from '../../api/client';
import { PageHeader } from '../../components/PageHeader';
import { ThaiDate } from '../../components/ThaiDate';
import { openPdf } from '../../api/documents';
import { examKeys, examTables, STATUS_COLOR, type Attempt, type SessionDetail } from './api';
import type { ResultBody } from '@khabkhi/contracts';
import { rosterPdf, saveResults, sessionDetail } from './queries';

type Entry = string;
const ABSENT = /^(ข|-|a)$/i;

/** What a typed entry means, or an error text. */
export function readEntry(
  kind: string,
  text: string,
  d: Pick<SessionDetail, 'theory_questions' | 'theory_pass_mark' | 'manoeuvres'>,
):
  | { absent: true }
  | { score: number; passed: boolean }
  | { marks: boolean[]; passed: boolean }
  | { error: string }
  | null {
  const t = text.trim();
  if (!t) return null;
  if (ABSENT.test(t)) return { absent: true };
  if (kind === 'theory') {
    if (!/^\d{1,3}$/.test(t)) return { error: 'กรอกเป็นตัวเลข' };
    const score = Number(t);
    if (score > d.theory_questions) return { error: `เกิน ${d.theory_questions} ข้อ` };
    return { score, passed: score >= d.theory_pass_mark };
  }
  if (!/^[01]+$/.test(t)) return { error: 'กรอก 1 (ผ่าน) หรือ 0 (ไม่ผ่าน) ทีละท่า' };
  if (t.length !== d.manoeuvres.length) return { error: `ต้องกรอก ${d.manoeuvres.length} ท่า (กรอกแล้ว ${t.length})` };
  const marks = [...t].map((c) => c === '1');
  return { marks, passed: marks.every(Boolean) };
}

function initial(a: Attempt, kind: string): Entry {
  if (a.status === 'absent') return 'ข';
  if (kind === 'theory') return a.theory_score !== null && a.theory_score !== undefined ? String(a.theory_score) : '';
  const p = a.practical as { passed: boolean }[] | null;
  return Array.isArray(p) ? p.map((x) => (x.passed ? '1' : '0')).join('') : '';
}

export default function SessionResults() {
  const id = Number(useParams().id);
  const qc = useQueryClient();
  const q = useQuery({
    queryKey: examKeys.session(id),
    queryFn: () => sessionDetail(id),
  });
  const d = q.data;
  const [entries, setEntries] = useState<Record<number, Entry>>({});
  const [banner, setBanner] = useState<{ type: 'success' | 'error'; text: string } | null>(null);
  const inputs = useRef<Record<number, HTMLInputElement | null>>({});
  const saveRef = useRef<HTMLButtonElement | null>(null);
  useEffect(() => {
    if (d) setEntries(Object.fromEntries(d.students.map((s) => [s.attempt_id, initial(s, d.kind)])));
  }, [d]);
  const save = useMutation({
    mutationFn: () => {
      const results = d!.students.flatMap((s): ResultBody['results'] => {
        const r = readEntry(d!.kind, entries[s.attempt_id] ?? '', d!);
        if (!r || 'error' in r) return [];
        if ('absent' in r) return [{ attempt_id: s.attempt_id, absent: true }];
        if ('score' in r) return [{ attempt_id: s.attempt_id, theory_score: r.score }];
        return [
          {
            attempt_id: s.attempt_id,
            practical: d!.manoeuvres.map((m, i) => ({ evaluate_id: m.evaluate_id, passed: r.marks[i]! })),
          },
        ];
      });
      if (!results.length) throw new Error('ยังไม่ได้กรอกผลสอบ');
      return saveResults({ session_id: id, results });
    },
    onSuccess: async (res) => {
      setBanner({ type: 'success', text: res.message });
      await Promise.all([
        qc.invalidateQueries({ queryKey: examKeys.all }),
        ...examTables.map((queryKey) => qc.invalidateQueries({ queryKey })),
      ]);
    },
    onError: (e) => setBanner({ type: 'error', text: errorMessage(e) }),
  });
  if (!d) return <Card loading={q.isLoading}>{q.isError ? errorMessage(q.error) : null}</Card>;
  const students = d.students;
  const problems = students
    .map((s) => readEntry(d.kind, entries[s.attempt_id] ?? '', d))
    .filter((r) => r && 'error' in r).length;
  const next = (i: number) => {
    const n = students[i + 1];
    if (n) inputs.current[n.attempt_id]?.focus();
    else saveRef.current?.focus();
  };
  return (
    <div>
      <PageHeader
        title={`บันทึกผลสอบ${d.kind_name} ${d.course_type}`}
        subtitle={
          <>
            <ThaiDate value={d.exam_date} variant="long" /> เวลา {d.start_time} น. · {d.branch_name}
          </>
        }
        back="/exams/manage"
        extra={
          <Button icon={<PrinterOutlined />} onClick={async () => openPdf((await rosterPdf(id)).data.pdf)}>
            พิมพ์รายชื่อผู้เข้าสอบ
          </Button>
        }
      />
      <Card style={{ marginBottom: 16 }}>
        <Descriptions
          size="small"
          column={{ xs: 1, md: 4 }}
          items={[
            { key: 'p', label: 'สถานที่', children: d.place || '-' },
            { key: 'e', label: 'ผู้คุมสอบ', children: d.examiner || '-' },
            { key: 'b', label: 'ผู้เข้าสอบ', children: `${d.booked}/${d.capacity} คน` },
            {
              key: 'r',
              label: 'เกณฑ์',
              children:
                d.kind === 'theory'
                  ? `ผ่าน ${d.theory_pass_mark} จาก ${d.theory_questions} ข้อ`
                  : `ผ่านทุกท่า (${d.manoeuvres.length} ท่า)`,
            },
          ]}
        />
        <Typography.Text type="secondary">
          {d.kind === 'theory'
            ? 'พิมพ์คะแนนแล้วกด Enter เพื่อไปคนถัดไป'
            : `พิมพ์ผลทีละท่าตามลำดับ (1 = ผ่าน, 0 = ไม่ผ่าน) เช่น ${'1'.repeat(Math.max(0, d.manoeuvres.length - 1))}0 แล้วกด Enter`}
          {' · พิมพ์ "ข" = ขาดสอบ · Enter ที่คนสุดท้ายแล้วกด Enter อีกครั้งเพื่อบันทึกทั้งรอบ'}
        </Typography.Text>
        {d.kind === 'practical' && (
          <ol style={{ margin: '8px 0 0', paddingLeft: 20 }}>
            {d.manoeuvres.map((m) => (
              <li key={m.evaluate_id}>{m.title}</li>
            ))}
          </ol>
        )}
      </Card>
      {banner && (
        <Alert
          type={banner.type}
          showIcon
          closable={{ onClose: () => setBanner(null) }}
          title={banner.text}
          style={{ marginBottom: 16 }}
          data-testid="results-banner"
        />
      )}
      <Table<Attempt>
        rowKey="attempt_id"
        dataSource={students}
        pagination={false}
        size="middle"
        columns={[
          { title: 'ลำดับ', key: 'no', width: 64, render: (_: unknown, __, i) => i + 1 },
          { title: 'ผู้เข้าสอบ', dataIndex: 'customer_name' },
          { title: 'เลขบัตรประชาชน', dataIndex: 'idcard' },
          {
            title: d.kind === 'theory' ? `คะแนน (เต็ม ${d.theory_questions})` : 'ผลแต่ละท่า',
            key: 'entry',
            width: 220,
            render: (_: unknown, s, i) => (
              <Input
                ref={(el) => {
                  inputs.current[s.attempt_id] = el?.input ?? null;
                }}
                autoFocus={i === 0}
                value={entries[s.attempt_id] ?? ''}
                data-testid={`entry-${i}`}
                inputMode={d.kind === 'theory' ? 'numeric' : 'text'}
                maxLength={d.kind === 'theory' ? 3 : 50}
                onChange={(e) => setEntries((x) => ({ ...x, [s.attempt_id]: e.target.value }))}
                onKeyDown={(e) => {
                  if (e.key === 'Enter') {
                    e.preventDefault();
                    next(i);
                  }
                }}
              />
            ),
          },
          {
            title: 'ผล',
            key: 'result',
            render: (_: unknown, s) => {
              const r = readEntry(d.kind, entries[s.attempt_id] ?? '', d);
              if (!r) return <Tag color={STATUS_COLOR[s.status]}>{s.status_name}</Tag>;
              if ('error' in r) return <Typography.Text type="danger">{r.error}</Typography.Text>;
              if ('absent' in r) return <Tag color="orange">ขาดสอบ</Tag>;
              return (
                <Space size={4}>
                  <Tag color={r.passed ? 'green' : 'red'}>{r.passed ? 'ผ่าน' : 'ไม่ผ่าน'}</Tag>
                  {'marks' in r && r.marks.map((m, k) => (m ? null : <Tag key={k}>{d.manoeuvres[k]!.title}</Tag>))}
                </Space>
              );
            },
          },
        ]}
      />
      <Space style={{ marginTop: 16 }}>
        <Button
          ref={saveRef}
          type="primary"
          icon={<SaveOutlined />}
          loading={save.isPending}
          disabled={problems > 0 || !students.length}
          onClick={() => save.mutate()}
          data-testid="save-results"
        >
          บันทึกผลทั้งรอบ
        </Button>
        {problems > 0 && <Typography.Text type="danger">มี {problems} รายการที่กรอกไม่ถูกต้อง</Typography.Text>}
      </Space>
    </div>
  );
}
