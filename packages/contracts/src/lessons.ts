/**
 * Lessons: the school's timetable — practical lessons (student × instructor × vehicle), theory classes in rooms and
 * the students' seats in them, check-in, completion, the hours ledger of a course line, instructor availability and
 * rates. Request and response schemas once, for the server's routes and (through Static<>) the web.
 *
 * Times cross the API as a Bangkok day (`date`, CE YYYY-MM-DD) and wall-clock times (`start_time`, `end_time`,
 * HH:MM); answers carry both the ISO instant (`starts_at`, `ends_at`) and those Bangkok fields.
 */
import { Type, type Static, type TSchema } from 'typebox';
import { Id, IsoDate, IsoDateFilter, Money, Nullable, Option, TableQuery, Text } from './common.js';

const open = { additionalProperties: true } as const;
const closed = { additionalProperties: false } as const;

export const ClockTime = () => Type.String({ pattern: '^([01]\\d|2[0-3]):[0-5]\\d$', maxLength: 5 });
const Reason = () => Type.String({ minLength: 1, maxLength: 500 });

export const LessonKind = Type.Union([Type.Literal('practice'), Type.Literal('class'), Type.Literal('seat')]);
export type LessonKind = Static<typeof LessonKind>;
export const LessonState = Type.Union([
  Type.Literal('booked'),
  Type.Literal('checked_in'),
  Type.Literal('done'),
  Type.Literal('cancelled'),
  Type.Literal('no_show'),
]);
export type LessonState = Static<typeof LessonState>;
/** Thai names of the states, for tags and lists */
export const LESSON_STATE_NAMES: Record<LessonState, string> = {
  booked: 'จองแล้ว',
  checked_in: 'มาเรียนแล้ว',
  done: 'เรียนจบ',
  cancelled: 'ยกเลิก',
  no_show: 'ขาดเรียน',
};
export const LESSON_KIND_NAMES: Record<LessonKind, string> = {
  practice: 'ภาคปฏิบัติ',
  class: 'ชั้นเรียนภาคทฤษฎี',
  seat: 'ภาคทฤษฎี',
};

// ---------------------------------------------------------------- booking and changes

/** lesson/create: a practical lesson of a student's course line. */
export const LessonCreateBody = Type.Object(
  {
    line_id: Id(),
    instructor_id: Id(),
    vehicle_id: Id(),
    date: IsoDate(),
    start_time: ClockTime(),
    end_time: ClockTime(),
    pickup: Type.Optional(Text(200)),
    note: Type.Optional(Text(500)),
  },
  closed,
);
export type LessonCreateBody = Static<typeof LessonCreateBody>;

/** lesson/update: move (date, times) or reassign (instructor, vehicle) a booked lesson or class; absent = unchanged. */
export const LessonUpdateBody = Type.Object(
  {
    lesson_id: Id(),
    date: Type.Optional(IsoDate()),
    start_time: Type.Optional(ClockTime()),
    end_time: Type.Optional(ClockTime()),
    instructor_id: Type.Optional(Id()),
    vehicle_id: Type.Optional(Id()),
    room_id: Type.Optional(Id()),
    pickup: Type.Optional(Text(200)),
    note: Type.Optional(Text(500)),
  },
  closed,
);
export type LessonUpdateBody = Static<typeof LessonUpdateBody>;

/** lesson/cancel: by the school (never charged) or by the student (charged when later than the free notice). */
export const LessonCancelBody = Type.Object(
  {
    lesson_id: Id(),
    by: Type.Union([Type.Literal('school'), Type.Literal('student')]),
    reason: Reason(),
    /** a manager waives the charge of a late cancellation, with waive_reason */
    waive: Type.Optional(Type.Boolean()),
    waive_reason: Type.Optional(Text(500)),
  },
  closed,
);
export type LessonCancelBody = Static<typeof LessonCancelBody>;

/** lesson/noshow: the student did not come; charged unless a manager waives it with a reason. */
export const LessonNoShowBody = Type.Object(
  {
    lesson_id: Id(),
    waive: Type.Optional(Type.Boolean()),
    waive_reason: Type.Optional(Text(500)),
  },
  closed,
);
export type LessonNoShowBody = Static<typeof LessonNoShowBody>;

/**
 * lesson/checkin: by lesson id (staff, `reason` required: audited), or by the national ID read from the card at the
 * desk of a branch (`national_id` + `branch_id`: the student's — or the instructor's — lesson of the hour).
 */
