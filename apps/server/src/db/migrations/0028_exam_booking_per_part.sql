-- One live booking per course line and exam part, held by the database: each attempt carries its session's part
-- (theory or practical), set by a trigger from the session so that no writer can get it wrong, and a partial unique
-- index allows one 'booked' attempt per (line, part). Bookings that broke the rule before it existed are cancelled
-- (the earliest one stays) and their seats given back, so that the index can be built.
ALTER TABLE "exam_attempts" ADD COLUMN "kind" text DEFAULT '' NOT NULL;--> statement-breakpoint
UPDATE "exam_attempts" a SET "kind" = s."kind" FROM "exam_sessions" s WHERE s."session_id" = a."session_id";--> statement-breakpoint
CREATE FUNCTION exam_attempt_kind() RETURNS trigger AS $$
BEGIN
  SELECT s.kind INTO NEW.kind FROM exam_sessions s WHERE s.session_id = NEW.session_id;
  RETURN NEW;
END $$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER exam_attempts_kind_trg BEFORE INSERT OR UPDATE OF session_id ON exam_attempts
  FOR EACH ROW EXECUTE FUNCTION exam_attempt_kind();
--> statement-breakpoint
WITH extra AS (
  SELECT attempt_id FROM (
    SELECT attempt_id, row_number() OVER (PARTITION BY line_id, kind ORDER BY attempt_id) AS n
    FROM exam_attempts WHERE status = 'booked'
  ) x WHERE n > 1
), cancelled AS (
  UPDATE exam_attempts SET status = 'cancelled', note = 'ยกเลิกการจองซ้ำของภาคสอบเดียวกัน', updated_at = now()
  WHERE attempt_id IN (SELECT attempt_id FROM extra) RETURNING session_id
)
UPDATE exam_sessions s SET booked = s.booked - c.n, updated_at = now()
FROM (SELECT session_id, count(*)::int AS n FROM cancelled GROUP BY session_id) c WHERE s.session_id = c.session_id;--> statement-breakpoint
ALTER TABLE "exam_attempts" ADD CONSTRAINT "exam_attempts_kind" CHECK ("exam_attempts"."kind" in ('theory', 'practical'));--> statement-breakpoint
CREATE UNIQUE INDEX "exam_attempts_one_booking_per_part" ON "exam_attempts" USING btree ("line_id","kind") WHERE "exam_attempts"."status" = 'booked';
