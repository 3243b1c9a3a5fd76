/** ประวัติการชำระเงิน — every money entry in a date range (default today) with totals by cash and transfer. */
import { PrinterOutlined, SwapOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Col, Input, Modal, Row, Space, Statistic } from 'antd';
import { todayBangkok } from '@khabkhi/thai';
import { useState } from 'react';
import { errorMessage } from '../../api/client';
import { useSession } from '../../api/useSession';
import { ListPage } from '../../components/ListPage';
import { formatMoney, MoneyText } from '../../components/MoneyText';
import { ResultBanner, type BannerState } from '../../components/ResultBanner';
import { ThaiDate } from '../../components/ThaiDate';
import { approvalKeys } from '../../api/queryKeys';
import { editPayType, paymentKeys, reprintReceipt, reprintRefund, requestVoid } from './queries';
import { PaymentKind, PENDING_VOID } from './PaymentKind';
import type { PaymentRow } from '@khabkhi/contracts';

/** the answer of the server, as packages/contracts declares it */
type Row = PaymentRow;

export default function PaymentHistory() {
  const { can } = useSession();
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [banner, setBanner] = useState<BannerState | null>(null);
  const [voidOf, setVoidOf] = useState<Row | null>(null);
  const [reason, setReason] = useState('');
  const [voidError, setVoidError] = useState<string | null>(null);
  const today = todayBangkok();
  const refresh = () => {
    for (const k of [paymentKeys.table, approvalKeys.table, approvalKeys.pendingCount])
      void qc.invalidateQueries({ queryKey: k });
  };
  const askVoid = useMutation({
    mutationFn: () => requestVoid({ payment_id: voidOf!.payment_id, note: reason.trim() }),
    onSuccess: (res) => {
      setBanner({ status: 'success', message: res.message });
      refresh();
      setVoidOf(null);
      setReason('');
    },
    // refused: the reason stays in the dialog, where the person is looking
    onError: (e) => setVoidError(errorMessage(e)),
  });
  const swap = useMutation({
    mutationFn: (r: Row) =>
      editPayType({
        payment_id: r.payment_id,
        pay_type: r.pay_type === 'cash' ? 'transfer' : 'cash',
      }),
    onSuccess: (res) => {
      setBanner({ status: 'success', message: res.message });
      refresh();
    },
    onError: (e) => {
      void message.error(errorMessage(e), 8);
    },
  });
  const reprint = async (r: Row) => {
    try {
      if (r.kind === 'refund') await reprintRefund({ application_id: r.application_id, payment_id: r.payment_id });
      else await reprintReceipt(r.payment_id);
    } catch (e) {
      void message.error(errorMessage(e), 8);
    }
  };

  return (
    <>
      <ResultBanner result={banner} onClose={() => setBanner(null)} />
      <ListPage<Row>
        title="ประวัติการชำระเงิน"
        subtitle="รายการรับชำระ คืนเงิน และรายการที่ถูกยกเลิก พร้อมยอดรวมเงินสดและเงินโอน"
        endpoint="/payment/gettable"
        rowKey="payment_id"
        filters={['branch', 'type', 'status']}
        filterLabels={{ type: 'ช่องทางชำระ', status: 'สถานะรายการ' }}
        dateRange={{ start: today, end: today }}
        search="เลขที่ใบเสร็จ ใบสมัคร ชื่อ หรือเลขบัตรประชาชน"
        exportName="ประวัติการชำระเงิน"
        summary={(res) =>
          res?.totals ? (
            <Row gutter={12} data-testid="totals">
              {[
                ['เงินสด', res.totals.cash],
                ['เงินโอน', res.totals.transfer],
                ['รับชำระรวม', res.totals.received],
                ['คืนเงิน', res.totals.refunds],
                ['สุทธิ', res.totals.total],
              ].map(([t, v]) => (
                <Col key={t} xs={12} md={4}>
                  <Card size="small">
                    <Statistic
                      title={t}
                      value={formatMoney(v)}
                      suffix="บาท"
                      styles={{ content: { fontSize: 20, whiteSpace: 'nowrap' } }}
                    />
                  </Card>
                </Col>
              ))}
            </Row>
          ) : null
        }
        columns={[
          {
            title: 'วันเวลา',
            dataIndex: 'createdAt',
            kind: 'datetime',
            render: (v: string) => (
              <span style={{ whiteSpace: 'nowrap' }}>
                <ThaiDate value={v} variant="datetime" />
              </span>
            ),
          },
          {
            title: 'เลขที่',
            dataIndex: 'payment_code',
            render: (v: string, r) => (
              <span
                style={{
                  whiteSpace: 'nowrap',
                  ...(r.is_void ? { textDecoration: 'line-through', color: '#999' } : {}),
                }}
              >
                {v}
              </span>
            ),
            exportValue: (r) => r.payment_code,
          },
          {
            title: 'รายการ',
            dataIndex: 'kind',
            render: (_: unknown, r) => <PaymentKind p={r} show="kind" />,
            exportValue: (r) =>
              `${r.kind === 'refund' ? 'คืนเงิน' : 'รับชำระ'}${r.is_void ? ' (ยกเลิก)' : r.pending_void ? ` (${PENDING_VOID})` : ''}`,
          },
          {
            title: 'ใบสมัคร',
            dataIndex: 'application_code',
            render: (v: string) => <span style={{ whiteSpace: 'nowrap' }}>{v}</span>,
          },
          { title: 'ผู้ชำระ', dataIndex: 'customer_name', wrap: 180 },
          {
            title: 'ช่องทาง',
            dataIndex: 'pay_type_name',
            wrap: 200,
            render: (_: unknown, r) => <PaymentKind p={r} show="paytype" />,
            exportValue: (r) => [r.pay_type_name, r.transfer_detail].filter(Boolean).join(' · '),
          },
          { title: 'หมายเหตุ', dataIndex: 'note', wrap: 180 },
          { title: 'สาขา', dataIndex: 'branch_name', wrap: 140 },
          // amount, who took it and the actions stay on screen at every width
          {
            title: 'จำนวนเงิน',
            dataIndex: 'paid',
            kind: 'money',
            fixed: 'right',
            render: (v: string) => <MoneyText value={v} />,
          },
          { title: 'ผู้รับเงิน', dataIndex: 'created_by_name', fixed: 'right', wrap: 120 },
          {
            title: 'จัดการ',
            key: 'act',
            noExport: true,
            fixed: 'right',
            render: (_: unknown, r) => (
              <Space size={4}>
                <Button
                  size="small"
                  icon={<PrinterOutlined />}
                  onClick={() => void reprint(r)}
                  aria-label={`พิมพ์ ${r.payment_code}`}
                />
                {r.kind === 'payment' && !r.is_void && can('update', 'Payment') && (
                  <Button
                    size="small"
                    icon={<SwapOutlined />}
                    loading={swap.isPending && swap.variables?.payment_id === r.payment_id}
                    onClick={() => swap.mutate(r)}
                  >
                    {r.pay_type === 'cash' ? 'เป็นเงินโอน' : 'เป็นเงินสด'}
                  </Button>
                )}
                {r.kind === 'payment' && !r.is_void && !r.pending_void && can('create', 'Request') && (
                  <Button
                    size="small"
                    danger
                    onClick={() => {
                      setVoidError(null);
                      setVoidOf(r);
                    }}
                  >
                    ขอยกเลิก
                  </Button>
                )}
              </Space>
            ),
          },
        ]}
      />
      <Modal
        open={!!voidOf}
        title={`ขอยกเลิกรายการ ${voidOf?.payment_code ?? ''}`}
        okText="ส่งคำขอ"
        cancelText="ปิด"
        okButtonProps={{ danger: true, loading: askVoid.isPending, disabled: !reason.trim() }}
        onOk={() => askVoid.mutate()}
        onCancel={() => {
          if (!askVoid.isPending) setVoidOf(null);
        }}
      >
        <p>รายการจะถูกยกเลิกเมื่อผู้มีสิทธิ์อนุมัติ (ผู้ขอไม่สามารถอนุมัติเองได้)</p>
        {voidError && <Alert type="error" showIcon role="alert" style={{ marginBottom: 12 }} title={voidError} />}
        <Input.TextArea
          rows={2}
          maxLength={500}
          placeholder="เหตุผลที่ขอยกเลิก"
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          autoFocus
        />
      </Modal>
    </>
  );
}
