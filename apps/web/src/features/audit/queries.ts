/** The audit log's server calls and query keys. */
import type { AuditRow } from '@khabkhi/contracts';
import { api } from '../../api/client';

export const auditKeys = {
  application: (applicationId: number) => ['audit-application', applicationId] as const,
};

/** One application's history: its own rows, its payments' and its requests', oldest first. */
export const getApplicationHistory = (applicationId: number) =>
  api.get<AuditRow[]>(`/audit/application/${applicationId}`);
