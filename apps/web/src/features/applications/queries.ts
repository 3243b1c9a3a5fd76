/**
 * The application screens' server calls, typed by packages/contracts: the money routes (pay the balance,
 * refund) with their Idempotency-Key, the void request, cancelling, the customer's profile and the documents.
 * `prefix` is the application kind's route prefix (application, applicationfee, applicationrequest).
 */
import type {
  ApplicationDetail,
  CheckPromotionBody,
  CheckPromotionResult,
  CreateCourseBody,
  CreateFeeBody,
  CreateRequestBody,
  CreateResult,
  PayBody,
  PayResult,
  RefundBody,
  RefundResult,
  UpdateProfileBody,
} from '@khabkhi/contracts';
import { api } from '../../api/client';
import { printPdf } from '../../api/documents';
import { moneyPost } from '../../api/money';

export const createApplication = (body: CreateCourseBody, key: string) =>
  moneyPost<CreateCourseBody, CreateResult>('/application/create', body, key);

export const createFeeApplication = (body: CreateFeeBody, key: string) =>
  moneyPost<CreateFeeBody, CreateResult>('/applicationfee/create', body, key);

export const createRequestApplication = (body: CreateRequestBody, key: string) =>
  moneyPost<CreateRequestBody, CreateResult>('/applicationrequest/create', body, key);

export const payBalance = (prefix: string, body: PayBody, key: string) =>
  moneyPost<PayBody, PayResult>(`/${prefix}/paybalance`, body, key);

export const refundApplication = (prefix: string, body: RefundBody, key: string) =>
  moneyPost<RefundBody, RefundResult>(`/${prefix}/refund`, body, key);

/** Checks a course line's promotion code for the registration form (nothing is saved). */
export const checkPromotionCode = (body: CheckPromotionBody) =>
  api.post<CheckPromotionResult>('/application/checkpromotion', body);

/** Asks a manager to void a payment (the approvals list shows the request). */
export const requestVoid = (payment_id: number, note: string) =>
  api.post('/payment/request-delete', { payment_id, note });

export const cancelApplication = (prefix: string, application_id: number) =>
  api.del<ApplicationDetail>(`/${prefix}/delete`, { application_id });

export const updateCustomerProfile = (body: UpdateProfileBody) => api.put('/customer/updateprofile', body);

/** Prints a payment's receipt again (a refund has its own document). */
export const printReceipt = (application_id: number, p: { kind: string; payment_id: number }) =>
  p.kind === 'refund'
    ? printPdf('/request/refund/pdf', { application_id, payment_id: p.payment_id })
    : printPdf('/payment/pdf', { payment_id: p.payment_id });

export const printApplicationForm = (prefix: string, application_id: number) =>
  printPdf(`/${prefix}/pdf`, { application_id });
