/** The reminders' requests: settings and templates, channels, the outbox log, resend and run now. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OutboxRow, ReminderChannels, ReminderSetting } from '@khabkhi/contracts';
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

export function useReminderMutation<B>(method: 'post' | 'put', path: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (b: B) => api[method](path, b),
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
