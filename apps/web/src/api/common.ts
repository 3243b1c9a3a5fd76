/**
 * Server calls made by the shared components (components/) and by more than one feature: the school settings, a
 * record of a CrudDetail page by its prefix, and the files behind the bearer header. A feature's own calls live in
 * its queries.ts; screens (.tsx) call neither the client nor a path themselves.
 */
import { useQuery } from '@tanstack/react-query';
import type { RegisterOptions, Settings, SettingsBody } from '@khabkhi/contracts';
import { api, requestBlob } from './client';
import { registerOptionsKeys } from './queryKeys';

/** The school settings (name, address, logo … and the exam rules). */
export const getSettings = () => api.get<Settings>('/settings/get');
export const updateSettings = (body: SettingsBody) => api.put<Settings>('/settings/update', body);

/** What a new application offers at a branch (the user's branch when none is named). */
export const useRegisterOptions = (branch?: number) =>
  useQuery({
    queryKey: registerOptionsKeys.of(branch ?? null),
    queryFn: () => api.get<RegisterOptions>('/application/getforregister', branch ? { branch } : undefined),
    staleTime: 30_000,
  });

/** A record of a catalog-style page (CrudDetail) by its API prefix: /{prefix}/get|create|update|delete. */
export type AnyRecord = Record<string, any>;
export const getRecord = (prefix: string, id: number) => api.get<AnyRecord>(`/${prefix}/get/${id}`);
export const createRecord = (prefix: string, body: AnyRecord) => api.post<AnyRecord>(`/${prefix}/create`, body);
export const updateRecord = (prefix: string, body: AnyRecord) => api.put<AnyRecord>(`/${prefix}/update`, body);
export const deleteRecord = (prefix: string, idKey: string, id: number) =>
  api.del<null>(`/${prefix}/delete`, { [idKey]: id });

/** A stored file (photo, attachment) as a Blob. */
export const getFile = (fileId: string) => requestBlob(`/files/${fileId}`);
/** Stores a photo; the form then saves its file_id. */
export const uploadFile = (file: File | Blob) => api.upload(file);

/** A list's page (ListPage): its rows, filters and paging. */
export const getTable = <T>(endpoint: string, query: Record<string, string | number | boolean | null | undefined>) =>
  api.table<T>(endpoint, query);
