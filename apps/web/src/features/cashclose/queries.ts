import type { CashCloseDay, CloseBody, CloseResult, ReopenBody, ReopenResult } from '@khabkhi/contracts';
import { api } from '../../api/client';
import { printPdf } from '../../api/documents';

export const cashCloseKeys = {
  all: ['cash-close'] as const,
  day: (branch: number | string | null | undefined, date: string) => ['cash-close', branch, date] as const,
};

/** A branch's day: its takings and, once closed, the close. */
export const getDay = (branch: number | undefined, date: string) =>
  api.get<CashCloseDay>('/cash-close/get', { branch, date });
/** Closes the day; the answer carries the close's printed sheet. */
export const closeDay = (body: CloseBody) => api.post<CloseResult>('/cash-close/close', body);
/** Reopens a closed day with the reason. */
export const reopenDay = (body: ReopenBody) => api.post<ReopenResult>('/cash-close/reopen', body);
/** Opens a close's printed sheet again. */
export const reprintClose = (close_id: number) => printPdf('/cash-close/pdf', { close_id });
