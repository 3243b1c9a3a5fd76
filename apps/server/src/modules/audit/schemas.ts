/** The audit schemas live in the shared contract (packages/contracts/src/audit.ts). */
export { ApplicationHistoryParams, AuditFilter, AuditQuery, AuditRow } from '@khabkhi/contracts';
