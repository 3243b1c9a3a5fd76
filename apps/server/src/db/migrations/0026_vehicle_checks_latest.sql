-- INCLUDE is added by hand (drizzle cannot declare it): the latest live check of each application and its result
-- (the vehicle list's row and its result filter) are read from the index alone.
CREATE INDEX "vehicle_checks_latest" ON "vehicle_checks" USING btree ("application_id","check_date" DESC NULLS FIRST,"check_id" DESC NULLS FIRST) INCLUDE ("result") WHERE not "vehicle_checks"."is_delete";
