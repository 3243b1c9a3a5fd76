/**
 * The payroll sheet of a branch-month: employees as rows, the payroll items as columns. While a draft, fill
 * amounts, quantities and a daily employee's days are typed in place (Tab/Enter move on); the totals here are
 * a preview — the server computes every amount (SSO and tax from its dated tables) when the sheet is saved.
 */
import {
  CheckOutlined,
  DownloadOutlined,
  FilePdfOutlined,
  SaveOutlined,
  SendOutlined,
  UndoOutlined,
  UnlockOutlined,
} from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  Descriptions,
  Input,
  InputNumber,
  Modal,
  Popconfirm,
  Select,
  Space,
  Table,
  Tag,
  Typography,
} from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { api, errorMessage } from '../../api/client';
import { useSession } from '../../api/useSession';
import { formatMoney, MoneyText } from '../../components/MoneyText';
import { PageHeader } from '../../components/PageHeader';
import { ResultBanner, type BannerState } from '../../components/ResultBanner';
import { ThaiDate } from '../../components/ThaiDate';
import { openPdf } from '../../api/documents';
import { enterToNext } from '../../components/enterToNext';
import { useBranchOptions } from '../branches/queries';
import {
  getSheet,
  monthName,
  payrollKeys,
  recentMonths,
  STATE_COLORS,
  thisMonth,
  type Sheet,
  type SheetLine,
} from './queries';

import { baht, previewLine, sat } from './preview';

