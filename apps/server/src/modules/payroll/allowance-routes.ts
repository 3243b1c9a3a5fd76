import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { AllowanceCreate, AllowanceQuery, Allowances, Envelope, IdParams } from '@khabkhi/contracts';
import { actorOf } from '../../http/auth.js';
import { ok } from '../../http/envelope.js';
import { badRequest } from '../../http/errors.js';
import { idFilter } from '../../http/tables.js';
import { createAllowance, deleteAllowance, listAllowances } from './allowance-store.js';
import { tags } from './schemas.js';

/** An employee's ล.ย.01 allowances: the dated declarations the withholding uses. */
export function allowanceRoutes(plain: FastifyInstance) {
  const app = plain.withTypeProvider<TypeBoxTypeProvider>();
  const db = () => app.deps.database.db;

  app.get(
    '/payroll/allowance/list',
    {
      config: { auth: ['read', 'Payroll'] },
      schema: {
        tags,
        summary:
          'An employee’s ล.ย.01 allowances (dated), the kinds with their caps and the year’s total used this month',
        querystring: AllowanceQuery,
        response: { 200: Envelope(Allowances) },
      },
    },
    async (req) => {
      const id = idFilter(req.query.user);
      if (id < 1) throw badRequest('พนักงาน: ต้องระบุ');
      return ok(await listAllowances(db(), actorOf(req), id));
    },
  );

  app.post(
    '/payroll/allowance/create',
    {
      config: { auth: ['update', 'Payroll'] },
      schema: {
        tags,
        summary: 'Record an allowance the employee declared on ล.ย.01, from a date (audited)',
        body: AllowanceCreate,
        response: { 200: Envelope(Allowances) },
      },
    },
    async (req) => {
      const actor = actorOf(req);
      await db().transaction((tx) => createAllowance(tx, actor, req.body, req.id));
      return ok(await listAllowances(db(), actor, req.body.user_id), 'บันทึกค่าลดหย่อนเรียบร้อยแล้ว');
    },
  );

  app.delete(
    '/payroll/allowance/:id',
    {
      config: { auth: ['update', 'Payroll'] },
      schema: {
        tags,
        summary: 'Remove an allowance declaration (kept as deleted; audited)',
        params: IdParams,
        response: { 200: Envelope(Allowances) },
      },
    },
    async (req) => {
      const actor = actorOf(req);
      const row = await db().transaction((tx) => deleteAllowance(tx, actor, req.params.id, req.id));
      return ok(await listAllowances(db(), actor, row.user_id), 'ลบค่าลดหย่อนเรียบร้อยแล้ว');
    },
  );
}
