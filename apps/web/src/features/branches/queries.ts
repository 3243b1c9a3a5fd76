import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';
import { tableKeys } from '../../api/queryKeys';

export interface Branch {
  branch_id: number;
  parent_id: number | null;
  parent_name?: string | null;
  code: string;
  name: string;
  address: string; moo: string; soi: string; street: string;
  subdistrict: string; district: string; province: string; postcode: string;
  phone_1: string; phone_2: string; line: string; tax_branch_no: string;
  is_head_office?: boolean;
  is_delete?: boolean;
  employees?: number;
}

export interface BranchOption {
  branch_id: number;
  name: string;
  code: string;
  parent_id: number | null;
  is_head_office: boolean;
}

export const branchKeys = {
  table: tableKeys.of('/branch/gettable'),
  one: (id: number | null) => ['branch', id] as const,
  options: ['branch-options'] as const,
};

export const useBranch = (id: number | null) =>
  useQuery({ queryKey: branchKeys.one(id), queryFn: () => api.get<Branch>(`/branch/get/${id}`), enabled: !!id });

export const useBranchOptions = () =>
  useQuery({ queryKey: branchKeys.options, queryFn: () => api.get<BranchOption[]>('/branch/list'), staleTime: 60_000 });
