import { useQuery } from '@tanstack/react-query';
import { api, type Option } from '../../api/client';
import { tableKeys } from '../../api/queryKeys';

export interface Employee {
  user_id: number;
  username: string;
  role_id: number;
  role_name?: string;
  branch_id: number;
  branch_name?: string;
  status: 'active' | 'inactive';
  is_foreigner: boolean;
  idcard: string;
  prefix: string; fname: string; sname: string;
  prefix_en: string; fname_en: string; sname_en: string;
  nickname: string;
  birthday: string | null;
  address: string; moo: string; soi: string; street: string;
  subdistrict: string; district: string; province: string; postcode: string;
  phone_1: string; phone_2: string; email: string;
  start_date: string | null;
  department: string; position: string;
  bank: string; bank_acc: string; bank_acc_type: 'savings' | 'current'; branch_branch: string;
  emergency_name: string; emergency_phone: string; emergency_relation: string;
  photo: string | null;
  employee_type: 'monthly' | 'daily';
  salary: string; extra_salary: string; salary_pay_type: 'cash' | 'transfer'; sso_salary: string;
  day_off: string[];
  is_salary_daily: boolean;
}

export type EmployeeRow = Pick<Employee, 'user_id' | 'username' | 'prefix' | 'fname' | 'sname' | 'nickname' | 'phone_1' | 'idcard' | 'position' | 'department' | 'status' | 'role_id' | 'role_name' | 'branch_id' | 'branch_name' | 'photo' | 'start_date'>;

export interface RegisterOptions {
  role: { role_id: number; name: string; slug: string }[];
  bank: Option[];
  department: Option[];
  position: Option[];
  branch: { branch_id: number; name: string }[];
  weekdays: Option[];
  pay_type: Option[];
  salary_pay_type: Option[];
  bank_acc_type: Option[];
  status: Option[];
  prefix: Option[];
}

export const employeeKeys = {
  table: tableKeys.of('/user/gettable'),
  one: (id: number | null) => ['employee', id] as const,
  registerOptions: ['employee', 'register-options'] as const,
};

export const useRegisterOptions = () =>
  useQuery({ queryKey: employeeKeys.registerOptions, queryFn: () => api.get<RegisterOptions>('/user/listforregister'), staleTime: 5 * 60_000 });

export const useEmployee = (id: number | null) =>
  useQuery({ queryKey: employeeKeys.one(id), queryFn: () => api.get<Employee>(`/user/get/${id}`), enabled: !!id });
