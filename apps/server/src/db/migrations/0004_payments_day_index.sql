DROP INDEX "payments_branch_day";--> statement-breakpoint
DROP INDEX "payments_day";--> statement-breakpoint
CREATE INDEX "payments_branch_day" ON "payments" USING btree ("branch_id","business_date","created_at","payment_id");--> statement-breakpoint
CREATE INDEX "payments_day" ON "payments" USING btree ("business_date","created_at","payment_id");