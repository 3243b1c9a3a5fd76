import { useQuery } from '@tanstack/react-query';
import type { Employee, EmployeeFormOptions, RegisterBody, UpdateBody } from '@khabkhi/contracts';
import { api } from '../../api/client';
import { tableKeys } from '../../api/queryKeys';

/** An employee, a table row and the form's options, as the API answers them (packages/contracts). */
export type { Employee, EmployeeRow, EmployeeFormOptions } from '@khabkhi/contracts';

export const employeeKeys = {
  table: tableKeys.of('/user/gettable'),
  one: (id: number | null) => ['employee', id] as const,
  registerOptions: ['employee', 'register-options'] as const,
};

export const useRegisterOptions = () =>
  useQuery({
    queryKey: employeeKeys.registerOptions,
    queryFn: () => api.get<EmployeeFormOptions>('/user/listforregister'),
    staleTime: 5 * 60_000,
  });

export const useEmployee = (id: number | null) =>
  useQuery({ queryKey: employeeKeys.one(id), queryFn: () => api.get<Employee>(`/user/get/${id}`), enabled: !!id });

export const registerEmployee = (body: RegisterBody) => api.post<Employee>('/user/register', body);

export const updateEmployee = (body: UpdateBody) => api.put<Employee>('/user/update', body);

export const deleteEmployee = (user_id: number) => api.del<null>('/user/delete', { user_id });
