import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { fromSatang, toSatang } from '@khabkhi/thai';
import { type Expense } from '@khabkhi/contracts';
import type { Conn, Db } from '../../db/connection.js';
import { expenseCategories, listExpenses } from '../../db/schema/catalog.js';
import { branches, files } from '../../db/schema/core.js';
import { accountingFiles, expenses } from '../../db/schema/fleet.js';
import { assertBranch, branchScopeWhere, type Actor } from '../../http/auth.js';
import { isAll } from '../../http/envelope.js';
import { allOf, branchFilter, idFilter, textSearch, withAll } from '../../http/tables.js';
import { computeFuel } from './fuel.js';
import { PAY_TYPE_NAME, categoryPath } from './rules.js';
import { loadExpense } from './write.js';

// ---- reads ------------------------------------------------------------------

const expenseSelect = {
  expenses_id: expenses.expenses_id,
  branch_id: expenses.branch_id,
  branch: branches.name,
  list_expenses_id: expenses.list_expenses_id,
  list_expenses: listExpenses.name,
  category_id: listExpenses.category_id,
  category: categoryPath,
  date: expenses.date,
  vehicle_id: expenses.vehicle_id,
  vehicle: sql<
    string | null
  >`(select v.no || ' ' || v.province from vehicles v where v.vehicle_id = ${expenses.vehicle_id})`,
  user_id: expenses.user_id,
  employee: sql<
    string | null
  >`(select trim(u.prefix || u.fname || ' ' || u.sname) from users u where u.user_id = ${expenses.user_id})`,
  detail: expenses.detail,
  pay_type: expenses.pay_type,
  mile: expenses.mile,
  liters: expenses.liters,
  is_full_tank: expenses.is_full_tank,
  renew_kind: expenses.renew_kind,
  renew_until: expenses.renew_until,
  value: expenses.value,
  created_by: expenses.created_by,
  user: sql<string>`(select trim(u.fname || ' ' || u.sname) from users u where u.user_id = ${expenses.created_by})`,
  createdAt: expenses.createdAt,
  updatedAt: expenses.updatedAt,
};

async function filesOf(conn: Conn, ids: number[]) {
  if (!ids.length) return new Map<number, Expense['files']>();
  const rows = await conn
    .select({
      expenses_id: accountingFiles.expenses_id,
      file_id: accountingFiles.file_id,
      file_type: accountingFiles.file_type,
      mime: files.mime,
      size: files.size,
    })
    .from(accountingFiles)
    .innerJoin(files, eq(files.file_id, accountingFiles.file_id))
    .where(inArray(accountingFiles.expenses_id, ids))
    .orderBy(asc(accountingFiles.sort), asc(accountingFiles.id));
  const m = new Map<number, Expense['files']>();
  for (const r of rows) {
    const list = m.get(r.expenses_id!) ?? [];
    list.push({ file_id: r.file_id, file_type: r.file_type, mime: r.mime, size: r.size });
    m.set(r.expenses_id!, list);
  }
  return m;
}

/** km per litre of the full-tank fills among these rows (computed over each vehicle's whole fuel history). */
async function fuelOf(conn: Conn, rows: { vehicle_id: number | null; is_full_tank: boolean }[]) {
  const vids = [...new Set(rows.filter((r) => r.vehicle_id && r.is_full_tank).map((r) => r.vehicle_id!))];
  const m = new Map<number, string | null>();
  if (!vids.length) return m;
  const all = await conn
    .select({
      vehicle_id: expenses.vehicle_id,
      expenses_id: expenses.expenses_id,
      date: expenses.date,
      mile: expenses.mile,
      liters: expenses.liters,
      is_full_tank: expenses.is_full_tank,
      value: expenses.value,
    })
    .from(expenses)
    .where(
      and(
        inArray(expenses.vehicle_id, vids),
        eq(expenses.is_delete, false),
        sql`${expenses.liters} is not null and ${expenses.mile} is not null`,
      ),
    )
    .orderBy(asc(expenses.vehicle_id), asc(expenses.mile), asc(expenses.date), asc(expenses.expenses_id));
  for (const vid of vids)
    for (const f of computeFuel(all.filter((x) => x.vehicle_id === vid) as never)) m.set(f.expenses_id, f.km_per_liter);
  return m;
}

async function toApiRows(conn: Conn, rows: Awaited<ReturnType<typeof selectRows>>): Promise<Expense[]> {
  const [fm, fuel] = await Promise.all([
    filesOf(
      conn,
      rows.map((r) => r.expenses_id),
    ),
    fuelOf(conn, rows),
  ]);
  return rows.map((r) => {
    const fl = fm.get(r.expenses_id) ?? [];
    return {
      ...r,
      name: r.list_expenses,
      value: fromSatang(toSatang(r.value)),
      liters: r.liters === null ? null : fromSatang(toSatang(r.liters)),
      pay_type_name: PAY_TYPE_NAME[r.pay_type] ?? r.pay_type,
      files: fl,
      file: fl[0]?.file_id ?? null,
      file_type: fl[0]?.file_type ?? null,
      type: 'expenses' as const,
      createdAt: r.createdAt.toISOString(),
      updatedAt: r.updatedAt.toISOString(),
      km_per_liter: fuel.get(r.expenses_id) ?? null,
    };
  });
}

