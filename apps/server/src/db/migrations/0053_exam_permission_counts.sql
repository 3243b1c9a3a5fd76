-- How many course-line permissions each branch has per end date and state, kept at COMMIT (a deferred constraint
-- trigger, as the per-branch application statistics are): the permission list and the evaluation list count their
-- lines without a text or licence-type filter (every line, running, ending soon, expired, passed, disabled, a date
-- range) by summing these rows instead of counting 400,000 permission rows (25–35 ms on the chain database).
-- A registration's lines add theirs; an extension, a disabling, a pass or a move to another branch moves its count.
CREATE TABLE "exam_permission_counts" (
	"branch_id" integer NOT NULL,
	"permission_date" date NOT NULL,
	"passed" boolean NOT NULL,
	"is_active" boolean NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "exam_permission_counts_pk" PRIMARY KEY ("branch_id", "permission_date", "passed", "is_active")
);
--> statement-breakpoint
CREATE INDEX "exam_permission_counts_date" ON "exam_permission_counts" USING btree ("permission_date");
--> statement-breakpoint
CREATE OR REPLACE FUNCTION exam_permission_counts_apply() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND (OLD.branch_id, OLD.permission_date, OLD.passed, OLD.is_active)
      IS NOT DISTINCT FROM (NEW.branch_id, NEW.permission_date, NEW.passed, NEW.is_active) THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO exam_permission_counts AS s (branch_id, permission_date, passed, is_active, n)
      VALUES (OLD.branch_id, OLD.permission_date, OLD.passed, OLD.is_active, -1)
      ON CONFLICT (branch_id, permission_date, passed, is_active) DO UPDATE SET n = s.n - 1;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO exam_permission_counts AS s (branch_id, permission_date, passed, is_active, n)
      VALUES (NEW.branch_id, NEW.permission_date, NEW.passed, NEW.is_active, 1)
      ON CONFLICT (branch_id, permission_date, passed, is_active) DO UPDATE SET n = s.n + 1;
  END IF;
  RETURN NULL;
END $$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER exam_permission_counts_trg
  AFTER INSERT OR DELETE OR UPDATE OF branch_id, permission_date, passed, is_active ON exam_permissions
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION exam_permission_counts_apply();
--> statement-breakpoint
INSERT INTO exam_permission_counts (branch_id, permission_date, passed, is_active, n)
  SELECT branch_id, permission_date, passed, is_active, count(*) FROM exam_permissions
  GROUP BY branch_id, permission_date, passed, is_active;