export const LessonCheckinBody = Type.Object(
  {
    lesson_id: Type.Optional(Id()),
    national_id: Type.Optional(Type.String({ pattern: '^\\d{13}$', maxLength: 13 })),
    branch_id: Type.Optional(Id()),
    /** who arrives when checking in by lesson id: the student (default) or the instructor */
    who: Type.Optional(Type.Union([Type.Literal('student'), Type.Literal('instructor')])),
    reason: Type.Optional(Text(500)),
  },
  closed,
);
export type LessonCheckinBody = Static<typeof LessonCheckinBody>;

/** lesson/complete: credit the hours; optional levels against the licence type's evaluation criteria. */
export const LessonCompleteBody = Type.Object(
  {
    lesson_id: Id(),
    results: Type.Optional(
      Type.Array(Type.Object({ evaluate_id: Id(), level: Type.Integer({ minimum: 0, maximum: 100 }) }, closed), {
        maxItems: 100,
      }),
    ),
    note: Type.Optional(Text(500)),
  },
  closed,
);
export type LessonCompleteBody = Static<typeof LessonCompleteBody>;

// ---------------------------------------------------------------- theory classes and rooms

export const ClassCreateBody = Type.Object(
  {
    branch_id: Id(),
    room_id: Id(),
    instructor_id: Id(),
    course_type: Type.String({ minLength: 1, maxLength: 100 }),
    date: IsoDate(),
    start_time: ClockTime(),
    end_time: ClockTime(),
    /** seats; absent = the room's capacity (never more) */
    capacity: Type.Optional(Type.Integer({ minimum: 1, maximum: 500 })),
    note: Type.Optional(Text(500)),
  },
  closed,
);
export type ClassCreateBody = Static<typeof ClassCreateBody>;
export const ClassEnrollBody = Type.Object(
  { class_id: Id(), line_ids: Type.Array(Id(), { minItems: 1, maxItems: 200 }) },
  closed,
);
export type ClassEnrollBody = Static<typeof ClassEnrollBody>;

export const RoomBody = Type.Object(
  {
    branch_id: Id(),
    name: Type.String({ minLength: 1, maxLength: 100 }),
    capacity: Type.Integer({ minimum: 1, maximum: 500 }),
  },
  closed,
);
export type RoomBody = Static<typeof RoomBody>;
export const RoomUpdateBody = Type.Object({ room_id: Id(), ...RoomBody.properties }, closed);
export type RoomUpdateBody = Static<typeof RoomUpdateBody>;

// ---------------------------------------------------------------- lists and the timetable

export const LessonTableQuery = Type.Object(
  {
    ...TableQuery.properties,
    instructor: Type.Optional(Type.String({ maxLength: 50 })),
    vehicle: Type.Optional(Type.String({ maxLength: 50 })),
    customer: Type.Optional(Type.String({ maxLength: 50 })),
    line: Type.Optional(Type.String({ maxLength: 50 })),
    kind: Type.Optional(Type.String({ maxLength: 20 })),
    /** a theory class: the class and its seats */
    class: Type.Optional(Type.String({ maxLength: 50 })),
  },
  closed,
);
export type LessonTableQuery = Static<typeof LessonTableQuery>;

/** A lesson as the lists and lesson/get show it (the timetable draws a leaner one: TimetableLessons). */
export const LessonRow = Type.Object(
  {
    lesson_id: Type.Integer(),
    branch_id: Type.Integer(),
    branch_name: Type.String(),
    kind: LessonKind,
    state: LessonState,
    starts_at: Type.String(),
    ends_at: Type.String(),
    /** Bangkok day and clock times */
    date: Type.String(),
    start_time: Type.String(),
    end_time: Type.String(),
    minutes: Type.Integer(),
    course_type: Type.String(),
    line_id: Nullable(Type.Integer()),
    application_id: Nullable(Type.Integer()),
    application_code: Type.String(),
    customer_id: Nullable(Type.Integer()),
    customer_name: Type.String(),
    instructor_id: Nullable(Type.Integer()),
    instructor_name: Type.String(),
    vehicle_id: Nullable(Type.Integer()),
    vehicle_name: Type.String(),
    room_id: Nullable(Type.Integer()),
    room_name: Type.String(),
    class_id: Nullable(Type.Integer()),
    capacity: Nullable(Type.Integer()),
    enrolled: Type.Integer(),
    pickup: Type.String(),
    note: Type.String(),
    charged: Type.Boolean(),
    cancel_by: Nullable(Type.String()),
    cancel_reason: Type.String(),
    checked_in_at: Nullable(Type.String()),
    checkin_method: Nullable(Type.String()),
    instructor_checked_in_at: Nullable(Type.String()),
  },
  open,
);
export type LessonRow = Static<typeof LessonRow>;

