/**
 * The lessons' documents: an instructor's day sheet and the monthly training report a certified school sends the
 * Department of Land Transport (students trained with their hours per licence type, theory and practice; the
 * instructors and vehicles used). Minutes cross the API as integers; the documents print hours.
 */
import { Type, type Static } from 'typebox';
import { Nullable } from './common.js';

const open = { additionalProperties: true } as const;

export const ReportStudent = Type.Object(
  {
    customer_id: Type.Integer(),
    customer_name: Type.String(),
    idcard: Type.String(),
    application_code: Type.String(),
    course_name: Type.String(),
    course_type: Type.String(),
    /** minutes of the month, completed lessons only */
    theory_minutes: Type.Integer(),
    practice_minutes: Type.Integer(),
    /** minutes completed since registration up to the end of the month, against the course's hours */
    theory_total: Type.Integer(),
    practice_total: Type.Integer(),
    theory_required: Type.Integer(),
    practice_required: Type.Integer(),
    first_date: Type.String(),
    last_date: Type.String(),
  },
  open,
);
export const ReportType = Type.Object(
  {
    course_type: Type.String(),
    students: Type.Integer(),
    theory_minutes: Type.Integer(),
    practice_minutes: Type.Integer(),
  },
  open,
);
export const ReportInstructor = Type.Object(
  {
    instructor_id: Type.Integer(),
    name: Type.String(),
    idcard: Type.String(),
    theory_minutes: Type.Integer(),
    practice_minutes: Type.Integer(),
    lessons: Type.Integer(),
    students: Type.Integer(),
  },
  open,
);
export const ReportVehicle = Type.Object(
  {
    vehicle_id: Type.Integer(),
    plate: Type.String(),
    type: Type.String(),
    lessons: Type.Integer(),
    practice_minutes: Type.Integer(),
  },
  open,
);
export const LessonMonthReport = Type.Object(
  {
    branch_id: Type.Integer(),
    branch_name: Type.String(),
    month: Type.String(),
    students: Type.Array(ReportStudent),
    types: Type.Array(ReportType),
    instructors: Type.Array(ReportInstructor),
    vehicles: Type.Array(ReportVehicle),
    totals: Type.Object(
      {
        students: Type.Integer(),
        theory_minutes: Type.Integer(),
        practice_minutes: Type.Integer(),
        lessons: Type.Integer(),
      },
      open,
    ),
  },
  open,
);
export type LessonMonthReport = Static<typeof LessonMonthReport>;

export const DaysheetLesson = Type.Object(
  {
    lesson_id: Type.Integer(),
    kind: Type.String(),
    state: Type.String(),
    start_time: Type.String(),
    end_time: Type.String(),
    minutes: Type.Integer(),
    course_type: Type.String(),
    customer_name: Type.String(),
    phone: Type.String(),
    application_code: Type.String(),
    vehicle: Type.String(),
    room: Type.String(),
    pickup: Type.String(),
    note: Type.String(),
    /** a class: its students */
    seats: Nullable(Type.Array(Type.Object({ customer_name: Type.String(), application_code: Type.String() }, open))),
  },
  open,
);
export const Daysheet = Type.Object(
  {
    instructor_id: Type.Integer(),
    instructor_name: Type.String(),
    branch_name: Type.String(),
    date: Type.String(),
    lessons: Type.Array(DaysheetLesson),
  },
  open,
);
export type Daysheet = Static<typeof Daysheet>;
