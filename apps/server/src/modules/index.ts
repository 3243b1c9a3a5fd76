import type { FastifyInstance } from 'fastify';
import { routes as authRoutes } from './auth/index.js';
import { routes as branchRoutes } from './branches/index.js';
import { routes as fileRoutes } from './files/index.js';
import { routes as settingsRoutes } from './settings/index.js';
import { routes as userRoutes } from './employees/index.js';
import { routes as applicationRoutes } from './applications/index.js';
import { routes as cashCloseRoutes } from './cashclose/index.js';
import { routes as catalogRoutes } from './catalog/index.js';
import { routes as customerRoutes } from './customers/index.js';
import { routes as paymentRoutes } from './payments/index.js';
import { routes as requestRoutes } from './approvals/index.js';
import { routes as auditRoutes } from './audit/index.js';
import { routes as accountingRoutes } from './accounting/index.js';
import { routes as evaluationRoutes } from './evaluations/index.js';
import { routes as vehicleRoutes } from './vehicles/index.js';
import { routes as expenseRoutes } from './expenses/index.js';
import { routes as payrollRoutes } from './payroll/index.js';
import { routes as examRoutes } from './exams/index.js';
import { routes as lessonRoutes, documentRoutes as lessonDocumentRoutes } from './lessons/index.js';
import { routes as dashboardRoutes } from './dashboard/index.js';
import { routes as complianceRoutes } from './compliance/index.js';
import { routes as reminderRoutes } from './reminders/index.js';

/**
 * One Fastify plugin per feature, each mounted under /api. Each comes from its module's index.ts, which also registers
 * the module's hooks on the modules below it (exam permissions on a registration, training counts on a criterion).
 */
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
  lessonRoutes,
  lessonDocumentRoutes,
  dashboardRoutes,
  complianceRoutes,
  reminderRoutes,
];
