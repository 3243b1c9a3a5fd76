/**
 * One student's course line: the criteria of the licence type with their current level, the hours done, and the
 * form of a training session. Quick from the keyboard: type a level digit in a criterion's box and the cursor
 * moves to the next criterion; Enter in the last one saves.
 */
import { PrinterOutlined, SaveOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EvaluateRecordBody, EvaluateStudent, EvaluateUpdateBody } from '@khabkhi/contracts';
import { formatNationalId, todayBangkok } from '@khabkhi/thai';
import {
  Alert,
  Button,
  Card,
  Col,
  Descriptions,
  Input,
  InputNumber,
  Progress,
  Radio,
  Row,
  Select,
  Space,
  Table,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useParams } from 'react-router';
import { errorMessage } from '../../api/client';
import { tableKeys } from '../../api/queryKeys';
import { useSession } from '../../api/useSession';
import { PageHeader } from '../../components/PageHeader';
import { rowActionsColumn } from '../../components/RowActions';
import { ResultBanner, type BannerState } from '../../components/ResultBanner';
import { thaiDate } from '../../components/ThaiDate';
import { ThaiDatePicker } from '../../components/ThaiDatePicker';
import {
  courseLabel,
  deleteEvaluation,
  EVALUATE_LIST,
  evaluationKeys,
  printLineDocument,
  recordEvaluation,
  statusColor,
  updateEvaluation,
  useStudentEvaluation,
} from './queries';

/**
 * How a part's hours are made: the completed lessons of the timetable and the hours typed on evaluations before the
 * lessons module (recorded history, shown apart); nothing when every hour comes from lessons.
 */
function RecordedPart({ done, recorded }: { done: number; recorded: number }) {
  if (!recorded) return null;
  const lessons = Math.round((done - recorded) * 100) / 100;
  return (
    <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
      จากคาบเรียนที่เรียนจบ {lessons} ชม. + บันทึกไว้เดิมในการประเมิน {recorded} ชม.
    </Typography.Text>
  );
}

