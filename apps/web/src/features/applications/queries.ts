/**
 * The application screens' server calls, typed by packages/contracts: the money routes (pay the balance,
 * refund) with their Idempotency-Key, the void request, cancelling, the customer's profile and the documents.
 * `prefix` is the application kind's route prefix (application, applicationfee, applicationrequest).
 */
import type {
  ApplicationDetail,
  ApplicationRow,
  ApprovalRequest,
  CheckPromotionBody,
  CheckAnswer,
  CheckPromotionResult,
  ConfirmBody,
  Customer,
  CreateCourseBody,
  CreateFeeBody,
  CreateRequestBody,
  CreateResult,
  PayBody,
  PayResult,
  RefundBody,
  RefundResult,
  UpdateProfileBody,
  VoidRequestBody,
} from '@khabkhi/contracts';
import type { Static } from 'typebox';
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

/** A customer by ID number: the whole record at this branch, only the name at another branch (customer/check). */
export const checkCustomer = (idcard: string, is_foreigner: boolean) =>
  api.get<CheckAnswer>('/customer/check', { idcard, is_foreigner });

/** Another branch's customer released by the birthday on the ID card. */
export const confirmCustomer = (body: Static<typeof ConfirmBody>) => api.post<Customer>('/customer/confirm', body);

/** Registrations found by code, name or ID (the request-fee form picks the one a request is for). */
export const searchRegistrations = (search: string) =>
  api.table<ApplicationRow>('/application/gettable', { text: search || undefined, per_page: 20 });

/** Asks a manager to void a payment (the approvals list shows the request). */
export const requestVoid = (payment_id: number, note: string) =>
  api.post<ApprovalRequest>('/payment/request-delete', { payment_id, note } satisfies VoidRequestBody);

export const cancelApplication = (prefix: string, application_id: number) =>
  api.del<ApplicationDetail>(`/${prefix}/delete`, { application_id });

export const updateCustomerProfile = (body: UpdateProfileBody) => api.put<Customer>('/customer/updateprofile', body);

/** Prints a payment's receipt again (a refund has its own document). */
export const printReceipt = (application_id: number, p: { kind: string; payment_id: number }) =>
  p.kind === 'refund'
    ? printPdf('/request/refund/pdf', { application_id, payment_id: p.payment_id })
    : printPdf('/payment/pdf', { payment_id: p.payment_id });

export const printApplicationForm = (prefix: string, application_id: number) =>
  printPdf(`/${prefix}/pdf`, { application_id });
