/**
 * reminders/student/* (a student's LINE link and opt-out, from their registration), reminders/line/webhook (LINE's
 * calls, public: the signature is the authorisation) and notifications/* (the caller's own in-app list). HTTP only.
 */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  Envelope,
  NotificationReadBody,
  Notifications,
  StudentLinkBody,
  StudentOptOutBody,
  StudentReminders,
  StudentRemindersQuery,
} from '@khabkhi/contracts';
import { actorOf } from '../../http/auth.js';
import { ok } from '../../http/envelope.js';
import { makeLinkCode, setStudentOptOut, studentReminders, unlinkStudent } from './links.js';
import { markRead, notificationsOf } from './repo-links.js';
import { kindName } from './templates.js';
import { handleWebhook } from './webhook.js';

const tags = ['reminders'];

export function linkRoutes(plain: FastifyInstance) {
  const app = plain.withTypeProvider<TypeBoxTypeProvider>();
  const db = () => app.deps.database.db;

  app.get(
    '/reminders/student',
    {
      config: { auth: ['read', 'Application'] },
      schema: {
        tags,
        summary: "A registration's student: LINE linked or not, opted out of reminders or not, the open link code",
        querystring: StudentRemindersQuery,
        response: { 200: Envelope(StudentReminders) },
      },
    },
    async (req) => ok(await studentReminders(db(), actorOf(req), req.query.application_id)),
  );

  app.post(
    '/reminders/student/opt-out',
    {
      config: { auth: ['create', 'Application'] },
      schema: {
        tags,
        summary: 'The student asks for no reminders (or again for them): kept on the customer for every registration',
        body: StudentOptOutBody,
        response: { 200: Envelope(StudentReminders) },
      },
    },
    async (req) => {
      const actor = actorOf(req);
      await setStudentOptOut(db(), actor, req.body.application_id, req.body.opt_out, req.id);
      return ok(
        await studentReminders(db(), actor, req.body.application_id),
        req.body.opt_out ? 'ผู้เรียนจะไม่ได้รับการแจ้งเตือนแล้ว' : 'ผู้เรียนจะได้รับการแจ้งเตือนตามปกติ',
      );
    },
  );

  app.post(
    '/reminders/student/link-code',
    {
      config: { auth: ['create', 'Application'] },
      schema: {
        tags,
        summary: 'A six-digit code (7 days) the student sends to the school’s LINE Official Account to link their LINE',
        body: StudentLinkBody,
        response: { 200: Envelope(StudentReminders) },
      },
    },
    async (req) => {
      const actor = actorOf(req);
      await makeLinkCode(db(), actor, req.body.application_id, req.id);
      return ok(await studentReminders(db(), actor, req.body.application_id), 'สร้างรหัสเชื่อม LINE แล้ว');
    },
  );

  app.post(
    '/reminders/student/unlink',
    {
      config: { auth: ['create', 'Application'] },
      schema: {
        tags,
        summary: 'Drop the student’s LINE link (and any unused code)',
        body: StudentLinkBody,
        response: { 200: Envelope(StudentReminders) },
      },
    },
    async (req) => {
      const actor = actorOf(req);
      await unlinkStudent(db(), actor, req.body.application_id, req.id);
      return ok(await studentReminders(db(), actor, req.body.application_id), 'ยกเลิกการเชื่อม LINE แล้ว');
    },
  );

  app.get(
    '/notifications',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        summary: "The caller's own in-app notifications (newest 30) and how many are unread",
        response: { 200: Envelope(Notifications) },
      },
    },
    async (req) => {
      const n = await notificationsOf(db(), actorOf(req).userId, 30);
      return ok({ rows: n.rows.map((r) => ({ ...r, kind_name: kindName(r.kind) })), unread: n.unread });
    },
  );

  app.post(
    '/notifications/read',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        summary: "Mark one of the caller's notifications read, or all of them",
        body: NotificationReadBody,
        response: { 200: Envelope(Type.Object({ read: Type.Integer() })) },
      },
    },
    async (req) => ok({ read: await markRead(db(), actorOf(req).userId, req.body.outbox_id) }),
  );

  // LINE signs the raw body: this route keeps it as bytes (its own JSON parser, in its own scope)
  void app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
    scope.withTypeProvider<TypeBoxTypeProvider>().post(
      '/reminders/line/webhook',
      {
        config: { auth: 'public' },
        schema: {
          tags,
          summary:
            'LINE Messaging API webhook: refused unless x-line-signature matches; a link code sent by a student links their LINE',
          response: { 200: Envelope(Type.Object({ linked: Type.Integer() })) },
        },
      },
      async (req) => {
        const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.from('');
        const sig = String(req.headers['x-line-signature'] ?? '');
        return ok({ linked: await handleWebhook(db(), raw, sig) });
      },
    );
  });
}
