import type {
  Income,
  IncomeBody,
  IncomeUpdateBody,
  PrintBody,
  ProfitLoss,
  ProfitLossQuery,
  UploadedFile,
} from '@khabkhi/contracts';
import { api, request, requestEnvelope } from '../../api/client';
import { printPdf } from '../../api/documents';
import { tableKeys } from '../../api/queryKeys';

export const INCOME_TABLE = '/accounting/incometable';
export const EXPENSES_TABLE = '/accounting/expensestable';
export const PROFIT_LOSS = '/accounting/profitloss';

/** Every accounting list and record: an income change refreshes both tables (their charts share the totals). */
export const accountingKeys = {
  incomeTable: tableKeys.of(INCOME_TABLE),
  expensesTable: tableKeys.of(EXPENSES_TABLE),
  profitLoss: ['accounting', 'profitloss'] as const,
  profitLossOf: (q: ProfitLossQuery) => ['accounting', 'profitloss', q] as const,
  income: (id: number | null) => ['record', 'income', id] as const,
};

/** One other income, to edit. */
export const getIncome = (id: number) => api.get<Income>(`/income/get/${id}`);
export const createIncome = (body: IncomeBody) => api.post<Income>('/income/create', body);
export const updateIncome = (body: IncomeUpdateBody) => api.put<Income>('/income/update', body);
export const deleteIncome = (income_id: number) => api.del<null>('/income/delete', { income_id });
/** A bill's photo or PDF, attached to an income when it is saved. */
export const uploadBill = (file: File) => {
  const fd = new FormData();
  fd.append('file', file);
  return request<UploadedFile>('/accounting/upload', { method: 'POST', body: fd });
};

/** Opens the printed income and expenses report of a branch and period. */
export const printReport = (body: PrintBody) => printPdf('/accounting/printpdf', body);

/** Income − expenses per month of a period, by source and by category. */
export const getProfitLoss = async (query: ProfitLossQuery) =>
  (await requestEnvelope<ProfitLoss['data']>(PROFIT_LOSS, { query })) as unknown as ProfitLoss;
