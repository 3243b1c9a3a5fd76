import type { FastifyInstance } from 'fastify';
import authRoutes from './auth/routes.js';
import branchRoutes from './branches/routes.js';
import fileRoutes from './files/routes.js';
import settingsRoutes from './settings/routes.js';
import userRoutes from './employees/routes.js';
import applicationRoutes from './applications/routes.js';
import cashCloseRoutes from './cashclose/routes.js';
import catalogRoutes from './catalog/routes.js';
import customerRoutes from './customers/routes.js';
import paymentRoutes from './payments/routes.js';
import requestRoutes from './approvals/routes.js';
import auditRoutes from './audit/routes.js';
import accountingRoutes from './accounting/routes.js';
import evaluationRoutes from './evaluations/routes.js';
import vehicleRoutes from './vehicles/routes.js';
import expenseRoutes from './expenses/routes.js';
import payrollRoutes from './payroll/routes.js';
import examRoutes from './exams/routes.js';

/** One Fastify plugin per feature, each mounted under /api. */
export const modules: ((app: FastifyInstance) => Promise<void>)[] = [
  authRoutes,
  userRoutes,
  branchRoutes,
  settingsRoutes,
  fileRoutes,
  applicationRoutes,
  customerRoutes,
  paymentRoutes,
  requestRoutes,
  cashCloseRoutes,
  catalogRoutes,
  auditRoutes,
  accountingRoutes,
  evaluationRoutes,
  vehicleRoutes,
  expenseRoutes,
  payrollRoutes,
  examRoutes,
];
