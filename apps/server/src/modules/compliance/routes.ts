/** compliance/*: the calendar of dated obligations, filings ticked as done, and the iCalendar feeds (HTTP only). */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  Binary,
  ComplianceCalendar,
  ComplianceFeed,
  ComplianceFeedCreateBody,
  ComplianceFeedCreated,
  ComplianceFeedRevokeBody,
  ComplianceMarkBody,
  ComplianceQuery,
  Envelope,
} from '@khabkhi/contracts';
import { actorOf } from '../../http/auth.js';
import { ok } from '../../http/envelope.js';
import { notFound } from '../../http/errors.js';
import { complianceCalendar } from './calendar.js';
import { markDone } from './mark.js';
import { createFeed, feedsOf, feedText, revoke } from './feeds.js';

const tags = ['compliance'];

export default async function complianceRoutes(plain: FastifyInstance) {
  const app = plain.withTypeProvider<TypeBoxTypeProvider>();
  const db = () => app.deps.database.db;

  app.get(
    '/compliance/calendar',
    {
      config: { auth: ['read', 'Accounting'] },
      schema: {
        tags,
        summary:
          'Every dated obligation of one branch or every branch in scope in a range: SSO, ภ.ง.ด.1 and 50 ทวิ deadlines from dated rules, vehicle renewals, exam permissions running out, exam sessions, payroll approval, days without a cash close',
        querystring: ComplianceQuery,
        response: { 200: Envelope(ComplianceCalendar) },
      },
    },
    async (req) => ok(await complianceCalendar(db(), actorOf(req), req.query)),
  );

  app.post(
    '/compliance/mark',
    {
      // the statutory filings belong to the school (one employer): ticked by head-office staff who keep the payroll
      config: { auth: ['update', 'Payroll'] },
      schema: {
        tags,
        summary:
          'Tick (or untick) a statutory filing as done: sso:YYYY-MM, pnd1:YYYY-MM, pnd1_efiling:YYYY-MM, wht50:YYYY',
        body: ComplianceMarkBody,
        response: { 200: Envelope(Type.Object({ key: Type.String(), done: Type.Boolean() })) },
      },
    },
    async (req) => {
      await markDone(db(), actorOf(req), req.body, req.id);
      return ok({ key: req.body.key, done: req.body.done }, req.body.done ? 'บันทึกว่าดำเนินการแล้ว' : 'ยกเลิกการบันทึกแล้ว');
    },
  );

  app.get(
    '/compliance/feeds',
    {
      config: { auth: ['read', 'Accounting'] },
      schema: {
        tags,
        summary: 'The iCalendar feeds of the branches in scope (their secrets are never shown again)',
        response: { 200: Envelope(Type.Array(ComplianceFeed)) },
      },
    },
    async (req) => ok((await feedsOf(db(), actorOf(req))).map(({ created_by: _, ...f }) => f)),
  );

  app.post(
    '/compliance/feeds/create',
    {
      config: { auth: ['read', 'Accounting'] },
      schema: {
        tags,
        summary:
          'A new iCalendar feed of a branch (null: every branch, head office only); its secret path is shown once',
        body: ComplianceFeedCreateBody,
        response: { 200: Envelope(ComplianceFeedCreated) },
      },
    },
    async (req) =>
      ok(await createFeed(db(), actorOf(req), req.body, req.id), 'สร้างลิงก์ปฏิทินแล้ว คัดลอกลิงก์ไว้ ระบบจะไม่แสดงอีก'),
  );

  app.post(
    '/compliance/feeds/revoke',
    {
      config: { auth: ['read', 'Accounting'] },
      schema: {
        tags,
        summary: 'Revoke an iCalendar feed: its link stops answering at once',
        body: ComplianceFeedRevokeBody,
        response: { 200: Envelope(Type.Object({ feed_id: Type.Integer() })) },
      },
    },
    async (req) => ok({ feed_id: await revoke(db(), actorOf(req), req.body.feed_id, req.id) }, 'ยกเลิกลิงก์ปฏิทินแล้ว'),
  );

  app.get(
    '/compliance/feed/:token',
    {
      config: { auth: 'public' },
      schema: {
        tags,
        summary: 'The iCalendar (RFC 5545) text of a feed, by its secret (the secret is the authorisation)',
        params: Type.Object({ token: Type.String({ maxLength: 200 }) }),
        produces: ['text/calendar'],
        response: { 200: Binary('text/calendar') },
      },
    },
    async (req, reply) => {
      const text = await feedText(db(), req.params.token);
      if (text === null) throw notFound('ไม่พบปฏิทินนี้ หรือลิงก์ถูกยกเลิกแล้ว');
      return reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('content-disposition', 'inline; filename="khabkhi.ics"')
        .header('cache-control', 'private, max-age=300')
        .send(Buffer.from(text, 'utf8'));
    },
  );
}
