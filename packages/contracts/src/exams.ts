/**
 * Exams: sessions, bookings, results, exam permissions and the calendar. Request and response
 * schemas once, for the server's routes and (through Static<>) the web.
 */
import { Type, type Static } from 'typebox';
import { Id, IsoDate, IsoDateFilter, Nullable, Option, TableQuery, Text } from './common.js';

const open = { additionalProperties: true } as const;
const closed = { additionalProperties: false } as const;

export const ExamKind = Type.Union([Type.Literal('theory'), Type.Literal('practical')]);
export type ExamKind = Static<typeof ExamKind>;
export const Time = () => Type.String({ pattern: '^([01]\\d|2[0-3]):[0-5]\\d$', maxLength: 5 });
const Reason = () => Type.String({ minLength: 1, maxLength: 500 });

/** exam/gettable: the table words plus a single day (`date`) and the exam kind. */
export const ExamTableQuery = Type.Object(
  {
    ...TableQuery.properties,
    date: Type.Optional(IsoDateFilter()),
    exam_kind: Type.Optional(Type.String({ maxLength: 20 })),
  },
  closed,
);
export type ExamTableQuery = Static<typeof ExamTableQuery>;

export const SessionBody = Type.Object(
  {
    branch_id: Id(),
    exam_date: IsoDate(),
    start_time: Time(),
    exam_kind: ExamKind,
    course_type: Type.String({ minLength: 1, maxLength: 100 }),
    capacity: Type.Integer({ minimum: 1, maximum: 500 }),
    place: Type.Optional(Text(200)),
    /** the examiner's name: typed for an outside examiner; with examiner_id the employee's name is stored instead */
    examiner: Type.Optional(Text(200)),
    /** an employee of the session's branch (or the head office) picked as the examiner */
    examiner_id: Type.Optional(Nullable(Id())),
    note: Type.Optional(Text(500)),
  },
  closed,
);
export type SessionBody = Static<typeof SessionBody>;
export const SessionUpdateBody = Type.Object({ session_id: Id(), ...SessionBody.properties }, closed);
export type SessionUpdateBody = Static<typeof SessionUpdateBody>;
export const SessionDeleteBody = Type.Object({ session_id: Id() }, closed);

export const SessionListQuery = Type.Object(
  {
    branch: Type.Optional(Type.String({ maxLength: 50 })),
    start: Type.Optional(IsoDate('any')),
    end: Type.Optional(IsoDateFilter()),
    exam_kind: Type.Optional(Type.String({ maxLength: 20 })),
    type: Type.Optional(Type.String({ maxLength: 100 })),
  },
  closed,
);

export const BookBody = Type.Object({ session_id: Id(), line_id: Id() }, closed);
export type BookBody = Static<typeof BookBody>;
export const CancelBody = Type.Object({ attempt_id: Id(), reason: Reason() }, closed);

export const ResultLine = Type.Object(
  {
    attempt_id: Id(),
    /** absent: the student did not come (no score) */
    absent: Type.Optional(Type.Boolean()),
    theory_score: Type.Optional(Nullable(Type.Integer({ minimum: 0, maximum: 1000 }))),
    practical: Type.Optional(
      Type.Array(Type.Object({ evaluate_id: Id(), passed: Type.Boolean() }, closed), { maxItems: 50 }),
    ),
    note: Type.Optional(Text(500)),
  },
  closed,
);
export const ResultBody = Type.Object(
  { session_id: Id(), results: Type.Array(ResultLine, { minItems: 1, maxItems: 500 }) },
  closed,
);
export type ResultBody = Static<typeof ResultBody>;

export const ChangeDateBody = Type.Object(
  {
    line_id: Id(),
    /** move the booking to this session (the rules are checked again) … */
    session_id: Type.Optional(Id()),
    /** … or only set the planned exam date of the line */
    exam_date: Type.Optional(IsoDate()),
    reason: Reason(),
    /** also make the request-fee application of the school's change-of-date fee */
    request_fee: Type.Optional(Type.Boolean()),
  },
  closed,
);
export type ChangeDateBody = Static<typeof ChangeDateBody>;
export const ExtendBody = Type.Object(
  { line_id: Id(), permission_date: IsoDate('due'), reason: Reason(), request_fee: Type.Optional(Type.Boolean()) },
  closed,
);
export type ExtendBody = Static<typeof ExtendBody>;
export const DisableBody = Type.Object({ line_id: Id(), reason: Reason() }, closed);
export type DisableBody = Static<typeof DisableBody>;

