/**
 * เปลี่ยนวันสอบ: move a line's booking to another session of its licence type (every rule checked again by the
 * server), with a reason; when the school set a change-of-date request fee, the dialog offers its application.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { addDays, todayBangkok } from '@khabkhi/thai';
import { Alert, App, Checkbox, Form, Input, Modal, Select } from 'antd';
import { useState } from 'react';
import { errorMessage } from '../../api/client';
import { thaiDate } from '../../components/ThaiDate';
import { examKeys, examTables, type PermissionInfo } from './api';
import { changeExamDate, listSessions } from './queries';

export type ChangeTarget = {
  line: PermissionInfo['lines'][number];
  branchId: number;
  customer: string;
  fee: PermissionInfo['fees']['changedate'];
};

export function ChangeDateDialog({ target, onClose }: { target: ChangeTarget | null; onClose: () => void }) {
  const qc = useQueryClient();
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const [error, setError] = useState<string | null>(null);
  const today = todayBangkok();
  const sessions = useQuery({
    queryKey: examKeys.changeSessions(target?.line.line_id),
    queryFn: () =>
      listSessions({
        start: today,
        end: addDays(today, 60),
        branch: String(target!.branchId),
        type: target!.line.course_type,
      }),
    enabled: !!target,
  });
  const save = useMutation({
    mutationFn: (v: { session_id: number; reason: string; request_fee?: boolean }) =>
      changeExamDate({ line_id: target!.line.line_id, ...v, request_fee: !!v.request_fee }),
    onSuccess: async (res) => {
      void message.success(res.message);
      setError(null);
      form.resetFields();
      onClose();
      await Promise.all([
        qc.invalidateQueries({ queryKey: examKeys.all }),
        ...examTables.map((queryKey) => qc.invalidateQueries({ queryKey })),
      ]);
    },
    onError: (e) => setError(errorMessage(e)),
  });
  return (
    <Modal
      open={!!target}
      destroyOnHidden
      title={`เปลี่ยนวันสอบ · ${target?.customer ?? ''}`}
      okText="เปลี่ยนวันสอบ"
      cancelText="ปิด"
      okButtonProps={{ loading: save.isPending }}
      onCancel={() => {
        setError(null);
        onClose();
      }}
      onOk={() => form.submit()}
    >
      {error && (
        <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} data-testid="changedate-error" />
      )}
      <Form form={form} layout="vertical" onFinish={(v) => save.mutate(v)}>
        <Form.Item name="session_id" label="รอบสอบใหม่" rules={[{ required: true, message: 'กรุณาเลือกรอบสอบใหม่' }]}>
          <Select
            loading={sessions.isLoading}
            placeholder="เลือกรอบสอบ"
            options={(sessions.data ?? []).map((s) => ({
              value: s.session_id,
              disabled: s.booked >= s.capacity,
              label: `${thaiDate(s.exam_date)} ${s.start_time} น. · ${s.kind_name} · ว่าง ${s.capacity - s.booked}/${s.capacity}`,
            }))}
          />
        </Form.Item>
        <Form.Item name="reason" label="เหตุผล" rules={[{ required: true, whitespace: true, message: 'กรุณาระบุเหตุผล' }]}>
          <Input.TextArea rows={2} maxLength={500} />
        </Form.Item>
        {target?.fee && (
          <Form.Item name="request_fee" valuePropName="checked" style={{ marginBottom: 0 }}>
            <Checkbox>
              ออกใบ{target.fee.name} {Number(target.fee.price).toLocaleString('th-TH')} บาท ในขั้นตอนเดียวกัน
            </Checkbox>
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
