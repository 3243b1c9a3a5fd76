/**
 * The workflow's buttons of a sheet: submit → confirm → approve, sending a month back to draft and reopening an
 * approved one (each with a reason), and the month's documents and statutory files. Who sees confirm and approve
 * follows the school's setting of the workflow's roles.
 */
import {
  CheckOutlined,
  DownloadOutlined,
  FilePdfOutlined,
  RollbackOutlined,
  SendOutlined,
  UnlockOutlined,
} from '@ant-design/icons';
import { useMutation, useQuery } from '@tanstack/react-query';
import { App, Button, Input, Modal, Popconfirm, Space } from 'antd';
import { useState, type ReactNode } from 'react';
import { useSession } from '../../api/useSession';
import { downloadPayrollFile, openPayrollPdf, type PayrollFile } from './files';
import { StatutoryFiles } from './StatutoryFiles';
import { askAcknowledge } from './acknowledge';
import { getWorkflow, inRoles, payrollBack, payrollKeys, payrollStep, type PayrollRow } from './queries';

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
  const { can, user } = useSession();
  const workflow = useQuery({ queryKey: payrollKeys.workflow, queryFn: getWorkflow });
  const [ask, setAsk] = useState<'reopen' | 'send-back' | null>(null);
  const [reason, setReason] = useState('');
  const { modal } = App.useApp();
  const step = useMutation({
    mutationFn: ({ name, acknowledge }: { name: 'submit' | 'confirm' | 'approve'; acknowledge?: boolean }) =>
      payrollStep(name, {
        payroll_id: p?.payroll_id as number,
        ...(acknowledge ? { acknowledge_deductions: true } : {}),
      }),
    onSuccess: onDone,
    onError: (e, v) =>
      v.name === 'submit'
        ? askAcknowledge(modal, e, () => step.mutate({ name: 'submit', acknowledge: true }), onFail)
        : onFail(e),
  });
  const withReason = useMutation({
    mutationFn: (path: 'reopen' | 'send-back') =>
      payrollBack(path, { payroll_id: p?.payroll_id as number, reason: reason.trim() }),
    onSuccess: (res) => {
      onDone(res);
      setAsk(null);
      setReason('');
    },
    onError: onFail,
  });
  const pdf = (document: 'payslips' | 'summary') => openPayrollPdf(p?.payroll_id, document).catch(onFail);
  const file = (document: PayrollFile) => downloadPayrollFile(p?.payroll_id, document).catch(onFail);
  const isOwner = can('manage', 'all');
  const w = workflow.data;
  // no one decides the month they submitted (a one-owner school's owner only when the setting allows it): the
  // submitter is not shown buttons the server would refuse
  const own = p?.submitted_by != null && p.submitted_by === user?.user_id && !(w?.owner_self_approve && isOwner);
  const checker = can('approve', 'Payroll') && !own;
  const confirmer = checker && inRoles(w?.confirm_roles, user?.role.slug, isOwner);
  const approver = checker && inRoles(w?.approve_roles ?? ['owner'], user?.role.slug, isOwner);
  // the statutory files and the transfer lists are of an approved month only
  const filed = p?.status === 'approved';
  const mayBack = (p?.status === 'submitted' && confirmer) || (p?.status === 'confirmed' && (confirmer || approver));

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
            onConfirm={() => step.mutateAsync({ name: 'submit' }).catch(() => undefined)}
          >
            <Button icon={<SendOutlined />}>ส่งตรวจ</Button>
          </Popconfirm>
        )}
        {p?.status === 'submitted' && confirmer && (
          <Button icon={<CheckOutlined />} loading={step.isPending} onClick={() => step.mutate({ name: 'confirm' })}>
            ยืนยัน (ผู้จัดการสาขา)
          </Button>
        )}
        {p?.status === 'confirmed' && approver && (
          <Popconfirm
            title="อนุมัติเงินเดือนรอบนี้?"
            description="อนุมัติแล้วรอบนี้จะถูกล็อกและออกสลิปเงินเดือนให้พนักงาน"
            okText="อนุมัติ"
            cancelText="ยกเลิก"
            onConfirm={() => step.mutateAsync({ name: 'approve' }).catch(() => undefined)}
          >
            <Button type="primary" icon={<CheckOutlined />}>
              อนุมัติ
            </Button>
          </Popconfirm>
        )}
        {mayBack && (
          <Button icon={<RollbackOutlined />} onClick={() => setAsk('send-back')}>
            ส่งกลับแก้ไข
          </Button>
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
        {filed && <StatutoryFiles p={p} onDone={onDone} onFail={onFail} />}
        {p?.status === 'approved' && approver && (
          <Button icon={<UnlockOutlined />} onClick={() => setAsk('reopen')}>
            เปิดรอบใหม่
          </Button>
        )}
      </Space>
      <Modal
        open={ask !== null}
        title={ask === 'reopen' ? 'เปิดรอบเงินเดือนที่อนุมัติแล้ว' : 'ส่งเงินเดือนกลับแก้ไข'}
        okText={ask === 'reopen' ? 'เปิดรอบใหม่' : 'ส่งกลับแก้ไข'}
        cancelText="ยกเลิก"
        onCancel={() => setAsk(null)}
        okButtonProps={{ disabled: !reason.trim(), loading: withReason.isPending }}
        onOk={() => ask && withReason.mutate(ask)}
      >
        <p>
          {ask === 'reopen'
            ? 'รอบเงินเดือนจะกลับเป็นฉบับร่าง สลิปที่ออกแล้วจะถูกแทนที่ เมื่ออนุมัติอีกครั้งระบบจะออกสลิปเงินเดือนฉบับใหม่'
            : 'รอบเงินเดือนจะกลับเป็นฉบับร่างให้ผู้ส่งตรวจแก้ไขและส่งตรวจอีกครั้ง เหตุผลจะบันทึกไว้ในประวัติ'}
        </p>
        <Input.TextArea
          rows={3}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          placeholder={ask === 'reopen' ? 'เหตุผลที่เปิดรอบใหม่' : 'เหตุผลที่ส่งกลับแก้ไข'}
          aria-label="เหตุผล"
          maxLength={500}
        />
      </Modal>
    </div>
  );
}
