/**
 * The owner's cockpit: one answer with a tile per question an owner or a branch manager asks in the morning. Every
 * tile carries the filters of the list it summarises (`link`), so the screen opens that list with the same filters in
 * the URL, and its figures equal that list's totals. Tiles are named fields; a tile that joins later (instructor and
 * vehicle utilisation from the lessons) is one more optional field, the others untouched.
 */
import { Type, type Static } from 'typebox';
import { IsoDate, Nullable } from './common.js';

const S = Type.String();
const I = Type.Integer();
const closed = { additionalProperties: false } as const;

export const DashboardQuery = Type.Object(
  {
    /** one branch in the caller's scope; absent or ทั้งหมด: every branch in scope */
    branch: Type.Optional(Type.String({ maxLength: 50 })),
    /** the day the dashboard is read for (CE); default today in Bangkok */
    date: Type.Optional(IsoDate('any')),
  },
  closed,
);
export type DashboardQuery = Static<typeof DashboardQuery>;

/** Where a tile leads: the web path of the list and its URL filters (string values, as in the list's URL). */
export const DashboardLink = Type.Object({ path: S, query: Type.Record(S, S) }, closed);
export type DashboardLink = Static<typeof DashboardLink>;

/** Money of a period on the accounting income list's terms: in (received), refunds (negative), net = in + refunds. */
export const Takings = Type.Object(
  {
    cash_in: S,
    transfer_in: S,
    refunds: S,
    net_cash: S,
    net_transfer: S,
    net: S,
  },
  closed,
);
export type Takings = Static<typeof Takings>;

export const TakingsPeriod = Type.Object(
  {
    start: S,
    end: S,
    /** the same days of the month before (clipped to its length) */
    previous_start: S,
    previous_end: S,
    current: Takings,
    previous: Takings,
    link: DashboardLink,
    previous_link: DashboardLink,
  },
  closed,
);

export const TakingsBranch = Type.Object(
  { branch_id: I, branch_name: S, today: Takings, month: Takings, previous_month: Takings, link: DashboardLink },
  closed,
);

export const TakingsTile = Type.Object(
  { today: TakingsPeriod, month: TakingsPeriod, branches: Type.Array(TakingsBranch) },
  closed,
);

export const RegistrationsTile = Type.Object(
  {
    today: I,
    month: I,
    today_link: DashboardLink,
    month_link: DashboardLink,
    /** registrations still owing (status ค้างชำระ) and what they owe */
    owing_count: I,
    owing_balance: S,
    owing_link: DashboardLink,
  },
  closed,
);

export const ExamSessionItem = Type.Object(
  {
    session_id: I,
    branch_id: I,
    branch_name: S,
    exam_date: S,
    start_time: S,
    exam_kind: S,
    course_type: S,
    capacity: I,
    booked: I,
  },
  closed,
);
export const ExamsTile = Type.Object(
  {
    start: S,
    end: S,
    sessions: I,
    seats: I,
    booked: I,
    items: Type.Array(ExamSessionItem),
    link: DashboardLink,
  },
  closed,
);

export const PassRate = Type.Object(
  {
    key: S,
    name: S,
    theory_sat: I,
    theory_passed: I,
    practical_sat: I,
    practical_passed: I,
  },
  closed,
);
export const PassRateTile = Type.Object(
  {
    start: S,
    end: S,
    total: PassRate,
    branches: Type.Array(PassRate),
    examiners: Type.Array(PassRate),
    link: DashboardLink,
  },
  closed,
);

export const VehicleDueItem = Type.Object(
  {
    vehicle_id: I,
    branch_name: S,
    no: S,
    province: S,
    kind: S,
    kind_name: S,
    due: S,
    days_left: I,
    overdue: Type.Boolean(),
  },
  closed,
);
export const VehiclesTile = Type.Object(
  { days: I, total: I, overdue: I, items: Type.Array(VehicleDueItem), link: DashboardLink },
  closed,
);

export const PayrollBranch = Type.Object(
  {
    branch_id: I,
    branch_name: S,
    /** none: no payroll of the month yet; else draft, submitted, confirmed, approved */
    status: S,
    status_name: S,
    employees: I,
    net: S,
    link: DashboardLink,
  },
  closed,
);
export const PayrollTile = Type.Object({ month: S, branches: Type.Array(PayrollBranch) }, closed);

export const UnclosedDay = Type.Object({ branch_id: I, branch_name: S, date: S, link: DashboardLink }, closed);
export const CashCloseTile = Type.Object(
  { start: S, end: S, total: I, days: Type.Array(UnclosedDay), link: DashboardLink },
  closed,
);

/** Booked hours against the hours the instructors (or vehicles) are available in the week. */
export const Utilisation = Type.Object({ key: S, name: S, booked_minutes: I, available_minutes: I }, closed);
export const LessonsTile = Type.Object(
  {
    start: S,
    end: S,
    instructors: Type.Array(Utilisation),
    vehicles: Type.Array(Utilisation),
    link: DashboardLink,
  },
  closed,
);

export const Dashboard = Type.Object(
  {
    date: S,
    branch_id: Nullable(I),
    branches: Type.Array(Type.Object({ value: I, name: S }, closed)),
    takings: TakingsTile,
    registrations: RegistrationsTile,
    exams: ExamsTile,
    pass_rate: PassRateTile,
    vehicles: VehiclesTile,
    payroll: Nullable(PayrollTile),
    cash_close: CashCloseTile,
    /** when the lessons module lands: utilisation of instructors and vehicles (absent until then) */
    lessons: Type.Optional(LessonsTile),
  },
  closed,
);
export type Dashboard = Static<typeof Dashboard>;
