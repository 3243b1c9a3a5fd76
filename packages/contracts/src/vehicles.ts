/**
 * Vehicles of the school fleet (SPEC §3 Vehicle, §7 Vehicle): requests and answers, shared by server and web.
 */
import { Type, type Static } from 'typebox';
import { Id, IsoDate, IsoDateFilter, Money, Nullable, Option, Text, type DateRange } from './common.js';

export const VEHICLE_TYPES = [
  { name: 'รถยนต์', value: 'car' },
  { name: 'รถจักรยานยนต์', value: 'motorcycle' },
] as const;
export const VEHICLE_STATUS = [
  { name: 'ใช้งาน', value: 'active' },
  { name: 'ซ่อม', value: 'repair' },
  { name: 'จำหน่าย', value: 'sold' },
] as const;
export const INSURANCE_TYPES = ['ชั้น 1', 'ชั้น 2+', 'ชั้น 2', 'ชั้น 3+', 'ชั้น 3'] as const;
/** The four legal dates of a vehicle: its noti_* column and what it is called. */
export const DUE_KINDS = [
  { kind: 'tax', column: 'noti_tax', name: 'ภาษีรถประจำปี' },
  { kind: 'compulsory', column: 'noti_compulsory', name: 'พ.ร.บ.' },
  { kind: 'insurance', column: 'noti_insurance', name: 'ประกันภัยภาคสมัครใจ' },
  { kind: 'check', column: 'noti_check', name: 'ตรวจสภาพรถ (ตรอ.)' },
] as const;
export type DueKind = (typeof DUE_KINDS)[number]['kind'];

const VehicleType = Type.Union([Type.Literal('car'), Type.Literal('motorcycle')]);
const VehicleStatus = Type.Union([Type.Literal('active'), Type.Literal('repair'), Type.Literal('sold')]);
const OptDate = (range: DateRange = 'due') => Type.Optional(Nullable(IsoDate(range)));

const vehicleFields = {
  branch_id: Type.Optional(Id()),
  brand: Type.Optional(Text(100)),
  model: Type.Optional(Text(100)),
  color: Type.Optional(Text(50)),
  no: Type.String({ minLength: 1, maxLength: 20 }),
  province: Type.String({ minLength: 1, maxLength: 60 }),
  type: VehicleType,
  status: Type.Optional(VehicleStatus),
  is_exam: Type.Optional(Type.Boolean()),
  purchase_date: OptDate('history'),
  registration_date: OptDate('history'),
  insurance_company: Type.Optional(Text(150)),
  insurance_type: Type.Optional(Text(20)),
  note: Type.Optional(Text(1000)),
  noti_check: OptDate(),
  noti_compulsory: OptDate(),
  noti_insurance: OptDate(),
  noti_tax: OptDate(),
};

export const VehicleCreateBody = Type.Object(vehicleFields, { additionalProperties: false });
export type VehicleCreateBody = Static<typeof VehicleCreateBody>;
export const VehicleUpdateBody = Type.Object(
  {
    vehicle_id: Id(),
    ...(Object.fromEntries(Object.entries(vehicleFields).map(([k, v]) => [k, Type.Optional(v)])) as {
      [K in keyof typeof vehicleFields]: ReturnType<typeof Type.Optional<(typeof vehicleFields)[K]>>;
    }),
  },
  { additionalProperties: false },
);
export type VehicleUpdateBody = Static<typeof VehicleUpdateBody>;
export const VehicleDeleteBody = Type.Object({ vehicle_id: Id() }, { additionalProperties: false });

/** One reminder: a legal date of a vehicle due within the configured days, or overdue. */
export const Reminder = Type.Object({
  vehicle_id: Type.Integer(),
  branch_id: Type.Integer(),
  branch: Type.String(),
  no: Type.String(),
  province: Type.String(),
  type: Type.String(),
  brand: Type.String(),
  model: Type.String(),
  kind: Type.String(),
  kind_name: Type.String(),
  due: Type.String(),
  /** negative when overdue */
  days_left: Type.Integer(),
  overdue: Type.Boolean(),
  /** an overdue tax: months late (a part of a month counts) × the rate; the amount when a tax was recorded before */
  surcharge_months: Nullable(Type.Integer()),
  surcharge_rate: Nullable(Type.String()),
  surcharge_estimate: Nullable(Type.String()),
  /** old enough to need the ตรอ. inspection before its tax (DOMAIN: car 7+, motorcycle 5+ years) */
  needs_check: Type.Boolean(),
  note: Type.String(),
});
export type Reminder = Static<typeof Reminder>;

