/** The compliance calendar's requests: the items of a range and branch, the filings ticked, the iCalendar feeds. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ComplianceCalendar, ComplianceFeed, ComplianceFeedCreated, ComplianceItem } from '@khabkhi/contracts';
import { api } from '../../api/client';

export type { ComplianceCalendar, ComplianceFeed, ComplianceItem };

export const complianceKeys = {
  all: ['compliance'] as const,
  calendar: (branch: string, start: string, end: string) => ['compliance', 'calendar', branch, start, end] as const,
  feeds: ['compliance', 'feeds'] as const,
};

export const useCompliance = (branch: string, start: string, end: string) =>
  useQuery({
    queryKey: complianceKeys.calendar(branch, start, end),
    queryFn: () => api.get<ComplianceCalendar>('/compliance/calendar', { ...(branch ? { branch } : {}), start, end }),
  });

export function useMark() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (b: { key: string; done: boolean }) => api.post('/compliance/mark', b),
    onSuccess: () => qc.invalidateQueries({ queryKey: complianceKeys.all }),
  });
}

export const useFeeds = () =>
  useQuery({ queryKey: complianceKeys.feeds, queryFn: () => api.get<ComplianceFeed[]>('/compliance/feeds') });

export function useCreateFeed() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (b: { branch_id: number | null; name: string }) =>
      api.post<ComplianceFeedCreated>('/compliance/feeds/create', b),
    onSuccess: () => qc.invalidateQueries({ queryKey: complianceKeys.feeds }),
  });
}

export function useRevokeFeed() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (feed_id: number) => api.post('/compliance/feeds/revoke', { feed_id }),
    onSuccess: () => qc.invalidateQueries({ queryKey: complianceKeys.feeds }),
  });
}

/** Colours of an item's state and kind. */
export const STATE_COLOR: Record<string, string> = { open: 'blue', done: 'green', overdue: 'red' };
export const STATE_NAME: Record<string, string> = { open: 'รอดำเนินการ', done: 'เสร็จแล้ว', overdue: 'เลยกำหนด' };
export const KIND_COLOR: Record<string, string> = {
  sso: '#722ed1',
  pnd1: '#531dab',
  pnd1_efiling: '#531dab',
  wht50: '#531dab',
  payroll: '#c41d7f',
  vehicle: '#d46b08',
  permission: '#cf1322',
  exam: '#1677ff',
  cash_close: '#0b6e4f',
};

/** A link of an item as a router path with its filters. */
export const hrefOfItem = (l: ComplianceItem['link']) => {
  const q = new URLSearchParams(l.query).toString();
  return q ? `${l.path}?${q}` : l.path;
};
