/** The reminders' requests: settings and templates, channels, the outbox log, resend and run now. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Notifications,
  OutboxResendBody,
  OutboxRow,
  ReminderChannels,
  ReminderChannelsBody,
  ReminderPreview,
  ReminderPreviewBody,
  ReminderRunResult,
  ReminderSetting,
  ReminderSettingBody,
  StudentReminders,
} from '@khabkhi/contracts';
import type { Envelope } from '../../api/client';
import { api } from '../../api/client';

export type { OutboxRow, ReminderChannels, ReminderSetting };

export const reminderKeys = {
  all: ['reminders'] as const,
  settings: ['reminders', 'settings'] as const,
  channels: ['reminders', 'channels'] as const,
  outbox: (q: Record<string, string | number>) => ['reminders', 'outbox', q] as const,
};

export const useReminderSettings = () =>
  useQuery({ queryKey: reminderKeys.settings, queryFn: () => api.get<ReminderSetting[]>('/reminders/settings') });
export const useChannels = () =>
  useQuery({ queryKey: reminderKeys.channels, queryFn: () => api.get<ReminderChannels>('/reminders/channels') });

/** The outbox log: a page of rows with the list's total (the table envelope's meta). */
export const useOutbox = (q: Record<string, string | number>) =>
  useQuery({ queryKey: reminderKeys.outbox(q), queryFn: () => api.table<OutboxRow>('/reminders/outbox', q) });

/** One round now: queue what is due today and send what the outbox holds. */
export const runReminders = () => api.post<ReminderRunResult>('/reminders/run', {});
export const saveReminderSetting = (body: ReminderSettingBody) =>
  api.put<ReminderSetting>('/reminders/settings/update', body);
export const saveChannels = (body: ReminderChannelsBody) =>
  api.put<ReminderChannels>('/reminders/channels/update', body);
export const resendOutbox = (body: OutboxResendBody) => api.post<unknown>('/reminders/outbox/resend', body);
/** A template filled with sample values. */
export const previewReminder = (body: ReminderPreviewBody) => api.post<ReminderPreview>('/reminders/preview', body);

/** A reminders change (any of the functions above): every reminders query reloads after it. */
export function useReminderMutation<B, T>(fn: (b: B) => Promise<Envelope<T>>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => qc.invalidateQueries({ queryKey: reminderKeys.all }),
  });
}

export const STATE_COLOR: Record<string, string> = {
  queued: 'blue',
  sending: 'gold',
  sent: 'green',
  failed: 'red',
  skipped: 'default',
};

// ---- the bell and a student's reminders ----

export const notificationKeys = { all: ['notifications'] as const };
export const useNotifications = () =>
  useQuery({
    queryKey: notificationKeys.all,
    queryFn: () => api.get<Notifications>('/notifications'),
    refetchInterval: 120_000,
  });
export function useMarkRead() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (b: { outbox_id?: number }) => api.post<{ read: number }>('/notifications/read', b),
    onSuccess: () => qc.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}

export const studentKeys = { of: (applicationId: number) => ['reminders', 'student', applicationId] as const };
export const useStudentReminders = (applicationId: number) =>
  useQuery({
    queryKey: studentKeys.of(applicationId),
    queryFn: () => api.get<StudentReminders>('/reminders/student', { application_id: applicationId }),
  });
export function useStudentAction(path: 'opt-out' | 'link-code' | 'unlink', applicationId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (b: { opt_out?: boolean }) =>
      api.post<StudentReminders>(`/reminders/student/${path}`, { application_id: applicationId, ...b }),
    onSuccess: (r) => qc.setQueryData(studentKeys.of(applicationId), r.data),
  });
}
