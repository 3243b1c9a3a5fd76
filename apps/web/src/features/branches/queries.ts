import { useQuery } from '@tanstack/react-query';
import type { Branch, BranchCreateBody, BranchOption, BranchUpdateBody } from '@khabkhi/contracts';
import { api } from '../../api/client';
import { tableKeys } from '../../api/queryKeys';

/** A branch and a branch option as the API answers them (packages/contracts). */
export type { Branch, BranchOption } from '@khabkhi/contracts';

export const branchKeys = {
  table: tableKeys.of('/branch/gettable'),
  one: (id: number | null) => ['branch', id] as const,
  options: ['branch-options'] as const,
};

export const useBranch = (id: number | null) =>
  useQuery({ queryKey: branchKeys.one(id), queryFn: () => api.get<Branch>(`/branch/get/${id}`), enabled: !!id });

/** enabled: false until a dialog that needs them opens */
export const useBranchOptions = (enabled = true) =>
  useQuery({
    queryKey: branchKeys.options,
    queryFn: () => api.get<BranchOption[]>('/branch/list'),
    staleTime: 60_000,
    enabled,
  });

export const createBranch = (body: BranchCreateBody) => api.post<Branch>('/branch/create', body);
export const updateBranch = (body: BranchUpdateBody) => api.put<Branch>('/branch/update', body);
export const deleteBranch = (branch_id: number) => api.del<null>('/branch/delete', { branch_id });
