import { asc, eq, ne, sql } from 'drizzle-orm';
import { type ExpenseItem } from '@khabkhi/contracts';
import type { Db } from '../../db/connection.js';
import { expenseCategories, listExpenses } from '../../db/schema/catalog.js';
import { branches, users } from '../../db/schema/core.js';
import { vehicles } from '../../db/schema/fleet.js';
import { assertBranch, branchScopeWhere, type Actor } from '../../http/auth.js';
import { allOf, branchFilter } from '../../http/tables.js';
import { RENEW_BY_CATEGORY, isFuelCategory, parentCat, categoryPath } from './rules.js';

// ---- options ----------------------------------------------------------------

function scopeBranch(actor: Actor, branch: string | undefined) {
  const b = branchFilter(branch);
  if (b !== undefined) assertBranch(actor, b);
  return b;
}

export async function expenseItems(db: Db, actor: Actor, branch?: string): Promise<ExpenseItem[]> {
  const b = scopeBranch(actor, branch);
  const rows = await db
    .select({
      list_expenses_id: listExpenses.list_expenses_id,
      name: listExpenses.name,
      branch_id: listExpenses.branch_id,
      category_id: listExpenses.category_id,
      category: categoryPath,
      cat: expenseCategories.name,
      parent: parentCat,
    })
    .from(listExpenses)
    .innerJoin(expenseCategories, eq(expenseCategories.category_id, listExpenses.category_id))
    .where(
      allOf(
        eq(listExpenses.is_delete, false),
        eq(listExpenses.status, 'active'),
        branchScopeWhere(actor, listExpenses.branch_id),
        b === undefined ? undefined : eq(listExpenses.branch_id, b),
      ),
    )
    .orderBy(asc(listExpenses.category_id), asc(listExpenses.name));
  return rows.map(({ cat, parent, ...r }) => ({
    ...r,
    is_fuel: isFuelCategory([cat, parent]),
    renew_kind: RENEW_BY_CATEGORY[cat] ?? null,
  }));
}

export async function expenseCategoryTree(db: Db, actor: Actor, branch?: string) {
  const items = await expenseItems(db, actor, branch);
  const cats = new Map<number, { category_id: number; name: string; list: ExpenseItem[] }>();
  for (const it of items) {
    const c = cats.get(it.category_id) ?? { category_id: it.category_id, name: it.category, list: [] };
    c.list.push(it);
    cats.set(it.category_id, c);
  }
  return [...cats.values()];
}

export async function employeeOptions(db: Db, actor: Actor, branch?: string) {
  const b = scopeBranch(actor, branch);
  return db
    .select({
      name: sql<string>`trim(${users.prefix} || ${users.fname} || ' ' || ${users.sname})`,
      value: users.user_id,
      branch_id: users.branch_id,
    })
    .from(users)
    .where(
      allOf(
        eq(users.is_delete, false),
        eq(users.status, 'active'),
        ne(users.username, 'admin'),
        branchScopeWhere(actor, users.branch_id),
        b === undefined ? undefined : eq(users.branch_id, b),
      ),
    )
    .orderBy(asc(users.fname));
}

export async function vehicleOptions(db: Db, actor: Actor, branch?: string, allBranches = false) {
  const b = allBranches ? undefined : (scopeBranch(actor, branch) ?? actor.branchId);
  return db
    .select({
      name: sql<string>`${vehicles.no} || ' ' || ${vehicles.province} || case when ${vehicles.brand} <> '' then ' (' || ${vehicles.brand} || ' ' || ${vehicles.model} || ')' else '' end${allBranches ? sql` || ' · ' || ${branches.name}` : sql``}`,
      value: vehicles.vehicle_id,
      branch_id: vehicles.branch_id,
    })
    .from(vehicles)
    .innerJoin(branches, eq(branches.branch_id, vehicles.branch_id))
    .where(
      allOf(
        eq(vehicles.is_delete, false),
        ne(vehicles.status, 'sold'),
        branchScopeWhere(actor, vehicles.branch_id),
        b === undefined ? undefined : eq(vehicles.branch_id, b),
      ),
    )
    .orderBy(asc(vehicles.branch_id), asc(vehicles.no));
}
