/** The catalog's server calls and query keys (course types and the option lists of the items' forms). */
import { useQuery } from '@tanstack/react-query';
import type { CourseTypeRow, EvaluateLists, ExpenseLists, PayrollLists } from '@khabkhi/contracts';
import { api } from '../../api/client';
import { tableKeys } from '../../api/queryKeys';

export const catalogKeys = {
  courseTypes: ['catalog', 'course-types'] as const,
  /** the course types with their minimum age (the types dialog) */
  courseTypesMinAge: ['catalog', 'course-types', 'min-age'] as const,
  lists: (prefix: 'list-expenses' | 'list-payroll' | 'evaluate') => ['catalog', 'lists', prefix] as const,
  table: (prefix: string) => tableKeys.of(`/${prefix}/gettable`),
};

export const useCourseTypes = () =>
  useQuery({ queryKey: catalogKeys.courseTypes, queryFn: () => api.get<string[]>('/course/type'), staleTime: 30_000 });

/** The course types with their minimum age. */
export const getCourseTypes = () => api.get<CourseTypeRow[]>('/course/type/list');
export const addCourseType = (name: string) => api.post<string[]>('/course/type/create', { name });
export const deleteCourseType = (name: string) => api.del<string[]>('/course/type/delete', { name });
export const setCourseTypeMinAge = (body: CourseTypeRow) => api.put<unknown>('/course/type/update', body);

/** The option lists of an item's form (categories, statuses …), by the item's prefix. */
export const useExpenseLists = () =>
  useQuery({
    queryKey: catalogKeys.lists('list-expenses'),
    queryFn: () => api.get<ExpenseLists>('/list-expenses/list'),
    staleTime: 60_000,
  });
export const usePayrollLists = () =>
  useQuery({
    queryKey: catalogKeys.lists('list-payroll'),
    queryFn: () => api.get<PayrollLists>('/list-payroll/list'),
    staleTime: 60_000,
  });
export const useEvaluateLists = () =>
  useQuery({
    queryKey: catalogKeys.lists('evaluate'),
    queryFn: () => api.get<EvaluateLists>('/evaluate/list'),
    staleTime: 60_000,
  });