export const CalendarQuery = Type.Object(
  {
    /** default: the current month (Bangkok) */
    start: Type.Optional(IsoDate('any')),
    end: Type.Optional(IsoDate('any')),
    branch: Type.Optional(Type.String({ maxLength: 50 })),
    type: Type.Optional(Type.String({ maxLength: 100 })),
    exam_kind: Type.Optional(Type.String({ maxLength: 20 })),
    /**
     * 'session' (default): one event per session; 'slot': one event per day, time, kind and licence type with the
     * counts of its sessions (a week across branches); 'day': one event per day, kind and licence type
     */
    group: Type.Optional(Type.Union([Type.Literal('session'), Type.Literal('slot'), Type.Literal('day')])),
  },
  closed,
);
export type CalendarQuery = Static<typeof CalendarQuery>;

/** exam/examiners: the staff who may examine a branch's sessions (its own active employees and the head office's). */
export const ExaminerQuery = Type.Object({ branch_id: Id() }, closed);
export const ExaminerOption = Type.Object({
  value: Type.Integer(),
  name: Type.String(),
  position: Type.String(),
  branch_name: Type.String(),
});
export type ExaminerOption = Static<typeof ExaminerOption>;

export const CustomerExamQuery = Type.Object({ customer_id: Id() }, closed);
export const RosterBody = Type.Object({ session_id: Id() }, closed);

// ---- responses ----
export const ExamSession = Type.Object(
  {
    session_id: Type.Integer(),
    branch_id: Type.Integer(),
    branch_name: Type.String(),
    exam_date: Type.String(),
    start_time: Type.String(),
    kind: Type.String(),
    kind_name: Type.String(),
    course_type: Type.String(),
    capacity: Type.Integer(),
    booked: Type.Integer(),
    free: Type.Integer(),
    place: Type.String(),
    examiner: Type.String(),
    examiner_id: Nullable(Type.Integer()),
    note: Type.String(),
    passed: Type.Integer(),
    failed: Type.Integer(),
    recorded: Type.Integer(),
  },
  open,
);
export type ExamSession = Static<typeof ExamSession>;

export const ExamAttempt = Type.Object(
  {
    attempt_id: Type.Integer(),
    session_id: Type.Integer(),
    line_id: Type.Integer(),
    application_id: Type.Integer(),
    application_code: Type.String(),
    customer_id: Type.Integer(),
    customer_name: Type.String(),
    idcard: Type.String(),
    course_name: Type.String(),
    course_type: Type.String(),
    exam_date: Type.String(),
    start_time: Type.String(),
    kind: Type.String(),
    kind_name: Type.String(),
    branch_id: Type.Integer(),
    branch_name: Type.String(),
    status: Type.String(),
    status_name: Type.String(),
    theory_score: Nullable(Type.Integer()),
    theory_total: Nullable(Type.Integer()),
    practical: Type.Unknown(),
    place: Type.String(),
    recorded_by_name: Type.String(),
    note: Type.String(),
  },
  open,
);
export type ExamAttempt = Static<typeof ExamAttempt>;

export const ExamTableFilter = Type.Object(
  { branch: Type.Array(Option), status: Type.Array(Option), type: Type.Array(Option), exam_kind: Type.Array(Option) },
  open,
);

export const PermissionRow = Type.Object(
  {
    line_id: Type.Integer(),
    application_id: Type.Integer(),
    application_code: Type.String(),
    customer_id: Type.Integer(),
    customer_name: Type.String(),
    idcard: Type.String(),
    phone_1: Type.String(),
    course_name: Type.String(),
    course_type: Type.String(),
    exam_date: Nullable(Type.String()),
    permission_date: Type.String(),
    is_active: Type.Boolean(),
    status: Type.String(),
    days_left: Type.Integer(),
    passed: Type.Boolean(),
    branch_id: Type.Integer(),
    branch_name: Type.String(),
    createdAt: Type.String(),
  },
  open,
);
export type PermissionRow = Static<typeof PermissionRow>;

