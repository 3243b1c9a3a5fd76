import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';
import { registerOptionsKeys, tableKeys } from '../../api/queryKeys';
export { useRegisterOptions } from '../../api/common';
import type { CheckAnswer, CustomerInput, PayType } from '@khabkhi/contracts';

export type { PayType };
export const PAY_TYPES: { value: PayType; label: string }[] = [
  { value: 'cash', label: 'เงินสด' },
  { value: 'transfer', label: 'โอนเงิน' },
];
export const payTypeLabel = (v: string) => PAY_TYPES.find((p) => p.value === v)?.label ?? v;

/** The customer block of the registration forms: the body packages/contracts declares (CustomerInput). */
export type Customer = CustomerInput;
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
export type LimitedCustomer = Extract<CheckAnswer, { limited: true }>;

export const applicationKeys = {
  table: tableKeys.of('/application/gettable'),
  outstanding: tableKeys.of('/application/getforoutstandingBalance'),
  overdue: tableKeys.of('/application/getforoverdue'),
  feeTable: (kind: 'fee' | 'request') =>
    tableKeys.of(kind === 'fee' ? '/applicationfee/gettable' : '/applicationrequest/gettable'),
  one: (prefix: string, id: number | null) => ['application', prefix, id] as const,
  /** every branch's register options (a new course type changes them all) */
  registerOptionsAll: registerOptionsKeys.all,
  registerOptions: registerOptionsKeys.of,
  requestRegistrations: (search: string) => ['application', 'request-registrations', search] as const,
};

export const useApplication = (prefix: string, id: number | null) =>
  useQuery({
    queryKey: applicationKeys.one(prefix, id),
    queryFn: () => api.get<ApplicationDetail>(`/${prefix}/get/${id}`),
    enabled: !!id,
  });

export const STATUS_COLORS: Record<string, string> = {
  ค้างชำระ: 'orange',
  ชำระครบ: 'green',
  คืนเงิน: 'purple',
  คืนเงินบางส่วน: 'magenta',
  ยกเลิก: 'red',
};
