import { and, eq, sql } from 'drizzle-orm';
import { formatThaiDate, percentOf, toSatang } from '@khabkhi/thai';
import type { Conn } from '../../db/connection.js';
import { promotions } from '../../db/schema/catalog.js';
import { offeredAtSql } from '../catalog/index.js';

export type PromotionRow = typeof promotions.$inferSelect;
export type CheckResult =
  { ok: true; promotion: PromotionRow; discountSatang: number } | { ok: false; message: string };

/**
 * The one promotion rule (SPEC §5): a code of the promotions the branch offers (its own or school-wide), checked for a course line.
 * The discount is a percent of the line cost rounded to the satang, or a fixed amount, never above the cost.
 * Usage is only read here; the registration transaction counts it under the promotion row's lock.
 */
export async function checkPromotion(
  conn: Conn,
  input: { code: string; branchId: number; courseType: string; costSatang: number; today: string },
): Promise<CheckResult> {
  const code = input.code.trim();
  if (!code) return { ok: false, message: 'กรุณากรอกรหัสส่วนลด' };
  // the branch's own code first, then a school-wide code offered by the branch
  const [p] = await conn
    .select()
    .from(promotions)
    .where(
      and(
        offeredAtSql(promotions, input.branchId),
        eq(promotions.is_delete, false),
        sql`upper(${promotions.code}) = ${code.toUpperCase()}`,
      ),
    )
    .orderBy(sql`${promotions.branch_id} is null`)
    .limit(1);
  if (!p) return { ok: false, message: `ไม่พบรหัสส่วนลด ${code} ของสาขานี้` };
  if (!p.is_activate) return { ok: false, message: `รหัสส่วนลด ${p.code} ปิดใช้งานอยู่` };
  if (input.today < p.start)
    return { ok: false, message: `รหัสส่วนลด ${p.code} ยังไม่ถึงวันเริ่มใช้ (เริ่ม ${formatThaiDate(p.start)})` };
  if (input.today > p.end)
    return { ok: false, message: `รหัสส่วนลด ${p.code} หมดอายุแล้ว (สิ้นสุด ${formatThaiDate(p.end)})` };
  if (!p.is_unlimit && p.usage >= p.limit)
    return { ok: false, message: `รหัสส่วนลด ${p.code} ถูกใช้ครบจำนวนสิทธิ์แล้ว (${p.limit} สิทธิ์)` };
  if (p.type !== 'ทั้งหมด' && p.type !== input.courseType) {
    return { ok: false, message: `รหัสส่วนลด ${p.code} ใช้ได้เฉพาะหลักสูตรประเภท${p.type} ใช้กับประเภทหลักสูตรนี้ไม่ได้` };
  }
  const raw = p.type_discount === 'amount' ? toSatang(p.value) : percentOf(input.costSatang, p.value);
  return { ok: true, promotion: p, discountSatang: Math.max(0, Math.min(raw, input.costSatang)) };
}
