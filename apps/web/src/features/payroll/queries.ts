import type {
  HistoryData,
  PayrollHistoryStep,
  PayrollRow,
  PayrollWorkflow,
  PayrollWorkflowBody,
  ReportRow,
  Sheet,
  SheetLine,
  StaffDetail,
  UserItem,
} from '@khabkhi/contracts';
import { api } from '../../api/client';
import { tableKeys } from '../../api/queryKeys';

export type {
  HistoryData,
  PayrollHistoryStep,
  PayrollRow,
  PayrollWorkflow,
  ReportRow,
  Sheet,
  SheetLine,
  StaffDetail,
  UserItem,
};
export type Detail = { is_approve: boolean; is_payroll: boolean };

export const payrollKeys = {
  all: ['payroll'] as const,
  sheet: (branch: number | undefined, month: string) => ['payroll', 'sheet', branch, month] as const,
  report: (q: Record<string, unknown>) => ['payroll', 'report', q] as const,
  history: (userId: number, month: string | undefined) => ['payroll', 'history', userId, month] as const,
  staff: (userId: number) => ['payroll', 'staff', userId] as const,
  items: (userId: number) => ['payroll', 'items', userId] as const,
  allowances: (userId: number) => ['payroll', 'allowances', userId] as const,
  table: tableKeys.of('/payroll/gettable'),
  payslips: tableKeys.of('/payroll/payslip/gettable'),
  steps: (payrollId: number) => ['payroll', 'steps', payrollId] as const,
  workflow: ['payroll', 'workflow'] as const,
};

/** A month's workflow history: every step of every version. */
export const getPayrollHistory = (payrollId: number) => api.get<PayrollHistoryStep[]>(`/payroll/history/${payrollId}`);

/** Who submits, confirms and approves (a setting of the school) and the roles to choose from. */
export const getWorkflow = () => api.get<PayrollWorkflow>('/payroll/workflow');
export const saveWorkflow = (body: PayrollWorkflowBody) => api.put<PayrollWorkflow>('/payroll/workflow/update', body);

/** A step's roles allow this role: no list = every role with the ability; 'owner' covers whoever manages all. */
export const inRoles = (list: string[] | undefined, slug: string | undefined, owner: boolean) =>
  !list?.length || (slug !== undefined && list.includes(slug)) || (list.includes('owner') && owner);

export const getSheet = (branch: number | undefined, month: string) =>
  api.get<Sheet>('/list-payrollList/list', { branch, month });

/** The Bangkok month now, 'YYYY-MM'. */
export const thisMonth = () => new Date(Date.now() + 7 * 3600_000).toISOString().slice(0, 7);

/** The last n months, newest first, for month pickers. */
export function recentMonths(n = 15, from = thisMonth()): string[] {
  const [y, m] = from.split('-').map(Number) as [number, number];
  return Array.from({ length: n }, (_, i) => {
    const d = new Date(Date.UTC(y, m - 1 - i, 1));
    return d.toISOString().slice(0, 7);
  });
}

const TH_MONTHS = [
  'มกราคม',
  'กุมภาพันธ์',
  'มีนาคม',
  'เมษายน',
  'พฤษภาคม',
  'มิถุนายน',
  'กรกฎาคม',
  'สิงหาคม',
  'กันยายน',
  'ตุลาคม',
  'พฤศจิกายน',
  'ธันวาคม',
];
export const monthName = (ym: string) => {
  const [y, m] = ym.split('-').map(Number) as [number, number];
  return `${TH_MONTHS[m - 1]} ${y + 543}`;
};

export const STATE_COLORS: Record<string, string> = {
  draft: 'default',
  submitted: 'processing',
  confirmed: 'warning',
  approved: 'success',
};
