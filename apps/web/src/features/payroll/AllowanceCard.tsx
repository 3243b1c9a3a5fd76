/**
 * An employee's ล.ย.01 allowances (แบบแจ้งรายการเพื่อการหักลดหย่อน): each declaration from a date, with the year's
 * deduction it gives (capped as the Revenue Code allows); the month's withholding uses the latest of each kind.
 */
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, InputNumber, Input, Popconfirm, Select, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import type { Allowances } from '@khabkhi/contracts';
import { errorMessage } from '../../api/client';
import { MoneyText, formatMoney } from '../../components/MoneyText';
import { ThaiDate } from '../../components/ThaiDate';
import { ThaiDatePicker } from '../../components/ThaiDatePicker';
import { addAllowance, getAllowances, payrollKeys, removeAllowance } from './queries';

export function AllowanceCard({
  userId,
  editable,
  say,
}: {
  userId: number;
  editable: boolean;
  /** shows the answer (success or a Thai error) in the page's banner */
  say: (status: 'success' | 'error', message: string) => void;
}) {
  const qc = useQueryClient();
  const list = useQuery({
    queryKey: payrollKeys.allowances(userId),
    queryFn: () => getAllowances(userId),
  });
  const today = new Date(Date.now() + 7 * 3600_000).toISOString().slice(0, 10);
  const [kind, setKind] = useState<string | undefined>();
  const [count, setCount] = useState<number | null>(1);
  const [amount, setAmount] = useState<number | null>(null);
  const [from, setFrom] = useState<string | null>(`${today.slice(0, 4)}-01-01`);
  const [note, setNote] = useState('');
  const k = list.data?.kinds.find((x) => x.value === kind);
  const done = (res: { message: string }) => {
    say('success', res.message);
    // the sheet's withholding changes with the allowances
    void qc.invalidateQueries({ queryKey: payrollKeys.all });
  };
  const add = useMutation({
    mutationFn: () =>
      addAllowance({
        user_id: userId,
        kind: kind!,
        ...(k?.per ? { count: count ?? 0 } : { amount: String(amount ?? 0) }),
        valid_from: from!,
        note,
      }),
    onSuccess: (res) => {
      done(res);
      setKind(undefined);
      setAmount(null);
      setNote('');
    },
    onError: (e) => say('error', errorMessage(e)),
  });
  const remove = useMutation({
    mutationFn: removeAllowance,
    onSuccess: done,
    onError: (e) => say('error', errorMessage(e)),
  });
  const d = list.data;
  return (
    <Card
      size="small"
      title="ค่าลดหย่อนตามแบบ ล.ย.01"
      extra={d && <span data-testid="allowance-total">รวมที่ใช้คำนวณภาษีเดือนนี้ {formatMoney(d.total)} บาท/ปี</span>}
      style={{ marginBottom: 16 }}
    >
      <Table
        size="small"
        rowKey="allowance_id"
        loading={list.isLoading}
        pagination={false}
        dataSource={d?.rows ?? []}
        locale={{ emptyText: 'ยังไม่ได้บันทึกค่าลดหย่อน (คำนวณภาษีด้วยค่าลดหย่อนส่วนตัวเท่านั้น)' }}
        columns={[
          { title: 'ประเภท', dataIndex: 'kind_name' },
          {
            title: 'จำนวน/ยอดต่อปี',
            key: 'q',
            render: (_: unknown, r) => (r.count ? `${r.count} คน` : <MoneyText value={r.amount} unit />),
          },
          {
            title: 'หักลดหย่อนได้ต่อปี',
            dataIndex: 'value',
            align: 'right',
            render: (v: string) => <MoneyText value={v} />,
          },
          { title: 'มีผลตั้งแต่', dataIndex: 'valid_from', render: (v: string) => <ThaiDate value={v} /> },
          { title: 'หมายเหตุ', dataIndex: 'note' },
          ...(editable
            ? [
                {
                  title: '',
                  key: 'x',
                  render: (_: unknown, r: Allowances['rows'][number]) => (
                    <Popconfirm
                      title="ลบค่าลดหย่อนนี้?"
                      okText="ลบ"
                      cancelText="ยกเลิก"
                      onConfirm={() => remove.mutate(r.allowance_id)}
                    >
                      <Button size="small" danger icon={<DeleteOutlined />} aria-label={`ลบ ${r.kind_name}`} />
                    </Popconfirm>
                  ),
                },
              ]
            : []),
        ]}
      />
      {editable && (
        <Space wrap style={{ marginTop: 12 }}>
          <Select
            style={{ minWidth: 260 }}
            placeholder="เลือกประเภทค่าลดหย่อน"
            aria-label="ประเภทค่าลดหย่อน"
            value={kind}
            onChange={setKind}
            options={(d?.kinds ?? []).map((x) => ({
              value: x.value,
              label: `${x.name} (${x.per ? `คนละ ${formatMoney(x.per)}` : `ไม่เกิน ${formatMoney(x.cap ?? '0')}`})`,
            }))}
          />
          {k?.per ? (
            <InputNumber
              min={1}
              max={k.max_count ?? 20}
              style={{ width: 120 }}
              value={count}
              onChange={setCount}
              aria-label="จำนวนคน"
              suffix="คน"
            />
          ) : (
            <InputNumber
              min={0}
              precision={2}
              style={{ width: 180 }}
              value={amount}
              onChange={setAmount}
              aria-label="ยอดต่อปี"
              placeholder="ยอดที่จ่ายทั้งปี (บาท)"
            />
          )}
          <ThaiDatePicker aria-label="มีผลตั้งแต่" value={from} onChange={setFrom} />
          <Input
            style={{ width: 200 }}
            maxLength={500}
            placeholder="หมายเหตุ เช่น เลขกรมธรรม์"
            aria-label="หมายเหตุค่าลดหย่อน"
            value={note}
            onChange={(e) => setNote(e.target.value)}
          />
          <Button
            type="primary"
            icon={<PlusOutlined />}
            disabled={!kind || !from}
            loading={add.isPending}
            onClick={() => add.mutate()}
          >
            บันทึกค่าลดหย่อน
          </Button>
        </Space>
      )}
      <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
        บันทึกตามแบบ ล.ย.01 ที่พนักงานยื่น ใช้คำนวณภาษีหัก ณ ที่จ่ายทุกเดือนตั้งแต่วันที่มีผล (รายการล่าสุดของแต่ละประเภท)
      </Typography.Paragraph>
    </Card>
  );
}