function selectRows(conn: Conn, where: SQL | undefined, limit: number, offset: number) {
  return conn
    .select(expenseSelect)
    .from(expenses)
    .innerJoin(branches, eq(branches.branch_id, expenses.branch_id))
    .innerJoin(listExpenses, eq(listExpenses.list_expenses_id, expenses.list_expenses_id))
    .innerJoin(expenseCategories, eq(expenseCategories.category_id, listExpenses.category_id))
    .where(where)
    .orderBy(desc(expenses.date), desc(expenses.expenses_id))
    .limit(limit)
    .offset(offset);
}

export async function getExpense(db: Db, actor: Actor, id: number): Promise<Expense> {
  await loadExpense(db, actor, id, false);
  const rows = await selectRows(db, eq(expenses.expenses_id, id), 1, 0);
  return (await toApiRows(db, rows))[0]!;
}

export interface VehicleExpenseFilter {
  branch?: string;
  list_expenses?: string;
  vehicle?: string;
  text?: string;
  start?: string;
  end?: string;
}

/** vehicle/expenses/gettable: the expenses that belong to a vehicle, with the filtered total. */
export async function vehicleExpenseTable(
  db: Db,
  actor: Actor,
  f: VehicleExpenseFilter,
  perPage: number,
  offset: number,
) {
  const branchId = branchFilter(f.branch);
  if (branchId !== undefined) assertBranch(actor, branchId);
  // the predicate of the partial indexes expenses_vehicle_rows and expenses_vehicle_items (migration 0021), written as
  // they are so the planner uses them: the page walks the first newest first, the count and total scan it alone
  const where = allOf(
    sql`${expenses.vehicle_id} is not null and not ${expenses.is_delete}`,
    branchScopeWhere(actor, expenses.branch_id),
    branchId === undefined ? undefined : eq(expenses.branch_id, branchId),
    isAll(f.list_expenses) ? undefined : eq(expenses.list_expenses_id, idFilter(f.list_expenses)),
    isAll(f.vehicle) ? undefined : eq(expenses.vehicle_id, idFilter(f.vehicle)),
    f.start ? sql`${expenses.date} >= ${f.start}` : undefined,
    f.end ? sql`${expenses.date} <= ${f.end}` : undefined,
    textSearch(f.text, [
      expenses.detail,
      sql`(select v.no || ' ' || v.province from vehicles v where v.vehicle_id = ${expenses.vehicle_id})`,
    ]),
  );
  // the page, the filtered count and total, and the two filters' choices at once (four connections, not in turn)
  const pageRows = selectRows(db, where, perPage, offset);
  const totals = db
    .select({ total: sql<number>`count(*)::int`, sum: sql<string>`coalesce(sum(${expenses.value}), 0)::text` })
    .from(expenses)
    .where(where);
  const itemsQuery = db
    .select({ value: listExpenses.list_expenses_id, name: listExpenses.name, branch: branches.name })
    .from(listExpenses)
    .innerJoin(branches, eq(branches.branch_id, listExpenses.branch_id))
    .where(
      allOf(
        eq(listExpenses.is_delete, false),
        branchScopeWhere(actor, listExpenses.branch_id),
        branchId === undefined ? undefined : eq(listExpenses.branch_id, branchId),
        // only the items ever recorded for a vehicle (fuel, repairs, renewals — not the office's electricity bill)
        sql`exists (select 1 from expenses e where e.list_expenses_id = ${listExpenses.list_expenses_id} and e.vehicle_id is not null and not e.is_delete)`,
      ),
    )
    .orderBy(asc(listExpenses.branch_id), asc(listExpenses.name));
  const branchQuery = db
    .select({ value: branches.branch_id, name: branches.name })
    .from(branches)
    .where(allOf(eq(branches.is_delete, false), branchScopeWhere(actor, branches.branch_id)))
    .orderBy(asc(branches.branch_id));
  const [rows, [t], items, branchRows] = await Promise.all([pageRows, totals, itemsQuery, branchQuery]);
  const multi = new Set(items.map((i) => i.branch)).size > 1;
  return {
    rows: await toApiRows(db, rows),
    total: t!.total,
    sum: fromSatang(toSatang(t!.sum)),
    filter: {
      branch: withAll(branchRows),
      list_expenses: withAll(items.map((i) => ({ value: i.value, name: multi ? `${i.name} (${i.branch})` : i.name }))),
    },
  };
}
