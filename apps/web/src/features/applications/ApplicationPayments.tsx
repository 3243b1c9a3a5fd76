/** The payment history of an application: reprint a receipt, ask a manager to void a payment. */
import { PrinterOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Form, Input, Modal, Space, Table, Typography } from 'antd';
import { formatBaht } from '@khabkhi/thai';
import { useState } from 'react';
import { errorMessage } from '../../api/client';
import { useSession } from '../../api/useSession';
import { MoneyText } from '../../components/MoneyText';
import type { BannerState } from '../../components/ResultBanner';
import { ThaiDate } from '../../components/ThaiDate';
import { approvalKeys } from '../../api/queryKeys';
import { PaymentKind } from '../payments/PaymentKind';
import type { ApplicationDetail, Payment } from './api';
import { printReceipt, requestVoid } from './queries';
import { useApplicationRefresh, useFailMessage } from './useApplicationRefresh';

export function ApplicationPayments({
  a,
  prefix,
  appId,
  onBanner,
}: {
  a: ApplicationDetail;
  prefix: string;
  appId: number;
  onBanner: (banner: BannerState) => void;
}) {
  const { can } = useSession();
  const qc = useQueryClient();
  const refresh = useApplicationRefresh(prefix, appId);
  const fail = useFailMessage();
  const [voidOf, setVoidOf] = useState<Payment | null>(null);
  const [voidForm] = Form.useForm();
  // a refused request is shown in the dialog
  const [modalError, setModalError] = useState<string | null>(null);

  const askVoid = useMutation({
    mutationFn: (v: { note: string }) => requestVoid(voidOf!.payment_id, v.note.trim()),
    onSuccess: (res) => {
      onBanner({ status: 'success', message: res.message });
      setVoidOf(null);
      voidForm.resetFields();
      refresh();
      for (const k of [approvalKeys.table, approvalKeys.pendingCount]) void qc.invalidateQueries({ queryKey: k });
    },
    onError: (e) => setModalError(errorMessage(e)),
  });

  const reprint = (p: Payment) => printReceipt(appId, p).catch(fail);

  return (
    <>
      <Card title="ประวัติการชำระเงิน" style={{ marginBottom: 16 }}>
        <Table<Payment>
          size="small"
          pagination={false}
          rowKey="payment_id"
          dataSource={a.payments}
          locale={{ emptyText: 'ยังไม่มีการชำระเงิน' }}
          scroll={{ x: 'max-content' }}
          rowClassName={(p) => (p.is_void ? 'row-void' : '')}
          columns={[
            {
              title: 'เลขที่',
              dataIndex: 'payment_code',
              render: (v: string, p) => (
                <span style={p.is_void ? { textDecoration: 'line-through' } : undefined}>{v}</span>
              ),
            },
            { title: 'วันที่', dataIndex: 'createdAt', render: (v: string) => <ThaiDate value={v} variant="datetime" /> },
            { title: 'รายการ', key: 'kind', render: (_: unknown, p) => <PaymentKind p={p} /> },
            { title: 'จำนวนเงิน', dataIndex: 'paid', align: 'right', render: (v: string) => <MoneyText value={v} /> },
            { title: 'หมายเหตุ', dataIndex: 'note' },
            { title: 'ผู้รับเงิน', dataIndex: 'created_by_name' },
            {
              title: '',
              key: 'act',
              render: (_: unknown, p) => (
                <Space size={4}>
                  <Button size="small" icon={<PrinterOutlined />} onClick={() => void reprint(p)}>
                    พิมพ์
                  </Button>
                  {p.kind === 'payment' && !p.is_void && !p.pending_void && can('create', 'Request') && (
                    <Button
                      size="small"
                      danger
                      onClick={() => {
                        setModalError(null);
                        voidForm.resetFields();
                        setVoidOf(p);
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
      </Card>
      <Modal
        title={`ขอยกเลิกรายการ ${voidOf?.payment_code ?? ''}`}
        open={!!voidOf}
        okText="ส่งคำขอ"
        cancelText="ปิด"
        okButtonProps={{ danger: true, loading: askVoid.isPending }}
        onCancel={() => {
          if (!askVoid.isPending) setVoidOf(null);
        }}
        onOk={() => voidForm.submit()}
      >
        <Typography.Paragraph>
          รายการ {voidOf?.payment_code} จำนวน {voidOf ? formatBaht(voidOf.paid) : ''} บาท จะถูกยกเลิกเมื่อผู้มีสิทธิ์อนุมัติ
          (ผู้ขอไม่สามารถอนุมัติเองได้) เลขที่ใบเสร็จจะไม่ถูกนำกลับมาใช้
        </Typography.Paragraph>
        {modalError && <Alert type="error" showIcon role="alert" style={{ marginBottom: 12 }} title={modalError} />}
        <Form
          form={voidForm}
          name="void"
          layout="vertical"
          onFinish={(v: { note: string }) => {
            setModalError(null);
            askVoid.mutate(v);
          }}
        >
          <Form.Item
            name="note"
            label="เหตุผลที่ขอยกเลิก"
            rules={[{ required: true, whitespace: true, message: 'กรุณากรอกเหตุผล' }]}
          >
            <Input.TextArea rows={2} maxLength={500} autoFocus />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
