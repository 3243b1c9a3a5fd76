import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';

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

export const useBranch = (id: number | null) =>
  useQuery({ queryKey: ['branch', id], queryFn: () => api.get<Branch>(`/branch/get/${id}`), enabled: !!id });

export const useBranchOptions = () =>
  useQuery({ queryKey: ['branch-list'], queryFn: () => api.get<BranchOption[]>('/branch/list'), staleTime: 60_000 });
