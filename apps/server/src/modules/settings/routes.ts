import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Type, type Static } from 'typebox';
import { Text } from '@khabkhi/contracts';
import { files, schoolSettings } from '../../db/schema/core.js';
import { audit } from '../../http/audit.js';
import { actorOf } from '../../http/auth.js';
import { badRequest } from '../../http/errors.js';
import { ok } from '../../http/envelope.js';
import { toApi } from '../../lib/serialize.js';

const Body = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 200 }),
  name_en: Type.Optional(Text(200)),
  tax_id: Type.String({ pattern: '^(\\d{13})?$' }),
  address: Type.Optional(Text(300)),
  phone: Type.Optional(Type.String({ pattern: '^[0-9+\\- ]{0,20}$' })),
  vat_mode: Type.Union([Type.Literal('exempt'), Type.Literal('vat7')]),
  promptpay_id: Type.String({ pattern: '^(0\\d{9}|\\d{13}|\\d{15})?$' }),
  logo: Type.Optional(Type.Union([Type.String({ format: 'uuid' }), Type.Null()])),
  card_agent_port: Type.Integer({ minimum: 1024, maximum: 65535 }),
}, { additionalProperties: false });

export async function getSettings(db: FastifyInstance['deps']['database']['db']) {
  const [row] = await db.select().from(schoolSettings).where(eq(schoolSettings.id, 1));
  if (row) return row;
  const [created] = await db.insert(schoolSettings).values({ id: 1 }).onConflictDoNothing().returning();
  return created ?? (await db.select().from(schoolSettings).where(eq(schoolSettings.id, 1)))[0]!;
}

export default async function settingsRoutes(app: FastifyInstance) {
  const db = () => app.deps.database.db;
  const tags = ['settings'];
  app.get('/settings/get', { config: { auth: 'user' }, schema: { tags, summary: 'School settings' } }, async () => ok(toApi(await getSettings(db()))));
  app.put('/settings/update', { config: { auth: ['manage', 'Setting'] }, schema: { tags, summary: 'Update school settings', body: Body } }, async (req) => {
    const b = req.body as Static<typeof Body>;
    if (b.tax_id && !/^\d{13}$/.test(b.tax_id)) throw badRequest('เลขประจำตัวผู้เสียภาษี (tax_id): ต้องเป็นตัวเลข 13 หลัก');
    if (b.logo) {
      const [f] = await db().select({ kind: files.kind }).from(files).where(eq(files.file_id, b.logo));
      if (!f || f.kind !== 'logo') throw badRequest('โลโก้ (logo): ไม่พบไฟล์โลโก้นี้ กรุณาอัปโหลดใหม่');
    }
    const before = await getSettings(db());
    const after = await db().transaction(async (tx) => {
      const [row] = await tx.update(schoolSettings).set({ ...b, updatedAt: new Date() }).where(eq(schoolSettings.id, 1)).returning();
      await audit(tx, actorOf(req), { entity: 'settings', entityId: 1, action: 'update', before, after: row }, req.id);
      return row!;
    });
    return ok(toApi(after), 'บันทึกการตั้งค่าเรียบร้อยแล้ว');
  });
}
