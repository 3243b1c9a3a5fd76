DROP INDEX "exam_permissions_date";--> statement-breakpoint
ALTER TABLE "exam_permissions" ADD COLUMN "passed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- every course line gets its permission row: until now a line without one had registration date + the setting's days
INSERT INTO "exam_permissions" ("line_id", "application_id", "branch_id", "permission_date", "is_active", "updated_at")
  SELECT l."line_id", a."application_id", a."branch_id",
    (a."created_at" AT TIME ZONE 'Asia/Bangkok')::date + coalesce((SELECT s."exam_permission_days" FROM "school_settings" s WHERE s."id" = 1), 90),
    true, a."created_at"
  FROM "application_courses" l JOIN "applications" a ON a."application_id" = l."application_id"
  WHERE NOT EXISTS (SELECT 1 FROM "exam_permissions" p WHERE p."line_id" = l."line_id");--> statement-breakpoint
-- a line that passed its practical exam is done
UPDATE "exam_permissions" p SET "passed" = true
  WHERE EXISTS (SELECT 1 FROM "exam_attempts" x JOIN "exam_sessions" xs ON xs."session_id" = x."session_id"
    WHERE x."line_id" = p."line_id" AND x."status" = 'passed' AND xs."kind" = 'practical');--> statement-breakpoint
CREATE INDEX "applications_cancelled" ON "applications" USING btree ("application_id") WHERE "applications"."is_delete";--> statement-breakpoint
CREATE INDEX "exam_permissions_branch_date" ON "exam_permissions" USING btree ("branch_id","permission_date","line_id");--> statement-breakpoint
CREATE INDEX "exam_permissions_date" ON "exam_permissions" USING btree ("permission_date","line_id");--> statement-breakpoint
CREATE INDEX "exam_permissions_application" ON "exam_permissions" USING btree ("application_id");
