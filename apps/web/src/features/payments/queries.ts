import type { ApplicationPaymentBody, EditPayTypeBody, VoidRequestBody } from '@khabkhi/contracts';
import { api } from '../../api/client';
import { printPdf } from '../../api/documents';
import { tableKeys } from '../../api/queryKeys';

export const paymentKeys = { table: tableKeys.of('/payment/gettable') };

/** Asks a manager to void a payment (an approval request with the reason). */
export const requestVoid = (body: VoidRequestBody) => api.post<unknown>('/payment/request-delete', body);
/** Cash ↔ transfer of a payment. */
export const editPayType = (body: EditPayTypeBody) => api.put<unknown>('/payment/edit-paytype', body);
/** Opens a payment's receipt again. */
export const reprintReceipt = (payment_id: number) => printPdf('/payment/pdf', { payment_id });
/** Opens a refund's slip again. */
export const reprintRefund = (body: ApplicationPaymentBody) => printPdf('/request/refund/pdf', body);
