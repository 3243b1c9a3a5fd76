-- Each registration's latest live vehicle check result ('pass', 'fail', or NULL when not checked), kept on the
-- application by a trigger on vehicle_checks: the vehicle-check list filters and counts by result with an index
-- instead of computing every application's latest check first (the chain database's "not checked yet" page took
-- 80–250 ms doing that; an index range now).
ALTER TABLE "applications" ADD COLUMN "check_result" text;
--> statement-breakpoint
-- the checked registrations, newest first, with what the list filters on: a result's page is read from its top and
-- its count is an index-only range (the unchecked ones are the list's total less these)
CREATE INDEX "applications_check_result" ON "applications" USING btree ("check_result", "kind", "created_at" DESC, "application_id" DESC)
  INCLUDE ("status", "branch_id") WHERE "check_result" IS NOT NULL;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION application_check_result() RETURNS trigger AS $$
DECLARE
  id integer;
BEGIN
  FOREACH id IN ARRAY ARRAY[CASE WHEN TG_OP <> 'DELETE' THEN NEW.application_id END,
                            CASE WHEN TG_OP <> 'INSERT' AND (TG_OP = 'DELETE' OR OLD.application_id <> NEW.application_id) THEN OLD.application_id END] LOOP
    CONTINUE WHEN id IS NULL;
    -- the registration's row first, then the latest check read by a new statement: of two checks written at once the
    -- second waits here for the first to commit and then sees both (without the lock it could read its own snapshot
    -- without the other's check and overwrite a later result with an earlier one). NO KEY UPDATE, as the UPDATE below
    -- takes: the check's foreign key holds KEY SHARE on this row, which a FOR UPDATE would deadlock against
    PERFORM 1 FROM applications WHERE application_id = id FOR NO KEY UPDATE;
    UPDATE applications a SET check_result = latest.result
      FROM (SELECT (SELECT v.result FROM vehicle_checks v WHERE v.application_id = id AND NOT v.is_delete
                    ORDER BY v.check_date DESC, v.check_id DESC LIMIT 1) AS result) latest
      WHERE a.application_id = id AND a.check_result IS DISTINCT FROM latest.result;
  END LOOP;
  RETURN NULL;
END $$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER "vehicle_checks_result_trg" AFTER INSERT OR UPDATE OR DELETE ON "vehicle_checks"
  FOR EACH ROW EXECUTE FUNCTION application_check_result();
--> statement-breakpoint
-- filled last: the backfill leaves deferred trigger events (the per-branch statistics, unchanged) pending, and no
-- index can be built on a table with pending events in the same transaction
UPDATE "applications" a SET "check_result" = lc.result
  FROM (SELECT DISTINCT ON (v.application_id) v.application_id, v.result FROM "vehicle_checks" v
        WHERE NOT v.is_delete ORDER BY v.application_id, v.check_date DESC, v.check_id DESC) lc
  WHERE lc.application_id = a.application_id;
