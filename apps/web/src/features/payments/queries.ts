import type { ApplicationPaymentBody, EditPayTypeBody, PdfLink, VoidRequestBody } from '@khabkhi/contracts';
import { api } from '../../api/client';
import { openPdf } from '../../api/documents';
import { tableKeys } from '../../api/queryKeys';

export const paymentKeys = { table: tableKeys.of('/payment/gettable') };

/** Asks a manager to void a payment (an approval request with the reason). */
export const requestVoid = (body: VoidRequestBody) => api.post<unknown>('/payment/request-delete', body);
/** Cash ↔ transfer of a payment. */
export const editPayType = (body: EditPayTypeBody) => api.put<unknown>('/payment/edit-paytype', body);
/** Opens a payment's receipt again. */
export const reprintReceipt = async (payment_id: number) =>
  openPdf((await api.post<PdfLink>('/payment/pdf', { payment_id })).data.pdf);
/** Opens a refund's slip again. */
export const reprintRefund = async (body: ApplicationPaymentBody) =>
  openPdf((await api.post<PdfLink>('/request/refund/pdf', body)).data.pdf);
