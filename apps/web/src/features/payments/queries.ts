import { tableKeys } from '../../api/queryKeys';

export const paymentKeys = { table: tableKeys.of('/payment/gettable') };
