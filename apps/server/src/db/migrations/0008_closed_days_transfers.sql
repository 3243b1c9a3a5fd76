DROP INDEX "cash_closes_branch_day";--> statement-breakpoint
ALTER TABLE "cash_closes" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "cash_closes" ADD COLUMN "reopened_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "cash_closes" ADD COLUMN "reopened_by" integer;--> statement-breakpoint
ALTER TABLE "cash_closes" ADD COLUMN "reopen_reason" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "transfer_bank" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "transfer_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "transfer_ref" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "transfer_slip" uuid;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_transfer_slip_files_file_id_fk" FOREIGN KEY ("transfer_slip") REFERENCES "public"."files"("file_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cash_closes_branch_day_version" ON "cash_closes" USING btree ("branch_id","business_date","version");--> statement-breakpoint
CREATE UNIQUE INDEX "cash_closes_branch_day" ON "cash_closes" USING btree ("branch_id","business_date") WHERE "cash_closes"."reopened_at" is null;