export const Vehicle = Type.Object({
  vehicle_id: Type.Integer(),
  branch_id: Type.Integer(),
  branch: Type.String(),
  brand: Type.String(),
  model: Type.String(),
  color: Type.String(),
  no: Type.String(),
  province: Type.String(),
  type: Type.String(),
  type_name: Type.String(),
  status: Type.String(),
  status_name: Type.String(),
  is_exam: Type.Boolean(),
  purchase_date: Nullable(Type.String()),
  registration_date: Nullable(Type.String()),
  insurance_company: Type.String(),
  insurance_type: Type.String(),
  note: Type.String(),
  noti_check: Nullable(Type.String()),
  noti_compulsory: Nullable(Type.String()),
  noti_insurance: Nullable(Type.String()),
  noti_tax: Nullable(Type.String()),
  is_delete: Type.Boolean(),
  createdAt: Type.String(),
  updatedAt: Type.String(),
  /** the highest odometer reading */
  last_mile: Nullable(Type.Integer()),
  /** whole years since registration (or purchase) */
  age_years: Nullable(Type.Integer()),
  needs_check: Type.Boolean(),
  /** the nearest legal date and its name */
  next_due: Nullable(Type.String()),
  next_due_name: Nullable(Type.String()),
});
export type Vehicle = Static<typeof Vehicle>;

export const OdometerReading = Type.Object({
  reading_id: Type.Integer(),
  mile: Type.Integer(),
  date: Type.String(),
  expenses_id: Nullable(Type.Integer()),
  createdAt: Type.String(),
});
export const FuelFill = Type.Object({
  expenses_id: Type.Integer(),
  date: Type.String(),
  mile: Type.Integer(),
  liters: Nullable(Type.String()),
  is_full_tank: Type.Boolean(),
  value: Type.String(),
  /** on a full tank after an earlier full tank: kilometres since it ÷ litres filled since it */
  km_per_liter: Nullable(Type.String()),
  baht_per_km: Nullable(Type.String()),
});
export type FuelFill = Static<typeof FuelFill>;

export const VehicleDetail = Type.Object({
  ...Vehicle.properties,
  due: Type.Array(
    Type.Object({
      kind: Type.String(),
      kind_name: Type.String(),
      due: Nullable(Type.String()),
      days_left: Nullable(Type.Integer()),
      state: Type.String(),
    }),
  ),
  reminders: Type.Array(Reminder),
  odometer: Type.Array(OdometerReading),
  fuel: Type.Array(FuelFill),
  /** average of the full-tank figures */
  km_per_liter: Nullable(Type.String()),
});
export type VehicleDetail = Static<typeof VehicleDetail>;

export const VehicleListOptions = Type.Object({
  branch: Type.Array(Type.Tuple([Type.Integer(), Type.String()])),
  status: Type.Array(Option),
  type: Type.Array(Option),
  insurance_type: Type.Array(Option),
});

export const VehicleTableFilter = Type.Object({
  branch: Type.Array(Option),
  status: Type.Array(Option),
  type: Type.Array(Option),
});

/** vehicle/expenses/gettable: the shared table query plus the vehicle (the detail page's own expenses). */
export const VehicleExpensesQuery = Type.Object(
  {
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000000 })),
    per_page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
    branch: Type.Optional(Type.String({ maxLength: 50 })),
    list_expenses: Type.Optional(Type.String({ maxLength: 50 })),
    vehicle: Type.Optional(Type.String({ maxLength: 50 })),
    text: Type.Optional(Type.String({ maxLength: 100 })),
    start: Type.Optional(IsoDateFilter()),
    end: Type.Optional(IsoDateFilter()),
  },
  { additionalProperties: false },
);
export type VehicleExpensesQuery = Static<typeof VehicleExpensesQuery>;

export const RemindersQuery = Type.Object(
  { branch: Type.Optional(Type.String({ maxLength: 50 })) },
  { additionalProperties: false },
);

/** The menu's count: vehicle dates due soon, and how many of them are overdue. */
export const ReminderCount = Type.Object({ total: Type.Integer(), overdue: Type.Integer() });
export type ReminderCount = Static<typeof ReminderCount>;

export const FleetRules = Type.Object(
  {
    effective_from: IsoDate(),
    remind_days: Type.Integer({ minimum: 1, maximum: 365 }),
    /** percent per month, a decimal string like money */
    tax_late_rate: Money(),
    tax_early_days: Type.Integer({ minimum: 0, maximum: 365 }),
    car_check_age: Type.Integer({ minimum: 1, maximum: 50 }),
    motorcycle_check_age: Type.Integer({ minimum: 1, maximum: 50 }),
  },
  { additionalProperties: false },
);
export type FleetRules = Static<typeof FleetRules>;
