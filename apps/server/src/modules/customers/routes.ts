import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { CheckAnswer, CheckQuery, ConfirmBody, Customer, Envelope, UpdateProfileBody } from '@khabkhi/contracts';
import { actorOf } from '../../http/auth.js';
import { ok } from '../../http/envelope.js';
import { checkCustomer, confirmCustomer, updateProfile } from './service.js';

const tags = ['customers'];

export default async function customerRoutes(plain: FastifyInstance) {
  const app = plain.withTypeProvider<TypeBoxTypeProvider>();
  const db = () => app.deps.database.db;

  app.get(
    '/customer/check',
    {
      config: { auth: ['read', 'Customer'] },
      schema: {
        tags,
        querystring: CheckQuery,
        response: { 200: Envelope(CheckAnswer) },
        summary:
          'A returning customer by national ID (or passport number), for prefill; another branch sees the limited view until customer/confirm',
      },
    },
    async (req) => {
      const data = await checkCustomer(db(), actorOf(req), req.query.idcard, req.query.is_foreigner ?? false);
      return ok(data, data.limited ? 'พบลูกค้าของสาขาอื่น: ตรวจบัตรประชาชนและยืนยันวันเกิดเพื่อดูข้อมูลทั้งหมด' : 'พบข้อมูลลูกค้า');
    },
  );

  app.post(
    '/customer/confirm',
    {
      config: { auth: ['read', 'Customer'] },
      schema: {
        tags,
        summary: 'Release a customer of another branch after checking the ID card (birthday as printed on it); audited',
        body: ConfirmBody,
        response: { 200: Envelope(CheckAnswer) },
      },
    },
    async (req) =>
      ok(await confirmCustomer(db(), actorOf(req), req.body, req.id), 'ยืนยันตัวตนลูกค้าแล้ว ดึงข้อมูลทั้งหมดเรียบร้อย'),
  );

  app.put(
    '/customer/updateprofile',
    {
      config: { auth: ['update', 'Customer'] },
      schema: {
        tags,
        summary: 'Update a customer’s profile',
        body: UpdateProfileBody,
        response: { 200: Envelope(Customer) },
      },
    },
    async (req) => {
      // the customer rule (mayEditCustomer) is checked inside, the same one the registration forms obey
      return ok(await updateProfile(db(), actorOf(req), req.body, req.id), 'บันทึกข้อมูลลูกค้าเรียบร้อยแล้ว');
    },
  );
}