/** A session with its booked students (exam/session/list). */
export const SessionWithStudents = Type.Object({ ...ExamSession.properties, students: Type.Array(ExamAttempt) }, open);
export type SessionWithStudents = Static<typeof SessionWithStudents>;

/** exam/session/get: a session, its students, the manoeuvres of its practical exam and the theory pass mark. */
export const SessionDetail = Type.Object(
  {
    ...SessionWithStudents.properties,
    manoeuvres: Type.Array(Type.Object({ evaluate_id: Type.Integer(), title: Type.String() }, closed)),
    theory_questions: Type.Integer(),
    theory_pass_mark: Type.Integer(),
  },
  open,
);
export type SessionDetail = Static<typeof SessionDetail>;

/** exam/book: the seat taken and the session's seats after it. */
export const Booking = Type.Object(
  { attempt_id: Type.Integer(), session_id: Type.Integer(), booked: Type.Integer(), capacity: Type.Integer() },
  closed,
);
export type Booking = Static<typeof Booking>;

/** exam/home: today's sessions and the permissions ending within the warning days. */
export const ExamHome = Type.Object(
  {
    today: Type.Array(ExamSession),
    expiring: Type.Array(PermissionRow),
    expiring_total: Type.Integer(),
    warn_days: Type.Integer(),
  },
  closed,
);
export type ExamHome = Static<typeof ExamHome>;

/** A course line of application/getforpermission and getformanageExam: its permission, money and latest exam. */
export const ExamApplicationLine = Type.Object(
  {
    ...PermissionRow.properties,
    cost: Type.String(),
    discount: Type.String(),
    last_status: Nullable(Type.String()),
    last_status_name: Nullable(Type.String()),
  },
  open,
);
export type ExamApplicationLine = Static<typeof ExamApplicationLine>;

/** A row of application/getforpermission and getformanageExam: a live course registration and its lines. */
export const ExamApplicationRow = Type.Object(
  {
    application_id: Type.Integer(),
    application_code: Type.String(),
    status: Type.String(),
    total: Type.String(),
    discount: Type.String(),
    net: Type.String(),
    paid: Type.String(),
    balance: Type.String(),
    customer_id: Type.Integer(),
    customer_name: Type.String(),
    idcard: Type.String(),
    phone_1: Type.String(),
    branch_id: Type.Integer(),
    branch_name: Type.String(),
    createdAt: Type.String(),
    course: Type.Array(ExamApplicationLine),
    other_fee: Type.Array(Type.Unknown(), {
      maxItems: 0,
      description: 'other fees take no exam: always empty (SPEC’s shape)',
    }),
  },
  closed,
);
export type ExamApplicationRow = Static<typeof ExamApplicationRow>;

export const PermissionHistoryRow = Type.Object(
  {
    history_id: Type.Integer(),
    line_id: Type.Integer(),
    action: Type.String(),
    action_name: Type.String(),
    old_value: Type.String(),
    new_value: Type.String(),
    reason: Type.String(),
    user_name: Type.String(),
    createdAt: Type.String(),
    request_application_id: Nullable(Type.Integer()),
  },
  open,
);
export type PermissionHistoryRow = Static<typeof PermissionHistoryRow>;

export const PermissionDetail = Type.Object(
  {
    application_id: Type.Integer(),
    application_code: Type.String(),
    customer_name: Type.String(),
    idcard: Type.String(),
    status: Type.String(),
    balance: Type.String(),
    branch_id: Type.Integer(),
    branch_name: Type.String(),
    lines: Type.Array(
      Type.Object(
        { ...PermissionRow.properties, history: Type.Array(PermissionHistoryRow), attempts: Type.Array(ExamAttempt) },
        open,
      ),
    ),
    /** the request fees an extension and a change of date carry at this branch (null: none set) */
    fees: Type.Object({
      extend: Nullable(Type.Object({ other_fee_id: Type.Integer(), name: Type.String(), price: Type.String() })),
      changedate: Nullable(Type.Object({ other_fee_id: Type.Integer(), name: Type.String(), price: Type.String() })),
    }),
  },
  open,
);
export type PermissionDetail = Static<typeof PermissionDetail>;

