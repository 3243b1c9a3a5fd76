/** Expense reads shared by the vehicle screens and the accounting screens (query keys from one factory). */
import { useQuery } from '@tanstack/react-query';
import type { Static } from 'typebox';
import type { Expense, ExpenseCategory, ExpenseCreateBody, ExpenseUpdateBody, NameValue } from '@khabkhi/contracts';
import { api, requestEnvelope } from '../../api/client';
import { tableKeys, vehicleSharedKeys } from '../../api/queryKeys';

export type ExpenseRow = Expense;
export type Option = Static<typeof NameValue>;

export const expenseKeys = {
  one: (id: number | null) => ['expense', id] as const,
  categories: (branch: number | null) => ['expense-categories', branch] as const,
  employees: (branch: number | null) => ['expense-employees', branch] as const,
  vehicles: (branch: number | null) => ['expense-vehicles', branch] as const,
};

/** Every list that shows expenses: a saved or deleted expense refreshes them all. */
export const EXPENSE_TABLES = ['/vehicle/expenses/gettable', '/accounting/expensestable', '/vehicle/gettable'];
export const VEHICLE_ONE = (id: number) => vehicleSharedKeys.one(id);
export const VEHICLE_REMINDERS = vehicleSharedKeys.reminders;
export { tableKeys };

export function useExpenseCategories(branch: number | null) {
  return useQuery({
    queryKey: expenseKeys.categories(branch),
    enabled: branch !== null,
    staleTime: 60_000,
    queryFn: () => api.get<ExpenseCategory[]>('/expenses/list-category', { branch: branch ?? undefined }),
  });
}
export function useExpenseVehicles(branch: number | null) {
  return useQuery({
    queryKey: expenseKeys.vehicles(branch),
    enabled: branch !== null,
    staleTime: 60_000,
    queryFn: () => api.get<Option[]>('/expenses/vehicle', { branch: branch ?? undefined }),
  });
}
export function useExpenseEmployees(branch: number | null) {
  return useQuery({
    queryKey: expenseKeys.employees(branch),
    enabled: branch !== null,
    staleTime: 60_000,
    queryFn: () => api.get<Option[]>('/expenses/employee', { branch: branch ?? undefined }),
  });
}

/** Upload one bill (JPEG, PNG or PDF) for an expense. */
export async function uploadBill(file: File | Blob) {
  const fd = new FormData();
  fd.append('file', file);
  return (
    await requestEnvelope<{ file_id: string; mime: string; size: number; file_type: string }>('/expenses/upload', {
      method: 'POST',
      body: fd,
    })
  ).data;
}

/** An expense, recorded or corrected (the answer carries km_per_liter on a full tank). */
export const createExpense = (body: ExpenseCreateBody) => api.post<ExpenseRow>('/expenses/create', body);
export const updateExpense = (body: ExpenseUpdateBody) => api.put<ExpenseRow>('/expenses/update', body);
