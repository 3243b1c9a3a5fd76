import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, smallint, text } from 'drizzle-orm/pg-core';
import { branches, day, money, ts, users } from './core.js';
import { applicationCourses, applications, customers } from './money.js';
import { vehicles } from './fleet.js';

/**
 * The lessons module's school settings (one row, id = 1): every number of a lesson rule lives here, none in code.
 */
export const lessonSettings = pgTable('lesson_settings', {
  id: integer('id').primaryKey().default(1),
  /** a cancellation by the student at least this many hours before the start is free; later ones are charged */
  free_cancel_hours: integer('free_cancel_hours').notNull().default(24),
  /** before a course line's first practical lesson it must have paid at least this share of its price (0 = no rule) */
  min_paid_percent: integer('min_paid_percent').notNull().default(0),
  /** the school day: lessons start at or after day_start and end at or before day_end (HH:MM, Bangkok) */
  day_start: text('day_start').notNull().default('07:00'),
  day_end: text('day_end').notNull().default('20:00'),
  /** the longest practical lesson and the longest theory class, in minutes */
  max_practice_minutes: integer('max_practice_minutes').notNull().default(240),
  max_class_minutes: integer('max_class_minutes').notNull().default(420),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/** A classroom of a branch for theory classes, with the number of seats. */
export const lessonRooms = pgTable(
  'lesson_rooms',
  {
    room_id: integer('room_id').primaryKey().generatedAlwaysAsIdentity(),
    branch_id: integer('branch_id')
      .notNull()
      .references(() => branches.branch_id),
    name: text('name').notNull(),
    capacity: integer('capacity').notNull(),
    is_delete: boolean('is_delete').notNull().default(false),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('lesson_rooms_branch').on(t.branch_id),
    check('lesson_rooms_capacity', sql`${t.capacity} between 1 and 500`),
  ],
);

/**
 * One row of the timetable. kind:
 * - 'practice': a practical lesson — one student's course line, an instructor and a vehicle;
 * - 'class': a theory class — an instructor in a room, with `capacity` seats of which `enrolled` are taken;
 * - 'seat': one student's place in a class (class_id), carrying the student's course line.
 * state: 'booked' (จองแล้ว) → 'checked_in' (มาเรียนแล้ว) → 'done' (เรียนจบ, hours credited), or 'cancelled' (ยกเลิก)
 * or 'no_show' (ขาดเรียน). The live states (booked, checked_in, done) hold their instructor, vehicle, student and room:
 * the exclusion constraints of the migration refuse two live rows of one of them over overlapping times.
 */
export const lessons = pgTable(
  'lessons',
  {
    lesson_id: integer('lesson_id').primaryKey().generatedAlwaysAsIdentity(),
    branch_id: integer('branch_id')
      .notNull()
      .references(() => branches.branch_id),
    kind: text('kind').notNull(),
    state: text('state').notNull().default('booked'),
    starts_at: ts('starts_at').notNull(),
    ends_at: ts('ends_at').notNull(),
    /** ends_at − starts_at in minutes: the hours a completed lesson credits (and a charged one uses) */
    minutes: integer('minutes').notNull(),
    /** the licence type (course_types.name): of the line for practice and seats, of the class for a class */
    course_type: text('course_type').notNull(),
    /** practice and seat rows: the student's course line, its application and customer */
    line_id: integer('line_id').references(() => applicationCourses.line_id),
    application_id: integer('application_id').references(() => applications.application_id),
    customer_id: integer('customer_id').references(() => customers.customer_id),
    /** practice and class rows (a seat's instructor is its class's) */
    instructor_id: integer('instructor_id').references(() => users.user_id),
    /** practice rows */
    vehicle_id: integer('vehicle_id').references(() => vehicles.vehicle_id),
    /** class rows */
    room_id: integer('room_id').references(() => lessonRooms.room_id),
    capacity: integer('capacity'),
    enrolled: integer('enrolled').notNull().default(0),
    /** seat rows: the class */
    class_id: integer('class_id'),
    pickup: text('pickup').notNull().default(''),
    note: text('note').notNull().default(''),
    /** cancelled: 'school' | 'student'; the reason */
    cancel_by: text('cancel_by'),
    cancel_reason: text('cancel_reason').notNull().default(''),
    /** a late cancellation by the student or a no-show uses the line's hours unless a manager waived it */
    charged: boolean('charged').notNull().default(false),
    waive_reason: text('waive_reason').notNull().default(''),
    waived_by: integer('waived_by').references(() => users.user_id),
    checked_in_at: ts('checked_in_at'),
    /** 'card' (the national ID card read at the desk) | 'manual' (by staff, with checkin_reason) */
    checkin_method: text('checkin_method'),
    checkin_reason: text('checkin_reason').notNull().default(''),
    checked_in_by: integer('checked_in_by').references(() => users.user_id),
    instructor_checked_in_at: ts('instructor_checked_in_at'),
    instructor_checkin_method: text('instructor_checkin_method'),
    completed_at: ts('completed_at'),
    completed_by: integer('completed_by').references(() => users.user_id),
    /** the evaluation recorded with the completion, if any (student_evaluations.evaluation_id) */
    evaluation_id: integer('evaluation_id'),
    created_by: integer('created_by')
      .notNull()
      .references(() => users.user_id),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('lessons_kind', sql`${t.kind} in ('practice', 'class', 'seat')`),
    check('lessons_state', sql`${t.state} in ('booked', 'checked_in', 'done', 'cancelled', 'no_show')`),
    check('lessons_time', sql`${t.ends_at} > ${t.starts_at}`),
    check('lessons_seats', sql`${t.enrolled} >= 0 and (${t.capacity} is null or ${t.enrolled} <= ${t.capacity})`),
    index('lessons_branch_start').on(t.branch_id, t.starts_at),
    // the list over every branch, newest first; the theory classes by date (the list's class filter)
    index('lessons_start').on(t.starts_at.desc(), t.lesson_id.desc()),
    index('lessons_classes_start')
      .on(t.starts_at)
      .where(sql`${t.kind} = 'class'`),
    index('lessons_line').on(t.line_id),
    index('lessons_customer_start').on(t.customer_id, t.starts_at),
    index('lessons_instructor_start').on(t.instructor_id, t.starts_at),
    index('lessons_vehicle_start').on(t.vehicle_id, t.starts_at),
    index('lessons_class').on(t.class_id),
  ],
);

/** An instructor's weekly working hours at a branch: weekday 0 (Sunday) … 6, from start_time to end_time (HH:MM). */
export const instructorHours = pgTable(
  'instructor_hours',
  {
    user_id: integer('user_id')
      .notNull()
      .references(() => users.user_id),
    branch_id: integer('branch_id')
      .notNull()
      .references(() => branches.branch_id),
    weekday: smallint('weekday').notNull(),
    start_time: text('start_time').notNull(),
    end_time: text('end_time').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.user_id, t.branch_id, t.weekday, t.start_time] }),
    check('instructor_hours_weekday', sql`${t.weekday} between 0 and 6`),
    check('instructor_hours_time', sql`${t.end_time} > ${t.start_time}`),
  ],
);

/** A whole day an instructor is on leave (no lesson may be booked with them that day). */
export const instructorLeave = pgTable(
  'instructor_leave',
  {
    user_id: integer('user_id')
      .notNull()
      .references(() => users.user_id),
    date: day('date').notNull(),
    reason: text('reason').notNull().default(''),
  },
  (t) => [primaryKey({ columns: [t.user_id, t.date] })],
);

/**
 * An instructor's pay per lesson hour for a licence type and part ('practice' | 'theory'), from valid_from on: the
 * rate of a lesson is the one with the latest valid_from on or before the lesson's day.
 */
export const instructorRates = pgTable(
  'instructor_rates',
  {
    rate_id: integer('rate_id').primaryKey().generatedAlwaysAsIdentity(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.user_id),
    course_type: text('course_type').notNull(),
    part: text('part').notNull(),
    rate: money('rate').notNull(),
    valid_from: day('valid_from').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('instructor_rates_user').on(t.user_id, t.course_type, t.part, t.valid_from),
    check('instructor_rates_part', sql`${t.part} in ('practice', 'theory')`),
    check('instructor_rates_rate', sql`${t.rate} >= 0`),
  ],
);
