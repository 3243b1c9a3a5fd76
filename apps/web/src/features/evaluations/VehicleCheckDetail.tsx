/**
 * The vehicle check of one application: its course and fee lines, its earlier checks, and the check form —
 * an exam car of the branch (tax and พ.ร.บ. dates filled from the fleet) or the student's own vehicle. แก้ไข on an
 * earlier check opens it in the same form, filled, and saves it through vehiclecheck/update (the result is computed
 * again and the change audited by the server).
 */
import { SaveOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { VehicleCheck, VehicleCheckCreateBody, VehicleCheckUpdateBody } from '@khabkhi/contracts';
import { formatNationalId, todayBangkok } from '@khabkhi/thai';
import {
  Alert,
  Button,
  Card,
  Checkbox,
  Col,
  Descriptions,
  Input,
  Radio,
  Row,
  Select,
  Space,
  Table,
  Tag,
  Typography,
} from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useParams } from 'react-router';
import { errorMessage } from '../../api/client';
import { tableKeys } from '../../api/queryKeys';
import { useSession } from '../../api/useSession';
import { MoneyText } from '../../components/MoneyText';
import { PageHeader } from '../../components/PageHeader';
import { rowActionsColumn } from '../../components/RowActions';
import { ResultBanner, type BannerState } from '../../components/ResultBanner';
import { thaiDate } from '../../components/ThaiDate';
import { ThaiDatePicker } from '../../components/ThaiDatePicker';
import {
  courseLabel,
  createVehicleCheck,
  deleteVehicleCheck,
  evaluationKeys,
  statusColor,
  updateVehicleCheck,
  useVehicleDetail,
  VEHICLE_LIST,
} from './queries';

type Owner = 'school' | 'student';
type VType = 'car' | 'motorcycle';

