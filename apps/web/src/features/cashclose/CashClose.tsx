/** ปิดยอดประจำวัน — the day's cash and transfer of a branch, closed once by a manager and printed to sign. */
import { LockOutlined, PrinterOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Col, Descriptions, Popconfirm, Row, Select, Space, Statistic, Table, Tag } from 'antd';
import { todayBangkok } from '@khabkhi/thai';
import { useState } from 'react';
import { api, errorMessage } from '../../api/client';
import { useSession } from '../../app/useSession';
import { formatMoney, MoneyText } from '../../components/MoneyText';
import { PageHeader } from '../../components/PageHeader';
import { ResultBanner, type BannerState } from '../../components/ResultBanner';
import { ThaiDate } from '../../components/ThaiDate';
import { ThaiDatePicker } from '../../components/ThaiDatePicker';
import { useBranchOptions } from '../branches/queries';
import { openPdf } from '../applications/api';
import { cashCloseKeys } from './queries';

interface Day {
  branch_id: number; branch_name: string; business_date: string; cash_in: string; transfer_in: string; refunds_cash: string; refunds_transfer: string;
  net_cash: string; net_transfer: string; net_total: string; receipts: number; first_receipt: string | null; last_receipt: string | null;
  refund_count: number; void_count: number; voided: string; by_cashier: { name: string; cash: string; transfer: string; count: number }[];
  closed: null | { close_id: number; closed_by_name: string; closed_at: string };
}

export default function CashClose() {
  const { user, can } = useSession();
  const branches = useBranchOptions();
  const [branch, setBranch] = useState<number | undefined>(user?.branch_id);
  const [date, setDate] = useState<string>(todayBangkok());
  const [banner, setBanner] = useState<BannerState | null>(null);
  const qc = useQueryClient();
  const day = useQuery({ queryKey: cashCloseKeys.day(branch, date), queryFn: () => api.get<Day>('/cash-close/get', { branch, date }), enabled: !!branch });
  const close = useMutation({
    mutationFn: () => api.post<{ pdf: string }>('/cash-close/close', { branch_id: branch, date }),
    onSuccess: (res) => { setBanner({ status: 'success', message: res.message }); openPdf(res.data.pdf); void qc.invalidateQueries({ queryKey: cashCloseKeys.all }); },
    onError: (e) => setBanner({ status: 'error', message: errorMessage(e) }),
  });
  const reprint = async () => {
    try { openPdf((await api.post<{ pdf: string }>('/cash-close/pdf', { close_id: day.data!.closed!.close_id })).data.pdf); } catch (e) { setBanner({ status: 'error', message: errorMessage(e) }); }
  };
  const d = day.data;
  return (
    <div>
      <PageHeader title="ปิดยอดประจำวัน" subtitle="ยอดเงินสดและเงินโอนของสาขาในวันที่เลือก ตรวจนับเงินแล้วกดปิดยอด เมื่อปิดแล้วจะแก้ไขประเภทการชำระของวันนั้นไม่ได้" />
      <ResultBanner result={banner} onClose={() => setBanner(null)} />
      <Card style={{ marginBottom: 16 }}>
        <Space wrap>
          <span>สาขา</span>
          <Select style={{ minWidth: 220 }} value={branch} onChange={setBranch} aria-label="สาขา" options={(branches.data ?? []).map((b) => ({ value: b.branch_id, label: b.name }))} />
          <span>วันที่</span>
          <ThaiDatePicker value={date} allowClear={false} onChange={(v) => v && setDate(v)} aria-label="วันที่" />
          {d?.closed ? (
            <>
              <Tag color="green" icon={<LockOutlined />}>ปิดยอดแล้วโดย {d.closed.closed_by_name} เมื่อ <ThaiDate value={d.closed.closed_at} variant="datetime" /></Tag>
              <Button icon={<PrinterOutlined />} onClick={() => void reprint()}>พิมพ์รายงานปิดยอด</Button>
            </>
          ) : can('update', 'Payment') && d && (
            <Popconfirm title="ยืนยันปิดยอดประจำวัน?" description="หลังปิดยอดจะแก้ไขประเภทการชำระของวันนี้ไม่ได้" okText="ปิดยอด" cancelText="ยกเลิก" onConfirm={() => close.mutateAsync().catch(() => undefined)}>
              <Button type="primary" icon={<LockOutlined />} loading={close.isPending}>ปิดยอดและพิมพ์</Button>
            </Popconfirm>
          )}
        </Space>
      </Card>
      {day.isError && <ResultBanner result={{ status: 'error', message: errorMessage(day.error) }} />}
      {d && (
        <>
          <Row gutter={12} style={{ marginBottom: 16 }} data-testid="cash-close">
            {[['รับเงินสด', d.cash_in], ['รับเงินโอน', d.transfer_in], ['คืนเงินสด', d.refunds_cash], ['คืนเงินโอน', d.refunds_transfer], ['เงินสดที่ต้องนำส่ง', d.net_cash], ['รวมสุทธิ', d.net_total]].map(([t, v]) => (
              <Col key={t} xs={12} md={4}><Card size="small"><Statistic title={t} value={formatMoney(v)} suffix="บาท" styles={{ content: { fontSize: 20, whiteSpace: "nowrap" } }} /></Card></Col>
            ))}
          </Row>
          <Row gutter={16}>
            <Col xs={24} md={10}>
              <Card title="ใบเสร็จและรายการ">
                <Descriptions size="small" column={1} items={[
                  { key: 'r', label: 'ใบเสร็จรับเงิน', children: `${d.receipts} ใบ${d.first_receipt ? ` (${d.first_receipt} ถึง ${d.last_receipt})` : ''}` },
                  { key: 'f', label: 'รายการคืนเงิน', children: `${d.refund_count} รายการ` },
                  { key: 'v', label: 'รายการที่ถูกยกเลิก', children: <>{d.void_count} รายการ (<MoneyText value={d.voided} unit />)</> },
                ]} />
              </Card>
            </Col>
            <Col xs={24} md={14}>
              <Card title="แยกตามผู้รับเงิน">
                <Table size="small" pagination={false} rowKey="name" dataSource={d.by_cashier} locale={{ emptyText: 'ยังไม่มีรายการในวันนี้' }} columns={[
                  { title: 'ผู้รับเงิน', dataIndex: 'name' },
                  { title: 'เงินสด', dataIndex: 'cash', align: 'right', render: (v: string) => <MoneyText value={v} /> },
                  { title: 'เงินโอน', dataIndex: 'transfer', align: 'right', render: (v: string) => <MoneyText value={v} /> },
                  { title: 'รายการ', dataIndex: 'count', align: 'right' },
                ]} />
              </Card>
            </Col>
          </Row>
        </>
      )}
    </div>
  );
}
