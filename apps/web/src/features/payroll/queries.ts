import type {
  AllowanceCreate,
  Allowances,
  HistoryData,
  PayrollItemRow,
  PayrollReopenBody,
  PayslipPdfBody,
  ReportUpdate,
  SheetUpdate,
  StepBody,
  UserItemCreate,
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
import { api, requestEnvelope, type Option } from '../../api/client';
import { printPdf } from '../../api/documents';
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
  /** a month's steps as of one state and version: a new step reloads them */
  stepsAt: (payrollId: number, status: string, version: number) =>
    ['payroll', 'steps', payrollId, status, version] as const,
  /** the payroll items an employee can be given (the catalog's ค่าเงินเดือน list) */
  catalog: ['payroll', 'catalog'] as const,
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

/** A month's payroll report: every employee's line, the totals and the filters (month default: the latest). */
export interface ReportResult {
  data: ReportRow[];
  month: string;
  totals: Record<string, string>;
  filter: { branch: Option[]; month: Option[]; status: Option[] };
  meta: { page: number; per_page: number; total: number };
}
export const getReport = (q: { branch: string; month?: string; page: number; per_page: number; text?: string }) =>
  api.table<ReportRow>('/list-payrollReport/list', q) as unknown as Promise<ReportResult>;

/** One employee's month as the history page edits it (a draft month only). */
export const updateReport = (body: ReportUpdate) => api.put<unknown>('/list-payrollReport/update', body);

/** The branch's sheet of a month, saved as a whole. */
export const updateSheet = (body: SheetUpdate) => api.put<Sheet>('/list-payrollList/update', body);

/** An employee's month with its payslip and what the month allows (approved, on a payroll). */
export const getHistory = async (userId: number, month: string | undefined) =>
  (await requestEnvelope<HistoryData>(`/payroll/userhistory/${userId}`, { query: { month } })) as unknown as {
    data: HistoryData;
    detail: Detail;
  };

/** Opens a payslip (one employee's month). */
export const openPayslip = (payslip_id: number) =>
  printPdf('/payroll/payslip/pdf', { payslip_id } satisfies PayslipPdfBody);

/** An employee's salary, standing items and the year's figures. */
export const getStaff = (userId: number) => api.get<StaffDetail>(`/payroll/user/${userId}`);
/** The payroll items of the catalog, to give an employee. */
export const getPayrollItems = () => api.table<PayrollItemRow>('/list-payroll/gettable', { per_page: 100 });
/** An employee's standing items (the ids a removal needs). */
export const getStaffItems = (userId: number) => api.get<UserItem[]>('/list-payrollListUser/list', { user: userId });
export const addStaffItem = (body: UserItemCreate) => api.post<UserItem[]>('/list-payrollListUser/create', body);
export const removeStaffItem = (id: number) =>
  api.put<unknown>('/list-payrollListUser/update', { id, is_delete: true });

/** Opens an employee's withholding certificate (50 ทวิ) of a tax year; the first print numbers it. */
export const openCertificate = (user_id: number, year: number) => printPdf('/payroll/certificate', { user_id, year });
/** Opens one PDF of a branch's certificates of a tax year. */
export const openBranchCertificates = (branch_id: number, year: number) =>
  printPdf('/payroll/certificates', { branch_id, year });

/** An employee's ล.ย.01 allowances. */
export const getAllowances = (userId: number) => api.get<Allowances>('/payroll/allowance/list', { user: userId });
export const addAllowance = (body: AllowanceCreate) => api.post<Allowances>('/payroll/allowance/create', body);
export const removeAllowance = (id: number) => api.del<Allowances>(`/payroll/allowance/${id}`);

/** A workflow step of a month: submit, confirm or approve. */
export const payrollStep = (name: 'submit' | 'confirm' | 'approve', body: StepBody) =>
  api.post<unknown>(`/payroll/${name}`, body);
/** A month back to draft (reopen an approved one, send back a submitted one) with the reason. */
export const payrollBack = (path: 'reopen' | 'send-back', body: PayrollReopenBody) =>
  api.post<unknown>(`/payroll/${path}`, body);