export default function VehicleCheckDetail() {
  const applicationId = Number(useParams().id);
  const { user, can } = useSession();
  const q = useVehicleDetail(applicationId);
  const d = q.data;
  const qc = useQueryClient();
  const [banner, setBanner] = useState<BannerState | null>(null);
  const [lineId, setLineId] = useState<number | undefined>();
  const [owner, setOwner] = useState<Owner>('school');
  const [vehicleId, setVehicleId] = useState<number | undefined>();
  const [no, setNo] = useState('');
  const [province, setProvince] = useState('');
  const [vtype, setVtype] = useState<VType>('car');
  const [tax, setTax] = useState<string | null>(null);
  const [compulsory, setCompulsory] = useState<string | null>(null);
  const [checkDate, setCheckDate] = useState<string | null>(todayBangkok());
  const [examDate, setExamDate] = useState<string | null>(null);
  const [notOk, setNotOk] = useState<string[]>([]);
  const [checkedBy, setCheckedBy] = useState<number | undefined>();
  const [note, setNote] = useState('');
  /** the check being corrected (null: the form records a new one) */
  const [editing, setEditing] = useState<VehicleCheck | null>(null);
  const formRef = useRef<HTMLDivElement>(null);
  const editable = can('update', 'Exam');

  const line = d?.course.find((l) => l.line_id === lineId);
  const wantType: VType | undefined =
    line?.course_type === 'รถจักรยานยนต์' ? 'motorcycle' : line?.course_type === 'รถยนต์' ? 'car' : undefined;
  useEffect(() => {
    if (!d) return;
    if (lineId === undefined && d.course[0]) setLineId(d.course[0].line_id);
    if (checkedBy === undefined)
      setCheckedBy(
        d.checkers.some((o) => o.value === user?.user_id)
          ? user!.user_id
          : (d.checkers[0]?.value as number | undefined),
      );
  }, [d, lineId, checkedBy, user]);
  // the line's exam date and a matching exam car, once per chosen line (not again when the data refreshes after a save)
  const applied = useRef<number | null>(null);
  useEffect(() => {
    if (!d || !line || applied.current === line.line_id) return;
    applied.current = line.line_id;
    setExamDate(line.exam_date);
    const t = wantType ?? 'car';
    setVtype(t);
    setVehicleId(d.exam_cars.find((c) => c.type === t)?.vehicle_id);
  }, [d, line, wantType]);

  const car = d?.exam_cars.find((c) => c.vehicle_id === vehicleId);
  const type: VType = owner === 'school' ? ((car?.type as VType) ?? vtype) : vtype;
  const items = useMemo(() => d?.check_items[type] ?? [], [d, type]);

  const save = useMutation({
    mutationFn: () => {
      const body = {
        application_id: applicationId,
        line_id: lineId ?? null,
        check_date: checkDate,
        exam_date: examDate,
        owner,
        ...(owner === 'school'
          ? { vehicle_id: vehicleId ?? null }
          : { no, province, type: vtype, tax_until: tax, compulsory_until: compulsory }),
        items: items.map((name) => ({ name, ok: !notOk.includes(name) })),
        checked_by: checkedBy,
        note,
      };
      // a field still empty (no check date) is sent as it is: the server names it in Thai
      return editing
        ? updateVehicleCheck({ ...body, check_id: editing.check_id } as VehicleCheckUpdateBody)
        : createVehicleCheck(body as VehicleCheckCreateBody);
    },
    onSuccess: (res) => {
      setBanner({ status: res.data.result === 'pass' ? 'success' : 'error', message: res.message });
      void qc.invalidateQueries({ queryKey: evaluationKeys.vehicle(applicationId) });
      void qc.invalidateQueries({ queryKey: tableKeys.of(VEHICLE_LIST) });
      // a corrected check leaves the form empty for the next one (its values would make a duplicate)
      if (editing) cancelEdit();
      else {
        setNotOk([]);
        setNote('');
      }
    },
    onError: (e) => setBanner({ status: 'error', message: errorMessage(e) }),
  });
  /** Opens an earlier check in the form, every field as it was recorded. */
  const startEdit = (c: VehicleCheck) => {
    const line = c.line_id ?? d?.course[0]?.line_id;
    applied.current = line ?? null; // the line's own exam date and car must not replace the check's
    setEditing(c);
    setBanner(null);
    setLineId(line);
    setCheckDate(c.check_date);
    setExamDate(c.exam_date);
    setOwner(c.owner as Owner);
    if (c.owner === 'school') {
      setVehicleId(c.vehicle_id ?? undefined);
    } else {
      setNo(c.no);
      setProvince(c.province);
      setTax(c.tax_until);
      setCompulsory(c.compulsory_until);
    }
    setVtype(c.type as VType);
    setNotOk(c.items.filter((i) => !i.ok).map((i) => i.name));
    setCheckedBy(c.checked_by);
    setNote(c.note);
    formRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  };
  /** Back to recording a new check: today, the chosen line's exam date and exam car, nothing marked. */
  const cancelEdit = () => {
    setEditing(null);
    setNotOk([]);
    setNote('');
    setCheckDate(todayBangkok());
    setOwner('school');
    setNo('');
    setProvince('');
    setTax(null);
    setCompulsory(null);
    const t: VType = wantType ?? 'car';
    setExamDate(line?.exam_date ?? null);
    setVtype(t);
    setVehicleId(d?.exam_cars.find((c) => c.type === t)?.vehicle_id);
  };
  const remove = useMutation({
    mutationFn: (checkId: number) => deleteVehicleCheck({ application_id: applicationId, check_id: checkId }),
    onSuccess: (res, checkId) => {
      setBanner({ status: 'success', message: res.message });
      if (editing?.check_id === checkId) cancelEdit();
      void qc.invalidateQueries({ queryKey: evaluationKeys.vehicle(applicationId) });
      void qc.invalidateQueries({ queryKey: tableKeys.of(VEHICLE_LIST) });
    },
    onError: (e) => setBanner({ status: 'error', message: errorMessage(e) }),
  });

  if (q.error) return <Alert type="error" title={errorMessage(q.error)} showIcon />;
  return (
    <div>
      <PageHeader
        title={d ? `ตรวจสภาพรถ: ${d.customer_name}` : 'ตรวจสภาพรถ'}
        back="/vehicle-checks"
        subtitle={d ? `${d.application_code} · ${d.branch_name}` : undefined}
      />
      <ResultBanner result={banner} onClose={() => setBanner(null)} />
      {d && (
        <>
          <Row gutter={16} style={{ marginBottom: 16 }}>
            <Col xs={24} lg={10}>
              <Card size="small" title="ใบสมัคร">
                <Descriptions
                  size="small"
                  column={1}
                  items={[
                    { label: 'ผู้เรียน', children: d.customer_name },
                    { label: 'เลขบัตรประชาชน', children: formatNationalId(d.idcard) },
                    {
                      label: 'สถานะ',
                      children: <Tag color={d.status === 'ค้างชำระ' ? 'orange' : 'green'}>{d.status}</Tag>,
                    },
                    {
                      label: 'ยอดสุทธิ / คงเหลือ',
                      children: (
                        <>
                          <MoneyText value={d.net} /> / <MoneyText value={d.balance} />
                        </>
                      ),
                    },
                  ]}
                />
              </Card>
            </Col>
            <Col xs={24} lg={14}>
              <Card size="small" title="รายการในใบสมัคร">
                <Table
                  size="small"
                  rowKey="line_id"
                  pagination={false}
                  dataSource={d.course}
                  columns={[
                    { title: 'หลักสูตร', dataIndex: 'course_name' },
                    { title: 'ประเภท', dataIndex: 'course_type', width: 120 },
                    {
                      title: 'วันสอบ',
                      dataIndex: 'exam_date',
                      width: 110,
                      render: (v: string | null) => (v ? thaiDate(v) : '-'),
                    },
                    {
                      title: 'ราคา',
                      dataIndex: 'cost',
                      width: 100,
                      align: 'right',
                      render: (v: string) => <MoneyText value={v} />,
                    },
                  ]}
                />
                {[
                  ...d.other_fee.map((f) => ({ key: `o${f.line_id}`, name: f.other_fee_name, cost: f.cost })),
                  ...d.request_fee.map((f) => ({ key: `r${f.line_id}`, name: f.request_fee_name, cost: f.cost })),
                ].map((f) => (
                  <div key={f.key} style={{ display: 'flex', justifyContent: 'space-between', padding: '4px 8px' }}>
                    <span>{f.name}</span>
                    <MoneyText value={f.cost} />
                  </div>
                ))}
              </Card>
            </Col>
          </Row>

          {editable && (
            <Card
              ref={formRef}
              size="small"
              title={
                editing
                  ? `แก้ไขผลการตรวจวันที่ ${thaiDate(editing.check_date)} · ${editing.no} ${editing.province}`
                  : 'บันทึกการตรวจสภาพรถ'
              }
              style={{ marginBottom: 16, ...(editing ? { borderColor: '#1677ff' } : {}) }}
              data-testid="vehicle-check-form"
              extra={
                editing && (
                  <Button size="small" onClick={cancelEdit}>
                    ยกเลิกการแก้ไข
                  </Button>
                )
              }
            >
              <Space wrap style={{ marginBottom: 12 }}>
                <span>หลักสูตร</span>
                <Select
                  style={{ minWidth: 260 }}
                  value={lineId}
                  onChange={setLineId}
                  aria-label="หลักสูตร"
                  options={d.course.map((l) => ({
                    value: l.line_id,
                    label: courseLabel(l.course_name, l.course_type),
                  }))}
                />
                <span>วันที่ตรวจ</span>
                <ThaiDatePicker value={checkDate} onChange={setCheckDate} allowClear={false} aria-label="วันที่ตรวจ" />
                <span>วันสอบ</span>
                <ThaiDatePicker
                  value={examDate}
                  onChange={setExamDate}
                  aria-label="วันสอบ"
                  placeholder="วันสอบ (ถ้าไม่ระบุใช้วันที่ตรวจ)"
                />
              </Space>
              <div style={{ marginBottom: 12 }}>
                <Radio.Group
                  value={owner}
                  onChange={(e) => setOwner(e.target.value as Owner)}
                  aria-label="เจ้าของรถ"
                  options={[
                    { value: 'school', label: 'รถสอบของโรงเรียน' },
                    { value: 'student', label: 'รถของผู้เรียน' },
                  ]}
                />
              </div>
              {owner === 'school' ? (
                <Space wrap style={{ marginBottom: 12 }}>
                  <span>รถสอบ</span>
                  <Select
                    style={{ minWidth: 320 }}
                    value={vehicleId}
                    onChange={setVehicleId}
                    aria-label="รถสอบ"
                    placeholder="เลือกรถสอบของสาขา"
                    options={d.exam_cars.map((c) => ({
                      value: c.vehicle_id,
                      label: `${c.no} ${c.province} · ${c.brand} ${c.model} (${c.type === 'car' ? 'รถยนต์' : 'รถจักรยานยนต์'})`,
                    }))}
                  />
                  {car && (
                    <Typography.Text type="secondary">
                      ภาษีถึง {car.tax_until ? thaiDate(car.tax_until) : 'ไม่ได้บันทึก'} · พ.ร.บ. ถึง{' '}
                      {car.compulsory_until ? thaiDate(car.compulsory_until) : 'ไม่ได้บันทึก'}
                    </Typography.Text>
                  )}
                  {!d.exam_cars.length && (
                    <Typography.Text type="warning">สาขานี้ยังไม่มีรถสอบ (เพิ่มได้ที่ข้อมูลยานพาหนะ)</Typography.Text>
                  )}
                </Space>
              ) : (
                <Space wrap style={{ marginBottom: 12 }}>
                  <Input
                    value={no}
                    onChange={(e) => setNo(e.target.value)}
                    placeholder="ทะเบียนรถ เช่น 1กข 1234"
                    aria-label="ทะเบียนรถ"
                    style={{ width: 180 }}
                    maxLength={20}
                  />
                  <Input
                    value={province}
                    onChange={(e) => setProvince(e.target.value)}
                    placeholder="จังหวัด"
                    aria-label="จังหวัด"
                    style={{ width: 160 }}
                    maxLength={100}
                  />
                  <Select
                    value={vtype}
                    onChange={setVtype}
                    aria-label="ประเภทรถ"
                    style={{ width: 150 }}
                    options={[
                      { value: 'car', label: 'รถยนต์' },
                      { value: 'motorcycle', label: 'รถจักรยานยนต์' },
                    ]}
                  />
                  <span>ภาษีใช้ได้ถึง</span>
                  <ThaiDatePicker value={tax} onChange={setTax} aria-label="ภาษีรถใช้ได้ถึง" />
                  <span>พ.ร.บ. ใช้ได้ถึง</span>
                  <ThaiDatePicker value={compulsory} onChange={setCompulsory} aria-label="พ.ร.บ. ใช้ได้ถึง" />
                </Space>
              )}
              <Typography.Paragraph type="secondary" style={{ marginBottom: 4 }}>
                รายการตรวจ (เอาเครื่องหมายออกเมื่อรายการนั้นไม่ผ่าน)
              </Typography.Paragraph>
              <Checkbox.Group
                value={items.filter((n) => !notOk.includes(n))}
                onChange={(v) => setNotOk(items.filter((n) => !(v as string[]).includes(n)))}
                options={items.map((n) => ({ value: n, label: n }))}
                style={{ marginBottom: 12 }}
              />
              <Space wrap>
                <span>ผู้ตรวจ</span>
                <Select
                  style={{ minWidth: 240 }}
                  value={checkedBy}
                  onChange={setCheckedBy}
                  aria-label="ผู้ตรวจ"
                  showSearch={{ optionFilterProp: 'label' }}
                  options={d.checkers.map((o) => ({ value: o.value as number, label: o.name }))}
                />
                <Input
                  value={note}
                  onChange={(e) => setNote(e.target.value)}
                  placeholder="หมายเหตุ"
                  aria-label="หมายเหตุ"
                  style={{ width: 280 }}
                  maxLength={500}
                />
                <Button type="primary" icon={<SaveOutlined />} loading={save.isPending} onClick={() => save.mutate()}>
                  {editing ? 'บันทึกการแก้ไข' : 'บันทึกผลการตรวจ'}
                </Button>
                {editing && <Button onClick={cancelEdit}>ยกเลิก</Button>}
              </Space>
            </Card>
          )}

          <style>{'.kk-editing-row > td { background: #e6f4ff !important; }'}</style>
          <Card size="small" title={`ผลการตรวจสภาพรถ (${d.checks.length} ครั้ง)`}>
            <Table
              size="small"
              rowKey="check_id"
              pagination={false}
              dataSource={d.checks}
              rowClassName={(c) => (c.check_id === editing?.check_id ? 'kk-editing-row' : '')}
              locale={{ emptyText: 'ยังไม่ได้ตรวจสภาพรถ' }}
              columns={[
                { title: 'วันที่ตรวจ', dataIndex: 'check_date', width: 105, render: (v: string) => thaiDate(v) },
                { title: 'วันสอบ', dataIndex: 'exam_date', width: 105, render: (v: string) => thaiDate(v) },
                {
                  title: 'รถ',
                  key: 'car',
                  render: (_: unknown, c) => (
                    <>
                      {c.no} {c.province}
                      <br />
                      <Typography.Text type="secondary">
                        {c.owner_name} · {c.type_name}
                      </Typography.Text>
                    </>
                  ),
                },
                {
                  title: 'ภาษี / พ.ร.บ. ถึง',
                  key: 'dates',
                  width: 150,
                  render: (_: unknown, c) => (
                    <>
                      {thaiDate(c.tax_until)}
                      <br />
                      {thaiDate(c.compulsory_until)}
                    </>
                  ),
                },
                {
                  title: 'ผล',
                  key: 'result',
                  render: (_: unknown, c) => (
                    <>
                      <Tag color={statusColor(c.result_name)}>{c.result_name}</Tag>
                      {c.fail_reasons.map((r) => (
                        <div key={r} style={{ color: '#b91c1c' }}>
                          {r}
                        </div>
                      ))}
                    </>
                  ),
                },
                { title: 'ผู้ตรวจ', dataIndex: 'checked_by_name', width: 150 },
                ...rowActionsColumn<VehicleCheck>(editable, 'ผลการตรวจ', {
                  onEdit: startEdit,
                  onDelete: (c) => remove.mutate(c.check_id),
                  editTestId: (c) => `edit-check-${c.check_id}`,
                }),
              ]}
            />
          </Card>
        </>
      )}
    </div>
  );
}