export const TimetableQuery = Type.Object(
  {
    branch_id: Id(),
    date_from: IsoDate('any'),
    date_to: IsoDate('any'),
    resource: Type.Optional(Type.Union([Type.Literal('instructor'), Type.Literal('vehicle')])),
  },
  closed,
);
export type TimetableQuery = Static<typeof TimetableQuery>;
export const TimetableResource = Type.Object(
  {
    id: Type.Integer(),
    name: Type.String(),
    /** vehicles: 'car' | 'motorcycle'; instructors: their position */
    detail: Type.String(),
    /** why the resource cannot be booked in the period, if it cannot at all (vehicle out of service), else '' */
    unavailable: Type.String(),
    /** instructors: working hours per day of the period ({ date, start_time, end_time }), leave days excluded */
    hours: Type.Array(Type.Object({ date: Type.String(), start_time: Type.String(), end_time: Type.String() }, open)),
    /** instructors: leave days of the period */
    leave: Type.Array(Type.Object({ date: Type.String(), reason: Type.String() }, open)),
  },
  open,
);
const column = <T extends TSchema>(t: T) => Type.Array(t);
/** a whole number or none (OpenAPI's nullable: one type, where a union would be tried value by value when written) */
const IntOrNull = () => Type.Unsafe<number | null>({ type: 'integer', nullable: true });
/**
 * The period's lessons as the timetable draws them, column by column: lesson i is item i of every column (a
 * branch-week is some 2,000 lessons; the keys written once keep the answer a third the size of rows). Each has its
 * Bangkok day and times, state, licence type and who by id (the names once per id in the timetable's `names`), a
 * class its room and seats. A click opens the lesson itself (lesson/get).
 */
export const TimetableLessons = Type.Object(
  {
    lesson_id: column(Type.Integer()),
    kind: column(Type.Unsafe<LessonKind>({ type: 'string', enum: ['practice', 'class', 'seat'] })),
    state: column(Type.Unsafe<LessonState>({ type: 'string', enum: Object.keys(LESSON_STATE_NAMES) })),
    date: column(Type.String()),
    start_time: column(Type.String()),
    end_time: column(Type.String()),
    course_type: column(Type.String()),
    customer_id: column(IntOrNull()),
    /** the lesson's own instructor and vehicle (its column on the grid; a seat has neither) */
    instructor_id: column(IntOrNull()),
    vehicle_id: column(IntOrNull()),
    /** who teaches it: its instructor, a seat's class's (the name shown) */
    teacher_id: column(IntOrNull()),
    /** a class's room ('' for the others) */
    room_name: column(Type.String()),
    capacity: column(IntOrNull()),
    enrolled: column(Type.Integer()),
  },
  closed,
);
export type TimetableLessons = Static<typeof TimetableLessons>;
/** One lesson of the timetable's columns. */
export type TimetableLesson = { [K in keyof TimetableLessons]: TimetableLessons[K][number] };
const IdName = Type.Object({ id: Type.Integer(), name: Type.String() }, closed);
export const Timetable = Type.Object(
  {
    resource: Type.String(),
    day_start: Type.String(),
    day_end: Type.String(),
    resources: Type.Array(TimetableResource),
    lessons: TimetableLessons,
    /** the names of the students, instructors and vehicles the lessons name, each once */
    names: Type.Object(
      { customers: Type.Array(IdName), instructors: Type.Array(IdName), vehicles: Type.Array(IdName) },
      open,
    ),
  },
  open,
);
export type Timetable = Static<typeof Timetable>;

// ---------------------------------------------------------------- the hours ledger

/** Minutes of one part (theory or practice) of a course line. remaining = included + extra − booked − delivered − charged. */
export const HoursPart = Type.Object(
  {
    included: Type.Integer(),
    extra: Type.Integer(),
    booked: Type.Integer(),
    delivered: Type.Integer(),
    charged: Type.Integer(),
    remaining: Type.Integer(),
    /** hours typed on evaluations before the lessons module: recorded history, shown apart */
    recorded: Type.Integer(),
  },
  open,
);
export const LineHours = Type.Object(
  {
    line_id: Type.Integer(),
    course_name: Type.String(),
    course_type: Type.String(),
    theory: HoursPart,
    practice: HoursPart,
  },
  open,
);
export type LineHours = Static<typeof LineHours>;

// ---------------------------------------------------------------- availability and rates

