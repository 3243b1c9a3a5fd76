/**
 * The workflow's buttons of a sheet: submit → confirm → approve, reopening an approved month (with a reason),
 * and the month's documents and statutory files.
 */
import { CheckOutlined, DownloadOutlined, FilePdfOutlined, SendOutlined, UnlockOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { Button, Input, Modal, Popconfirm, Space } from 'antd';
import { useState, type ReactNode } from 'react';
import { api } from '../../api/client';
import { useSession } from '../../api/useSession';
import { downloadPayrollFile, openPayrollPdf, type PayrollFile } from './files';
import type { PayrollRow } from './queries';

export function WorkflowActions({
  p,
  dirty,
  children,
  onDone,
  onFail,
}: {
  p: PayrollRow | null | undefined;
  /** unsaved edits on the sheet: submitting waits for a save */
  dirty: boolean;
  /** the sheet's own buttons (reset, save), shown first */
  children?: ReactNode;
  onDone: (res: { message: string }) => void;
  onFail: (e: unknown) => void;
}) {
  const { can } = useSession();
  const [reopenOpen, setReopenOpen] = useState(false);
  const [reason, setReason] = useState('');
  const step = useMutation({
    mutationFn: (name: 'submit' | 'confirm' | 'approve') => api.post(`/payroll/${name}`, { payroll_id: p?.payroll_id }),
    onSuccess: onDone,
    onError: onFail,
  });
  const reopen = useMutation({
    mutationFn: () => api.post('/payroll/reopen', { payroll_id: p?.payroll_id, reason: reason.trim() }),
    onSuccess: (res) => {
      onDone(res);
      setReopenOpen(false);
      setReason('');
    },
    onError: onFail,
  });
  const pdf = (document: 'payslips' | 'summary') => openPayrollPdf(p?.payroll_id, document).catch(onFail);
  const file = (document: PayrollFile) => downloadPayrollFile(p?.payroll_id, document).catch(onFail);
  const isOwner = can('manage', 'all');
  const filed = p && p.status !== 'draft';

  return (
    <div style={{ marginBottom: 12 }}>
      <Space wrap>
        {children}
        {p?.status === 'draft' && can('update', 'Payroll') && (
          <Popconfirm
            title="ส่งตรวจเงินเดือนรอบนี้?"
            description={dirty ? 'มีการแก้ไขที่ยังไม่ได้บันทึก กรุณาบันทึกก่อน' : 'หลังส่งตรวจจะแก้ไขไม่ได้ จนกว่าจะเปิดรอบใหม่'}
            okText="ส่งตรวจ"
            cancelText="ยกเลิก"
            okButtonProps={{ disabled: dirty }}
            onConfirm={() => step.mutateAsync('submit').catch(() => undefined)}
          >
            <Button icon={<SendOutlined />}>ส่งตรวจ</Button>
          </Popconfirm>
        )}
        {p?.status === 'submitted' && can('approve', 'Payroll') && (
          <Button icon={<CheckOutlined />} loading={step.isPending} onClick={() => step.mutate('confirm')}>
            ยืนยัน (ผู้จัดการสาขา)
          </Button>
        )}
        {p?.status === 'confirmed' && isOwner && (
          <Popconfirm
            title="อนุมัติเงินเดือนรอบนี้?"
            description="อนุมัติแล้วรอบนี้จะถูกล็อกและออกสลิปเงินเดือนให้พนักงาน"
            okText="อนุมัติ"
            cancelText="ยกเลิก"
            onConfirm={() => step.mutateAsync('approve').catch(() => undefined)}
          >
            <Button type="primary" icon={<CheckOutlined />}>
              อนุมัติ
            </Button>
          </Popconfirm>
        )}
        {p?.status === 'approved' && (
          <Button icon={<FilePdfOutlined />} onClick={() => void pdf('payslips')}>
            สลิปเงินเดือนทั้งหมด
          </Button>
        )}
        {p && (
          <Button icon={<FilePdfOutlined />} onClick={() => void pdf('summary')}>
            สรุปเงินเดือน
          </Button>
        )}
        {filed && (
          <Button icon={<DownloadOutlined />} onClick={() => void file('sso')}>
            ไฟล์ สปส.1-10
          </Button>
        )}
        {filed && (
          <Button icon={<DownloadOutlined />} onClick={() => void file('sso_xlsx')}>
            สปส.1-10 (Excel)
          </Button>
        )}
        {filed && (
          <Button icon={<DownloadOutlined />} onClick={() => void file('pnd1')}>
            ไฟล์ ภ.ง.ด.1
          </Button>
        )}
        {filed && (
          <Button icon={<DownloadOutlined />} onClick={() => void file('bank')}>
            รายการโอนเงินเดือน
          </Button>
        )}
        {p?.status === 'approved' && isOwner && (
          <Button icon={<UnlockOutlined />} onClick={() => setReopenOpen(true)}>
            เปิดรอบใหม่
          </Button>
        )}
      </Space>
      <Modal
        open={reopenOpen}
        title="เปิดรอบเงินเดือนที่อนุมัติแล้ว"
        okText="เปิดรอบใหม่"
        cancelText="ยกเลิก"
        onCancel={() => setReopenOpen(false)}
        okButtonProps={{ disabled: !reason.trim(), loading: reopen.isPending }}
        onOk={() => reopen.mutate()}
      >
        <p>รอบเงินเดือนจะกลับเป็นฉบับร่าง เมื่ออนุมัติอีกครั้งระบบจะออกสลิปเงินเดือนฉบับใหม่</p>
        <Input.TextArea
          rows={3}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          placeholder="เหตุผลที่เปิดรอบใหม่"
          aria-label="เหตุผล"
          maxLength={500}
        />
      </Modal>
    </div>
  );
}