export default function PayrollSheet() {
  const { can, user } = useSession();
  const [url, setUrl] = useSearchParams();
  const branches = useBranchOptions();
  const branch = Number(url.get('branch')) || user?.branch_id;
  const month = url.get('month') ?? thisMonth();
  const set = (k: string, v: string) => {
    const n = new URLSearchParams(url);
    n.set(k, v);
    setUrl(n, { replace: true });
  };
  const qc = useQueryClient();
  const sheet = useQuery({
    queryKey: payrollKeys.sheet(branch, month),
    queryFn: () => getSheet(branch, month),
    enabled: !!branch,
  });
  const [lines, setLines] = useState<SheetLine[]>([]);
  const [dirty, setDirty] = useState(false);
  const [banner, setBanner] = useState<BannerState | null>(null);
  const [reopenOpen, setReopenOpen] = useState(false);
  const [reason, setReason] = useState('');
  // the loaded copy: "reset" restores it (SPEC §3)
  useEffect(() => {
    if (sheet.data) {
      setLines(sheet.data.lines);
      setDirty(false);
    }
  }, [sheet.data]);
  const d = sheet.data;
  const editable = Boolean(d?.editable && can('update', 'Payroll'));

  const refresh = () => {
    void qc.invalidateQueries({ queryKey: payrollKeys.all });
    void qc.invalidateQueries({ queryKey: payrollKeys.table });
  };
  const done = (res: { message: string }) => {
    setBanner({ status: 'success', message: res.message });
    refresh();
  };
  const fail = (e: unknown) => setBanner({ status: 'error', message: errorMessage(e) });
  const save = useMutation({
    mutationFn: () =>
      api.put<Sheet>('/list-payrollList/update', {
        branch_id: branch,
        month,
        lines: lines.map((l) => ({
          user_id: l.user_id,
          ...(l.is_daily ? { days_worked: l.days_worked } : {}),
          items: l.items
            .filter((i) => Number(i.condition === 'fill' ? i.value : i.per_value) > 0)
            .map((i) =>
              i.condition === 'fill'
                ? { list_payroll_id: i.list_payroll_id, value: money(i.value) }
                : { list_payroll_id: i.list_payroll_id, value: money(i.value), per_value: money(i.per_value) },
            ),
        })),
      }),
    onSuccess: (res) => {
      done(res);
      qc.setQueryData(payrollKeys.sheet(branch, month), res.data);
    },
    onError: fail,
  });
  const step = useMutation({
    mutationFn: (name: 'submit' | 'confirm' | 'approve') =>
      api.post(`/payroll/${name}`, { payroll_id: d?.payroll?.payroll_id }),
    onSuccess: done,
    onError: fail,
  });
  const reopen = useMutation({
    mutationFn: () => api.post('/payroll/reopen', { payroll_id: d?.payroll?.payroll_id, reason: reason.trim() }),
    onSuccess: (res) => {
      done(res);
      setReopenOpen(false);
      setReason('');
    },
    onError: fail,
  });
  const pdf = async (document: 'payslips' | 'summary') => {
    try {
      openPdf(
        (await api.post<{ pdf: string }>('/payroll/payslip/pdf', { payroll_id: d?.payroll?.payroll_id, document })).data
          .pdf,
      );
    } catch (e) {
      fail(e);
    }
  };

  const file = async (document: 'sso' | 'sso_xlsx' | 'pnd1' | 'bank') => {
    try {
      const r = await api.post<{ filename: string; mime: string; content: string }>('/payroll/file', {
        payroll_id: d?.payroll?.payroll_id,
        document,
      });
      const bytes = Uint8Array.from(atob(r.data.content), (c) => c.charCodeAt(0));
      let blob = new Blob([bytes], { type: r.data.mime });
      if (document === 'sso_xlsx') {
        const { sheet, rows } = JSON.parse(new TextDecoder().decode(bytes)) as {
          sheet: string;
          rows: { idcard: string; prefix: string; fname: string; sname: string; wage: string; contribution: string }[];
        };
        const { xlsxBlob } = await import('../../components/exportRows');
        blob = await xlsxBlob(
          rows,
          [
            { title: 'เลขประจำตัวประชาชน', value: (x) => x.idcard },
            { title: 'คำนำหน้า', value: (x) => x.prefix },
            { title: 'ชื่อ', value: (x) => x.fname },
            { title: 'นามสกุล', value: (x) => x.sname },
            { title: 'ค่าจ้าง', value: (x) => x.wage, kind: 'money' },
            { title: 'เงินสมทบ', value: (x) => x.contribution, kind: 'money' },
          ],
          sheet,
        );
      }
      const a = window.document.createElement('a');
      a.href = URL.createObjectURL(blob);
      a.download = r.data.filename;
      a.click();
      setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
    } catch (e) {
      fail(e);
    }
  };
  const edit = (userId: number, change: (l: SheetLine) => SheetLine) => {
    setLines((ls) => ls.map((l) => (l.user_id === userId ? previewLine(change(l)) : l)));
    setDirty(true);
  };
  const setItem = (userId: number, itemId: number, field: 'value' | 'per_value', v: number | null) =>
    edit(userId, (l) => ({
      ...l,
      items: l.items.map((i) => (i.list_payroll_id === itemId ? { ...i, [field]: String(v ?? 0) } : i)),
    }));

  const totals = useMemo(() => {
    const sum = (k: keyof SheetLine) => baht(lines.reduce((a, l) => a + sat(l[k] as string), 0));
    return {
      salary: sum('salary'),
      income: sum('income'),
      deduction: sum('deduction'),
      sso_employee: sum('sso_employee'),
      sso_employer: sum('sso_employer'),
      tax: sum('tax'),
      net: sum('net'),
    };
  }, [lines]);

  const itemCols = (d?.items ?? []).map((c) => ({
    title: (
      <span>
        {c.name}
        <div style={{ fontWeight: 400, fontSize: 12, color: '#666' }}>
          {c.condition === 'fill' ? 'บาท' : `× ${formatMoney(c.value)} ${c.title_value}`}
        </div>
      </span>
    ),
    key: `item-${c.list_payroll_id}`,
    width: 120,
    align: 'right' as const,
    render: (_: unknown, l: SheetLine) => {
      const i = l.items.find((x) => x.list_payroll_id === c.list_payroll_id);
      if (!i) return '-';
      const field = i.condition === 'fill' ? 'value' : 'per_value';
      if (!editable)
        return (
          <span>
            {i.condition === 'fill' ? (
              <MoneyText value={i.amount} />
            ) : (
              <>
                {Number(i.per_value) ? `${i.per_value} → ` : ''}
                <MoneyText value={i.amount} />
              </>
            )}
          </span>
        );
      return (
        <div>
          <InputNumber
            size="small"
            min={0}
            max={i.condition === 'fill' ? 999999999 : 999999}
            step={i.condition === 'fill' ? 100 : 1}
            precision={2}
            style={{ width: 100 }}
            aria-label={`${c.name} ${l.user_name}`}
            value={Number(i[field]) || null}
            placeholder="0"
            onChange={(v) => setItem(l.user_id, c.list_payroll_id, field, v)}
          />
          {i.condition !== 'fill' && Number(i.amount) > 0 && (
            <div style={{ fontSize: 12, color: '#666' }}>{formatMoney(i.amount)}</div>
          )}
        </div>
      );
    },
  }));
  const money = (v: string) => (Math.round(Number(v) * 100) / 100).toString();
  const columns = [
    {
      title: 'พนักงาน',
      key: 'name',
      fixed: 'left' as const,
      width: 190,
      render: (_: unknown, l: SheetLine) => (
        <div style={{ lineHeight: 1.3 }}>
          <Typography.Text strong>{l.user_name}</Typography.Text>
          <div style={{ fontSize: 12, color: '#666' }}>
            {l.position}
            {l.employed_days < l.days_of_month ? ` · ทำงาน ${l.employed_days}/${l.days_of_month} วัน` : ''}
          </div>
        </div>
      ),
    },
    {
      title: 'เงินเดือน/ค่าจ้าง',
      key: 'salary',
      width: 150,
      align: 'right' as const,
      render: (_: unknown, l: SheetLine) => (
        <div>
          {l.is_daily && editable ? (
            <Space.Compact size="small">
              <InputNumber
                size="small"
                min={0}
                max={l.days_of_month}
                style={{ width: 64 }}
                aria-label={`จำนวนวันทำงาน ${l.user_name}`}
                value={l.days_worked}
                onChange={(v) =>
                  edit(l.user_id, (x) => ({ ...x, days_worked: Math.min(Number(v ?? 0), x.days_of_month) }))
                }
              />
              <Button size="small" disabled>
                วัน
              </Button>
            </Space.Compact>
          ) : l.is_daily ? (
            <span style={{ fontSize: 12 }}>
              {l.days_worked} วัน × {formatMoney(l.rate)}
            </span>
          ) : null}
          <div>
            <MoneyText value={l.salary} />
          </div>
        </div>
      ),
    },
    ...itemCols,
    {
      title: 'ประกันสังคม',
      dataIndex: 'sso_employee',
      width: 100,
      align: 'right' as const,
      render: (v: string) => <MoneyText value={v} />,
    },
    {
      title: 'ภาษีหัก ณ ที่จ่าย',
      dataIndex: 'tax',
      width: 110,
      align: 'right' as const,
      render: (v: string) => <MoneyText value={v} />,
    },
    {
      title: 'สุทธิ',
      dataIndex: 'net',
      width: 120,
      align: 'right' as const,
      render: (v: string) => <MoneyText value={v} strong />,
    },
  ];

  const p = d?.payroll;
  const isOwner = can('manage', 'all');
  return (
    <div>
      <PageHeader
        title="แผ่นงานเงินเดือน"
        subtitle="พนักงานของสาขาในเดือนที่เลือก กรอกยอดและจำนวนชั่วโมงได้ขณะเป็นฉบับร่าง ประกันสังคมและภาษีคำนวณโดยระบบเมื่อบันทึก"
      />
      <ResultBanner result={banner} onClose={() => setBanner(null)} />
      {sheet.isError && (
        <Alert type="error" showIcon role="alert" style={{ marginBottom: 16 }} title={errorMessage(sheet.error)} />
      )}
      <Card style={{ marginBottom: 16 }}>
        <Space wrap>
          <span>สาขา</span>
          <Select
            style={{ minWidth: 200 }}
            value={branch}
            aria-label="สาขา"
            onChange={(v) => set('branch', String(v))}
            options={(branches.data ?? []).map((b) => ({ value: b.branch_id, label: b.name }))}
          />
          <span>เดือน</span>
          <Select
            style={{ minWidth: 170 }}
            value={month}
            aria-label="เดือน"
            onChange={(v) => set('month', v)}
            options={recentMonths().map((m) => ({ value: m, label: monthName(m) }))}
          />
          {p ? (
            <Tag color={STATE_COLORS[p.status]} data-testid="payroll-state">
              {p.status_name}
              {p.version > 1 ? ` (ฉบับที่ ${p.version})` : ''}
            </Tag>
          ) : (
            <Tag data-testid="payroll-state">ยังไม่ได้บันทึก</Tag>
          )}
        </Space>
        {p && (
          <Descriptions
            size="small"
            column={{ xs: 1, sm: 1, md: 1, lg: 1, xl: 3, xxl: 3 }}
            style={{ marginTop: 12 }}
            items={[
              {
                key: 's',
                label: 'ส่งตรวจ',
                children: p.submitted.by ? (
                  <>
                    {p.submitted.by} · <ThaiDate value={p.submitted.at} variant="datetime" />
                  </>
                ) : (
                  '-'
                ),
              },
              {
                key: 'c',
                label: 'ผู้จัดการยืนยัน',
                children: p.confirmed.by ? (
                  <>
                    {p.confirmed.by} · <ThaiDate value={p.confirmed.at} variant="datetime" />
                  </>
                ) : (
                  '-'
                ),
              },
              {
                key: 'a',
                label: 'อนุมัติ',
                children: p.approved.by ? (
                  <>
                    {p.approved.by} · <ThaiDate value={p.approved.at} variant="datetime" />
                  </>
                ) : (
                  '-'
                ),
              },
              ...(p.reopened.by
                ? [
                    {
                      key: 'r',
                      label: 'เปิดรอบใหม่',
                      children: (
                        <>
                          {p.reopened.by} · {p.reopened.reason}
                        </>
                      ),
                    },
                  ]
                : []),
            ]}
          />
        )}
      </Card>
      <Card title={d ? `${d.branch_name} · ${d.month_name}` : 'เงินเดือน'}>
        <div style={{ marginBottom: 12 }}>
          <Space wrap>
            {editable && (
              <Button
                icon={<UndoOutlined />}
                disabled={!dirty}
                onClick={() => {
                  setLines(d!.lines);
                  setDirty(false);
                }}
              >
                คืนค่าที่โหลดมา
              </Button>
            )}
            {editable && (
              <Button type="primary" icon={<SaveOutlined />} loading={save.isPending} onClick={() => save.mutate()}>
                บันทึกและคำนวณ
              </Button>
            )}
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
            {p && p.status !== 'draft' && (
              <Button icon={<DownloadOutlined />} onClick={() => void file('sso')}>
                ไฟล์ สปส.1-10
              </Button>
            )}
            {p && p.status !== 'draft' && (
              <Button icon={<DownloadOutlined />} onClick={() => void file('sso_xlsx')}>
                สปส.1-10 (Excel)
              </Button>
            )}
            {p && p.status !== 'draft' && (
              <Button icon={<DownloadOutlined />} onClick={() => void file('pnd1')}>
                ไฟล์ ภ.ง.ด.1
              </Button>
            )}
            {p && p.status !== 'draft' && (
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
        </div>
        {d && !d.editable && (
          <Alert
            type="info"
            showIcon
            style={{ marginBottom: 12 }}
            title={d.is_approve ? 'เงินเดือนรอบนี้อนุมัติแล้วและถูกล็อก' : 'เงินเดือนรอบนี้ส่งตรวจแล้ว แก้ไขไม่ได้'}
          />
        )}
        {/* Enter moves to the next amount, like Tab, so a column is typed without the mouse */}
        <div onKeyDown={enterToNext}>
          <Table<SheetLine>
            rowKey="user_id"
            size="small"
            loading={sheet.isLoading}
            dataSource={lines}
            columns={columns}
            pagination={false}
            scroll={{ x: 'max-content' }}
            locale={{ emptyText: 'ไม่มีพนักงานที่รับเงินเดือนในสาขานี้' }}
            summary={() =>
              lines.length ? (
                <Table.Summary>
                  <Table.Summary.Row>
                    <Table.Summary.Cell index={0}>
                      <Typography.Text strong>
                        รวม {lines.length} คน{dirty ? ' (ตัวอย่าง)' : ''}
                      </Typography.Text>
                    </Table.Summary.Cell>
                    <Table.Summary.Cell index={1} align="right">
                      <MoneyText value={totals.salary} strong />
                    </Table.Summary.Cell>
                    {(d?.items ?? []).map((c, k) => (
                      <Table.Summary.Cell key={c.list_payroll_id} index={2 + k} align="right">
                        <MoneyText
                          value={baht(
                            lines.reduce(
                              (a, l) => a + sat(l.items.find((i) => i.list_payroll_id === c.list_payroll_id)?.amount),
                              0,
                            ),
                          )}
                        />
                      </Table.Summary.Cell>
                    ))}
                    <Table.Summary.Cell index={2 + (d?.items.length ?? 0)} align="right">
                      <MoneyText value={totals.sso_employee} strong />
                    </Table.Summary.Cell>
                    <Table.Summary.Cell index={3 + (d?.items.length ?? 0)} align="right">
                      <MoneyText value={totals.tax} strong />
                    </Table.Summary.Cell>
                    <Table.Summary.Cell index={4 + (d?.items.length ?? 0)} align="right">
                      <span data-testid="sheet-net">
                        <MoneyText value={totals.net} strong />
                      </span>
                    </Table.Summary.Cell>
                  </Table.Summary.Row>
                </Table.Summary>
              ) : null
            }
          />
        </div>
        {d && (
          <Typography.Paragraph type="secondary" style={{ marginTop: 12, fontSize: 13 }}>
            {d.rates.sso} · {d.rates.tax} · นายจ้างสมทบประกันสังคมรวม {formatMoney(totals.sso_employer)} บาท
            {dirty ? ' · ยอดที่แสดงเป็นตัวอย่าง ระบบจะคำนวณใหม่เมื่อบันทึก' : ''}
          </Typography.Paragraph>
        )}
      </Card>
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
