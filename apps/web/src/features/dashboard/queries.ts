/** The cockpit's one request: dashboard/summary for a branch (or every branch in scope) and a day. */
import { useQuery } from '@tanstack/react-query';
import type { Dashboard } from '@khabkhi/contracts';
import { api } from '../../api/client';

export type { Dashboard };

export const dashboardKeys = {
  all: ['dashboard'] as const,
  summary: (branch: string, date: string) => ['dashboard', 'summary', branch, date] as const,
};

/** branch: a branch id or '' for every branch in scope; date: CE YYYY-MM-DD */
export const useDashboard = (branch: string, date: string) =>
  useQuery({
    queryKey: dashboardKeys.summary(branch, date),
    queryFn: () => api.get<Dashboard>('/dashboard/summary', { ...(branch ? { branch } : {}), date }),
    // the morning view: kept a minute, refreshed when the window comes back
    staleTime: 60_000,
  });
