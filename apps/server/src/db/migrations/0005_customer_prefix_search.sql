CREATE INDEX "customers_idcard_prefix" ON "customers" USING btree ("idcard" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "customers_phone_prefix" ON "customers" USING btree ("phone_1" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "customers_name_prefix" ON "customers" USING btree (lower("fname" || ' ' || "sname") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "customers_sname_prefix" ON "customers" USING btree (lower("sname") text_pattern_ops);