import { useQuery } from '@tanstack/react-query';
import { api, requestEnvelope } from '../../api/client';
import { tableKeys } from '../../api/queryKeys';
import type { PayType } from '@khabkhi/contracts';

export type { PayType };
export const PAY_TYPES: { value: PayType; label: string }[] = [
  { value: 'cash', label: 'เงินสด' },
  { value: 'transfer', label: 'โอนเงิน' },
];
export const payTypeLabel = (v: string) => PAY_TYPES.find((p) => p.value === v)?.label ?? v;

export interface Customer {
  customer_id?: number;
  is_foreigner: boolean;
  prefix: string;
  fname: string;
  sname: string;
  idcard: string;
  birthday: string | null;
  address: string;
  moo: string;
  soi: string;
  street: string;
  subdistrict: string;
  district: string;
  province: string;
  postcode: string;
  phone_1: string;
  phone_2: string;
  age?: number | null;
  name?: string;
}
/** The answers of the money routes, as packages/contracts declares them (Static<> of the server's response schemas). */
import type {
  ApplicationDetail,
  ApplicationRow,
  CourseLine,
  FeeLine,
  OverdueRow,
  PaymentEntry as Payment,
  RegisterOptions,
  RequestFeeLine,
} from '@khabkhi/contracts';

export type {
  ApplicationDetail,
  ApplicationRow,
  CourseLine,
  FeeLine,
  OverdueRow,
  Payment,
  RegisterOptions,
  RequestFeeLine,
};

/** customer/check at another branch, before the ID card is checked (README "Customer privacy across branches") */
export interface LimitedCustomer {
  limited: true;
  customer_id: number;
  is_foreigner: boolean;
  idcard: string;
  prefix: string;
  fname: string;
  sname: string;
  name: string;
  phone_masked: string;
  branch_name: string;
}

export const applicationKeys = {
  table: tableKeys.of('/application/gettable'),
  outstanding: tableKeys.of('/application/getforoutstandingBalance'),
  overdue: tableKeys.of('/application/getforoverdue'),
  feeTable: (kind: 'fee' | 'request') =>
    tableKeys.of(kind === 'fee' ? '/applicationfee/gettable' : '/applicationrequest/gettable'),
  one: (prefix: string, id: number | null) => ['application', prefix, id] as const,
  registerOptions: (branch: number | null) => ['application', 'register-options', branch] as const,
  requestRegistrations: (search: string) => ['application', 'request-registrations', search] as const,
};

export const useRegisterOptions = (branch?: number) =>
  useQuery({
    queryKey: applicationKeys.registerOptions(branch ?? null),
    queryFn: () => api.get<RegisterOptions>('/application/getforregister', branch ? { branch } : undefined),
    staleTime: 30_000,
  });

export const useApplication = (prefix: string, id: number | null) =>
  useQuery({
    queryKey: applicationKeys.one(prefix, id),
    queryFn: () => api.get<ApplicationDetail>(`/${prefix}/get/${id}`),
    enabled: !!id,
  });

/** A money mutation with its Idempotency-Key: one key per submit, reused if the same submit is retried. */
export function moneyPost<T>(path: string, body: unknown, key: string) {
  return requestEnvelope<T>(path, { method: 'POST', body, headers: { 'Idempotency-Key': key } });
}

export const newKey = () =>
  crypto.randomUUID ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`;

export const STATUS_COLORS: Record<string, string> = {
  ค้างชำระ: 'orange',
  ชำระครบ: 'green',
  คืนเงิน: 'purple',
  คืนเงินบางส่วน: 'magenta',
  ยกเลิก: 'red',
};

/** Opens a signed document link (receipt, form) in a new tab. */
export function openPdf(url: string | null | undefined) {
  if (url) window.open(url, '_blank', 'noopener');
}
