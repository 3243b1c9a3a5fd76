import type { FastifyInstance } from 'fastify';
import { and, eq, inArray, or } from 'drizzle-orm';
import { customers, applications } from '../../db/schema/money.js';
import { actorOf } from '../../http/auth.js';
import { ok } from '../../http/envelope.js';
import { forbidden } from '../../http/errors.js';
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
    if (actor.branchScope !== null) {
      // a branch user edits customers of their branches only: registered there, or with an application there
      const [mine] = await db().select({ id: customers.customer_id }).from(customers)
        .leftJoin(applications, eq(applications.customer_id, customers.customer_id))
        .where(and(eq(customers.customer_id, b.customer_id), or(inArray(customers.branch_id, actor.branchScope), inArray(applications.branch_id, actor.branchScope))))
        .limit(1);
      const [exists] = await db().select({ id: customers.customer_id }).from(customers).where(eq(customers.customer_id, b.customer_id));
      if (exists && !mine) throw forbidden('คุณไม่มีสิทธิ์แก้ไขข้อมูลลูกค้าของสาขาอื่น');
    }
    return ok(await updateProfile(db() as never, actor, b as never, req.id), 'บันทึกข้อมูลลูกค้าเรียบร้อยแล้ว');
  });
}
