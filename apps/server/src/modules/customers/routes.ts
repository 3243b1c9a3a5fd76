import type { FastifyInstance } from 'fastify';
import { actorOf } from '../../http/auth.js';
import { ok } from '../../http/envelope.js';
import { CheckQuery, UpdateProfileBody } from './schemas.js';
import { checkCustomer, updateProfile } from './service.js';

const tags = ['customers'];

export default async function customerRoutes(app: FastifyInstance) {
  const db = () => app.deps.database.db;

  app.get('/customer/check', {
    config: { auth: ['read', 'Customer'] },
    schema: { tags, summary: 'A returning customer by national ID (or passport number), for prefill', querystring: CheckQuery },
  }, async (req) => {
    const q = req.query as { idcard: string; is_foreigner?: boolean };
    return ok(await checkCustomer(db(), q.idcard, q.is_foreigner ?? false), 'พบข้อมูลลูกค้า');
  });

  app.put('/customer/updateprofile', {
    config: { auth: ['update', 'Customer'] },
    schema: { tags, summary: 'Update a customer’s profile', body: UpdateProfileBody },
  }, async (req) => {
    const actor = actorOf(req);
    const b = req.body as UpdateProfileBody;
    // the customer rule (mayEditCustomer) is checked inside, the same one the registration forms obey
    return ok(await updateProfile(db() as never, actor, b as never, req.id), 'บันทึกข้อมูลลูกค้าเรียบร้อยแล้ว');
  });
}
