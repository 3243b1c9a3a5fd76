import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Dashboard, DashboardQuery, Envelope } from '@khabkhi/contracts';
import { actorOf } from '../../http/auth.js';
import { ok } from '../../http/envelope.js';
import { dashboardSummary } from './summary.js';

const tags = ['dashboard'];

export default async function dashboardRoutes(plain: FastifyInstance) {
  const app = plain.withTypeProvider<TypeBoxTypeProvider>();
  const db = () => app.deps.database.db;

  app.get(
    '/dashboard/summary',
    {
      // owners and managers (and the accountant, who keeps the books); a cashier keeps the counter
      config: { auth: ['read', 'Accounting'] },
      schema: {
        tags,
        summary:
          'The cockpit of one branch or every branch in scope: takings vs last month, registrations and balances, exams, first-attempt pass rate, vehicle dates, payroll state, days without a cash close',
        querystring: DashboardQuery,
        response: { 200: Envelope(Dashboard) },
      },
    },
    async (req) => ok(await dashboardSummary(db(), actorOf(req), req.query)),
  );
}
