import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Envelope, Settings, SettingsBody } from '@khabkhi/contracts';
import { actorOf } from '../../http/auth.js';
import { ok } from '../../http/envelope.js';
import { toApi } from '../../lib/serialize.js';
import { getSettings, updateSettings } from './repo.js';

export { getSettings } from './repo.js';

export default async function settingsRoutes(plain: FastifyInstance) {
  const app = plain.withTypeProvider<TypeBoxTypeProvider>();
  const db = () => app.deps.database.db;
  const tags = ['settings'];
  app.get(
    '/settings/get',
    { config: { auth: 'user' }, schema: { tags, summary: 'School settings', response: { 200: Envelope(Settings) } } },
    async () => ok(toApi(await getSettings(db()))),
  );
  app.put(
    '/settings/update',
    {
      config: { auth: ['manage', 'Setting'] },
      schema: { tags, summary: 'Update school settings', body: SettingsBody, response: { 200: Envelope(Settings) } },
    },
    async (req) => ok(toApi(await updateSettings(db(), actorOf(req), req.body, req.id)), 'บันทึกการตั้งค่าเรียบร้อยแล้ว'),
  );
}
