-- Added nullable, filled from each line (hand-written backfill), then required: a stored line's course and licence
-- type, so the evaluation list counts a training status on line_training without reading the lines.
ALTER TABLE "line_training" ADD COLUMN "course_id" integer;--> statement-breakpoint
ALTER TABLE "line_training" ADD COLUMN "course_type" text;--> statement-breakpoint
UPDATE "line_training" lt SET "course_id" = l."course_id", "course_type" = l."course_type" FROM "application_courses" l WHERE l."line_id" = lt."line_id";--> statement-breakpoint
ALTER TABLE "line_training" ALTER COLUMN "course_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "line_training" ALTER COLUMN "course_type" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "line_training" ADD CONSTRAINT "line_training_course_id_courses_course_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("course_id") ON DELETE no action ON UPDATE no action;
