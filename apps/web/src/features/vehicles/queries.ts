import { useQuery } from '@tanstack/react-query';
import type {
  FleetRules,
  Reminder,
  ReminderCount,
  VehicleCreateBody,
  VehicleDetail,
  VehicleUpdateBody,
} from '@khabkhi/contracts';
import { api } from '../../api/client';
import { tableKeys, vehicleSharedKeys } from '../../api/queryKeys';

export const vehicleKeys = {
  table: tableKeys.of('/vehicle/gettable'),
  one: vehicleSharedKeys.one,
  options: ['vehicle-options'] as const,
  reminders: vehicleSharedKeys.reminders,
  /** one branch's reminders, or every branch's ('all') */
  remindersOf: (branch: string) => ['vehicle-reminders', branch] as const,
  reminderCount: ['vehicle-reminders', 'count'] as const,
  rules: ['vehicle-rules'] as const,
};

export interface VehicleOptions {
  branch: [number, string][];
  status: { name: string; value: string }[];
  type: { name: string; value: string }[];
  insurance_type: { name: string; value: string }[];
}

export const useVehicle = (id: number | null) =>
  useQuery({
    queryKey: vehicleKeys.one(id),
    enabled: id !== null,
    queryFn: () => api.get<VehicleDetail>(`/vehicle/get/${id}`),
  });
export const useVehicleOptions = () =>
  useQuery({
    queryKey: vehicleKeys.options,
    staleTime: 60_000,
    queryFn: () => api.get<VehicleOptions>('/vehicle/list'),
  });
/** branch: one branch's reminders (the dashboard's link); absent: every branch in scope */
export const useReminders = (branch?: string) =>
  useQuery({
    queryKey: vehicleKeys.remindersOf(branch ?? 'all'),
    queryFn: () => api.get<Reminder[]>('/vehicle/reminders', branch ? { branch } : undefined),
  });
export const useFleetRules = () =>
  useQuery({
    queryKey: vehicleKeys.rules,
    queryFn: () => api.get<{ current: FleetRules; history: FleetRules[] }>('/vehicle/rules'),
  });

export const createVehicle = (body: VehicleCreateBody) => api.post<VehicleDetail>('/vehicle/create', body);
export const updateVehicle = (body: VehicleUpdateBody) => api.put<VehicleDetail>('/vehicle/update', body);
export const deleteVehicle = (vehicle_id: number) => api.del<null>('/vehicle/delete', { vehicle_id });

/** Every vehicle date due soon or overdue (the home page's card shows the nearest). */
export const getReminders = () => api.get<Reminder[]>('/vehicle/reminders');
/** How many vehicle dates are due soon, and how many are overdue (the menu's badge). */
export const getReminderCount = () => api.get<ReminderCount>('/vehicle/reminders/count');
/** The fleet rules from a date (head office). */
export const saveFleetRules = (body: FleetRules) => api.put<unknown>('/vehicle/rules/update', body);
