import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Envelope, TableEnvelope } from '@khabkhi/contracts';
import { actorOf } from '../../http/auth.js';
import { ok, pageOf, table } from '../../http/envelope.js';
import { ApplicationHistoryParams, AuditFilter, AuditQuery, AuditRow } from './schemas.js';
import { applicationAudit, auditTable } from './service.js';

const tags = ['audit'];

/** The audit log, read-only: the owners' and managers' screen, and an application's own history. */
export default async function auditRoutes(plain: FastifyInstance) {
  const app = plain.withTypeProvider<TypeBoxTypeProvider>();
  const db = () => app.deps.database.db;

  app.get(
    '/audit/gettable',
    {
      config: { auth: ['read', 'Audit'] },
      schema: {
        tags,
        summary: 'Who did what: audit rows with before and after, filtered by date, user, branch, entity and action',
        querystring: AuditQuery,
        response: { 200: TableEnvelope(AuditRow, AuditFilter) },
      },
    },
    async (req) => {
      const { page, perPage, offset } = pageOf(req.query);
      const { rows, total, filter } = await auditTable(db(), actorOf(req), req.query, perPage, offset);
      return table(rows, filter, page, perPage, total);
    },
  );

  app.get(
    '/audit/application/:id',
    {
      config: { auth: ['read', 'Application'] },
      schema: {
        tags,
        summary: 'The history of one application: the application, its payments and its requests',
        params: ApplicationHistoryParams,
        response: { 200: Envelope(Type.Array(AuditRow)) },
      },
    },
    async (req) => ok(await applicationAudit(db(), actorOf(req), req.params.id)),
  );
}
