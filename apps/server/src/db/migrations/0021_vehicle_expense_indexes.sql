-- INCLUDE is added by hand (drizzle cannot declare it): the count and total of a period of vehicle expenses read the
-- index alone (an index-only scan) instead of visiting every row of the period.
CREATE INDEX "expenses_vehicle_rows" ON "expenses" USING btree ("date","expenses_id") INCLUDE ("branch_id","list_expenses_id","vehicle_id","value") WHERE "expenses"."vehicle_id" is not null and not "expenses"."is_delete";--> statement-breakpoint
CREATE INDEX "expenses_vehicle_items" ON "expenses" USING btree ("list_expenses_id") WHERE "expenses"."vehicle_id" is not null and not "expenses"."is_delete";
