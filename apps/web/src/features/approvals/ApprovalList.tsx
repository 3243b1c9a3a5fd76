/** คำขออนุมัติ — void requests; approve or reject by someone other than the requester. */
import { CheckOutlined, CloseOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Input, Modal, Space, Tag } from 'antd';
import { useState } from 'react';
import { errorMessage } from '../../api/client';
import { ListPage } from '../../components/ListPage';
import { MoneyText } from '../../components/MoneyText';
import { ResultBanner, type BannerState } from '../../components/ResultBanner';
import { ThaiDate } from '../../components/ThaiDate';
import { applicationKeys } from '../applications/api';
import { paymentKeys } from '../payments/queries';
import { approvalKeys, decideRequest } from './queries';
import type { ApprovalRow } from '@khabkhi/contracts';

/** the answer of the server, as packages/contracts declares it */
type Row = ApprovalRow;

const COLOR: Record<string, string> = { pending: 'gold', approved: 'green', rejected: 'red' };

/** A void names its receipt; a request of another kind (payroll, …) its kind. */
function decisionTitle(d: { row: Row; approve: boolean } | null) {
  if (!d) return '';
  const what = d.row.payment_code ?? d.row.kind_name;
  if (!d.approve) return `ไม่อนุมัติคำขอ ${what}?`;
  return d.row.kind === 'void_payment' ? `อนุมัติยกเลิกรายการ ${what}?` : `อนุมัติ${d.row.kind_name}?`;
}

export default function RequestList() {
  const qc = useQueryClient();
  const [decision, setDecision] = useState<{ row: Row; approve: boolean } | null>(null);
  const [note, setNote] = useState('');
  const [decisionError, setDecisionError] = useState<string | null>(null);
  const [banner, setBanner] = useState<BannerState | null>(null);
  const decide = useMutation({
    mutationFn: () =>
      decideRequest({
        request_id: decision!.row.request_id,
        approve: decision!.approve,
        note: note.trim(),
      }),
    onSuccess: (res) => {
      setBanner({ status: 'success', message: res.message });
      setDecision(null);
      setNote('');
      for (const k of [approvalKeys.table, approvalKeys.pendingCount, paymentKeys.table, applicationKeys.table])
        void qc.invalidateQueries({ queryKey: k });
    },
    // refused (e.g. the payment's day is closed): the reason stays in the dialog the person is looking at
    onError: (e) => setDecisionError(errorMessage(e)),
  });
  return (
    <>
      <ResultBanner result={banner} onClose={() => setBanner(null)} />
      <ListPage<Row>
        title="คำขออนุมัติ"
        subtitle="คำขอยกเลิกรายการชำระเงิน ต้องอนุมัติโดยผู้มีสิทธิ์ที่ไม่ใช่ผู้ขอ"
        endpoint="/request/gettable"
        rowKey="request_id"
        filters={['branch', 'status']}
        filterDefaults={{ status: 'pending' }}
        exportName="คำขออนุมัติ"
        columns={[
          {
            title: 'วันที่ขอ',
            dataIndex: 'createdAt',
            kind: 'datetime',
            render: (v: string) => (
              <span style={{ whiteSpace: 'nowrap' }}>
                <ThaiDate value={v} variant="datetime" />
              </span>
            ),
          },
          { title: 'คำขอ', dataIndex: 'kind_name', wrap: 120 },
          // receipt over application in one column, so the reason keeps its width beside the pinned amount and buttons
          {
            title: 'ใบเสร็จ / ใบสมัคร',
            dataIndex: 'payment_code',
            exportValue: (r) => `${r.payment_code ?? ''} / ${r.application_code ?? ''}`,
            render: (v: string | null, r) => (
              <span style={{ whiteSpace: 'nowrap' }}>
                {v ?? '-'}
                <br />
                <span className="kk-muted">{r.application_code ?? ''}</span>
              </span>
            ),
          },
          { title: 'ผู้สมัคร', dataIndex: 'customer_name', wrap: 180 },
          { title: 'เหตุผล', dataIndex: 'note', wrap: 180 },
          { title: 'ผู้ขอ', dataIndex: 'requested_by_name', wrap: 140 },
          {
            title: 'สถานะ',
            dataIndex: 'status_name',
            render: (v: string, r) => <Tag color={COLOR[r.status]}>{v}</Tag>,
            exportValue: (r) => r.status_name,
          },
          {
            title: 'ผู้อนุมัติ',
            dataIndex: 'decided_by_name',
            wrap: 160,
            render: (v: string | null, r) => (v ? `${v}${r.decision_note ? ` (${r.decision_note})` : ''}` : '-'),
          },
          // the amount and อนุมัติ / ไม่อนุมัติ stay on screen at every width
          {
            title: 'จำนวนเงิน',
            dataIndex: 'value',
            kind: 'money',
            fixed: 'right',
            render: (v: string) => <MoneyText value={v} />,
          },
          {
            title: 'จัดการ',
            key: 'act',
            noExport: true,
            fixed: 'right',
            render: (_: unknown, r) =>
              r.can_approve && (
                <Space>
                  <Button
                    size="small"
                    type="primary"
                    icon={<CheckOutlined />}
                    onClick={() => {
                      setDecisionError(null);
                      setDecision({ row: r, approve: true });
                    }}
                  >
                    อนุมัติ
                  </Button>
                  <Button
                    size="small"
                    danger
                    icon={<CloseOutlined />}
                    onClick={() => {
                      setDecisionError(null);
                      setDecision({ row: r, approve: false });
                    }}
                  >
                    ไม่อนุมัติ
                  </Button>
                </Space>
              ),
          },
        ]}
      />
      <Modal
        open={!!decision}
        title={decisionTitle(decision)}
        okText={decision?.approve ? 'อนุมัติ' : 'ไม่อนุมัติ'}
        cancelText="ปิด"
        okButtonProps={{ danger: !decision?.approve, loading: decide.isPending }}
        onOk={() => decide.mutate()}
        onCancel={() => {
          if (!decide.isPending) setDecision(null);
        }}
      >
        {decision?.approve && decision.row.kind === 'void_payment' && (
          <p>
            รายการชำระ {decision.row.payment_code} จะถูกยกเลิก ยอดคงเหลือของใบสมัครจะเพิ่มขึ้นตามจำนวนเงิน
            และใบเสร็จจะถูกประทับว่ายกเลิก
          </p>
        )}
        {decisionError && (
          <Alert
            type="error"
            showIcon
            role="alert"
            style={{ marginBottom: 12 }}
            title={decisionError}
            data-testid="decision-error"
          />
        )}
        <Input.TextArea
          rows={2}
          maxLength={500}
          placeholder="หมายเหตุ (ถ้ามี)"
          value={note}
          onChange={(e) => setNote(e.target.value)}
        />
      </Modal>
    </>
  );
}
