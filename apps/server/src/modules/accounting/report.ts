/** The accounting report of a period (accounting/printpdf): income by source and expenses by category, cash and transfer, totals, net. */
import { eq, sql } from 'drizzle-orm';
import { bahtTextFromString, formatBaht, formatThaiDate, formatThaiDateTime, fromSatang } from '@khabkhi/thai';
import type { Db } from '../../db/connection.js';
import { branches, schoolSettings, users } from '../../db/schema/core.js';
import { accountingReports } from '../../db/schema/accounting.js';
import { audit } from '../../http/audit.js';
import { branchScopeSql, type Actor } from '../../http/auth.js';
import { esc } from '../../documents/templates.js';
import { INCOME_SOURCES, S } from './chart.js';
import { rowsOf } from '../../db/sql.js';
import type { Range } from './repo.js';

interface Line {
  name: string;
  cash: string;
  transfer: string;
  total: string;
  count: number;
}
export interface ReportSnapshot {
  school: string;
  tax_id: string;
  branch: string;
  range: Range;
  printed_at: string;
  printed_by: string;
  income: Line[];
  refunds: Line;
  total_income: Line;
  expenses: Line[];
  total_expenses: Line;
  net: { cash: string; transfer: string; total: string };
}

const scopeSql = (actor: Actor, col: string, branchId?: number) =>
  sql`${branchScopeSql(actor, col)} and ${branchId !== undefined ? sql`${sql.raw(col)} = ${branchId}` : sql`true`}`;

interface Acc {
  cash: number;
  transfer: number;
  count: number;
}
const acc = (): Acc => ({ cash: 0, transfer: 0, count: 0 });
const add = (a: Acc, payType: string, value: string, n: number) => {
  a[payType === 'cash' ? 'cash' : 'transfer'] += S(value);
  a.count += n;
};
const line = (name: string, a: Acc): Line => ({
  name,
  cash: fromSatang(a.cash),
  transfer: fromSatang(a.transfer),
  total: fromSatang(a.cash + a.transfer),
  count: a.count,
});
const sumAcc = (xs: Acc[]) =>
  xs.reduce((t, a) => ({ cash: t.cash + a.cash, transfer: t.transfer + a.transfer, count: t.count + a.count }), acc());

export async function reportSnapshot(
  db: Db,
  actor: Actor,
  range: Range,
  branchId: number | undefined,
  printedBy: string,
): Promise<ReportSnapshot> {
  const pay = rowsOf<{ kind: string; pkind: string; pay_type: string; value: string; n: number }>(
    await db.execute(sql`
    select a.kind, p.kind as pkind, p.pay_type, sum(p.amount)::text as value, count(*)::int as n
    from payments p join applications a on a.application_id = p.application_id
    where not p.is_void and p.business_date between ${range.start}::date and ${range.end}::date and ${scopeSql(actor, 'p.branch_id', branchId)}
    group by 1, 2, 3`),
  );
  const other = rowsOf<{ pay_type: string; value: string; n: number }>(
    await db.execute(sql`
    select o.pay_type, sum(o.value)::text as value, count(*)::int as n from other_incomes o
    where not o.is_delete and o.date between ${range.start}::date and ${range.end}::date and ${scopeSql(actor, 'o.branch_id', branchId)} group by 1`),
  );
  const exp = rowsOf<{ category: string; sort: number; pay_type: string; value: string; n: number }>(
    await db.execute(sql`
    select coalesce(top.name, ec.name) as category, min(coalesce(top.sort, ec.sort)) as sort, e.pay_type, sum(e.value)::text as value, count(*)::int as n
    from expenses e join list_expenses le on le.list_expenses_id = e.list_expenses_id join expense_categories ec on ec.category_id = le.category_id
      left join expense_categories top on top.category_id = ec.parent_id
    where not e.is_delete and e.date between ${range.start}::date and ${range.end}::date and ${scopeSql(actor, 'e.branch_id', branchId)}
    group by 1, 3 order by 2, 1`),
  );
  const sources = new Map<string, Acc>(INCOME_SOURCES.map((s) => [s.key, acc()]));
  const refunds = acc();
  for (const r of pay) add(r.pkind === 'refund' ? refunds : sources.get(r.kind)!, r.pay_type, r.value, r.n);
  for (const r of other) add(sources.get('other')!, r.pay_type, r.value, r.n);
  const cats = new Map<string, Acc>();
  for (const r of exp) {
    const a = cats.get(r.category) ?? acc();
    add(a, r.pay_type, r.value, r.n);
    cats.set(r.category, a);
  }
  const incomeTotal = sumAcc([...sources.values(), refunds]);
  const expenseTotal = sumAcc([...cats.values()]);
  const [s] = await db.select().from(schoolSettings).where(eq(schoolSettings.id, 1));
  const [b] =
    branchId !== undefined
      ? await db.select({ name: branches.name }).from(branches).where(eq(branches.branch_id, branchId))
      : [];
  return {
    school: s?.name ?? '',
    tax_id: s?.tax_id ?? '',
    branch: b?.name ?? (actor.branchScope === null ? 'ทุกสาขา' : 'ทุกสาขาในความรับผิดชอบ'),
    range,
    printed_at: new Date().toISOString(),
    printed_by: printedBy,
    income: INCOME_SOURCES.map((x) => line(x.name, sources.get(x.key)!)),
    refunds: line('หัก คืนเงิน', refunds),
    total_income: line('รวมรายรับสุทธิ', incomeTotal),
    expenses: [...cats.entries()].map(([name, a]) => line(name, a)),
    total_expenses: line('รวมรายจ่าย', expenseTotal),
    net: {
      cash: fromSatang(incomeTotal.cash - expenseTotal.cash),
      transfer: fromSatang(incomeTotal.transfer - expenseTotal.transfer),
      total: fromSatang(incomeTotal.cash + incomeTotal.transfer - expenseTotal.cash - expenseTotal.transfer),
    },
  };
}

