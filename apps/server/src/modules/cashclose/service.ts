import { and, asc, desc, eq, gte, isNull, lte, sql } from 'drizzle-orm';
import { formatThaiDate, fromSatang, todayBangkok, toSatang } from '@khabkhi/thai';
import type { Db, Tx } from '../../db/connection.js';
import { branches, schoolSettings, users } from '../../db/schema/core.js';
import { cashCloses, payments } from '../../db/schema/money.js';
import { audit } from '../../http/audit.js';
import { assertBranch, branchScopeWhere, type Actor } from '../../http/auth.js';
import { badRequest, conflict, notFound } from '../../http/errors.js';
import { dayLockSql, transferText } from '../applications/index.js';
import { allOf, branchFilter } from '../../http/tables.js';
import type { CloseTotals } from '@khabkhi/contracts';
import { rowsOf } from '../../db/sql.js';

const m = (v: string) => fromSatang(toSatang(v, { allowNegative: true }));

/** The money of a branch's day (packages/contracts `CloseTotals`, also the frozen `cash_closes.totals`). */
export type { CloseTotals };

/** The day's money of one branch, computed from the entries themselves. */
export async function dayTotals(conn: Db | Tx, branchId: number, date: string): Promise<CloseTotals> {
  const [b] = await conn.select({ name: branches.name }).from(branches).where(eq(branches.branch_id, branchId));
  if (!b) throw notFound('ไม่พบสาขานี้');
  const [t] = await conn
    .select({
      cash_in: sql<string>`coalesce(sum(${payments.amount}) filter (where kind = 'payment' and pay_type = 'cash' and not is_void), 0)::text`,
      transfer_in: sql<string>`coalesce(sum(${payments.amount}) filter (where kind = 'payment' and pay_type = 'transfer' and not is_void), 0)::text`,
      refunds_cash: sql<string>`coalesce(-sum(${payments.amount}) filter (where kind = 'refund' and pay_type = 'cash' and not is_void), 0)::text`,
      refunds_transfer: sql<string>`coalesce(-sum(${payments.amount}) filter (where kind = 'refund' and pay_type = 'transfer' and not is_void), 0)::text`,
      receipts: sql<number>`(count(*) filter (where kind = 'payment'))::int`,
      first_receipt: sql<string | null>`min(payment_code) filter (where kind = 'payment')`,
      last_receipt: sql<string | null>`max(payment_code) filter (where kind = 'payment')`,
      refund_count: sql<number>`(count(*) filter (where kind = 'refund'))::int`,
      void_count: sql<number>`(count(*) filter (where is_void))::int`,
      voided: sql<string>`coalesce(sum(${payments.amount}) filter (where is_void), 0)::text`,
    })
    .from(payments)
    .where(and(eq(payments.branch_id, branchId), eq(payments.business_date, date)));
  const cashiers = await conn
    .select({
      name: sql<string>`${users.fname} || ' ' || ${users.sname}`,
      cash: sql<string>`coalesce(sum(${payments.amount}) filter (where ${payments.pay_type} = 'cash' and not ${payments.is_void}), 0)::text`,
      transfer: sql<string>`coalesce(sum(${payments.amount}) filter (where ${payments.pay_type} = 'transfer' and not ${payments.is_void}), 0)::text`,
      count: sql<number>`count(*)::int`,
    })
    .from(payments)
    .innerJoin(users, eq(users.user_id, payments.created_by))
    .where(and(eq(payments.branch_id, branchId), eq(payments.business_date, date)))
    .groupBy(users.user_id, users.fname, users.sname)
    .orderBy(asc(users.fname));
  const transfers = await conn
    .select({
      payment_code: payments.payment_code,
      kind: payments.kind,
      amount: payments.amount,
      is_void: payments.is_void,
      bank: payments.transfer_bank,
      transfer_at: payments.transfer_at,
      ref: payments.transfer_ref,
    })
    .from(payments)
    .where(and(eq(payments.branch_id, branchId), eq(payments.business_date, date), eq(payments.pay_type, 'transfer')))
    .orderBy(asc(payments.createdAt), asc(payments.payment_id));
  const S = (v: string) => toSatang(v, { allowNegative: true });
  const netCash = S(t!.cash_in) - S(t!.refunds_cash);
  const netTransfer = S(t!.transfer_in) - S(t!.refunds_transfer);
  return {
    branch_id: branchId,
    branch_name: b.name,
    business_date: date,
    cash_in: m(t!.cash_in),
    transfer_in: m(t!.transfer_in),
    refunds_cash: m(t!.refunds_cash),
    refunds_transfer: m(t!.refunds_transfer),
    net_cash: fromSatang(netCash),
    net_transfer: fromSatang(netTransfer),
    net_total: fromSatang(netCash + netTransfer),
    receipts: t!.receipts,
    first_receipt: t!.first_receipt,
    last_receipt: t!.last_receipt,
    refund_count: t!.refund_count,
    void_count: t!.void_count,
    voided: m(t!.voided),
    by_cashier: cashiers.map((c) => ({ name: c.name, cash: m(c.cash), transfer: m(c.transfer), count: c.count })),
    transfers: transfers.map((t) => {
      const at = t.transfer_at?.toISOString() ?? null;
      return {
        ...t,
        amount: m(t.amount),
        transfer_at: at,
        detail: transferText({ transfer_bank: t.bank, transfer_at: at, transfer_ref: t.ref }),
      };
    }),
  };
}

