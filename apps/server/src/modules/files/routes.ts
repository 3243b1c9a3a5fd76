import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { files } from '../../db/schema/core.js';
import { actorOf, assertBranch, canDo } from '../../http/auth.js';
import { AppError, badRequest, forbidden, notFound } from '../../http/errors.js';
import { ok } from '../../http/envelope.js';
import { Envelope } from '@khabkhi/contracts';

/** JPEG and PNG by their first bytes, not by the name or the declared type. */
export function sniffImage(buf: Buffer): 'image/jpeg' | 'image/png' | null {
  if (buf.length > 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return 'image/jpeg';
  if (buf.length > 8 && buf.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  return null;
}

export default async function fileRoutes(app: FastifyInstance) {
  const db = () => app.deps.database.db;
  const tags = ['files'];

  // the web's photo and logo fields show and check this same number (UPLOAD_MAX_BYTES), not one of their own
  app.get('/files/limits', {
    config: { auth: 'user' },
    schema: { tags, summary: 'The largest photo or logo the server accepts', response: { 200: Envelope(Type.Object({ upload_max_bytes: Type.Integer() })) } },
  }, async () => ok({ upload_max_bytes: app.deps.config.uploadMaxBytes }));

  app.post('/files/upload', { config: { auth: 'user' }, schema: { tags, summary: 'Upload a photo or logo (JPEG/PNG, multipart field "file")', consumes: ['multipart/form-data'] } }, async (req) => {
    const actor = actorOf(req);
    if (!req.isMultipart()) throw badRequest('กรุณาส่งไฟล์แบบ multipart/form-data ในช่อง file');
    const part = await req.file();
    if (!part) throw badRequest('ไม่พบไฟล์ที่อัปโหลด');
    let buf: Buffer;
    try {
      buf = await part.toBuffer();
    } catch (err) {
      // a body cut short is a broken upload, not a big one
      if ((err as { code?: string }).code !== 'FST_REQ_FILE_TOO_LARGE') throw err;
      throw new AppError(413, `ไฟล์มีขนาดใหญ่เกิน ${Math.round(app.deps.config.uploadMaxBytes / 1024 / 1024 * 10) / 10} MB`);
    }
    const mime = sniffImage(buf);
    if (!mime) throw badRequest('รองรับเฉพาะไฟล์รูปภาพ JPEG หรือ PNG');
    const kind = (part.fields.kind as { value?: string } | undefined)?.value === 'logo' ? 'logo' : 'photo';
    // a logo is shown to every branch: only who may change the school settings uploads one
    if (kind === 'logo' && !canDo(actor, 'manage', 'Setting')) throw forbidden('คุณไม่มีสิทธิ์อัปโหลดโลโก้ของโรงเรียน');
    const [row] = await db().insert(files).values({ kind, mime, size: buf.length, data: buf, branch_id: actor.branchId, created_by: actor.userId })
      .returning({ file_id: files.file_id, mime: files.mime, size: files.size });
    return ok(row, 'อัปโหลดไฟล์เรียบร้อยแล้ว');
  });

  app.get('/files/:id', { config: { auth: 'user' }, schema: { tags, summary: 'A stored photo, to authorised users only', params: Type.Object({ id: Type.String({ format: 'uuid' }) }) } }, async (req, reply) => {
    const actor = actorOf(req);
    const [row] = await db().select().from(files).where(eq(files.file_id, (req.params as { id: string }).id));
    if (!row) throw notFound('ไม่พบไฟล์');
    if (row.kind !== 'logo') assertBranch(actor, row.branch_id);
    return reply.header('cache-control', 'private, max-age=3600').type(row.mime).send(row.data);
  });
}
