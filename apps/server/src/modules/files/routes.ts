import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { actorOf, assertBranch, canDo } from '../../http/auth.js';
import { forbidden, notFound } from '../../http/errors.js';
import { ok } from '../../http/envelope.js';
import { Binary, Envelope } from '@khabkhi/contracts';
import { findFile, saveFile } from './repo.js';
import { readUpload } from './upload.js';

const Uploaded = Type.Object({ file_id: Type.String({ format: 'uuid' }), mime: Type.String(), size: Type.Integer() });

export default async function fileRoutes(plain: FastifyInstance) {
  const app = plain.withTypeProvider<TypeBoxTypeProvider>();
  const db = () => app.deps.database.db;
  const tags = ['files'];

  // the web's photo and logo fields show and check this same number (UPLOAD_MAX_BYTES), not one of their own
  app.get(
    '/files/limits',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        summary: 'The largest photo or logo the server accepts',
        response: { 200: Envelope(Type.Object({ upload_max_bytes: Type.Integer() })) },
      },
    },
    async () => ok({ upload_max_bytes: app.deps.config.uploadMaxBytes }),
  );

  app.post(
    '/files/upload',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        summary: 'Upload a photo or logo (JPEG/PNG, multipart field "file")',
        consumes: ['multipart/form-data'],
        response: { 200: Envelope(Uploaded) },
      },
    },
    async (req) => {
      const actor = actorOf(req);
      const { buf, mime, field } = await readUpload(req, { types: ['image'] });
      const kind = field('kind') === 'logo' ? 'logo' : 'photo';
      // a logo is shown to every branch: only who may change the school settings uploads one
      if (kind === 'logo' && !canDo(actor, 'manage', 'Setting')) throw forbidden('คุณไม่มีสิทธิ์อัปโหลดโลโก้ของโรงเรียน');
      const row = await saveFile(db(), { kind, mime, data: buf, branchId: actor.branchId, userId: actor.userId });
      return ok(row, 'อัปโหลดไฟล์เรียบร้อยแล้ว');
    },
  );

  app.get(
    '/files/:id',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        summary: 'A stored photo, to authorised users only',
        params: Type.Object({ id: Type.String({ format: 'uuid' }) }),
        produces: ['image/jpeg', 'image/png'],
        response: { 200: Binary('JPEG or PNG') },
      },
    },
    async (req, reply) => {
      const actor = actorOf(req);
      const row = await findFile(db(), req.params.id);
      if (!row) throw notFound('ไม่พบไฟล์');
      if (row.kind !== 'logo') assertBranch(actor, row.branch_id);
      return reply.header('cache-control', 'private, max-age=3600').type(row.mime).send(row.data);
    },
  );
}
