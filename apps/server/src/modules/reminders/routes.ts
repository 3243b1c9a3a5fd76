/** reminders/*: settings and templates, channels (secrets never echoed), the outbox log, resend, run now. HTTP only. */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  Envelope,
  OutboxFilter,
  OutboxQuery,
  OutboxResendBody,
  OutboxRow,
  ReminderChannels,
  ReminderChannelsBody,
  ReminderPreview,
  ReminderRunResult,
  ReminderPreviewBody,
  ReminderSetting,
  ReminderSettingBody,
  TableEnvelope,
} from '@khabkhi/contracts';
import { actorOf } from '../../http/auth.js';
import { ok } from '../../http/envelope.js';
import { linkRoutes } from './link-routes.js';
import { runRound } from './runner.js';
import { getChannels, listSettings, outboxList, preview, resend, updateChannels, updateSetting } from './service.js';

const tags = ['reminders'];

export default async function reminderRoutes(plain: FastifyInstance) {
  const app = plain.withTypeProvider<TypeBoxTypeProvider>();
  const db = () => app.deps.database.db;
  linkRoutes(plain);

  app.get(
    '/reminders/settings',
    {
      config: { auth: ['read', 'Setting'] },
      schema: {
        tags,
        summary:
          'Each reminder kind: on/off, days before, channels, staff roles, the Thai template and its placeholders',
        response: { 200: Envelope(Type.Array(ReminderSetting)) },
      },
    },
    async () => ok(await listSettings(db())),
  );

  app.put(
    '/reminders/settings/update',
    {
      config: { auth: ['update', 'Setting'] },
      schema: {
        tags,
        summary: 'Save one kind (a template with an unknown placeholder is refused)',
        body: ReminderSettingBody,
        response: { 200: Envelope(Type.Array(ReminderSetting)) },
      },
    },
    async (req) => {
      await updateSetting(db(), actorOf(req), req.body, req.id);
      return ok(await listSettings(db()), 'บันทึกการตั้งค่าการแจ้งเตือนแล้ว');
    },
  );

  app.post(
    '/reminders/preview',
    {
      config: { auth: ['read', 'Setting'] },
      schema: {
        tags,
        summary: 'A template filled with sample values (dates in พ.ศ.)',
        body: ReminderPreviewBody,
        response: { 200: Envelope(ReminderPreview) },
      },
    },
    async (req) => ok({ text: preview(req.body.kind, req.body.template) }),
  );

  app.get(
    '/reminders/channels',
    {
      config: { auth: ['read', 'Setting'] },
      schema: {
        tags,
        summary: 'LINE and SMTP configuration: whether the secrets are set, never their values',
        response: { 200: Envelope(ReminderChannels) },
      },
    },
    async () => ok(await getChannels(db())),
  );

  app.put(
    '/reminders/channels/update',
    {
      config: { auth: ['update', 'Setting'] },
      schema: {
        tags,
        summary: 'Save the channels; a secret left out is kept, an empty one cleared',
        body: ReminderChannelsBody,
        response: { 200: Envelope(ReminderChannels) },
      },
    },
    async (req) => {
      await updateChannels(db(), actorOf(req), req.body, req.id);
      return ok(await getChannels(db()), 'บันทึกช่องทางการแจ้งเตือนแล้ว');
    },
  );

  app.get(
    '/reminders/outbox',
    {
      config: { auth: ['read', 'Accounting'] },
      schema: {
        tags,
        summary: 'The outbox log of the branches in scope, newest first: state, channel, branch and date filters',
        querystring: OutboxQuery,
        response: {
          200: TableEnvelope(OutboxRow, OutboxFilter),
        },
      },
    },
    async (req) => outboxList(db(), actorOf(req), req.query),
  );

  app.post(
    '/reminders/outbox/resend',
    {
      config: { auth: ['manage', 'Accounting'] },
      schema: {
        tags,
        summary: 'Queue a failed or skipped message again now',
        body: OutboxResendBody,
        response: { 200: Envelope(Type.Object({ outbox_id: Type.Integer() })) },
      },
    },
    async (req) => {
      await resend(db(), actorOf(req), req.body.outbox_id, req.id);
      return ok({ outbox_id: req.body.outbox_id }, 'นำข้อความเข้าคิวส่งใหม่แล้ว');
    },
  );

  app.post(
    '/reminders/run',
    {
      config: { auth: ['update', 'Setting'] },
      schema: {
        tags,
        summary: 'Run one round now: queue what is due today and send what the outbox holds',
        body: Type.Object({}, { additionalProperties: false }),
        response: { 200: Envelope(ReminderRunResult) },
      },
    },
    async () => ok(await runRound(db(), { lineApiBase: app.deps.config.lineApiBase }), 'ส่งการแจ้งเตือนแล้ว'),
  );
}