export const AvailabilityQuery = Type.Object(
  {
    branch_id: Id(),
    instructor_id: Type.Optional(Id()),
    date_from: Type.Optional(IsoDateFilter()),
    date_to: Type.Optional(IsoDateFilter()),
  },
  closed,
);
export const WeeklyHour = Type.Object(
  { weekday: Type.Integer({ minimum: 0, maximum: 6 }), start_time: ClockTime(), end_time: ClockTime() },
  closed,
);
export const LeaveDay = Type.Object({ date: IsoDate(), reason: Type.Optional(Text(200)) }, closed);
export const RateLine = Type.Object(
  {
    course_type: Type.String({ minLength: 1, maxLength: 100 }),
    part: Type.Union([Type.Literal('practice'), Type.Literal('theory')]),
    rate: Money(),
    valid_from: IsoDate(),
  },
  closed,
);
/** lesson/availability/update: an instructor's whole weekly pattern at a branch, leave days and rates (replaced). */
export const AvailabilityUpdateBody = Type.Object(
  {
    branch_id: Id(),
    instructor_id: Id(),
    hours: Type.Array(WeeklyHour, { maxItems: 50 }),
    leave: Type.Optional(Type.Array(LeaveDay, { maxItems: 400 })),
    rates: Type.Optional(Type.Array(RateLine, { maxItems: 100 })),
  },
  closed,
);
export type AvailabilityUpdateBody = Static<typeof AvailabilityUpdateBody>;
export const InstructorAvailability = Type.Object(
  {
    instructor_id: Type.Integer(),
    name: Type.String(),
    position: Type.String(),
    hours: Type.Array(
      Type.Object({ weekday: Type.Integer(), start_time: Type.String(), end_time: Type.String() }, open),
    ),
    leave: Type.Array(Type.Object({ date: Type.String(), reason: Type.String() }, open)),
    rates: Type.Array(
      Type.Object(
        { course_type: Type.String(), part: Type.String(), rate: Type.String(), valid_from: Type.String() },
        open,
      ),
    ),
  },
  open,
);
export type InstructorAvailability = Static<typeof InstructorAvailability>;

// ---------------------------------------------------------------- documents and settings

export const DaysheetBody = Type.Object({ instructor_id: Id(), date: IsoDate() }, closed);
export const LessonReportBody = Type.Object(
  { branch_id: Id(), month: Type.String({ pattern: '^\\d{4}-(0[1-9]|1[0-2])$', maxLength: 7 }) },
  closed,
);
export type LessonReportBody = Static<typeof LessonReportBody>;

export const LessonSettings = Type.Object(
  {
    free_cancel_hours: Type.Integer({ minimum: 0, maximum: 720 }),
    min_paid_percent: Type.Integer({ minimum: 0, maximum: 100 }),
    day_start: ClockTime(),
    day_end: ClockTime(),
    max_practice_minutes: Type.Integer({ minimum: 15, maximum: 1440 }),
    max_class_minutes: Type.Integer({ minimum: 15, maximum: 1440 }),
  },
  closed,
);
export type LessonSettings = Static<typeof LessonSettings>;

// ---------------------------------------------------------------- answers and small queries of the routes

/** lesson/gettable's dropdowns (ทั้งหมด first). */
export const LessonTableFilter = Type.Object(
  {
    branch: Type.Array(Option),
    status: Type.Array(Option),
    kind: Type.Array(Option),
  },
  open,
);

/** lesson/checkin's answer: the lesson, whose arrival it was, and whether it had been recorded before (a second desk). */
export const LessonCheckinResult = Type.Object(
  {
    lesson: LessonRow,
    who: Type.Union([Type.Literal('student'), Type.Literal('instructor')]),
    already: Type.Boolean(),
  },
  open,
);
export type LessonCheckinResult = Static<typeof LessonCheckinResult>;

export const ClassEnrollResult = Type.Object(
  {
    class_id: Type.Integer(),
    enrolled: Type.Integer(),
    capacity: Type.Integer(),
    seat_ids: Type.Array(Type.Integer()),
  },
  open,
);
export type ClassEnrollResult = Static<typeof ClassEnrollResult>;

export const LessonRoom = Type.Object(
  {
    room_id: Type.Integer(),
    branch_id: Type.Integer(),
    branch_name: Type.String(),
    name: Type.String(),
    capacity: Type.Integer(),
  },
  open,
);
export type LessonRoom = Static<typeof LessonRoom>;
export const RoomQuery = Type.Object({ branch_id: Id() }, closed);
export const RoomDeleteBody = Type.Object({ room_id: Id() }, closed);
export const LineHoursParams = Type.Object({ line_id: Id() }, closed);
