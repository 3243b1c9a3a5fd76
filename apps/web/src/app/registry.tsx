/**
 * The resource registry: it collects the screens each feature declares in its routes.tsx (route, ability,
 * page, menu entry). router.tsx and navigation.tsx are generated from it; a new screen is an entry in its
 * feature's routes.tsx, and a new feature one line here. Pages are lazy (each feature its own chunk).
 */
import { accountingRoutes } from '../features/accounting/routes';
import { applicationRoutes } from '../features/applications/routes';
import { approvalRoutes } from '../features/approvals/routes';
import { auditRoutes } from '../features/audit/routes';
import { branchRoutes } from '../features/branches/routes';
import { cashCloseRoutes } from '../features/cashclose/routes';
import { dashboardRoutes } from '../features/dashboard/routes';
import { complianceRoutes } from '../features/compliance/routes';
import { catalogRoutes } from '../features/catalog/routes';
import { employeeRoutes } from '../features/employees/routes';
import { evaluationRoutes } from '../features/evaluations/routes';
import { examRoutes } from '../features/exams/routes';
import { homeRoutes } from '../features/home/routes';
import { lessonRoutes } from '../features/lessons/routes';
import { paymentRoutes } from '../features/payments/routes';
import { payrollRoutes } from '../features/payroll/routes';
import { settingsRoutes } from '../features/settings/routes';
import { reminderRoutes } from '../features/reminders/routes';
import { vehicleRoutes } from '../features/vehicles/routes';
import type { Resource } from '../routing/resource';

export type { AbilityRule, MenuEntry, NavGroupKey, Page, Resource } from '../routing/resource';

/** Every screen. */
export const RESOURCES: Resource[] = [
  ...homeRoutes,
  ...dashboardRoutes,
  ...complianceRoutes,
  ...applicationRoutes,
  ...lessonRoutes,
  ...paymentRoutes,
  ...approvalRoutes,
  ...cashCloseRoutes,
  ...examRoutes,
  ...catalogRoutes,
  ...payrollRoutes,
  ...accountingRoutes,
  ...vehicleRoutes,
  ...employeeRoutes,
  ...branchRoutes,
  ...evaluationRoutes,
  ...auditRoutes,
  ...settingsRoutes,
  ...reminderRoutes,
];
