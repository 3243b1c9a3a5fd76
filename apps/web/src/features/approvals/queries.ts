import type { DecideBody, PendingCount } from '@khabkhi/contracts';
import { api } from '../../api/client';
import { tableKeys } from '../../api/queryKeys';

export const approvalKeys = {
  table: tableKeys.of('/request/gettable'),
  pendingCount: ['/request/pending-count'] as const,
};

/** How many requests wait for this user's decision. */
export const getPendingCount = () => api.get<PendingCount>('/request/pending-count');
/** Approves or refuses a request (a void, a refund …) with the decider's note. */
export const decideRequest = (body: DecideBody) => api.post<unknown>('/request/approve', body);
