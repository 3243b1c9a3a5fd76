-- Lessons: the school's timetable. One table holds practical lessons, theory classes and the students' seats in
-- them; four exclusion constraints (btree_gist) keep an instructor, a vehicle, a student and a room out of two live
-- rows (booked, checked in or done) whose times overlap, whatever the timing of the writers.
CREATE EXTENSION IF NOT EXISTS btree_gist;--> statement-breakpoint
CREATE TABLE "lesson_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"free_cancel_hours" integer DEFAULT 24 NOT NULL,
	"min_paid_percent" integer DEFAULT 0 NOT NULL,
	"day_start" text DEFAULT '07:00' NOT NULL,
	"day_end" text DEFAULT '20:00' NOT NULL,
	"max_practice_minutes" integer DEFAULT 240 NOT NULL,
	"max_class_minutes" integer DEFAULT 420 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lesson_settings_one" CHECK ("id" = 1),
	CONSTRAINT "lesson_settings_ranges" CHECK ("free_cancel_hours" between 0 and 720 and "min_paid_percent" between 0 and 100
		and "max_practice_minutes" between 15 and 1440 and "max_class_minutes" between 15 and 1440 and "day_end" > "day_start")
);--> statement-breakpoint
INSERT INTO "lesson_settings" ("id") VALUES (1) ON CONFLICT DO NOTHING;--> statement-breakpoint
CREATE TABLE "lesson_rooms" (
	"room_id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "lesson_rooms_room_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"branch_id" integer NOT NULL REFERENCES "branches"("branch_id"),
	"name" text NOT NULL,
	"capacity" integer NOT NULL,
	"is_delete" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lesson_rooms_capacity" CHECK ("capacity" between 1 and 500)
);--> statement-breakpoint
CREATE INDEX "lesson_rooms_branch" ON "lesson_rooms" USING btree ("branch_id");--> statement-breakpoint
CREATE UNIQUE INDEX "lesson_rooms_name_live" ON "lesson_rooms" USING btree ("branch_id", "name") WHERE NOT "is_delete";--> statement-breakpoint
CREATE TABLE "lessons" (
	"lesson_id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "lessons_lesson_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"branch_id" integer NOT NULL REFERENCES "branches"("branch_id"),
	"kind" text NOT NULL,
	"state" text DEFAULT 'booked' NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"minutes" integer NOT NULL,
	"course_type" text NOT NULL,
	"line_id" integer REFERENCES "application_courses"("line_id"),
	"application_id" integer REFERENCES "applications"("application_id"),
	"customer_id" integer REFERENCES "customers"("customer_id"),
	"instructor_id" integer REFERENCES "users"("user_id"),
	"vehicle_id" integer REFERENCES "vehicles"("vehicle_id"),
	"room_id" integer REFERENCES "lesson_rooms"("room_id"),
	"capacity" integer,
	"enrolled" integer DEFAULT 0 NOT NULL,
	"class_id" integer REFERENCES "lessons"("lesson_id"),
	"pickup" text DEFAULT '' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"cancel_by" text,
	"cancel_reason" text DEFAULT '' NOT NULL,
	"charged" boolean DEFAULT false NOT NULL,
	"waive_reason" text DEFAULT '' NOT NULL,
	"waived_by" integer REFERENCES "users"("user_id"),
	"checked_in_at" timestamp with time zone,
	"checkin_method" text,
	"checkin_reason" text DEFAULT '' NOT NULL,
	"checked_in_by" integer REFERENCES "users"("user_id"),
	"instructor_checked_in_at" timestamp with time zone,
	"instructor_checkin_method" text,
	"completed_at" timestamp with time zone,
	"completed_by" integer REFERENCES "users"("user_id"),
	"evaluation_id" integer,
	"created_by" integer NOT NULL REFERENCES "users"("user_id"),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lessons_kind" CHECK ("kind" in ('practice', 'class', 'seat')),
	CONSTRAINT "lessons_state" CHECK ("state" in ('booked', 'checked_in', 'done', 'cancelled', 'no_show')),
	CONSTRAINT "lessons_time" CHECK ("ends_at" > "starts_at"),
	CONSTRAINT "lessons_minutes" CHECK ("minutes" > 0 and "minutes" * 60 = extract(epoch from ("ends_at" - "starts_at"))),
	CONSTRAINT "lessons_seats" CHECK ("enrolled" >= 0 and ("capacity" is null or "enrolled" <= "capacity")),
	CONSTRAINT "lessons_shape" CHECK (
		("kind" = 'practice' and "line_id" is not null and "customer_id" is not null and "instructor_id" is not null and "vehicle_id" is not null and "room_id" is null and "class_id" is null)
		or ("kind" = 'class' and "line_id" is null and "customer_id" is null and "instructor_id" is not null and "vehicle_id" is null and "capacity" is not null and "class_id" is null)
		or ("kind" = 'seat' and "line_id" is not null and "customer_id" is not null and "instructor_id" is null and "vehicle_id" is null and "room_id" is null and "class_id" is not null)
	),
	CONSTRAINT "lessons_cancel_by" CHECK ("cancel_by" is null or "cancel_by" in ('school', 'student')),
	CONSTRAINT "lessons_no_instructor_overlap" EXCLUDE USING gist ("instructor_id" WITH =, tstzrange("starts_at", "ends_at") WITH &&)
		WHERE ("state" in ('booked', 'checked_in', 'done')),
	CONSTRAINT "lessons_no_vehicle_overlap" EXCLUDE USING gist ("vehicle_id" WITH =, tstzrange("starts_at", "ends_at") WITH &&)
		WHERE ("state" in ('booked', 'checked_in', 'done')),
	CONSTRAINT "lessons_no_student_overlap" EXCLUDE USING gist ("customer_id" WITH =, tstzrange("starts_at", "ends_at") WITH &&)
		WHERE ("state" in ('booked', 'checked_in', 'done')),
	CONSTRAINT "lessons_no_room_overlap" EXCLUDE USING gist ("room_id" WITH =, tstzrange("starts_at", "ends_at") WITH &&)
		WHERE ("state" in ('booked', 'checked_in', 'done'))
);--> statement-breakpoint
CREATE INDEX "lessons_branch_start" ON "lessons" USING btree ("branch_id", "starts_at");--> statement-breakpoint
CREATE INDEX "lessons_line" ON "lessons" USING btree ("line_id") WHERE "line_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "lessons_customer_start" ON "lessons" USING btree ("customer_id", "starts_at") WHERE "customer_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "lessons_instructor_start" ON "lessons" USING btree ("instructor_id", "starts_at") WHERE "instructor_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "lessons_vehicle_start" ON "lessons" USING btree ("vehicle_id", "starts_at") WHERE "vehicle_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "lessons_class" ON "lessons" USING btree ("class_id") WHERE "class_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "lessons_one_seat_per_line" ON "lessons" USING btree ("class_id", "line_id") WHERE "kind" = 'seat' AND "state" <> 'cancelled';--> statement-breakpoint
CREATE TABLE "instructor_hours" (
	"user_id" integer NOT NULL REFERENCES "users"("user_id"),
	"branch_id" integer NOT NULL REFERENCES "branches"("branch_id"),
	"weekday" smallint NOT NULL,
	"start_time" text NOT NULL,
	"end_time" text NOT NULL,
	CONSTRAINT "instructor_hours_pk" PRIMARY KEY ("user_id", "branch_id", "weekday", "start_time"),
	CONSTRAINT "instructor_hours_weekday" CHECK ("weekday" between 0 and 6),
	CONSTRAINT "instructor_hours_time" CHECK ("end_time" > "start_time")
);--> statement-breakpoint
CREATE TABLE "instructor_leave" (
	"user_id" integer NOT NULL REFERENCES "users"("user_id"),
	"date" date NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	CONSTRAINT "instructor_leave_pk" PRIMARY KEY ("user_id", "date")
);--> statement-breakpoint
CREATE TABLE "instructor_rates" (
	"rate_id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "instructor_rates_rate_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL REFERENCES "users"("user_id"),
	"course_type" text NOT NULL,
	"part" text NOT NULL,
	"rate" numeric(14, 2) NOT NULL,
	"valid_from" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "instructor_rates_part" CHECK ("part" in ('practice', 'theory')),
	CONSTRAINT "instructor_rates_rate" CHECK ("rate" >= 0)
);--> statement-breakpoint
CREATE UNIQUE INDEX "instructor_rates_one_per_day" ON "instructor_rates" USING btree ("user_id", "course_type", "part", "valid_from");
--> statement-breakpoint
-- The roles a school started with learn the new subject as a fresh school's seed gives it (an owner's edited roles
-- keep their edits; only the seeded slugs gain 'Lesson', and only once).
UPDATE "roles" SET "abilities" = "abilities" || '[{"action":"manage","subject":"Lesson"}]'::jsonb
  WHERE "slug" = 'manager' AND NOT "abilities" @> '[{"subject":"Lesson"}]'::jsonb;--> statement-breakpoint
UPDATE "roles" SET "abilities" = "abilities" || '[{"action":"read","subject":"Lesson"},{"action":"create","subject":"Lesson"},{"action":"update","subject":"Lesson"}]'::jsonb
  WHERE "slug" = 'cashier' AND NOT "abilities" @> '[{"subject":"Lesson"}]'::jsonb;--> statement-breakpoint
UPDATE "roles" SET "abilities" = "abilities" || '[{"action":"read","subject":"Lesson"},{"action":"update","subject":"Lesson"}]'::jsonb
  WHERE "slug" = 'instructor' AND NOT "abilities" @> '[{"subject":"Lesson"}]'::jsonb;
