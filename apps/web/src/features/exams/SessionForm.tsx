/** Adding an exam session to a day: branch, time, kind, licence type, seats, place and the examiner. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SessionBody } from '@khabkhi/contracts';
import { Alert, App, AutoComplete, Button, Card, Form, Input, InputNumber, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import { errorMessage, type Option } from '../../api/client';
import { useSession } from '../../api/useSession';
import { ThaiDatePicker } from '../../components/ThaiDatePicker';
import { examKeys } from './api';
import { createSession, examiners } from './queries';

/** The form's values: the session's body, with the examiner as the picker holds it. */
type SessionFormValues = Omit<SessionBody, 'examiner' | 'examiner_id'> & { examiner?: ExaminerValue };

export function SessionForm({
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
    mutationFn: ({ examiner, ...v }: SessionFormValues) =>
      createSession({
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
        onFinish={(v: SessionFormValues) => create.mutate(v)}
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
    queryKey: examKeys.examiners(branchId),
    queryFn: () => examiners(branchId!),
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
