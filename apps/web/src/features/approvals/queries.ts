import type { DecideBody, PendingCount } from '@khabkhi/contracts';
import { api } from '../../api/client';
export { approvalKeys } from '../../api/queryKeys';

/** How many requests wait for this user's decision. */
export const getPendingCount = () => api.get<PendingCount>('/request/pending-count');
/** Approves or refuses a request (a void, a refund …) with the decider's note. */
export const decideRequest = (body: DecideBody) => api.post<unknown>('/request/approve', body);
