/**
 * An employee's payroll of a month (view), and edit mode while the branch's payroll is a draft:
 * days worked (daily wage), fill amounts and quantities; the server recomputes on save.
 */
import { EditOutlined, FilePdfOutlined, SaveOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Descriptions, InputNumber, Row, Select, Space, Table, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { errorMessage } from '../../api/client';
import { useSession } from '../../api/useSession';
import { formatMoney, MoneyText } from '../../components/MoneyText';
import { PageHeader } from '../../components/PageHeader';
import { ResultBanner, type BannerState } from '../../components/ResultBanner';
import { ThaiDate } from '../../components/ThaiDate';
import { ThaiDatePicker } from '../../components/ThaiDatePicker';
import { getHistory, openPayslip, payrollKeys, updateReport, type HistoryData } from './queries';

type Line = HistoryData['income'][number];

export default function PayrollHistory() {
  const { id } = useParams();
  const userId = Number(id);
  const { can } = useSession();
  const [url, setUrl] = useSearchParams();
  const month = url.get('month') ?? undefined;
  const qc = useQueryClient();
  const hist = useQuery({
    queryKey: payrollKeys.history(userId, month),
    queryFn: () => getHistory(userId, month),
  });
  const [banner, setBanner] = useState<BannerState | null>(null);
  const [editing, setEditing] = useState(false);
  const [days, setDays] = useState(0);
  const [endDate, setEndDate] = useState<string | null>(null);
  const [items, setItems] = useState<Line[]>([]);
  const d = hist.data?.data;
  const detail = hist.data?.detail;
  useEffect(() => {
    if (d) {
      setDays(d.days_worked);
      setEndDate(d.end_date);
      setItems([...d.income, ...d.deduction].filter((i) => !i.computed));
      setEditing(false);
    }
  }, [d]);
  const canEdit = Boolean(
    d && can('update', 'Payroll') && !detail?.is_approve && (d.status === '' || d.status === 'draft'),
  );
  const save = useMutation({
    mutationFn: () =>
      updateReport({
        month: d!.month,
        user_id: userId,
        ...(d!.user_info.is_salary_daily ? { days_worked: days } : {}),
        end_date: endDate,
        items: items
          .filter((i) => i.list_payroll_id && Number(i.condition === 'fill' ? i.value : i.per_value) > 0)
          .map((i) => ({
            list_payroll_id: i.list_payroll_id!,
            value: String(Number(i.value)),
            ...(i.condition === 'fill' ? {} : { per_value: String(Number(i.per_value)) }),
          })),
      }),
    onSuccess: (res) => {
      setBanner({ status: 'success', message: res.message });
      void qc.invalidateQueries({ queryKey: payrollKeys.all });
    },
    onError: (e) => setBanner({ status: 'error', message: errorMessage(e) }),
  });
  const slip = async () => {
    try {
      await openPayslip(d!.payslip_id!);
    } catch (e) {
      setBanner({ status: 'error', message: errorMessage(e) });
    }
  };
  // an item by its place: one item may repeat at different rates (lesson pay, one line per rate)
  const setItem = (r: Line, field: 'value' | 'per_value', v: number | null) =>
    setItems((xs) => xs.map((x) => (x === r ? { ...x, [field]: String(v ?? 0) } : x)));
  const table = (title: string, rows: Line[], editable: boolean) => (
    <Card size="small" title={title}>
      <Table<Line>
        size="small"
        rowKey={(r) => `${r.name}-${r.list_payroll_id}-${r.value}`}
        pagination={false}
        dataSource={rows}
        locale={{ emptyText: 'ไม่มีรายการ' }}
        columns={[
          {
            title: 'รายการ',
            dataIndex: 'name',
            render: (v: string, r) => (
              <>
                {v}
                {r.computed && <Tag style={{ marginLeft: 6 }}>ระบบคำนวณ</Tag>}
              </>
            ),
          },
          {
            title: 'จำนวน',
            key: 'q',
            align: 'right',
            render: (_: unknown, r) =>
              editable && !r.computed && r.condition !== 'fill' ? (
                <InputNumber
                  size="small"
                  min={0}
                  precision={2}
                  aria-label={`จำนวน ${r.name}`}
                  value={Number(r.per_value) || null}
                  onChange={(v) => setItem(r, 'per_value', v)}
                />
              ) : r.condition !== 'fill' ? (
                `${r.per_value} × ${formatMoney(r.value)} ${r.title_value}`
              ) : (
                ''
              ),
          },
          {
            title: 'จำนวนเงิน',
            key: 'a',
            align: 'right',
            render: (_: unknown, r) =>
              editable && !r.computed && r.condition === 'fill' ? (
                <InputNumber
                  size="small"
                  min={0}
                  precision={2}
                  aria-label={`จำนวนเงิน ${r.name}`}
                  value={Number(r.value) || null}
                  onChange={(v) => setItem(r, 'value', v)}
                />
              ) : (
                <MoneyText value={r.amount} />
              ),
          },
        ]}
      />
    </Card>
  );
  const shown = (type: 'income' | 'deduction') =>
    editing
      ? [
          ...(type === 'deduction' ? (d?.deduction.filter((x) => x.computed) ?? []) : []),
          ...items.filter((i) => (type === 'deduction') === (i.type === 'deduction')),
        ]
      : (d?.[type] ?? []).filter((x) => x.computed || Number(x.amount) !== 0);
  return (
    <div>
      <PageHeader
        title="ประวัติเงินเดือนพนักงาน"
        subtitle={d ? `${d.user_info.name} · ${d.user_info.position} · ${d.user_info.branch_name}` : undefined}
      />
      <ResultBanner result={banner} onClose={() => setBanner(null)} />
      {hist.isError && (
        <Alert type="error" showIcon role="alert" style={{ marginBottom: 16 }} title={errorMessage(hist.error)} />
      )}
      {d && (
        <>
          <Card style={{ marginBottom: 16 }}>
            <Space wrap>
              <span>เดือน</span>
              <Select
                style={{ minWidth: 170 }}
                aria-label="เดือน"
                value={d.month}
                onChange={(v) => setUrl({ month: v })}
                options={d.months.map((m) => ({ value: String(m.value), label: m.name }))}
              />
              <Tag color={detail?.is_approve ? 'success' : detail?.is_payroll ? 'processing' : 'default'}>
                {detail?.is_approve
                  ? 'อนุมัติแล้ว'
                  : detail?.is_payroll
                    ? 'อยู่ในรอบเงินเดือน'
                    : 'ยังไม่มีรอบเงินเดือน (ตัวอย่างการคำนวณ)'}
              </Tag>
              {canEdit && !editing && (
                <Button icon={<EditOutlined />} onClick={() => setEditing(true)}>
                  แก้ไข
                </Button>
              )}
              {editing && (
                <Button type="primary" icon={<SaveOutlined />} loading={save.isPending} onClick={() => save.mutate()}>
                  บันทึก
                </Button>
              )}
              {editing && (
                <Button
                  onClick={() => {
                    setEditing(false);
                    setDays(d.days_worked);
                    setItems([...d.income, ...d.deduction].filter((i) => !i.computed));
                  }}
                >
                  ยกเลิก
                </Button>
              )}
              {d.payslip_id && (
                <Button icon={<FilePdfOutlined />} onClick={() => void slip()}>
                  สลิปเงินเดือน
                </Button>
              )}
            </Space>
            <Descriptions
              size="small"
              style={{ marginTop: 12 }}
              column={{ xs: 1, md: 3 }}
              items={[
                {
                  key: 's',
                  label: d.user_info.is_salary_daily ? 'ค่าจ้างรายวัน' : 'เงินเดือน',
                  children: <MoneyText value={d.salary[0]?.amount ?? '0'} unit />,
                },
                {
                  key: 'd',
                  label: 'วันทำงาน',
                  children:
                    editing && d.user_info.is_salary_daily ? (
                      <InputNumber
                        size="small"
                        min={0}
                        max={d.days_of_month}
                        value={days}
                        aria-label="จำนวนวันทำงาน"
                        onChange={(v) => setDays(Number(v ?? 0))}
                      />
                    ) : (
                      `${d.days_worked} / ${d.days_of_month} วัน`
                    ),
                },
                ...(editing || d.end_date
                  ? [
                      {
                        key: 'e',
                        label: 'วันที่พ้นสภาพ (ถ้าออกระหว่างเดือน)',
                        children: editing ? (
                          <ThaiDatePicker
                            value={endDate ?? undefined}
                            onChange={(v) => setEndDate(v ?? null)}
                            aria-label="วันที่พ้นสภาพ"
                          />
                        ) : (
                          <ThaiDate value={d.end_date} />
                        ),
                      },
                    ]
                  : []),
                {
                  key: 'n',
                  label: 'เงินได้สุทธิ',
                  children: (
                    <Typography.Text strong data-testid="history-net">
                      {formatMoney(d.net)} บาท
                    </Typography.Text>
                  ),
                },
              ]}
            />
          </Card>
          <Row gutter={16}>
            <Col xs={24} lg={12}>
              {table('รายได้', shown('income'), editing)}
            </Col>
            <Col xs={24} lg={12}>
              {table('รายการหัก', shown('deduction'), editing)}
            </Col>
          </Row>
        </>
      )}
    </div>
  );
}
