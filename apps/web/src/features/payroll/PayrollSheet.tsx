/**
 * The payroll sheet of a branch-month: employees as rows, the payroll items as columns. While a draft, fill
 * amounts, quantities and a daily employee's days are typed in place (Tab/Enter move on); the totals here are
 * a preview — the server computes every amount (SSO and tax from its dated tables) when the sheet is saved.
 */
import { SaveOutlined, UndoOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Select, Space, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { errorMessage } from '../../api/client';
import { useSession } from '../../api/useSession';
import { PageHeader } from '../../components/PageHeader';
import { ResultBanner, type BannerState } from '../../components/ResultBanner';
import { useBranchOptions } from '../branches/queries';
import { PayrollSteps } from './PayrollSteps';
import { SheetTable } from './SheetTable';
import { WorkflowActions } from './WorkflowActions';
import {
  getSheet,
  monthName,
  payrollKeys,
  recentMonths,
  STATE_COLORS,
  thisMonth,
  updateSheet,
  type SheetLine,
} from './queries';
import { previewLine } from './preview';
import { askAcknowledge } from './acknowledge';

const money = (v: string) => (Math.round(Number(v) * 100) / 100).toString();

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
  const { modal } = App.useApp();
  const save = useMutation({
    mutationFn: (acknowledge: boolean) =>
      updateSheet({
        branch_id: branch!,
        month,
        ...(acknowledge ? { acknowledge_deductions: true } : {}),
        lines: lines.map((l) => ({
          user_id: l.user_id,
          carry_advance: money(l.carry_advance),
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
    onError: (e) => askAcknowledge(modal, e, () => save.mutate(true), fail),
  });
  const warned = lines.filter((l) => l.warnings.length);
  const edit = (userId: number, change: (l: SheetLine) => SheetLine) => {
    setLines((ls) => ls.map((l) => (l.user_id === userId ? previewLine(change(l)) : l)));
    setDirty(true);
  };

  const p = d?.payroll;
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
        {p && <PayrollSteps p={p} />}
      </Card>
      <Card title={d ? `${d.branch_name} · ${d.month_name}` : 'เงินเดือน'}>
        <WorkflowActions p={p} dirty={dirty} onDone={done} onFail={fail}>
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
            <Button type="primary" icon={<SaveOutlined />} loading={save.isPending} onClick={() => save.mutate(false)}>
              บันทึกและคำนวณ
            </Button>
          )}
        </WorkflowActions>
        {d && !d.editable && (
          <Alert
            type="info"
            showIcon
            style={{ marginBottom: 12 }}
            title={d.is_approve ? 'เงินเดือนรอบนี้อนุมัติแล้วและถูกล็อก' : 'เงินเดือนรอบนี้ส่งตรวจแล้ว แก้ไขไม่ได้'}
          />
        )}
        {warned.length > 0 && (
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 12 }}
            data-testid="s76-warnings"
            title="รายการหักเงินเกินที่ พ.ร.บ.คุ้มครองแรงงาน มาตรา 76 กำหนด (ผู้จัดการต้องรับทราบเมื่อบันทึกหรือส่งตรวจ)"
            description={
              <ul style={{ margin: 0, paddingInlineStart: 20 }}>
                {warned.map((l) => (
                  <li key={l.user_id}>
                    {l.user_name}: {l.warnings.join(' ')}
                  </li>
                ))}
              </ul>
            }
          />
        )}
        {p?.deductions_ack.by && (
          <Alert
            type="info"
            style={{ marginBottom: 12 }}
            title={`รับทราบรายการหักเกินมาตรา 76 โดย ${p.deductions_ack.by}`}
          />
        )}
        <SheetTable d={d} lines={lines} editable={editable} dirty={dirty} loading={sheet.isLoading} edit={edit} />
      </Card>
    </div>
  );
}