function checkDate(date: string) {
  if (date > todayBangkok()) throw badRequest('วันที่: ปิดยอดล่วงหน้าไม่ได้');
}

const reopener = sql<
  string | null
>`(select u.fname || ' ' || u.sname from users u where u.user_id = ${cashCloses.reopened_by})`;

/** The day of a branch: its live totals, its close (if closed) and the earlier closes that were reopened. */
export async function getClose(db: Db, actor: Actor, branchId: number, date: string) {
  assertBranch(actor, branchId);
  checkDate(date);
  const closes = await db
    .select({
      close: cashCloses,
      closed_by_name: sql<string>`${users.fname} || ' ' || ${users.sname}`,
      reopened_by_name: reopener,
    })
    .from(cashCloses)
    .innerJoin(users, eq(users.user_id, cashCloses.closed_by))
    .where(and(eq(cashCloses.branch_id, branchId), eq(cashCloses.business_date, date)))
    .orderBy(desc(cashCloses.version));
  const c = closes.find((x) => x.close.reopened_at === null);
  const live = await dayTotals(db, branchId, date);
  // who may close this branch's day (a cashier without the right sees whom to ask)
  const res =
    await db.execute(sql`select u.prefix || u.fname || ' ' || u.sname as name, r.name as role from users u join roles r on r.role_id = u.role_id
    where u.status = 'active' and not r.is_delete and (u.branch_id = ${branchId} or r.all_branches)
      and exists (select 1 from jsonb_array_elements(r.abilities) a where (a->>'action' in ('update', 'manage')) and (a->>'subject' in ('Payment', 'all')))
    order by r.sort, u.fname limit 10`);
  const closers = rowsOf<{ name: string; role: string }>(res);
  return {
    ...live,
    closed: c
      ? {
          close_id: c.close.close_id,
          version: c.close.version,
          closed_by_name: c.closed_by_name,
          closed_at: c.close.createdAt.toISOString(),
          totals: c.close.totals,
        }
      : null,
    closers,
    history: closes
      .filter((x) => x.close.reopened_at !== null)
      .map((x) => ({
        close_id: x.close.close_id,
        version: x.close.version,
        closed_by_name: x.closed_by_name,
        closed_at: x.close.createdAt.toISOString(),
        reopened_by_name: x.reopened_by_name,
        reopened_at: x.close.reopened_at!.toISOString(),
        reopen_reason: x.close.reopen_reason,
      })),
  };
}

