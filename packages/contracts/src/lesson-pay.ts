/**
 * Instructor pay from lessons: each completed lesson hour at the instructor's dated rate for its licence type and part
 * becomes a proposed rate × hours income line on the instructor's payroll sheet of the month (one line per rate), and
 * the sheet can open the lessons behind the figure.
 */
import { Type, type Static } from 'typebox';
import { Id, Nullable } from './common.js';
import { Month } from './payroll.js';

const open = { additionalProperties: true } as const;
const closed = { additionalProperties: false } as const;

export const LessonPayQuery = Type.Object(
  {
    /** the payroll sheet's branch: its people */
    branch_id: Id(),
    month: Month(),
    user_id: Type.Optional(Id()),
  },
  closed,
);
export type LessonPayQuery = Static<typeof LessonPayQuery>;

export const LessonPayLine = Type.Object(
  {
    /** baht per hour */
    rate: Type.String(),
    minutes: Type.Integer(),
    /** hours, 2 decimals, as the sheet's quantity */
    hours: Type.String(),
    amount: Type.String(),
    lessons: Type.Integer(),
  },
  open,
);

export const LessonPayLesson = Type.Object(
  {
    lesson_id: Type.Integer(),
    date: Type.String(),
    start_time: Type.String(),
    end_time: Type.String(),
    kind: Type.String(),
    part: Type.String(),
    course_type: Type.String(),
    /** the student (practice) or the room (class) */
    who: Type.String(),
    branch_name: Type.String(),
    minutes: Type.Integer(),
    /** null: no rate for the licence type and part on that day (not paid until one is recorded) */
    rate: Nullable(Type.String()),
  },
  open,
);

export const LessonPay = Type.Object(
  {
    user_id: Type.Integer(),
    name: Type.String(),
    month: Type.String(),
    lines: Type.Array(LessonPayLine),
    minutes: Type.Integer(),
    amount: Type.String(),
    /** the lessons behind the figure (only when one instructor is asked for) */
    lessons: Type.Array(LessonPayLesson),
    /** completed lessons with no rate on their day */
    unrated: Type.Integer(),
  },
  open,
);
export type LessonPay = Static<typeof LessonPay>;
