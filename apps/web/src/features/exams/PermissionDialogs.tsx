/**
 * ต่ออายุสิทธิ์สอบ / ระงับสิทธิ์สอบ: a dialog with a reason (and a new date for an extension). When the school set a
 * request fee for an extension, the dialog offers to make its request-fee application in the same step. After a
 * success the exam lists are refetched with the URL they show (page, per_page and filters stay).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Checkbox, Form, Input, Modal, Typography } from 'antd';
import { addDays, todayBangkok } from '@khabkhi/thai';
import { useState } from 'react';
import { errorMessage } from '../../api/client';
import { ThaiDate } from '../../components/ThaiDate';
import { ThaiDatePicker } from '../../components/ThaiDatePicker';
import { examKeys, examTables, type Permission } from './api';
import { disablePermission, extendPermission, permissionDetail } from './queries';

export type PermissionAction = {
  kind: 'extend' | 'disable';
  row: Pick<Permission, 'line_id' | 'application_id' | 'customer_name' | 'course_name' | 'permission_date'>;
};

export function PermissionDialog({ action, onClose }: { action: PermissionAction | null; onClose: () => void }) {
  const qc = useQueryClient();
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const [error, setError] = useState<string | null>(null);
  const detail = useQuery({
    queryKey: examKeys.permission(action?.row.application_id ?? 0),
    queryFn: () => permissionDetail(action!.row.application_id),
    enabled: !!action && action.kind === 'extend',
  });
  const fee = detail.data?.fees.extend ?? null;
  const save = useMutation({
    mutationFn: (v: { permission_date?: string; reason: string; request_fee?: boolean }) =>
      action!.kind === 'extend'
        ? extendPermission({
            line_id: action!.row.line_id,
            permission_date: v.permission_date!,
            reason: v.reason,
            request_fee: !!v.request_fee,
          })
        : disablePermission({ line_id: action!.row.line_id, reason: v.reason }),
    onSuccess: async (res) => {
      void message.success(res.message);
      setError(null);
      form.resetFields();
      onClose();
      await Promise.all([
        ...examTables.map((queryKey) => qc.invalidateQueries({ queryKey })),
        qc.invalidateQueries({ queryKey: examKeys.all }),
      ]);
    },
    onError: (e) => setError(errorMessage(e)),
  });
  const extend = action?.kind === 'extend';
  return (
    <Modal
      open={!!action}
      destroyOnHidden
      title={extend ? 'ต่ออายุสิทธิ์สอบ' : 'ระงับสิทธิ์สอบ'}
      okText={extend ? 'ต่ออายุสิทธิ์' : 'ระงับสิทธิ์'}
      cancelText="ปิด"
      okButtonProps={{ danger: !extend, loading: save.isPending, 'data-testid': 'permission-ok' } as never}
      onCancel={() => {
        setError(null);
        form.resetFields();
        onClose();
      }}
      onOk={() => form.submit()}
    >
      {action && (
        <Typography.Paragraph>
          {action.row.customer_name} · {action.row.course_name}
          <br />
          สิทธิ์สอบถึงวันที่ <ThaiDate value={action.row.permission_date} />
        </Typography.Paragraph>
      )}
      {error && (
        <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} data-testid="permission-error" />
      )}
      <Form
        form={form}
        layout="vertical"
        onFinish={(v) => save.mutate(v)}
        initialValues={{
          permission_date:
            action && extend
              ? addDays(action.row.permission_date < todayBangkok() ? todayBangkok() : action.row.permission_date, 30)
              : undefined,
        }}
      >
        {extend && (
          <Form.Item
            name="permission_date"
            label="วันหมดสิทธิ์สอบใหม่"
            rules={[{ required: true, message: 'กรุณาเลือกวันหมดสิทธิ์สอบใหม่' }]}
          >
            <ThaiDatePicker />
          </Form.Item>
        )}
        <Form.Item name="reason" label="เหตุผล" rules={[{ required: true, whitespace: true, message: 'กรุณาระบุเหตุผล' }]}>
          <Input.TextArea rows={2} maxLength={500} autoFocus data-testid="permission-reason" />
        </Form.Item>
        {extend && fee && (
          <Form.Item name="request_fee" valuePropName="checked" style={{ marginBottom: 0 }}>
            <Checkbox data-testid="permission-fee">
              ออกใบ{fee.name} {Number(fee.price).toLocaleString('th-TH')} บาท ในขั้นตอนเดียวกัน
            </Checkbox>
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
