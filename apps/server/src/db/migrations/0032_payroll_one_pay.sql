ALTER TABLE "payroll_lines" ADD COLUMN "month" text;--> statement-breakpoint
UPDATE "payroll_lines" SET "month" = p."month" FROM "payrolls" p WHERE p."payroll_id" = "payroll_lines"."payroll_id";--> statement-breakpoint
ALTER TABLE "payroll_lines" ALTER COLUMN "month" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "payroll_lines" ADD COLUMN "extra" numeric(14, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "payroll_lines" ADD COLUMN "absence" numeric(14, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "payroll_lines" ADD COLUMN "irregular" numeric(14, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "payroll_lines" ADD COLUMN "branch_days" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "payroll_lines" ADD COLUMN "warnings" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "payrolls_id_month" ON "payrolls" USING btree ("payroll_id","month");--> statement-breakpoint
ALTER TABLE "payroll_lines" ADD CONSTRAINT "payroll_lines_payroll_month_fk" FOREIGN KEY ("payroll_id","month") REFERENCES "public"."payrolls"("payroll_id","month") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payroll_lines_user_month" ON "payroll_lines" USING btree ("user_id","month");--> statement-breakpoint
ALTER TABLE "payrolls" ADD COLUMN "deductions_ack_by" integer;--> statement-breakpoint
ALTER TABLE "payrolls" ADD COLUMN "deductions_ack_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payrolls" ADD CONSTRAINT "payrolls_deductions_ack_by_users_user_id_fk" FOREIGN KEY ("deductions_ack_by") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE TABLE "employee_branches" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "employee_branches_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"branch_id" integer NOT NULL,
	"valid_from" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "employee_branches" ADD CONSTRAINT "employee_branches_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employee_branches" ADD CONSTRAINT "employee_branches_branch_id_branches_branch_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("branch_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "employee_branches_user_from" ON "employee_branches" USING btree ("user_id","valid_from");--> statement-breakpoint
INSERT INTO "employee_branches" ("user_id", "branch_id", "valid_from") SELECT "user_id", "branch_id", '1900-01-01' FROM "users";--> statement-breakpoint
CREATE FUNCTION "employee_branch_track"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' OR NEW.branch_id IS DISTINCT FROM OLD.branch_id THEN
    INSERT INTO employee_branches (user_id, branch_id, valid_from)
    VALUES (NEW.user_id, NEW.branch_id,
      CASE WHEN TG_OP = 'INSERT' THEN DATE '1900-01-01' ELSE (now() AT TIME ZONE 'Asia/Bangkok')::date END)
    ON CONFLICT (user_id, valid_from) DO UPDATE SET branch_id = excluded.branch_id;
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "users_branch_track" AFTER INSERT OR UPDATE OF "branch_id" ON "users" FOR EACH ROW EXECUTE FUNCTION "employee_branch_track"();--> statement-breakpoint
CREATE TABLE "payroll_allowances" (
	"allowance_id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payroll_allowances_allowance_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"amount" numeric(14, 2) DEFAULT '0' NOT NULL,
	"valid_from" date NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"is_delete" boolean DEFAULT false NOT NULL,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payroll_allowances_count" CHECK ("payroll_allowances"."count" >= 0 and "payroll_allowances"."count" <= 20),
	CONSTRAINT "payroll_allowances_amount" CHECK ("payroll_allowances"."amount" >= 0)
);
--> statement-breakpoint
ALTER TABLE "payroll_allowances" ADD CONSTRAINT "payroll_allowances_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_allowances" ADD CONSTRAINT "payroll_allowances_created_by_users_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payroll_allowances_user_kind_from" ON "payroll_allowances" USING btree ("user_id","kind","valid_from") WHERE not "payroll_allowances"."is_delete";
