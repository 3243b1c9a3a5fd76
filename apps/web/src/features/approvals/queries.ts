import { tableKeys } from '../../api/queryKeys';

export const approvalKeys = {
  table: tableKeys.of('/request/gettable'),
  pendingCount: ['/request/pending-count'] as const,
};
