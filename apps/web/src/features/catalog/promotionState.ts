/**
 * What a promotion's status tag says: an active promotion past its end date is หมดอายุ, one before its start is
 * ยังไม่เริ่ม, one whose limited uses are spent is ใช้ครบสิทธิ์ — not เปิดใช้งาน.
 */
export interface PromotionLike {
  is_activate: boolean;
  start: string;
  end: string;
  is_unlimit: boolean;
  limit: number;
  usage: number;
}

export function promotionState(p: PromotionLike, todayIso: string): { label: string; color: string } {
  if (!p.is_activate) return { label: 'ปิดใช้งาน', color: 'default' };
  if (todayIso > p.end) return { label: 'หมดอายุ', color: 'red' };
  if (todayIso < p.start) return { label: 'ยังไม่เริ่ม', color: 'blue' };
  if (!p.is_unlimit && p.usage >= p.limit) return { label: 'ใช้ครบสิทธิ์', color: 'orange' };
  return { label: 'เปิดใช้งาน', color: 'green' };
}
