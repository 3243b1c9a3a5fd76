/** ปิดยอดประจำวัน — the day's cash and transfer of a branch, closed once by a manager and printed to sign. */
import { LockOutlined, PrinterOutlined, UnlockOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  Col,
  Descriptions,
  Input,
  Modal,
  Popconfirm,
  Row,
  Select,
  Space,
  Statistic,
  Table,
  Tag,
} from 'antd';
import { todayBangkok } from '@khabkhi/thai';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { errorMessage } from '../../api/client';
import { useSession } from '../../api/useSession';
import { formatMoney, MoneyText } from '../../components/MoneyText';
import { PageHeader } from '../../components/PageHeader';
import { ResultBanner, type BannerState } from '../../components/ResultBanner';
import { ThaiDate } from '../../components/ThaiDate';
import { ThaiDatePicker } from '../../components/ThaiDatePicker';
import { useBranchOptions } from '../branches/queries';
import { openPdf } from '../../api/documents';
import { cashCloseKeys, closeDay, getDay, reopenDay, reprintClose } from './queries';

export default function CashClose() {
  const { user, can } = useSession();
  const branches = useBranchOptions();
  // a link (the dashboard's days without a close) may name the branch and the day
  const [params] = useSearchParams();
  const [branch, setBranch] = useState<number | undefined>(Number(params.get('branch')) || user?.branch_id);
  const [date, setDate] = useState<string>(
    /^\d{4}-\d{2}-\d{2}$/.test(params.get('date') ?? '') ? params.get('date')! : todayBangkok(),
  );
  const [banner, setBanner] = useState<BannerState | null>(null);
  const qc = useQueryClient();
  const day = useQuery({
    queryKey: cashCloseKeys.day(branch, date),
    queryFn: () => getDay(branch, date),
    enabled: !!branch,
  });
  const [reopenOpen, setReopenOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [actionError, setActionError] = useState<string | null>(null);
  const close = useMutation({
    mutationFn: () => closeDay({ branch_id: branch!, date }),
    onSuccess: (res) => {
      setBanner({ status: 'success', message: res.message });
      openPdf(res.data.pdf);
      void qc.invalidateQueries({ queryKey: cashCloseKeys.all });
    },
    onError: (e) => setActionError(errorMessage(e)),
  });
  const reopen = useMutation({
    mutationFn: () => reopenDay({ branch_id: branch!, date, reason: reason.trim() }),
    onSuccess: (res) => {
      setBanner({ status: 'success', message: res.message });
      setReopenOpen(false);
      setReason('');
      void qc.invalidateQueries({ queryKey: cashCloseKeys.all });
    },
    onError: (e) => setActionError(errorMessage(e)),
  });
  const reprint = async () => {
    try {
      await reprintClose(day.data!.closed!.close_id);
    } catch (e) {
      setBanner({ status: 'error', message: errorMessage(e) });
    }
  };
  const d = day.data;
  return (
    <div>
      <PageHeader
        title="ปิดยอดประจำวัน"
        subtitle="ยอดเงินสดและเงินโอนของสาขาในวันที่เลือก ตรวจนับเงินแล้วกดปิดยอด เมื่อปิดแล้วจะรับชำระ คืนเงิน หรือยกเลิกรายการของวันนั้นไม่ได้ จนกว่าผู้จัดการจะเปิดยอดใหม่"
      />
      <ResultBanner result={banner} onClose={() => setBanner(null)} />
      <Card style={{ marginBottom: 16 }}>
        <Space wrap>
          <span>สาขา</span>
          <Select
            style={{ minWidth: 220 }}
            value={branch}
            onChange={setBranch}
            aria-label="สาขา"
            options={(branches.data ?? []).map((b) => ({ value: b.branch_id, label: b.name }))}
          />
          <span>วันที่</span>
          <ThaiDatePicker value={date} allowClear={false} onChange={(v) => v && setDate(v)} aria-label="วันที่" />
          {d?.closed ? (
            <>
              <Tag color="green" icon={<LockOutlined />} data-testid="closed-tag">
                ปิดยอดแล้ว{d.closed.version > 1 ? ` (ฉบับที่ ${d.closed.version})` : ''} โดย {d.closed.closed_by_name} เมื่อ{' '}
                <ThaiDate value={d.closed.closed_at} variant="datetime" />
              </Tag>
              <Button icon={<PrinterOutlined />} onClick={() => void reprint()}>
                พิมพ์รายงานปิดยอด
              </Button>
              {can('approve', 'Request') && (
                <Button
                  icon={<UnlockOutlined />}
                  onClick={() => {
                    setActionError(null);
                    setReopenOpen(true);
                  }}
                >
                  เปิดยอดใหม่
                </Button>
              )}
            </>
          ) : (
            can('update', 'Payment') &&
            d && (
              <Popconfirm
                title="ยืนยันปิดยอดประจำวัน?"
                description="หลังปิดยอดจะรับชำระ คืนเงิน หรือยกเลิกรายการของวันนี้ไม่ได้"
                okText="ปิดยอด"
                cancelText="ยกเลิก"
                onConfirm={() => {
                  setActionError(null);
                  return close.mutateAsync().catch(() => undefined);
                }}
              >
                <Button type="primary" icon={<LockOutlined />} loading={close.isPending}>
                  {d.history.length ? `ปิดยอดอีกครั้ง (ฉบับที่ ${d.history.length + 1})` : 'ปิดยอดและพิมพ์'}
                </Button>
              </Popconfirm>
            )
          )}
        </Space>
        {actionError && (
          <Alert
            type="error"
            showIcon
            role="alert"
            style={{ marginTop: 12 }}
            title={actionError}
            closable={{ onClose: () => setActionError(null), 'aria-label': 'ปิด' }}
          />
        )}
        {d && !can('update', 'Payment') && (
          <Alert
            type="info"
            showIcon
            style={{ marginTop: 12 }}
            data-testid="who-closes"
            title={
              d.closed
                ? 'วันนี้ปิดยอดแล้ว รับชำระ คืนเงิน หรือยกเลิกรายการของวันนี้ไม่ได้ หากต้องบันทึกเพิ่ม ให้แจ้งผู้จัดการเปิดยอดใหม่'
                : 'การปิดยอดทำโดยผู้จัดการหรือผู้มีสิทธิ์ หลังตรวจนับเงินสดกับยอดในหน้านี้ บัญชีของคุณจึงไม่มีปุ่มปิดยอด'
            }
            description={
              d.closers.length
                ? `ผู้ปิดยอดของสาขานี้: ${d.closers.map((c) => `${c.name} (${c.role})`).join(', ')}`
                : undefined
            }
          />
        )}
        {d?.history.map((h) => (
          <Alert
            key={h.close_id}
            type="warning"
            showIcon
            style={{ marginTop: 12 }}
            title={
              <>
                ฉบับที่ {h.version} ปิดโดย {h.closed_by_name} เมื่อ <ThaiDate value={h.closed_at} variant="datetime" /> —
                เปิดยอดใหม่โดย {h.reopened_by_name} เมื่อ <ThaiDate value={h.reopened_at} variant="datetime" />
              </>
            }
            description={`เหตุผล: ${h.reopen_reason}`}
          />
        ))}
      </Card>
      <Modal
        open={reopenOpen}
        title="เปิดยอดประจำวันใหม่"
        okText="เปิดยอดใหม่"
        cancelText="ปิด"
        okButtonProps={{ danger: true, loading: reopen.isPending, disabled: reason.trim().length < 5 }}
        onOk={() => reopen.mutate()}
        onCancel={() => {
          if (!reopen.isPending) setReopenOpen(false);
        }}
      >
        <p>รายงานฉบับนี้จะถูกบันทึกว่าเปิดยอดใหม่ แล้ววันนี้จะรับชำระได้อีก เมื่อบันทึกเสร็จให้ปิดยอดอีกครั้งเพื่อออกรายงานฉบับใหม่</p>
        {actionError && <Alert type="error" showIcon role="alert" style={{ marginBottom: 12 }} title={actionError} />}
        <Input.TextArea
          rows={2}
          maxLength={500}
          placeholder="เหตุผลที่เปิดยอดใหม่ (อย่างน้อย 5 ตัวอักษร)"
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          autoFocus
          aria-label="เหตุผลที่เปิดยอดใหม่"
        />
      </Modal>
      {day.isError && <ResultBanner result={{ status: 'error', message: errorMessage(day.error) }} />}
      {d && (
        <>
          <Row gutter={12} style={{ marginBottom: 16 }} data-testid="cash-close">
            {[
              ['รับเงินสด', d.cash_in],
              ['รับเงินโอน', d.transfer_in],
              ['คืนเงินสด', d.refunds_cash],
              ['คืนเงินโอน', d.refunds_transfer],
              ['เงินสดที่ต้องนำส่ง', d.net_cash],
              ['รวมสุทธิ', d.net_total],
            ].map(([t, v]) => (
              <Col key={t} xs={12} md={8} xxl={4} style={{ marginBottom: 12 }}>
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
          {(d.transfers?.length ?? 0) > 0 && (
            <Card title="รายการเงินโอน (ตรวจกับรายการเดินบัญชี)" style={{ marginBottom: 16 }}>
              <Table
                size="small"
                pagination={false}
                rowKey="payment_code"
                dataSource={d.transfers}
                columns={[
                  {
                    title: 'เลขที่',
                    dataIndex: 'payment_code',
                    render: (v: string, r) => (
                      <>
                        {v}
                        {r.is_void && (
                          <Tag color="red" style={{ marginLeft: 4 }}>
                            ยกเลิก
                          </Tag>
                        )}
                      </>
                    ),
                  },
                  {
                    title: 'ธนาคาร / เวลาโอน / เลขอ้างอิง',
                    dataIndex: 'detail',
                    render: (v: string, r) =>
                      v || (r.kind === 'refund' ? 'คืนเงินโดยการโอน' : <Tag color="orange">ไม่ได้บันทึกรายละเอียดการโอน</Tag>),
                  },
                  {
                    title: 'จำนวนเงิน',
                    dataIndex: 'amount',
                    align: 'right',
                    width: 120,
                    render: (v: string) => <MoneyText value={v} />,
                  },
                ]}
              />
            </Card>
          )}
          <Row gutter={16}>
            <Col xs={24} md={10}>
              <Card title="ใบเสร็จและรายการ">
                <Descriptions
                  size="small"
                  column={1}
                  items={[
                    {
                      key: 'r',
                      label: 'ใบเสร็จรับเงิน',
                      children: `${d.receipts} ใบ${d.first_receipt ? ` (${d.first_receipt} ถึง ${d.last_receipt})` : ''}`,
                    },
                    { key: 'f', label: 'รายการคืนเงิน', children: `${d.refund_count} รายการ` },
                    {
                      key: 'v',
                      label: 'รายการที่ถูกยกเลิก',
                      children: (
                        <>
                          {d.void_count} รายการ (<MoneyText value={d.voided} unit />)
                        </>
                      ),
                    },
                  ]}
                />
              </Card>
            </Col>
            <Col xs={24} md={14}>
              <Card title="แยกตามผู้รับเงิน">
                <Table
                  size="small"
                  pagination={false}
                  rowKey="name"
                  dataSource={d.by_cashier}
                  locale={{ emptyText: 'ยังไม่มีรายการในวันนี้' }}
                  columns={[
                    { title: 'ผู้รับเงิน', dataIndex: 'name' },
                    {
                      title: 'เงินสด',
                      dataIndex: 'cash',
                      align: 'right',
                      render: (v: string) => <MoneyText value={v} />,
                    },
                    {
                      title: 'เงินโอน',
                      dataIndex: 'transfer',
                      align: 'right',
                      render: (v: string) => <MoneyText value={v} />,
                    },
                    { title: 'รายการ', dataIndex: 'count', align: 'right' },
                  ]}
                />
              </Card>
            </Col>
          </Row>
        </>
      )}
    </div>
  );
}
