/**
 * The workflow's roles, a setting of the school (owner): who submits, confirms and approves a payroll month, and
 * whether a school with one owner lets that owner approve a month they submitted. No one else approves their own.
 */
import { SaveOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Form, Select, Switch, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../api/client';
import { ResultBanner, type BannerState } from '../../components/ResultBanner';
import { getWorkflow, payrollKeys, saveWorkflow, type PayrollWorkflow } from './queries';

type Roles = Omit<PayrollWorkflow, 'roles'>;

export function WorkflowSettings() {
  const qc = useQueryClient();
  const w = useQuery({ queryKey: payrollKeys.workflow, queryFn: getWorkflow });
  const [form] = Form.useForm<Roles>();
  const [banner, setBanner] = useState<BannerState | null>(null);
  useEffect(() => {
    if (w.data) form.setFieldsValue(w.data);
  }, [w.data, form]);
  const save = useMutation({
    mutationFn: (v: Roles) => saveWorkflow(v),
    onSuccess: (res) => {
      setBanner({ status: 'success', message: res.message });
      qc.setQueryData(payrollKeys.workflow, res.data);
    },
    onError: (e) => setBanner({ status: 'error', message: errorMessage(e) }),
  });
  const options = (w.data?.roles ?? []).map((r) => ({ value: String(r.value), label: r.name }));
  const roles = (name: keyof Roles, label: string, help: string) => (
    <Form.Item name={name} label={label} extra={help}>
      <Select mode="multiple" allowClear options={options} aria-label={label} placeholder="ทุกบทบาทที่มีสิทธิ์" />
    </Form.Item>
  );
  return (
    <Card title="ผู้ส่งตรวจ ผู้ยืนยัน และผู้อนุมัติเงินเดือน" style={{ marginTop: 16 }} data-testid="workflow-settings">
      <ResultBanner result={banner} onClose={() => setBanner(null)} />
      <Typography.Paragraph type="secondary">
        ผู้ส่งตรวจอนุมัติหรือยืนยันเงินเดือนที่ตนเองส่งไม่ได้เสมอ ยกเว้นโรงเรียนที่มีเจ้าของคนเดียวและเปิดตัวเลือกด้านล่าง
      </Typography.Paragraph>
      <Form form={form} layout="vertical" onFinish={(v) => save.mutate(v)} style={{ maxWidth: 640 }}>
        {roles('submit_roles', 'ผู้ส่งตรวจ', 'ไม่เลือก = ทุกบทบาทที่แก้ไขเงินเดือนได้')}
        {roles('confirm_roles', 'ผู้ยืนยัน', 'ไม่เลือก = ทุกบทบาทที่มีสิทธิ์ยืนยัน/อนุมัติเงินเดือน')}
        <Form.Item
          name="approve_roles"
          label="ผู้อนุมัติ"
          rules={[{ required: true, message: 'ผู้อนุมัติ: ต้องเลือกอย่างน้อยหนึ่งบทบาท' }]}
        >
          <Select mode="multiple" options={options} aria-label="ผู้อนุมัติ" />
        </Form.Item>
        <Form.Item name="owner_self_approve" label="เจ้าของคนเดียวอนุมัติเงินเดือนที่ตนเองส่งได้" valuePropName="checked">
          <Switch aria-label="เจ้าของคนเดียวอนุมัติเงินเดือนที่ตนเองส่งได้" />
        </Form.Item>
        <Button type="primary" htmlType="submit" icon={<SaveOutlined />} loading={save.isPending}>
          บันทึก
        </Button>
      </Form>
    </Card>
  );
}
