/** The reminders' requests: settings and templates, channels, the outbox log, resend and run now. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  OutboxResendBody,
  OutboxRow,
  ReminderChannels,
  ReminderChannelsBody,
  ReminderPreview,
  ReminderPreviewBody,
  ReminderRunResult,
  ReminderSetting,
  ReminderSettingBody,
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

export interface OutboxPage {
  rows: OutboxRow[];
  total: number;
  page: number;
  per_page: number;
  channels: Record<string, string>;
}
export const useOutbox = (q: Record<string, string | number>) =>
  useQuery({ queryKey: reminderKeys.outbox(q), queryFn: () => api.get<OutboxPage>('/reminders/outbox', q) });

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