export const CalendarEvent = Type.Object(
  {
    id: Type.String(),
    title: Type.String(),
    /** the day (YYYY-MM-DD) of an all-day event, the day and time (ISO, +07:00) of a session or a slot */
    start: Type.String(),
    allDay: Type.Boolean(),
    color: Type.String(),
    extendedProps: Type.Object(
      {
        session_id: Nullable(Type.Integer()),
        kind: Nullable(Type.String()),
        course_type: Nullable(Type.String()),
        branch_id: Nullable(Type.Integer()),
        sessions: Type.Integer(),
        capacity: Type.Integer(),
        booked: Type.Integer(),
        passed: Type.Integer(),
        failed: Type.Integer(),
        branch_name: Type.Optional(Type.String({ description: 'a session: its branch' })),
        place: Type.Optional(Type.String({ description: 'a session: where it is held' })),
      },
      closed,
    ),
  },
  closed,
);
export type CalendarEvent = Static<typeof CalendarEvent>;

export const ExamSettings = Type.Object(
  {
    exam_needs_full_payment: Type.Boolean(),
    exam_theory_questions: Type.Integer(),
    exam_theory_pass_mark: Type.Integer(),
    exam_retake_wait_days: Type.Integer(),
    exam_permission_days: Type.Integer(),
    exam_permission_warn_days: Type.Integer(),
    exam_min_training_hours: Type.Record(Type.String(), Type.Integer()),
    exam_extend_fee_id: Nullable(Type.Integer()),
    exam_changedate_fee_id: Nullable(Type.Integer()),
  },
  open,
);
export type ExamSettings = Static<typeof ExamSettings>;

/** Exam-rule settings as settings/update accepts them (all optional: the form sends what it shows). */
export const ExamSettingsInput = {
  exam_needs_full_payment: Type.Optional(Type.Boolean()),
  exam_theory_questions: Type.Optional(Type.Integer({ minimum: 1, maximum: 200 })),
  exam_theory_pass_mark: Type.Optional(Type.Integer({ minimum: 1, maximum: 200 })),
  exam_retake_wait_days: Type.Optional(Type.Integer({ minimum: 0, maximum: 365 })),
  exam_permission_days: Type.Optional(Type.Integer({ minimum: 1, maximum: 3650 })),
  exam_permission_warn_days: Type.Optional(Type.Integer({ minimum: 1, maximum: 365 })),
  exam_min_training_hours: Type.Optional(
    Type.Record(Type.String({ maxLength: 100 }), Type.Integer({ minimum: 0, maximum: 1000 })),
  ),
  exam_extend_fee_id: Type.Optional(Nullable(Id())),
  exam_changedate_fee_id: Type.Optional(Nullable(Id())),
};

/** exam/settings: the exam-rule block of the school settings, alone. */
export const ExamSettingsBody = Type.Object(ExamSettingsInput, closed);
export type ExamSettingsBody = Static<typeof ExamSettingsBody>;

export const EXAM_KIND_NAMES: Record<string, string> = { theory: 'ภาคทฤษฎี', practical: 'ภาคปฏิบัติ' };
export const EXAM_STATUS_NAMES: Record<string, string> = {
  booked: 'รอสอบ',
  passed: 'สอบผ่าน',
  failed: 'สอบไม่ผ่าน',
  absent: 'ขาดสอบ',
  cancelled: 'ยกเลิก',
};
export const PERMISSION_STATUS = {
  active: 'ใช้ได้',
  expiring: 'ใกล้หมดอายุ',
  expired: 'หมดอายุ',
  disabled: 'ระงับ',
  passed: 'สอบผ่านแล้ว',
} as const;
