import { eq } from 'drizzle-orm';
import type { SettingsBody } from '@khabkhi/contracts';
import type { Db } from '../../db/connection.js';
import { files, schoolSettings } from '../../db/schema/core.js';
import { audit } from '../../http/audit.js';
import type { Actor } from '../../http/auth.js';
import { badRequest } from '../../http/errors.js';

type SettingsRow = typeof schoolSettings.$inferSelect;
/** The stored row with its VAT mode as the contract names it. */
const typed = (row: SettingsRow) => ({
  ...row,
  vat_mode: row.vat_mode === 'vat7' ? ('vat7' as const) : ('exempt' as const),
});

/** The school's one settings row (made on first read). */
export async function getSettings(db: Db) {
  const [row] = await db.select().from(schoolSettings).where(eq(schoolSettings.id, 1));
  if (row) return typed(row);
  const [created] = await db.insert(schoolSettings).values({ id: 1 }).onConflictDoNothing().returning();
  return typed(created ?? (await db.select().from(schoolSettings).where(eq(schoolSettings.id, 1)))[0]!);
}

/** Saves the settings (the logo must be an uploaded logo file), audited with before and after. */
export async function updateSettings(db: Db, actor: Actor, b: SettingsBody, reqId: string) {
  if (b.tax_id && !/^\d{13}$/.test(b.tax_id)) throw badRequest('เลขประจำตัวผู้เสียภาษี: ต้องเป็นตัวเลข 13 หลัก');
  // the SSO employer account as written on the SSO's letter (10-1234567-8): kept as its 10 digits
  if (b.sso_account !== undefined) {
    b = { ...b, sso_account: b.sso_account.replace(/[\s-]/g, '') };
    if (b.sso_account && !/^\d{10}$/.test(b.sso_account))
      throw badRequest('เลขที่บัญชีนายจ้าง (ประกันสังคม): ต้องเป็นตัวเลข 10 หลัก ตามหนังสือของสำนักงานประกันสังคม (เช่น 10-1234567-8)');
  }
  if (b.logo) {
    const [f] = await db.select({ kind: files.kind }).from(files).where(eq(files.file_id, b.logo));
    if (!f || f.kind !== 'logo') throw badRequest('โลโก้: ไม่พบไฟล์โลโก้นี้ กรุณาอัปโหลดใหม่');
  }
  const before = await getSettings(db);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(schoolSettings)
      .set({ ...b, updatedAt: new Date() })
      .where(eq(schoolSettings.id, 1))
      .returning();
    await audit(tx, actor, { entity: 'settings', entityId: 1, action: 'update', before, after: row }, reqId);
    return typed(row!);
  });
}
