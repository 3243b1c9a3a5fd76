import { tableKeys } from '../../api/queryKeys';

export const approvalKeys = { table: tableKeys.of('/request/gettable') };
