/**
 * The sheet's table: employees as rows, the payroll items as columns, totals below. While a draft, fill amounts,
 * quantities and a daily employee's days are typed in place (Tab/Enter move on); the totals are a preview.
 */
import { Button, InputNumber, Space, Table, Typography } from 'antd';
import { useMemo } from 'react';
import { formatMoney, MoneyText } from '../../components/MoneyText';
import { enterToNext } from '../../components/enterToNext';
import { LessonPayLink, useLessonPayByUser } from '../lessons/LessonPayDrawer';
import type { Sheet, SheetLine } from './queries';
import { baht, sat } from './preview';

export function SheetTable({
  d,
  lines,
  editable,
  dirty,
  loading,
  edit,
}: {
  d: Sheet | undefined;
  lines: SheetLine[];
  editable: boolean;
  dirty: boolean;
  loading: boolean;
  /** changes one employee's line (the page recomputes its preview) */
  edit: (userId: number, change: (l: SheetLine) => SheetLine) => void;
}) {
  /** an item by its place in the line: an item may repeat at different rates (lesson pay, one line per rate) */
  const setItem = (userId: number, at: number, field: 'value' | 'per_value', v: number | null) =>
    edit(userId, (l) => ({
      ...l,
      items: l.items.map((i, k) => (k === at ? { ...i, [field]: String(v ?? 0) } : i)),
    }));
  // instructors' pay from completed lessons: the figure behind the proposed teaching lines, which HR may take again
  const lessonPay = useLessonPayByUser(d?.branch_id ?? 0, d?.month ?? '');
  const teachCol = d?.items.find((c) => c.category === 'teaching' && c.condition === 'multiply');
  const takeLessonPay = (userId: number, pay: { rate: string; hours: string }[]) =>
    edit(userId, (l) => {
      const at = l.items.findIndex((i) => i.list_payroll_id === teachCol!.list_payroll_id);
      const base = l.items[at] ?? { ...teachCol!, amount: '0', per_value: '0' };
      const rows = pay.map((p) => ({ ...base, value: p.rate, per_value: p.hours }));
      const rest = l.items.filter((i) => i.list_payroll_id !== teachCol!.list_payroll_id);
      const pos = at < 0 ? rest.length : at;
      return { ...l, items: [...rest.slice(0, pos), ...rows, ...rest.slice(pos)] };
    });

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
      const mine = l.items.map((i, at) => ({ i, at })).filter(({ i }) => i.list_payroll_id === c.list_payroll_id);
      if (!mine.length) return '-';
      return mine.map(({ i, at }) => {
        const field = i.condition === 'fill' ? 'value' : 'per_value';
        // a repeated item shows its own rate
        const rate =
          mine.length > 1 ? <div style={{ fontSize: 12, color: '#666' }}>× {formatMoney(i.value)}</div> : null;
        if (!editable)
          return (
            <div key={at}>
              {i.condition === 'fill' ? (
                <MoneyText value={i.amount} />
              ) : (
                <>
                  {Number(i.per_value) ? `${i.per_value}${mine.length > 1 ? ` × ${formatMoney(i.value)}` : ''} → ` : ''}
                  <MoneyText value={i.amount} />
                </>
              )}
            </div>
          );
        return (
          <div key={at}>
            {rate}
            <InputNumber
              size="small"
              min={0}
              max={i.condition === 'fill' ? 999999999 : 999999}
              step={i.condition === 'fill' ? 100 : 1}
              precision={2}
              style={{ width: 100 }}
              aria-label={`${c.name} ${l.user_name}${mine.length > 1 ? ` อัตรา ${formatMoney(i.value)}` : ''}`}
              value={Number(i[field]) || null}
              placeholder="0"
              onChange={(v) => setItem(l.user_id, at, field, v)}
            />
            {i.condition !== 'fill' && Number(i.amount) > 0 && (
              <div style={{ fontSize: 12, color: '#666' }}>{formatMoney(i.amount)}</div>
            )}
          </div>
        );
      });
    },
  }));
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
          {d && lessonPay.get(l.user_id) && (
            <LessonPayLink
              branchId={d.branch_id}
              month={d.month}
              pay={lessonPay.get(l.user_id)!}
              onUse={editable && teachCol ? (pay) => takeLessonPay(l.user_id, pay) : undefined}
            />
          )}
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
    // the part of an advance not recovered this month: next month's sheet shows it as its own line
    ...(editable || lines.some((l) => Number(l.carry_advance) > 0)
      ? [
          {
            title: (
              <span>
                ยกยอดเบิกล่วงหน้า
                <div style={{ fontWeight: 400, fontSize: 12, color: '#666' }}>ไปหักเดือนถัดไป</div>
              </span>
            ),
            key: 'carry',
            width: 130,
            align: 'right' as const,
            render: (_: unknown, l: SheetLine) =>
              editable ? (
                <InputNumber
                  size="small"
                  min={0}
                  max={999999999}
                  precision={2}
                  style={{ width: 110 }}
                  aria-label={`ยกยอดเบิกล่วงหน้า ${l.user_name}`}
                  value={Number(l.carry_advance) || null}
                  placeholder="0"
                  onChange={(v) => edit(l.user_id, (x) => ({ ...x, carry_advance: String(v ?? 0) }))}
                />
              ) : Number(l.carry_advance) > 0 ? (
                <MoneyText value={l.carry_advance} />
              ) : (
                '-'
              ),
          },
        ]
      : []),
  ];

  return (
    <>
      {/* Enter moves to the next amount, like Tab, so a column is typed without the mouse */}
      <div onKeyDown={enterToNext}>
        <Table<SheetLine>
          rowKey="user_id"
          size="small"
          loading={loading}
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
                            (a, l) =>
                              a +
                              l.items
                                .filter((i) => i.list_payroll_id === c.list_payroll_id)
                                .reduce((b, i) => b + sat(i.amount), 0),
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
    </>
  );
}
