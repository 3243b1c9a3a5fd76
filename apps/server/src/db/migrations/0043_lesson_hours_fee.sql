-- A request fee may sell lesson hours beyond a course's package: once its request application is paid, the hours of
-- its part (theory or practice) are added to the related registration's course line (the lessons' hours ledger).
ALTER TABLE "other_fees" ADD COLUMN IF NOT EXISTS "lesson_part" text;--> statement-breakpoint
ALTER TABLE "other_fees" ADD COLUMN IF NOT EXISTS "lesson_hours" integer;--> statement-breakpoint
ALTER TABLE "other_fees" ADD CONSTRAINT "other_fees_lesson_hours" CHECK (("lesson_part" IS NULL AND "lesson_hours" IS NULL) OR ("lesson_part" IN ('theory', 'practice') AND "lesson_hours" BETWEEN 1 AND 100));