export default function EvaluationDetail() {
  const lineId = Number(useParams().id);
  const { user, can } = useSession();
  const q = useStudentEvaluation(lineId);
  const d = q.data;
  const qc = useQueryClient();
  const [banner, setBanner] = useState<BannerState | null>(null);
  const [date, setDate] = useState<string | null>(todayBangkok());
  const [instructor, setInstructor] = useState<number | undefined>();
  const [theory, setTheory] = useState<number | null>(0);
  const [practice, setPractice] = useState<number | null>(0);
  const [note, setNote] = useState('');
  const [levels, setLevels] = useState<Record<number, number | undefined>>({});
  /** the session being corrected (null: a new one) */
  const [editing, setEditing] = useState<number | null>(null);
  const boxes = useRef<(HTMLInputElement | null)[]>([]);
  const saveRef = useRef<HTMLButtonElement | null>(null);
  const editable = can('update', 'Exam');

  useEffect(() => {
    if (d && instructor === undefined)
      setInstructor(
        d.instructors.some((o) => o.value === user?.user_id)
          ? user!.user_id
          : (d.instructors[0]?.value as number | undefined),
      );
  }, [d, instructor, user]);

  const levelName = useMemo(() => new Map((d?.levels ?? []).map((l) => [l.value, l.name])), [d]);
  const reset = () => {
    setLevels({});
    setTheory(0);
    setPractice(0);
    setNote('');
    setEditing(null);
    setDate(todayBangkok());
  };
  const edit = (e: EvaluateStudent['evaluations'][number]) => {
    setEditing(e.evaluation_id);
    setDate(e.date);
    setInstructor(e.instructor_id);
    setTheory(e.theory_hours);
    setPractice(e.practice_hours);
    setNote(e.note);
    setLevels(Object.fromEntries(e.results.map((r) => [r.evaluate_id, r.level])));
    boxes.current[0]?.focus();
  };
  const record = useMutation({
    mutationFn: () => {
      const body = {
        application_id: d!.application_id,
        date,
        instructor_id: instructor,
        theory_hours: theory ?? 0,
        practice_hours: practice ?? 0,
        note,
        results: Object.entries(levels)
          .filter(([, v]) => v !== undefined)
          .map(([k, v]) => ({ evaluate_id: Number(k), level: v })),
      };
      // a field still empty (no date, no instructor) is sent as it is: the server names it in Thai
      return editing
        ? updateEvaluation({ ...body, evaluation_id: editing } as EvaluateUpdateBody)
        : recordEvaluation({ ...body, line_id: lineId } as EvaluateRecordBody);
    },
    onSuccess: (res) => {
      setBanner({ status: 'success', message: res.message });
      qc.setQueryData(evaluationKeys.student(lineId), res.data);
      void qc.invalidateQueries({ queryKey: tableKeys.of(EVALUATE_LIST) });
      reset();
    },
    onError: (e) => setBanner({ status: 'error', message: errorMessage(e) }),
  });
  const remove = useMutation({
    mutationFn: (evaluationId: number) =>
      deleteEvaluation({
        application_id: d!.application_id,
        evaluation_id: evaluationId,
      }),
    onSuccess: (res) => {
      setBanner({ status: 'success', message: res.message });
      qc.setQueryData(evaluationKeys.student(lineId), res.data);
      void qc.invalidateQueries({ queryKey: tableKeys.of(EVALUATE_LIST) });
    },
    onError: (e) => setBanner({ status: 'error', message: errorMessage(e) }),
  });
  const print = async (document: 'trainingrecord' | 'certificate') => {
    try {
      await printLineDocument(document, { application_id: d!.application_id, line_id: lineId });
    } catch (e) {
      setBanner({ status: 'error', message: errorMessage(e) });
    }
  };

  const onLevelKey = (i: number, evaluateId: number) => (e: KeyboardEvent<HTMLInputElement>) => {
    const n = Number(e.key);
    if (/^\d$/.test(e.key) && levelName.has(n)) {
      e.preventDefault();
      setLevels((l) => ({ ...l, [evaluateId]: n }));
      (boxes.current[i + 1] ?? saveRef.current)?.focus();
    } else if (e.key === 'Enter') {
      e.preventDefault();
      (boxes.current[i + 1] ?? saveRef.current)?.focus();
    } else if (e.key === 'Backspace' || e.key === 'Delete' || e.key === '0') {
      e.preventDefault();
      setLevels((l) => ({ ...l, [evaluateId]: undefined }));
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      boxes.current[i - 1]?.focus();
    } else if (e.key === 'ArrowDown') {
      e.preventDefault();
      boxes.current[i + 1]?.focus();
    }
  };

  if (q.error) return <Alert type="error" title={errorMessage(q.error)} showIcon />;
  const h = d?.hours;
  return (
    <div>
      <PageHeader
        title={d ? `ประเมินผล: ${d.customer_name}` : 'ประเมินผลผู้เรียน'}
        back="/evaluations"
        subtitle={d ? `${d.course_name} · ${d.application_code} · ${d.branch_name}` : undefined}
        extra={
          d && (
            <>
              <Button icon={<PrinterOutlined />} onClick={() => print('trainingrecord')}>
                พิมพ์บันทึกการอบรม
              </Button>
              <Tooltip
                title={d.certificate_ready ? undefined : `ยังออกไม่ได้: ${[...d.missing, ...d.exams.missing].join(', ')}`}
              >
                <Button
                  type="primary"
                  icon={<PrinterOutlined />}
                  disabled={!d.certificate_ready}
                  onClick={() => print('certificate')}
                >
                  พิมพ์ใบรับรองผลการอบรม
                </Button>
              </Tooltip>
            </>
          )
        }
      />
      <ResultBanner result={banner} onClose={() => setBanner(null)} />
      {d && h && (
        <>
          <Row gutter={16} style={{ marginBottom: 16 }}>
            <Col xs={24} lg={8}>
              <Card size="small" title="ผู้เรียน">
                <Descriptions
                  size="small"
                  column={1}
                  items={[
                    { label: 'เลขบัตรประชาชน', children: formatNationalId(d.idcard) },
                    { label: 'หลักสูตร', children: courseLabel(d.course_name, d.course_type) },
                    { label: 'สมัครเมื่อ', children: thaiDate(d.registered_at) },
                    { label: 'วันสอบ', children: d.exam_date ? thaiDate(d.exam_date) : 'ยังไม่กำหนด' },
                    { label: 'สถานะ', children: <Tag color={statusColor(d.status)}>{d.status}</Tag> },
                  ]}
                />
              </Card>
            </Col>
            <Col xs={24} lg={8}>
              <Card size="small" title="ชั่วโมงการอบรม">
                <div>
                  ภาคทฤษฎี {h.theory_done}/{h.theory_required} ชั่วโมง
                  <RecordedPart done={h.theory_done} recorded={h.theory_recorded} />
                </div>
                <Progress
                  percent={
                    h.theory_required ? Math.min(100, Math.round((h.theory_done / h.theory_required) * 100)) : 100
                  }
                  size="small"
                />
                <div>
                  ภาคปฏิบัติ {h.practice_done}/{h.practice_required} ชั่วโมง
                  <RecordedPart done={h.practice_done} recorded={h.practice_recorded} />
                </div>
                <Progress
                  percent={
                    h.practice_required ? Math.min(100, Math.round((h.practice_done / h.practice_required) * 100)) : 100
                  }
                  size="small"
                />
                {d.completed ? (
                  <Alert type="success" showIcon title="อบรมครบตามหลักสูตรและผ่านเกณฑ์ทุกหัวข้อ" style={{ marginTop: 8 }} />
                ) : (
                  <Alert type="info" showIcon title={`ยังไม่ครบ: ${d.missing.join(', ')}`} style={{ marginTop: 8 }} />
                )}
              </Card>
            </Col>
            <Col xs={24} lg={8}>
              <Card size="small" title="ผลการสอบ">
                <Descriptions
                  size="small"
                  column={1}
                  items={d.exams.results.map((r) => ({
                    key: r.kind,
                    label: r.kind_name,
                    children: (
                      <Space size={4} wrap>
                        <Tag
                          color={
                            r.passed
                              ? 'green'
                              : r.status === 'failed' || r.status === 'absent'
                                ? 'red'
                                : r.status === 'booked'
                                  ? 'blue'
                                  : 'default'
                          }
                        >
                          {r.status_name}
                        </Tag>
                        {r.exam_date && <span>{thaiDate(r.exam_date)}</span>}
                        {r.attempts > 1 && <Typography.Text type="secondary">สอบ {r.attempts} ครั้ง</Typography.Text>}
                      </Space>
                    ),
                  }))}
                />
                {d.certificate_ready ? (
                  <Alert
                    type="success"
                    showIcon
                    title="อบรมครบและสอบผ่านแล้ว พิมพ์ใบรับรองผลการอบรมได้"
                    style={{ marginTop: 8 }}
                  />
                ) : (
                  <Alert
                    type="info"
                    showIcon
                    title={`ใบรับรองผลการอบรมออกได้เมื่ออบรมครบและสอบผ่าน${d.exams.missing.length ? ` (${d.exams.missing.join(', ')})` : ''}`}
                    style={{ marginTop: 8 }}
                  />
                )}
              </Card>
            </Col>
          </Row>

          <Card
            size="small"
            title={editing ? 'แก้ไขการอบรมที่บันทึกไว้' : 'บันทึกการอบรมครั้งนี้'}
            style={{ marginBottom: 16 }}
            extra={
              editing ? (
                <Button size="small" onClick={reset}>
                  ยกเลิกการแก้ไข
                </Button>
              ) : undefined
            }
          >
            {editable ? (
              <>
                <Space wrap style={{ marginBottom: 12 }}>
                  <span>วันที่</span>
                  <ThaiDatePicker value={date} onChange={setDate} aria-label="วันที่ประเมิน" allowClear={false} />
                  <span>ครูฝึก</span>
                  <Select
                    style={{ minWidth: 240 }}
                    value={instructor}
                    onChange={setInstructor}
                    aria-label="ครูฝึก"
                    showSearch={{ optionFilterProp: 'label' }}
                    options={d.instructors.map((o) => ({ value: o.value as number, label: o.name }))}
                  />
                  <Tooltip title="ชั่วโมงเรียนนับจากคาบเรียนที่เรียนจบในตารางเรียนให้เอง กรอกเฉพาะชั่วโมงที่อบรมนอกตารางเรียน (เช่น ก่อนเริ่มใช้ตารางเรียน)">
                    <span>ชม.นอกตารางเรียน ทฤษฎี</span>
                  </Tooltip>
                  <InputNumber
                    min={0}
                    max={24}
                    value={theory}
                    onChange={setTheory}
                    aria-label="ชั่วโมงทฤษฎี"
                    suffix="ชม."
                    style={{ width: 100 }}
                  />
                  <span>ปฏิบัติ</span>
                  <InputNumber
                    min={0}
                    max={24}
                    value={practice}
                    onChange={setPractice}
                    aria-label="ชั่วโมงปฏิบัติ"
                    suffix="ชม."
                    style={{ width: 100 }}
                  />
                  <Input
                    value={note}
                    onChange={(e) => setNote(e.target.value)}
                    placeholder="หมายเหตุ"
                    aria-label="หมายเหตุ"
                    style={{ width: 260 }}
                    maxLength={500}
                  />
                </Space>
                <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
                  พิมพ์ตัวเลขระดับในช่องของแต่ละหัวข้อ ({d.levels.map((l) => `${l.value} = ${l.name}`).join(', ')}; ผ่านตั้งแต่ระดับ{' '}
                  {d.pass_level}) เคอร์เซอร์จะไปหัวข้อถัดไปเอง เว้นว่างไว้ได้ถ้าไม่ได้ประเมินหัวข้อนั้นในครั้งนี้
                </Typography.Paragraph>
              </>
            ) : (
              <Alert type="info" showIcon title="คุณดูผลการประเมินได้อย่างเดียว" style={{ marginBottom: 12 }} />
            )}
            <Table
              size="small"
              rowKey="evaluate_id"
              pagination={false}
              dataSource={d.criteria}
              columns={[
                { title: 'หมวด', dataIndex: 'category_name', width: 170 },
                { title: 'หัวข้อการประเมิน', dataIndex: 'title' },
                {
                  title: 'ผลปัจจุบัน',
                  key: 'current',
                  width: 200,
                  render: (_: unknown, c) =>
                    c.level === null ? (
                      <Tag>ยังไม่ประเมิน</Tag>
                    ) : (
                      <Tag color={c.passed ? 'green' : 'red'}>
                        {c.level_name}
                        {c.date ? ` · ${thaiDate(c.date)}` : ''}
                      </Tag>
                    ),
                },
                ...(editable
                  ? [
                      {
                        title: 'ระดับครั้งนี้',
                        key: 'level',
                        width: 330,
                        render: (_: unknown, c: EvaluateStudent['criteria'][number], i: number) => (
                          <Space>
                            <Input
                              ref={(el) => {
                                boxes.current[i] = el?.input ?? null;
                              }}
                              value={levels[c.evaluate_id] ? String(levels[c.evaluate_id]) : ''}
                              onKeyDown={onLevelKey(i, c.evaluate_id)}
                              onChange={() => {}}
                              style={{ width: 44, textAlign: 'center' }}
                              aria-label={`ระดับ ${c.title}`}
                              autoFocus={i === 0}
                            />
                            <Radio.Group
                              size="small"
                              optionType="button"
                              value={levels[c.evaluate_id]}
                              onChange={(e) => setLevels((l) => ({ ...l, [c.evaluate_id]: e.target.value as number }))}
                              options={d.levels.map((l) => ({ value: l.value, label: l.name }))}
                            />
                          </Space>
                        ),
                      },
                    ]
                  : []),
              ]}
            />
            {editable && (
              <div style={{ marginTop: 12, textAlign: 'right' }}>
                <Button
                  ref={saveRef}
                  type="primary"
                  icon={<SaveOutlined />}
                  loading={record.isPending}
                  onClick={() => record.mutate()}
                >
                  {editing ? 'บันทึกการแก้ไข' : 'บันทึกผลการประเมิน'}
                </Button>
              </div>
            )}
          </Card>

          <Card size="small" title={`ประวัติการอบรม (${d.evaluations.length} ครั้ง)`}>
            <Table
              size="small"
              rowKey="evaluation_id"
              pagination={false}
              dataSource={d.evaluations}
              locale={{ emptyText: 'ยังไม่มีการบันทึกการอบรม' }}
              columns={[
                { title: 'วันที่', dataIndex: 'date', width: 110, render: (v: string) => thaiDate(v) },
                { title: 'ครูฝึก', dataIndex: 'instructor_name', width: 180 },
                { title: 'ชม.ทฤษฎี (บันทึกเอง)', dataIndex: 'theory_hours', width: 90, align: 'right' },
                { title: 'ชม.ปฏิบัติ (บันทึกเอง)', dataIndex: 'practice_hours', width: 90, align: 'right' },
                {
                  title: 'ผลการประเมิน',
                  key: 'results',
                  render: (_: unknown, e) =>
                    e.results.map((r) => (
                      <Tag key={r.evaluate_id} color={r.passed ? 'green' : 'red'} style={{ marginBottom: 2 }}>
                        {r.title}: {r.level_name}
                      </Tag>
                    )),
                },
                { title: 'หมายเหตุ', dataIndex: 'note', width: 160 },
                ...rowActionsColumn<EvaluateStudent['evaluations'][number]>(editable, 'รายการอบรม', {
                  onEdit: edit,
                  onDelete: (e) => remove.mutate(e.evaluation_id),
                }),
              ]}
            />
          </Card>
        </>
      )}
    </div>
  );
}
