import { useQuery } from '@tanstack/react-query';
import { api, requestEnvelope } from '../../api/client';
import { tableKeys } from '../../api/queryKeys';

export type PayType = 'cash' | 'transfer';
export const PAY_TYPES: { value: PayType; label: string }[] = [{ value: 'cash', label: 'เงินสด' }, { value: 'transfer', label: 'โอนเงิน' }];
export const payTypeLabel = (v: string) => PAY_TYPES.find((p) => p.value === v)?.label ?? v;

export interface Customer {
  customer_id?: number; is_foreigner: boolean; prefix: string; fname: string; sname: string; idcard: string; birthday: string | null;
  address: string; moo: string; soi: string; street: string; subdistrict: string; district: string; province: string; postcode: string;
  phone_1: string; phone_2: string; age?: number | null; name?: string;
}
export interface CourseLine { line_id: number; course_id: number; course_name: string; course_type: string; promotion_code: string; exam_date: string | null; cost: string; discount: string }
export interface FeeLine { line_id: number; other_fee_id: number; other_fee_name: string; date: string | null; cost: string; discount: string }
export interface Payment {
  payment_id: number; payment_code: string; kind: 'payment' | 'refund'; pay_type: PayType; pay_type_name: string; paid: string; note: string; createdAt: string; created_by_name: string; is_void: boolean;
  transfer_bank: string; transfer_at: string | null; transfer_ref: string; transfer_slip: string | null;
  /** a void request waits for approval */
  pending_void: boolean;
}
export interface ApplicationDetail {
  application_id: number; application_code: string; kind: string; branch_id: number; branch_name: string; status: string;
  total: string; discount: string; net: string; paid: string; balance: string; refunded: string; note: string; is_delete: boolean;
  /** what is still owed: the balance while payments are taken, 0 once refunded or cancelled (closed_reason says why) */
  due: string; closed_reason: string | null;
  createdAt: string; created_by_name: string; customer_id: number; customer: Customer;
  courses: CourseLine[]; other_fees: FeeLine[]; request_fees: { line_id: number; request_fee_id: number; request_fee_name: string; cost: string; discount: string; date: string | null }[];
  payments: Payment[]; related_application_code: string | null;
}
export interface ApplicationRow {
  application_id: number; application_code: string; createdAt: string; branch_name: string; customer_name: string; idcard: string; phone_1: string;
  course_names: string; total: string; discount: string; net: string; paid: string; balance: string; status: string;
  /** what is still owed (0 once refunded or cancelled) */
  due?: string;
}
export interface RegisterOptions {
  branches: { branch_id: number; name: string }[]; branch_id: number;
  courses: { course_id: number; name: string; price: string; type: string }[];
  other_fees: { other_fee_id: number; name: string; price: string }[];
  request_fees: { other_fee_id: number; name: string; price: string }[];
  prefixes: string[]; card_agent_port: number; banks: string[];
  /** why the course list is empty and where to fix it (null when there are courses) */
  courses_hint?: string | null;
  /** course type → minimum age before the form warns */
  min_ages?: Record<string, number>;
}
/** customer/check at another branch, before the ID card is checked (README "Customer privacy across branches") */
export interface LimitedCustomer {
  limited: true; customer_id: number; is_foreigner: boolean; idcard: string; prefix: string; fname: string; sname: string; name: string;
  phone_masked: string; branch_name: string;
}

export const applicationKeys = {
  table: tableKeys.of('/application/gettable'),
  outstanding: tableKeys.of('/application/getforoutstandingBalance'),
  overdue: tableKeys.of('/application/getforoverdue'),
  feeTable: (kind: 'fee' | 'request') => tableKeys.of(kind === 'fee' ? '/applicationfee/gettable' : '/applicationrequest/gettable'),
  one: (prefix: string, id: number | null) => ['application', prefix, id] as const,
  registerOptions: (branch: number | null) => ['application', 'register-options', branch] as const,
  requestRegistrations: (search: string) => ['application', 'request-registrations', search] as const,
};

export const useRegisterOptions = (branch?: number) =>
  useQuery({ queryKey: applicationKeys.registerOptions(branch ?? null), queryFn: () => api.get<RegisterOptions>('/application/getforregister', branch ? { branch } : undefined), staleTime: 30_000 });

export const useApplication = (prefix: string, id: number | null) =>
  useQuery({ queryKey: applicationKeys.one(prefix, id), queryFn: () => api.get<ApplicationDetail>(`/${prefix}/get/${id}`), enabled: !!id });

/** A money mutation with its Idempotency-Key: one key per submit, reused if the same submit is retried. */
export function moneyPost<T>(path: string, body: unknown, key: string) {
  return requestEnvelope<T>(path, { method: 'POST', body, headers: { 'Idempotency-Key': key } });
}

export const newKey = () => (crypto.randomUUID ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`);

export const STATUS_COLORS: Record<string, string> = { 'ค้างชำระ': 'orange', 'ชำระครบ': 'green', 'คืนเงิน': 'purple', 'คืนเงินบางส่วน': 'magenta', 'ยกเลิก': 'red' };

/** Opens a signed document link (receipt, form) in a new tab. */
export function openPdf(url: string | null | undefined) {
  if (url) window.open(url, '_blank', 'noopener');
}