const neg = (v: string) => (v.startsWith('-') ? `(${formatBaht(v.slice(1))})` : formatBaht(v));

export function reportHtml(r: ReportSnapshot): string {
  const row = (l: Line, cls = '') =>
    `<tr class="${cls}"><td>${esc(l.name)}</td><td class="num">${l.count.toLocaleString('th-TH')}</td><td class="num">${neg(l.cash)}</td><td class="num">${neg(l.transfer)}</td><td class="num">${neg(l.total)}</td></tr>`;
  const head = (title: string) =>
    `<colgroup><col class="name"><col class="n"><col><col><col></colgroup><tr><th>${title}</th><th class="num">รายการ</th><th class="num">เงินสด</th><th class="num">เงินโอน</th><th class="num">รวม (บาท)</th></tr>`;
  const net = r.net.total;
  return `<!doctype html><html lang="th"><head><meta charset="utf-8"><style>
    body { font-size: 13pt; line-height: 1.45; margin: 0; }
    h1 { font-size: 19pt; margin: 0 0 2pt; text-align: center; color: #1f3a5f; }
    .sub { text-align: center; color: #333; margin-bottom: 10pt; }
    table { width: 100%; border-collapse: collapse; margin: 6pt 0 10pt; table-layout: fixed; }
    col.name { width: 38%; } col.n { width: 11%; }
    td, th { border: 0.6pt solid #9aa7b6; padding: 3pt 6pt; }
    th { background: #e8eef5; text-align: left; }
    .num { text-align: right; white-space: nowrap; }
    .strong td { font-weight: 700; background: #f5f7fa; }
    .neg td { color: #a00; }
    .net { font-size: 15pt; font-weight: 700; margin-top: 8pt; }
    .muted { color: #555; font-size: 11pt; }
    .sign { display: flex; justify-content: space-around; margin-top: 36pt; text-align: center; }
    .sign > div { width: 40%; } .line { border-top: 0.6pt dotted #000; padding-top: 3pt; }
  </style></head><body>
  <h1>รายงานรายรับ–รายจ่าย</h1>
  <div class="sub">${esc(r.school)}${r.tax_id ? ` เลขประจำตัวผู้เสียภาษี ${esc(r.tax_id)}` : ''}<br>สาขา: ${esc(r.branch)}<br>
  ระหว่างวันที่ ${formatThaiDate(r.range.start)} ถึง ${formatThaiDate(r.range.end)}</div>
  <table>${head('รายรับ')}
    ${r.income.map((l) => row(l)).join('')}
    ${row(r.refunds, 'neg')}
    ${row(r.total_income, 'strong')}
  </table>
  <table>${head('รายจ่ายตามหมวดหมู่')}
    ${r.expenses.length ? r.expenses.map((l) => row(l)).join('') : '<tr><td colspan="5" class="muted">ไม่มีรายจ่ายในช่วงนี้</td></tr>'}
    ${row(r.total_expenses, 'strong')}
  </table>
  <table>${head('สรุป')}
    ${row(r.total_income)}
    ${row({ ...r.total_expenses, name: 'หัก รวมรายจ่าย' })}
    <tr class="strong"><td>${net.startsWith('-') ? 'ขาดทุนสุทธิ' : 'กำไรสุทธิ'} (รายรับ − รายจ่าย)</td><td></td><td class="num">${neg(r.net.cash)}</td><td class="num">${neg(r.net.transfer)}</td><td class="num">${neg(net)}</td></tr>
  </table>
  <div class="net">${net.startsWith('-') ? 'ขาดทุนสุทธิ' : 'กำไรสุทธิ'} ${formatBaht(net.replace('-', ''))} บาท (${esc(bahtTextFromString(net.replace('-', '')))})</div>
  <div class="muted">รายรับจากการรับชำระและคืนเงินอ่านจากประวัติการชำระเงิน (ไม่รวมรายการที่ถูกยกเลิก) · ตัวเลขในวงเล็บคือยอดติดลบ<br>
  พิมพ์โดย ${esc(r.printed_by)} เมื่อ ${formatThaiDateTime(r.printed_at)}</div>
  <div class="sign"><div><div class="line">ผู้จัดทำ</div></div><div><div class="line">ผู้ตรวจสอบ/ผู้อนุมัติ</div></div></div>
  </body></html>`;
}

/** A printed report's frozen snapshot (the document type accounting-report), or undefined. */
export async function findReport(db: Db, id: number): Promise<ReportSnapshot | undefined> {
  const [r] = await db.select().from(accountingReports).where(eq(accountingReports.report_id, id));
  return r?.snapshot as ReportSnapshot | undefined;
}

/** Freezes the report of a period as printed now by the actor (audited, one transaction); its id. */
export async function printReport(
  db: Db,
  actor: Actor,
  range: Range,
  branchId: number | undefined,
  reqId?: string,
): Promise<number> {
  const [u] = await db
    .select({ name: users.fname, sname: users.sname })
    .from(users)
    .where(eq(users.user_id, actor.userId));
  const snapshot = await reportSnapshot(db, actor, range, branchId, `${u?.name ?? ''} ${u?.sname ?? ''}`.trim());
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(accountingReports)
      .values({ snapshot, created_by: actor.userId })
      .returning({ id: accountingReports.report_id });
    await audit(
      tx,
      actor,
      {
        entity: 'accounting_report',
        entityId: row!.id,
        action: 'print',
        branchId: branchId ?? null,
        after: { range, branch: snapshot.branch },
      },
      reqId,
    );
    return row!.id;
  });
}
