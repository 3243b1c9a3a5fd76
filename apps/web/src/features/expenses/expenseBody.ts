import type { ExpenseCreateBody } from '@khabkhi/contracts';

/** What the expense dialog holds. */
export interface ExpenseFormValues {
  branch_id: number;
  list_expenses_id?: number;
  date: string;
  vehicle_id?: number | null;
  user_id?: number | null;
  pay_type: 'cash' | 'transfer';
  value?: string;
  mile?: number | null;
  liters?: number | null;
  is_full_tank?: boolean;
  renew_kind?: string | null;
  renew_until?: string | null;
  detail?: string;
  files?: { file_id: string; file_type: string }[];
  /** a manager's reason to record a renewal the fleet's rules refuse (asked for after the server's refusal) */
  rule_override_reason?: string;
}

/**
 * The request of the dialog: the vehicle's fields (mileage, litres, full tank, renewal) only with a vehicle — hidden
 * fields of an expense without one are not sent —, the new due date only with a renewal kind, litres as a decimal
 * string, the bills as their ids in order; a manager's reason to go past the renewal rules only with a renewal.
 */
export function expenseBody(v: ExpenseFormValues, vehicleId?: number): ExpenseCreateBody {
  const vehicle = vehicleId ?? v.vehicle_id ?? null;
  const has = vehicle !== null;
  return {
    branch_id: v.branch_id,
    list_expenses_id: v.list_expenses_id!,
    date: v.date,
    pay_type: v.pay_type,
    value: v.value!,
    detail: v.detail ?? '',
    vehicle_id: vehicle,
    user_id: v.user_id ?? null,
    mile: has && v.mile !== undefined && v.mile !== null ? v.mile : null,
    liters: has && v.liters ? v.liters.toFixed(2).replace(/\.00$/, '') : null,
    is_full_tank: has ? !!v.is_full_tank : false,
    renew_kind: has && v.renew_kind ? (v.renew_kind as never) : null,
    renew_until: has && v.renew_kind ? (v.renew_until ?? null) : null,
    files: (v.files ?? []).map((f) => f.file_id),
    ...(has && v.renew_kind && v.rule_override_reason?.trim()
      ? { rule_override_reason: v.rule_override_reason.trim() }
      : {}),
  };
}
