ALTER TABLE "expenses" ADD COLUMN "payroll_id" integer;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_payroll_id_payrolls_payroll_id_fk" FOREIGN KEY ("payroll_id") REFERENCES "public"."payrolls"("payroll_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
UPDATE "expenses" SET "payroll_id" = p."payroll_id" FROM "payrolls" p WHERE p."expense_ids" @> to_jsonb("expenses"."expenses_id");--> statement-breakpoint
CREATE INDEX "expenses_payroll" ON "expenses" USING btree ("payroll_id") WHERE "expenses"."payroll_id" is not null;
