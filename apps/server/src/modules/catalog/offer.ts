/**
 * Which branch offers a catalog item, and at what price. A course, promotion or fee is either
 * branch-only (branch_id set) or school-wide (branch_id null): offered by every branch — a new branch too —
 * when branch_ids is null, or by the branches listed in branch_ids. A school-wide course or fee may have a
 * branch price (catalog_prices) where a branch charges differently.
 */
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Conn } from '../../db/connection.js';
import { catalogPrices, courses, otherFees } from '../../db/schema/catalog.js';
import { branches } from '../../db/schema/core.js';
import type { Actor } from '../../http/auth.js';

export type PricedKind = 'course' | 'other_fee';
type Offered = { branch_id: number | null; branch_ids: number[] | null };
type ScopedTable = { branch_id: PgColumn; branch_ids: PgColumn };

/** Does this branch offer the item? */
export function offeredAt(item: Offered, branchId: number): boolean {
  if (item.branch_id !== null) return item.branch_id === branchId;
  return item.branch_ids === null || item.branch_ids.includes(branchId);
}

/** SQL: the items the branch offers (its own and the school-wide ones meant for it). */
export function offeredAtSql(t: ScopedTable, branchId: number): SQL {
  return sql`(${t.branch_id} = ${branchId} or (${t.branch_id} is null and (${t.branch_ids} is null or ${branchId} = any(${t.branch_ids}))))`;
}

/** SQL: the items a user's branches see in the catalog lists — theirs and every school-wide item. */
export function catalogScopeSql(actor: Actor, t: ScopedTable): SQL | undefined {
  if (actor.branchScope === null) return undefined;
  return sql`(${t.branch_id} is null or ${t.branch_id} = any(${sql.param(actor.branchScope)}::int[]))`;
}

/** The branch prices of school-wide items: item id → branch id → price. */
export async function branchPrices(
  conn: Conn,
  kind: PricedKind,
  itemIds: number[],
): Promise<Map<number, Map<number, string>>> {
  const out = new Map<number, Map<number, string>>();
  if (!itemIds.length) return out;
  const rows = await conn
    .select()
    .from(catalogPrices)
    .where(and(eq(catalogPrices.kind, kind), inArray(catalogPrices.item_id, itemIds)));
  for (const r of rows) {
    const m = out.get(r.item_id) ?? new Map<number, string>();
    m.set(r.branch_id, r.price);
    out.set(r.item_id, m);
  }
  return out;
}

/** The price a branch charges: its branch price of a school-wide item, else the item's price. */
export async function priceAt(
  conn: Conn,
  kind: PricedKind,
  item: { id: number; branch_id: number | null; price: string },
  branchId: number,
): Promise<string> {
  if (item.branch_id !== null) return item.price;
  const [p] = await conn
    .select({ price: catalogPrices.price })
    .from(catalogPrices)
    .where(
      and(eq(catalogPrices.kind, kind), eq(catalogPrices.item_id, item.id), eq(catalogPrices.branch_id, branchId)),
    );
  return p?.price ?? item.price;
}

/** Replaces a school-wide item's branch prices (none for a branch-only item). */
export async function saveBranchPrices(
  conn: Conn,
  kind: PricedKind,
  itemId: number,
  prices: { branch_id: number; price: string }[],
) {
  await conn.delete(catalogPrices).where(and(eq(catalogPrices.kind, kind), eq(catalogPrices.item_id, itemId)));
  if (prices.length)
    await conn
      .insert(catalogPrices)
      .values(prices.map((p) => ({ kind, item_id: itemId, branch_id: p.branch_id, price: p.price })));
}

/** The courses and fees a branch offers, at that branch's prices (the registration form's choices). */
export async function offeredCatalog(conn: Conn, branchId: number) {
  const courseRows = await conn
    .select({
      course_id: courses.course_id,
      name: courses.name,
      type: courses.type,
      detail: courses.detail,
      branch_id: courses.branch_id,
      price: sql<string>`coalesce((select p.price from catalog_prices p where p.kind = 'course' and p.item_id = ${courses.course_id} and p.branch_id = ${branchId}), ${courses.price})`,
    })
    .from(courses)
    .where(and(offeredAtSql(courses, branchId), eq(courses.is_delete, false), eq(courses.is_activate, true)))
    .orderBy(courses.type, courses.name);
  const feeRows = await conn
    .select({
      other_fee_id: otherFees.other_fee_id,
      name: otherFees.name,
      is_request_fee: otherFees.is_request_fee,
      price: sql<string>`coalesce((select p.price from catalog_prices p where p.kind = 'other_fee' and p.item_id = ${otherFees.other_fee_id} and p.branch_id = ${branchId}), ${otherFees.price})`,
    })
    .from(otherFees)
    .where(and(offeredAtSql(otherFees, branchId), eq(otherFees.is_delete, false), eq(otherFees.is_activate, true)))
    .orderBy(otherFees.name);
  return { courses: courseRows, fees: feeRows };
}

/** Why a branch's registration dropdown is empty, and where to fix it (Thai, for the person at the counter). */
export async function emptyCatalogHint(conn: Conn, branchId: number): Promise<string> {
  const [b] = await conn.select({ name: branches.name }).from(branches).where(eq(branches.branch_id, branchId));
  const [all] = await conn
    .select({ n: sql<number>`count(*)::int` })
    .from(courses)
    .where(eq(courses.is_delete, false));
  const where = 'เพิ่มหรือเปิดหลักสูตรได้ที่เมนู ข้อมูลหลัก › หลักสูตร (ผู้จัดการสาขาหรือสำนักงานใหญ่)';
  if (!all?.n) return `ยังไม่มีหลักสูตรในระบบ ${where}`;
  return `${b?.name ?? 'สาขานี้'}ยังไม่มีหลักสูตรที่เปิดรับสมัคร: หลักสูตรของสาขาอื่นไม่ได้เปิดให้สาขานี้ หรือปิดใช้งานอยู่ ${where} แล้วเลือก "ทุกสาขา" หรือเพิ่มสาขานี้ในสาขาที่เปิดสอน`;
}
