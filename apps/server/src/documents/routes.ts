import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import fp from 'fastify-plugin';
import { Type } from 'typebox';
import { Binary } from '@khabkhi/contracts';
import { notFound, unauthorized } from '../http/errors.js';
import { createDocumentEngine, type DocumentEngine, type DocumentResolver } from './index.js';
import { verifyDocumentToken } from './links.js';

/**
 * GET /api/documents/:token — the PDF behind a signed short-lived link (the token is the credential, so a
 * new browser tab can open it). Decorates the app with the engine (browser started on first use, closed with the app).
 */
export default fp(
  async function documentRoutes(plain: FastifyInstance) {
    const app = plain.withTypeProvider<TypeBoxTypeProvider>();
    let engine: DocumentEngine | null = null;
    const lazy = (): DocumentEngine =>
      (engine ??= createDocumentEngine({ chromiumPath: app.deps.config.chromiumPath, pages: 2 }));
    app.decorate('documents', {
      receipt: (s, o) => lazy().receipt(s, o),
      applicationForm: (d) => lazy().applicationForm(d),
      html: (h, o) => lazy().html(h, o),
      close: async () => {
        await engine?.close();
        engine = null;
      },
    } satisfies DocumentEngine);
    app.decorate('documentTypes', new Map<string, DocumentResolver>());
    app.addHook('onClose', async () => {
      await engine?.close();
    });

    app.get(
      '/api/documents/:token',
      {
        config: { auth: 'public' },
        schema: {
          tags: ['documents'],
          summary: 'A document PDF by signed link',
          params: Type.Object({ token: Type.String({ maxLength: 2000 }) }),
          produces: ['application/pdf'],
          response: { 200: Binary('the PDF') },
        },
      },
      async (req, reply) => {
        const payload = await verifyDocumentToken(app.deps.secret, req.params.token);
        if (!payload) throw unauthorized('ลิงก์เอกสารหมดอายุหรือไม่ถูกต้อง กรุณาเปิดเอกสารใหม่จากหน้าจอ');
        const resolve = app.documentTypes.get(payload.type);
        if (!resolve) throw notFound('ไม่พบเอกสารนี้');
        const { pdf, filename } = await resolve(payload.id, payload);
        const ascii = filename.replace(/[^\w.-]/g, '_');
        return reply
          .header('content-type', 'application/pdf')
          .header(
            'content-disposition',
            `inline; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`,
          )
          .header('cache-control', 'private, no-store')
          .send(pdf);
      },
    );
  },
  { name: 'khabkhi-documents' },
);
