ALTER TABLE "exam_sessions" ADD COLUMN "examiner_id" integer;--> statement-breakpoint
ALTER TABLE "exam_sessions" ADD CONSTRAINT "exam_sessions_examiner_id_users_user_id_fk" FOREIGN KEY ("examiner_id") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- sessions recorded before the examiner could be picked: the employee whose name was typed, when exactly one matches
UPDATE "exam_sessions" s SET "examiner_id" = m.user_id FROM (
  SELECT s2.session_id, min(u.user_id) AS user_id FROM "exam_sessions" s2
  JOIN "users" u ON s2.examiner = u.prefix || u.fname || ' ' || u.sname AND NOT u.is_delete
  GROUP BY s2.session_id HAVING count(*) = 1
) m WHERE s.session_id = m.session_id;