/** The day's lock taken exclusively: waits for the money entries of that day under way, and holds new ones until commit. */
async function lockDay(tx: Tx, branchId: number, date: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(${dayLockSql(branchId, date)})`);
}

/**
 * Close a branch's day: the totals are frozen (a new version after a reopen) and from then on no payment, refund or
 * void of that day is recorded. Under the day's lock, so no payment falls between the totals and the close.
 */
export async function closeDay(tx: Tx, actor: Actor, branchId: number, date: string, reqId?: string) {
  assertBranch(actor, branchId);
  checkDate(date);
  await lockDay(tx, branchId, date);
  const totals = await dayTotals(tx, branchId, date);
  const [{ version }] = (await tx
    .select({ version: sql<number>`coalesce(max(${cashCloses.version}), 0)::int + 1` })
    .from(cashCloses)
    .where(and(eq(cashCloses.branch_id, branchId), eq(cashCloses.business_date, date)))) as [{ version: number }];
  const [row] = await tx
    .insert(cashCloses)
    .values({ branch_id: branchId, business_date: date, version, totals, closed_by: actor.userId })
    .onConflictDoNothing()
    .returning();
  if (!row) throw conflict(`ปิดยอดประจำวันที่ ${formatThaiDate(date)} ของสาขานี้ไปแล้ว`);
  await audit(
    tx,
    actor,
    { entity: 'cash_close', entityId: row.close_id, action: 'close', branchId, after: row },
    reqId,
  );
  return row;
}

/** Reopen a closed day (a manager, with a reason): the close stays on record as reopened, and the day takes money again. */
export async function reopenDay(tx: Tx, actor: Actor, branchId: number, date: string, reason: string, reqId?: string) {
  assertBranch(actor, branchId);
  checkDate(date);
  const why = reason.trim();
  if (why.length < 5) throw badRequest('เหตุผลการเปิดยอด: กรุณาระบุเหตุผลอย่างน้อย 5 ตัวอักษร');
  await lockDay(tx, branchId, date);
  const [row] = await tx
    .update(cashCloses)
    .set({ reopened_at: new Date(), reopened_by: actor.userId, reopen_reason: why })
    .where(and(eq(cashCloses.branch_id, branchId), eq(cashCloses.business_date, date), isNull(cashCloses.reopened_at)))
    .returning();
  if (!row) throw badRequest(`วันที่ ${formatThaiDate(date)} ของสาขานี้ยังไม่ได้ปิดยอด`);
  await audit(
    tx,
    actor,
    {
      entity: 'cash_close',
      entityId: row.close_id,
      action: 'reopen',
      branchId,
      after: { reopened_at: row.reopened_at, reopen_reason: why, version: row.version },
    },
    reqId,
  );
  return row;
}

export async function closeTable(
  db: Db,
  actor: Actor,
  f: { branch?: string; start?: string; end?: string },
  perPage: number,
  offset: number,
) {
  const branchId = branchFilter(f.branch);
  if (branchId !== undefined) assertBranch(actor, branchId);
  const where = allOf(
    branchScopeWhere(actor, cashCloses.branch_id),
    branchId !== undefined ? eq(cashCloses.branch_id, branchId) : undefined,
    f.start ? gte(cashCloses.business_date, f.start) : undefined,
    f.end ? lte(cashCloses.business_date, f.end) : undefined,
  );
  const rows = await db
    .select({
      close_id: cashCloses.close_id,
      branch_id: cashCloses.branch_id,
      branch_name: branches.name,
      business_date: cashCloses.business_date,
      totals: cashCloses.totals,
      closed_at: cashCloses.createdAt,
      closed_by_name: sql<string>`${users.fname} || ' ' || ${users.sname}`,
      version: cashCloses.version,
      reopened_at: cashCloses.reopened_at,
      reopen_reason: cashCloses.reopen_reason,
    })
    .from(cashCloses)
    .innerJoin(branches, eq(branches.branch_id, cashCloses.branch_id))
    .innerJoin(users, eq(users.user_id, cashCloses.closed_by))
    .where(where)
    .orderBy(desc(cashCloses.business_date), asc(cashCloses.branch_id))
    .limit(perPage)
    .offset(offset);
  const [{ total }] = (await db
    .select({ total: sql<number>`count(*)::int` })
    .from(cashCloses)
    .where(where)) as [{ total: number }];
  return {
    rows: rows.map((r) => ({
      ...r,
      closed_at: r.closed_at.toISOString(),
      reopened_at: r.reopened_at?.toISOString() ?? null,
    })),
    total,
  };
}

/** What the printed cash close needs: the close, who closed it, the school and the branch. */
export async function closeForDocument(db: Db, closeId: number) {
  const [row] = await db
    .select({ c: cashCloses, by: users })
    .from(cashCloses)
    .innerJoin(users, eq(users.user_id, cashCloses.closed_by))
    .where(eq(cashCloses.close_id, closeId));
  if (!row) throw notFound('ไม่พบการปิดยอดนี้');
  const [s] = await db.select().from(schoolSettings).where(eq(schoolSettings.id, 1));
  const [b] = await db.select().from(branches).where(eq(branches.branch_id, row.c.branch_id));
  return { close: row.c, closedBy: row.by, school: s ?? null, branch: b! };
}

/** cash-close/pdf: the close, if it is one of a day the user may read. */
export async function closeScoped(db: Db, actor: Actor, closeId: number) {
  const [c] = await db
    .select({ branch_id: cashCloses.branch_id, date: cashCloses.business_date })
    .from(cashCloses)
    .where(eq(cashCloses.close_id, closeId));
  if (!c) throw notFound('ไม่พบการปิดยอดนี้');
  await getClose(db, actor, c.branch_id, c.date);
}
